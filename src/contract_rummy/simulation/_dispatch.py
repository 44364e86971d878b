"""Sending a run's games to the workers in chunks, and reading the results back in order.

The games go out in chunks (:func:`chunks`): 1, 2, 4, ... games first, so that the first
results come back at once, then shares of what is left, :data:`MAX_CHUNK` games at most.
:func:`dispatched` keeps :data:`IN_FLIGHT` chunks per worker submitted ahead of the reader
and yields the results in game order; a long run thus never holds more than a few chunks of
results. Stopping it (closing the iterator, or an exception such as Ctrl-C while it waits)
cancels the chunks not started and submits no more.

:data:`MAX_CHUNK` and :data:`IN_FLIGHT` are public; the other names are the package's own.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from typing import Final

from contract_rummy.simulation._executors import ProcessPool, stopped
from contract_rummy.simulation._game import Plan, play_game
from contract_rummy.simulation._results import GameResult

__all__ = ["IN_FLIGHT", "MAX_CHUNK", "chunks", "dispatched", "in_process", "play_chunk"]

#: The most games in one chunk sent to a worker, unless ``chunk_size`` says otherwise.
MAX_CHUNK: Final = 32

#: How many chunks per worker are sent ahead of the results read: enough that a worker
#: never waits for the reader while one slow chunk holds back the results behind it.
IN_FLIGHT: Final = 4


def play_chunk(plan: Plan, start: int, count: int) -> list[GameResult]:
    """Play games ``start`` to ``start + count - 1``: one task of a worker.

    Raises:
        KeyboardInterrupt: between two games, if the worker's pool was stopped or the
            worker was sent Ctrl-C (see ``stopped()``).

    >>> from contract_rummy import PAGAT
    >>> chunk = play_chunk(Plan(("random",) * 4, PAGAT, seed=1, max_actions=10_000), 5, 2)
    >>> [game.index for game in chunk]
    [5, 6]
    """
    games = []
    for index in range(start, start + count):
        if stopped():
            raise KeyboardInterrupt(f"the run was stopped before game {index}")
        games.append(play_game(plan, index))
    return games


def chunks(start: int, games: int, largest: int, workers: int) -> Iterator[tuple[int, int]]:
    """``(first game, games)`` of each chunk, ``largest`` games at most.

    The first chunks have 1, 2, 4, ... games, so that the first results come back
    quickly; then each takes a share of the games left (a quarter of one worker's share)
    so that the workers finish together, with no straggler at the end, while chunks large
    enough keep the cost of sending work and results small beside the games themselves.

    >>> list(chunks(10, 30, 8, 1))
    [(10, 1), (11, 2), (13, 4), (17, 6), (23, 5), (28, 3), (31, 3), (34, 2), (36, 1), (37, 1),
     (38, 1), (39, 1)]
    """
    end = start + games
    ramp = 1
    while start < end:
        left = end - start
        count = max(1, min(ramp, largest, -(-left // (4 * workers))))
        yield start, count
        start += count
        ramp *= 2


def in_process(plan: Plan, start: int, games: int) -> Iterator[GameResult]:
    """Play the games in this process, one after the other (``workers=1``)."""
    for index in range(start, start + games):
        yield play_game(plan, index)


def dispatched(
    plan: Plan,
    start: int,
    games: int,
    executor: Executor | None,
    workers: int,
    chunk_size: int,
) -> Iterator[GameResult]:
    """Play the games in chunks on ``executor`` (or a pool of our own), in game order.

    However the iterator ends (read to the end, closed, or an exception while it waits),
    the chunks not yet submitted never are and those not yet started are cancelled; a pool
    of our own is stopped (``ProcessPool.stop()``).
    """
    own = ProcessPool(workers) if executor is None else None
    runner = own.executor if own is not None else executor
    assert runner is not None
    waiting = chunks(start, games, chunk_size, workers)
    pending: deque[Future[list[GameResult]]] = deque()
    try:
        for first, count in itertools.islice(waiting, IN_FLIGHT * workers):
            pending.append(runner.submit(play_chunk, plan, first, count))
        while pending:
            results = pending.popleft().result()
            following = next(waiting, None)
            if following is not None:
                pending.append(runner.submit(play_chunk, plan, *following))
            yield from results
    except Exception as error:
        # (imported here: the package never imports it unless a pool of its own ran)
        from concurrent.futures.process import BrokenProcessPool  # noqa: PLC0415

        if own is None or not isinstance(error, BrokenProcessPool):
            raise
        # The pool's own error, saying what most often breaks it.
        raise BrokenProcessPool(
            f"a worker process ended before its games did ({error}). Each worker imports "
            "the program's main module again as it starts: a program that calls simulate() "
            'at its top level must keep that call under if __name__ == "__main__": (or play '
            "in this process, workers=1). A worker killed for lack of memory ends alike."
        ) from error
    finally:
        for future in pending:
            future.cancel()
        if own is not None:
            own.stop()
