"""What each player has seen of a game: :class:`History`, kept by :class:`Histories`.

A :class:`~contract_rummy.PlayerView` is what a player sees now; their history is
everything they saw happen from the first deal on: every action (all actions of this game
are public: who chose what), and each step's events as that player may see them
(:func:`~contract_rummy.censor`: another player's draw is a card gone face down into their
hand, a buy's penalty cards likewise, a reshuffled stock only its size), round after round,
with each new hand the player was dealt. It is what a server sends a player who joins late
or reconnects, and what a bot may read beyond its view.

A state holds no history: the engine plays every action of every simulation, and a history
grows with the game. :class:`Histories` keeps one game's steps beside its states, each once,
and gives any player's history when asked:

>>> import contract_rummy as cr
>>> from contract_rummy.history import Histories
>>> from contract_rummy.playing import steps
>>> state = cr.new_game(seed=1)
>>> kept = Histories(state)
>>> for played in steps(state, [cr.GreedyBot()] * 4):
...     kept.add(played)
...     if played[3].round_number == 2:
...         break
>>> mine = kept.history(0)
>>> mine.player, mine.start == cr.view(state, 0), len(mine.steps) == len(kept)
(0, True, True)
>>> mine.steps[0]
Seen(moves=0, player=2, action=DrawStock(), events=(), hand=None)
>>> mine.steps[1].events
(BoughtUnseen(player=3, card=Card.parse('4D'), penalty=1), DrewUnseen(player=2))
>>> [len(round_steps) for round_steps in mine.rounds()]
[142, 1]
>>> mine.steps[-1].hand == kept.state.hands[0]  # the hand the last step dealt player 0
True

A game stored as a record (:mod:`contract_rummy.records`) is cut to one player's history
with :meth:`GameRecord.history <contract_rummy.records.GameRecord.history>`; in a game dealt
step by step, the cards chance placed reach every player as :class:`ChanceUnseen`.

Which cards of each opponent's hand a player knows (those everyone saw them take from the
discard pile or buy) is public, and the engine keeps it in the state:
:attr:`PlayerView.known <contract_rummy.state.Board.known>` answers it from the view alone.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import IO, Any, Final, NoReturn

import attrs

from contract_rummy._checks import at_least, check_int, is_int, true_or_false
from contract_rummy._json import (
    Fields,
    at,
    check_file,
    list_of,
    optional,
    read_card,
    read_document,
    read_file,
    read_int,
    shown,
)
from contract_rummy.actions import (
    ACTION_TYPES,
    Action,
    ChanceAction,
    CutDeck,
    DealCard,
    Discard,
    FirstDealer,
    GoDown,
    LayOff,
    NextRound,
    SwapJoker,
    not_an_action,
)
from contract_rummy.cards import Card, format_cards
from contract_rummy.codec import SCHEMA_VERSION, from_dict, read_variant, to_dict
from contract_rummy.engine import STEPS, new_game, winners_of
from contract_rummy.engine import step as engine_step
from contract_rummy.errors import ContractRummyError, InvalidStateError, RecordError
from contract_rummy.events import (
    CENSORS,
    Bought,
    BoughtUnseen,
    Dealt,
    Drew,
    DrewUnseen,
    Event,
    GameEnded,
    Reshuffled,
    RoundEnded,
    SeenEvent,
    Step,
    TookDiscard,
    WildFreed,
    censor,
    censored,
)
from contract_rummy.playing import Played, as_played
from contract_rummy.state import (
    Chance,
    ChanceKind,
    Phase,
    RoundState,
    Totals,
    builder,
    not_a_state,
)
from contract_rummy.views import PlayerView, canonical_state, not_a_view, view

__all__ = ["ChanceUnseen", "Histories", "History", "Seen", "dump", "dumps", "load", "loads"]

_TYPE: Final = "History"
#: The chance part of a game dealt step by step, between chance points.
_STEPPED: Final = Chance(0, STEPS)


@attrs.frozen
class ChanceUnseen:
    """Chance placed the next card of an order, face down: which, the player may not see.

    In a game dealt step by step (``new_game(auto_chance=False)``), what every player
    sees of a :class:`~contract_rummy.DealCard` of a deal (R5) or a reshuffle (R27): that
    one card was placed, not which. Each player learns their own cards from the deal
    (:attr:`Seen.hand`) and the cards they draw; the first dealer
    (:class:`~contract_rummy.FirstDealer`) and the cut (:class:`~contract_rummy.CutDeck`)
    are seen by everyone. In JSON it is ``{"type": "ChanceUnseen"}``.

    >>> import contract_rummy as cr
    >>> kept = Histories(cr.new_game(auto_chance=False))
    >>> for outcome in (cr.FirstDealer(0), cr.DealCard("7S")):
    ...     done = kept.step(outcome)
    >>> [seen.action for seen in kept.history(1).steps]
    [FirstDealer(player=0), ChanceUnseen()]
    """


#: The check of a count or a player: an int (not a bool), not negative.
_NOT_NEGATIVE: Final[Callable[[Any, Any, int], None]] = at_least(0)

#: What every player sees of a card chance placed: all are alike.
_UNSEEN: Final = ChanceUnseen()


def _seen_action(action: Action | ChanceAction) -> Action | ChanceAction | ChanceUnseen:
    """What every player sees of ``action``: the action, or a deal's card hidden (R5, R27)."""
    return _UNSEEN if type(action) is DealCard else action


@attrs.frozen
class Seen:
    """One step of a game as one player saw it.

    Attributes:
        moves: The number of the position the action was played in (the state's
            ``moves`` before it).
        player: Who chose the action; between rounds, the dealer of the round just over
            (R4); for chance, the dealer of the deal under way (the first dealer's draw,
            before anyone deals, is the new game's player 0's).
        action: The action: every player's action is public; chance's outcomes are
            public but for the cards of a deal's or a reshuffle's order
            (:class:`ChanceUnseen`).
        events: What it did, as this player may see it (:func:`~contract_rummy.censored`).
        hand: When the step dealt a round (:class:`~contract_rummy.Dealt`), this player's
            new hand; else ``None``.

    >>> import contract_rummy as cr
    >>> kept = Histories(cr.new_game(seed=1))
    >>> for action in (cr.DrawStock(), cr.Buy()):
    ...     done = kept.step(action)
    >>> seen = kept.history(0).steps[1]  # player 3 bought; player 0 sees no card drawn
    >>> seen.player, seen.action, seen.events
    (3, Buy(), (BoughtUnseen(player=3, card=Card.parse('4D'), penalty=1), DrewUnseen(player=2)))

    Built by hand, its fields are checked: a value of the wrong type is a ``TypeError``, a
    negative ``moves`` or ``player`` a ``ValueError``, and so is a
    :class:`~contract_rummy.DealCard`, whose card no player sees (R5, R27): a history
    holds :class:`ChanceUnseen` for it. Whether the step could have happened is
    :meth:`History.views`' to check.

    >>> Seen(0, 2, cr.DrawStock, ())
    Traceback (most recent call last):
    ...
    TypeError: action: expected an action, got the class DrawStock: call it, as in DrawStock()
    """

    moves: int = attrs.field(validator=_NOT_NEGATIVE)
    player: int = attrs.field(validator=_NOT_NEGATIVE)
    action: Action | ChanceAction | ChanceUnseen = attrs.field()
    events: tuple[SeenEvent, ...] = attrs.field()
    hand: tuple[Card, ...] | None = attrs.field(default=None)

    @action.validator
    def _check_action(self, _: object, action: object) -> None:
        if type(action) is DealCard:
            raise ValueError(
                f"action: {action!r} names a card no player sees (R5, R27): a history "
                "holds ChanceUnseen() for it"
            )
        if type(action) not in ACTION_TYPES and type(action) is not ChanceUnseen:
            problem = not_an_action(action) if isinstance(action, type) else None
            raise TypeError(
                f"action: {problem or f'expected an action or ChanceUnseen(), got {_got(action)}'}"
            )

    @events.validator
    def _check_seen_events(self, _: object, events: object) -> None:
        if type(events) is not tuple:
            raise TypeError(f"events must be a tuple of events, got {_got(events)}")
        for index, event in enumerate(events):
            if type(event) not in CENSORS and type(event) not in (DrewUnseen, BoughtUnseen):
                raise TypeError(f"events[{index}] must be an event, got {_got(event)}")

    @hand.validator
    def _check_hand(self, _: object, hand: object) -> None:
        if hand is None:
            return
        if type(hand) is not tuple:
            raise TypeError(f"hand must be None or a tuple of Cards, got {_got(hand)}")
        for index, card in enumerate(hand):
            if not isinstance(card, Card):
                raise TypeError(f"hand[{index}] must be a Card, got {_got(card)}")


#: A :class:`Seen` built unchecked: for the steps the library censors from the engine's
#: (:meth:`Histories.history`, at every step), and those :func:`loads` has checked.
_unchecked_seen: Final = builder(Seen, Seen.__init__)


def _got(value: object) -> str:
    """``value`` as a refusal shows it: cut short, and a state or a view only named."""
    if isinstance(value, RoundState | PlayerView):
        return f"a {type(value).__name__}, not shown: it holds cards hidden from players"
    return shown(value)


@attrs.frozen
class History:
    """Everything one player has seen of a game: the first view, then every step.

    Attributes:
        player: Whose history this is.
        start: The player's view of the game's first state (their first hand included).
        steps: Every step since, in order (:class:`Seen`).
        chance_steps: Whether the game is dealt step by step (``auto_chance=False``):
            its chance's outcomes are then among the steps (R4, R5, R27, R32).

    >>> import contract_rummy as cr
    >>> kept = Histories(cr.new_game(auto_chance=False))
    >>> done = kept.step(cr.FirstDealer(0))
    >>> for card in sorted(kept.state.stock):  # the deal, a card at a time
    ...     done = kept.step(cr.DealCard(card))
    >>> mine = kept.history(1)
    >>> mine.chance_steps, len(mine.steps), mine.steps[-1].hand == kept.state.hands[1]
    (True, 108, True)
    >>> list(mine.views())[-1] == cr.view(kept.state, 1)
    True

    Built by hand, it is checked as far as is cheap: the types (``TypeError``), and that
    the history is its ``player``'s, whose view ``start`` is, that each step names a
    player of the game (R1), that the steps' ``moves`` grow from the first view's, that no
    event names a card hidden from the player (:func:`~contract_rummy.censor`), and that
    chance's outcomes are steps only in a game dealt step by step (R4, R5); each a
    ``ValueError``. Whether each step follows from the view before it is
    :meth:`views`' to check, step by step.

    >>> start = cr.view(cr.new_game(seed=1), 0)
    >>> History(1, start, ())
    Traceback (most recent call last):
    ...
    ValueError: player must be the player whose view start is, 0, got 1
    """

    player: int = attrs.field(validator=_NOT_NEGATIVE)
    start: PlayerView = attrs.field()
    steps: tuple[Seen, ...] = attrs.field()
    chance_steps: bool = attrs.field(default=False, validator=true_or_false)

    @start.validator
    def _check_start(self, _: object, start: object) -> None:
        if not isinstance(start, PlayerView):
            raise TypeError(f"start: {not_a_view(start)}")

    @steps.validator
    def _check_steps(self, _: object, steps: object) -> None:
        if type(steps) is not tuple:
            raise TypeError(f"steps must be a tuple of Seen steps, got {_got(steps)}")
        for index, seen in enumerate(steps):
            if not isinstance(seen, Seen):
                raise TypeError(f"steps[{index}] must be a Seen step, got {_got(seen)}")

    def __attrs_post_init__(self) -> None:
        # After the fields' own checks: the fields agree with each other.
        player, start = self.player, self.start
        if player != start.player:
            raise ValueError(
                f"player must be the player whose view start is, {start.player}, got {player}"
            )
        players = start.players
        moves = start.moves
        for index, seen in enumerate(self.steps):
            where = f"steps[{index}]"
            if seen.player >= players:
                raise ValueError(
                    f"{where}.player must be a player of the game (R1), 0-{players - 1}, "
                    f"got {seen.player}"
                )
            if seen.moves < moves:
                raise ValueError(f"{where}.moves must be {moves} or more, got {seen.moves}")
            moves = seen.moves + 1
            if not self.chance_steps and isinstance(
                seen.action, ChanceUnseen | FirstDealer | CutDeck
            ):
                raise ValueError(
                    f"{where}.action: chance's outcomes are steps only in a game dealt step "
                    f"by step (chance_steps=True, R4, R5), got {seen.action!r}"
                )
            for at_event, event in enumerate(seen.events):
                if censor(event, player) is not event:
                    raise ValueError(
                        f"{where}.events[{at_event}]: names cards player {player} may not "
                        f"see: a history holds each event as censor(event, {player}) gives it"
                    )

    def views(self) -> Iterator[PlayerView]:
        """The player's view after each step, worked out from what the history holds.

        Each step is played on a state behind the view before it (its unseen cards placed
        so that the action is legal), and the view after it is corrected by what the
        player saw: the cards they drew, the hands shown at a round's end (its scores),
        the new hand and face-up card of a deal. It equals the view the player had. Each
        step is checked against the view before it: its ``moves`` and its action, and its
        events against those the engine reports, but for what the view cannot tell (the
        cards the player drew, a deal's face-up card, the other hands' penalties, R25).

        Raises:
            IllegalActionError: if a step's action could not have been played (a history
                that did not happen, such as a document changed by hand).
            InvalidStateError: if what a step shows the player cannot be (a card drawn
                that they see elsewhere, events the action does not make, ...).

        >>> import contract_rummy as cr
        >>> kept = Histories(cr.new_game(seed=1))
        >>> for action in (cr.DrawStock(), cr.Buy()):
        ...     done = kept.step(action)
        >>> list(kept.history(0).views())[-1] == cr.view(kept.state, 0)
        True
        """
        current = self.start
        held: RoundState | None = None  # behind a chance point, the state waiting for it
        if current.phase is Phase.CHANCE:
            held = new_game(current.variant, players=current.players, auto_chance=False)
            if not self.chance_steps or view(held, current.player) != current:
                _refuse("R4", "start: a game waiting for chance is a new game dealt step by step")
        for seen in self.steps:
            current, held = _next_view(current, held, seen, stepped=self.chance_steps)
            yield current

    def rounds(self) -> tuple[tuple[Seen, ...], ...]:
        """The steps round by round: a new round begins with the dealer's ``NextRound()``.

        The step that ended a round (its :class:`~contract_rummy.RoundEnded`) closes that
        round; the dealer's ``NextRound()`` opens the next (R4, R25). In a game dealt step
        by step, the chance steps that deal a round belong to it, after its ``NextRound()``
        (the first round's after the choice of the first dealer).
        """
        found: list[tuple[Seen, ...]] = []
        current: list[Seen] = []
        for seen in self.steps:
            if type(seen.action) is NextRound and current:
                found.append(tuple(current))
                current = []
            current.append(seen)
        if current:
            found.append(tuple(current))
        return tuple(found)


#: A :class:`History` built unchecked: of steps the library made or :func:`loads` checked.
_unchecked_history: Final = builder(History, History.__init__)


def _chooser(position: RoundState | PlayerView) -> int:
    """Who chooses the step played from ``position``: the player to act, else the dealer.

    The dealer deals the next round (R4) and stands for chance at its points.
    """
    return position.facts.dealer if position.to_act is None else position.to_act


class Histories:
    """Every player's history of one game, kept step by step as it is played.

    Give it each step of the game, :data:`~contract_rummy.playing.Played` as
    :func:`~contract_rummy.playing.steps` yields it (:meth:`add`), or let it play the
    action (:meth:`step`); ask any player's :class:`History` at any time (:meth:`history`).
    Each step is kept once, whole, and censored for a player when their history is asked.
    The histories are the server's to keep: they hold every card.

    Raises:
        TypeError: if ``state`` is not a :class:`~contract_rummy.RoundState`.

    >>> import contract_rummy as cr
    >>> from contract_rummy.history import Histories
    >>> kept = Histories(cr.new_game(seed=1))
    >>> after, events = kept.step(cr.DrawStock())
    >>> after, events = kept.step(cr.Buy())
    >>> [seen.events for seen in kept.history(0).steps][-1]
    (BoughtUnseen(player=3, card=Card.parse('4D'), penalty=1), DrewUnseen(player=2))
    """

    def __init__(self, state: RoundState) -> None:
        if not isinstance(state, RoundState):
            raise TypeError(not_a_state(state))
        self._first = state
        self._state = state
        self._stepped = state.shuffler == STEPS
        self._steps: list[
            tuple[int, int, Action | ChanceAction, tuple[Event, ...], RoundState | None]
        ] = []

    @property
    def state(self) -> RoundState:
        """The state the game has reached."""
        return self._state

    def __len__(self) -> int:
        """How many steps have been kept."""
        return len(self._steps)

    def add(
        self,
        played: Played
        | tuple[RoundState, int, Action | ChanceAction, RoundState, tuple[Event, ...]],
    ) -> None:
        """Keep one step: ``before, player, action, after, events``.

        In a game dealt step by step, chance's outcomes are steps too (their player is the
        dealer of the deal under way, as for :meth:`step`; see :attr:`Seen.player`).

        The step is taken as the engine played it (as :func:`~contract_rummy.playing.steps`
        yields it): only what is cheap to check is checked. For an action sent by a player,
        let :meth:`step` play it.

        Raises:
            ValueError: if ``before`` is not the state the game has reached, ``player`` is
                not the one who chooses in it (R4, R6, R19), or ``after`` is not the next
                position (its ``moves`` one more).
            TypeError: if ``played`` is not such a step
                (:func:`~contract_rummy.playing.as_played`).
        """
        before, player, action, after, events = as_played(played)
        if before is not self._state and before != self._state:
            raise ValueError("the step was not played from the state the game has reached")
        chooser = _chooser(before)
        if player != chooser:
            raise ValueError(f"player {player} did not choose this step: player {chooser} does")
        if getattr(after, "moves", None) != before.moves + 1:  # (a state's, or refused)
            raise ValueError(
                f"the step's after state is not the next position (moves {before.moves + 1})"
            )
        dealt = after if any(type(event) is Dealt for event in events) else None
        self._steps.append((before.moves, player, action, events, dealt))
        self._state = after

    def step(self, action: Action | ChanceAction, *, player: int | None = None) -> Step:
        """Play ``action`` (as :func:`~contract_rummy.step` does) and keep the step.

        ``player`` is who sends it: refused unless they choose now, as
        :func:`~contract_rummy.apply` refuses it.
        """
        before = self._state
        done = engine_step(before, action, player=player)
        self.add((before, _chooser(before), action, done.state, done.events))
        return done

    def history(self, player: int) -> History:
        """What ``player`` has seen so far: their :class:`History`.

        Raises:
            ValueError: if ``player`` is not a player of the game.
        """
        self._check_player(player)
        seen = tuple(self._seen(player))
        return _unchecked_history(player, view(self._first, player), seen, self._stepped)

    def since(self, player: int, start: int) -> tuple[Seen, ...]:
        """The steps from number ``start`` on (from 0), as ``player`` saw them.

        What a server sends a player who has the first ``start`` steps already: after each
        step, the step itself; after a reconnection, everything they missed.

        Raises:
            ValueError: if ``player`` is not a player of the game, or ``start`` is
                negative.
        """
        self._check_player(player)
        check_int("start", start, minimum=0)
        return tuple(self._seen(player, start))

    def _check_player(self, player: int) -> None:
        check_int("player", player, minimum=0)
        if player >= self._first.players:
            raise ValueError(
                f"player must be a player of the game, 0-{self._first.players - 1}, got {player}"
            )

    def _seen(self, player: int, start: int = 0) -> Iterator[Seen]:
        for moves, chooser, action, events, dealt in self._steps[start:]:
            hand = None if dealt is None else dealt.hands[player]
            yield _unchecked_seen(
                moves, chooser, _seen_action(action), censored(events, player), hand
            )


# == the views a history gives ================================================================


def _played_cards(action: Action) -> tuple[Card, ...]:
    """The cards ``action`` takes out of its player's hand."""
    if isinstance(action, Discard | LayOff | SwapJoker):
        return (action.card,)
    if isinstance(action, GoDown):
        return tuple(card for meld in action.melds for card in meld.cards)
    return ()


def _drawn(events: tuple[Event, ...] | tuple[SeenEvent, ...], player: int) -> list[Card]:
    """The cards ``events`` put into ``player``'s hand: taken, bought, drawn."""
    cards: list[Card] = []
    for event in events:
        if isinstance(event, TookDiscard | Drew) and event.player == player:
            cards.append(event.card)
        elif isinstance(event, Bought) and event.player == player:
            cards.extend((event.card, *event.penalty))
    return cards


def _behind(seen_view: PlayerView, chooser: int, needed: tuple[Card, ...]) -> RoundState:
    """A state behind ``seen_view`` whose ``chooser`` holds ``needed``.

    The cards come from the stock or the hands of the others (never the viewer's, nor the
    cards known to be in a hand), each swapped for one of the chooser's own cards that is
    neither needed nor known.
    """
    state = canonical_state(seen_view)
    me = seen_view.player
    if chooser == me:
        return state
    hands = [list(hand) for hand in state.hands]
    stock = list(state.stock)
    known = state.known
    lacking = Counter(needed) - Counter(hands[chooser])
    spare = Counter(hands[chooser]) - Counter(needed) - Counter(known[chooser])
    for card in lacking.elements():
        given = next(iter(spare.elements()), None)
        if given is None:
            _refuse(
                "R13",
                f"player {chooser} cannot hold {format_cards(needed)}: their hand has "
                f"{len(hands[chooser])} cards, {len(known[chooser])} of them known",
            )
        spare[given] -= 1
        hands[chooser].remove(given)
        hands[chooser].append(card)
        if card in stock:
            stock[stock.index(card)] = given
            continue
        for other, hand in enumerate(hands):
            free = hand.count(card) - known[other].count(card)
            if other not in (me, chooser) and free > 0:
                hand.remove(card)
                hand.append(given)
                break
        else:
            _refuse("R2", f"{card} cannot be in player {chooser}'s hand: player {me} sees it")
    return state.replace(hands=tuple(tuple(sorted(hand)) for hand in hands), stock=tuple(stock))


def _refuse(rule: str, message: str) -> NoReturn:
    raise InvalidStateError(f"{rule}: {message}", rule=rule)


def _outcome(
    held: RoundState, action: Action | ChanceAction | ChanceUnseen
) -> Action | ChanceAction:
    """The outcome to play at ``held``'s chance point for what the player saw of it."""
    point = held.chance.pending
    assert point is not None
    if not isinstance(action, ChanceUnseen):
        if not isinstance(action, FirstDealer | CutDeck):
            _refuse("R5", f"{action!r} is not possible now: chance deals, no player acts")
        return action
    if point.kind not in (ChanceKind.DEAL, ChanceKind.RESHUFFLE):
        _refuse("R5", f"{action!r} is not possible now: chance draws a number, not an order")
    return DealCard(point.remaining[0])


def _next_view(
    before: PlayerView, held: RoundState | None, seen: Seen, *, stepped: bool
) -> tuple[PlayerView, RoundState | None]:
    """The view after ``seen``, played from the view ``before``.

    ``held`` is the state behind a chance point (phase CHANCE), which the view alone
    cannot give back; the state behind the next chance point comes back with the view.
    """
    me = before.player
    if seen.moves != before.moves:
        _refuse(
            "R6", f"the step is played at moves {seen.moves}, but the view is at {before.moves}"
        )
    chooser = _chooser(before)
    if seen.player != chooser:
        _refuse("R6", f"player {seen.player} does not choose now: player {chooser} does")
    if held is None:
        if isinstance(seen.action, ChanceUnseen | FirstDealer | CutDeck | DealCard):
            _refuse("R5", f"{seen.action!r} is not possible now: no chance point is due")
        behind = _behind(before, seen.player, _played_cards(seen.action))
        if stepped:
            behind = behind.replace(chance=_STEPPED)
        action: Action | ChanceAction = seen.action
    else:
        behind = held
        action = _outcome(held, seen.action)
    after, events = engine_step(behind, action)
    if after.phase is Phase.CHANCE:
        if seen.events or seen.hand is not None:
            _refuse("R5", "the step waits for chance: nothing has happened yet")
        return view(after, me), after
    hand = Counter(after.hands[me])
    hand.subtract(_drawn(events, me))
    hand.update(_drawn(seen.events, me))
    _check_events(before, censored(events, me), seen, tuple(hand.elements()))
    changes: dict[str, Any] = {"hand": tuple(sorted(hand.elements()))}
    dealt = False
    for event in seen.events:
        if isinstance(event, RoundEnded):
            changes["totals"] = Totals(event.scores, event.penalties)
        elif isinstance(event, GameEnded):
            changes["totals"] = Totals(event.scores, changes["totals"].penalties, event.winners)
        elif isinstance(event, Dealt):
            if seen.hand is None:
                _refuse("R5", "a deal gives the player a new hand, and the step has none")
            dealt = True
            scores = list(before.scores)
            if event.exact_cut is not None:
                scores[event.exact_cut] -= before.variant.cut_bonus
            changes.update(
                hand=seen.hand,
                discard=(event.top_discard,),
                facts=attrs.evolve(after.facts, cut=event.cut),
                totals=Totals(tuple(scores)),
            )
    if seen.hand is not None and not dealt:
        _refuse("R5", "the step deals no round, yet gives the player a new hand")
    made = view(after, me)
    if all(getattr(made, name) == value for name, value in changes.items()):
        return made, None  # what the engine made: a valid view, nothing to check again
    return attrs.evolve(made, **changes), None


def _check_events(
    before: PlayerView, made: tuple[SeenEvent, ...], seen: Seen, hand: tuple[Card, ...]
) -> None:
    """Refuse events the step does not make, but for what ``before`` cannot tell.

    ``hand`` is the player's hand after the step, the cards they drew in it included.
    """
    said = seen.events
    if [type(event) for event in said] != [type(event) for event in made]:
        _refuse(
            _rule(made or said),
            f"the step's events are {_names(said)}, but its action makes {_names(made)}",
        )
    players = range(before.players)
    ended: RoundEnded | None = None
    for one, own in zip(said, made, strict=True):
        if isinstance(one, RoundEnded):
            ended = one
        if one == own:
            continue
        if isinstance(one, Drew) and isinstance(own, Drew):
            continue  # the card drawn is the player's to see, the view cannot tell it
        if isinstance(one, Bought) and isinstance(own, Bought):
            if (one.player, one.card, len(one.penalty)) == (
                own.player,
                own.card,
                len(own.penalty),
            ):
                continue
        elif isinstance(one, Dealt) and isinstance(own, Dealt):
            cut_ok = (one.cut is None) == (own.cut is None) and (
                one.exact_cut is None or one.exact_cut == (one.dealer - 1) % before.players
            )
            if (one.round_number, one.dealer) == (own.round_number, own.dealer) and cut_ok:
                continue
        elif isinstance(one, RoundEnded) and isinstance(own, RoundEnded):
            # The other hands are scored in the open (R25): the view cannot tell their worth.
            me = before.player
            penalties = one.penalties
            fits = (
                (one.round_number, one.reason, one.went_out)
                == (own.round_number, own.reason, own.went_out)
                and len(penalties) == before.players
                and penalties[me] == sum(map(before.variant.penalty, hand))
                and all(penalties[p] >= 0 for p in players)
                and (one.went_out is None or penalties[one.went_out] == 0)
                and one.scores == tuple(before.scores[p] + penalties[p] for p in players)
            )
            if fits:
                continue
        elif isinstance(one, GameEnded) and isinstance(own, GameEnded) and ended is not None:
            winners = winners_of(before.variant, ended.scores, ended.penalties)
            if (one.scores, one.winners) == (ended.scores, winners):
                continue
        _refuse(_rule((own,)), f"the step's event {one!r} is not what its action makes: {own!r}")


def _names(events: tuple[SeenEvent, ...]) -> str:
    return "[" + ", ".join(type(event).__name__ for event in events) + "]"


def _rule(events: tuple[SeenEvent, ...]) -> str:
    """The rule an event reports, for a refusal."""
    rules = {
        Drew: "R13",
        DrewUnseen: "R13",
        TookDiscard: "R13",
        Bought: "R19",
        BoughtUnseen: "R19",
        Reshuffled: "R27",
        WildFreed: "R23",
        RoundEnded: "R25",
        GameEnded: "R28",
        Dealt: "R5",
    }
    return rules.get(type(events[0]), "R13") if events else "R13"


# == a history as JSON ========================================================================


def dumps(history: History, *, indent: int | None = None) -> str:
    """``history`` as a JSON document: what a server sends its player, and nobody else.

    The document holds the player's first view and each step as they saw it: the action
    and the events as :func:`~contract_rummy.to_dict` writes them, and the hand a new
    round dealt them. :func:`loads` reads it back.

    >>> import contract_rummy as cr
    >>> kept = Histories(cr.new_game(seed=1))
    >>> done = kept.step(cr.DrawStock())
    >>> done = kept.step(cr.Buy())
    >>> text = dumps(kept.history(0))
    >>> [event["type"] for event in json.loads(text)["steps"][1]["events"]]
    ['BoughtUnseen', 'DrewUnseen']
    >>> loads(text) == kept.history(0)
    True
    """
    if not isinstance(history, History):
        raise TypeError(f"expected a History, got {history!r}")
    document = {
        "type": _TYPE,
        "version": SCHEMA_VERSION,
        "player": history.player,
        "start": to_dict(history.start),
        # Written only for a game dealt step by step: other histories read as before.
        **({"chance": "steps"} if history.chance_steps else {}),
        "steps": [_step(seen) for seen in history.steps],
    }
    return json.dumps(document, indent=indent)


def dump(history: History, fp: IO[str], *, indent: int | None = None) -> None:
    """Write ``history`` to a text file as a JSON document (see :func:`dumps`).

    Raises:
        TypeError: for a path rather than an open file.

    >>> import io
    >>> import contract_rummy as cr
    >>> kept = Histories(cr.new_game(seed=1))
    >>> done = kept.step(cr.DrawStock())
    >>> file = io.StringIO()
    >>> dump(kept.history(2), file)
    >>> _ = file.seek(0)
    >>> load(file) == kept.history(2)
    True
    """
    check_file(fp, "dump writes to", ", 'w'", ", or write the text dumps gives")
    fp.write(dumps(history, indent=indent))
    fp.write("\n")


def load(fp: IO[str] | IO[bytes]) -> History:
    """Read a player's history from a file holding one JSON document (see :func:`loads`).

    Raises:
        RecordError: as :func:`loads` does, and for a file that is not text in its encoding.
        TypeError: for a path rather than an open file.
    """
    return loads(read_file(fp))


def _step(seen: Seen) -> dict[str, Any]:
    return {
        "moves": seen.moves,
        "player": seen.player,
        "action": _action(seen.action),
        "events": [to_dict(event) for event in seen.events],
        "hand": None if seen.hand is None else [str(card) for card in seen.hand],
    }


def _action(action: Action | ChanceAction | ChanceUnseen) -> dict[str, Any]:
    if isinstance(action, ChanceUnseen):
        return {"type": "ChanceUnseen"}
    return to_dict(action)


def loads(text: str | bytes) -> History:
    """Read a player's history written by :func:`dumps`, checking it.

    The first view is checked as a view built by hand is; each action is checked as a
    value (its melds under the game's rules, R7-R10); each event field by field. The steps
    must follow one another (``moves`` growing from the first view's), name players of the
    game, and hold nothing hidden from the history's player: another player's draw only as
    :class:`~contract_rummy.DrewUnseen`, another buyer's penalty only as
    :class:`~contract_rummy.BoughtUnseen`, no reshuffled stock's order, no card of a deal's
    order (:class:`ChanceUnseen`). Then the steps are replayed (:meth:`History.views`):
    each must follow from the view before it, and a step that could not have happened is
    refused, naming the step and the rule.

    Raises:
        RecordError: if the text is not such a history, saying where and what is wrong.

    >>> import contract_rummy as cr
    >>> kept = Histories(cr.new_game(seed=1))
    >>> done = kept.step(cr.DrawStock())
    >>> data = json.loads(dumps(kept.history(0)))
    >>> data["steps"][0]["player"] = 3
    >>> loads(json.dumps(data))
    Traceback (most recent call last):
    ...
    contract_rummy.errors.RecordError: steps[0]: R6: player 3 does not choose now: player 2 does
    """
    body = read_document(text, _TYPE, SCHEMA_VERSION, "histories")
    fields = Fields(body, "", ("player", "start", "chance", "steps"), typed=True)
    stepped = fields.get("chance", optional(_read_chance), None) == "steps"
    player = fields.get("player", read_int)
    start: PlayerView = fields.get("start", lambda data, where: _read_start(data, where, player))
    if start.player != player:
        raise RecordError(
            f"start.player: expected the history's player {player}, got {start.player}"
        )
    steps = fields.get("steps", list_of(lambda value, path: _read_step(value, path, start)))
    moves = start.moves
    for index, seen in enumerate(steps):
        if seen.moves < moves:
            raise RecordError(
                f"{at(at('', 'steps'), index)}.moves: expected {moves} or more, got {seen.moves}"
            )
        moves = seen.moves + 1
    # Each field is checked above, saying where: the History's own checks would repeat them.
    history = _unchecked_history(player, start, tuple(steps), stepped)
    done = 0
    try:
        for _ in history.views():
            done += 1
    except ContractRummyError as error:
        where = f"steps[{done}]" if steps else "start"
        raise RecordError(f"{where}: {error}") from error
    return history


def _read_start(data: Any, path: str, player: int) -> PlayerView:
    if not isinstance(data, dict) or data.get("phase") != Phase.CHANCE.value:
        start: PlayerView = _read_value(data, path, PlayerView)
        return start
    # A view waiting for chance is only ever the first of a game dealt step by step (R4):
    # the new game's, which has no hand nor pile yet.
    variant = read_variant(data.get("variant"), at(path, "variant"))
    sizes = data.get("hand_sizes")
    players = len(sizes) if isinstance(sizes, list) else 0
    if variant.min_players <= players <= variant.max_players and is_int(player):
        first = new_game(variant, players=players, auto_chance=False)
        if 0 <= player < players and to_dict(view(first, player)) == data:
            return view(first, player)
    raise RecordError(
        f"{path}: a view waiting for chance (R4) is the first view of a new game dealt step "
        "by step, as view(new_game(variant, players=players, auto_chance=False), player) "
        "gives it"
    )


def _read_chance(value: Any, path: str) -> str:
    if value != "steps":
        raise RecordError(f"{path}: expected 'steps' (a game dealt step by step), got {value!r}")
    return "steps"


def _read_step(value: Any, path: str, start: PlayerView) -> Seen:
    fields = Fields(value, path, ("moves", "player", "action", "events", "hand"))
    moves = fields.get("moves", read_int)
    chooser = fields.get("player", read_int)
    if not 0 <= chooser < start.players:
        raise RecordError(f"{at(path, 'player')}: expected a player, 0-{start.players - 1}")
    variant = start.variant
    action = fields.get("action", lambda data, where: _read_action(data, where, variant))
    events = fields.get(
        "events", list_of(lambda data, where: _read_event(data, where, start.player))
    )
    hand = fields.get("hand", optional(list_of(read_card)), None)
    # Checked here and in loads, saying where (moves too: they must grow from the start's).
    return _unchecked_seen(
        moves, chooser, action, tuple(events), None if hand is None else tuple(hand)
    )


def _read_action(data: Any, path: str, variant: Any) -> Action | ChanceAction | ChanceUnseen:
    if isinstance(data, dict) and data.get("type") == "ChanceUnseen":
        Fields(data, path, (), typed=True)  # nothing but its type: which card is hidden
        return _UNSEEN
    action: Action | ChanceAction = _read_value(data, path, Action | ChanceAction, variant=variant)
    if isinstance(action, DealCard):
        raise RecordError(f"{path}: names cards no player may see: {action!r}")
    return action


def _read_value(data: Any, path: str, kind: Any, **options: Any) -> Any:
    if not isinstance(data, dict):
        raise RecordError(f"{path}: expected a JSON object")
    try:
        return from_dict(data, kind, **options)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def _read_event(data: Any, path: str, player: int) -> SeenEvent:
    event: SeenEvent = _read_value(data, path, SeenEvent)
    hidden = (isinstance(event, Drew | Bought) and event.player != player) or (
        isinstance(event, Reshuffled) and event.stock
    )
    if hidden:
        raise RecordError(f"{path}: names cards player {player} may not see: {event!r}")
    return event
