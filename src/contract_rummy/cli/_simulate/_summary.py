"""The summary of a run as tables: plain text anywhere, drawn by rich on a terminal.

The same two tables, the seats' (win rates, mean scores) and the rounds' (contracts met,
turns, how rounds ended), each figure with its 95% confidence interval, are written as
aligned text (:func:`plain_summary`) or drawn by rich to fit the terminal (:func:`report`),
between a line that says what was summed up and one that says how many games (a
:class:`Frame`: a run's seed and speed, or the file of results it was read from).
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

import attrs

from contract_rummy.cli._simulate._console import console
from contract_rummy.events import RoundEnd
from contract_rummy.simulation import Estimate, Summary

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

__all__ = ["Frame", "plain_summary", "plain_text", "report"]

#: The narrowest the contracts' column of a rich table may be, its text wrapped.
_CONTRACT_WIDTH: Final = 12
#: The width of the notes under the plain-text tables.
_NOTE_WIDTH: Final = 88


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


def _games(summary: Summary) -> str:
    return f"{summary.games} game{'s' * (summary.games != 1)}"


@attrs.frozen
class Frame:
    """The lines above and under the tables: what was summed up, and how many games.

    Attributes:
        header: The first line: the rules, where the games come from, the seats' bots.
        footer: The last line: how many games (and, for a run, how fast they were played).
    """

    header: str
    footer: str

    @classmethod
    def of_run(cls, summary: Summary, *, seed: int, seconds: float) -> Frame:
        """The lines of a run just played: its seed, and its games per second.

        >>> import contract_rummy as cr
        >>> summary = cr.summarize(cr.simulate(["greedy"] * 4, 2, seed=5, workers=1))
        >>> frame = Frame.of_run(summary, seed=5, seconds=4.0)
        >>> print(frame.header)
        Simulation of pagat, seed 5: greedy, greedy, greedy, greedy
        >>> print(frame.footer)
        2 games in 4.0 s: 0.5 games/s
        """
        rate = summary.games / max(seconds, 1e-9)
        return cls(
            header=_header(summary, f"seed {seed}"),
            footer=f"{_games(summary)} in {seconds:.1f} s: {rate:.1f} games/s",
        )

    @classmethod
    def of_file(cls, summary: Summary, path: Path) -> Frame:
        """The lines of results read back from the file at ``path`` (``simulate --from``).

        >>> import contract_rummy as cr
        >>> summary = cr.summarize(cr.simulate(["greedy"] * 4, 2, seed=5, workers=1))
        >>> frame = Frame.of_file(summary, Path("results.jsonl"))
        >>> print(frame.header)
        Simulation of pagat, from results.jsonl: greedy, greedy, greedy, greedy
        >>> print(frame.footer)
        2 games, read from results.jsonl
        """
        return cls(
            header=_header(summary, f"from {path}"),
            footer=f"{_games(summary)}, read from {path}",
        )


def _header(summary: Summary, source: str) -> str:
    bots = ", ".join(seat.bot for seat in summary.seats)
    return f"Simulation of {summary.rule_set}, {source}: {bots}"


def plain_text(summary: Summary, frame: Frame) -> str:
    """The summary as aligned plain text, between the lines of ``frame``."""
    lines = [frame.header]
    for table in (_seats_table(summary), _rounds_table(summary)):
        lines += ["", *_plain_table(table)]
    return "\n".join([*lines, "", frame.footer])


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
    return plain_text(summary, Frame.of_run(summary, seed=seed, seconds=seconds))


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


def _fitted(table: _Table, terminal: Console) -> Table:
    """The table a row a line if the console is wide enough, else with stacked estimates.

    Only the contracts' column wraps, down to a width of 12.
    """
    from rich.measure import Measurement  # noqa: PLC0415 - rich is optional

    drawn = _rich_table(table)
    widest = Measurement.get(terminal, terminal.options.update_width(sys.maxsize), drawn).maximum
    if "contract" in table.headers:
        column = table.headers.index("contract")
        longest = max(len(row[column]) for row in table.rows)
        widest -= max(0, longest - _CONTRACT_WIDTH)
    return drawn if widest <= terminal.width else _rich_table(table, stacked=True)


def report(summary: Summary, frame: Frame, *, plain: bool, files: Sequence[str] = ()) -> None:
    """Print the summary in ``frame``: drawn by rich on a terminal, else plain; then ``files``."""
    terminal = None if plain else console(stderr=False)
    if terminal is None or not terminal.is_terminal:
        print("\n".join([plain_text(summary, frame), *files]))
        return
    terminal.print(frame.header, markup=False)
    for table in (_seats_table(summary), _rounds_table(summary)):
        terminal.print()
        terminal.print(_fitted(table, terminal))
    terminal.print()
    terminal.print("\n".join([frame.footer, *files]), markup=False)
