"""to_dict and from_dict: values round-trip through JSON, and bad input is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import contract_rummy as cr
from contract_rummy.views import view


def _json(value: object) -> Any:
    """``to_dict(value)`` as it comes back from a JSON text."""
    return json.loads(json.dumps(cr.to_dict(value)))


def _wild_in_group(state: cr.RoundState, wild: cr.Rank) -> bool:
    """Whether a group of another rank on the table holds a card of the wild rank."""
    return any(
        isinstance(placed.meld, cr.Group)
        and placed.meld.rank is not wild
        and any(card.rank is wild for card in placed.cards)
        for placed in state.table
    )


def test_table_melds_are_read_under_the_states_own_wild_cards() -> None:
    # R30: a 2 is wild in deuces-wild and a queen in california, not in pagat.
    for variant, wild in ((cr.DEUCES_WILD, cr.Rank.TWO), (cr.CALIFORNIA, cr.Rank.QUEEN)):
        state = cr.new_game(variant, seed=4)
        bot = cr.GreedyBot()
        while not _wild_in_group(state, wild):
            state = cr.apply(state, bot.choose(state))
        assert cr.from_dict(_json(state)) == state
        assert cr.from_dict(_json(view(state, 0))) == view(state, 0)


def test_a_meld_or_go_down_read_alone_is_checked_under_the_variant_given() -> None:
    group = cr.Group(cr.Rank.SEVEN, "7C 7D 2S", variant=cr.DEUCES_WILD)
    go_down = cr.GoDown([group, cr.meld("9S 9H JK")])
    for value in (group, go_down):
        assert cr.from_dict(_json(value), variant=cr.DEUCES_WILD) == value
        with pytest.raises(cr.RecordError, match=r"R7: 2S is not a 7"):
            cr.from_dict(_json(value))


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2, 0])
def test_the_version_must_be_the_integer_1(version: object) -> None:
    data = _json(cr.Pass())
    data["version"] = version
    with pytest.raises(cr.RecordError, match=r"^version: this library reads schema version 1"):
        cr.from_dict(data)


def test_from_dict_takes_a_union_of_kinds() -> None:
    data = _json(cr.Pass())
    assert cr.from_dict(data, cr.Action) == cr.Pass()
    assert cr.from_dict(data, cr.Pass | cr.Buy) == cr.Pass()
    with pytest.raises(cr.RecordError, match=r"^type: expected a Group or a Run, got 'Pass'$"):
        cr.from_dict(data, cr.Group | cr.Run)
