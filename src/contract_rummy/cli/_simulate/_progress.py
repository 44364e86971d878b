"""The games' progress while they are played, on the standard error.

On a terminal with rich, a bar redrawn as the games finish (:class:`Bar`); elsewhere (a
pipe, a file, a log), without rich, or with ``--plain``, a line now and then
(:class:`Lines`); with ``--quiet``, nothing (:class:`Silent`). :func:`progress` picks one.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol, TextIO

from contract_rummy.cli._simulate._console import console
from contract_rummy.cli._simulate._options import Options

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress as RichProgress
    from rich.progress import TaskID

__all__ = ["Bar", "Lines", "Progress", "Silent", "progress"]

#: The fewest seconds between two lines of plain progress.
_LINE_GAP: Final = 2.0
#: The most seconds between two lines of plain progress, however slow the games.
_LINE_WAIT: Final = 60.0


class Progress(Protocol):
    """Where the games' progress goes, one game at a time."""

    def advance(self) -> None:
        """One more game is done."""

    def close(self) -> None:
        """The games are over (or stopped)."""


class Silent:
    """No progress at all (``--quiet``)."""

    def advance(self) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


def _clock(seconds: float) -> str:
    """A duration as ``H:MM:SS``.

    >>> _clock(3725.4)
    '1:02:05'
    """
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}"


class Lines:
    """A line of progress now and then: at each tenth of the games, at least every minute.

    Never two lines within 2 seconds, so that a log is not flooded; the last game always
    has its line.
    """

    def __init__(self, total: int, stream: TextIO, clock: Callable[[], float]) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self.done = 0
        self.start = self.last = clock()
        self.step = max(1, total // 10)
        self.mark = self.step

    def advance(self) -> None:
        """Count one game; write a line if one is due."""
        self.done += 1
        now = self.clock()
        due = self.done >= self.mark or now - self.last >= _LINE_WAIT
        if self.done == self.total or (due and now - self.last >= _LINE_GAP):
            self.write(now)

    def write(self, now: float) -> None:
        """Write how many games are done, how fast, and how long the rest will take."""
        seconds = now - self.start
        rate = self.done / max(seconds, 1e-9)
        if self.done < self.total:
            time_left = f"{_clock((self.total - self.done) / rate)} left"
        else:
            time_left = f"done in {_clock(seconds)}"
        percent = 100 * self.done // self.total
        print(
            f"{self.done}/{self.total} games ({percent}%), {rate:.1f} games/s, {time_left}",
            file=self.stream,
            flush=True,
        )
        self.last = now
        self.mark = self.done + self.step

    def close(self) -> None:
        """Nothing to close: every line is written."""


class Bar:
    """Rich's progress bar, redrawn on a terminal: games done, games per second, time left."""

    def __init__(self, total: int, console: Console) -> None:
        from rich.progress import (  # noqa: PLC0415 - rich is optional
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as RichProgress  # noqa: PLC0415

        self.progress: RichProgress = RichProgress(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
        )
        self.task: TaskID = self.progress.add_task("games", total=total, rate="")
        self.start = time.monotonic()
        self.done = 0
        self.progress.start()

    def advance(self) -> None:
        """Move the bar on by one game."""
        self.done += 1
        rate = self.done / max(time.monotonic() - self.start, 1e-9)
        self.progress.update(self.task, advance=1, rate=f"{rate:.1f} games/s")

    def close(self) -> None:
        """Leave the bar as it ended."""
        self.progress.stop()


def progress(options: Options) -> Progress:
    """Rich's bar on a terminal, else plain lines; nothing with ``--quiet``."""
    if options.quiet:
        return Silent()
    terminal = None if options.plain else console(stderr=True)
    if terminal is not None and terminal.is_terminal:
        return Bar(options.games, terminal)
    return Lines(options.games, sys.stderr, time.monotonic)
