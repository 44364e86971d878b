"""A state at a chance point as JSON: a game dealt step by step, saved half dealt (R5, R27).

``to_dict`` writes a state of phase CHANCE with its ``"pending"`` chance point, and
``from_dict`` reads it back through the state's checks; the state read back plays on exactly
as the one written. A player's view at a chance point shows nothing of what chance deals.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import records
from scenario import reshuffle_point

#: Enough actions for the games these tests play; a game reaching it fails the test.
_CAP = 20_000
#: How many steps the state read back and the original play on side by side.
_PLAY_ON = 12


def _choose(state: cr.RoundState, rnd: random.Random) -> cr.Action | cr.ChanceAction:
    """Chance's outcome at a chance point (``chance_outcomes``), else a legal action."""
    if state.pending is not None:
        return rnd.choice(cr.chance_outcomes(state))[0]
    return rnd.choice(list(cr.legal_actions(state)))


def _chance_points(
    variant: cr.Variant, seed: int, *, rounds: int, every: int = 1
) -> Iterator[cr.RoundState]:
    """The chance points of a random game dealt step by step, up to round ``rounds``.

    Of each order being dealt, the first point and every ``every``-th one after it.
    """
    rnd = random.Random(seed)
    state = cr.new_game(variant, auto_chance=False)
    for _ in range(_CAP):
        if state.phase is cr.Phase.GAME_OVER or state.round_number > rounds:
            return
        point = state.pending
        if point is not None and len(point.placed) % every == 0:
            yield state
        state = cr.apply(state, _choose(state, rnd))
    pytest.fail("the game did not end within the cap")


def _place(state: cr.RoundState, cards: Any) -> cr.RoundState:
    """``state`` with ``cards`` dealt, a card at a time, at its chance point."""
    for card in cards:
        state = cr.apply(state, cr.DealCard(card))
    return state


def _round_trip(state: cr.RoundState) -> cr.RoundState:
    back: cr.RoundState = cr.from_dict(json.loads(json.dumps(cr.to_dict(state))), cr.RoundState)
    return back


def _check_saved_and_resumed(state: cr.RoundState, seed: int) -> None:
    """``state`` reads back equal, and plays on as the original, step for step."""
    back = _round_trip(state)
    assert back == state
    for player in range(state.players):
        seen = cr.view(state, player)
        assert cr.from_dict(json.loads(json.dumps(cr.to_dict(seen))), cr.PlayerView) == seen
    rnd = random.Random(seed)
    for _ in range(_PLAY_ON):
        if state.phase is cr.Phase.GAME_OVER:
            break
        action = _choose(state, rnd)
        (state, events), (back, events_back) = cr.step(state, action), cr.step(back, action)
        assert (back, events_back) == (state, events)


@pytest.mark.parametrize(("name", "rounds"), [("pagat", 1), ("liverpool-cut", 1)])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_r5_r32_a_state_at_a_chance_point_reads_back_and_plays_on_as_the_original(
    name: str, rounds: int, seed: int
) -> None:
    points = list(_chance_points(cr.VARIANTS[name], seed, rounds=rounds, every=37))
    kinds = {state.pending.kind for state in points if state.pending is not None}
    assert cr.ChanceKind.DEAL in kinds
    for state in points:
        _check_saved_and_resumed(state, seed)


def _reshuffle_point(variant: cr.Variant) -> cr.RoundState:
    """A round set up with an empty stock, stopped in the middle of its first reshuffle."""
    state = reshuffle_point(variant)
    point = state.pending
    assert point is not None
    return cr.apply(state, cr.DealCard(point.remaining[-1]))


@pytest.mark.parametrize("name", ["pagat", "shanghai-11"])
def test_r27_a_state_in_the_middle_of_a_reshuffle_reads_back_and_plays_on(name: str) -> None:
    state = _reshuffle_point(cr.VARIANTS[name])
    data = cr.to_dict(state)
    assert data["pending"]["kind"] == "reshuffle"
    assert data["pending"]["action"] in ({"type": "DrawStock"}, {"type": "Pass"})
    assert len(data["pending"]["placed"]) == 1
    _check_saved_and_resumed(state, 5)


def test_r5_the_pending_chance_point_is_written_in_its_own_json_form() -> None:
    state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(2))
    state = _place(state, ["7S", "JK"])
    data = cr.to_dict(state)
    pending = data["pending"]
    assert list(pending) == [
        "kind",
        "remaining",
        "placed",
        "bound",
        "action",
        "drawn",
        "phase",
        "to_act",
    ]
    assert pending["placed"] == ["7S", "JK"]
    assert len(pending["remaining"]) == 105
    assert (pending["kind"], pending["bound"], pending["action"]) == ("deal", 0, None)
    assert (pending["drawn"], pending["phase"], pending["to_act"]) == ([2], "draw", None)
    assert (data["phase"], data["shuffler"]) == ("chance", "steps")
    # Every other state's dict has no "pending": the documents stay as they were.
    assert "pending" not in cr.to_dict(cr.deal(state, pending["remaining"]))
    assert "pending" not in cr.to_dict(cr.new_game(seed=1))


def test_r32_a_cut_point_writes_the_order_drawn_before_it() -> None:
    state = cr.apply(cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False), cr.FirstDealer(0))
    point = state.pending
    assert point is not None
    state = cr.deal(state, point.remaining)
    data = cr.to_dict(state)["pending"]
    assert (data["kind"], data["bound"], data["remaining"], data["placed"]) == ("cut", 106, [], [])
    assert data["drawn"][0] == 0
    assert data["drawn"][1] == [str(card) for card in point.remaining]
    assert _round_trip(state) == state


def test_r5_a_view_at_a_chance_point_shows_nothing_of_the_order_dealt() -> None:
    state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(0))
    point = state.pending
    assert point is not None
    one = _place(state, point.remaining[:3])
    other = _place(state, point.remaining[-3:])
    for player in range(state.players):
        seen = cr.view(one, player)
        assert seen == cr.view(other, player)
        data = cr.to_dict(seen)
        assert "pending" not in data
        assert data["phase"] == "chance"
        assert cr.from_dict(data, cr.PlayerView) == seen
    data = cr.to_dict(cr.view(one, 0))
    data["pending"] = cr.to_dict(one)["pending"]
    with pytest.raises(cr.RecordError, match=r"^pending: not a field"):
        cr.from_dict(data, cr.PlayerView)


def _half_dealt() -> dict[str, Any]:
    state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(1))
    point = state.pending
    assert point is not None
    return cr.to_dict(_place(state, point.remaining[:5]))


def test_r5_a_card_placed_twice_is_refused() -> None:
    data = _half_dealt()
    card = data["pending"]["remaining"].pop(0)
    data["pending"]["placed"] += [card, card]
    with pytest.raises(cr.RecordError, match=r"^R5: a deal places the whole deck \(R2\): extra"):
        cr.from_dict(data, cr.RoundState)


def test_r27_a_card_placed_twice_in_a_reshuffle_is_refused() -> None:
    data = cr.to_dict(_reshuffle_point(cr.PAGAT))
    card = data["pending"]["remaining"].pop(0)
    data["pending"]["placed"] += [card, card]
    with pytest.raises(cr.RecordError, match=r"^R27: a reshuffle places cards of the discard"):
        cr.from_dict(data, cr.RoundState)


def test_r4_r5_r32_a_bound_out_of_range_is_refused() -> None:
    dealer = cr.to_dict(cr.new_game(auto_chance=False))
    dealer["pending"]["bound"] = 5
    with pytest.raises(cr.RecordError, match=r"^R4: a dealer point's bound must be 4, got 5"):
        cr.from_dict(dealer, cr.RoundState)
    deal = _half_dealt()
    deal["pending"]["bound"] = 1
    with pytest.raises(cr.RecordError, match=r"^R5: a deal point's bound must be 0, got 1"):
        cr.from_dict(deal, cr.RoundState)
    state = cr.apply(cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False), cr.FirstDealer(0))
    assert state.pending is not None
    cut = cr.to_dict(cr.deal(state, state.pending.remaining))
    cut["pending"]["bound"] = 107
    with pytest.raises(cr.RecordError, match=r"^R32: a cut point's bound must be 106, got 107"):
        cr.from_dict(cut, cr.RoundState)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("kind", "shuffle"), r"^pending\.kind: expected one of 'dealer', 'deal', 'cut'"),
        (("phase", "deal"), r"^pending\.phase: expected one of 'draw'"),
        (("remaining", ["7X"]), r"^pending\.remaining\[0\]: '7X' is not a card"),
        (("placed", "7S"), r"^pending\.placed: expected a list"),
        (("bound", "4"), r"^pending\.bound: expected an integer"),
        (("action", {"type": "DealCard", "card": "7S"}), r"^pending\.action\.type: expected"),
        (("action", "NextRound"), r"^pending\.action: expected an action"),
        (("drawn", [["7S"], "3"]), r"^pending\.drawn\[1\]: expected an integer"),
        (("to_act", True), r"^pending\.to_act: expected an integer"),
        (("seen", 1), r"^pending\.seen: not a field"),
    ],
)
def test_r5_a_bad_field_of_the_chance_point_is_refused_naming_its_path(
    change: tuple[str, Any], message: str
) -> None:
    data = _half_dealt()
    key, value = change
    data["pending"][key] = value
    with pytest.raises(cr.RecordError, match=message):
        cr.from_dict(data, cr.RoundState)


def test_r5_a_chance_point_without_its_phase_or_shuffler_is_refused() -> None:
    data = _half_dealt()
    with pytest.raises(cr.RecordError, match=r"chance\.pending must be set exactly in phase"):
        cr.from_dict({**data, "phase": "draw", "to_act": 2}, cr.RoundState)
    with pytest.raises(cr.RecordError, match=r"^R5: .*shuffler must be"):
        cr.from_dict({**data, "shuffler": "seeded"}, cr.RoundState)
    seeded = cr.to_dict(cr.new_game(seed=1))
    with pytest.raises(cr.RecordError, match=r"chance\.pending must be set exactly in phase"):
        cr.from_dict({**seeded, "pending": data["pending"]}, cr.RoundState)


def _changed(data: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """``data`` with its chance point changed in one place."""
    changed = copy.deepcopy(data)
    pending = changed["pending"]
    what = rnd.choice(["twice", "drop", "bound", "kind"] if pending["remaining"] else ["bound"])
    if what == "twice":
        card = pending["remaining"].pop(rnd.randrange(len(pending["remaining"])))
        pending["placed"] += [card, card]
    elif what == "drop":
        pending["remaining"].pop(rnd.randrange(len(pending["remaining"])))
    elif what == "bound":
        pending["bound"] += rnd.choice([-2, -1, 1, 2])
    else:
        pending["kind"] = rnd.choice(["dealer", "cut"])
    return changed


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**16), name=st.sampled_from(["pagat", "liverpool-cut", "may-i"]))
def test_r5_r32_a_chance_point_changed_in_one_place_is_refused_citing_its_rule(
    seed: int, name: str
) -> None:
    rnd = random.Random(seed)
    for state in _chance_points(cr.VARIANTS[name], seed, rounds=1, every=41):
        data = cr.to_dict(state)
        with pytest.raises(cr.RecordError, match=r"^R(4|5|27|32): "):
            cr.from_dict(_changed(data, rnd), cr.RoundState)


def test_r27_a_reshuffle_changed_in_one_place_is_refused_citing_its_rule() -> None:
    data = cr.to_dict(_reshuffle_point(cr.MAY_I))
    rnd = random.Random(3)
    for _ in range(20):
        changed = _changed(data, rnd)
        with pytest.raises(cr.RecordError, match=r"^R(4|27|32): "):
            cr.from_dict(changed, cr.RoundState)


def _next_round_deal() -> dict[str, Any]:
    """A deal for round 2 in its middle: the action waiting is ``NextRound()``."""
    for state in _chance_points(cr.PAGAT, 4, rounds=2, every=29):
        point = state.pending
        if point is not None and point.action is not None and point.placed:
            assert point.action == cr.NextRound()
            return cr.to_dict(state)
    pytest.fail("no deal of round 2")


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"phase": "draw"}, "R5"),
        ({"phase": "chance"}, "R5"),
        ({"to_act": 9}, "R5"),
        ({"action": {"type": "Pass"}}, "R5"),
        ({"action": None}, "R5"),
        ({"drawn": [3]}, "R5"),
    ],
)
def test_r5_a_deal_changed_in_its_action_phase_or_draws_is_refused(
    change: dict[str, Any], rule: str
) -> None:
    data = _next_round_deal()
    assert cr.from_dict(data, cr.RoundState).pending is not None
    data["pending"].update(change)
    with pytest.raises(cr.RecordError, match=rf"^{rule}: this chance point is not one the game"):
        cr.from_dict(data, cr.RoundState)


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"phase": "play"}, "R27"),
        ({"to_act": None}, "R27"),
        ({"action": {"type": "NextRound"}}, "R27"),
        ({"drawn": [[]]}, "R27"),
    ],
)
def test_r27_a_reshuffle_changed_in_its_action_phase_or_draws_is_refused(
    change: dict[str, Any], rule: str
) -> None:
    data = cr.to_dict(_reshuffle_point(cr.PAGAT))
    data["pending"].update(change)
    with pytest.raises(cr.RecordError, match=rf"^{rule}: this chance point is not one the game"):
        cr.from_dict(data, cr.RoundState)


def test_r4_r32_what_chance_drew_before_a_cut_is_checked() -> None:
    state = cr.apply(cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False), cr.FirstDealer(0))
    assert state.pending is not None
    data = cr.to_dict(cr.deal(state, state.pending.remaining))
    dealer, order = data["pending"]["drawn"]
    for drawn, rule in (
        ([4, order], "R32"),  # no fifth player deals (R4)
        ([dealer, [*order[1:], "7S"]], "R32"),  # an order of other cards (R5)
        ([dealer], "R32"),  # the deal's order not drawn yet
        ([dealer, order, 5], "R32"),  # the cut drawn already
    ):
        changed = copy.deepcopy(data)
        changed["pending"]["drawn"] = drawn
        with pytest.raises(cr.RecordError, match=rf"^{rule}: this chance point is not one"):
            cr.from_dict(changed, cr.RoundState)
    changed = copy.deepcopy(data)
    changed["pending"]["drawn"] = [3, order[::-1]]  # another dealer and order: another game,
    with pytest.raises(cr.RecordError, match=r"^R32: .*: player 3 deals \(R4\), but the state"):
        cr.from_dict(changed, cr.RoundState)  # if the state names that dealer (R4)
    changed["dealer"] = 3
    assert cr.from_dict(changed, cr.RoundState).dealer == 3


def test_r5_check_chance_point_passes_every_chance_point_the_game_reaches() -> None:
    from contract_rummy.engine import check_chance_point

    for state in _chance_points(cr.LIVERPOOL_CUT, 9, rounds=1, every=23):
        check_chance_point(state)
    check_chance_point(cr.new_game(seed=1))  # no chance point: nothing to check
    with pytest.raises(TypeError, match="expected a RoundState"):
        check_chance_point(cr.view(cr.new_game(seed=1), 0))  # type: ignore[arg-type]


# -- game records --------------------------------------------------------------------------


def test_r5_a_game_record_starts_from_a_half_dealt_state_and_replays() -> None:
    first = cr.apply(cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False), cr.FirstDealer(3))
    assert first.pending is not None
    first = _place(first, first.pending.remaining[:10])
    recorder = records.Recorder(first)
    rnd = random.Random(1)
    state = first
    for _ in range(200):
        state, _ = recorder.step(_choose(state, rnd))
    game = recorder.record()
    assert game.start == first
    back = records.loads(records.dumps(game))
    assert back == game
    assert list(records.replay(back))[-1] == state
    with pytest.raises(ValueError, match=r"^R5: this record starts at a chance point other"):
        game.history(0)
    assert records.Recorder(cr.new_game(auto_chance=False)).record().history(0).player == 0


# -- every preset ----------------------------------------------------------------------------


#: Of each order dealt, the first chance point and every eighth after it; every one when the
#: profile draws many examples (``nox -s thorough``).
EVERY = 1 if settings().max_examples >= 1000 else 8


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(cr.VARIANTS))
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_r27_every_chance_point_of_two_rounds_reads_back_and_plays_on(
    name: str, seed: int
) -> None:
    for state in _chance_points(cr.VARIANTS[name], seed, rounds=2, every=EVERY):
        _check_saved_and_resumed(state, seed)
