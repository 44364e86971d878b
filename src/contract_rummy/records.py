"""Game records: a whole game as one JSON document, written and read like ``json``.

A record holds the rules (a preset's name, or every knob of a custom variant), the players
(their number, and names if given), free metadata, how the cards were dealt (the seed, or
the first state and every later deal), the actions in the notation of
:mod:`contract_rummy.notation`, and the result. Build one while a game is played with a
:class:`Recorder`; write it with :func:`dump` or :func:`dumps`; read it back with
:func:`load` or :func:`loads`, which replay the game and refuse anything that does not hold
up; step through it with :func:`replay`. Many games go in a JSON Lines file, one record a
line (:func:`dump_lines`, :func:`load_lines`).

>>> import contract_rummy as cr
>>> from contract_rummy import records
>>> recorder = records.Recorder(cr.new_game(seed=7), seed=7, names=["Ann", "Bo", "Cy", "Di"])
>>> state = recorder.apply(cr.DrawStock())
>>> text = records.dumps(recorder.record())
>>> game = records.loads(text)
>>> game.seed, game.names[0], [cr.format_action(a) for a in game.actions]
(7, 'Ann', ['DrawStock'])
>>> [s.moves for s in records.replay(game)]
[0, 1]

The document (schema version 1)::

    {
      "type": "GameRecord", "version": 1,
      "variant": "pagat",                     (or {"type": "Variant", <every knob>})
      "players": 4,
      "names": ["Ann", "Bo", "Cy", "Di"],     (or null)
      "metadata": {"event": "club night"},    (any JSON object)
      "seed": 7,                              (or null, with "start" instead)
      "start": null,                          (or the first state, see to_dict)
      "deals": [],                            (rounds dealt after the first, when the
      "reshuffles": [],                        shuffler cannot replay them from a seed)
      "actions": ["DrawStock", "Pass", ...],  (action i is played at moves == i)
      "result": {"moves": 2, "round_number": 1, "phase": "buy",
                 "scores": [0, 0, 0, 0], "winners": null}
    }

A game dealt by the seeded shuffler is replayed from its seed (or its first state); one
dealt by :data:`~contract_rummy.SYSTEM`, which nothing can replay, keeps its first state,
each later round's dealt cards (``deals``) and each new stock a reshuffle made
(``reshuffles``, R27): the record then holds what a server must keep secret until the game
is over.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Final, TypeVar

import attrs

from contract_rummy._checks import check_int, check_names
from contract_rummy._json import (
    Fields,
    check_file,
    list_of,
    optional,
    read_card,
    read_document,
    read_enum,
    read_file,
    read_int,
    read_str,
)
from contract_rummy.actions import Action, ChanceAction, DealCard, not_an_action
from contract_rummy.cards import Card, as_cards, parse_cards
from contract_rummy.codec import SCHEMA_VERSION, read_state, read_variant, to_dict, write_variant
from contract_rummy.engine import STEPS, deal_step, new_game, step
from contract_rummy.errors import IllegalActionError, NotationError, RecordError
from contract_rummy.events import Dealt, Event, Reshuffled, Step
from contract_rummy.history import Histories, History
from contract_rummy.notation import format_action, is_outcome, parse_action, parse_outcome
from contract_rummy.playing import Played, as_played
from contract_rummy.shuffler import SEEDED, Shuffler
from contract_rummy.state import Chance, ChanceKind, Phase, RoundState
from contract_rummy.variants import Variant

__all__ = [
    "Deal",
    "GameRecord",
    "Recorder",
    "Result",
    "dump",
    "dump_lines",
    "dumps",
    "load",
    "load_lines",
    "loads",
    "replay",
]

T = TypeVar("T")
_TYPE: Final = "GameRecord"
#: The rule that says what chance deals at a chance point of each kind.
_RULE_OF_KIND: Final = {
    ChanceKind.DEALER: "R4",
    ChanceKind.DEAL: "R5",
    ChanceKind.CUT: "R32",
    ChanceKind.RESHUFFLE: "R27",
}


@attrs.frozen
class Deal:
    """The cards of a round dealt by a shuffler that cannot replay them (R5, R32).

    Attributes:
        round_number: The round.
        dealer: Who dealt it.
        hands: Each player's cards.
        stock: The stock, top first.
        discard: The discard pile: the card turned up.
        cut: How many cards the cut lifted (R32), or ``None`` without a cut.

    >>> import contract_rummy as cr
    >>> from contract_rummy import records
    >>> deal = records.Deal.of(cr.new_game(cr.LIVERPOOL_CUT, seed=46))
    >>> deal.round_number, [len(hand) for hand in deal.hands], deal.discard, deal.cut
    (1, [10, 10, 10, 10], (Card.parse('QC'),), 64)
    """

    round_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    cut: int | None = None

    @classmethod
    def of(cls, state: RoundState) -> Deal:
        """The deal of the round ``state`` has just begun."""
        return cls(
            state.round_number, state.dealer, state.hands, state.stock, state.discard, state.cut
        )

    def order(self, dealt: int) -> list[Card]:
        """The shuffled deck that deals these cards, ``dealt`` to a hand (R5)."""
        players = len(self.hands)
        if any(len(hand) != dealt for hand in self.hands) or len(self.discard) != 1:
            raise RecordError(
                f"deals: round {self.round_number} deals {dealt} cards a hand and turns one "
                f"up, but the record has hands of {[len(h) for h in self.hands]} cards and "
                f"{len(self.discard)} turned up"
            )
        deck = [
            self.hands[(self.dealer + 1 + i) % players][i // players]
            for i in range(dealt * players)
        ]
        return [*deck, *self.discard, *self.stock]


@attrs.frozen
class Result:
    """Where a recorded game ended, as the record states it (checked when it is loaded).

    Attributes:
        moves: How many actions were played.
        round_number: The round it stopped in.
        phase: The phase it stopped in (:data:`Phase.GAME_OVER` for a finished game).
        scores: The totals.
        winners: The winners of a finished game, else ``None``.

    >>> import contract_rummy as cr
    >>> from contract_rummy import records
    >>> records.Result.of(cr.new_game(seed=1))
    Result(moves=0, round_number=1, phase=Phase.DRAW, scores=(0, 0, 0, 0), winners=None)
    """

    moves: int
    round_number: int
    phase: Phase
    scores: tuple[int, ...]
    winners: tuple[int, ...] | None

    @classmethod
    def of(cls, state: RoundState) -> Result:
        """The result a game has reached in ``state``."""
        return cls(state.moves, state.round_number, state.phase, state.scores, state.winners)


def _actions(value: Iterable[Action | ChanceAction]) -> tuple[Action | ChanceAction, ...]:
    given: object = value  # the annotation is what a caller should pass, not a check
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise TypeError(f"actions must be a list of actions, got {given!r}")
    actions = tuple(value)
    for index, action in enumerate(actions):
        problem = not_an_action(action)
        if problem is not None:
            if isinstance(action, str):
                # Notation is read in the state it is played in (a meld's reading under the
                # variant, the wild card a swap frees): records.loads reads a whole record so.
                problem += (
                    ": read notation with contract_rummy.parse_action (chance's outcomes "
                    "with notation.parse_outcome), or a whole record with records.loads"
                )
            raise TypeError(f"actions[{index}]: {problem}")
    return actions


def _deals(value: Iterable[Deal]) -> tuple[Deal, ...]:
    given: object = value  # the annotation is what a caller should pass, not a check
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise TypeError(f"deals must be a list of Deal values, got {given!r}")
    deals = tuple(value)
    for index, deal in enumerate(deals):
        if not isinstance(deal, Deal):
            raise TypeError(f"deals[{index}] must be a Deal, got {deal!r}")
    return deals


def _stocks(value: Iterable[Iterable[Card] | str]) -> tuple[tuple[Card, ...], ...]:
    given: object = value  # the annotation is what a caller should pass, not a check
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise TypeError(f"reshuffles must be a list of stocks, got {given!r}")
    return tuple(as_cards(stock, f"reshuffles[{index}]") for index, stock in enumerate(value))


def _metadata(value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise TypeError(f"metadata must be a mapping with str keys, got {value!r}")
    try:  # written with the record: refused now, not when the record is written
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise TypeError(f"metadata must hold JSON values only: {error}") from None
    return dict(value)


@attrs.frozen(eq=True, hash=False, kw_only=True)
class GameRecord:
    """One recorded game: how it was dealt and every action played.

    Make one with a :class:`Recorder`, or read one with :func:`load`; :func:`replay` gives
    its states. A record is built from a seed (``seed``) or a first state (``start``); with
    a shuffler that cannot replay its shuffles (:data:`~contract_rummy.SYSTEM`), ``deals``
    and ``reshuffles`` hold what it dealt after the first state. A game dealt step by step
    (``chance_steps``, as with real cards: ``new_game(auto_chance=False)``) logs chance's
    outcomes among its actions instead, from the first dealer on, and needs neither.

    Attributes:
        variant: The rules.
        players: How many players.
        actions: Every action, in order: action ``i`` is played in the state whose
            ``moves`` is ``i`` more than the first state's. With ``chance_steps``, chance's
            outcomes (:class:`~contract_rummy.DealCard`, ...) are among them. Actions
            are values, not their notation: :func:`~contract_rummy.parse_action` reads
            one in the state it is played in, and :func:`loads` a whole record.
        seed: The seed :func:`~contract_rummy.new_game` dealt the game from, or ``None``.
        start: The first state, when there is no seed.
        deals: The rounds dealt after the first, when the shuffler cannot replay them.
        reshuffles: Each new stock a reshuffle made (R27), top first, likewise.
        names: The players' names, all different, or ``None``.
        metadata: Anything else worth keeping, as JSON values: an event, a date, the bots.
        result: The result the record states, or ``None``; loading checks it.
        chance_steps: Whether the game was dealt step by step, its chance's outcomes among
            the actions (R4, R5, R27, R32); it then has no seed, and starts from ``start``
            (a round set up with ``start_round(auto_chance=False)``) or, without one, from
            ``new_game(variant, players=players, auto_chance=False)``.

    >>> import contract_rummy as cr
    >>> game = cr.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[cr.DrawStock()])
    >>> [state.moves for state in cr.replay(game)]
    [0, 1]
    >>> cr.GameRecord(variant=cr.PAGAT, players=4, actions=[])
    Traceback (most recent call last):
    ...
    ValueError: a record is dealt from a seed or from a first state: give one
    >>> cr.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=["DrawStock"])
    Traceback (most recent call last):
    ...
    TypeError: actions[0]: expected an action, got 'DrawStock': read notation with ...
    """

    variant: Variant
    players: int
    actions: tuple[Action | ChanceAction, ...] = attrs.field(converter=_actions)
    seed: int | None = None
    start: RoundState | None = None
    deals: tuple[Deal, ...] = attrs.field(default=(), converter=_deals)
    reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_stocks)
    names: tuple[str, ...] | None = attrs.field(default=None, converter=check_names)
    metadata: Mapping[str, Any] = attrs.field(factory=dict, converter=_metadata)
    result: Result | None = None
    chance_steps: bool = False

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.variant, Variant):
            raise TypeError(f"variant must be a Variant, got {self.variant!r}")
        self.variant.check_players(self.players)
        if not isinstance(self.chance_steps, bool):
            raise TypeError(f"chance_steps must be a bool, got {self.chance_steps!r}")
        if self.chance_steps:
            if self.seed is not None:
                raise ValueError("a game dealt step by step (chance_steps) has no seed")
            if self.start is not None and self.start.shuffler != STEPS:
                raise ValueError(
                    "a game dealt step by step (chance_steps) starts from a state made with "
                    "auto_chance=False"
                )
        elif (self.seed is None) == (self.start is None):
            raise ValueError("a record is dealt from a seed or from a first state: give one")
        seed: object = self.seed
        if seed is not None:
            check_int("seed", seed, minimum=0)
        start: object = self.start
        if start is not None and not isinstance(start, RoundState):
            raise TypeError(
                f"start must be a RoundState, got {type(start).__name__}"
                + (
                    ": read a state's JSON with contract_rummy.from_dict"
                    if isinstance(start, dict)
                    else ""
                )
            )
        result: object = self.result
        if result is not None and not isinstance(result, Result):
            raise TypeError(f"result must be a Result (or None), got {type(result).__name__}")
        if self.start is not None and (
            self.start.variant != self.variant or self.start.players != self.players
        ):
            raise ValueError("the first state must have the record's variant and players")
        check_names(self.names, self.players)

    def history(self, player: int) -> History:
        """The game as ``player`` saw it: their :class:`~contract_rummy.history.History`.

        What a server sends a player from a stored record, as JSON with
        :func:`contract_rummy.history.dumps`: their first view, every action and each
        step's events censored for them (:func:`~contract_rummy.censored`), the hands they
        were dealt; never another player's card, a stock's order, nor a card chance dealt
        that they did not get (:class:`~contract_rummy.history.ChanceUnseen`). Its
        :meth:`~contract_rummy.history.History.views` are the player's view of each state
        of :func:`replay`.

        Raises:
            ValueError: if ``player`` is not a player of the game, or the record starts at a
                chance point other than a new game's (a state saved in the middle of a deal
                or a reshuffle, R5, R27): a history starts from its player's view, which
                does not show what chance deals.
            RecordError: if the record does not replay (see :func:`replay`).

        >>> import contract_rummy as cr
        >>> game = cr.GameRecord(
        ...     variant=cr.PAGAT, players=4, seed=1, actions=[cr.DrawStock(), cr.Buy()]
        ... )
        >>> mine = game.history(0)
        >>> mine.steps[1].events
        (BoughtUnseen(player=3, card=Card.parse('4D'), penalty=1), DrewUnseen(player=2))
        >>> list(mine.views()) == [cr.view(state, 0) for state in cr.replay(game)][1:]
        True
        """
        check_int("player", player, minimum=0)
        if player >= self.players:
            raise ValueError(
                f"player must be a player of the game, 0-{self.players - 1}, got {player}"
            )
        states = _replay(self, None)
        first, _, _ = next(states)
        if first.pending is not None and first != new_game(
            first.variant, players=first.players, auto_chance=False
        ):
            raise ValueError(
                f"{_RULE_OF_KIND[first.pending.kind]}: this record starts at a chance point "
                "other than a new game's, so has no player's history: a history starts from "
                "its player's view, which does not show what chance deals"
            )
        kept = Histories(first)
        before = first
        for after, action, events in states:
            assert action is not None
            chooser = before.facts.dealer if before.to_act is None else before.to_act
            kept.add((before, chooser, action, after, events))
            before = after
        return kept.history(player)

    def first(self) -> RoundState:
        """The state the game starts from."""
        if self.start is not None:
            return self.start
        if self.seed is None:
            return new_game(self.variant, players=self.players, auto_chance=False)
        return new_game(self.variant, seed=self.seed, players=self.players)


class Recorder:
    """Build a record while a game is played: apply each action through it.

    Args:
        state: The game's first state.
        seed: The seed that dealt it with :func:`~contract_rummy.new_game`, if any: the
            record then holds the seed rather than the cards.
        names: The players' names, one per player, all different.
        metadata: Anything else worth keeping (JSON values).

    Raises:
        ValueError: if ``seed`` did not deal ``state``, the state's shuffler is one of
            your own (a record needs :data:`~contract_rummy.SEEDED` or
            :data:`~contract_rummy.SYSTEM`), or ``names`` do not name each player once.

    >>> import contract_rummy as cr
    >>> from contract_rummy import records
    >>> recorder = records.Recorder(cr.new_game(seed=3), seed=3)
    >>> bot = cr.GreedyBot()
    >>> while recorder.state.round_number == 1:
    ...     _ = recorder.apply(bot.choose(recorder.state))
    >>> game = recorder.record()
    >>> list(records.replay(game))[-1] == recorder.state
    True
    """

    def __init__(
        self,
        state: RoundState,
        *,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        if not isinstance(state, RoundState):
            raise TypeError(f"expected the game's first state, got {state!r}")
        if seed is not None and new_game(state.variant, seed=seed, players=state.players) != state:
            raise ValueError(f"new_game with seed {seed} does not deal this state")
        # A game dealt step by step starts at its new game's chance point, or at a round
        # set up by hand; chance's outcomes are then recorded among the actions.
        self._steps = state.shuffler == STEPS
        self._new = self._steps and state == new_game(
            state.variant, players=state.players, auto_chance=False
        )
        if self._steps and seed is not None:
            raise ValueError("a game dealt step by step (auto_chance=False) has no seed")
        if not self._new:
            to_dict(state)  # refuses a shuffler that cannot be written
        self._first = state
        self._state = state
        self._seed = seed
        # Checked now, as the record will check them, rather than when it is built.
        self._names = check_names(names, state.players)
        self._metadata = dict(_metadata(metadata or {}))
        self._actions: list[Action | ChanceAction] = []
        self._deals: list[Deal] = []
        self._reshuffles: list[tuple[Card, ...]] = []

    @property
    def state(self) -> RoundState:
        """The game's current state."""
        return self._state

    def step(self, action: Action | ChanceAction, *, player: int | None = None) -> Step:
        """Play ``action`` as :func:`~contract_rummy.step` does, and record it."""
        after, events = step(self._state, action, player=player)
        self._keep(action, after, events)
        return Step(after, events)

    def add(self, played: Played) -> None:
        """Record a step played by the game loop (:func:`~contract_rummy.playing.steps`).

        Raises:
            ValueError: if the step was not played in the recorder's current state.
            TypeError: if ``played`` is not such a step
                (:func:`~contract_rummy.playing.as_played`).

        >>> import contract_rummy as cr
        >>> from contract_rummy import records
        >>> from contract_rummy.playing import steps
        >>> first = cr.new_game(seed=3)
        >>> recorder = records.Recorder(first, seed=3)
        >>> for played in steps(first, [cr.GreedyBot()] * 4):
        ...     recorder.add(played)
        >>> recorder.state.phase, len(recorder.record().actions) == recorder.state.moves
        (Phase.GAME_OVER, True)
        """
        before, _player, action, after, events = as_played(played)
        if before is not self._state and before != self._state:
            raise ValueError(
                f"the step was played at move {before.moves}, not in the recorder's "
                f"current state (move {self._state.moves})"
            )
        self._keep(action, after, events)

    def _keep(
        self, action: Action | ChanceAction, after: RoundState, events: tuple[Event, ...]
    ) -> None:
        self._actions.append(action)
        if self._first.shuffler != SEEDED and not self._steps:
            for event in events:
                if isinstance(event, Dealt):
                    self._deals.append(Deal.of(after))
                elif isinstance(event, Reshuffled):
                    self._reshuffles.append(event.stock)
        self._state = after

    def apply(self, action: Action | ChanceAction, *, player: int | None = None) -> RoundState:
        """Play ``action`` as :func:`~contract_rummy.apply` does, and record it."""
        return self.step(action, player=player).state

    def deal(self, cards: Iterable[Card | str] | str) -> Step:
        """Deal the rest of an order as :func:`~contract_rummy.deal_step` does, and record it.

        The record logs one :class:`~contract_rummy.DealCard` a card. The order is checked
        whole first (R5, R27): refused, nothing of it is recorded.

        >>> import contract_rummy as cr
        >>> from contract_rummy import records
        >>> recorder = records.Recorder(cr.new_game(auto_chance=False))
        >>> _ = recorder.apply(cr.FirstDealer(0))
        >>> state, events = recorder.deal(sorted(recorder.state.stock))
        >>> state.phase, len(recorder.record().actions)
        (Phase.DRAW, 108)
        """
        order = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        done = deal_step(self._state, order)
        self._actions.extend(DealCard(card) for card in order)
        self._state = done.state
        return done

    def record(self) -> GameRecord:
        """The record of the game so far, its result the current state's."""
        return GameRecord(
            variant=self._first.variant,
            players=self._first.players,
            actions=self._actions,
            seed=self._seed,
            start=None if self._seed is not None or self._new else self._first,
            deals=self._deals,
            reshuffles=self._reshuffles,
            names=self._names,
            metadata=self._metadata,
            result=Result.of(self._state),
            chance_steps=self._steps,
        )


# == replaying ================================================================================


@attrs.define(eq=False)
class _Script:
    """A shuffler that plays back what a record says was dealt and reshuffled."""

    deck_size: int
    deals: list[Deal]
    reshuffles: list[tuple[Card, ...]]
    cuts: list[int] = attrs.field(factory=list)
    #: The deal just played back, and how many have been: checked against the round dealt.
    dealt: Deal | None = None
    count: int = 0

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        if len(items) == self.deck_size:
            if not self.deals:
                raise RecordError("deals: the game deals more rounds than the record holds")
            deal = self.dealt = self.deals.pop(0)
            self.count += 1
            if deal.cut is not None:
                self.cuts.append(deal.cut - 1)
            dealt = (self.deck_size - 1 - len(deal.stock)) // max(len(deal.hands), 1)
            order: list[Any] = deal.order(dealt)
            where = f"deals (round {deal.round_number})"
        else:
            if not self.reshuffles:
                raise RecordError("reshuffles: the game reshuffles more often than recorded")
            order = list(self.reshuffles.pop(0))
            where = "reshuffles"
        if Counter(order) != Counter(items):
            raise RecordError(f"{where}: the cards recorded are not the cards shuffled")
        return order, state

    def below(self, bound: int, state: int) -> tuple[int, int]:
        if not self.cuts:
            raise RecordError("deals: the game draws a number the record does not hold")
        value = self.cuts.pop(0)
        if not 0 <= value < bound:
            raise RecordError(f"deals: a cut of {value + 1} cards is not 1 to {bound}")
        return value, state


def replay(record: GameRecord) -> Iterator[RoundState]:
    """Every state of a recorded game: the first, then the one after each action.

    Raises:
        TypeError: at once, if ``record`` is not a :class:`GameRecord`.
        RecordError: when an action is refused (citing the rule), the recorded deals do not
            fit the game, or the game does not reach the result the record states.

    >>> import contract_rummy as cr
    >>> from contract_rummy import records
    >>> game = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[cr.Pass()])
    >>> list(records.replay(game))
    Traceback (most recent call last):
    ...
    contract_rummy.errors.RecordError: actions[0]: Pass is refused: R13: Pass() is not ...
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"expected a GameRecord (records.load reads one), got {record!r}")
    return (state for state, _, _ in _replay(record, None))


def _replay(
    record: GameRecord, texts: Sequence[str] | None
) -> Iterator[tuple[RoundState, Action | ChanceAction | None, tuple[Event, ...]]]:
    """The states of ``record``, each with the action that made it and its events.

    ``texts`` (as loaded) are parsed against the states they are played in, so that each
    is checked in full.
    """
    state = record.first()
    shuffler = state.shuffler
    script: _Script | None = None
    if shuffler == STEPS:
        if record.deals or record.reshuffles:
            raise RecordError(
                "deals, reshuffles: a game dealt step by step logs chance among its actions "
                "and records neither"
            )
    elif shuffler != SEEDED:
        deck = len(record.variant.deck(record.players))
        script = _Script(deck, list(record.deals), list(record.reshuffles))
        state = attrs.evolve(state, shuffler=script)
    elif record.deals or record.reshuffles:
        raise RecordError(
            "deals, reshuffles: a seeded game is replayed from its seed and records neither"
        )
    yield _shown(state, shuffler), None, ()
    count = len(record.actions) if texts is None else len(texts)
    for index in range(count):
        action = record.actions[index] if texts is None else _parse(texts[index], state, index)
        try:
            state, events = step(state, action)
        except IllegalActionError as error:
            shown = format_action(action) if texts is None else texts[index]
            raise RecordError(f"actions[{index}]: {shown} is refused: {error}") from error
        if script is not None and script.dealt is not None:
            _check_deal(script.dealt, state, script.count - 1)
            script.dealt = None
        yield _shown(state, shuffler), action, events
    if script is not None and (script.deals or script.reshuffles):
        raise RecordError("deals: the record holds deals or reshuffles the game never made")
    if record.result is not None and Result.of(state) != record.result:
        raise RecordError(
            f"result: the record states {_result(record.result)}, but the replay ends at "
            f"{_result(Result.of(state))}"
        )


def _check_deal(deal: Deal, state: RoundState, index: int) -> None:
    """Refuse a recorded deal that is not, field for field, the round it dealt."""
    made = Deal.of(state)
    if deal != made:
        wrong = next(
            field.name
            for field in attrs.fields(Deal)
            if getattr(deal, field.name) != getattr(made, field.name)
        )
        said, dealt = getattr(deal, wrong), getattr(made, wrong)
        if isinstance(said, tuple):
            raise RecordError(f"deals[{index}].{wrong}: not the cards as the round dealt them")
        raise RecordError(
            f"deals[{index}].{wrong}: the record says {said!r}, but the round it deals has "
            f"{dealt!r}"
        )


def _shown(state: RoundState, shuffler: Shuffler) -> RoundState:
    """``state`` with the game's own shuffler, not the one playing the record back."""
    if state.shuffler is shuffler:
        return state
    # Only the shuffler changes, in a state the engine made: nothing to check again.
    return state.replace(chance=Chance(state.chance.rng, shuffler))


def _parse(text: str, state: RoundState, index: int) -> Action | ChanceAction:
    try:
        return parse_outcome(text) if is_outcome(text) else parse_action(text, state)
    except NotationError as error:
        raise RecordError(f"actions[{index}]: {error}") from error
    except IllegalActionError as error:
        raise RecordError(f"actions[{index}]: {text} is refused: {error}") from error


# == writing ==================================================================================


def _document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-safe dict; the actions are written from the replay."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"expected a GameRecord, got {record!r}")
    texts: list[str] = []
    previous: RoundState | None = None
    for state, action, _ in _replay(record, None):
        if action is not None:
            assert previous is not None
            texts.append(format_action(action, previous))
        previous = state
    result = record.result
    return {
        "type": _TYPE,
        "version": SCHEMA_VERSION,
        "variant": write_variant(record.variant),
        "players": record.players,
        "names": None if record.names is None else list(record.names),
        "metadata": dict(record.metadata),
        "seed": record.seed,
        "start": None if record.start is None else _body(to_dict(record.start)),
        # Written only for a game dealt step by step: other records read as before.
        **({"chance": "steps"} if record.chance_steps else {}),
        "deals": [_deal(deal) for deal in record.deals],
        "reshuffles": [[str(card) for card in stock] for stock in record.reshuffles],
        "actions": texts,
        "result": None if result is None else _result(result),
    }


def _result(result: Result) -> dict[str, Any]:
    return {
        "moves": result.moves,
        "round_number": result.round_number,
        "phase": result.phase.value,
        "scores": list(result.scores),
        "winners": None if result.winners is None else list(result.winners),
    }


def _body(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "version"}


def _deal(deal: Deal) -> dict[str, Any]:
    return {
        "round_number": deal.round_number,
        "dealer": deal.dealer,
        "hands": [[str(card) for card in hand] for hand in deal.hands],
        "stock": [str(card) for card in deal.stock],
        "discard": [str(card) for card in deal.discard],
        "cut": deal.cut,
    }


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as a JSON document (replayed first: an illegal record is refused).

    Raises:
        RecordError: if the record does not replay (see :func:`replay`).
        TypeError: if the metadata holds something JSON cannot write.
        ValueError: if the metadata holds NaN or an infinity, which JSON does not have.

    >>> import contract_rummy as cr
    >>> from contract_rummy import records
    >>> game = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[cr.DrawStock()])
    >>> records.dumps(game)[:60]
    '{"type": "GameRecord", "version": 1, "variant": "pagat", "pl'
    >>> records.loads(records.dumps(game)) == game
    True
    """
    return json.dumps(_document(record), indent=indent, ensure_ascii=False, allow_nan=False)


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write the record to a text file as a JSON document (see :func:`dumps`).

    Raises:
        TypeError: for a path rather than an open file.
    """
    check_file(fp, "dump writes to", ", 'w'", ", or write the text dumps gives")
    fp.write(dumps(record, indent=indent))
    fp.write("\n")


def dump_lines(records: Iterable[GameRecord], fp: IO[str]) -> None:
    """Write records to a text file as JSON Lines: one record a line.

    >>> import io
    >>> import contract_rummy as cr
    >>> from contract_rummy import records
    >>> games = [
    ...     records.GameRecord(variant=cr.PAGAT, players=4, seed=s, actions=[]) for s in (1, 2)
    ... ]
    >>> file = io.StringIO()
    >>> records.dump_lines(games, file)
    >>> _ = file.seek(0)
    >>> [game.seed for game in records.load_lines(file)]
    [1, 2]
    """
    check_file(fp, "dump_lines writes to", ", 'w'")
    if isinstance(records, GameRecord):
        raise TypeError(
            "dump_lines writes records, one a line: pass a list of them ([record]), or "
            "write one record with dump"
        )
    for record in records:
        fp.write(dumps(record))
        fp.write("\n")


# == reading ==================================================================================


def loads(text: str | bytes) -> GameRecord:
    """Read a record from a JSON document, replaying it to check everything.

    Raises:
        RecordError: if the text is not JSON, not a record of this schema version, or not a
            game that holds up: saying where (``actions[41]``, ``start.hands[2][3]``, ...)
            and what is wrong.
    """
    return _read_record(read_document(text, _TYPE, SCHEMA_VERSION, "records"))


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file holding one JSON document (see :func:`loads`).

    Raises:
        RecordError: as :func:`loads` does, and for a file that is not text in its encoding.
        TypeError: for a path rather than an open file.
    """
    return loads(read_file(fp))


def load_lines(fp: Iterable[str | bytes]) -> Iterator[GameRecord]:
    """Read the records of a JSON Lines file, one a line (blank lines are skipped).

    Raises:
        RecordError: for the first bad record, with its line number.
        TypeError: for a path (or a whole text) rather than an open file or its lines.
    """
    check_file(fp, "load_lines reads", otherwise=", or pass a text's lines (splitlines())")
    lines = iter(fp)
    number = 0
    while True:
        number += 1
        try:
            line = next(lines)
        except StopIteration:
            return
        except UnicodeDecodeError as error:
            raise RecordError(f"line {number}: not a JSON document: {error}") from None
        if not line.strip():
            continue
        try:
            yield loads(line)
        except RecordError as error:
            raise RecordError(f"line {number}: {error}") from error


def _read_record(body: dict[str, Any]) -> GameRecord:
    """A record from its document, read by :func:`~contract_rummy._json.read_document`."""
    fields = Fields(
        body,
        "",
        (
            "variant",
            "players",
            "names",
            "metadata",
            "seed",
            "start",
            "chance",
            "deals",
            "reshuffles",
            "actions",
            "result",
        ),
        typed=True,
    )
    variant = fields.get("variant", read_variant)
    players = fields.get("players", read_int)
    start = fields.get("start", optional(read_state), None)
    texts = fields.get("actions", list_of(read_str))
    try:
        record = GameRecord(
            variant=variant,
            players=players,
            actions=(),
            seed=fields.get("seed", optional(read_int), None),
            start=start,
            deals=fields.get("deals", list_of(_read_deal), ()),
            reshuffles=fields.get("reshuffles", list_of(list_of(read_card)), ()),
            names=fields.get("names", optional(list_of(read_str)), None),
            metadata=fields.get("metadata", _read_metadata, {}),
            result=fields.get("result", optional(_read_result), None),
            chance_steps=fields.get("chance", optional(_read_chance), None) == "steps",
        )
    except (TypeError, ValueError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(str(error)) from error
    actions = [action for _, action, _ in _replay(record, texts) if action is not None]
    return attrs.evolve(record, actions=actions)


def _read_chance(value: Any, path: str) -> str:
    if value != "steps":
        raise RecordError(f"{path}: expected 'steps' (a game dealt step by step), got {value!r}")
    return "steps"


def _read_metadata(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{path}: expected a JSON object, got {value!r}")
    return value


def _read_deal(value: Any, path: str) -> Deal:
    fields = Fields(value, path, ("round_number", "dealer", "hands", "stock", "discard", "cut"))
    cards = list_of(read_card)
    return Deal(
        fields.get("round_number", read_int),
        fields.get("dealer", read_int),
        fields.get("hands", list_of(cards)),
        fields.get("stock", cards),
        fields.get("discard", cards),
        fields.get("cut", optional(read_int), None),
    )


def _read_result(value: Any, path: str) -> Result:
    fields = Fields(value, path, ("moves", "round_number", "phase", "scores", "winners"))
    return Result(
        fields.get("moves", read_int),
        fields.get("round_number", read_int),
        fields.get("phase", read_enum(Phase)),
        fields.get("scores", list_of(read_int)),
        fields.get("winners", optional(list_of(read_int))),
    )
