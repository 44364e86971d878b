"""``contract-rummy demo``: a seeded game between bots, printed round by round."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import contract_rummy
from contract_rummy import records
from contract_rummy.bots import BOTS, make_bot
from contract_rummy.cli._common import (
    Commands,
    Narrator,
    add_command,
    add_variant_options,
    bots_for,
    check_writable,
    default_players,
    names_for,
    players_for,
    save_record,
    variant_for,
)
from contract_rummy.engine import new_game
from contract_rummy.playing import steps
from contract_rummy.presets import VARIANTS
from contract_rummy.variants import Variant

__all__ = ["demo", "register"]


def demo(
    seed: int,
    variant_name: str | Variant,
    bots: str | Sequence[str],
    *,
    quiet: bool,
    players: int | None = None,
    record: Path | None = None,
    names: Sequence[str] | None = None,
) -> int:
    """Play a seeded game between bots, printing each round and the final standings.

    ``variant_name`` is the rules, or the name of a rule set of
    :data:`~contract_rummy.VARIANTS`. ``bots`` names the bot of :data:`~contract_rummy.BOTS`
    at every seat, or one a seat (player ``p`` is seeded with ``seed * 100 + p``).
    ``players`` defaults to as many bots as are named one a seat, else to
    :func:`~contract_rummy.cli.default_players`; a number the rule set does not allow raises
    :class:`ValueError` (R1), as does a number of bots that is not one a seat. With
    ``record``, the game is saved there as a JSON record (:mod:`contract_rummy.records`).
    ``names``, one per player, call the players in the printed rounds and standings, and
    are kept in the record.
    """
    variant = VARIANTS[variant_name] if isinstance(variant_name, str) else variant_name
    if players is None:
        players = default_players(variant) if isinstance(bots, str) else len(bots)
    first = new_game(variant, seed=seed, players=players)
    seated = (bots,) * first.players if isinstance(bots, str) else tuple(bots)
    if len(seated) != first.players:
        raise ValueError(f"{len(seated)} bots for {first.players} players: one a seat")
    seats = [make_bot(name, seed * 100 + p) for p, name in enumerate(seated)]
    if len(set(seated)) == 1:
        who, kept = f"{first.players} {seated[0]} bots", seated[0]
    else:
        who = kept = ", ".join(seated)
    if not quiet:
        print(f"contract_rummy {contract_rummy.__version__}: {variant.name}, seed {seed}, {who}")
    recorder = records.Recorder(
        first, seed=seed, names=names, metadata={"program": "contract-rummy demo", "bots": kept}
    )
    narrator = Narrator(quiet=quiet, names=names)
    for played in steps(first, seats):
        recorder.add(played)
        before, _player, action, after, events = played
        narrator.played(before, action, after, events)
    narrator.finish(recorder.state, f"{variant.name}, seed {seed}")
    if record is not None:
        save_record(recorder, record)
        if not quiet:
            print(f"Recorded in {record}")
    return 0


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``demo`` to the program's commands."""
    parser = add_command(commands, "demo", _run, help="play a seeded game between bots")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    add_variant_options(parser)
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="how many players (default 4, or the nearest number the rules allow)",
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help=f"who plays: one bot for every seat, or one per seat separated by commas, from "
        f"{', '.join(sorted(BOTS))} (default heuristic)",
    )
    parser.add_argument("--quiet", action="store_true", help="print the standings only")
    parser.add_argument(
        "--record", type=Path, default=None, metavar="FILE", help="save the game as a JSON record"
    )
    parser.add_argument(
        "--names",
        default=None,
        metavar="NAMES",
        help="the players' names, one per player, separated by commas",
    )


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.seed < 0:
        # The demo's own parser reports it, with the demo's usage, not the program's.
        parser.error(f"--seed must not be negative, got {args.seed}")
    variant = variant_for(parser, args)
    asked = None if args.players is None else players_for(parser, variant, args.players)
    bots = bots_for(parser, args.bots, variant, asked)
    players = len(bots)
    names = names_for(parser, args.names, players)
    if args.record is not None:  # refuse a file that cannot be written before playing
        check_writable(parser, "--record", args.record)
    return demo(
        args.seed,
        variant,
        bots,
        quiet=args.quiet,
        players=players,
        record=args.record,
        names=names,
    )
