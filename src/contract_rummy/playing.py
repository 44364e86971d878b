"""The one game loop: every step of a game, as the players choose, from a state to its end.

:func:`steps` asks who chooses now (:func:`~contract_rummy.chooser`), asks that player for
an action, plays it (:func:`~contract_rummy.step`) and yields what happened, a
:data:`Played` tuple: the state before, the player, the action, the state after and the
events. The library's bots, the simulation, the command line, the records, the OpenSpiel
evaluator all play their games through it, so a game is played one way everywhere.

Players are given either as one bot per player (anything with a ``choose(view)`` method,
called with the view of the player who chooses, :func:`~contract_rummy.view`), or as one
function ``choose(player, state)`` that answers for everyone, a person at a terminal
included:

>>> import contract_rummy as cr
>>> from contract_rummy.playing import steps
>>> state = cr.new_game(seed=5)
>>> before, player, action, after, events = next(steps(state, [cr.GreedyBot()] * 4))
>>> player == cr.chooser(state), before is state, action
(True, True, DrawStock())
>>> final = None
>>> for before, player, action, after, events in steps(state, [cr.GreedyBot()] * 4):
...     final = after
>>> final.phase, final.winners
(Phase.GAME_OVER, (0,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final, NoReturn, Protocol, TypeAlias, cast

from contract_rummy._checks import check_int
from contract_rummy.actions import Action
from contract_rummy.engine import STEPS, advance, chooser, step
from contract_rummy.errors import IllegalActionError
from contract_rummy.events import Event, Step
from contract_rummy.state import Phase, RoundState, not_a_state
from contract_rummy.views import PlayerView, view

__all__ = ["Choose", "Chooses", "GameTooLongError", "Played", "as_played", "check_bot", "steps"]

_GAME_OVER: Final = Phase.GAME_OVER


class GameTooLongError(RuntimeError):
    """A game not over after the most actions :func:`steps` was told to play.

    Attributes:
        state: The state the game had reached.
    """

    def __init__(self, message: str, state: RoundState) -> None:
        super().__init__(message)
        self.state = state


class Chooses(Protocol):
    """A player that chooses from what it sees: a bot (:class:`~contract_rummy.Bot`)."""

    def choose(self, view: PlayerView) -> Action:
        """Return one of ``legal_actions(view)``."""
        ...  # pragma: no cover


#: One function that answers for every player: ``choose(player, state)`` returns the action
#: of ``player``, who chooses now in ``state`` (a function that shows a bot only the view of
#: its player, or asks a person, does so itself).
Choose: TypeAlias = Callable[[int, RoundState], Action]


#: One step of a game, as :func:`steps` yields it: a tuple of the state the action was
#: played in, the player who chose it (:func:`~contract_rummy.chooser` of that state), the
#: action, the state after it, and what it did (its :mod:`~contract_rummy.events`), to unpack
#: as ``before, player, action, after, events``. A plain tuple: a simulation makes one at
#: every action, and a tuple is the cheapest value Python makes.
Played: TypeAlias = tuple[RoundState, int, Action, RoundState, tuple[Event, ...]]


def as_played(value: object) -> Played:
    """``value`` itself if it is a step as :func:`steps` yields it (:data:`Played`).

    For what keeps steps (:meth:`Recorder.add <contract_rummy.records.Recorder.add>`,
    :meth:`Histories.add <contract_rummy.history.Histories.add>`): the other shapes a game
    loop gives are named, with what to pass instead.

    Raises:
        TypeError: if ``value`` is not a tuple of five items.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> as_played(next(cr.play(state, ["greedy"] * 4)))
    Traceback (most recent call last):
    ...
    TypeError: a step (before, action, after) as contract_rummy.play yields it lacks who ...
    """
    if type(value) is tuple and len(value) == 5:  # Played: five items
        return cast(Played, value)
    if isinstance(value, Step):
        shape = "a Step (the state after an action, and its events) lacks the state before"
    elif isinstance(value, tuple) and len(value) == 3:  # play()'s triples
        shape = (
            "a step (before, action, after) as contract_rummy.play yields it lacks who chose "
            "and the events"
        )
    else:
        what = (
            f"a tuple of {len(value)} items"
            if isinstance(value, tuple)
            else f"a {type(value).__name__}"  # not its repr: a state's shows every card
            if hasattr(value, "hands") or hasattr(value, "hand")
            else repr(value)
        )
        shape = f"{what} is not a step"
    raise TypeError(
        f"{shape}: pass a step as contract_rummy.playing.steps yields it (before, player, "
        "action, after, events), or play the action with step() to keep it"
    )


def steps(
    state: RoundState,
    players: Sequence[Chooses] | Choose,
    *,
    max_actions: int | None = None,
) -> Iterator[Played]:
    """Play from ``state`` to the end of the game; yield each step (:data:`Played`).

    Each step is played for the player who chooses now (``to_act``, or between rounds
    the dealer, who deals the next, R4), and refused as :func:`~contract_rummy.apply`
    refuses it if that player's action is not legal. To stop early, stop reading.

    Args:
        state: Where to start.
        players: One bot per player (each chooses from its player's view), or one function
            ``choose(player, state)`` for every player.
        max_actions: The most actions to play: a game not over by then raises
            :class:`RuntimeError`, so that a loop never hangs on a game that cannot end.
            ``None`` trusts the turn limit (R29) of every named variant.

    Raises:
        ValueError: if there is not one bot per player, or the game is dealt step by step
            (``auto_chance=False``, R4, R5, R27, R32): the loop plays the games whose chance
            is automatic; chance's points are the caller's to resolve
            (:func:`~contract_rummy.chance_outcomes`).
        GameTooLongError: (a :class:`RuntimeError`) if the game is not over after
            ``max_actions`` actions.
        IllegalActionError: if a player chooses an action the rules refuse.

    >>> import contract_rummy as cr
    >>> bots = [cr.RandomBot(seed=p) for p in range(4)]
    >>> for played in steps(cr.new_game(seed=2), bots, max_actions=10):
    ...     pass
    Traceback (most recent call last):
    ...
    contract_rummy.playing.GameTooLongError: the game is not over after 10 actions: round 1, ...
    """
    if not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    if max_actions is not None:
        check_int("max_actions", max_actions, minimum=0)
    if state.chance.shuffler is STEPS or state.phase is Phase.CHANCE:
        raise ValueError(
            "R5: this game is dealt step by step (auto_chance=False): the loop plays games "
            "whose chance is automatic; resolve chance's points yourself "
            "(contract_rummy.chance_outcomes) and play the players' actions with apply"
        )
    if callable(players):
        return _steps(state, players, max_actions)
    seats = list(players)
    if len(seats) != state.players:
        raise ValueError(f"need one bot per player ({state.players}), got {len(seats)}")
    for seat, bot in enumerate(seats):
        check_bot(bot, f"players[{seat}]")
    return _bot_steps(state, [bot.choose for bot in seats], max_actions)


def check_bot(bot: object, name: str) -> None:
    """Refuse ``bot`` unless it is a bot: an object with a ``choose(view)`` method.

    ``name`` names it in the message. A bot's class, given for a bot, is told to be made.

    Raises:
        TypeError: if ``bot`` is not a bot.

    >>> import contract_rummy as cr
    >>> check_bot(cr.GreedyBot(), "bots[0]")
    >>> check_bot(cr.GreedyBot, "bots[0]")
    Traceback (most recent call last):
    ...
    TypeError: bots[0] is the class GreedyBot, not a bot: make one, such as GreedyBot()
    """
    if isinstance(bot, type):  # its choose is a function of the class, not a bot's
        raise TypeError(
            f"{name} is the class {bot.__name__}, not a bot: make one, such as {bot.__name__}()"
        )
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"{name} must be a bot (with a choose(view) method), got {bot!r}")


def _steps(state: RoundState, choose: Choose, max_actions: int | None) -> Iterator[Played]:
    played = 0
    while state.phase is not _GAME_OVER:
        if max_actions is not None and played >= max_actions:
            _too_long(state, max_actions)
        player = chooser(state)
        assert player is not None  # someone chooses until the game is over
        action = choose(player, state)
        after, events = step(state, action)  # played for ``player``, who chooses now
        yield (state, player, action, after, events)
        state = after
        played += 1


def _bot_steps(
    state: RoundState, chooses: list[Callable[[PlayerView], Action]], max_actions: int | None
) -> Iterator[Played]:
    """:func:`_steps` for one bot per player, written out: simulations play every action."""
    played = 0
    limit = -1 if max_actions is None else max_actions
    while state.phase is not _GAME_OVER:
        if played == limit:
            _too_long(state, limit)
        # chooser(state), written out: this loop plays every action of every simulated game,
        # and the call would cost as much as the rest of the loop's own work (the tests hold
        # it to chooser at every step of every preset).
        to_act = state.to_act
        player = state.facts.dealer if to_act is None else to_act
        action = chooses[player](view(state, player))
        try:
            after, events = advance(state, action)  # played for ``player``, who chooses now
        except (IllegalActionError, TypeError) as error:  # the bot's mistake: say whose
            error.add_note(
                f"chosen by the bot of player {player} ({_named(chooses[player])}) in round "
                f"{state.round_number}, phase {state.phase.name}, move {state.moves}"
            )
            raise
        yield (state, player, action, after, events)
        state = after
        played += 1


def _named(choose: Callable[[PlayerView], Action]) -> str:
    """The class of the bot whose ``choose`` this is, to name it in a note."""
    owner = getattr(choose, "__self__", choose)
    return type(owner).__name__


def _too_long(state: RoundState, max_actions: int) -> NoReturn:
    raise GameTooLongError(
        f"the game is not over after {max_actions} actions: round {state.round_number}, "
        f"turn {state.turns}, phase {state.phase.name}",
        state,
    )
