"""Measure the engine's speed and print the figures; nothing here is asserted.

Figures are medians over several runs, since shared machines are noisy:

- uniform random play: actions per second, a random choice among ``legal_actions`` at
  every step of seeded games, on one core;
- ``legal_actions`` by phase: the median time to list every action of states met in play;
- the go-down search on its worst cases: 13-card hands with three jokers, and 20-card
  hands as buys leave them.

Run ``python -m benchmarks --quick`` for a short run.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

import contract_rummy as cr
from contract_rummy.godown import iter_go_downs


def random_game(seed: int, sink: Callable[[cr.RoundState], None] | None = None) -> int:
    """Play one seeded game by uniform random choice; return how many actions it took."""
    chooser = random.Random(seed)
    state = cr.new_game(seed=seed)
    steps = 0
    while state.phase is not cr.Phase.GAME_OVER:
        if sink is not None:
            sink(state)
        legal = cr.legal_actions(state)
        state = cr.apply(state, legal[chooser.randrange(len(legal))])
        steps += 1
    return steps


def bench_random_play(games: int, repeats: int) -> tuple[float, int]:
    """Median actions per second over ``repeats`` runs of ``games`` seeded games."""
    rates = []
    actions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        actions = sum(random_game(seed) for seed in range(games))
        rates.append(actions / (time.perf_counter() - start))
    return statistics.median(rates), actions


def bench_legal_actions(games: int, repeats: int) -> dict[str, tuple[float, int]]:
    """Median time (µs) of listing every legal action, by phase, over states met in play."""
    states: list[cr.RoundState] = []
    for seed in range(games):
        random_game(1000 + seed, states.append)
    times: dict[str, list[float]] = defaultdict(list)
    for state in states:
        best = min(_time(functools.partial(_count, state)) for _ in range(repeats))
        times[state.phase.name].append(best)
    return {phase: (statistics.median(t) * 1e6, len(t)) for phase, t in times.items()}


def _count(state: cr.RoundState) -> int:
    return len(cr.legal_actions(state))


def _time(task: Callable[[], object]) -> float:
    start = time.perf_counter()
    task()
    return time.perf_counter() - start


def _hands(size: int, jokers: int, count: int, seed: int) -> list[tuple[cr.Card, ...]]:
    rng = random.Random(seed)
    naturals = [card for card in cr.PAGAT.deck(4) if not card.is_joker]
    return [(*rng.sample(naturals, size - jokers), *(cr.JOKER,) * jokers) for _ in range(count)]


def bench_go_down(
    size: int, jokers: int, rounds: Sequence[int], count: int, repeats: int
) -> tuple[float, float, int]:
    """Median and worst time (ms) of the whole go-down search on random hands."""
    times = []
    most = 0
    for round_number in rounds:
        for hand in _hands(size, jokers, count, seed=round_number):
            best = float("inf")
            for _ in range(repeats):
                start = time.perf_counter()
                found = sum(1 for _ in iter_go_downs(cr.PAGAT, round_number, hand, None))
                best = min(best, time.perf_counter() - start)
            most = max(most, found)
            times.append(best)
    return statistics.median(times) * 1e3, max(times) * 1e3, most


def _play_state(hand: tuple[cr.Card, ...], round_number: int) -> cr.RoundState:
    """A PLAY state in which the active player holds ``hand`` (the last card just drawn)."""
    rest = list(cr.PAGAT.deck(4))
    for card in hand:
        rest.remove(card)
    state = cr.start_round(
        round_number=round_number,
        dealer=3,
        hands=[hand[:-1], rest[:10], rest[10:20], rest[20:30]],
        stock=[hand[-1], *rest[31:]],
        discard=rest[30:31],
    )
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    return state


def bench_legal_play(size: int, jokers: int, count: int, repeats: int) -> tuple[float, float]:
    """Median and worst time (ms) of listing every legal action with ``size`` cards in hand."""
    times = []
    for round_number in range(1, 8):
        for hand in _hands(size, jokers, count, seed=100 + round_number):
            state = _play_state(hand, round_number)
            times.append(min(_time(functools.partial(_count, state)) for _ in range(repeats)))
    return statistics.median(times) * 1e3, max(times) * 1e3


def main(argv: Sequence[str] | None = None) -> int:
    """Run every benchmark and print a table of figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    args = parser.parse_args(argv)
    games, repeats, hands = (3, 3, 20) if args.quick else (20, 5, 100)

    rate, actions = bench_random_play(games, repeats)
    print(
        f"uniform random play: {rate:,.0f} actions/s (median of {repeats} runs of "
        f"{games} games, {actions:,} actions per run)"
    )

    print("legal_actions by phase (median of the best of 3 timings per state):")
    for phase, (micros, states) in sorted(bench_legal_actions(max(2, games // 4), 3).items()):
        print(f"  {phase:<11} {micros:8.1f} µs over {states:,} states")

    median, worst = bench_legal_play(13, 3, hands // 7 + 1, 3)
    print(
        f"legal_actions, 13 cards with 3 jokers in hand, every round: median {median:.3f} ms, "
        f"worst {worst:.2f} ms"
    )

    print("go-down search (median / worst over random hands, every round):")
    for size, jokers in ((13, 3), (13, 0), (20, 3), (20, 1)):
        median, worst, most = bench_go_down(size, jokers, range(1, 8), hands // 7 + 1, 3)
        print(
            f"  {size} cards, {jokers} jokers: median {median:.3f} ms, worst {worst:.2f} ms, "
            f"up to {most:,} go-downs"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
