"""Players for the library's games, and a loop that plays whole games with them.

A bot is anything with a ``choose(view) -> action`` method that returns one of
``legal_actions(view)``: it plays on what its player may see (:class:`PlayerView`), never
on the other hands or the stock. Three come with the library, named in :data:`BOTS`:

- :class:`HeuristicBot` plans its hand toward the round's contract and is the strongest;
- :class:`GreedyBot`, a plain player that goes down as soon as it can;
- :class:`RandomBot`, a seeded uniform choice among the legal actions.

Each also takes a whole state, and then plays for the player to act in it.

>>> import contract_rummy as cr
>>> final = cr.play_game([cr.GreedyBot()] * 4, seed=5)
>>> final.phase, len(final.winners) >= 1
(Phase.GAME_OVER, True)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Final, Protocol, runtime_checkable

from contract_rummy._checks import check_int
from contract_rummy.actions import Action
from contract_rummy.bots._greedy import GreedyBot
from contract_rummy.bots._heuristic import HeuristicBot
from contract_rummy.bots._random import RandomBot
from contract_rummy.engine import new_game
from contract_rummy.playing import check_bot, steps
from contract_rummy.presets import Named, UnknownNameError
from contract_rummy.state import RoundState
from contract_rummy.variants import PAGAT, Variant
from contract_rummy.views import PlayerView

__all__ = [
    "BOTS",
    "Bot",
    "BotFactory",
    "GreedyBot",
    "HeuristicBot",
    "RandomBot",
    "UnknownBotError",
    "make_bot",
    "play",
    "play_game",
]


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of its legal actions, seeing what its player may see.

    :func:`play` and :func:`play_game` call ``choose`` with the acting player's view.
    ``isinstance(value, Bot)`` tells whether a value has a ``choose`` (a bot's class has
    one too: :func:`~contract_rummy.playing.check_bot` tells them apart).

    >>> import contract_rummy as cr
    >>> isinstance(cr.GreedyBot(), Bot), isinstance("greedy", Bot)
    (True, False)
    """

    def choose(self, view: PlayerView) -> Action:
        """Return one of ``legal_actions(view)``."""
        ...  # pragma: no cover


class BotFactory(Protocol):
    """What :data:`BOTS` holds for each name: makes a bot from a seed, 0 when none is given.

    >>> make: BotFactory = BOTS["random"]
    >>> make(7), make()
    (RandomBot(seed=7), RandomBot(seed=0))
    """

    def __call__(self, seed: int = 0) -> Bot:
        """A new bot, seeded with ``seed`` (a bot that needs no seed ignores it)."""
        ...  # pragma: no cover


def _greedy(seed: int = 0) -> Bot:
    return GreedyBot()


def _heuristic(seed: int = 0) -> Bot:
    return HeuristicBot()


def _random(seed: int = 0) -> Bot:
    return RandomBot(seed=seed)


class UnknownBotError(UnknownNameError):
    """A name that names none of :data:`BOTS`: the message lists them.

    A :class:`KeyError` (as any mapping refuses a missing key) and a :class:`ValueError`
    (as the library refuses any bad input).
    """


class _Bots(Named[BotFactory]):
    """The named bots, read-only; a name that is none of them is refused with the names."""

    __slots__ = ()

    noun = "bot"
    unknown = UnknownBotError

    def __repr__(self) -> str:
        return f"BOTS({', '.join(self)})"


BOTS: Final[Mapping[str, BotFactory]] = _Bots(
    {"greedy": _greedy, "heuristic": _heuristic, "random": _random}
)
"""The bots the library names, each made from a seed, 0 when none is given (bots that need
none ignore it): ``BOTS["random"](7)``, ``BOTS["greedy"]()``. A name that is none of them
raises :class:`UnknownBotError`, listing them."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` in :data:`BOTS`, seeded with ``seed``.

    Raises:
        UnknownBotError: if no bot has that name (a :class:`ValueError`).

    >>> make_bot("random", seed=3)
    RandomBot(seed=3)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    contract_rummy.bots.UnknownBotError: no bot is called 'clever'; the bots are greedy, ...
    """
    factory = BOTS[name]
    check_int("seed", seed, minimum=0)
    return factory(seed)


def play(
    state: RoundState,
    bots: Sequence[Bot | str],
    *,
    stop_after: int | None = None,
    max_actions: int | None = None,
) -> Iterator[tuple[RoundState, Action, RoundState]]:
    """Play from ``state`` with one bot per player; yield each (before, action, after).

    Each bot chooses from its player's view (:func:`~contract_rummy.view`). In ROUND_OVER
    the dealer's bot deals the next round. Stops at the end of the game, or quietly after
    ``stop_after`` actions. A bot may be given by its name in :data:`BOTS`, as to
    :func:`play_game`. The game loop itself is :func:`contract_rummy.playing.steps`, whose
    steps also say who chose and what happened.

    ``max_actions`` is ``stop_after``'s old name, deprecated: :func:`play_game` and
    :func:`~contract_rummy.playing.steps` raise at their ``max_actions``, where this
    stopped quietly.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=2)
    >>> [after.phase for _, _, after in cr.play(state, ["greedy"] * 4, stop_after=2)]
    [Phase.BUY, Phase.PLAY]
    """
    if max_actions is not None:
        warnings.warn(
            "play(max_actions=) is deprecated: it stops quietly, where play_game and "
            "playing.steps raise at their max_actions; use play(stop_after=)",
            DeprecationWarning,
            stacklevel=2,
        )
        if stop_after is None:
            stop_after = max_actions
    played = steps(state, _seats(bots))
    if stop_after is not None:
        played = islice(played, check_int("stop_after", stop_after, minimum=0))
    return ((before, action, after) for before, _player, action, after, _events in played)


def play_game(
    bots: Sequence[Bot | str],
    *,
    variant: Variant | str = PAGAT,
    seed: int | None = None,
    on_step: Callable[[RoundState, Action, RoundState], None] | None = None,
    max_actions: int | None = None,
) -> RoundState:
    """Play a whole seeded game with one bot per player and return the final state.

    A bot may be given by its name in :data:`BOTS` (made with its seat's number as its
    seed), and the variant by its name in :data:`~contract_rummy.VARIANTS`. With a turn
    limit (R29, as in every named variant) every game ends; a caller who wants a tighter
    bound, or plays without one, passes ``max_actions``.

    Raises:
        RuntimeError: if the game is not over after ``max_actions`` actions.
        TypeError: if a seat holds neither a bot nor a bot's name, or ``on_step`` is not
            callable.
        ValueError: if a name is no bot's.

    >>> import contract_rummy as cr
    >>> cr.play_game(["greedy", "greedy", "random", "heuristic"], seed=2).winners
    (3,)
    >>> cr.play_game([cr.RandomBot(seed=p) for p in range(4)], seed=2, max_actions=10)
    Traceback (most recent call last):
    ...
    contract_rummy.playing.GameTooLongError: the game is not over after 10 actions: round 1, ...
    """
    seats = _seats(bots)
    if on_step is not None and not callable(on_step):
        raise TypeError(f"on_step must be a function of (before, action, after), got {on_step!r}")
    state = new_game(variant, seed=seed, players=len(seats))
    for before, _player, action, after, _events in steps(state, seats, max_actions=max_actions):
        if on_step is not None:
            on_step(before, action, after)
        state = after
    return state


def _seats(bots: Sequence[Bot | str]) -> list[Bot]:
    """One bot per seat: each name in ``bots`` made with its seat's number as its seed."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bots or bot names, got {bots!r}")
    seats: list[Bot] = []
    for seat, given in enumerate(bots):
        if isinstance(given, str):
            seats.append(make_bot(given, seat))
        else:
            check_bot(given, f"bots[{seat}]")
            seats.append(given)
    return seats
