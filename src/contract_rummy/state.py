"""The state of a game at one moment: a frozen, hashable, picklable value.

A :class:`RoundState` holds everything: the variant, the current round, every hand, the
stock, the discard pile, the table, the running totals and the shuffler's state (a plain
integer), so that the same seed and the same actions always give equal states. The engine
(:mod:`contract_rummy.engine`) makes new states from old ones; nothing here changes.

What belongs to one turn and what belongs to one buy window live in their own small values,
:class:`Turn` and :class:`BuyWindow`, which start afresh by construction: a new turn is
:data:`NEW_TURN`, and outside a buy window the window is :data:`NO_WINDOW`.

Built directly, a state is checked: every field's type, and that the fields agree with one
another and with the rules (the whole deck present exactly once, valid melds on the table,
a phase consistent with who acts). A state that breaks them is refused with a
:class:`~contract_rummy.InvalidStateError` (or a :class:`TypeError` for a field of the wrong
type) saying what is wrong, so :func:`attrs.evolve` is a safe way to pose a puzzle:

>>> import attrs
>>> import contract_rummy as cr
>>> state = cr.new_game(seed=1)
>>> attrs.evolve(state, active=9)
Traceback (most recent call last):
...
contract_rummy.errors.InvalidStateError: active must be a player, 0-3, got 9
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from types import UnionType
from typing import Any, Final

import attrs

from contract_rummy._checks import is_int
from contract_rummy.cards import Card, format_cards
from contract_rummy.contracts import Contract
from contract_rummy.errors import InvalidMeldError, InvalidStateError
from contract_rummy.melds import Group, Run, under
from contract_rummy.shuffler import SEEDED, Shuffler
from contract_rummy.variants import Variant

__all__ = [
    "NEW_TURN",
    "NO_WINDOW",
    "BuyWindow",
    "Phase",
    "RoundState",
    "TableMeld",
    "Turn",
    "deck_difference",
]


class Phase(enum.Enum):
    """Where a round stands: who must choose, and among what."""

    #: The active player takes the top of the stock or of the discard pile (R13). With the
    #: Shanghai call (``Variant.shanghai_call``, R31) the asking is over by then: when
    #: ``window.requester`` is set, the active player answers that player's request,
    #: ``TakeDiscard()`` blocking it and ``DrawStock()`` granting it; otherwise nobody
    #: asked, and choosing the stock opens no buy window.
    DRAW = "draw"
    #: ``to_act`` may buy the top discard or pass (R18-R22). With the Shanghai call (R31)
    #: this is the asking before the active player's draw: ``Buy()`` asks for the top
    #: discard (and closes the asking, the active player then answering in phase DRAW),
    #: ``Pass()`` leaves it to the next player who may ask.
    BUY = "buy"
    #: The active player melds, lays off, swaps, and discards (R13-R17, R23, R24).
    PLAY = "play"
    #: The round is scored, after a player went out (R25), the stock ran out (R27) or the
    #: round reached its turn limit (R29); the only legal action is ``NextRound()``, played
    #: for the table by this round's dealer.
    ROUND_OVER = "round over"
    #: The game is over and ``winners`` is set; no action is legal (R28).
    GAME_OVER = "game over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    # Members are singletons compared by identity: hash them as objects, which is faster
    # than Enum's hash of the name (phases key the engine's dispatch).
    __hash__ = object.__hash__


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


@attrs.frozen
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


@attrs.frozen
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

#: Phases read once: an enum class's attributes are looked up through
#: ``EnumType.__getattr__``, several times slower than a module's name.
_BUY: Final = Phase.BUY
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY

#: Stands for "unchanged" in :meth:`RoundState._replace`.
_KEEP: Final[Any] = object()


@attrs.frozen(cache_hash=True, weakref_slot=False)
class RoundState:
    """The whole game at one moment: the current round and the totals so far.

    Build the first state with :func:`contract_rummy.new_game` or
    :func:`contract_rummy.start_round`; every later one comes from
    :func:`contract_rummy.apply`. Players are numbered ``0..n-1`` clockwise. Built directly
    (or with :func:`attrs.evolve`), a state is checked and refused with
    :class:`~contract_rummy.InvalidStateError` if its fields disagree (see the module).

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
        turn: What the active player has done this turn (:class:`Turn`).
        window: The buy window while one is open (:class:`BuyWindow`), else
            :data:`NO_WINDOW`.
        reshuffles: How many times the discards were shuffled into a new stock this round
            (R27).
        turns: How many turns this round has begun, the current one included (R29).
        rng: The shuffler's state: a plain integer.
        shuffler: Where shuffles come from (:data:`contract_rummy.SEEDED` by default).
        cut: With the Liverpool cut (``Variant.cut_bonus``, R32), how many cards the player
            on the dealer's right lifted when cutting before this round's deal, so that a
            record replays it; the cut was exact, and lowered that player's total, when it
            lifted the cards dealt plus the face-up card. ``None`` when the round was dealt
            without a cut (no cut bonus, or a round set up by
            :func:`~contract_rummy.start_round`).
        moves: How many actions have been applied since the game began (0 in a state made
            by :func:`~contract_rummy.new_game` or :func:`~contract_rummy.start_round`):
            the position's number, shown in player views and records, so that a server
            can tell a move sent for an older position (a stale submission) from one for
            this position.
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
    turn: Turn
    window: BuyWindow
    reshuffles: int
    turns: int
    rng: int
    shuffler: Shuffler = SEEDED
    cut: int | None = None
    moves: int = 0

    def __attrs_post_init__(self) -> None:
        # Only a state built by hand comes here: the engine builds its own with _trusted.
        _check_types(self)
        for problem in _problems(self):
            raise InvalidStateError(problem)

    @classmethod
    def _trusted(
        cls,
        variant: Variant,
        round_number: int,
        dealer: int,
        phase: Phase,
        active: int,
        to_act: int | None,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        discarded_by: tuple[int | None, ...],
        table: tuple[TableMeld, ...],
        down: tuple[bool, ...],
        scores: tuple[int, ...],
        penalties: tuple[int, ...] | None,
        winners: tuple[int, ...] | None,
        buys: tuple[int, ...],
        turn: Turn,
        window: BuyWindow,
        reshuffles: int,
        turns: int,
        rng: int,
        shuffler: Shuffler,
        cut: int | None,
        moves: int = 0,
    ) -> RoundState:
        """A state the engine made, known to be consistent: built without any check."""
        state: Any = _new(_Draft)
        state.variant = variant
        state.round_number = round_number
        state.dealer = dealer
        state.phase = phase
        state.active = active
        state.to_act = to_act
        state.hands = hands
        state.stock = stock
        state.discard = discard
        state.discarded_by = discarded_by
        state.table = table
        state.down = down
        state.scores = scores
        state.penalties = penalties
        state.winners = winners
        state.buys = buys
        state.turn = turn
        state.window = window
        state.reshuffles = reshuffles
        state.turns = turns
        state.rng = rng
        state.shuffler = shuffler
        state.cut = cut
        state.moves = moves
        setattr(state, _CACHE, None)
        state.__class__ = cls
        built: RoundState = state
        return built

    def _replace(
        self,
        phase: Phase = _KEEP,
        active: int = _KEEP,
        to_act: int | None = _KEEP,
        hands: tuple[tuple[Card, ...], ...] = _KEEP,
        stock: tuple[Card, ...] = _KEEP,
        discard: tuple[Card, ...] = _KEEP,
        discarded_by: tuple[int | None, ...] = _KEEP,
        table: tuple[TableMeld, ...] = _KEEP,
        down: tuple[bool, ...] = _KEEP,
        scores: tuple[int, ...] = _KEEP,
        penalties: tuple[int, ...] | None = _KEEP,
        winners: tuple[int, ...] | None = _KEEP,
        buys: tuple[int, ...] = _KEEP,
        turn: Turn = _KEEP,
        window: BuyWindow = _KEEP,
        reshuffles: int = _KEEP,
        turns: int = _KEEP,
        rng: int = _KEEP,
        shuffler: Shuffler = _KEEP,
    ) -> RoundState:
        """This state with the given fields changed, unchecked.

        The engine's one way to make the next state within a round (a new round is built
        whole).

        Every parameter is typed, so a misspelled or mistyped field fails type checking.
        Pass them by keyword. They are not keyword-only because the engine calls this at
        every action, and Python fills each missing keyword-only default with a lookup in a
        dict, but missing positional defaults with a plain copy.
        """
        state: Any = _new(_Draft)
        state.variant = self.variant
        state.round_number = self.round_number
        state.dealer = self.dealer
        state.phase = self.phase if phase is _KEEP else phase
        state.active = self.active if active is _KEEP else active
        state.to_act = self.to_act if to_act is _KEEP else to_act
        state.hands = self.hands if hands is _KEEP else hands
        state.stock = self.stock if stock is _KEEP else stock
        state.discard = self.discard if discard is _KEEP else discard
        state.discarded_by = self.discarded_by if discarded_by is _KEEP else discarded_by
        state.table = self.table if table is _KEEP else table
        state.down = self.down if down is _KEEP else down
        state.scores = self.scores if scores is _KEEP else scores
        state.penalties = self.penalties if penalties is _KEEP else penalties
        state.winners = self.winners if winners is _KEEP else winners
        state.buys = self.buys if buys is _KEEP else buys
        state.turn = self.turn if turn is _KEEP else turn
        state.window = self.window if window is _KEEP else window
        state.reshuffles = self.reshuffles if reshuffles is _KEEP else reshuffles
        state.turns = self.turns if turns is _KEEP else turns
        state.rng = self.rng if rng is _KEEP else rng
        state.shuffler = self.shuffler if shuffler is _KEEP else shuffler
        state.cut = self.cut
        state.moves = self.moves
        setattr(state, _CACHE, None)
        state.__class__ = RoundState
        built: RoundState = state
        return built

    def _asking(self, to_act: int, window: BuyWindow) -> RoundState:
        """This state in phase BUY, ``to_act`` asked with ``window`` open; unchecked.

        The same as ``_replace(phase=Phase.BUY, to_act=to_act, window=window)``, written
        out: most actions of a game are answers in a buy window, nearly all of them passes
        that change only who is asked, and a copy of every field costs much less than
        testing each one for a change.
        """
        state: Any = _new(_Draft)
        state.variant = self.variant
        state.round_number = self.round_number
        state.dealer = self.dealer
        state.phase = _BUY
        state.active = self.active
        state.to_act = to_act
        state.hands = self.hands
        state.stock = self.stock
        state.discard = self.discard
        state.discarded_by = self.discarded_by
        state.table = self.table
        state.down = self.down
        state.scores = self.scores
        state.penalties = self.penalties
        state.winners = self.winners
        state.buys = self.buys
        state.turn = self.turn
        state.window = window
        state.reshuffles = self.reshuffles
        state.turns = self.turns
        state.rng = self.rng
        state.shuffler = self.shuffler
        state.cut = self.cut
        state.moves = self.moves
        setattr(state, _CACHE, None)
        state.__class__ = RoundState
        built: RoundState = state
        return built

    def _drawn(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...]) -> RoundState:
        """This state in phase PLAY once the active player drew from the stock; unchecked.

        The same as ``_replace(phase=Phase.PLAY, to_act=self.active, hands=hands,
        stock=stock, window=NO_WINDOW)``, written out as :meth:`_asking` is: nearly every
        turn draws from the stock, closing a buy window.
        """
        state: Any = _new(_Draft)
        state.variant = self.variant
        state.round_number = self.round_number
        state.dealer = self.dealer
        state.phase = _PLAY
        state.active = self.active
        state.to_act = self.active
        state.hands = hands
        state.stock = stock
        state.discard = self.discard
        state.discarded_by = self.discarded_by
        state.table = self.table
        state.down = self.down
        state.scores = self.scores
        state.penalties = self.penalties
        state.winners = self.winners
        state.buys = self.buys
        state.turn = self.turn
        state.window = NO_WINDOW
        state.reshuffles = self.reshuffles
        state.turns = self.turns
        state.rng = self.rng
        state.shuffler = self.shuffler
        state.cut = self.cut
        state.moves = self.moves
        setattr(state, _CACHE, None)
        state.__class__ = RoundState
        built: RoundState = state
        return built

    def _next_turn(
        self,
        active: int,
        hands: tuple[tuple[Card, ...], ...],
        discard: tuple[Card, ...],
        discarded_by: tuple[int | None, ...],
    ) -> RoundState:
        """This state in phase DRAW for ``active``'s new turn, after a discard; unchecked.

        The same as ``_replace(phase=Phase.DRAW, active=active, to_act=active, hands=hands,
        discard=discard, discarded_by=discarded_by, turn=NEW_TURN, turns=self.turns + 1)``,
        written out as :meth:`_asking` is: every turn but a round's last ends this way.
        """
        state: Any = _new(_Draft)
        state.variant = self.variant
        state.round_number = self.round_number
        state.dealer = self.dealer
        state.phase = _DRAW
        state.active = active
        state.to_act = active
        state.hands = hands
        state.stock = self.stock
        state.discard = discard
        state.discarded_by = discarded_by
        state.table = self.table
        state.down = self.down
        state.scores = self.scores
        state.penalties = self.penalties
        state.winners = self.winners
        state.buys = self.buys
        state.turn = NEW_TURN
        state.window = self.window
        state.reshuffles = self.reshuffles
        state.turns = self.turns + 1
        state.rng = self.rng
        state.shuffler = self.shuffler
        state.cut = self.cut
        state.moves = self.moves
        setattr(state, _CACHE, None)
        state.__class__ = RoundState
        built: RoundState = state
        return built

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


class _Draft:
    """A state being built by the engine: a RoundState's slots, writable.

    The engine fills a draft's slots with plain attribute stores, then makes it a
    RoundState by changing its class (the two have the same layout). A frozen class can
    only be filled through ``object.__setattr__``, field by field, which costs several
    times as much, and the engine builds a state at every action.
    """

    __slots__ = getattr(RoundState, "__slots__")  # noqa: B009 - not typed on the class


#: The one slot that is not a field, attrs' cached hash: empty in a new state.
(_CACHE,) = (name for name in _Draft.__slots__ if name not in attrs.fields_dict(RoundState))
_new: Final = object.__new__


# == checking a state built by hand ===========================================================


def _tuple_of(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: isinstance(value, tuple) and all(check(item) for item in value)


def _optional(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: value is None or check(value)


def _instance(kind: type | UnionType) -> Callable[[object], bool]:
    return lambda value: isinstance(value, kind)


_CARDS: Final = _tuple_of(_instance(Card))
_INTS: Final = _tuple_of(is_int)
#: Each field, what it must be, and how that reads in a message.
_TYPES: Final[tuple[tuple[str, Callable[[object], bool], str], ...]] = (
    ("variant", _instance(Variant), "a Variant"),
    ("round_number", is_int, "an int"),
    ("dealer", is_int, "an int"),
    ("phase", _instance(Phase), "a Phase"),
    ("active", is_int, "an int"),
    ("to_act", _optional(is_int), "an int or None"),
    ("hands", _tuple_of(_CARDS), "a tuple of tuples of Cards"),
    ("stock", _CARDS, "a tuple of Cards"),
    ("discard", _CARDS, "a tuple of Cards"),
    ("discarded_by", _tuple_of(_optional(is_int)), "a tuple of players (ints) or None"),
    ("table", _tuple_of(_instance(TableMeld)), "a tuple of TableMelds"),
    ("down", _tuple_of(_instance(bool)), "a tuple of bools"),
    ("scores", _INTS, "a tuple of ints"),
    ("penalties", _optional(_INTS), "a tuple of ints or None"),
    ("winners", _optional(_INTS), "a tuple of ints or None"),
    ("buys", _INTS, "a tuple of ints"),
    ("turn", _instance(Turn), "a Turn"),
    ("window", _instance(BuyWindow), "a BuyWindow"),
    ("reshuffles", is_int, "an int"),
    ("turns", is_int, "an int"),
    ("rng", is_int, "an int"),
    ("shuffler", _instance(Shuffler), "a Shuffler"),
    ("cut", _optional(is_int), "an int or None"),
    ("moves", is_int, "an int"),
)


def _check_types(state: RoundState) -> None:
    """Raise :class:`TypeError` for a field of the wrong type, naming the field."""
    _check_fields(state, _TYPES)
    _check_parts(state.table, state.turn, state.window)


def _check_fields(
    value: object, types: tuple[tuple[str, Callable[[object], bool], str], ...]
) -> None:
    """Raise :class:`TypeError` for the first of ``types``' fields that ``value`` breaks."""
    for name, check, what in types:
        field: object = getattr(value, name)
        if not check(field):
            raise TypeError(f"{name} must be {what}, got {field!r}")


def _check_parts(table: tuple[TableMeld, ...], turn: Turn, window: BuyWindow) -> None:
    """Raise :class:`TypeError` for a wrong type inside the table, the turn or the window."""
    for placed in table:
        meld: object = placed.meld
        if not isinstance(meld, Group | Run) or not is_int(placed.owner):
            raise TypeError(f"table melds must hold a Group or Run and an owner, got {placed!r}")
    kept: object = turn.kept_card
    if not _optional(_instance(Card))(kept):
        raise TypeError(f"turn.kept_card must be a Card or None, got {kept!r}")
    went_down: object = turn.went_down
    if not isinstance(went_down, bool):
        raise TypeError(f"turn.went_down must be a bool, got {went_down!r}")
    queue: object = window.queue
    last_buyer: object = window.last_buyer
    requester: object = window.requester
    if not _INTS(queue) or not _optional(is_int)(last_buyer) or not _optional(is_int)(requester):
        raise TypeError(f"window must hold a tuple of players and two players or None: {window!r}")


def _problems(state: RoundState) -> Iterator[str]:
    """What is inconsistent in a state whose fields have the right types."""
    variant = state.variant
    players = len(state.hands)
    if not variant.min_players <= players <= variant.max_players:
        fewest, most = variant.min_players, variant.max_players
        allowed = str(fewest) if fewest == most else f"{fewest}-{most}"
        yield f"R1: {variant.name} is played by {allowed} players, but hands has {players}"
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
    if not 0 <= state.rng < 2**64:
        yield f"rng must be a shuffler state, 0 to 2**64 - 1, got {state.rng}"
    variant = state.variant
    if min(state.buys, default=0) < 0 or state.reshuffles < 0 or state.moves < 0:
        yield "buys, reshuffles and moves must not be negative"
    if variant.max_buys is not None and max(state.buys, default=0) > variant.max_buys:
        yield f"R21: {variant.name} allows {variant.max_buys} buys a round, got {state.buys}"
    if variant.max_reshuffles is not None and state.reshuffles > variant.max_reshuffles:
        yield (
            f"R29: {variant.name} allows {variant.max_reshuffles} reshuffles a round, "
            f"got {state.reshuffles}"
        )
    if state.turns < 1 or (variant.max_turns is not None and state.turns > variant.max_turns):
        yield f"R29: turns counts the round's turns from 1 to max_turns, got {state.turns}"
    if state.penalties is not None and min(state.penalties, default=0) < 0:
        yield f"penalties must not be negative, got {state.penalties}"
    if state.cut is not None:
        size = len(variant.deck(players))
        if not variant.cut_bonus:
            yield f"R32: {variant.name} has no cut (cut_bonus is 0), but cut is {state.cut}"
        elif not 1 <= state.cut < size:
            yield f"R32: the cut lifts 1 to {size - 1} cards of the {size}, got {state.cut}"
    yield from _table_problems(state, players)
    yield from _deck_problems(state, players)
    yield from _phase_problems(state, players)


def _table_problems(state: RoundState, players: int) -> Iterator[str]:
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


def _deck_problems(state: RoundState, players: int) -> Iterator[str]:
    cards = [
        *(card for hand in state.hands for card in hand),
        *state.stock,
        *state.discard,
        *(card for placed in state.table for card in placed.cards),
    ]
    difference = deck_difference(state.variant, players, cards)
    if difference:
        yield (
            f"R2: every card of the {state.variant.name} deck for {players} players must be "
            f"in a hand, the stock, the discard pile or the table exactly once: {difference}"
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
    parts = [f"missing {format_cards(missing)}"] if missing else []
    parts += [f"extra {format_cards(extra)}"] if extra else []
    return "; ".join(parts) or None


def _phase_problems(state: RoundState, players: int) -> Iterator[str]:
    phase, to_act, active = state.phase, state.to_act, state.active
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
        yield f"R28: winners must be players of the game, at least one, each once: {winners}"
    if over:
        if to_act is not None:
            yield f"to_act must be None when the round is over, got {to_act}"
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


def _window_problems(state: RoundState, players: int) -> Iterator[str]:
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
        yield f"R20: player {to_act} made the last buy and may not be asked again at once"
    if not state.discard:
        yield "a buy window needs a card on the discard pile"
    asked = [p for p in (to_act, *queue) if p is not None and 0 <= p < players]
    if state.discard:
        for p in asked:
            problem = _buyer_problem(state, p)
            if problem is not None:
                yield f"R21: {problem}, so they may not be asked"
        if asked != sorted(asked, key=lambda p: _priority(state, p)):
            yield (
                f"R19: buyers are asked from the active player's left, the discarder "
                f"last: {to_act} then {queue} is out of order"
            )
    if state.variant.shanghai_call and last is not None:
        yield "R31: with the Shanghai call there is one buy a turn: no last buyer is asked"
    if window.requester is not None:
        yield "R31: a request for the discard is answered in phase DRAW, not BUY"


def _buyer_problem(state: RoundState, player: int) -> str | None:
    """Why ``player`` may not buy the top discard, or ask for it (R19, R21), or ``None``."""
    variant = state.variant
    if not variant.buying:
        return f"{variant.name} has no buying (buying is False): player {player} may not buy"
    if variant.max_buys is not None and state.buys[player] >= variant.max_buys:
        return f"player {player} is at the cap of {variant.max_buys} buys"
    if state.down[player] and not variant.down_players_may_buy:
        return f"player {player} is down and may not buy"
    if state.discarded_by[-1] == player and not variant.discarder_may_buy:
        return f"player {player} discarded the top card and may not buy it back"
    # R21, R27: the penalty is drawn once the card leaves the pile, reshuffling if need be.
    limit = variant.max_reshuffles
    refill = len(state.discard) - 2 if limit is None or state.reshuffles < limit else 0
    if len(state.stock) + max(0, refill) < variant.buy_penalty:
        return f"no penalty card can be drawn for player {player}"
    return None


def _priority(state: RoundState, player: int) -> tuple[bool, int]:
    """Where ``player`` comes in the order buyers are asked (R19, R21).

    From the active player's left; the player who discarded the top card comes last.
    """
    return (state.discarded_by[-1] == player, (player - state.active) % len(state.hands))


def _request_problems(state: RoundState, players: int) -> Iterator[str]:
    """What is wrong with a pending request in phase DRAW (R31)."""
    variant, window = state.variant, state.window
    requester = window.requester
    assert requester is not None
    if not variant.shanghai_call:
        yield (
            f"R31: {variant.name} has no Shanghai call (shanghai_call is False): "
            f"nobody may request the discard, got requester {requester}"
        )
        return
    if window.queue or window.last_buyer is not None:
        yield f"R31: once a request is made nobody else is asked: {window!r}"
    if not 0 <= requester < players or requester == state.active:
        yield f"R31: the requester must be a player other than the active one: {requester}"
        return
    if not state.discard:
        yield "R31: a request needs a card on the discard pile"
        return
    problem = _buyer_problem(state, requester)
    if problem is not None:
        yield f"R31: {problem} (R21)"
