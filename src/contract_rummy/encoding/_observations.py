"""Observations: the layout of an observation, written once, and the numbers of a view.

The layout is one declarative spec, :data:`FIELDS`: for each field in order, its name, its
size, the least and greatest value of each of its numbers, and the function that writes
it. A table slot is laid out the same way by :data:`SLOT`. Everything that reads the
layout reads it from there: :class:`~contract_rummy.encoding.Encoding` for its fields,
sizes and bounds, :func:`observation` for the numbers, and the tables of the package's
documentation (:func:`fields_table`, :func:`slot_table`).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final, Generic, NamedTuple, TypeAlias, TypeVar

import attrs

from contract_rummy.contracts import Contract
from contract_rummy.melds import Group, Run
from contract_rummy.state import Phase
from contract_rummy.views import PlayerView, not_a_view

if TYPE_CHECKING:
    from contract_rummy.encoding._encoding import Encoding

#: How many distinct cards there are: a card's numbers are counted by its index (0-52).
CARD_COUNT: Final = 53
#: The phases a player observes: never CHANCE, where no player acts (chance dealt by steps).
_PHASES: Final = tuple(phase for phase in Phase if phase is not Phase.CHANCE)

#: The least and the greatest value of each number of a field, in order.
Bounds: TypeAlias = tuple[list[float], list[float]]
#: What a field's numbers are written from: a view, or one meld of its table.
S = TypeVar("S")


class Field(NamedTuple):
    """One field of an observation: its name, and where it lies in the vector."""

    #: The field's name, as the module's table of fields lists it.
    name: str
    #: The index of its first number.
    start: int
    #: How many numbers it holds.
    size: int

    @property
    def stop(self) -> int:
        """The index just past its last number: ``observation[field.start:field.stop]``."""
        return self.start + self.size


@attrs.frozen
class Limits:
    """What bounds the numbers of an encoding's observations, worked out once.

    With ``d`` decks and ``j`` jokers (:meth:`Variant.deck_counts
    <contract_rummy.Variant.deck_counts>`), ``N`` cards in all and ``P`` the penalty points of
    the whole deck (see :meth:`Encoding.observation_bounds
    <contract_rummy.encoding.Encoding.observation_bounds>`).
    """

    players: int
    rounds: int
    table_slots: int
    #: ``N``, the cards in the deck.
    cards: float
    #: ``P``, at least 1.
    points: float
    #: The most copies of each card, by index: ``d`` for a natural, ``j`` for the joker.
    copies: list[float]
    #: The contract of each round.
    contracts: tuple[Contract, ...]
    cut_bonus: float
    max_buys: int | None
    most_dealt: float
    max_turns: int | None
    max_reshuffles: int | None
    highest_position: float
    #: The longest meld: the longest run, or a rank's ``4 * d`` cards and every wild card.
    longest: float
    #: The wild cards of the deck, at least 1.
    wilds: float
    #: The size of each field of a seat.
    seat_sizes: tuple[int, ...]
    #: The size of each field of a table slot.
    slot_sizes: tuple[int, ...]

    @classmethod
    def of(cls, enc: Encoding) -> Limits:
        """The limits of ``enc``'s variant and number of players."""
        variant, players = enc.variant, enc.players
        decks, jokers = variant.deck_counts(players)
        deck = variant.deck(players)
        rounds = range(1, variant.rounds + 1)
        wilds = sum(map(variant.is_wild, deck))
        return cls(
            players=players,
            rounds=variant.rounds,
            table_slots=enc.table_slots,
            cards=float(len(deck)),
            points=float(max(sum(map(variant.penalty, deck)), 1)),
            copies=[float(max(decks, 1))] * (CARD_COUNT - 1) + [float(max(jokers, 1))],
            contracts=tuple(variant.contract(number) for number in rounds),
            cut_bonus=float(variant.cut_bonus),
            max_buys=variant.max_buys,
            most_dealt=float(max(variant.cards_dealt(number) for number in rounds)),
            max_turns=variant.max_turns,
            max_reshuffles=variant.max_reshuffles,
            highest_position=float(variant.highest_position),
            longest=float(max(variant.longest_run, 4 * decks + wilds)),
            wilds=float(max(wilds, 1)),
            seat_sizes=tuple(field.size for field in enc._seat_fields),
            slot_sizes=tuple(field.size for field in enc._slot_fields),
        )


def flags(limits: Limits, size: int) -> Bounds:
    """The bounds of ``size`` flags, 0 or 1: one-hots and yes-or-no numbers."""
    return [0.0] * size, [1.0] * size


@attrs.frozen
class FieldSpec(Generic[S]):
    """One field of a layout: its name and size, the function that writes it, its bounds.

    Attributes:
        name: The field's name.
        size: How many numbers it holds, as the documentation writes it: a product of
            numbers and of ``players``, ``rounds`` (the variant's), ``seat`` (the size of
            one), ``slots`` (the encoding's table slots) and ``slot`` (the size of one),
            such as
            ``"players * 8"`` (see :func:`size_of`).
        write: Writes the field of a subject into ``out`` from index ``at``, where it
            holds zeros: ``write(subject, out, at, encoding)``.
        doc: What the field holds, as the documentation says it.
        bounds: The least and the greatest value of each of its numbers, from the
            encoding's limits and the field's size: flags (0 to 1) unless told otherwise.
    """

    name: str
    size: str
    write: Callable[[S, list[float], int, Encoding], None]
    doc: str
    bounds: Callable[[Limits, int], Bounds] = flags


class Slot(NamedTuple):
    """One meld of the table as a table slot is written from it."""

    #: The meld.
    meld: Group | Run
    #: Its owner's seat, counted from the viewer.
    owner: int
    #: The positions in the meld of the wild cards that stand for another card (R10).
    wilds: tuple[int, ...]


class Seat(NamedTuple):
    """One player of a view as a seat's numbers are written from it."""

    #: The view.
    seen: PlayerView
    #: The player.
    player: int
    #: Whether they are among the winners (R28).
    winner: bool
    #: Whether they discarded the top card of the pile (R21).
    discarded_top: bool


# -- sizes and bounds -----------------------------------------------------------------------


def size_of(size: str, enc: Encoding) -> int:
    """The number of numbers ``size`` (a :attr:`FieldSpec.size`) stands for in ``enc``.

    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import Encoding
    >>> size_of("players * 8", Encoding(cr.PAGAT, 4)), size_of("rounds", Encoding(cr.PAGAT, 4))
    (32, 7)
    """
    return math.prod(_term(term, enc) for term in size.split(" * "))


def _term(term: str, enc: Encoding) -> int:
    if term.isdigit():
        return int(term)
    if term == "players":
        return enc.players
    if term == "rounds":
        return enc.variant.rounds
    if term == "seat":
        return enc._seat_size
    if term == "slots":
        return enc.table_slots
    if term == "slot":
        return enc._slot_size
    raise ValueError(
        "a size is a product of numbers and of players, rounds, seat, slots and slot; "
        f"got {term!r}"
    )


def _copies(limits: Limits, size: int) -> Bounds:
    """Copies of each card: up to ``d``, the joker up to ``j``."""
    return [0.0] * CARD_COUNT, list(limits.copies)


def _at_most(limit: str) -> Callable[[Limits, int], Bounds]:
    """Bounds of numbers from 0 to the limit of that name (an attribute of :class:`Limits`)."""
    return lambda limits, size: ([0.0] * size, [float(getattr(limits, limit))] * size)


def _limit(value: int | None) -> float:
    return math.inf if value is None else float(max(value, 1))


def _joined(parts: Iterable[Bounds]) -> Bounds:
    low: list[float] = []
    high: list[float] = []
    for lows, highs in parts:
        low += lows
        high += highs
    return low, high


def _total_bounds(limits: Limits, size: int) -> Bounds:
    """A total: from minus the cut bonus in every round (R32) to the whole deck in every one."""
    return [-limits.cut_bonus * limits.rounds], [limits.points * limits.rounds]


def _buys_left_bounds(limits: Limits, size: int) -> Bounds:
    return [-1.0], [float(max(limits.max_buys or 0, 1))]


def _seat_bounds(limits: Limits, size: int) -> Bounds:
    seat = zip(SEAT, limits.seat_sizes, strict=True)
    low, high = _joined(spec.bounds(limits, size) for spec, size in seat)
    return low * limits.players, high * limits.players


def _contract_bounds(limits: Limits, size: int) -> Bounds:
    contracts = limits.contracts
    return [0.0] * 5, [
        float(max(len(c.groups) for c in contracts) or 1),
        float(max(len(c.runs) for c in contracts) or 1),
        limits.most_dealt,
        float(max(c.min_cards for c in contracts)),
        1.0,
    ]


def _turn_bounds(limits: Limits, size: int) -> Bounds:
    return [0.0] * 3, [1.0, _limit(limits.max_turns), _limit(limits.max_reshuffles)]


def _table_bounds(limits: Limits, size: int) -> Bounds:
    slot = zip(SLOT, limits.slot_sizes, strict=True)
    low, high = _joined(spec.bounds(limits, size) for spec, size in slot)
    return low * limits.table_slots, high * limits.table_slots


# -- writers --------------------------------------------------------------------------------


def _seat(seen: PlayerView, player: int) -> int:
    """``player``'s seat counted from the viewer: 0 for the viewer, 1 for the next, ..."""
    return (player - seen.player) % len(seen.hand_sizes)


def _write_hand(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    for card in seen.hand:
        out[at + card.index] += 1


def _write_kept_card(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    kept = seen.turn.kept_card
    if kept is not None:
        out[at + kept.index] = 1.0


def _write_discard_top(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    if seen.discard:
        out[at + seen.discard[-1].index] = 1.0


def _write_discard_pile(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    for card in seen.discard:
        out[at + card.index] += 1


def _write_discard_size(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = len(seen.discard)


def _write_stock_size(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = seen.stock_size


def _write_seats(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    size = enc._seat_size
    parts = tuple(zip(SEAT, enc._seat_fields, strict=True))
    winners = seen.winners or ()
    top_by = seen.discarded_by[-1] if seen.discarded_by else None
    for player in range(len(seen.hand_sizes)):
        seat = Seat(seen, player, player in winners, player == top_by)
        start = at + _seat(seen, player) * size
        for spec, field in parts:
            spec.write(seat, out, start + field.start, enc)


def _write_held(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = seat.seen.hand_sizes[seat.player]


def _write_down(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = float(seat.seen.down[seat.player])


def _write_total(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = seat.seen.scores[seat.player]


def _write_penalty(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    penalties = seat.seen.penalties
    out[at] = penalties[seat.player] if penalties is not None else 0


def _write_buys(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = seat.seen.buys[seat.player]


def _write_buys_left(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    variant = seat.seen.variant
    cap = variant.max_buys
    if not variant.buying:
        out[at] = 0
    elif cap is None:
        out[at] = -1
    else:
        out[at] = max(cap - seat.seen.buys[seat.player], 0)


def _write_winner(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = float(seat.winner)


def _write_discarded_top(seat: Seat, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = float(seat.discarded_top)


def _one_seat(
    read: Callable[[PlayerView], int | None],
) -> Callable[[PlayerView, list[float], int, Encoding], None]:
    """The writer of a one-hot over the seats: the seat of the player ``read`` names."""

    def write(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
        player = read(seen)
        if player is not None:
            out[at + _seat(seen, player)] = 1.0

    return write


def _write_buy_queue(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    for player in seen.window.queue:
        out[at + _seat(seen, player)] = 1.0


def _write_phase(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    out[at + _PHASES.index(seen.phase)] = 1.0


def _write_round(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    out[at + seen.round_number - 1] = 1.0


def _write_contract(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    variant = seen.variant
    contract = variant.contract(seen.round_number)
    out[at : at + 5] = [
        len(contract.groups),
        len(contract.runs),
        variant.cards_dealt(seen.round_number),
        contract.min_cards,
        float(variant.at_once(seen.round_number)),
    ]


def _write_turn(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    out[at : at + 3] = [float(seen.turn.went_down), seen.turns, seen.reshuffles]


def _write_table(seen: PlayerView, out: list[float], at: int, enc: Encoding) -> None:
    size = enc._slot_size
    parts = tuple(zip(SLOT, enc._slot_fields, strict=True))
    for index, placed in enumerate(seen.table):
        meld = placed.meld
        slot = Slot(meld, _seat(seen, placed.owner), meld.wild_positions())
        start = at + index * size
        for spec, field in parts:
            spec.write(slot, out, start + field.start, enc)


def _write_kind(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    out[at + (0 if isinstance(slot.meld, Group) else 1)] = 1.0


def _write_owner(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    out[at + slot.owner] = 1.0


def _write_rank(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    if isinstance(slot.meld, Group):
        out[at + slot.meld.rank.value - 1] = 1.0


def _write_suit(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    if isinstance(slot.meld, Run):
        out[at + slot.meld.suit.index] = 1.0


def _write_low(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    if isinstance(slot.meld, Run):
        out[at] = slot.meld.low


def _write_high(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    if isinstance(slot.meld, Run):
        out[at] = slot.meld.high


def _write_length(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = len(slot.meld.cards)


def _write_wild_count(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    out[at] = len(slot.wilds)


def _write_wild_positions(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    meld = slot.meld
    if isinstance(meld, Run):
        for position in slot.wilds:
            out[at + meld.low + position - 1] = 1.0


def _write_meld_cards(slot: Slot, out: list[float], at: int, enc: Encoding) -> None:
    for card in slot.meld.cards:
        out[at + card.index] += 1


# -- the layout -----------------------------------------------------------------------------

#: The fields of a seat, in order.
SEAT: Final[tuple[FieldSpec[Seat], ...]] = (
    FieldSpec("cards", "1", _write_held, "cards in hand", _at_most("cards")),
    FieldSpec("down", "1", _write_down, "1 if down (R14)"),
    FieldSpec("total", "1", _write_total, "total score", _total_bounds),
    FieldSpec(
        "penalty",
        "1",
        _write_penalty,
        "this round's penalty points once the round is over, else 0 (R25)",
        _at_most("points"),
    ),
    FieldSpec("buys", "1", _write_buys, "buys this round", _at_most("cards")),
    FieldSpec(
        "buys_left",
        "1",
        _write_buys_left,
        "buys left under the variant's cap (R21), -1 without a cap, 0 in a variant without buying",
        _buys_left_bounds,
    ),
    FieldSpec("winner", "1", _write_winner, "1 if among the winners (R28)"),
    FieldSpec(
        "discarded_top", "1", _write_discarded_top, "1 if they discarded the top card (R21)"
    ),
)

#: The fields of a table slot, in order.
SLOT: Final[tuple[FieldSpec[Slot], ...]] = (
    FieldSpec("kind", "2", _write_kind, "one-hot: group, run"),
    FieldSpec("owner", "players", _write_owner, "one-hot over the seats: who laid the meld"),
    FieldSpec("rank", "13", _write_rank, "one-hot: a group's rank, ace to king"),
    FieldSpec("suit", "4", _write_suit, "one-hot: a run's suit, clubs, diamonds, hearts, spades"),
    FieldSpec(
        "low",
        "1",
        _write_low,
        "a run's low position (1-14, the high ace 14); 0 for a group",
        _at_most("highest_position"),
    ),
    FieldSpec(
        "high",
        "1",
        _write_high,
        "a run's high position; 0 for a group",
        _at_most("highest_position"),
    ),
    FieldSpec("length", "1", _write_length, "the meld's length", _at_most("longest")),
    FieldSpec(
        "wild_cards",
        "1",
        _write_wild_count,
        "how many of its cards are wild cards standing for another card (R10)",
        _at_most("wilds"),
    ),
    FieldSpec(
        "wild_positions",
        "14",
        _write_wild_positions,
        "1 for each run position (1-14) that such a wild card holds: the places a swap "
        "can win back (R23)",
    ),
    FieldSpec("cards", "53", _write_meld_cards, "copies of each physical card in it", _copies),
)

#: The fields of an observation, in order.
FIELDS: Final[tuple[FieldSpec[PlayerView], ...]] = (
    FieldSpec("hand", "53", _write_hand, "the viewer's hand: copies of each card", _copies),
    FieldSpec(
        "kept_card",
        "53",
        _write_kept_card,
        "one-hot: the card the viewer took from the discard pile this turn and must keep "
        "(R17); all 0 in the others' views, which do not show it",
    ),
    FieldSpec(
        "discard_top", "53", _write_discard_top, "one-hot: the face-up top of the discard pile"
    ),
    FieldSpec(
        "discard_pile",
        "53",
        _write_discard_pile,
        "copies of each card in the discard pile, top included",
        _copies,
    ),
    FieldSpec(
        "discard_size",
        "1",
        _write_discard_size,
        "cards in the discard pile",
        _at_most("cards"),
    ),
    FieldSpec(
        "stock_size",
        "1",
        _write_stock_size,
        "cards in the stock",
        _at_most("cards"),
    ),
    FieldSpec(
        "seats",
        "players * seat",
        _write_seats,
        "for each seat in turn, counted from the viewer: its numbers (below)",
        _seat_bounds,
    ),
    FieldSpec(
        "dealer",
        "players",
        _one_seat(lambda seen: seen.dealer),
        "one-hot over the seats: this round's dealer",
    ),
    FieldSpec(
        "active",
        "players",
        _one_seat(lambda seen: seen.active),
        "one-hot over the seats: whose turn it is",
    ),
    FieldSpec(
        "to_act",
        "players",
        _one_seat(lambda seen: seen.to_act),
        "one-hot over the seats: who must choose now",
    ),
    FieldSpec(
        "buy_queue",
        "players",
        _write_buy_queue,
        "1 for each seat still to be offered the top discard in the open buy window (R19, R31)",
    ),
    FieldSpec(
        "last_buyer",
        "players",
        _one_seat(lambda seen: seen.window.last_buyer),
        "one-hot over the seats: the last buyer of the window (R20)",
    ),
    FieldSpec(
        "requester",
        "players",
        _one_seat(lambda seen: seen.window.requester),
        "one-hot over the seats: who asked for the top discard, with the Shanghai call (R31)",
    ),
    FieldSpec(
        "phase",
        str(len(_PHASES)),
        _write_phase,
        f"one-hot: {', '.join(phase.name for phase in _PHASES)}",
    ),
    FieldSpec("round", "rounds", _write_round, "one-hot: the round number"),
    FieldSpec(
        "contract",
        "5",
        _write_contract,
        "this round's groups, runs, cards dealt, cards of the contract at its minimum "
        "lengths, and 1 if the round is played at once (R24)",
        _contract_bounds,
    ),
    FieldSpec(
        "turn",
        "3",
        _write_turn,
        "1 if the active player went down this turn (R15); turns begun this round (R29); "
        "reshuffles this round (R27)",
        _turn_bounds,
    ),
    FieldSpec(
        "table",
        "slots * slot",
        _write_table,
        "one slot per meld, in the order of ``view.table`` (the ``target`` of a lay-off), "
        "then empty slots of zeros",
        _table_bounds,
    ),
)


def layout(specs: Sequence[FieldSpec[S]], enc: Encoding) -> tuple[Field, ...]:
    """Where each field of ``specs`` lies for ``enc``: one after the other, from 0."""
    fields = []
    start = 0
    for spec in specs:
        size = size_of(spec.size, enc)
        fields.append(Field(spec.name, start, size))
        start += size
    return tuple(fields)


def bounds(enc: Encoding) -> Bounds:
    """The least and the greatest value of each number of ``enc``'s observations."""
    limits = Limits.of(enc)
    low, high = _joined(
        spec.bounds(limits, field.size) for spec, field in zip(FIELDS, enc._fields, strict=True)
    )
    assert len(low) == len(high) == enc.observation_size
    return low, high


def observation(enc: Encoding, seen: PlayerView) -> list[float]:
    """What ``seen``'s player sees, as ``enc``'s numbers: :meth:`Encoding.observation`."""
    given: object = seen  # the annotation rules out what a caller may still pass
    if not isinstance(given, PlayerView):
        raise TypeError(not_a_view(given))
    enc._check(seen)
    if len(seen.table) > enc.table_slots:  # the bound holds in every game: a safeguard
        raise ValueError(
            f"the table holds {len(seen.table)} melds, beyond the encoding's "
            f"{enc.table_slots} slots"
        )
    out = [0.0] * enc.observation_size
    for spec, field in zip(FIELDS, enc._fields, strict=True):
        spec.write(seen, out, field.start, enc)
    return out


# -- the documentation's tables -------------------------------------------------------------


def _table(specs: Iterable[FieldSpec[S]], width: int = 88) -> str:
    """The rst table of ``specs``: each field's name, size and content."""
    rows = [(f"``{spec.name}``", spec.size, spec.doc) for spec in specs]
    name = max(len("field"), *(len(row[0]) for row in rows))
    size = max(len("size"), *(len(row[1]) for row in rows))
    content = width - name - size - 4
    rule = f"{'=' * name}  {'=' * size}  {'=' * content}"
    lines = [rule, f"{'field':{name}}  {'size':{size}}  content", rule]
    for first, second, doc in rows:
        wrapped = textwrap.wrap(doc, content) or [""]
        lines.append(f"{first:{name}}  {second:{size}}  {wrapped[0]}".rstrip())
        lines.extend(f"{'':{name}}  {'':{size}}  {more}" for more in wrapped[1:])
    lines.append(rule)
    return "\n".join(lines)


def fields_table() -> str:
    """The table of the fields of an observation, for the documentation."""
    return _table(FIELDS)


def seat_table() -> str:
    """The table of the fields of a seat, for the documentation."""
    return _table(SEAT)


def slot_table() -> str:
    """The table of the fields of a table slot, for the documentation."""
    return _table(SLOT)
