"""The state of a game at one moment: a frozen, hashable, picklable value.

A :class:`RoundState` holds everything: the variant, the current round, every hand, the
stock, the discard pile, the table, the running totals and the shuffler's state (a plain
integer), so that the same seed and the same actions always give equal states. The engine
(:mod:`contract_rummy.engine`) makes new states from old ones; nothing here changes.
"""

from __future__ import annotations

import enum
import operator
from typing import Any, Final

import attrs

from contract_rummy.cards import Card, format_cards
from contract_rummy.contracts import Contract
from contract_rummy.melds import Group, Run
from contract_rummy.shuffler import SEEDED, Shuffler
from contract_rummy.variants import Variant

__all__ = ["Phase", "RoundState", "TableMeld"]


class Phase(enum.Enum):
    """Where a round stands: who must choose, and among what."""

    #: The active player takes the top of the stock or of the discard pile (R13).
    DRAW = "draw"
    #: ``to_act`` may buy the top discard or pass (R18-R22).
    BUY = "buy"
    #: The active player melds, lays off, swaps, and discards (R13-R17, R23, R24).
    PLAY = "play"
    #: The round is scored, after a player went out (R25) or the stock ran out (R27); the
    #: only legal action is ``NextRound()``, played for the table by this round's dealer.
    ROUND_OVER = "round over"
    #: The game is over and ``winners`` is set; no action is legal (R28).
    GAME_OVER = "game over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@attrs.frozen
class TableMeld:
    """A meld on the table, with the player who laid it down.

    Attributes:
        meld: The group or run, as it stands now (lay-offs included).
        owner: The player who went down with it (R14).
    """

    meld: Group | Run
    owner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards."""
        return self.meld.cards

    def __str__(self) -> str:
        return f"{self.meld} (player {self.owner})"


@attrs.frozen(cache_hash=True)
class RoundState:
    """The whole game at one moment: the current round and the totals so far.

    Build the first state with :func:`contract_rummy.new_game` or
    :func:`contract_rummy.start_round`; every later one comes from
    :func:`contract_rummy.apply`. Players are numbered ``0..n-1`` clockwise.

    Attributes:
        variant: The rules in force.
        round_number: The current round, from 1.
        dealer: Who dealt this round (R4).
        phase: What kind of choice is due (:class:`Phase`).
        active: Whose turn it is (R6).
        to_act: Who must choose now, or ``None`` when nobody must (round or game over).
        hands: Each player's cards, in canonical order.
        stock: The face-down stock, top card first.
        discard: The discard pile, bottom first: ``discard[-1]`` is the face-up top.
        discarded_by: Who discarded each card of the pile (``None`` for the card turned up
            at the deal), so that a discarder buys last (R21).
        table: The melds on the table, in the order laid.
        down: ``down[p]``: whether player ``p`` has gone down this round (R14).
        scores: Running totals, this round's penalties included once it is over (R26).
        penalties: This round's penalty points once it is over, else ``None`` (R25).
        winners: The players sharing the lowest total once the game is over, else ``None``.
        buys: How many buys each player made this round (R21).
        last_buyer: Who made the last buy of the current buy window, if anyone (R20).
        buy_queue: The players still to be asked, after ``to_act``, in the buy window.
        went_down_this_turn: Whether the active player went down on this turn (R15).
        kept_card: The card the active player took from the discard pile this turn and may
            not discard (R17), or ``None``.
        reshuffles: How many times the discards were shuffled into a new stock this round
            (R27).
        rng: The shuffler's state: a plain integer.
        shuffler: Where shuffles come from (:data:`contract_rummy.SEEDED` by default).
    """

    variant: Variant
    round_number: int
    dealer: int
    phase: Phase
    active: int
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded_by: tuple[int | None, ...]
    table: tuple[TableMeld, ...]
    down: tuple[bool, ...]
    scores: tuple[int, ...]
    penalties: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    buys: tuple[int, ...]
    last_buyer: int | None
    buy_queue: tuple[int, ...]
    went_down_this_turn: bool
    kept_card: Card | None
    reshuffles: int
    rng: int
    shuffler: Shuffler = SEEDED

    @property
    def players(self) -> int:
        """How many players the game has."""
        return len(self.hands)

    @property
    def contract(self) -> Contract:
        """This round's contract (R11)."""
        return self.variant.contract(self.round_number)

    @property
    def top_discard(self) -> Card | None:
        """The face-up top of the discard pile, or ``None`` when the pile is empty."""
        return self.discard[-1] if self.discard else None

    def __str__(self) -> str:
        lines = [
            (
                f"Round {self.round_number} of {self.variant.rounds} ({self.variant.name}): "
                f"{self.contract}; dealer {self.dealer}; {self.phase.value}, "
                f"player {self.active} active, to act: {self.to_act}"
            ),
            f"stock {len(self.stock)}, discard top {self.top_discard or '-'}",
        ]
        for player, hand in enumerate(self.hands):
            status = " (down)" if self.down[player] else ""
            lines.append(
                f"player {player}{status}: total {self.scores[player]}: {format_cards(hand)}"
            )
        lines.extend(f"table[{index}]: {meld}" for index, meld in enumerate(self.table))
        return "\n".join(lines)


_FIELDS: Final = tuple(field.name for field in attrs.fields(RoundState))
_POSITION: Final = {name: index for index, name in enumerate(_FIELDS)}
_VALUES: Final = operator.attrgetter(*_FIELDS)


def replace(state: RoundState, **changes: Any) -> RoundState:
    """``state`` with some fields changed: :func:`attrs.evolve`, faster for this one class."""
    values = list(_VALUES(state))
    for name, value in changes.items():
        values[_POSITION[name]] = value
    return RoundState(*values)
