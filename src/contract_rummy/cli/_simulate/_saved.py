"""``contract-rummy simulate --from FILE``: results saved earlier (``--out``), summed up again.

No game is played: the file's games are read one at a time
(:func:`~contract_rummy.load_results`), counted as a run counts its own, and summed up in
the same tables, under a line that names the file where a run names its seed; ``--plot``
draws the same figure from their final scores. A file that cannot be read, a line that is
not a game's result, a game of other rules or bots than the first, or a file without any
game ends the command with its usage and what is wrong, before anything is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from contract_rummy.cli._common import INTERRUPTED
from contract_rummy.cli._simulate._options import Saved, check_plot
from contract_rummy.cli._simulate._plot import plot_summary
from contract_rummy.cli._simulate._run import Tally
from contract_rummy.cli._simulate._summary import Frame, report
from contract_rummy.errors import RecordError
from contract_rummy.simulation import load_results

__all__ = ["summarize_saved"]


def summarize_saved(parser: argparse.ArgumentParser, saved: Saved) -> int:
    """Print the summary of the results in ``saved.source``; return the exit status.

    Ctrl-C while the file is read stops the command with status 130, as it stops a run,
    with nothing summed up.
    """
    if saved.plot is not None:
        check_plot(parser, saved.plot)
    tally = Tally(scores=saved.plot is not None)
    try:
        _count(parser, saved.source, tally)
    except KeyboardInterrupt:
        print(
            f"contract-rummy simulate: interrupted while reading {saved.source}",
            file=sys.stderr,
            flush=True,
        )
        return INTERRUPTED
    summary = tally.summarizer.summary()
    if saved.plot is not None and tally.scores is not None:
        plot_summary(saved.plot, summary, tally.scores, source=saved.source)
    files = [] if saved.quiet or saved.plot is None else [f"Plot: {saved.plot}"]
    report(summary, Frame.of_file(summary, saved.source), plain=saved.plain, files=files)
    return 0


class _Lines:
    """A file's lines as they are read, and the last one read with its number."""

    def __init__(self, file: IO[bytes]) -> None:
        self.file = file
        self.number = 0
        self.text = b""

    def __iter__(self) -> Iterator[bytes]:
        for number, text in enumerate(self.file, start=1):
            self.number, self.text = number, text
            yield text


def _count(parser: argparse.ArgumentParser, path: Path, tally: Tally) -> None:
    """Count each game of the file at ``path``; end the command at the first that is not."""
    try:
        # In bytes: JSON reads UTF-8 itself (with or without a BOM), and a line that is not
        # UTF-8 is refused with its number, as any line that is not a game's result.
        file = path.open("rb")
    except OSError as error:
        parser.error(f"--from: {error}")
    lines = _Lines(file)
    try:
        with file:
            for game in load_results(lines):
                tally.add(game)
    except OSError as error:
        parser.error(f"--from: {error}")
    except RecordError as error:
        if _is_record(lines.text):
            parser.error(
                f"--from: {path}: line {lines.number}: a game record (play or demo --record), "
                "not a game's result as simulate --out writes them; contract-rummy replay "
                "prints a record"
            )
        parser.error(f"--from: {path}: {error}")
    except ValueError as error:  # a game of other rules or bots than the first
        parser.error(f"--from: {path}: line {lines.number}: {error}")
    if tally.summarizer.games == 0:
        parser.error(
            f"--from: {path} holds no game's result: expected JSON Lines, a game a line, "
            "as simulate --out writes them"
        )


def _is_record(line: bytes) -> bool:
    """Whether ``line`` is a game record (``play`` or ``demo --record``), not a result."""
    try:
        data: Any = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("type") == "GameRecord"
