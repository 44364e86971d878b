"""A run of ``contract-rummy simulate``: the games played with their progress, then summed up.

:func:`run` opens what the run writes to (``--out``) and plays on (``--dask``) before any
game is played, plays the games with :func:`~contract_rummy.simulate`, writing and counting
each as it comes, and prints the summary. Ctrl-C stops the run: the games not started are
cancelled, and the summary of the games finished is printed before the command exits with
status 130.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import time
from array import array
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack
from types import FrameType
from typing import Any, Final, TextIO

from contract_rummy.cli._common import INTERRUPTED
from contract_rummy.cli._simulate._options import Options, check_plot, read_options
from contract_rummy.cli._simulate._plot import plot_summary
from contract_rummy.cli._simulate._progress import progress
from contract_rummy.cli._simulate._summary import Frame, report
from contract_rummy.simulation import GameResult, Simulation, Summarizer, dask_executor, simulate

__all__ = ["DASK_TIMEOUT", "Tally", "run"]

#: Seconds to wait for a Dask scheduler to answer before giving up.
DASK_TIMEOUT: Final = 10.0


def _open_out(parser: argparse.ArgumentParser, options: Options, stack: ExitStack) -> TextIO:
    """The ``--out`` file, open for writing before any game is played."""
    assert options.out is not None
    try:
        return stack.enter_context(options.out.open("w", encoding="utf-8", newline="\n"))
    except OSError as error:
        parser.error(f"--out: {error}")


def _dask(parser: argparse.ArgumentParser, address: str, stack: ExitStack) -> Executor:
    """An executor on the cluster at ``address``, shut down when ``stack`` closes."""
    try:
        executor = dask_executor(address, timeout=DASK_TIMEOUT)
    except ImportError:
        parser.error(
            "--dask needs Dask's distributed package, which comes with the dask extra: "
            "pip install 'contract_rummy[dask]'"
        )
    except (OSError, ValueError) as error:
        parser.error(f"--dask: cannot reach the scheduler at {address}: {error}")
    return stack.enter_context(executor)


def _cluster_threads(executor: Executor) -> int:
    """How many games a Dask cluster plays at once: its workers' threads, at least 1."""
    client: Any = getattr(executor, "client", None)
    threads = sum(client.nthreads().values()) if client is not None else 0
    return max(1, threads)


class Tally:
    """What the run keeps of each game: its statistics, and each seat's final scores.

    Also how long the games took, in seconds, once they are over or stopped.
    """

    def __init__(self, *, scores: bool) -> None:
        self.summarizer = Summarizer()
        self.seconds = 0.0
        #: Each seat's final scores, for the plot; only small integers, not whole results.
        #: A column a seat, made at the first game (results read back name no seats first).
        self.scores: list[array[int]] | None = [] if scores else None

    def add(self, game: GameResult) -> None:
        """Count one game.

        Raises:
            ValueError: if its rules or bots differ from the first game's.
        """
        self.summarizer.add(game)
        if self.scores is not None:
            if not self.scores:
                self.scores = [array("q") for _ in game.scores]
            for column, score in zip(self.scores, game.scores, strict=True):
                column.append(score)


def _games(options: Options, executor: Executor | None) -> Simulation:
    """The run's games, on the cluster's threads or on ``--workers`` processes."""
    workers = options.workers
    if executor is not None and workers is None:
        workers = _cluster_threads(executor)
    return simulate(
        options.bots,
        options.games,
        variant=options.variant,
        seed=options.seed,
        workers=workers,
        executor=executor,
    )


def _where(options: Options, games: Simulation) -> str:
    """Who plays the games: this process, a pool of processes, or a cluster."""
    if options.dask is not None:
        return f"on the Dask cluster at {options.dask}"
    return "in this process" if games.workers == 1 else f"on {games.workers} processes"


class _HeldCtrlC:
    """A SIGINT handler that holds Ctrl-C back while a game is written and counted.

    Ctrl-C raises :class:`KeyboardInterrupt` at once, as Python's own handler does, but
    inside :meth:`recording` it waits for the game to be both written and counted: the
    results written and the summary always hold the same games.
    """

    def __init__(self) -> None:
        self.busy = False
        self.held = False

    def __call__(self, number: int, frame: FrameType | None) -> None:
        if self.busy:
            self.held = True
        else:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        """This handler in place of Python's own, in the main thread (elsewhere, none)."""
        main = threading.current_thread() is threading.main_thread()
        if not main or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            yield
            return
        signal.signal(signal.SIGINT, self)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)

    @contextlib.contextmanager
    def recording(self) -> Iterator[None]:
        """Hold Ctrl-C back until the end of the block, then raise it."""
        self.busy = True
        try:
            yield
        finally:
            self.busy = False
        if self.held:
            raise KeyboardInterrupt


def _play(options: Options, executor: Executor | None, out: TextIO | None, tally: Tally) -> None:
    """Play the games, writing each result to ``out`` and counting it."""
    start = time.perf_counter()
    ctrl_c = _HeldCtrlC()
    with ctrl_c.installed(), _games(options, executor) as games:
        if not options.quiet:
            print(
                f"Playing {options.games} {options.variant.name} games, seed {options.seed}, "
                f"{_where(options, games)}",
                file=sys.stderr,
            )
        shown = progress(options)
        try:
            for game in games:
                with ctrl_c.recording():
                    if out is not None:
                        out.write(game.to_json() + "\n")
                    tally.add(game)
                shown.advance()
        finally:
            shown.close()
            tally.seconds = time.perf_counter() - start


def _files(options: Options) -> list[str]:
    """Where the results and the plot went, if anywhere."""
    lines = []
    if options.out is not None:
        lines.append(f"Results: {options.out}")
    if options.plot is not None:
        lines.append(f"Plot: {options.plot}")
    return lines


def _report(options: Options, tally: Tally) -> None:
    """Draw the plot if asked, and print the summary of the games counted."""
    summary = tally.summarizer.summary()
    if options.plot is not None and tally.scores is not None:
        plot_summary(options.plot, summary, tally.scores, seed=options.seed)
    frame = Frame.of_run(summary, seed=options.seed, seconds=tally.seconds)
    report(summary, frame, plain=options.plain, files=[] if options.quiet else _files(options))


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the command: play, write and sum up the games; return the exit status.

    Ctrl-C stops the games: the command then says how many were finished, prints their
    summary (if any was) and returns 130. A second Ctrl-C leaves at once.
    """
    options = read_options(parser, args)
    if options.plot is not None:
        check_plot(parser, options.plot)
    tally = Tally(scores=options.plot is not None)
    with ExitStack() as stack:
        out = None if options.out is None else _open_out(parser, options, stack)
        executor = None if options.dask is None else _dask(parser, options.dask, stack)
        try:
            _play(options, executor, out, tally)
        except KeyboardInterrupt:
            interrupted = True
        else:
            interrupted = False
    if not interrupted:
        _report(options, tally)
        return 0
    games = tally.summarizer.games
    print(
        f"contract-rummy simulate: interrupted after {games} of {options.games} games",
        file=sys.stderr,
        flush=True,
    )
    if games:
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C: leave at once
            _report(options, tally)
    return INTERRUPTED
