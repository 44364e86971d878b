"""The ``contract-rummy`` command: ``contract-rummy demo --seed 7`` plays a game between bots.

``--variant`` picks a rule set of :data:`~contract_rummy.VARIANTS` and ``--players`` the
number of players (by default 4, or the nearest number the rule set allows);
``--record FILE`` saves the game as a record (:mod:`contract_rummy.records`), and
``contract-rummy replay FILE`` prints a recorded game round by round.

>>> main(["demo", "--seed", "3", "--quiet"])
Final standings (pagat, seed 3):
...
0
>>> main(["demo", "--seed", "3", "--quiet", "--variant", "progressive", "--players", "3"])
Final standings (progressive, seed 3):
...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

import contract_rummy
from contract_rummy import records
from contract_rummy.actions import Action, GoDown
from contract_rummy.bots import GreedyBot, RandomBot
from contract_rummy.cards import format_cards
from contract_rummy.engine import new_game, step
from contract_rummy.errors import RecordError
from contract_rummy.events import Event, RoundEnd, RoundEnded
from contract_rummy.notation import format_meld
from contract_rummy.presets import VARIANTS
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import Variant
from contract_rummy.views import view

__all__ = ["default_players", "demo", "main", "replay"]


def _standings(state: RoundState) -> list[str]:
    order = sorted(range(state.players), key=lambda p: (state.scores[p], p))
    lines = []
    for place, player in enumerate(order, start=1):
        mark = "  winner" if state.winners and player in state.winners else ""
        lines.append(f"  {place}. player {player}: {state.scores[player]}{mark}")
    return lines


_NOBODY_OUT: Final = {
    RoundEnd.STOCK_EXHAUSTED: "the stock ran dry (R27)",
    RoundEnd.TURN_LIMIT: "the round reached its turn limit (R29)",
}


def _round_report(
    state: RoundState, ended: RoundEnded, downs: list[tuple[int, GoDown]]
) -> list[str]:
    lines = [
        f"Round {state.round_number}: {state.contract} (dealer {state.dealer})",
    ]
    for player, action in downs:
        melds = ", ".join(format_meld(meld, state.variant) for meld in action.melds)
        lines.append(f"  player {player} went down: {melds}")
    if not downs:
        lines.append("  nobody went down")
    if ended.went_out is not None:
        lines.append(f"  player {ended.went_out} went out")
    else:
        lines.append(f"  nobody went out: {_NOBODY_OUT[ended.reason]}")
    for player, points in enumerate(ended.penalties):
        left = format_cards(state.hands[player]) or "-"
        lines.append(
            f"  player {player}: +{points} (total {state.scores[player]}), left in hand: {left}"
        )
    return lines


class _Narrator:
    """Prints a game round by round, from each action and what it did."""

    def __init__(self, *, quiet: bool) -> None:
        self.quiet = quiet
        self.downs: list[tuple[int, GoDown]] = []

    def played(
        self, before: RoundState, action: Action, after: RoundState, events: Iterable[Event]
    ) -> None:
        if isinstance(action, GoDown):
            self.downs.append((before.to_act if before.to_act is not None else 0, action))
        for event in events:
            if isinstance(event, RoundEnded):
                if not self.quiet:
                    print("\n".join(_round_report(after, event, self.downs)))
                self.downs = []

    def finish(self, state: RoundState, title: str) -> None:
        print(f"Final standings ({title}):" if state.winners else f"Standings ({title}):")
        print("\n".join(_standings(state)))
        if not self.quiet:
            rounds = state.round_number
            print(f"{state.moves} actions in {rounds} round{'s' if rounds > 1 else ''}")


def default_players(variant: Variant) -> int:
    """The demo's number of players: 4 if ``variant`` allows it, else its fewest (R1)."""
    return 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players


def demo(
    seed: int,
    variant_name: str,
    bots: str,
    *,
    quiet: bool,
    players: int | None = None,
    record: Path | None = None,
) -> int:
    """Play a seeded game between bots, printing each round and the final standings.

    ``players`` defaults to :func:`default_players`; a number the rule set does not allow
    raises :class:`ValueError` (R1). With ``record``, the game is saved there as a JSON
    record (:mod:`contract_rummy.records`).
    """
    variant = VARIANTS[variant_name]
    if players is None:
        players = default_players(variant)
    first = new_game(variant, seed=seed, players=players)
    seats = [
        RandomBot(seed=seed * 100 + p) if bots == "random" else GreedyBot()
        for p in range(first.players)
    ]
    if not quiet:
        print(
            f"contract_rummy {contract_rummy.__version__}: {variant.name}, seed {seed}, "
            f"{first.players} {bots} bots"
        )
    recorder = records.Recorder(
        first, seed=seed, metadata={"program": "contract-rummy demo", "bots": bots}
    )
    narrator = _Narrator(quiet=quiet)
    while (state := recorder.state).phase is not Phase.GAME_OVER:
        player = state.dealer if state.to_act is None else state.to_act
        action = seats[player].choose(view(state, player))
        after, events = recorder.step(action, player=player)
        narrator.played(state, action, after, events)
    narrator.finish(recorder.state, f"{variant.name}, seed {seed}")
    if record is not None:
        with record.open("w", encoding="utf-8") as file:
            records.dump(recorder.record(), file)
        if not quiet:
            print(f"Recorded in {record}")
    return 0


def replay(path: Path, *, quiet: bool = False) -> int:
    """Print a recorded game round by round, as the demo prints one.

    Raises:
        RecordError: if the file is not a valid record (nothing is printed then).
        OSError: if the file cannot be read.
    """
    with path.open(encoding="utf-8") as file:
        game = records.load(file)
    states = list(records.replay(game))
    dealt = f"seed {game.seed}" if game.seed is not None else "dealt cards recorded"
    names = ", ".join(game.names) if game.names else f"{game.players} players"
    if not quiet:
        print(f"Record of a {game.variant.name} game: {names}; {dealt}")
        for key, value in game.metadata.items():
            print(f"  {key}: {value}")
    narrator = _Narrator(quiet=quiet)
    for before, action, after in zip(states[:-1], game.actions, states[1:], strict=True):
        # The round's end is decided by the state and the action alone: stepping again
        # gives it even when the game's shuffles came from the operating system.
        narrator.played(before, action, after, step(before, action).events)
    narrator.finish(states[-1], f"{game.variant.name}, {dealt}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="contract-rummy", description="The Contract Rummy rules engine."
    )
    parser.add_argument("--version", action="version", version=contract_rummy.__version__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo_parser = commands.add_parser("demo", help="play a seeded game between bots")
    demo_parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    demo_parser.add_argument(
        "--variant", default="pagat", choices=sorted(VARIANTS), help="the rules (default pagat)"
    )
    demo_parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="how many players (default 4, or the nearest number the rules allow)",
    )
    demo_parser.add_argument(
        "--bots", default="greedy", choices=("greedy", "random"), help="who plays (default greedy)"
    )
    demo_parser.add_argument("--quiet", action="store_true", help="print the standings only")
    demo_parser.add_argument(
        "--record", type=Path, default=None, metavar="FILE", help="save the game as a JSON record"
    )
    replay_parser = commands.add_parser("replay", help="print a recorded game round by round")
    replay_parser.add_argument("file", type=Path, metavar="FILE", help="a JSON game record")
    replay_parser.add_argument("--quiet", action="store_true", help="print the standings only")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            try:
                return replay(args.file, quiet=args.quiet)
            except BrokenPipeError:
                raise
            except (OSError, RecordError) as error:
                replay_parser.error(f"{args.file}: {error}")
        return _demo(demo_parser, args)
    except BrokenPipeError:
        # The reader stopped early (``| head``): that is no error of ours. Send what is
        # still buffered nowhere, so that Python's own flush at exit stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _demo(demo_parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.seed < 0:
        # The demo's own parser reports it, with the demo's usage, not the program's.
        demo_parser.error(f"--seed must not be negative, got {args.seed}")
    variant = VARIANTS[args.variant]
    players = default_players(variant) if args.players is None else args.players
    try:
        variant.check_players(players)
    except ValueError as error:  # R1: a number of players the rules do not allow
        demo_parser.error(str(error))
    if args.record is not None:
        try:  # refuse a file that cannot be written before playing, not after
            args.record.open("w", encoding="utf-8").close()
        except OSError as error:
            demo_parser.error(f"--record: {error}")
    return demo(
        args.seed, args.variant, args.bots, quiet=args.quiet, players=players, record=args.record
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
