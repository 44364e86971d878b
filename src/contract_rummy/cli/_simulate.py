"""``contract-rummy simulate``: many seeded games between bots, and their statistics.

The command plays ``--games`` games with :func:`~contract_rummy.simulate`, on every core
of this machine unless ``--workers`` says how many processes (``--workers 1``: this one)
or ``--dask ADDRESS`` sends them to a Dask cluster. ``--bots`` names one bot of
:data:`~contract_rummy.BOTS` per seat, or one bot for every seat. While the games are
played, their progress shows on the standard error; at the end, the summary
(:func:`~contract_rummy.summarize`) goes to the standard output: each seat's win rate and
mean final score, and for each round of the ladder how often the contract was met, straight
off the deal and at all, how many turns the round lasted and how it ended, each figure with
its 95% confidence interval.

``--out FILE`` writes each game's result as one line of JSON
(:meth:`~contract_rummy.GameResult.to_json`), in game order, as the games finish.
``--plot FILE`` draws the final scores of each seat and the contracts met, with
``matplotlib`` (the ``plot`` extra).

With ``rich`` installed (the ``cli`` extra), the progress is a bar redrawn on the terminal
and the tables are drawn by rich. Off a terminal (a pipe, a file, a log), without rich, or
with ``--plain``, the progress is a line now and then (at each tenth of the games, never
two within 2 seconds) and the tables are plain text. ``rich``, ``matplotlib`` and
``distributed`` are imported only when they are used.

>>> from contract_rummy.cli import main
>>> main(["simulate", "--bots", "greedy", "--games", "4", "--workers", "1", "--plain",
...       "--quiet"])
Simulation of pagat, seed 0: greedy, greedy, greedy, greedy
<BLANKLINE>
Seats (95% confidence intervals)
seat  bot     wins  win rate            mean score
   0  greedy     ...
<BLANKLINE>
Rounds (95% confidence intervals)
round  contract  ...
    1  two groups of 3  ...
<BLANKLINE>
4 games in ... s: ... games/s
0
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from array import array
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol, TextIO

import attrs

from contract_rummy.bots import BOTS
from contract_rummy.cli._common import Commands, add_command, default_players
from contract_rummy.events import RoundEnd
from contract_rummy.presets import VARIANTS
from contract_rummy.simulation import (
    Estimate,
    GameResult,
    Simulation,
    Summarizer,
    Summary,
    dask_executor,
    simulate,
)
from contract_rummy.simulation._executors import cores as _cores
from contract_rummy.variants import Variant

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID
    from rich.table import Table
    from rich.text import Text

__all__ = ["DASK_TIMEOUT", "plain_summary", "plot_summary", "register"]

#: Seconds to wait for a Dask scheduler to answer before giving up.
DASK_TIMEOUT: Final = 10.0

#: The fewest seconds between two lines of plain progress.
_LINE_GAP: Final = 2.0
#: The most seconds between two lines of plain progress, however slow the games.
_LINE_WAIT: Final = 60.0
#: The narrowest the contracts' column of a rich table may be, its text wrapped.
_CONTRACT_WIDTH: Final = 12
#: The width of the notes under the plain-text tables.
_NOTE_WIDTH: Final = 88


# == the arguments ============================================================================


@attrs.frozen
class _Options:
    """The command's arguments, checked."""

    variant: Variant
    bots: tuple[str, ...]
    games: int
    seed: int
    workers: int | None
    dask: str | None
    out: Path | None
    plot: Path | None
    quiet: bool
    plain: bool


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the program's commands."""
    parser = add_command(
        commands, "simulate", _run, help="play many seeded games between bots and sum them up"
    )
    parser.add_argument(
        "--variant", default="pagat", choices=sorted(VARIANTS), help="the rules (default pagat)"
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help=f"one bot per seat, separated by commas, or one bot for every seat, from "
        f"{', '.join(sorted(BOTS))} (default: heuristic in every seat of the rules' "
        "usual number of players)",
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="how many processes play (default: one per core; 1 plays in this process); "
        "with --dask, how many chunks of games the cluster runs at once",
    )
    parser.add_argument(
        "--dask", default=None, metavar="ADDRESS", help="play on the Dask cluster at ADDRESS"
    )
    parser.add_argument(
        "--out", type=Path, default=None, metavar="FILE", help="write the results as JSON Lines"
    )
    parser.add_argument(
        "--plot", type=Path, default=None, metavar="FILE", help="draw the scores and contracts"
    )
    parser.add_argument("--quiet", action="store_true", help="print the summary only")
    parser.add_argument(
        "--plain", action="store_true", help="plain text, even where rich is installed"
    )


def _bots(parser: argparse.ArgumentParser, text: str | None, variant: Variant) -> tuple[str, ...]:
    """The seats' bots that ``--bots`` names, checked against BOTS and R1."""
    if text is None:
        return ("heuristic",) * default_players(variant)
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            parser.error(
                f"--bots: no bot is called {name!r}; the bots are {', '.join(sorted(BOTS))}"
            )
    if len(names) == 1:
        return names * default_players(variant)
    try:
        variant.check_players(len(names))
    except ValueError as error:  # R1: one bot per player
        parser.error(f"--bots names {len(names)} bots, one per seat: {error}")
    return names


def _options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> _Options:
    """The arguments, or the command's usage and what is wrong with them."""
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if args.seed < 0:
        parser.error(f"--seed must not be negative, got {args.seed}")
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    variant = VARIANTS[args.variant]
    return _Options(
        variant=variant,
        bots=_bots(parser, args.bots, variant),
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        dask=args.dask,
        out=args.out,
        plot=args.plot,
        quiet=args.quiet,
        plain=args.plain,
    )


def _check_plot(parser: argparse.ArgumentParser, path: Path) -> None:
    """Refuse ``--plot`` before playing: without matplotlib, or to a file it cannot write."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
        from matplotlib.figure import Figure  # noqa: PLC0415
    except ImportError:
        parser.error(
            "--plot needs matplotlib, which comes with the plot extra: "
            "pip install 'contract_rummy[plot]'"
        )
    formats = FigureCanvasAgg(Figure()).get_supported_filetypes()
    suffix = path.suffix.removeprefix(".").lower() or "png"
    if suffix not in formats:
        parser.error(f"--plot: cannot draw .{suffix} files; try {', '.join(sorted(formats))}")
    try:
        path.open("wb").close()
    except OSError as error:
        parser.error(f"--plot: {error}")


def _open_out(parser: argparse.ArgumentParser, path: Path, stack: ExitStack) -> TextIO:
    """The ``--out`` file, open for writing before any game is played."""
    try:
        return stack.enter_context(path.open("w", encoding="utf-8", newline="\n"))
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


# == progress =================================================================================


class _Progress(Protocol):
    """Where the games' progress goes, one game at a time."""

    def advance(self) -> None:
        """One more game is done."""

    def close(self) -> None:
        """The games are over (or stopped)."""


class _Silent:
    """No progress at all (``--quiet``)."""

    def advance(self) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


def _clock(seconds: float) -> str:
    """A duration as ``H:MM:SS``."""
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}"


class _Lines:
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


class _Bar:
    """Rich's progress bar, redrawn on a terminal: games done, games per second, time left."""

    def __init__(self, total: int, console: Console) -> None:
        from rich.progress import (  # noqa: PLC0415 - rich is optional
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress: Progress = Progress(
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


def _console(*, stderr: bool) -> Console | None:
    """A rich console on the standard output (or error); ``None`` without rich."""
    try:
        from rich.console import Console  # noqa: PLC0415 - rich is optional
    except ImportError:
        return None
    return Console(stderr=stderr, highlight=False)


def _progress(options: _Options) -> _Progress:
    """Rich's bar on a terminal, else plain lines; nothing with ``--quiet``."""
    if options.quiet:
        return _Silent()
    console = None if options.plain else _console(stderr=True)
    if console is not None and console.is_terminal:
        return _Bar(options.games, console)
    return _Lines(options.games, sys.stderr, time.monotonic)


# == playing ==================================================================================


class _Tally:
    """What the run keeps of each game: its statistics, and each seat's final scores."""

    def __init__(self, seats: int, *, scores: bool) -> None:
        self.summarizer = Summarizer()
        #: Each seat's final scores, for the plot; only small integers, not whole results.
        self.scores: list[array[int]] | None = (
            [array("q") for _ in range(seats)] if scores else None
        )

    def add(self, game: GameResult) -> None:
        """Count one game."""
        self.summarizer.add(game)
        if self.scores is not None:
            for column, score in zip(self.scores, game.scores, strict=True):
                column.append(score)


def _games(options: _Options, executor: Executor | None) -> Simulation:
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


def _where(options: _Options) -> str:
    """Who plays the games: this process, a pool of processes, or a cluster."""
    if options.dask is not None:
        return f"on the Dask cluster at {options.dask}"
    workers = _cores() if options.workers is None else options.workers
    return "in this process" if workers == 1 else f"on {workers} processes"


def _play(
    options: _Options, executor: Executor | None, out: TextIO | None, tally: _Tally
) -> float:
    """Play the games, writing each result to ``out`` and counting it; return the seconds."""
    if not options.quiet:
        print(
            f"Playing {options.games} {options.variant.name} games, seed {options.seed}, "
            f"{_where(options)}",
            file=sys.stderr,
        )
    progress = _progress(options)
    start = time.perf_counter()
    try:
        with _games(options, executor) as games:
            for game in games:
                if out is not None:
                    out.write(game.to_json() + "\n")
                tally.add(game)
                progress.advance()
    finally:
        progress.close()
    return time.perf_counter() - start


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    options = _options(parser, args)
    if options.plot is not None:
        _check_plot(parser, options.plot)
    tally = _Tally(len(options.bots), scores=options.plot is not None)
    with ExitStack() as stack:
        out = None if options.out is None else _open_out(parser, options.out, stack)
        executor = None if options.dask is None else _dask(parser, options.dask, stack)
        try:
            seconds = _play(options, executor, out, tally)
        except KeyboardInterrupt:
            games = tally.summarizer.games
            print(
                f"contract-rummy simulate: interrupted after {games} of {options.games} games",
                file=sys.stderr,
            )
            return 130
    _report(options, tally, seconds)
    return 0


# == the summary ==============================================================================


@attrs.frozen
class _Table:
    """A table for plain text or rich: a title, the columns' headers, rows of text."""

    title: str
    headers: tuple[str, ...]
    right: tuple[bool, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


def _aligned(values: Sequence[str], intervals: Sequence[str]) -> list[str]:
    """Cells of a column of estimates: the values right-aligned, then their intervals."""
    width = max(map(len, values))
    pairs = zip(values, intervals, strict=True)
    return [f"{value:>{width}} {interval}" for value, interval in pairs]


def _rates(estimates: Sequence[Estimate]) -> list[str]:
    """Rates in percent with their intervals: ``62.5% [40.9, 80.0]``."""
    return _aligned(
        [f"{100 * e.value:.1f}%" for e in estimates],
        [f"[{100 * e.low:.1f}, {100 * e.high:.1f}]" for e in estimates],
    )


def _means(estimates: Sequence[Estimate]) -> list[str]:
    """Means with their intervals: ``301.5 [288.0, 315.0]`` (``[-inf, inf]`` for one value)."""
    return _aligned(
        [f"{e.value:.1f}" for e in estimates], [f"[{e.low:.1f}, {e.high:.1f}]" for e in estimates]
    )


def _seats_table(summary: Summary) -> _Table:
    seats = summary.seats
    columns = (
        [str(seat.seat) for seat in seats],
        [seat.bot for seat in seats],
        [str(seat.wins) for seat in seats],
        _rates([seat.win_rate for seat in seats]),
        _means([seat.score for seat in seats]),
    )
    return _Table(
        title="Seats (95% confidence intervals)",
        headers=("seat", "bot", "wins", "win rate", "mean score"),
        right=(True, False, True, False, False),
        rows=tuple(zip(*columns, strict=True)),
        note="A shared win (R28) counts for each player sharing it.",
    )


#: The columns of how rounds ended, in the order of RoundEnd.
_ENDS: Final = {
    RoundEnd.WENT_OUT: "went out",
    RoundEnd.STOCK_EXHAUSTED: "R27",
    RoundEnd.TURN_LIMIT: "R29",
}


def _rounds_table(summary: Summary) -> _Table:
    rounds = summary.rounds
    columns = (
        [str(played.number) for played in rounds],
        [played.contract for played in rounds],
        _rates([played.met_on_deal for played in rounds]),
        _rates([played.went_down for played in rounds]),
        _means([played.turns for played in rounds]),
        *([f"{100 * played.ends[end].value:.1f}%" for played in rounds] for end in _ENDS),
    )
    player_rounds = summary.games * len(summary.seats)
    return _Table(
        title="Rounds (95% confidence intervals)",
        headers=("round", "contract", "met on deal", "met at all", "turns", *_ENDS.values()),
        right=(True, False, False, False, False, True, True, True),
        rows=tuple(zip(*columns, strict=True)),
        note=(
            "met on deal: the cards dealt met the contract; met at all: the player went down "
            f"(rates of the {player_rounds} player-rounds of each round). turns: the round's "
            "mean length. How rounds ended: a player went out, the stock ran dry (R27), or "
            "the turn limit was reached (R29)."
        ),
    )


def _plain_table(table: _Table) -> list[str]:
    """The table as aligned lines of text: the title, the headers, the rows."""
    lines = (table.headers, *table.rows)
    widths = [max(len(line[column]) for line in lines) for column in range(len(table.headers))]

    def line(cells: Sequence[str]) -> str:
        aligned = (
            cell.rjust(width) if right else cell.ljust(width)
            for cell, width, right in zip(cells, widths, table.right, strict=True)
        )
        return "  ".join(aligned).rstrip()

    note = textwrap.wrap(table.note, _NOTE_WIDTH)
    return [table.title, *map(line, lines), *note]


def _header(summary: Summary, seed: int) -> str:
    bots = ", ".join(seat.bot for seat in summary.seats)
    return f"Simulation of {summary.variant}, seed {seed}: {bots}"


def _footer(summary: Summary, seconds: float) -> str:
    rate = summary.games / max(seconds, 1e-9)
    return f"{summary.games} games in {seconds:.1f} s: {rate:.1f} games/s"


def _files(options: _Options) -> list[str]:
    """Where the results and the plot went, if anywhere."""
    lines = []
    if options.out is not None:
        lines.append(f"Results: {options.out}")
    if options.plot is not None:
        lines.append(f"Plot: {options.plot}")
    return lines


def plain_summary(summary: Summary, *, seed: int, seconds: float) -> str:
    """The summary of a run as aligned plain text: seats, rounds, games per second.

    >>> import contract_rummy as cr
    >>> summary = cr.summarize(cr.simulate(["greedy"] * 4, 2, seed=5, workers=1))
    >>> print(plain_summary(summary, seed=5, seconds=4.0))
    Simulation of pagat, seed 5: greedy, greedy, greedy, greedy
    <BLANKLINE>
    Seats (95% confidence intervals)
    seat  bot     wins  win rate  ...
    ...
    2 games in 4.0 s: 0.5 games/s
    """
    lines = [_header(summary, seed)]
    for table in (_seats_table(summary), _rounds_table(summary)):
        lines += ["", *_plain_table(table)]
    return "\n".join([*lines, "", _footer(summary, seconds)])


def _rich_cell(cell: str, *, stacked: bool) -> Text:
    """A cell for rich; stacked, an estimate's interval goes under its value, dimmed."""
    from rich.text import Text  # noqa: PLC0415 - rich is optional

    value, bracket, interval = cell.strip().partition(" [")
    if not stacked or not bracket:
        return Text(cell)
    low, high = interval.removesuffix("]").split(", ")
    return Text.assemble(value, "\n", (f"{low}\u2013{high}", "dim"))


def _rich_table(table: _Table, *, stacked: bool = False) -> Table:
    """The table drawn by rich: the figures never wrapped, the contracts where needed."""
    from rich import box  # noqa: PLC0415 - rich is optional
    from rich.table import Table  # noqa: PLC0415

    drawn = Table(
        title=table.title,
        title_justify="left",
        title_style="bold",
        caption=table.note,
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
    )
    for column, header in enumerate(table.headers):
        figures = any(" [" in row[column] for row in table.rows)
        wraps = header == "contract"
        drawn.add_column(
            header,
            justify="right" if table.right[column] or (stacked and figures) else "left",
            no_wrap=not wraps,
            min_width=_CONTRACT_WIDTH if wraps else None,
        )
    for row in table.rows:
        drawn.add_row(*(_rich_cell(cell, stacked=stacked) for cell in row))
    return drawn


def _fitted(table: _Table, console: Console) -> Table:
    """The table a row a line if the console is wide enough, else with stacked estimates.

    Only the contracts' column wraps, down to a width of 12.
    """
    from rich.measure import Measurement  # noqa: PLC0415 - rich is optional

    drawn = _rich_table(table)
    widest = Measurement.get(console, console.options.update_width(sys.maxsize), drawn).maximum
    if "contract" in table.headers:
        column = table.headers.index("contract")
        longest = max(len(row[column]) for row in table.rows)
        widest -= max(0, longest - _CONTRACT_WIDTH)
    return drawn if widest <= console.width else _rich_table(table, stacked=True)


def _report(options: _Options, tally: _Tally, seconds: float) -> None:
    """Draw the plot if asked, and print the summary: with rich on a terminal, else plain."""
    summary = tally.summarizer.summary()
    if options.plot is not None and tally.scores is not None:
        plot_summary(options.plot, summary, tally.scores, seed=options.seed)
    files = _files(options)
    console = None if options.plain else _console(stderr=False)
    if console is None or not console.is_terminal:
        print("\n".join([plain_summary(summary, seed=options.seed, seconds=seconds), *files]))
        return
    console.print(_header(summary, options.seed), markup=False)
    for table in (_seats_table(summary), _rounds_table(summary)):
        console.print()
        console.print(_fitted(table, console))
    console.print()
    console.print("\n".join([_footer(summary, seconds), *files]), markup=False)


# == the plot =================================================================================


def plot_summary(
    path: Path, summary: Summary, scores: Sequence[Sequence[int]], *, seed: int
) -> None:
    """Draw each seat's final scores and each round's contracts met; save it to ``path``.

    ``scores[seat]`` are the seat's final totals, one per game. The figure has two parts:
    box plots of the final scores, a box per seat, and for each round the rates of
    player-rounds whose cards met the contract straight off the deal and that met it at
    all, with their 95% intervals. It is drawn with matplotlib's Agg backend, without
    pyplot, in the format that the file name's suffix says (PNG by default).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(11, 4.6), layout="constrained")
    FigureCanvasAgg(figure)
    left, right = figure.subplots(1, 2, width_ratios=(2, 3))
    _draw_scores(left, summary, scores)
    _draw_contracts(right, summary)
    figure.suptitle(f"{summary.games} {summary.variant} games, seed {seed}")
    figure.savefig(path, dpi=90)


def _draw_scores(axes: Any, summary: Summary, scores: Sequence[Sequence[int]]) -> None:
    axes.boxplot([list(column) for column in scores], showmeans=True, widths=0.6)
    labels = [f"{seat.seat}\n{seat.bot}" for seat in summary.seats]
    axes.set_xticks(range(1, len(labels) + 1), labels)
    axes.set_title("Final scores (lower wins); triangles: means")
    axes.set_xlabel("seat")
    axes.set_ylabel("points")
    axes.grid(axis="y", alpha=0.3)


def _draw_contracts(axes: Any, summary: Summary) -> None:
    rounds = summary.rounds
    places = range(len(rounds))
    for offset, name, label in (
        (-0.2, "met_on_deal", "straight off the deal"),
        (0.2, "went_down", "at all (went down)"),
    ):
        estimates: list[Estimate] = [getattr(played, name) for played in rounds]
        values = [100 * estimate.value for estimate in estimates]
        errors = [
            [100 * (e.value - e.low) for e in estimates],
            [100 * (e.high - e.value) for e in estimates],
        ]
        axes.barh(
            [p + offset for p in places],
            values,
            height=0.4,
            xerr=errors,
            error_kw={"elinewidth": 1, "capsize": 2, "ecolor": "0.3"},
            label=label,
        )
    axes.set_yticks(list(places), [f"{p.number}. {p.contract}" for p in rounds])
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("% of player-rounds, with 95% intervals")
    axes.set_title("Contract met, by round")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2, frameon=False)
    axes.grid(axis="x", alpha=0.3)
