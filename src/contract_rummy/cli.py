"""The ``contract-rummy`` command: ``contract-rummy demo --seed 7`` plays a game between bots.

``--variant`` picks a rule set of :data:`~contract_rummy.VARIANTS` and ``--players`` the
number of players (by default 4, or the nearest number the rule set allows).

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
from collections.abc import Sequence
from typing import Final

import contract_rummy
from contract_rummy.actions import GoDown
from contract_rummy.bots import GreedyBot, RandomBot
from contract_rummy.cards import format_cards
from contract_rummy.engine import new_game, step
from contract_rummy.events import RoundEnd, RoundEnded
from contract_rummy.presets import VARIANTS
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import Variant

__all__ = ["default_players", "demo", "main"]


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
        melds = ", ".join(str(meld) for meld in action.melds)
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


def default_players(variant: Variant) -> int:
    """The demo's number of players: 4 if ``variant`` allows it, else its fewest (R1)."""
    return 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players


def demo(
    seed: int, variant_name: str, bots: str, *, quiet: bool, players: int | None = None
) -> int:
    """Play a seeded game between bots, printing each round and the final standings.

    ``players`` defaults to :func:`default_players`; a number the rule set does not allow
    raises :class:`ValueError` (R1).
    """
    variant = VARIANTS[variant_name]
    if players is None:
        players = default_players(variant)
    state = new_game(variant, seed=seed, players=players)
    seats = [
        RandomBot(seed=seed * 100 + p) if bots == "random" else GreedyBot()
        for p in range(state.players)
    ]
    if not quiet:
        print(
            f"contract_rummy {contract_rummy.__version__}: {variant.name}, seed {seed}, "
            f"{state.players} {bots} bots"
        )
    downs: list[tuple[int, GoDown]] = []
    actions = 0
    while state.phase is not Phase.GAME_OVER:
        player = state.dealer if state.to_act is None else state.to_act
        action = seats[player].choose(state)
        if isinstance(action, GoDown):
            downs.append((player, action))
        state, events = step(state, action)
        actions += 1
        for event in events:
            if isinstance(event, RoundEnded):
                if not quiet:
                    print("\n".join(_round_report(state, event, downs)))
                downs = []
    print(f"Final standings ({variant.name}, seed {seed}):")
    print("\n".join(_standings(state)))
    if not quiet:
        print(f"{actions} actions in {variant.rounds} rounds")
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
    args = parser.parse_args(argv)
    if args.seed < 0:
        # The demo's own parser reports it, with the demo's usage, not the program's.
        demo_parser.error(f"--seed must not be negative, got {args.seed}")
    variant = VARIANTS[args.variant]
    players = default_players(variant) if args.players is None else args.players
    try:
        variant.check_players(players)
    except ValueError as error:  # R1: a number of players the rules do not allow
        demo_parser.error(str(error))
    try:
        return demo(args.seed, args.variant, args.bots, quiet=args.quiet, players=players)
    except BrokenPipeError:
        # The reader stopped early (``| head``): that is no error of the demo's. Send what
        # is still buffered nowhere, so that Python's own flush at exit stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
