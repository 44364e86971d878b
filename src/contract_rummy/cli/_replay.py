"""``contract-rummy replay FILE``: a recorded game, printed as the demo prints one."""

from __future__ import annotations

import argparse
from pathlib import Path

from contract_rummy import records
from contract_rummy.cli._common import Commands, Narrator, add_command
from contract_rummy.engine import step
from contract_rummy.errors import RecordError

__all__ = ["register", "replay"]


def replay(path: Path, *, quiet: bool = False) -> int:
    """Print a recorded game round by round, as the demo prints one.

    The players are called by the record's names when it has them, else by their number.

    Raises:
        RecordError: if the file is not a valid record (nothing is printed then).
        OSError: if the file cannot be read.
    """
    with path.open(encoding="utf-8") as file:
        game = records.load(file)
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
    return 0


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``replay`` to the program's commands."""
    parser = add_command(commands, "replay", _run, help="print a recorded game round by round")
    parser.add_argument("file", type=Path, metavar="FILE", help="a JSON game record")
    parser.add_argument("--quiet", action="store_true", help="print the standings only")


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        return replay(args.file, quiet=args.quiet)
    except BrokenPipeError:
        raise
    except (OSError, RecordError) as error:
        parser.error(f"{args.file}: {error}")
