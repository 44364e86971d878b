"""Action ids: the fixed ids, the go-down bounds, and turning legal actions into ids and back.

The numbering is described in the package's documentation (:mod:`contract_rummy.encoding`);
:class:`~contract_rummy.encoding.Encoding` holds the bases of one variant and number of
players, and its methods call the functions here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, SupportsIndex, TypeAlias

from contract_rummy._checks import as_int
from contract_rummy.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from contract_rummy.cards import JOKER, NATURALS
from contract_rummy.engine import apply, is_legal, legal_actions
from contract_rummy.errors import IllegalActionError
from contract_rummy.melds import End
from contract_rummy.presets import VARIANTS
from contract_rummy.state import RoundState
from contract_rummy.variants import Variant, check_variant
from contract_rummy.views import PlayerView, canonical_state

if TYPE_CHECKING:
    from contract_rummy.encoding._encoding import Encoding

#: A whole state, or what one player sees of it.
StateOrView: TypeAlias = RoundState | PlayerView

#: The id of ``DrawStock()``.
DRAW_STOCK: Final = 0
#: The id of ``TakeDiscard()``.
TAKE_DISCARD: Final = 1
#: The id of ``Buy()``.
BUY: Final = 2
#: The id of ``Pass()``.
PASS: Final = 3
#: The id of ``NextRound()``.
NEXT_ROUND: Final = 4
#: The id of ``Discard(card)`` is ``DISCARD_BASE + card.index``.
DISCARD_BASE: Final = 5

#: The go-down bound of each preset, by name (see the module's measurements).
MAX_GO_DOWNS: Final[Mapping[str, int]] = MappingProxyType(
    {
        "pagat": 2_000,
        "contract": 5_000,
        "progressive": 2_000,
        "liverpool": 500,
        "liverpool-cut": 2_000,
        "shanghai": 2_000,
        "shanghai-11": 1_000,
        "california": 100_000,
        "no-buy": 500,
        "double-progressive": 1_000,
        "may-i": 5_000,
        "deuces-wild": 100_000,
    }
)
#: The most action ids an :class:`Encoding` gives (``num_distinct_actions``), which bounds
#: ``max_go_downs``: every id fits a signed 32-bit int, as OpenSpiel counts a game's actions.
MAX_ACTION_IDS: Final = 2**31 - 1
#: The go-down bound of a variant that is not a preset and has no wild ranks.
DEFAULT_MAX_GO_DOWNS: Final = 5_000
#: The go-down bound of a variant that is not a preset and has wild ranks (R30).
WILD_RANK_MAX_GO_DOWNS: Final = 100_000

#: Every distinct card by its index: the naturals, then the joker.
CARDS: Final = (*NATURALS, JOKER)
_FIXED: Final[Mapping[type, int]] = MappingProxyType(
    {DrawStock: DRAW_STOCK, TakeDiscard: TAKE_DISCARD, Buy: BUY, Pass: PASS, NextRound: NEXT_ROUND}
)
_FIXED_ACTIONS: Final = (DrawStock(), TakeDiscard(), Buy(), Pass(), NextRound())
_ENDS: Final = (None, End.LOW, End.HIGH)
_END_CODE: Final[Mapping[End | None, int]] = MappingProxyType({None: 0, End.LOW: 1, End.HIGH: 2})
_ACTION_TYPES: Final = (*_FIXED, Discard, LayOff, SwapJoker, GoDown)


def default_max_go_downs(variant: Variant) -> int:
    """The go-down bound an :class:`Encoding` of ``variant`` takes unless told otherwise.

    A preset's own measured bound (:data:`MAX_GO_DOWNS`) for a variant equal to that
    preset; else :data:`WILD_RANK_MAX_GO_DOWNS` for a variant with wild ranks (R30) and
    :data:`DEFAULT_MAX_GO_DOWNS` for one without.

    >>> import attrs
    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import DEFAULT_MAX_GO_DOWNS, MAX_GO_DOWNS
    >>> from contract_rummy.encoding import default_max_go_downs
    >>> default_max_go_downs(cr.PAGAT) == MAX_GO_DOWNS["pagat"]
    True
    >>> default_max_go_downs(attrs.evolve(cr.PAGAT, name="mine")) == DEFAULT_MAX_GO_DOWNS
    True
    """
    check_variant(variant)
    preset = VARIANTS.get(variant.name)
    if preset is not None and preset == variant:
        return MAX_GO_DOWNS[variant.name]
    return WILD_RANK_MAX_GO_DOWNS if variant.wild_ranks else DEFAULT_MAX_GO_DOWNS


# -- actions to ids -------------------------------------------------------------------------


def action_id(enc: Encoding, state_or_view: StateOrView, action: Action) -> int:
    """The id of ``action``, legal in ``state_or_view``: :meth:`Encoding.action_id`."""
    subject = enc._check(state_or_view)
    if type(action) not in _ACTION_TYPES:
        raise TypeError(f"expected an action, got {action!r}")
    if not is_legal(subject, action):
        raise _refusal(subject, action)
    if isinstance(action, GoDown):
        return enc.go_down_base + _go_down_rank(enc, subject, action)
    return _plain_id(enc, action)


def _plain_id(enc: Encoding, action: Action) -> int:
    """The id of an action that is not a go-down: it depends on the action alone."""
    if isinstance(action, Discard):
        return DISCARD_BASE + action.card.index
    targets = enc.targets
    if isinstance(action, LayOff):
        _check_target(enc, action, action.target)
        slot = action.card.index * targets + action.target
        return enc.lay_off_base + slot * 3 + _END_CODE[action.end]
    if isinstance(action, SwapJoker):
        _check_target(enc, action, max(action.target, action.joker_target))
        slot = (action.card.index * targets + action.target) * targets + action.joker_target
        return enc.swap_base + slot * 3 + _END_CODE[action.joker_end]
    assert not isinstance(action, GoDown)
    return _FIXED[type(action)]


def _check_target(enc: Encoding, action: Action, target: int) -> None:
    if target >= enc.targets:  # the bound holds for every legal action: a safeguard
        raise ValueError(
            f"{action!r} aims at table[{target}], beyond the encoding's bound of "
            f"{enc.targets} melds for {enc.variant.name} with {enc.players} players"
        )


def _go_down_rank(enc: Encoding, subject: StateOrView, action: GoDown) -> int:
    legal = legal_actions(subject)
    count = go_down_count(legal)
    bound = min(count, enc.max_go_downs)
    for rank, listed in enumerate(legal):
        if rank >= bound:
            break
        if listed == action:
            return rank
    raise ValueError(
        f"{action!r} is legal here but has no id: it is not among the first "
        f"{enc.max_go_downs} of the {count} go-downs of this hand, and only those have "
        f"ids (max_go_downs={enc.max_go_downs} for {enc.variant.name})"
    )


# -- ids to actions -------------------------------------------------------------------------


def id_action(enc: Encoding, state_or_view: StateOrView, action_id: SupportsIndex) -> Action:
    """The legal action of id ``action_id`` in ``state_or_view``: :meth:`Encoding.id_action`."""
    subject = enc._check(state_or_view)
    action_id = as_int("an action id", action_id)
    if not 0 <= action_id < enc.num_distinct_actions:
        raise ValueError(
            f"action id {action_id} is outside range({enc.num_distinct_actions}) of "
            f"{enc.variant.name} with {enc.players} players"
        )
    if action_id >= enc.go_down_base:
        rank = action_id - enc.go_down_base
        legal = legal_actions(subject)
        count = go_down_count(legal)
        if rank < count:
            return legal[rank]
        raise IllegalActionError(
            f"R14: action id {action_id} is go-down {rank} (from 0), but "
            f"{_no_go_downs(count)} here",
            rule="R14",
        )
    action = _plain_action(enc, action_id)
    if not is_legal(subject, action):
        error = _refusal(subject, action)
        raise IllegalActionError(f"{error} (action id {action_id})", rule=error.rule)
    return action


def _plain_action(enc: Encoding, action_id: int) -> Action:
    """The action an id below ``go_down_base`` stands for, legal or not."""
    if action_id < DISCARD_BASE:
        return _FIXED_ACTIONS[action_id]
    if action_id < enc.lay_off_base:
        return Discard(CARDS[action_id - DISCARD_BASE])
    targets = enc.targets
    if action_id < enc.swap_base:
        slot, end = divmod(action_id - enc.lay_off_base, 3)
        card, target = divmod(slot, targets)
        return LayOff(CARDS[card], target, _ENDS[end])
    slot, end = divmod(action_id - enc.swap_base, 3)
    slot, joker_target = divmod(slot, targets)
    card, target = divmod(slot, targets)
    return SwapJoker(CARDS[card], target, joker_target, _ENDS[end])


# -- every legal id -------------------------------------------------------------------------


def legal_ids(enc: Encoding, state_or_view: StateOrView) -> list[int]:
    """The ids of every legal action, in increasing order: :meth:`Encoding.legal_ids`."""
    legal = legal_actions(enc._check(state_or_view))
    count = go_down_count(legal)
    plain = legal[count:] if count else legal
    ids = sorted(_plain_id(enc, action) for action in plain)
    base = enc.go_down_base
    ids.extend(range(base, base + min(count, enc.max_go_downs)))
    return ids


def go_down_count(legal: Sequence[Action]) -> int:
    """How many go-downs open ``legal``: the engine lists a player's go-downs first.

    Counted from the end, past the other actions (a player's discards), so that no
    go-down but the last is built.
    """
    if not legal or not isinstance(legal[0], GoDown):
        return 0
    index = len(legal)
    while not isinstance(legal[index - 1], GoDown):
        index -= 1
    return index


def _no_go_downs(count: int) -> str:
    if count == 0:
        return "no go-down is legal"
    return f"only {count} go-down{'s' * (count != 1)} {'are' if count != 1 else 'is'} legal"


def _refusal(subject: StateOrView, action: Action) -> IllegalActionError:
    """The engine's refusal of ``action`` in ``subject``: what :func:`apply` would raise."""
    if isinstance(subject, PlayerView):
        state, player = canonical_state(subject), subject.player
    else:
        state, player = subject, None
    try:
        apply(state, action, player=player)
    except IllegalActionError as error:
        return error
    # The engine refuses exactly the actions legal_actions leaves out.
    raise AssertionError(f"{action!r} is not listed as legal, yet apply accepts it")
