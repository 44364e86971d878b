"""The parts a state is made of: small frozen values, each field written once, in its part.

A :class:`~contract_rummy.RoundState` holds these, each a value that changes at its own
pace, so that an action replaces only the parts it changes and shares the others with the
state before, and a player's view (:class:`~contract_rummy.PlayerView`) holds the public
parts of the state it was made from by reference:

- :class:`RoundFacts`: what stays the same all round (the rules, the round, the dealer, the
  cut); public.
- :class:`Board`: the melds on the table and what the round has counted (who is down, the
  buys, the reshuffles); public, and changed by a meld, a lay-off or a buy.
- :class:`Totals`: the running totals, and the round's penalties and the winners once
  known; public, and changed when a round ends.
- :class:`Chance`: where the shuffles come from, and the shuffler's state; hidden.
- :class:`Turn` and :class:`BuyWindow`: what the active player has done this turn, and the
  buy window; these start afresh by construction (:data:`NEW_TURN`, :data:`NO_WINDOW`).

What changes at nearly every action (the hands, the stock, the discard pile, whose turn it
is) is held by the state itself: a part made anew at every action would cost more than its
fields.

>>> import contract_rummy as cr
>>> state = cr.new_game(seed=1)
>>> after = cr.apply(state, cr.DrawStock())
>>> after.facts is state.facts, after.board is state.board, after.totals is state.totals
(True, True, True)
>>> cr.view(after, 0).board is after.board
True
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from contract_rummy.actions import Action
from contract_rummy.cards import Card
from contract_rummy.melds import Group, Run
from contract_rummy.shuffler import SEEDED, Shuffler
from contract_rummy.state._build import KEEP, replaceable
from contract_rummy.state._phase import Phase
from contract_rummy.variants import Variant

__all__ = [
    "NEW_TURN",
    "NO_WINDOW",
    "OMIT_DEFAULT",
    "Board",
    "BuyWindow",
    "Chance",
    "ChanceKind",
    "ChancePoint",
    "RoundFacts",
    "TableMeld",
    "Totals",
    "Turn",
]


@attrs.frozen(weakref_slot=False)
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


@attrs.frozen(weakref_slot=False)
class Turn:
    """What the active player has done so far this turn: what R15 and R17 look at.

    Attributes:
        kept_card: The card taken from the discard pile this turn, which may not be
            discarded on the same turn (R17); ``None`` when there is none, when a copy
            was held before, or when the variant lets the taken card be discarded
            (``Variant.discard_taken_card``).
        went_down: Whether the player went down this turn, so may not lay off yet (R15).

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> state.turn == cr.NEW_TURN
    True
    >>> cr.apply(state, cr.TakeDiscard()).turn
    Turn(kept_card=Card.parse('4D'), went_down=False)
    """

    kept_card: Card | None = None
    went_down: bool = False


#: A turn that has just begun.
NEW_TURN: Final = Turn()


@attrs.frozen(weakref_slot=False)
class BuyWindow:
    """The players still to be offered the top discard, and the last buyer (R19, R20).

    With the Shanghai call (R31) the same value holds the asking before the draw (phase
    BUY: the players still to be asked after ``to_act``), then the request the active
    player must answer (phase DRAW: ``requester``).

    Attributes:
        queue: The players to be asked after ``to_act``, in priority order.
        last_buyer: Who made the last buy of this window; they may not buy again at once
            (R20). ``None`` before the first buy, and always with the Shanghai call, which
            allows one buy a turn.
        requester: With the Shanghai call (R31), in phase DRAW, the player who asked for
            the top discard and whose request the active player answers; ``None`` when
            nobody asked, and always without the call.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(seed=1), cr.DrawStock())
    >>> state.to_act, state.window
    (3, BuyWindow(queue=(0, 1), last_buyer=None, requester=None))
    """

    queue: tuple[int, ...] = ()
    last_buyer: int | None = None
    requester: int | None = None


#: No buy window is open.
NO_WINDOW: Final = BuyWindow()


@attrs.frozen(weakref_slot=False)
class RoundFacts:
    """What stays the same all round, for every player: the rules, the round, the dealer.

    Attributes:
        variant: The rules in force.
        round_number: The current round, from 1.
        dealer: Who dealt this round (R4). While chance deals a round step by step (phase
            CHANCE), who deals it, as soon as it is known: the first dealer once chance has
            drawn them (before, player 0), a later round's dealer from the start of its
            deal.
        cut: With the Liverpool cut (``Variant.cut_bonus``, R32), how many cards the player
            on the dealer's right lifted when cutting before this round's deal, so that a
            record replays it; the cut was exact, and lowered that player's total, when it
            lifted the cards dealt plus the face-up card. ``None`` when the round was dealt
            without a cut (no cut bonus, or a round set up by
            :func:`~contract_rummy.start_round`).

    >>> import contract_rummy as cr
    >>> facts = cr.new_game(seed=1).facts
    >>> facts.variant.name, facts.round_number, facts.dealer, facts.cut
    ('pagat', 1, 1, None)
    """

    variant: Variant
    round_number: int
    dealer: int
    cut: int | None = None


#: The metadata of a field written by :func:`contract_rummy.to_dict` only when it is not its
#: default, so that the dicts of values made before the field was added stay the same.
OMIT_DEFAULT: Final = {"omit_default": True}


def _nothing_known(board: Board) -> tuple[tuple[Card, ...], ...]:
    """No card of any hand is known: an empty tuple for each player (``len(board.down)``)."""
    return ((),) * len(board.down)


@replaceable
@attrs.frozen(weakref_slot=False)
class Board:
    """The melds on the table, and what the round has counted: everyone sees it.

    Attributes:
        table: The melds on the table, in the order laid.
        down: ``down[p]``: whether player ``p`` has gone down this round (R14).
        buys: How many buys each player made this round (R21).
        reshuffles: How many times the discards were shuffled into a new stock this round
            (R27).
        known: ``known[p]``: the cards of player ``p``'s hand that everyone knows, in
            canonical order: the cards ``p`` took from the discard pile (R13, R18) or
            bought (R19) this round, less those ``p`` has since melded, laid off, swapped
            in (R23) or discarded (a copy of the card, as everyone sees it go). Everyone
            saw them go into that hand, so they are public; a hand may hold more copies.
            By default (a round just dealt) nothing is known.

    >>> import contract_rummy as cr
    >>> board = cr.new_game(seed=1).board
    >>> board.table, board.down, board.buys, board.reshuffles, board.known
    ((), (False, False, False, False), (0, 0, 0, 0), 0, ((), (), (), ()))
    >>> after = cr.apply(cr.new_game(seed=1), cr.TakeDiscard())
    >>> after.board.known
    ((), (), (Card.parse('4D'),), ())
    """

    table: tuple[TableMeld, ...]
    down: tuple[bool, ...]
    buys: tuple[int, ...]
    reshuffles: int
    known: tuple[tuple[Card, ...], ...] = attrs.field(
        default=attrs.Factory(_nothing_known, takes_self=True), metadata=OMIT_DEFAULT
    )

    def replace(
        self,
        table: tuple[TableMeld, ...] = KEEP,
        down: tuple[bool, ...] = KEEP,
        buys: tuple[int, ...] = KEEP,
        reshuffles: int = KEEP,
        known: tuple[tuple[Card, ...], ...] = KEEP,
    ) -> Board:
        """This board with the given fields changed, unchecked: how the engine updates it.

        >>> import contract_rummy as cr
        >>> cr.new_game(seed=1).board.replace(reshuffles=2).reshuffles
        2
        """
        raise NotImplementedError  # made from the fields by replaceable()


@attrs.frozen(weakref_slot=False)
class Totals:
    """The running totals, and once known this round's penalties and the winners.

    Attributes:
        scores: Running totals, this round's penalties included once it is over (R26).
        penalties: This round's penalty points once it is over, else ``None`` (R25).
        winners: The players sharing the lowest total once the game is over, else ``None``.

    >>> import contract_rummy as cr
    >>> cr.new_game(seed=1).totals
    Totals(scores=(0, 0, 0, 0), penalties=None, winners=None)
    """

    scores: tuple[int, ...]
    penalties: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None


class ChanceKind(enum.Enum):
    """What chance deals at a chance point (:class:`ChancePoint`)."""

    #: The first dealer, a player (R4): outcome :class:`~contract_rummy.FirstDealer`.
    DEALER = "dealer"
    #: The order of the shuffled deck (R5): outcomes :class:`~contract_rummy.DealCard`, a
    #: card at a time (:func:`~contract_rummy.deal` deals the rest at once).
    DEAL = "deal"
    #: How many cards the cut lifts (R32): outcome :class:`~contract_rummy.CutDeck`.
    CUT = "cut"
    #: The order of the new stock, the discards under the top card shuffled (R27): outcomes
    #: :class:`~contract_rummy.DealCard`, as for a deal.
    RESHUFFLE = "reshuffle"

    def __repr__(self) -> str:
        return f"ChanceKind.{self.name}"


@attrs.frozen(weakref_slot=False)
class ChancePoint:
    """What chance is to deal now, in a state of phase CHANCE (R4, R5, R27, R32).

    A game whose chance is resolved step by step (``new_game(auto_chance=False)``) stops
    where a shuffle or a cut is due. The cards of the state stay where they were before
    the action that needs chance: the order being dealt is kept here until it is whole,
    then the action is played with it. The state names the dealer of a deal under way
    (``RoundFacts.dealer``, R4); :func:`contract_rummy.engine.waiting_state` gives back
    the state the action was played in.

    Attributes:
        kind: What is dealt (:class:`ChanceKind`).
        remaining: The cards still to place in the order, in canonical order (a deal or a
            reshuffle); empty for a number.
        placed: The cards placed so far, in order.
        bound: For a number, how many outcomes there are: the players (a first dealer), or
            the cuts, from 1 card to ``bound`` cards; 0 for an order.
        action: The action waiting for chance: ``NextRound()`` for a deal, the draw or the
            buy that needs a reshuffle; ``None`` for the first deal of a new game.
        drawn: What chance drew before for the same action (a deal's order before its
            cut, an earlier reshuffle in the same action).
        phase: The phase the action waits in.
        to_act: Who chose the action.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(0))
    >>> point = cr.chance_point(cr.apply(state, cr.DealCard("7S")))
    >>> point.kind, point.placed, len(point.remaining), point.bound, point.action
    (ChanceKind.DEAL, (Card.parse('7S'),), 106, 0, None)
    """

    kind: ChanceKind
    remaining: tuple[Card, ...]
    placed: tuple[Card, ...]
    bound: int
    action: Action | None
    drawn: tuple[tuple[Card, ...] | int, ...]
    phase: Phase
    to_act: int | None


@attrs.frozen(weakref_slot=False)
class Chance:
    """Where the shuffles come from: the shuffler, and its state; hidden from the players.

    Attributes:
        rng: The shuffler's state: a plain integer.
        shuffler: Where shuffles come from (:data:`contract_rummy.SEEDED` by default;
            :data:`contract_rummy.shuffler.STEPS` when chance is dealt step by step).
        pending: In phase CHANCE, what chance is to deal (:class:`ChancePoint`); else
            ``None``.
    """

    rng: int
    shuffler: Shuffler = SEEDED
    pending: ChancePoint | None = attrs.field(default=None, metadata=OMIT_DEFAULT)
