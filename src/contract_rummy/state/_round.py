"""The state of a game at one moment, :class:`RoundState`, made of its parts.

A state holds its parts (:mod:`~contract_rummy.state._parts`) and, beside them, the
fields that change at nearly every action: the phase, whose turn it is, who must choose
now, the hands, the stock, the discard pile, the turn, the buy window and the counts of
turns and moves. Each field of a part is also read by its own name, as in
``state.table`` or ``state.scores``: :class:`PublicParts` names those of the public parts
for a state and a player's view alike.
"""

from __future__ import annotations

from typing import Final

import attrs

from contract_rummy.cards import Card, format_cards
from contract_rummy.contracts import Contract
from contract_rummy.shuffler import Shuffler
from contract_rummy.state._build import FLAT, KEEP, assemble, builder, replaceable
from contract_rummy.state._checks import check_state
from contract_rummy.state._parts import (
    Board,
    BuyWindow,
    Chance,
    ChancePoint,
    RoundFacts,
    TableMeld,
    Totals,
    Turn,
)
from contract_rummy.state._phase import Phase
from contract_rummy.variants import Variant

__all__ = ["PublicParts", "RoundState", "build_state", "not_a_state"]

#: Where a state comes from, for the message of a state built by hand with fields missing.
_MADE_BY: Final = (
    "a game's first state comes from contract_rummy.new_game() or "
    "contract_rummy.start_round(), every later one from contract_rummy.apply()"
)


class PublicParts:
    """The fields of the public parts, by name: what a state and a player's view both show.

    A :class:`RoundState` and a :class:`~contract_rummy.PlayerView` hold the same
    :class:`RoundFacts`, :class:`Board` and :class:`Totals`; each of their fields reads
    here by its own name (``state.table`` is ``state.board.table``).
    """

    __slots__ = ()

    facts: RoundFacts
    discard: tuple[Card, ...]
    board: Board
    totals: Totals

    @property
    def variant(self) -> Variant:
        """The rules in force: ``facts.variant``."""
        return self.facts.variant

    @property
    def round_number(self) -> int:
        """The current round, from 1: ``facts.round_number``."""
        return self.facts.round_number

    @property
    def dealer(self) -> int:
        """Who dealt this round (R4): ``facts.dealer``."""
        return self.facts.dealer

    @property
    def cut(self) -> int | None:
        """The Liverpool cut of this round (R32), or ``None``: ``facts.cut``."""
        return self.facts.cut

    @property
    def contract(self) -> Contract:
        """This round's contract (R11)."""
        facts = self.facts
        return facts.variant.contract(facts.round_number)

    @property
    def players(self) -> int:
        """How many players the game has."""
        return len(self.board.down)

    @property
    def top_discard(self) -> Card | None:
        """The face-up top of the discard pile, or ``None`` when the pile is empty."""
        discard = self.discard
        return discard[-1] if discard else None

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table, in the order laid: ``board.table``."""
        return self.board.table

    @property
    def down(self) -> tuple[bool, ...]:
        """``down[p]``: whether player ``p`` has gone down this round (R14)."""
        return self.board.down

    @property
    def buys(self) -> tuple[int, ...]:
        """How many buys each player made this round (R21): ``board.buys``."""
        return self.board.buys

    @property
    def reshuffles(self) -> int:
        """How many reshuffles this round has had (R27): ``board.reshuffles``."""
        return self.board.reshuffles

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's cards that everyone saw go into that hand (R18, R19): ``board.known``."""
        return self.board.known

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals, this round's penalties included once it is over (R26)."""
        return self.totals.scores

    @property
    def penalties(self) -> tuple[int, ...] | None:
        """This round's penalty points once it is over, else ``None`` (R25)."""
        return self.totals.penalties

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The players sharing the lowest total once the game is over, else ``None``."""
        return self.totals.winners


@attrs.frozen(cache_hash=True, weakref_slot=False)
class _StateFields(PublicParts):
    """The fields of a :class:`RoundState`, written once (see :class:`RoundState`)."""

    facts: RoundFacts = attrs.field(metadata=FLAT)
    phase: Phase
    active: int
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded_by: tuple[int | None, ...]
    board: Board = attrs.field(metadata=FLAT)
    totals: Totals = attrs.field(metadata=FLAT)
    turn: Turn
    window: BuyWindow
    turns: int
    chance: Chance = attrs.field(metadata=FLAT)
    moves: int = 0

    def __attrs_post_init__(self) -> None:
        # Only a state built by hand comes here: the engine builds its own unchecked.
        check_state(self)  # type: ignore[arg-type] # always a RoundState


@replaceable
class RoundState(_StateFields):
    """The whole game at one moment: the current round and the totals so far.

    Build the first state with :func:`contract_rummy.new_game` or
    :func:`contract_rummy.start_round`; every later one comes from
    :func:`contract_rummy.apply`. Players are numbered ``0..n-1`` clockwise.

    A state holds parts, each a small frozen value: an action replaces the parts it
    changes and keeps the others, and a player's view holds the public ones. Every field
    of a part also reads by its own name (``state.variant``, ``state.table``,
    ``state.scores``, ...), and a state built by hand (or with :func:`attrs.evolve`) may be
    given them by name too: ``attrs.evolve(state, active=2, table=...)``. Built so, a state
    is checked and refused with :class:`~contract_rummy.InvalidStateError` if its fields
    disagree (see :mod:`contract_rummy.state`).

    Attributes:
        facts: What stays the same all round (:class:`RoundFacts`): ``variant``,
            ``round_number``, ``dealer``, ``cut``.
        phase: What kind of choice is due (:class:`Phase`).
        active: Whose turn it is (R6).
        to_act: Who must choose now, or ``None`` when nobody must (round or game over).
        hands: Each player's cards, in canonical order.
        stock: The face-down stock, top card first.
        discard: The discard pile, bottom first: ``discard[-1]`` is the face-up top.
        discarded_by: Who discarded each card of the pile (``None`` for the card turned up
            at the deal), so that a discarder buys last (R21).
        board: The melds on the table and the round's counts (:class:`Board`): ``table``,
            ``down``, ``buys``, ``reshuffles``.
        totals: The totals (:class:`Totals`): ``scores``, ``penalties``, ``winners``.
        turn: What the active player has done this turn (:class:`Turn`).
        window: The buy window while one is open (:class:`BuyWindow`), else
            :data:`NO_WINDOW`.
        turns: How many turns this round has begun, the current one included (R29).
        chance: Where shuffles come from (:class:`Chance`): the ``shuffler``
            (:data:`contract_rummy.SEEDED` by default) and its state ``rng``, a plain
            integer; in phase CHANCE, ``pending`` says what chance is to deal.
        moves: How many actions have been applied since the game began (0 in a state made
            by :func:`~contract_rummy.new_game` or :func:`~contract_rummy.start_round`):
            the position's number, shown in player views and records, so that a server
            can tell a move sent for an older position (a stale submission) from one for
            this position.
    """

    __slots__ = ()

    def __init__(
        self,
        facts: RoundFacts = KEEP,
        phase: Phase = KEEP,
        active: int = KEEP,
        to_act: int | None = KEEP,
        hands: tuple[tuple[Card, ...], ...] = KEEP,
        stock: tuple[Card, ...] = KEEP,
        discard: tuple[Card, ...] = KEEP,
        discarded_by: tuple[int | None, ...] = KEEP,
        board: Board = KEEP,
        totals: Totals = KEEP,
        turn: Turn = KEEP,
        window: BuyWindow = KEEP,
        turns: int = KEEP,
        chance: Chance = KEEP,
        moves: int = KEEP,
        *,
        variant: Variant = KEEP,
        round_number: int = KEEP,
        dealer: int = KEEP,
        cut: int | None = KEEP,
        table: tuple[TableMeld, ...] = KEEP,
        down: tuple[bool, ...] = KEEP,
        buys: tuple[int, ...] = KEEP,
        reshuffles: int = KEEP,
        known: tuple[tuple[Card, ...], ...] = KEEP,
        scores: tuple[int, ...] = KEEP,
        penalties: tuple[int, ...] | None = KEEP,
        winners: tuple[int, ...] | None = KEEP,
        rng: int = KEEP,
        shuffler: Shuffler = KEEP,
        pending: ChancePoint | None = KEEP,
    ) -> None:
        given = {name: value for name, value in locals().items() if value is not KEEP}
        del given["self"]
        _StateFields.__init__(self, **assemble(RoundState, given, _MADE_BY))

    def replace(
        self,
        facts: RoundFacts = KEEP,
        phase: Phase = KEEP,
        active: int = KEEP,
        to_act: int | None = KEEP,
        hands: tuple[tuple[Card, ...], ...] = KEEP,
        stock: tuple[Card, ...] = KEEP,
        discard: tuple[Card, ...] = KEEP,
        discarded_by: tuple[int | None, ...] = KEEP,
        board: Board = KEEP,
        totals: Totals = KEEP,
        turn: Turn = KEEP,
        window: BuyWindow = KEEP,
        turns: int = KEEP,
        chance: Chance = KEEP,
        moves: int = KEEP,
    ) -> RoundState:
        """This state with the given fields changed, unchecked: how the engine updates it.

        Build a checked copy with :func:`attrs.evolve` instead: a state made here is not
        checked against the rules.

        >>> import contract_rummy as cr
        >>> state = cr.new_game(seed=1)
        >>> state.replace(moves=5).moves, state.moves
        (5, 0)
        """
        raise NotImplementedError  # made from the fields by replaceable()

    @property
    def rng(self) -> int:
        """The shuffler's state, a plain integer: ``chance.rng``."""
        return self.chance.rng

    @property
    def shuffler(self) -> Shuffler:
        """Where shuffles come from: ``chance.shuffler``."""
        return self.chance.shuffler

    @property
    def pending(self) -> ChancePoint | None:
        """In phase CHANCE, what chance is to deal: ``chance.pending``; else ``None``."""
        return self.chance.pending

    @property
    def kept_card(self) -> Card | None:
        """The card taken from the discard pile this turn, kept in hand (R17), or ``None``.

        The same as ``turn.kept_card``.
        """
        return self.turn.kept_card

    @property
    def went_down_this_turn(self) -> bool:
        """Whether the active player went down this turn (R15): ``turn.went_down``."""
        return self.turn.went_down

    @property
    def buy_queue(self) -> tuple[int, ...]:
        """The players still to be asked after ``to_act`` in the buy window: ``window.queue``."""
        return self.window.queue

    @property
    def last_buyer(self) -> int | None:
        """Who made the last buy of the open buy window (R20): ``window.last_buyer``."""
        return self.window.last_buyer

    def __str__(self) -> str:
        facts, board = self.facts, self.board
        lines = [
            (
                f"Round {facts.round_number} of {facts.variant.rounds} ({facts.variant.name}): "
                f"{self.contract}; dealer {facts.dealer}; {self.phase.value}, "
                f"player {self.active} active, to act: {self.to_act}"
            ),
            f"stock {len(self.stock)}, discard top {self.top_discard or '-'}",
        ]
        for player, hand in enumerate(self.hands):
            status = " (down)" if board.down[player] else ""
            lines.append(
                f"player {player}{status}: total {self.totals.scores[player]}: "
                f"{format_cards(hand)}"
            )
        lines.extend(f"table[{index}]: {meld}" for index, meld in enumerate(board.table))
        return "\n".join(lines)


#: Builds a state from its parts, unchecked: how the engine makes the first state of a
#: round. Its parameters are :class:`RoundState`'s fields, in order.
build_state: Final = builder(RoundState, _StateFields.__init__)


def not_a_state(value: object) -> str:
    """Why ``value``, given where a :class:`RoundState` goes, is not one: for a ``TypeError``.

    A player's view is named as such, not shown whole: actions are played on the state it
    was made from.

    >>> import contract_rummy as cr
    >>> print(not_a_state(cr.view(cr.new_game(seed=1), 2)))
    expected a RoundState, got player 2's view: a view shows what one player sees; ...
    >>> not_a_state(None)
    'expected a RoundState, got None'
    """
    if hasattr(value, "player") and hasattr(value, "hand"):  # a view: its repr is long
        return (
            f"expected a RoundState, got player {value.player}'s view: a view shows what one "
            "player sees; actions are played on the whole state it was made from"
        )
    return f"expected a RoundState, got {value!r}"
