"""``contract-rummy replay FILE``: a recorded game, printed as the demo prints one.

``FILE`` holds one record (``demo --record``, :func:`~contract_rummy.records.dump`) or
several in JSON Lines, one a line (:func:`~contract_rummy.records.dump_lines`): each game
is then printed in turn.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from contract_rummy import records
from contract_rummy.cli._common import Commands, Narrator, add_command
from contract_rummy.engine import step
from contract_rummy.errors import RecordError

__all__ = ["register", "replay"]


def replay(path: Path, *, quiet: bool = False) -> int:
    """Print a recorded game round by round, as the demo prints one.

    The players are called by the record's names when it has them, else by their number.
    A JSON Lines file (:func:`~contract_rummy.records.dump_lines`) holds several records,
    one a line: each game is printed in turn, under a line that says which game it is and
    on which line of the file.

    Raises:
        RecordError: if the file is not a valid record, or a line of a JSON Lines file is
            not one, naming the line (nothing is printed then).
        OSError: if the file cannot be read.
    """
    games = _read(path)
    for number, (line, game) in enumerate(games, start=1):
        if line is not None:
            if number > 1:
                print()
            print(f"Game {number} of {len(games)} (line {line}):")
        _print(game, quiet=quiet)
    return 0


def _print(game: records.GameRecord, *, quiet: bool) -> None:
    """Print one game, as :func:`replay` does."""
    states = list(records.replay(game))
    dealt = (
        f"seed {game.seed}"
        if game.seed is not None
        else "dealt step by step"
        if game.chance_steps
        else "dealt cards recorded"
    )
    names = ", ".join(game.names) if game.names else f"{game.players} players"
    if not quiet:
        print(f"Record of a {game.variant.name} game: {names}; {dealt}")
        for key, value in game.metadata.items():
            print(f"  {key}: {value}")
    narrator = Narrator(quiet=quiet, names=game.names)
    for before, action, after in zip(states[:-1], game.actions, states[1:], strict=True):
        # The round's end is decided by the state and the action alone: stepping again
        # gives it even when the game's shuffles came from the operating system.
        narrator.played(before, action, after, step(before, action).events)
    narrator.finish(states[-1], f"{game.variant.name}, {dealt}")


def _read(path: Path) -> list[tuple[int | None, records.GameRecord]]:
    """The records of the file, each with its line in a JSON Lines file (else ``None``).

    Every record is read, and so checked, before any game is printed.
    """
    with path.open(encoding="utf-8-sig") as file:
        try:
            text = file.read()
        except UnicodeDecodeError as error:
            raise RecordError(f"not a JSON document: {error}") from None
    lines = _json_lines(text)
    if lines is None:
        return [(None, _load(text, ""))]
    return [(number, _load(line, f"line {number}: ")) for number, line in lines]


def _json_lines(text: str) -> list[tuple[int, str]] | None:
    """The numbered lines that hold something, if ``text`` is JSON Lines; else ``None``.

    It is when it is not one JSON document, but its first line that holds something is.
    """
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":
            return None
    except (ValueError, RecursionError):
        return None
    else:
        return None
    # Split at line feeds only, as a file is read a line at a time (records.load_lines):
    # JSON strings may hold other line breaks, such as U+2028.
    lines = [(number, line) for number, line in enumerate(text.split("\n"), 1) if line.strip()]
    try:
        json.loads(lines[0][1])
    except (ValueError, RecursionError):
        return None
    return lines


def _load(text: str, where: str) -> records.GameRecord:
    """The record ``text`` holds; ``where`` (``"line 2: "``) starts a refusal's message."""
    try:
        return records.loads(text)
    except RecordError as error:
        if _is_result(text):
            raise RecordError(
                f"{where}a result of contract-rummy simulate (--out), not a game record: "
                "a result keeps a game's seeds and scores, not its actions, so it cannot be "
                "replayed; contract-rummy demo --record writes a record"
            ) from error
        raise RecordError(f"{where}{error}") from error


def _is_result(text: str) -> bool:
    """Whether ``text`` is a game's result as ``simulate`` writes it (``GameResult``)."""
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "type" not in data and {"bot_seeds", "rounds"} <= data.keys()


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``replay`` to the program's commands."""
    parser = add_command(commands, "replay", _run, help="print a recorded game round by round")
    parser.add_argument(
        "file",
        type=Path,
        metavar="FILE",
        help="a JSON game record, or JSON Lines of records, one a line (each is printed)",
    )
    parser.add_argument("--quiet", action="store_true", help="print the standings only")


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        return replay(args.file, quiet=args.quiet)
    except BrokenPipeError:
        raise
    except (OSError, RecordError) as error:
        parser.error(f"{args.file}: {error}")
