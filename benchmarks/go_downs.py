"""Measure how many go-downs a state offers, for every preset: the encoding's go-down bounds.

``python -m benchmarks.go_downs`` plays seeded games of every preset of
:data:`contract_rummy.VARIANTS`, at every number of players it allows, between random
bots and between heuristic bots (one bot a player), and counts the
go-downs (:meth:`contract_rummy.encoding.Encoding.go_down_count`) of every state in which
a player who is not down plays. It prints, per preset, the states counted, the largest
count seen with each bot, how many states had more go-downs than the bound of
:data:`contract_rummy.encoding.MAX_GO_DOWNS`, and the bound the rule of the encoding's
documentation gives: the smallest 1, 2 or 5 times a power of ten that is at least twice
the largest count, capped at :data:`CAP`. ``--games N`` sets the games per preset, player
count and bot (30 by default, as documented); ``--workers N`` the processes (2).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

import contract_rummy as cr
from contract_rummy.encoding import MAX_GO_DOWNS, encoding_for

#: The largest go-down bound the rule gives: more ids than this would make every
#: action mask of the variant that long.
CAP = 100_000
BOTS = ("random", "heuristic")


class Count(NamedTuple):
    """What one preset, player count and bot gave."""

    preset: str
    players: int
    bot: str
    states: int
    most: int
    over: int
    where: str


def measure(preset: str, players: int, bot: str, games: int) -> Count:
    """Play ``games`` seeded games and count the go-downs of every state that has some."""
    variant = cr.VARIANTS[preset]
    encoding = encoding_for(variant, players)
    bound = MAX_GO_DOWNS[preset]
    states = most = over = 0
    where = ""
    for seed in range(games):
        bots = [cr.make_bot(bot, seed * 16 + p) for p in range(players)]
        state = cr.new_game(variant, seed=seed, players=players)
        for _, _, after in cr.play(state, bots):
            if after.phase is not cr.Phase.PLAY or after.down[after.active]:
                continue
            count = encoding.go_down_count(after)
            states += 1
            over += count > bound
            if count > most:
                most = count
                hand = cr.format_cards(after.hands[after.active])
                where = f"seed {seed}, round {after.round_number}: {hand}"
    return Count(preset, players, bot, states, most, over, where)


def rule(most: int) -> int:
    """The bound for a largest count of ``most``: see the module."""
    scale = 1
    while True:
        for step in (1, 2, 5):
            if step * scale >= 2 * most:
                return min(step * scale, CAP)
        scale *= 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated preset names")
    options = parser.parse_args()
    names = [name for name in options.only.split(",") if name] or list(cr.VARIANTS)
    tasks = [
        (name, players, bot, options.games)
        for name in names
        for players in range(cr.VARIANTS[name].min_players, cr.VARIANTS[name].max_players + 1)
        for bot in BOTS
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(options.workers) as pool:
        counts = list(pool.map(measure, *zip(*tasks, strict=True)))
    print(f"{options.games} games per preset, player count and bot")
    header = ("preset", "states", "most random", "most heur.", "over bound", "bound", "rule")
    print("{:<20} {:>8} {:>12} {:>11} {:>11} {:>8} {:>8}".format(*header))
    for name in names:
        mine = [count for count in counts if count.preset == name]
        most = {bot: max(c.most for c in mine if c.bot == bot) for bot in BOTS}
        print(
            f"{name:<20} {sum(c.states for c in mine):>8} {most['random']:>12} "
            f"{most['heuristic']:>11} {sum(c.over for c in mine):>11} "
            f"{MAX_GO_DOWNS[name]:>8} {rule(max(most.values())):>8}"
        )
    for count in counts:
        print(f"  {count.preset} {count.players}p {count.bot}: most {count.most} ({count.where})")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
