"""The arguments of ``contract-rummy simulate``: the parser's options, read and checked.

:func:`add_arguments` gives the command's parser its options; :func:`read_options` reads
them into an :class:`Options`, or ends the command with its usage and what is wrong.
With ``--from FILE``, which plays no game, :func:`read_saved` reads them into a
:class:`Saved` instead, refusing the options that only playing uses.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

import attrs

from contract_rummy.bots import BOTS
from contract_rummy.cli._common import (
    add_variant_options,
    bots_for,
    check_writable,
    variant_for,
)
from contract_rummy.variants import Variant

__all__ = [
    "GAMES",
    "PLAYING",
    "Options",
    "Saved",
    "add_arguments",
    "check_plot",
    "read_options",
    "read_saved",
    "same_file",
]

#: How many games a run plays without ``--games``.
GAMES: Final = 100
#: The options that only playing uses, by their names in the parsed arguments: none of
#: them goes with ``--from``, which plays no game.
PLAYING: Final = {
    "variant": "--variant",
    "variant_file": "--variant-file",
    "bots": "--bots",
    "games": "--games",
    "seed": "--seed",
    "workers": "--workers",
    "dask": "--dask",
    "out": "--out",
}


@attrs.frozen
class Options:
    """The command's arguments, checked.

    Attributes:
        variant: The rules.
        bots: One bot's name per seat.
        games: How many games, at least 1.
        seed: The run's seed.
        workers: How many processes play (``--workers``), or ``None`` for one per core.
        dask: The address of a Dask scheduler, or ``None``.
        out: The file of the results as JSON Lines, or ``None``.
        plot: The file of the plot, or ``None``.
        quiet: Whether to print the summary only.
        plain: Whether to print plain text even where rich is installed.
    """

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


@attrs.frozen
class Saved:
    """The command's arguments with ``--from``, checked: results read back, no game played.

    Attributes:
        source: The file of results to read (JSON Lines, as ``--out`` writes them).
        plot: The file of the plot, or ``None``.
        quiet: Whether to print the summary only.
        plain: Whether to print plain text even where rich is installed.
    """

    source: Path
    plot: Path | None
    quiet: bool
    plain: bool


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the command's options."""
    add_variant_options(parser)
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help=f"one bot per seat, separated by commas, or one bot for every seat, from "
        f"{', '.join(sorted(BOTS))} (default: heuristic in every seat of the rules' "
        "usual number of players)",
    )
    # None until read_options fills in the defaults: --from refuses these options whenever
    # they are given, even with their defaults' values.
    parser.add_argument(
        "--games", type=int, default=None, help=f"how many games (default {GAMES})"
    )
    parser.add_argument("--seed", type=int, default=None, help="the run's seed (default 0)")
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
    parser.add_argument(
        "--from",
        dest="source",
        type=Path,
        default=None,
        metavar="FILE",
        help="play no game: sum up the results saved earlier with --out FILE (with --plot, "
        "--quiet and --plain only)",
    )
    parser.add_argument("--quiet", action="store_true", help="print the summary only")
    parser.add_argument(
        "--plain", action="store_true", help="plain text, even where rich is installed"
    )


def read_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Options:
    """The arguments, or the command's usage and what is wrong with them."""
    games = GAMES if args.games is None else args.games
    seed = 0 if args.seed is None else args.seed
    if games < 1:
        parser.error(f"--games must be at least 1, got {games}")
    if seed < 0:
        parser.error(f"--seed must not be negative, got {seed}")
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    if args.out is not None and str(args.out) == "-":
        parser.error(
            "--out takes a file's name: '-' (standard output) is where the summary goes; "
            "write the results to a file and read it (contract_rummy.load_results)"
        )
    if args.out is not None and args.plot is not None and same_file(args.out, args.plot):
        parser.error(
            f"--out and --plot name the same file, {args.out}: one would overwrite the other"
        )
    variant = variant_for(parser, args)
    return Options(
        variant=variant,
        bots=bots_for(parser, args.bots, variant),
        games=games,
        seed=seed,
        workers=args.workers,
        dask=args.dask,
        out=args.out,
        plot=args.plot,
        quiet=args.quiet,
        plain=args.plain,
    )


def read_saved(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Saved:
    """The arguments with ``--from``, or the command's usage and what is wrong with them.

    The options that only playing uses (:data:`PLAYING`) are refused: the results hold
    their games' rules and bots, and no game is played.
    """
    source: Path = args.source
    given = [option for name, option in PLAYING.items() if getattr(args, name) is not None]
    if given:
        verb = "is" if len(given) == 1 else "are"
        parser.error(
            f"--from sums up results saved earlier and plays no game: {', '.join(given)} "
            f"{verb} for playing games (the results say their rules and bots)"
        )
    if args.plot is not None and same_file(source, args.plot):
        parser.error(
            f"--from and --plot name the same file, {source}: the plot would overwrite the results"
        )
    return Saved(source=source, plot=args.plot, quiet=args.quiet, plain=args.plain)


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file, whether it exists yet or not."""
    try:
        return one.resolve() == other.resolve()
    except OSError:  # a loop of links, say: the paths as given
        return one == other


def check_plot(parser: argparse.ArgumentParser, path: Path) -> None:
    """Refuse ``--plot`` before playing: without matplotlib, or to a file it cannot write.

    The file's suffix names its format, one matplotlib draws: a name without a suffix is
    refused, since matplotlib would write another file, the name with ``.png`` added. The
    check opens the file without emptying it and leaves no empty file behind: the figure
    is drawn there once the games are played.
    """
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
        from matplotlib.figure import Figure  # noqa: PLC0415
    except ImportError:
        parser.error(
            "--plot needs matplotlib, which comes with the plot extra: "
            "pip install 'contract_rummy[plot]'"
        )
    formats = FigureCanvasAgg(Figure()).get_supported_filetypes()
    listed = ", ".join(sorted(formats))
    suffix = path.suffix.removeprefix(".").lower()
    if not suffix:
        parser.error(f"--plot: {path} has no suffix to name its format; try {listed}")
    if suffix not in formats:
        parser.error(f"--plot: cannot draw .{suffix} files; try {listed}")
    check_writable(parser, "--plot", path)
