"""Checking a state built by hand: every field's type, then its consistency with the rules.

The engine builds its states unchecked: a valid state and a legal action always give a
valid state. A state built by hand (or read from outside, or made with
:func:`attrs.evolve`) is checked here: first the type of every field, read from the
fields' own annotations (so a new field is checked without being listed here), with a
:class:`TypeError` naming the field; then that the fields agree with one another and with
the rules, with an :class:`~contract_rummy.InvalidStateError` saying what is wrong.
"""

from __future__ import annotations

import functools
import itertools
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Union, cast, get_args, get_origin

import attrs

from contract_rummy._checks import is_int
from contract_rummy._hands import some_cards
from contract_rummy.cards import Card
from contract_rummy.errors import InvalidMeldError, InvalidStateError, Refusal
from contract_rummy.melds import Group, Run, under
from contract_rummy.shuffler import StepShuffler
from contract_rummy.state._buying import buy_refusal, buyers, priority
from contract_rummy.state._parts import NEW_TURN, NO_WINDOW, ChanceKind
from contract_rummy.state._phase import Phase
from contract_rummy.state._scoring import penalties_of, winners_of
from contract_rummy.variants import TieBreak, Variant

if TYPE_CHECKING:
    from contract_rummy.state._round import RoundState

__all__ = ["check_state", "check_types", "deck_difference", "describe_type"]


def check_state(state: RoundState) -> None:
    """Refuse a state whose fields have the wrong types or disagree with the rules.

    Raises:
        TypeError: for a field of the wrong type, naming it.
        InvalidStateError: for fields that disagree, saying what is wrong.
    """
    check_types(state)
    for problem in _problems(state):
        raise InvalidStateError(problem)


# == types ====================================================================================


def check_types(value: object, prefix: str = "") -> None:
    """Raise :class:`TypeError` naming the first field of ``value`` of the wrong type.

    ``value`` is an attrs value; each field's type is the one its annotation says.

    Fields that hold the state's own values (or tuples of them) are checked inside too,
    as ``turn.kept_card`` or ``table[0].meld``; the fields of a part marked flat are named
    without the part's name (``table``, not ``board.table``). Values of other modules
    (variants, melds, cards) check themselves when they are made.

    >>> import contract_rummy as cr
    >>> from contract_rummy.state import check_types
    >>> check_types(cr.Turn(kept_card="7H"))
    Traceback (most recent call last):
    ...
    TypeError: kept_card must be a Card or None, got '7H'
    """
    kind: Any = type(value)
    for field in _fields(kind):
        got = getattr(value, field.name)
        if field.metadata.get("flat"):
            part: type = cast(type, field.type)
            if not isinstance(got, part):
                raise TypeError(f"{prefix}{field.name} must be {describe_type(part)}, got {got!r}")
            check_types(got, prefix)
        else:
            _check_value(got, field.type, prefix + field.name)


def _check_value(got: object, kind: Any, path: str) -> None:
    fits, inner = _checker(kind)
    if not fits(got):
        raise TypeError(f"{path} must be {describe_type(kind)}, got {got!r}")
    kind_of: Any = type(got)
    if _is_part(kind_of):  # Turn, TableMeld...
        check_types(got, path + ".")
    elif inner is not None and isinstance(got, tuple):
        for index, item in enumerate(got):
            _check_value(item, inner, f"{path}[{index}]")


@functools.cache
def _fields(cls: Any) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of the attrs class ``cls``, their annotations resolved to types."""
    attrs.resolve_types(cls)
    return tuple(attrs.fields(cls))


@functools.cache
def _is_part(kind: Any) -> bool:
    """Whether ``kind`` is one of the state's own attrs values, checked inside."""
    return attrs.has(kind) and kind.__module__.startswith(__package__)


@functools.cache
def _checker(kind: Any) -> tuple[Callable[[object], bool], Any]:
    """A test of whether a value has the type ``kind``, made once for each type.

    ``kind`` is a class, ``X | Y`` or ``tuple[X, ...]``. Also the type of the items to
    check inside a tuple when they may hold the state's own values (None otherwise).
    """
    origin = get_origin(kind)
    if origin is Union or isinstance(kind, types.UnionType):
        options = tuple(_checker(option)[0] for option in get_args(kind))
        return (lambda value: any(fits(value) for fits in options)), None
    if origin is tuple:
        inner = get_args(kind)[0]
        item = _checker(inner)[0]
        plain = isinstance(inner, type) and inner is not int and not _is_part(inner)
        if plain:  # Cards, melds: one isinstance an item
            return (
                lambda value: isinstance(value, tuple) and all(isinstance(i, inner) for i in value)
            ), None
        return (lambda value: isinstance(value, tuple) and all(map(item, value))), inner
    if kind is int:
        return is_int, None
    if kind is type(None):
        return (lambda value: value is None), None
    return (lambda value: isinstance(value, kind)), None


def describe_type(kind: Any) -> str:
    """How a type reads in a message: ``"a tuple of tuples of Cards"``, ``"an int or None"``.

    >>> from contract_rummy.cards import Card
    >>> from contract_rummy.state import describe_type
    >>> describe_type(tuple[tuple[Card, ...], ...]), describe_type(int | None)
    ('a tuple of tuples of Cards', 'an int or None')
    """
    options = get_args(kind) if isinstance(kind, types.UnionType) else ()
    if options:
        return " or ".join(
            "None" if option is type(None) else describe_type(option) for option in options
        )
    if get_origin(kind) is tuple:
        return f"a tuple of {_plural(get_args(kind)[0])}"
    name = kind.__name__
    return f"{'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}"


def _plural(kind: Any) -> str:
    options = get_args(kind) if isinstance(kind, types.UnionType) else ()
    if options:
        return " or ".join(
            "None" if option is type(None) else _plural(option) for option in options
        )
    if get_origin(kind) is tuple:
        return f"tuples of {_plural(get_args(kind)[0])}"
    return f"{kind.__name__}s"


# == consistency ==============================================================================


def _problems(state: RoundState) -> Iterator[Refusal | str]:
    """What is inconsistent in a state whose fields have the right types."""
    variant = state.variant
    players = len(state.hands)
    if not variant.min_players <= players <= variant.max_players:
        fewest, most = variant.min_players, variant.max_players
        allowed = str(fewest) if fewest == most else f"{fewest}-{most}"
        yield Refusal(
            "R1", f"{variant.name} is played by {allowed} players, but hands has {players}"
        )
        return
    if not 1 <= state.round_number <= variant.rounds:
        yield (
            f"round_number must be 1-{variant.rounds} for {variant.name}, got {state.round_number}"
        )
        return
    for name in ("dealer", "active"):
        value = getattr(state, name)
        if not 0 <= value < players:
            yield f"{name} must be a player, 0-{players - 1}, got {value}"
    for name in ("down", "scores", "buys"):
        if len(getattr(state, name)) != players:
            yield f"{name} must have one entry per player ({players})"
    if state.penalties is not None and len(state.penalties) != players:
        yield f"penalties must have one entry per player ({players})"
    if len(state.discarded_by) != len(state.discard):
        yield "discarded_by must name who discarded each card of the discard pile"
    for p in state.discarded_by:
        if p is not None and not 0 <= p < players:
            yield f"discarded_by names player {p}, who is not in the game"
    for p, hand in enumerate(state.hands):
        if any(a.index > b.index for a, b in itertools.pairwise(hand)):
            yield f"hands[{p}] must be in canonical order (sorted)"
    yield from _known_problems(state, players)
    if not 0 <= state.rng < 2**64:
        yield f"rng must be a shuffler state, 0 to 2**64 - 1, got {state.rng}"
    variant = state.variant
    if min(state.buys, default=0) < 0 or state.reshuffles < 0 or state.moves < 0:
        yield "buys, reshuffles and moves must not be negative"
    if variant.max_buys is not None and max(state.buys, default=0) > variant.max_buys:
        yield Refusal(
            "R21", f"{variant.name} allows {variant.max_buys} buys a round, got {state.buys}"
        )
    if variant.max_reshuffles is not None and state.reshuffles > variant.max_reshuffles:
        yield Refusal(
            "R29",
            f"{variant.name} allows {variant.max_reshuffles} reshuffles a round, "
            f"got {state.reshuffles}",
        )
    if state.turns < 1 or (variant.max_turns is not None and state.turns > variant.max_turns):
        yield Refusal(
            "R29", f"turns counts the round's turns from 1 to max_turns, got {state.turns}"
        )
    if state.penalties is not None and min(state.penalties, default=0) < 0:
        yield f"penalties must not be negative, got {state.penalties}"
    yield from _count_problems(state)
    if state.cut is not None:
        size = len(variant.deck(players))
        if not variant.cut_bonus:
            yield Refusal(
                "R32", f"{variant.name} has no cut (cut_bonus is 0), but cut is {state.cut}"
            )
        elif not 1 <= state.cut < size:
            yield Refusal(
                "R32", f"the cut lifts 1 to {size - 1} cards of the {size}, got {state.cut}"
            )
    yield from _table_problems(state, players)
    yield from _deck_problems(state, players)
    yield from _phase_problems(state, players)


def _known_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    """What is wrong with the cards known to be in each hand (``board.known``)."""
    known = state.known
    if len(known) != players:
        yield f"known must have one entry per player ({players})"
        return
    for p, (cards, hand) in enumerate(zip(known, state.hands, strict=True)):
        if not cards:
            continue
        if any(a.index > b.index for a, b in itertools.pairwise(cards)):
            yield f"known[{p}] must be in canonical order (sorted)"
            continue
        missing = Counter(cards) - Counter(hand)
        if missing:
            yield (
                f"known[{p}] holds {some_cards(sorted(missing.elements()))}, which hands[{p}] "
                "does not hold: a known card is one everyone saw go into that hand (R18, R19)"
            )


#: The largest integer a state holds: one that JSON carries exactly everywhere (2**53 - 1).
MAX_COUNT = 2**53 - 1


def _count_problems(state: RoundState) -> Iterator[Refusal | str]:
    """What the counts say cannot have happened: totals out of reach, counts too large.

    The phase, the buys and the hand sizes are not held to the moves: a puzzle may start
    anywhere in a round (:func:`~contract_rummy.start_round`, :func:`attrs.evolve`), its
    player already at the cap of buys or about to discard.
    """
    variant = state.variant
    counts = (
        ("moves", (state.moves,)),
        ("scores", state.scores),
        ("buys", state.buys),  # R21's cap, if the variant has one, is checked before
        ("reshuffles", (state.reshuffles,)),  # and R29's: max_reshuffles, max_turns
        ("turns", (state.turns,)),
    )
    for name, values in counts:
        if any(abs(value) > MAX_COUNT for value in values):
            yield f"{name} must be at most 2**53 - 1 in size"
            return
    # R26, R32: totals only grow, but by the Liverpool cut, at most once a round.
    least = -variant.cut_bonus * state.round_number
    if min(state.scores, default=0) < least:
        yield Refusal(
            "R26",
            f"totals cannot fall below {least} in {variant.name} by round "
            f"{state.round_number} (cut_bonus is {variant.cut_bonus}), got {state.scores}",
        )


def _table_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    owners = set()
    for index, placed in enumerate(state.table):
        if not 0 <= placed.owner < players:
            yield f"table[{index}] is owned by player {placed.owner}, who is not in the game"
            continue
        owners.add(placed.owner)
        try:
            under(placed.meld, state.variant)
        except InvalidMeldError as error:
            yield f"table[{index}] is not a meld of {state.variant.name}: {error}"
    for player, down in enumerate(state.down):
        if down != (player in owners):
            yield (
                f"down[{player}] is {down}, but player {player} "
                f"{'owns' if player in owners else 'owns no'} melds on the table (R14)"
            )
    for owner in sorted(owners):
        problem = _contract_problem(state, owner)
        if problem is not None:
            yield problem


def _contract_problem(state: RoundState, owner: int) -> str | None:
    """R14, R24: whether the melds ``owner`` has on the table are not this round's contract.

    A player goes down with exactly the contract's melds, and never starts another: the
    melds they own are its groups and runs, each at least as long as the contract asks
    (lay-offs lengthen them, R15; a swap keeps them as long, R23).
    """
    contract = state.contract
    owned = [placed.meld for placed in state.table if placed.owner == owner]
    groups = sorted(len(meld) for meld in owned if isinstance(meld, Group))
    runs = sorted(len(meld) for meld in owned if isinstance(meld, Run))
    if len(groups) == len(contract.groups) and len(runs) == len(contract.runs):
        wanted = (*sorted(contract.groups), *sorted(contract.runs))
        asked = zip((*groups, *runs), wanted, strict=True)
        if all(length >= least for length, least in asked):
            return None
    return (
        f"player {owner} owns {_melds(groups, 'group')} and {_melds(runs, 'run')} on the "
        f"table, which are not round {state.round_number}'s contract, {contract} (R14: a "
        "player goes down with exactly the contract's melds and never starts another)"
    )


def _melds(lengths: list[int], kind: str) -> str:
    """``lengths`` as words: ``"2 groups (of 3, 4)"``, ``"no run"``."""
    if not lengths:
        return f"no {kind}"
    plural = "" if len(lengths) == 1 else "s"
    return f"{len(lengths)} {kind}{plural} (of {', '.join(map(str, lengths))})"


def _deck_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    cards = [
        *(card for hand in state.hands for card in hand),
        *state.stock,
        *state.discard,
        *(card for placed in state.table for card in placed.cards),
    ]
    difference = deck_difference(state.variant, players, cards)
    if difference:
        yield Refusal(
            "R2",
            f"every card of the {state.variant.name} deck for {players} players must be "
            f"in a hand, the stock, the discard pile or the table exactly once: {difference}",
        )


def deck_difference(variant: Variant, players: int, cards: Iterable[Card]) -> str | None:
    """What ``cards`` lack or have too many of, against ``variant``'s deck (R2).

    The deck is the one ``players`` players use. The answer reads ``"missing 7C; extra
    JK"``, or is ``None`` when the cards are the deck exactly.

    >>> from contract_rummy.state import deck_difference
    >>> import contract_rummy as cr
    >>> cards = [*cr.PAGAT.deck(4)[1:], cr.JOKER]
    >>> deck_difference(cr.PAGAT, 4, cards)
    'missing AC; extra JK'
    """
    counts = Counter(variant.deck(players))
    counts.subtract(cards)
    missing = sorted(counts.elements())
    extra = sorted(card for card, n in counts.items() for _ in range(max(-n, 0)))
    parts = [f"missing {some_cards(missing)}"] if missing else []
    parts += [f"extra {some_cards(extra)}"] if extra else []
    return "; ".join(parts) or None


def _chance_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    """What is wrong with a chance point: its shuffler, its cards, its bound (R4, R5, R27, R32)."""
    point = state.chance.pending
    assert point is not None  # the caller's condition
    kind = point.kind
    rule = {ChanceKind.DEALER: "R4", ChanceKind.DEAL: "R5", ChanceKind.CUT: "R32"}.get(kind, "R27")
    shuffler = state.chance.shuffler
    if not isinstance(shuffler, StepShuffler):
        yield Refusal(
            rule,
            f"a chance point is dealt step by step: its shuffler must be "
            f"contract_rummy.engine.STEPS, got {shuffler!r}",
        )
        return
    cards = [*point.remaining, *point.placed]
    ordering = kind in (ChanceKind.DEAL, ChanceKind.RESHUFFLE)
    if not ordering and cards:
        yield Refusal(rule, f"chance draws a number at a {kind.value} point: it places no cards")
    if ordering and not point.remaining:
        yield Refusal(rule, f"a {kind.value} point has cards still to place")
    deck = state.variant.deck(players)
    bound = {ChanceKind.DEALER: players, ChanceKind.CUT: len(deck) - 1}.get(kind, 0)
    if point.bound != bound:
        yield Refusal(rule, f"a {kind.value} point's bound must be {bound}, got {point.bound}")
    if kind is ChanceKind.DEAL:
        difference = deck_difference(state.variant, players, cards)
        if difference is not None:
            yield Refusal(rule, f"a deal places the whole deck (R2): {difference}")
    elif kind is ChanceKind.RESHUFFLE:
        extra = sorted((Counter(cards) - Counter(state.discard)).elements())
        if extra:
            yield Refusal(
                rule, f"a reshuffle places cards of the discard pile only, not {some_cards(extra)}"
            )


def _phase_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    phase, to_act, active = state.phase, state.to_act, state.active
    pending = state.chance.pending
    if phase is Phase.CHANCE or pending is not None:
        # A chance point keeps the cards as they were before the action that waits for it.
        if phase is not Phase.CHANCE or pending is None:
            yield f"chance.pending must be set exactly in phase CHANCE (phase {phase.name})"
        elif to_act is not None:
            yield f"to_act must be None while chance deals, got {to_act}"
        else:
            yield from _chance_problems(state, players)
        return
    over = phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    if over != (state.penalties is not None):
        yield f"penalties must be set exactly when the round is over (phase {phase.name})"
    if (phase is Phase.GAME_OVER) != (state.winners is not None):
        yield f"winners must be set exactly when the game is over (phase {phase.name})"
    if phase is Phase.GAME_OVER and state.round_number != state.variant.rounds:
        yield f"the game ends after round {state.variant.rounds}, not {state.round_number}"
    winners = state.winners
    if winners is not None and (
        not winners
        or len(set(winners)) != len(winners)
        or any(not 0 <= p < players for p in winners)
    ):
        yield Refusal(
            "R28", f"winners must be players of the game, at least one, each once: {winners}"
        )
    if over:
        if to_act is not None:
            yield f"to_act must be None when the round is over, got {to_act}"
        yield from _score_problems(state, players)
        return
    window = state.window
    if phase is Phase.BUY:
        yield from _window_problems(state, players)
    elif to_act != active:
        yield f"in phase {phase.name}, to_act must be the active player ({active}), got {to_act}"
    if phase is Phase.DRAW and window.requester is not None:
        yield from _request_problems(state, players)
    elif phase is not Phase.BUY and window != NO_WINDOW:
        yield f"no buy window is open in phase {phase.name}"
    if phase is not Phase.PLAY and state.turn != NEW_TURN:
        yield f"the turn has only begun in phase {phase.name}: turn must be NEW_TURN"
    kept = state.turn.kept_card
    if (
        kept is not None
        and kept not in state.hands[active]
        and not any(kept in placed.cards for placed in state.table)
    ):
        yield f"the kept card {kept} is neither in the active player's hand nor melded (R17)"
    if state.turn.went_down and not state.down[active]:
        yield "turn.went_down is set but the active player is not down"


def _score_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    """What is wrong with the penalties and the winners of a finished round (R25, R26, R28).

    The penalties are what the hands left are worth (:func:`penalties_of`, as the engine
    scores them), and the winners of a finished game are those :func:`winners_of` names
    from the totals and the last round's penalties.
    """
    penalties = state.penalties
    if penalties is None or len(penalties) != players:
        return  # said above
    variant = state.variant
    for player, (worth, got) in enumerate(
        zip(penalties_of(variant, state.hands), penalties, strict=True)
    ):
        if worth != got:
            yield Refusal(
                "R25",
                f"penalties[{player}] must be what hands[{player}] is worth under "
                f"{variant.name}, {worth}, got {got}",
            )
            return
    if len(state.scores) != players:
        return
    # R26: a finished round's totals hold its penalties; what is left were the totals
    # before it, which only the Liverpool cut lowers (R32), once a round.
    least = -variant.cut_bonus * state.round_number
    before = tuple(score - penalty for score, penalty in zip(state.scores, penalties, strict=True))
    if min(before) < least:
        yield Refusal(
            "R26",
            f"totals before round {state.round_number} (scores less penalties, {before}) "
            f"cannot fall below {least} in {variant.name} (cut_bonus is {variant.cut_bonus})",
        )
        return
    winners = state.winners
    if winners is None:
        return
    expected = winners_of(variant, state.scores, penalties)
    if winners != expected:
        ties = (
            ", ties broken by the last round's penalties (R34)"
            if variant.tie_break is TieBreak.LAST_ROUND
            else ", all of them if tied"
        )
        yield Refusal(
            "R28",
            f"winners must be the players with the lowest total{ties}: {expected} with "
            f"totals {state.scores}, got {winners}",
        )


def _window_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    """What is wrong with the buy window of a state in phase BUY (R19-R21, R31)."""
    to_act, active, window = state.to_act, state.active, state.window
    if to_act is None or to_act == active or not 0 <= to_act < players:
        yield f"in phase BUY, to_act must be a player other than the active one: {to_act}"
    queue = window.queue
    if len(set(queue)) != len(queue) or active in queue or to_act in queue:
        yield f"the buy queue {queue} must list other players than to_act, once each"
    if any(not 0 <= p < players for p in queue):
        yield f"the buy queue {queue} names a player who is not in the game"
    last = window.last_buyer
    if last is not None and not 0 <= last < players:
        yield f"the last buyer {last} is not in the game"
    if to_act is not None and to_act == last:
        yield Refusal(
            "R20", f"player {to_act} made the last buy and may not be asked again at once"
        )
    if not state.discard:
        yield "a buy window needs a card on the discard pile"
    asked = [p for p in (to_act, *queue) if p is not None and 0 <= p < players]
    if state.discard:
        for p in asked:
            problem = buy_refusal(state, p)
            if problem is not None:
                yield Refusal("R21", f"{problem}, so they may not be asked")
        if asked != sorted(asked, key=lambda p: priority(state, p)):
            yield Refusal(
                "R19",
                f"buyers are asked from the active player's left, the discarder "
                f"last: {to_act} then {queue} is out of order",
            )
        yield from _skipped_problems(state, last)
    if state.variant.shanghai_call and last is not None:
        yield Refusal(
            "R31", "with the Shanghai call there is one buy a turn: no last buyer is asked"
        )
    if window.requester is not None:
        yield Refusal("R31", "a request for the discard is answered in phase DRAW, not BUY")


def _skipped_problems(state: RoundState, last: int | None) -> Iterator[Refusal]:
    """Who may buy after ``to_act`` but is missing from the buy queue (R19-R21).

    Everyone :func:`buyers` lists after ``to_act`` is still to be asked: only those before
    it may have been asked already, and passed.
    """
    to_act, queue = state.to_act, state.window.queue
    order = buyers(state, last)
    if to_act not in order:
        return  # said above
    for player in order[order.index(to_act) + 1 :]:
        if player not in queue:
            yield Refusal(
                "R19, R21",
                f"the buy queue {queue} skips player {player}, who may buy after player "
                f"{to_act} and so must be asked",
            )
            return


def _request_problems(state: RoundState, players: int) -> Iterator[Refusal | str]:
    """What is wrong with a pending request in phase DRAW (R31)."""
    variant, window = state.variant, state.window
    requester = window.requester
    assert requester is not None
    if not variant.shanghai_call:
        yield Refusal(
            "R31",
            f"{variant.name} has no Shanghai call (shanghai_call is False): "
            f"nobody may request the discard, got requester {requester}",
        )
        return
    if window.queue or window.last_buyer is not None:
        yield Refusal("R31", f"once a request is made nobody else is asked: {window!r}")
    if not 0 <= requester < players or requester == state.active:
        yield Refusal(
            "R31", f"the requester must be a player other than the active one: {requester}"
        )
        return
    if not state.discard:
        yield Refusal("R31", "a request needs a card on the discard pile")
        return
    problem = buy_refusal(state, requester)
    if problem is not None:
        yield Refusal("R31", f"{problem} (R21)")
