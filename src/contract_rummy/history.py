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

Which cards of each opponent's hand a player knows (those everyone saw them take from the
discard pile or buy) is public, and the engine keeps it in the state:
:attr:`PlayerView.known <contract_rummy.state.Board.known>` answers it from the view alone.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

import attrs

from contract_rummy._checks import check_int, is_int
from contract_rummy._json import Fields, at, list_of, optional, read_card, read_int
from contract_rummy.actions import Action, Discard, GoDown, LayOff, SwapJoker
from contract_rummy.cards import Card
from contract_rummy.codec import SCHEMA_VERSION, from_dict, to_dict
from contract_rummy.engine import step as engine_step
from contract_rummy.errors import RecordError
from contract_rummy.events import (
    Bought,
    Dealt,
    Drew,
    Event,
    GameEnded,
    Reshuffled,
    RoundEnded,
    SeenEvent,
    Step,
    TookDiscard,
    censored,
)
from contract_rummy.playing import Played
from contract_rummy.state import RoundState, Totals
from contract_rummy.views import PlayerView, canonical_state, view

__all__ = ["Histories", "History", "Seen", "dumps", "loads"]

_TYPE: Final = "History"


@attrs.frozen
class Seen:
    """One step of a game as one player saw it.

    Attributes:
        moves: The number of the position the action was played in (the state's
            ``moves`` before it).
        player: Who chose the action (between rounds, the dealer, R4).
        action: The action: every action is public.
        events: What it did, as this player may see it (:func:`~contract_rummy.censored`).
        hand: When the step dealt a round (:class:`~contract_rummy.Dealt`), this player's
            new hand; else ``None``.
    """

    moves: int
    player: int
    action: Action
    events: tuple[SeenEvent, ...]
    hand: tuple[Card, ...] | None = None


@attrs.frozen
class History:
    """Everything one player has seen of a game: the first view, then every step.

    Attributes:
        player: Whose history this is.
        start: The player's view of the game's first state (their first hand included).
        steps: Every step since, in order (:class:`Seen`).
    """

    player: int
    start: PlayerView
    steps: tuple[Seen, ...]

    def views(self) -> Iterator[PlayerView]:
        """The player's view after each step, worked out from what the history holds.

        Each step is played on a state behind the view before it (its unseen cards placed
        so that the action is legal), and the view after it is corrected by what the
        player saw: the cards they drew, the hands shown at a round's end (its scores),
        the new hand and face-up card of a deal. It equals the view the player had.

        Raises:
            IllegalActionError: if a step's action could not have been played (a history
                that did not happen, such as a document changed by hand).
            InvalidStateError: if what a step shows the player cannot be (a card drawn
                that they see elsewhere, ...).

        >>> import contract_rummy as cr
        >>> kept = Histories(cr.new_game(seed=1))
        >>> for action in (cr.DrawStock(), cr.Buy()):
        ...     done = kept.step(action)
        >>> list(kept.history(0).views())[-1] == cr.view(kept.state, 0)
        True
        """
        current = self.start
        for seen in self.steps:
            current = _next_view(current, seen)
            yield current

    def rounds(self) -> tuple[tuple[Seen, ...], ...]:
        """The steps round by round: a new round begins with the step that dealt it.

        The step that ended a round (its :class:`~contract_rummy.RoundEnded`) closes that
        round; the dealer's ``NextRound()`` opens the next.
        """
        found: list[tuple[Seen, ...]] = []
        current: list[Seen] = []
        for seen in self.steps:
            if seen.hand is not None and current:
                found.append(tuple(current))
                current = []
            current.append(seen)
        if current:
            found.append(tuple(current))
        return tuple(found)


class Histories:
    """Every player's history of one game, kept step by step as it is played.

    Give it each step of the game, :data:`~contract_rummy.playing.Played` as
    :func:`~contract_rummy.playing.steps` yields it (:meth:`add`), or let it play the
    action (:meth:`step`); ask any player's :class:`History` at any time (:meth:`history`).
    Each step is kept once, whole, and censored for a player when their history is asked.
    The histories are the server's to keep: they hold every card.

    Raises:
        TypeError: if ``state`` is not a :class:`~contract_rummy.RoundState`.
    """

    def __init__(self, state: RoundState) -> None:
        if not isinstance(state, RoundState):
            raise TypeError(f"expected a RoundState, got {state!r}")
        self._first = state
        self._state = state
        self._steps: list[tuple[int, int, Action, tuple[Event, ...], RoundState | None]] = []

    @property
    def state(self) -> RoundState:
        """The state the game has reached."""
        return self._state

    def __len__(self) -> int:
        """How many steps have been kept."""
        return len(self._steps)

    def add(self, played: Played) -> None:
        """Keep one step: ``before, player, action, after, events``.

        Raises:
            ValueError: if ``before`` is not the state the game has reached.
        """
        before, player, action, after, events = played
        if before is not self._state and before != self._state:
            raise ValueError("the step was not played from the state the game has reached")
        dealt = after if any(type(event) is Dealt for event in events) else None
        self._steps.append((before.moves, player, action, events, dealt))
        self._state = after

    def step(self, action: Action, *, player: int | None = None) -> Step:
        """Play ``action`` (as :func:`~contract_rummy.step` does) and keep the step.

        ``player`` is who sends it: refused unless they choose now, as
        :func:`~contract_rummy.apply` refuses it.
        """
        before = self._state
        done = engine_step(before, action, player=player)
        chooser = before.facts.dealer if before.to_act is None else before.to_act
        self.add((before, chooser, action, done.state, done.events))
        return done

    def history(self, player: int) -> History:
        """What ``player`` has seen so far: their :class:`History`.

        Raises:
            ValueError: if ``player`` is not a player of the game.
        """
        self._check_player(player)
        return History(player, view(self._first, player), tuple(self._seen(player)))

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
            yield Seen(moves, chooser, action, censored(events, player), hand)


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
        given = next(iter(spare.elements()))
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
    return state.replace(hands=tuple(tuple(sorted(hand)) for hand in hands), stock=tuple(stock))


def _next_view(before: PlayerView, seen: Seen) -> PlayerView:
    """The view after ``seen``, played from the view ``before``."""
    me = before.player
    behind = _behind(before, seen.player, _played_cards(seen.action))
    after, events = engine_step(behind, seen.action)
    hand = Counter(after.hands[me])
    hand.subtract(_drawn(events, me))
    hand.update(_drawn(seen.events, me))
    changes: dict[str, Any] = {"hand": tuple(sorted(hand.elements()))}
    for event in seen.events:
        if isinstance(event, RoundEnded):
            changes["totals"] = Totals(event.scores, event.penalties)
        elif isinstance(event, GameEnded):
            changes["totals"] = Totals(event.scores, changes["totals"].penalties, event.winners)
        elif isinstance(event, Dealt):
            assert seen.hand is not None
            scores = list(before.scores)
            if event.exact_cut is not None:
                scores[event.exact_cut] -= before.variant.cut_bonus
            changes.update(
                hand=seen.hand,
                discard=(event.top_discard,),
                facts=attrs.evolve(after.facts, cut=event.cut),
                totals=Totals(tuple(scores)),
            )
    return attrs.evolve(view(after, me), **changes)


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
        "steps": [_step(seen) for seen in history.steps],
    }
    return json.dumps(document, indent=indent)


def _step(seen: Seen) -> dict[str, Any]:
    return {
        "moves": seen.moves,
        "player": seen.player,
        "action": to_dict(seen.action),
        "events": [to_dict(event) for event in seen.events],
        "hand": None if seen.hand is None else [str(card) for card in seen.hand],
    }


def loads(text: str | bytes) -> History:
    """Read a player's history written by :func:`dumps`, checking it.

    The first view is checked as a view built by hand is; each action is checked as a
    value (its melds under the game's rules, R7-R10); each event field by field. The steps
    must follow one another (``moves`` growing from the first view's), name players of the
    game, and hold nothing hidden from the history's player: another player's draw only as
    :class:`~contract_rummy.DrewUnseen`, another buyer's penalty only as
    :class:`~contract_rummy.BoughtUnseen`, no reshuffled stock's order. The steps are not
    replayed: what the player was shown is taken as it was sent.

    Raises:
        RecordError: if the text is not such a history, saying where and what is wrong.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"loads reads a JSON document as a str or bytes, got {text!r}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not a JSON document: {error}") from None
    if not isinstance(data, dict) or data.get("type") != _TYPE:
        raise RecordError(f'expected a JSON object with "type": "{_TYPE}"')
    version = data.get("version")
    if not is_int(version) or version != SCHEMA_VERSION:
        raise RecordError(
            f"version: this library reads histories of version {SCHEMA_VERSION}, got {version!r}"
        )
    body = {key: value for key, value in data.items() if key != "version"}
    fields = Fields(body, "", ("player", "start", "steps"), typed=True)
    player = fields.get("player", read_int)
    start: PlayerView = fields.get(
        "start", lambda data, where: _read_value(data, where, PlayerView)
    )
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
    return History(player, start, tuple(steps))


def _read_step(value: Any, path: str, start: PlayerView) -> Seen:
    fields = Fields(value, path, ("moves", "player", "action", "events", "hand"))
    moves = fields.get("moves", read_int)
    chooser = fields.get("player", read_int)
    if not 0 <= chooser < start.players:
        raise RecordError(f"{at(path, 'player')}: expected a player, 0-{start.players - 1}")
    variant = start.variant
    action = fields.get(
        "action", lambda data, where: _read_value(data, where, Action, variant=variant)
    )
    events = fields.get(
        "events", list_of(lambda data, where: _read_event(data, where, start.player))
    )
    hand = fields.get("hand", optional(list_of(read_card)), None)
    return Seen(moves, chooser, action, tuple(events), None if hand is None else tuple(hand))


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
