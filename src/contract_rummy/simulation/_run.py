"""A run of games: :func:`simulate` checks its arguments and returns a :class:`Simulation`.

The simulation is an iterator over the games' results, in game order, played as it is
read: in this process, on a pool of processes of its own, or on an executor the caller
passes (see the package's ``_dispatch`` module).
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from types import TracebackType
from typing import Final

from contract_rummy._checks import check_int
from contract_rummy.bots import BOTS, UnknownBotError
from contract_rummy.presets import as_variant
from contract_rummy.simulation._dispatch import MAX_CHUNK, dispatched, in_process
from contract_rummy.simulation._executors import cores
from contract_rummy.simulation._game import BotSpec, Plan, bot_name
from contract_rummy.simulation._results import GameResult
from contract_rummy.variants import PAGAT, Variant

__all__ = ["DEFAULT_MAX_ACTIONS", "Simulation", "simulate"]

#: The most actions a game may take before :func:`simulate` gives up on it with a
#: :class:`RuntimeError`: about a hundred times what a game between greedy bots takes. The
#: turn limit of every named variant (R29) ends each game long before.
DEFAULT_MAX_ACTIONS: Final = 250_000


class Simulation(Iterator[GameResult]):
    """The results of :func:`simulate`, one :class:`GameResult` per game, in game order.

    :func:`simulate` makes it, around the iterator ``results`` that plays the games.

    It is an iterator: the games are played as it is read, each result yielded as soon as
    its chunk of games is done (a chunk's games come back together), and at most a few
    chunks are in flight at a time. Reading it to the end, or calling :meth:`close`, or
    leaving a ``with`` block, stops the run, and so does an exception (Ctrl-C) while it
    waits for a result: the games not yet started are cancelled, and the processes of a
    pool it started stop after the game each is playing and exit. A simulation dropped
    half-read is closed the same way when it is garbage-collected.

    Attributes:
        bots: Each seat's bot, by name (see :attr:`GameResult.bots`).
        games: How many games it plays.
        start: The index of the first game.
        seed: The seed every game's seeds come from (:func:`derive_seed`).
        variant: The rules.
        workers: How many chunks of games are played at once: 1 when the games are
            played in this process, else the processes of its pool or the chunks given
            to the executor at a time.

    >>> import contract_rummy as cr
    >>> with cr.simulate(["random"] * 4, 1000, workers=1) as games:
    ...     first = next(games)
    >>> first.index, first.bots, games.workers
    (0, ('random', 'random', 'random', 'random'), 1)
    """

    def __init__(
        self,
        results: Iterator[GameResult],
        *,
        bots: tuple[str, ...],
        games: int,
        start: int,
        seed: int,
        variant: Variant,
        workers: int = 1,
    ) -> None:
        self.bots: Final = bots
        self.games: Final = games
        self.start: Final = start
        self.seed: Final = seed
        self.variant: Final = variant
        self.workers: Final = workers
        self._results = results

    def __iter__(self) -> Simulation:
        return self

    def __next__(self) -> GameResult:
        return next(self._results)

    def close(self) -> None:
        """Stop the run: cancel the games not started, and stop our own pool."""
        close = getattr(self._results, "close", None)
        if close is not None:
            close()

    def __enter__(self) -> Simulation:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return (
            f"<Simulation of {self.games} {self.variant.name} games from game {self.start}, "
            f"seed {self.seed}, bots {', '.join(self.bots)}>"
        )


def _check_bots(bots: object, variant: Variant) -> tuple[BotSpec, ...]:
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise TypeError(
            f"bots must be a sequence with one bot per seat (a name or a factory), got {bots!r}"
        )
    specs: list[BotSpec] = []
    for seat, spec in enumerate(bots):
        if isinstance(spec, str):
            try:
                BOTS[spec]
            except UnknownBotError as error:
                raise ValueError(f"bots[{seat}]: {error}") from None
        elif not callable(spec):
            if callable(getattr(spec, "choose", None)):  # a bot: one is made for every game
                kind = type(spec).__name__
                raise TypeError(
                    f"bots[{seat}] is a bot, {spec!r}, but each game makes its own: pass "
                    f"its name in BOTS or a factory, such as the class {kind}"
                )
            raise TypeError(
                f"bots[{seat}] must be a bot's name or a factory called with a seed, got {spec!r}"
            )
        specs.append(spec)
    variant.check_players(len(specs))  # R1: one bot per player
    return tuple(specs)


def _check_picklable(plan: Plan) -> None:
    """Refuse, before any pool starts, bot factories that worker processes cannot receive.

    New worker processes import the caller's main module again; one typed at a prompt or
    read from standard input cannot be, and neither can anything defined in it.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is not None and not os.path.isfile(path):
        raise TypeError(
            f"worker processes cannot start from a program read from {path}: run it from a "
            "file, or play in this process (workers=1) or on a thread pool (executor=)"
        )
    for seat, spec in enumerate(plan.bots):
        main_defined = getattr(spec, "__module__", None) == "__main__"
        if not isinstance(spec, str) and main_defined and path is None:
            raise TypeError(
                f"bots[{seat}], {spec!r}, is defined in an interactive session, which "
                "worker processes cannot import: define it in a module, or play in this "
                "process (workers=1) or on a thread pool (executor=)"
            )
        try:
            pickle.dumps(spec)
        except Exception as error:
            raise TypeError(
                f"bots[{seat}], {spec!r}, cannot be sent to worker processes ({error}): "
                "pass a module-level function or class, or play in this process (workers=1)"
            ) from None


def simulate(
    bots: Sequence[BotSpec],
    games: int,
    *,
    variant: Variant | str = PAGAT,
    seed: int = 0,
    start: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> Simulation:
    """Play ``games`` seeded games between ``bots``; yield each game's result in order.

    Game ``i`` (from ``start``) is dealt by ``new_game(variant,
    seed=derive_seed(seed, i))``, and the bot at seat ``p`` is made with the seed
    ``derive_seed(seed, i, p)`` (:func:`derive_seed`): the results are the same whatever
    plays the games, and any one game can be played again on its own. Each bot plays on
    its player's view (:func:`~contract_rummy.view`).

    Args:
        bots: One bot per seat, seat ``p`` playing player ``p``: the name of a bot in
            :data:`~contract_rummy.BOTS`, or a factory called with the bot's seed, such as
            ``RandomBot``, which is called with ``seed=`` as any class that takes a
            ``seed``. ``GreedyBot`` and ``HeuristicBot``, which take none (they play
            alike every game), and classes of theirs that need no argument, are made with
            nothing, as their names make them. The number of seats is the number of
            players (R1).
        games: How many games to play.
        variant: The rules (default :data:`~contract_rummy.PAGAT`), or a preset's name.
        seed: The seed of the whole run.
        start: The index of the first game: a run of 100 games from 100 continues one of
            100 games from 0.
        workers: ``1`` plays the games in this process, with no pool. Otherwise, without
            an ``executor``, the size of the pool of processes started for the run (by
            default one per core this process may use); with an ``executor``, how many
            chunks of games it runs at once (by default one per core here: pass the
            number of workers of a cluster).
        executor: Any :class:`concurrent.futures.Executor` to play the games on (a
            thread pool, a process pool, :func:`dask_executor`); the caller keeps it and
            shuts it down. Its workers need this library, and the bot factories by
            pickling.
        chunk_size: The most games sent to a worker at once; by default up to
            :data:`MAX_CHUNK`, fewer for a short run, so that every worker gets some.
        max_actions: The most actions a game may take: a game not over by then raises
            :class:`RuntimeError`, so that a run never hangs on a game that cannot end.

    Returns:
        The results as a :class:`Simulation`, an iterator to read or close.

    Raises:
        TypeError: if ``bots`` is not a sequence of names and callables, an argument is of
            the wrong type, or a factory cannot be pickled for a pool this call starts.
        ValueError: if a name is not in :data:`~contract_rummy.BOTS`, the variant is not
            played by ``len(bots)`` players (R1), or a count is negative or zero where it
            must not be.

    Reading the results raises whatever a game raised: a bot's error, or the
    :class:`RuntimeError` of a game over ``max_actions``.

    >>> import contract_rummy as cr
    >>> games = cr.simulate(["greedy", "random", cr.RandomBot, "greedy"], 2, seed=7, workers=1)
    >>> [(game.index, game.bots[2]) for game in games]
    [(0, 'RandomBot'), (1, 'RandomBot')]
    >>> cr.simulate(["greedy"] * 3, 10)
    Traceback (most recent call last):
    ...
    ValueError: R1: pagat is played by 4 players, not 3
    """
    variant = as_variant(variant)
    specs = _check_bots(bots, variant)
    check_int("games", games, minimum=0)
    check_int("seed", seed, minimum=0)
    check_int("start", start, minimum=0)
    check_int("max_actions", max_actions, minimum=1)
    if workers is not None:
        check_int("workers", workers, minimum=1)
    if chunk_size is not None:
        check_int("chunk_size", chunk_size, minimum=1)
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    plan = Plan(bots=specs, variant=variant, seed=seed, max_actions=max_actions)
    # By default one worker per core, and no more workers than games.
    parallel = min(cores(), max(games, 1)) if workers is None else workers
    results: Iterator[GameResult]
    if executor is None and parallel == 1:
        results = in_process(plan, start, games)
    else:
        if executor is None:
            _check_picklable(plan)
        largest = MAX_CHUNK if chunk_size is None else chunk_size
        results = dispatched(plan, start, games, executor, parallel, largest)
    names = tuple(bot_name(spec) for spec in specs)
    return Simulation(
        results,
        bots=names,
        games=games,
        start=start,
        seed=seed,
        variant=variant,
        workers=parallel,
    )
