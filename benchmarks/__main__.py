"""Measure the engine's speed and memory and print the figures; nothing here is asserted.

The sections, all run by default in this order (choose with ``--only memory,phases``):

- ``memory``: seeded games of uniform random play back to back (of ``pagat``, or of the
  preset ``--memory-variant`` names) and, after 100, 300, 1,000, 3,000 and 10,000 of them
  (100, 200 and 300 with ``--quick``), the process's peak and current resident memory, the
  number of live Python objects, and the Python heap (``tracemalloc``) that the same five
  games, replayed at each point, need and leave behind: flat columns mean memory does not
  grow with the games played. The go-down search keeps bounded memos (candidate melds by
  what a hand holds of a rank or a suit, the go-downs it built), which fill over thousands
  of games, the more slowly the more wild cards the variant deals, and are emptied when
  full: live objects and what the replayed games leave rise with them, within their
  bounds;
- ``random``: uniform random play in actions per second, a random choice among
  ``legal_actions`` at every step of seeded games, on one core;
- ``presets``: uniform random play of every preset of :data:`contract_rummy.VARIANTS`, the
  presets taking turns, each with its ratio to ``pagat``'s rate in the same run;
- ``phases``: for each phase of uniform random play (DRAW, BUY, PLAY by a player not down,
  PLAY by a player down, ROUND_OVER), how many states, the median and mean time of listing
  every legal action and of ``apply``, and the phase's share of the total time;
- ``views``: listing every legal action through the chooser's view against listing them
  through the state (the engine reads a view directly), and making a view;
- ``scaling``: how the time of listing every legal action of a PLAY state grows with the
  hand's size, with its wild cards, and, for a player who is down, with a table of 6 to 12
  melds to lay off on and swap jokers from; beyond the three jokers of ``pagat``, the wild
  cards come from a variant with 2s wild; one listing past a time budget (5 s; 1 s with
  ``--quick``) stops its row, which then prints "> 5 s";
- ``wild``: hands with 5 to 8 wild cards under ``deuces-wild`` and ``california`` (12 and 13
  cards, rounds 5-7), where go-downs number in the millions: the time to count the legal
  actions (the first time a state is counted, and again), to find one at a random index,
  and to yield the first of them;
- ``godown``: the go-down search on its worst cases: 13-card hands with three jokers, and
  20-card hands as buys leave them;
- ``records``: whole greedy games of ``pagat`` and ``deuces-wild``: the time per game to play
  them through a recorder against plain ``step``, to write the record, to load it (which
  replays and checks it) against replaying it, and per state the time of ``view`` and of a
  state's ``to_dict``/``from_dict`` round trip.
- ``simulate``: whole greedy games of ``pagat`` through :func:`contract_rummy.simulate`, in
  games per second: in this process (``workers=1``) and on a pool of 2 processes
  (``workers=2``, its start included), beside the same games played by ``play_game`` with
  nothing recorded; with the time to the first result. Then games between four heuristic
  bots (five times as many), on 1 and 2 processes, with the time 10,000 games would take.
- ``strength``: seeded matches between the library's bots through
  :func:`contract_rummy.simulate` on 2 processes (2,000 games a match, 100 with
  ``--quick``): the heuristic bot against three greedy bots, against three random bots,
  the greedy bot against three random bots, and two heuristic against two greedy bots;
  per seat, the mean final score and the win rate, each with its 95% interval.
- ``targets``: the speed targets, each workload in a process of its own, this code and
  earlier code (``--baseline REV``, a git revision) taking turns, in CPU time: uniform
  random play of ``pagat`` against OpenSpiel's ``gin_rummy`` driven by the same loop, every
  preset against ``pagat``, games between heuristic bots, counting the go-downs of hands
  of 7-8 wild cards, and listing every action of hands of 3-6 wild cards against the code
  at the engine core's rebuild (:mod:`benchmarks.targets`). Three turns, one with
  ``--quick``, or ``--turns N``.

Figures are medians over several runs or states, since shared machines are noisy (two
processes at once may each run at half speed on a shared machine: compare ``workers=2`` with
what the machine gives two processes). The quick run (``python -m benchmarks --quick``) takes
about three minutes, two of them the targets section; the full run takes about eleven
minutes on a machine playing 60,000 random actions a second, four of them in the memory
section's 10,000 games, two in the simulate section and four and a half in the targets
section (``--only`` leaves them out).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import signal
import statistics
import sys
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from types import FrameType

import attrs

import contract_rummy as cr
from benchmarks import targets, views
from benchmarks.targets import play_state, random_game
from contract_rummy.godown import iter_go_downs

if sys.platform != "win32":
    import resource

#: The sections, in the order they run.
SECTIONS = (
    "memory",
    "random",
    "presets",
    "phases",
    "views",
    "scaling",
    "wild",
    "godown",
    "records",
    "simulate",
    "strength",
    "targets",
)

#: ``pagat`` with 2s wild as well as the three jokers: 11 wild cards in the deck.
DEUCES = attrs.evolve(cr.PAGAT, name="deuces", wild_ranks={cr.Rank.TWO})

#: A listing that takes longer than this (seconds) is timed once rather than repeated.
LONG_LISTING = 0.05


@attrs.frozen
class Settings:
    """How much each section measures: the quick run's or the full run's amounts."""

    #: Games per run and runs of the ``random`` section.
    games: int
    repeats: int
    #: Hands per round of the go-down search.
    hands: int
    #: After how many games the ``memory`` section reports.
    checkpoints: tuple[int, ...]
    #: Games per run and runs of the ``phases`` section.
    phase_games: int
    phase_repeats: int
    #: States per round, timings per state and the time budget (seconds) of one listing in
    #: the ``scaling`` section.
    per_round: int
    timings: int
    budget: float
    #: Games per run and runs of the ``simulate`` section.
    simulated: int
    simulate_repeats: int
    #: Games per match of the ``strength`` section.
    matches: int
    #: Turns of each workload of the ``targets`` section, and the earlier code it measures
    #: against (a git revision).
    turns: int
    baseline: str = targets.BASELINE
    #: The variant the ``memory`` section plays (``--memory-variant``).
    memory_variant: str = "pagat"


QUICK = Settings(
    games=3,
    repeats=3,
    hands=20,
    checkpoints=(100, 200, 300),
    phase_games=3,
    phase_repeats=3,
    per_round=2,
    timings=3,
    budget=1.0,
    simulated=40,
    simulate_repeats=2,
    matches=100,
    turns=1,
)
FULL = Settings(
    games=20,
    repeats=5,
    hands=100,
    checkpoints=(100, 300, 1_000, 3_000, 10_000),
    phase_games=10,
    phase_repeats=5,
    per_round=10,
    timings=5,
    budget=5.0,
    simulated=200,
    simulate_repeats=3,
    matches=2_000,
    turns=3,
)


def say(text: str = "") -> None:
    """Print one line at once, so that a long run shows its progress."""
    print(text, flush=True)


# -- memory ---------------------------------------------------------------------------------


#: The games the ``memory`` section replays under ``tracemalloc`` at each row: seeds 0-4.
PROBE_GAMES = 5


@attrs.frozen
class MemoryRow:
    """The memory figures after a number of games played back to back."""

    games: int
    actions: int
    #: Seconds spent playing the games (the replays under ``tracemalloc`` left out).
    seconds: float
    #: The process's peak and current resident memory in bytes (``None`` where unknown).
    peak_rss: int | None
    rss: int | None
    #: Objects the garbage collector tracks, after a collection.
    objects: int
    #: The most Python heap (bytes) one of the replayed games allocated above what was
    #: allocated when it started, and what the replays left allocated once collected.
    game_peak: int
    retained: int


def _peak_rss() -> int | None:
    """The process's peak resident memory so far, in bytes (``None`` where unknown)."""
    if sys.platform == "win32":
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, Linux KiB


def _rss() -> int | None:
    """The process's resident memory now, in bytes, where the system tells it (Linux)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def _live_objects() -> int:
    """How many objects the garbage collector tracks once it has collected."""
    gc.collect()
    return len(gc.get_objects())


def _probe(variant: cr.Variant) -> tuple[int, int]:
    """Replay the probe games under ``tracemalloc``: (most heap a game took, heap left)."""
    peaks = [0] * PROBE_GAMES
    gc.collect()  # the same collections then happen at the same points of every replay
    tracemalloc.start()
    for seed in range(PROBE_GAMES):
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        random_game(seed, variant=variant)
        peaks[seed] = tracemalloc.get_traced_memory()[1] - before
    gc.collect()
    retained = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return max(peaks), retained


def bench_memory(
    checkpoints: Sequence[int],
    on_row: Callable[[MemoryRow], None],
    variant: cr.Variant = cr.PAGAT,
) -> list[MemoryRow]:
    """Play seeded random games of ``variant`` back to back; report memory at each checkpoint.

    At each checkpoint (and before the first game) the same probe games are replayed under
    ``tracemalloc`` (slower): the Python heap they need and what they leave behind can only
    grow with the games played before them if something accumulates. Each row goes to
    ``on_row`` as soon as it is measured; all of them are returned at the end.
    """
    rows: list[MemoryRow] = []
    seconds = 0.0
    seed = actions = 0
    for checkpoint in (0, *checkpoints):
        start = time.perf_counter()
        while seed < checkpoint:
            actions += random_game(seed, variant=variant)
            seed += 1
        seconds += time.perf_counter() - start
        game_peak, retained = _probe(variant)
        row = MemoryRow(
            games=seed,
            actions=actions,
            seconds=seconds,
            peak_rss=_peak_rss(),
            rss=_rss(),
            objects=_live_objects() - len(rows),  # the rows kept here are not the engine's
            game_peak=game_peak,
            retained=retained,
        )
        rows.append(row)
        on_row(row)
    return rows


def _mb(size: int | None) -> str:
    """A size in bytes as megabytes, or ``n/a``."""
    return "n/a" if size is None else f"{size / 2**20:.1f} MB"


def _kb(size: int | None) -> str:
    """A size in bytes as kilobytes, or ``n/a``."""
    return "n/a" if size is None else f"{size / 2**10:,.1f} KB"


def _change(first: int | None, last: int | None, unit: Callable[[int | None], str]) -> str:
    """The signed difference of two sizes, or ``n/a``."""
    if first is None or last is None:
        return "n/a"
    sign = "+" if last >= first else "-"
    return f"{sign}{unit(abs(last - first))}"


def _print_memory_row(row: MemoryRow) -> None:
    """Print one row of the memory table."""
    say(
        f"  {row.games:>7,} {row.actions:>11,} {_mb(row.peak_rss):>9} {_mb(row.rss):>9} "
        f"{row.objects:>13,} {_kb(row.game_peak):>15} {_kb(row.retained):>9} "
        f"{row.seconds:>9.0f}s"
    )


def report_memory(settings: Settings) -> None:
    """Print the memory section."""
    last = settings.checkpoints[-1]
    variant = cr.VARIANTS[settings.memory_variant]
    say(
        f"memory over {last:,} games of uniform random play of {variant.name} played back to "
        f"back (seeds 0 to "
        f"{last - 1:,}); at each row, seeds 0 to {PROBE_GAMES - 1} are replayed under "
        "tracemalloc:"
    )
    say(
        f"  {'games':>7} {'actions':>11} {'peak RSS':>9} {'RSS now':>9} {'live objects':>13} "
        f"{'heap peak/game':>15} {'retained':>9} {'play time':>10}"
    )
    rows = bench_memory(settings.checkpoints, _print_memory_row, variant)
    first, final = rows[1], rows[-1]
    say(
        f"  from {first.games:,} to {final.games:,} games: peak RSS "
        f"{_change(first.peak_rss, final.peak_rss, _mb)}, RSS now "
        f"{_change(first.rss, final.rss, _mb)}, live objects {final.objects - first.objects:+,}, "
        f"heap peak of the replayed games {_change(first.game_peak, final.game_peak, _kb)}, "
        f"left by them {_change(first.retained, final.retained, _kb)}"
    )
    say(
        "  (peak RSS: the most the process has held since it started; heap peak/game: the "
        "most Python heap one replayed game allocated; retained: what the replayed games left "
        "allocated after a collection)"
    )


# -- uniform random play ---------------------------------------------------------------------


def bench_random_play(games: int, repeats: int) -> tuple[float, int]:
    """Median actions per second over ``repeats`` runs of ``games`` seeded games."""
    rates = []
    actions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        actions = sum(random_game(seed) for seed in range(games))
        rates.append(actions / (time.perf_counter() - start))
    return statistics.median(rates), actions


def report_random(settings: Settings) -> None:
    """Print the uniform random play section."""
    rate, actions = bench_random_play(settings.games, settings.repeats)
    say(
        f"uniform random play: {rate:,.0f} actions/s (median of {settings.repeats} runs of "
        f"{settings.games} games, {actions:,} actions per run)"
    )


# -- time by phase ---------------------------------------------------------------------------

#: The rows of the phase table, in order.
PHASE_ROWS = ("DRAW", "BUY", "PLAY, not down", "PLAY, down", "ROUND_OVER")


def _phase_row(state: cr.RoundState) -> str:
    """The row of the phase table ``state`` belongs to."""
    if state.phase is cr.Phase.PLAY:
        return "PLAY, down" if state.down[state.active] else "PLAY, not down"
    return state.phase.name


def _timed_random_game(
    seed: int, listing: dict[str, list[float]], applying: dict[str, list[float]]
) -> None:
    """Play ``random_game(seed)``, adding each step's listing and apply times to its row."""
    chooser = random.Random(seed)
    state = cr.new_game(seed=seed)
    clock = time.perf_counter
    while state.phase is not cr.Phase.GAME_OVER:
        start = clock()
        legal = cr.legal_actions(state)
        count = len(legal)
        listed = clock()
        action = legal[chooser.randrange(count)]
        applying_start = clock()
        after = cr.apply(state, action)
        done = clock()
        row = _phase_row(state)
        listing[row].append(listed - start)
        applying[row].append(done - applying_start)
        state = after


@attrs.frozen
class PhaseFigures:
    """One phase's figures (seconds), each the median over the runs."""

    states: int
    list_median: float
    list_mean: float
    apply_median: float
    apply_mean: float
    total: float
    share: float


@attrs.frozen
class PhaseTable:
    """The figures of every phase, and the whole run's (each the median over the runs)."""

    rows: dict[str, PhaseFigures]
    #: Seconds a run spends listing and applying, and the share of it spent listing.
    total: float
    listing_share: float


def bench_phases(games: int, repeats: int, first_seed: int) -> PhaseTable:
    """Time listing and applying at every step of seeded random games, by phase."""
    runs: dict[str, list[tuple[float, float, float, float, float, float]]] = defaultdict(list)
    counts: dict[str, int] = {}
    totals: list[float] = []
    listing_shares: list[float] = []
    for _ in range(repeats):
        listing: dict[str, list[float]] = defaultdict(list)
        applying: dict[str, list[float]] = defaultdict(list)
        for seed in range(first_seed, first_seed + games):
            _timed_random_game(seed, listing, applying)
        spent = {row: sum(listing[row]) + sum(applying[row]) for row in listing}
        everything = sum(spent.values())
        totals.append(everything)
        listing_shares.append(sum(sum(times) for times in listing.values()) / everything)
        for row, times in listing.items():
            counts[row] = len(times)
            runs[row].append(
                (
                    statistics.median(times),
                    statistics.fmean(times),
                    statistics.median(applying[row]),
                    statistics.fmean(applying[row]),
                    spent[row],
                    spent[row] / everything,
                )
            )
    rows = {
        row: PhaseFigures(
            counts[row], *(statistics.median(column) for column in zip(*figures, strict=True))
        )
        for row, figures in runs.items()
    }
    return PhaseTable(rows, statistics.median(totals), statistics.median(listing_shares))


def report_phases(settings: Settings) -> None:
    """Print the table of time by phase."""
    games, first = settings.phase_games, 1000
    table = bench_phases(games, settings.phase_repeats, first)
    say(
        f"legal_actions and apply by phase, uniform random play ({games} games, seeds {first} "
        f"to {first + games - 1}; each figure the median of {settings.phase_repeats} runs; "
        "share: of the time spent listing and applying):"
    )
    say(
        f"  {'phase':<15} {'states':>7} {'list median':>12} {'list mean':>10} "
        f"{'apply median':>13} {'apply mean':>11} {'share':>6}"
    )
    for row in PHASE_ROWS:
        if row not in table.rows:
            say(f"  {row:<15} {0:>7}")
            continue
        f = table.rows[row]
        say(
            f"  {row:<15} {f.states:>7,} {f.list_median * 1e6:>9.1f} µs "
            f"{f.list_mean * 1e6:>7.1f} µs {f.apply_median * 1e6:>10.1f} µs "
            f"{f.apply_mean * 1e6:>8.1f} µs {f.share:>6.1%}"
        )
    states = sum(f.states for f in table.rows.values())
    say(
        f"  {'all':<15} {states:>7,}   {table.total:.2f} s a run: "
        f"{table.listing_share:.0%} listing, {1 - table.listing_share:.0%} applying"
    )


# -- how a PLAY step's cost grows ------------------------------------------------------------


class _OverBudget(BaseException):
    """Raised by the interval timer when one listing overruns its time budget."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    """Stop the listing under way: its time budget has run out."""
    raise _OverBudget


def _count(state: cr.RoundState) -> int:
    """List every legal action of ``state`` and count them."""
    return len(cr.legal_actions(state))


def _time_listing(state: cr.RoundState, budget: float) -> tuple[float, int] | None:
    """Time one listing of every legal action: (seconds, actions), or ``None`` past ``budget``.

    Where the system has an interval timer, it interrupts the listing once ``budget``
    seconds have passed; elsewhere the listing runs to its end and is then found too long.
    """
    if not hasattr(signal, "setitimer"):
        start = time.perf_counter()
        count = _count(state)
        elapsed = time.perf_counter() - start
        return None if elapsed > budget else (elapsed, count)
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        signal.setitimer(signal.ITIMER_REAL, budget)
        start = time.perf_counter()
        count = _count(state)
        elapsed = time.perf_counter() - start
        signal.setitimer(signal.ITIMER_REAL, 0)
    except _OverBudget:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
    return elapsed, count


@attrs.frozen
class Listing:
    """The listing times of one configuration's states."""

    #: The median time (seconds) and the number of actions of each state measured.
    times: tuple[float, ...]
    counts: tuple[int, ...]
    #: How many states the configuration has, and the round of the state whose listing
    #: overran the budget, which stopped the configuration there (``None`` if none did).
    states: int
    stopped_in_round: int | None


def bench_listing(states: Sequence[cr.RoundState], timings: int, budget: float) -> Listing:
    """Time listing every legal action of each state (median of ``timings``).

    A listing slower than ``LONG_LISTING`` is timed once; one over ``budget`` seconds stops
    the configuration.
    """
    times: list[float] = []
    counts: list[int] = []
    for state in states:
        first = _time_listing(state, budget)
        if first is None:
            return Listing(tuple(times), tuple(counts), len(states), state.round_number)
        elapsed, count = first
        taken = [elapsed]
        if elapsed < LONG_LISTING:
            for _ in range(timings - 1):
                again = _time_listing(state, budget)
                if again is None:
                    return Listing(tuple(times), tuple(counts), len(states), state.round_number)
                taken.append(again[0])
        times.append(statistics.median(taken))
        counts.append(count)
    return Listing(tuple(times), tuple(counts), len(states), None)


def _listing_line(label: str, listing: Listing, budget: float) -> str:
    """One row of a scaling table: median and worst time, actions listed."""
    if listing.stopped_in_round is not None:
        return (
            f"  {label}          -   > {budget:g} s   stopped after {len(listing.times)} of "
            f"{listing.states} states: listing a round-{listing.stopped_in_round} hand took "
            f"over {budget:g} s"
        )
    return (
        f"  {label} {statistics.median(listing.times) * 1e3:>10.3f} "
        f"{max(listing.times) * 1e3:>10.2f} {statistics.median(listing.counts):>9,.0f} "
        f"{max(listing.counts):>9,}"
    )


def _hands(
    size: int, wild: int, count: int, seed: int, variant: cr.Variant = cr.PAGAT
) -> list[tuple[cr.Card, ...]]:
    """Seeded random hands of ``size`` cards, ``wild`` of them wild.

    The wild cards are jokers first, then the variant's wild naturals (such as 2s); the
    other cards are naturals that are not wild.
    """
    rng = random.Random(seed)
    deck = variant.deck(4)
    naturals = [card for card in deck if not variant.is_wild(card)]
    wild_naturals = [card for card in deck if variant.is_wild(card) and not card.is_joker]
    jokers = min(wild, deck.count(cr.JOKER))
    return [
        (
            *rng.sample(naturals, size - wild),
            *rng.sample(wild_naturals, wild - jokers),
            *(cr.JOKER,) * jokers,
        )
        for _ in range(count)
    ]


def _not_down_states(
    size: int, wild: int, per_round: int, variant: cr.Variant = cr.PAGAT
) -> list[cr.RoundState]:
    """PLAY states of a player not down, ``per_round`` in each round, the rounds interleaved."""
    rounds = range(1, variant.rounds + 1)
    hands = {r: _hands(size, wild, per_round, seed=100 + r, variant=variant) for r in rounds}
    return [play_state(hands[r][i], r, variant) for i in range(per_round) for r in rounds]


def _run_card(suit: cr.Suit, position: int) -> cr.Card:
    """The natural card at ``position`` (1-14, 14 the high ace) of a run of ``suit``."""
    return cr.Card(cr.Rank(1 + (position - 1) % 13), suit)


def _contract_melds(
    variant: cr.Variant,
    round_number: int,
    pool: list[cr.Card],
    jokers: list[cr.Card],
    stand_ins: list[cr.Card],
    rng: random.Random,
) -> tuple[cr.Group | cr.Run, ...]:
    """One player's contract for the round, its cards taken from ``pool``.

    Groups have distinct ranks and runs distinct suits; each run takes one of ``jokers``
    while they last, in a random position, and the card the joker stands for goes back to
    ``pool`` and onto ``stand_ins``.
    """
    contract = variant.contract(round_number)
    melds: list[cr.Group | cr.Run] = []
    ranks = [rank for rank in cr.Rank if sum(card.rank == rank for card in pool) >= 4]
    for rank, length in zip(rng.sample(ranks, len(contract.groups)), contract.groups, strict=True):
        cards = [card for card in pool if card.rank == rank][:length]
        for card in cards:
            pool.remove(card)
        melds.append(cr.Group(rank, cards, variant=variant))
    suits = list(cr.Suit)
    for length in contract.runs:
        windows = []
        for suit in suits:
            for low in range(1, 16 - length):
                cards = [_run_card(suit, p) for p in range(low, low + length)]
                if all(cards.count(card) <= pool.count(card) for card in cards):
                    windows.append((suit, low, cards))
        suit, low, cards = rng.choice(windows)
        suits.remove(suit)
        for card in cards:
            pool.remove(card)
        if jokers:
            position = rng.randrange(length)
            pool.append(cards[position])
            stand_ins.append(cards[position])
            cards[position] = jokers.pop()
        melds.append(cr.Run(suit, low, cards, variant=variant))
    return tuple(melds)


def _down_state(size: int, round_number: int, players_down: int, seed: int) -> cr.RoundState:
    """A ``pagat`` PLAY state of player 0, down since their previous turn, with ``size`` cards.

    Players 0 to ``players_down - 1`` each went down with a random contract of the round
    (the three jokers go into the first runs laid); the others drew and discarded. Player 0
    holds the card each joker on the table stands for, where one is left, so that swaps
    exist, and random cards besides.
    """
    rng = random.Random(seed)
    deck = cr.PAGAT.deck(4)
    pool = [card for card in deck if not card.is_joker]
    jokers = [card for card in deck if card.is_joker]
    stand_ins: list[cr.Card] = []
    rng.shuffle(pool)
    melds = [
        _contract_melds(cr.PAGAT, round_number, pool, jokers, stand_ins, rng)
        for _ in range(players_down)
    ]
    held: list[cr.Card] = []
    for card in stand_ins[: size - 1]:
        if card in pool:
            pool.remove(card)
            held.append(card)
    held += [pool.pop() for _ in range(size - 1 - len(held))]
    draws = [pool.pop() for _ in range(5)]
    hands = [[*(card for meld in melds[0] for card in meld.cards), *held]]
    for player in range(1, 4):
        if player < players_down:
            hands.append([*(card for meld in melds[player] for card in meld.cards), pool.pop()])
        else:
            hands.append([pool.pop() for _ in range(10)])
    rest = [*pool, *jokers]
    rng.shuffle(rest)
    state = cr.start_round(
        round_number=round_number,
        dealer=3,
        hands=hands,
        stock=[*draws, *rest[1:]],
        discard=rest[:1],
    )
    for player in range(5):
        state = cr.apply(state, cr.DrawStock())
        while state.phase is cr.Phase.BUY:
            state = cr.apply(state, cr.Pass())
        if player < players_down:
            state = cr.apply(state, cr.GoDown(melds[player]))
        if player < 4:
            state = cr.apply(state, cr.Discard(draws[player]))
    return state


def _down_states(size: int, per_round: int) -> list[cr.RoundState]:
    """PLAY states of a player who is down, holding ``size`` cards.

    ``per_round`` states in each of rounds 1-6 (the rounds with lay-offs), with 3 or 4
    players down: 6 to 12 melds on the table.
    """
    return [
        _down_state(size, r, 3 + (i + r) % 2, seed=1000 * size + 10 * r + i)
        for i in range(per_round)
        for r in range(1, 7)
    ]


def report_scaling(settings: Settings) -> None:
    """Print how the time of listing a PLAY state's legal actions grows."""
    per_round, timings, budget = settings.per_round, settings.timings, settings.budget
    header = f"{'median ms':>10} {'worst ms':>10} {'actions':>9} {'most':>9}"
    say(
        f"listing every legal action of a PLAY state, len(legal_actions(state)): median and "
        f"worst over {per_round} hands in each round, each hand's median of {timings} "
        f"timings (once when over {LONG_LISTING * 1e3:g} ms); one listing over {budget:g} s "
        "stops its row; actions: median and most listed"
    )
    say(f"(a) hand size, player not down, variant pagat, rounds 1-7 (7 x {per_round} hands):")
    say(f"  {'cards':>5} {'jokers':>6} {header}")
    for size in (10, 15, 20, 25, 30):
        for jokers in (0, 3):
            listing = bench_listing(_not_down_states(size, jokers, per_round), timings, budget)
            say(_listing_line(f"{size:>5} {jokers:>6}", listing, budget))
    say(
        "(b) wild cards in a 13-card hand, player not down, rounds 1-7: variant pagat (jokers, "
        f"3 in the deck) and variant {DEUCES.name!r} = attrs.evolve(cr.PAGAT, "
        f"name={DEUCES.name!r}, wild_ranks={{cr.Rank.TWO}}) (3 jokers and 8 twos wild; a hand "
        "takes jokers first, then 2s; its other cards are not 2s):"
    )
    say(f"  {'variant':>7} {'wild':>4} {header}")
    for variant, most in ((cr.PAGAT, 3), (DEUCES, 8)):
        for wild in range(most + 1):
            states = _not_down_states(13, wild, per_round, variant)
            listing = bench_listing(states, timings, budget)
            say(_listing_line(f"{variant.name:>7} {wild:>4}", listing, budget))
    say(
        f"(c) hand size, player down since their last turn, variant pagat, rounds 1-6 "
        f"(6 x {per_round} hands), 3 or 4 players down: a table of 6 to 12 melds, the three "
        "jokers in runs, the hand holding the cards they stand for (lay-offs and swaps), no "
        "wild card in hand:"
    )
    say(f"  {'cards':>5} {'melds':>6} {header}")
    for size in (10, 15, 20, 25, 30):
        states = _down_states(size, per_round)
        melds = sorted({len(state.table) for state in states})
        listing = bench_listing(states, timings, budget)
        say(_listing_line(f"{size:>5} {f'{melds[0]}-{melds[-1]}':>6}", listing, budget))


# -- the go-down search ----------------------------------------------------------------------


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


def report_go_down(settings: Settings) -> None:
    """Print the go-down search section."""
    count = settings.hands // 7 + 1
    say("go-down search (median / worst over random hands, every round):")
    for size, jokers in ((13, 3), (13, 0), (20, 3), (20, 1)):
        median, worst, most = bench_go_down(size, jokers, range(1, 8), count, 3)
        say(
            f"  {size} cards, {jokers} jokers: median {median:.3f} ms, worst {worst:.2f} ms, "
            f"up to {most:,} go-downs"
        )


# -- every preset ----------------------------------------------------------------------------


def bench_presets(games: int, repeats: int) -> dict[str, list[float]]:
    """Actions per second of uniform random play, by preset, ``repeats`` runs each.

    The runs take turns, preset after preset, so that a noisy moment of the machine falls
    on all of them alike.
    """
    rates: dict[str, list[float]] = {name: [] for name in cr.VARIANTS}
    for _ in range(repeats):
        for name, variant in cr.VARIANTS.items():
            start = time.perf_counter()
            actions = sum(random_game(seed, variant=variant) for seed in range(games))
            rates[name].append(actions / (time.perf_counter() - start))
    return rates


def report_presets(settings: Settings) -> None:
    """Print uniform random play of every preset, against ``pagat`` in the same run."""
    games, repeats = max(2, settings.games // 4), settings.repeats
    rates = bench_presets(games, repeats)
    pagat = statistics.median(rates["pagat"])
    say(
        f"uniform random play of every preset, by index (median of {repeats} runs of {games} "
        "games each, the presets taking turns), and its ratio to pagat's in the same run:"
    )
    for name, runs in rates.items():
        rate = statistics.median(runs)
        say(f"  {name:>18} {rate:>9,.0f} actions/s {rate / pagat:>6.0%}")


# -- many wild cards --------------------------------------------------------------------------


@attrs.frozen
class WildRow:
    """Timings (seconds) on the PLAY states of one hand size and number of wild cards."""

    #: ``len(legal_actions(state))`` the first time the state is counted.
    first_lengths: tuple[float, ...]
    #: ``len(legal_actions(state))`` again, from a fresh listing: the median of a few.
    lengths: tuple[float, ...]
    #: ``legal[i]`` at a random index, once the length is known.
    indexed: tuple[float, ...]
    #: ``next(iter(legal_actions(state)))``: the first go-down, from a fresh listing.
    first: tuple[float, ...]
    #: The number of legal actions of each state.
    counts: tuple[int, ...]


#: The presets and rounds of the ``wild`` section: the rounds with a run and two or three
#: melds, where wild cards make the most go-downs.
WILD_PRESETS = ("deuces-wild", "california")
WILD_ROUNDS = (5, 6, 7)


def _timed(action: Callable[[], object], repeats: int) -> float:
    """The median time of ``repeats`` calls of ``action``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_wild(name: str, size: int, wild: int, per_round: int, timings: int) -> WildRow:
    """Time counting, indexing and the first go-down of one preset's states, rounds 5-7."""
    variant = cr.VARIANTS[name]
    rng = random.Random(size * 100 + wild)
    first_lengths, lengths, indexed, first, counts = [], [], [], [], []
    for round_number in WILD_ROUNDS:
        seed = round_number * 1000 + wild
        for hand in _hands(size, wild, per_round, seed=seed, variant=variant):
            state = play_state(hand, round_number, variant)
            first_lengths.append(_timed(partial(_length, state), 1))
            legal = cr.legal_actions(state)
            counts.append(len(legal))
            lengths.append(_timed(partial(_length, state), timings))
            indexed.append(_timed(partial(_random_index, legal, rng), timings))
            first.append(_timed(partial(_first, state), timings))
    return WildRow(
        tuple(first_lengths), tuple(lengths), tuple(indexed), tuple(first), tuple(counts)
    )


def _length(state: cr.RoundState) -> int:
    return len(cr.legal_actions(state))


def _random_index(legal: cr.LegalActions, rng: random.Random) -> cr.Action:
    return legal[rng.randrange(len(legal))]


def _first(state: cr.RoundState) -> cr.Action:
    return next(iter(cr.legal_actions(state)))


def report_wild(settings: Settings) -> None:
    """Print the wild-card section: counting and indexing go-downs instead of listing them."""
    per_round = max(3, settings.per_round)
    say(
        "many wild cards: PLAY states of a player not down under deuces-wild (3 jokers and "
        "8 twos wild) and california (8 queens wild), rounds 5-7, "
        f"{per_round} hands each; medians (worst) in ms of len(legal_actions(state)) the "
        "first time a state is counted and again from a fresh listing, legal[i] at a random "
        "index, and the first action of a fresh iteration (a go-down when there is one):"
    )
    say(
        f"  {'preset':>11} {'cards':>5} {'wild':>4} {'len, first':>15} {'len':>15} "
        f"{'[i]':>15} {'first':>15} {'actions':>22}"
    )
    for name in WILD_PRESETS:
        for size in (12, 13):
            for wild in (5, 6, 7, 8):
                row = bench_wild(name, size, wild, per_round, settings.timings)

                def cell(times: tuple[float, ...]) -> str:
                    return f"{statistics.median(times) * 1e3:.2f} ({max(times) * 1e3:.1f})"

                counts = f"{statistics.median(row.counts):,.0f} (max {max(row.counts):,})"
                say(
                    f"  {name:>11} {size:>5} {wild:>4} {cell(row.first_lengths):>15} "
                    f"{cell(row.lengths):>15} {cell(row.indexed):>15} {cell(row.first):>15} "
                    f"{counts:>22}"
                )


# -- records and views ------------------------------------------------------------------------


def _greedy_game(variant: cr.Variant, seed: int) -> tuple[list[cr.RoundState], list[cr.Action]]:
    bot = cr.GreedyBot()
    state = cr.new_game(variant, seed=seed)
    states, actions = [state], []
    while state.phase is not cr.Phase.GAME_OVER:
        action = bot.choose(state)
        state = cr.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def _replayed(record: cr.GameRecord) -> list[cr.RoundState]:
    return list(cr.replay(record))


def report_records(settings: Settings) -> None:
    """Print the cost of records, views and the codec on whole greedy games."""
    games = max(2, settings.games // 4)
    say(
        f"records and views: {games} greedy games per variant, medians per game (per state "
        "for view and the codec):"
    )
    say("     variant  actions   step  recorder   dumps   loads  replay      view  codec rt")
    for variant in (cr.PAGAT, cr.DEUCES_WILD):
        rows: dict[str, list[float]] = defaultdict(list)
        lengths = []
        for seed in range(1, games + 1):
            states, actions = _greedy_game(variant, seed)
            lengths.append(len(actions))
            first = states[0]

            def plain(
                states: list[cr.RoundState] = states, actions: list[cr.Action] = actions
            ) -> None:
                for state, action in zip(states, actions, strict=False):
                    cr.step(state, action)

            def recorded(
                first: cr.RoundState = first, actions: list[cr.Action] = actions, seed: int = seed
            ) -> cr.GameRecord:
                recorder = cr.Recorder(first, seed=seed)
                for action in actions:
                    recorder.step(action)
                return recorder.record()

            record = recorded()
            text = cr.records.dumps(record)
            rows["step"].append(_timed(plain, 3))
            rows["recorder"].append(_timed(recorded, 3))
            rows["dumps"].append(_timed(partial(cr.records.dumps, record), 3))
            rows["loads"].append(_timed(partial(cr.records.loads, text), 3))
            rows["replay"].append(_timed(partial(_replayed, record), 3))
            sample = states[:: max(1, len(states) // 200)]
            start = time.perf_counter()
            for state in sample:
                cr.view(state, 0)
            rows["view"].append((time.perf_counter() - start) / len(sample))
            start = time.perf_counter()
            for state in sample:
                cr.from_dict(cr.to_dict(state))
            rows["codec"].append((time.perf_counter() - start) / len(sample))
        med = {key: statistics.median(values) for key, values in rows.items()}
        say(
            f"  {variant.name:>10} {statistics.median(lengths):>8,.0f} "
            f"{med['step'] * 1e3:>5.0f}ms {med['recorder'] * 1e3:>7.0f}ms "
            f"{med['dumps'] * 1e3:>5.0f}ms {med['loads'] * 1e3:>5.0f}ms "
            f"{med['replay'] * 1e3:>5.0f}ms {med['view'] * 1e6:>7.1f}us "
            f"{med['codec'] * 1e6:>6.0f}us"
        )


# -- simulations -----------------------------------------------------------------------------


def bench_simulate(games: int, workers: int | None, bot: str = "greedy") -> tuple[float, float]:
    """Seconds to play ``games`` games between four ``bot`` bots, and to the first result.

    ``workers=None`` plays them with ``play_game`` instead, recording nothing.
    """
    bots = [bot] * 4
    start = time.perf_counter()
    first = 0.0
    if workers is None:
        for index in range(games):
            cr.play_game([cr.make_bot(name) for name in bots], seed=cr.derive_seed(0, index))
            first = first or time.perf_counter() - start
    else:
        for _ in cr.simulate(bots, games, workers=workers):
            first = first or time.perf_counter() - start
    return time.perf_counter() - start, first


def report_simulate(settings: Settings) -> None:
    """Print the simulate section."""
    games, repeats = settings.simulated, settings.simulate_repeats
    say(
        f"simulate: {games} greedy games of pagat, games/s (median of {repeats} runs), and the "
        "seconds to the first result:"
    )
    rates: dict[int | None, float] = {}
    for workers, label in ((None, "play_game"), (1, "workers=1"), (2, "workers=2")):
        runs = [bench_simulate(games, workers) for _ in range(repeats)]
        rates[workers] = statistics.median(games / seconds for seconds, _ in runs)
        first = statistics.median(first for _, first in runs)
        ratio = "" if workers is None else f" ({rates[workers] / rates[None]:.2f}x play_game)"
        rate = rates[workers]
        say(f"  {label:>10} {rate:>7.1f} games/s{ratio}, first result after {first:.2f} s")
    # How long 10,000 games between heuristic bots take, on 1 and 2 processes.
    games *= 5
    say(f"  {games} heuristic games of pagat, games/s (median of {repeats} runs):")
    for workers in (1, 2):
        runs = [bench_simulate(games, workers, "heuristic") for _ in range(repeats)]
        rate = statistics.median(games / seconds for seconds, _ in runs)
        say(
            f"  {f'workers={workers}':>10} {rate:>7.1f} games/s: 10,000 games in about "
            f"{10_000 / rate:.0f} s"
        )


#: The matches of the ``strength`` section: one bot name per seat.
MATCHES = (
    ("heuristic", "greedy", "greedy", "greedy"),
    ("heuristic", "random", "random", "random"),
    ("greedy", "random", "random", "random"),
    ("heuristic", "greedy", "heuristic", "greedy"),
)


def _estimate(estimate: cr.Estimate, scale: float = 1.0, digits: int = 1) -> str:
    """An estimate with its 95% interval, as ``value [low, high]``."""
    low, value, high = (scale * x for x in (estimate.low, estimate.value, estimate.high))
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def report_strength(settings: Settings) -> None:
    """Print the strength section: seeded matches between the library's bots."""
    games = settings.matches
    say(
        f"strength: {games} seeded games of pagat a match on 2 processes; per seat, the mean "
        "final score and the win rate (%), each with its 95% interval:"
    )
    for match in MATCHES:
        start = time.perf_counter()
        summary = cr.summarize(cr.simulate(match, games, seed=2026, workers=2))
        seconds = time.perf_counter() - start
        say(f"  {' / '.join(match)} ({games / seconds:.1f} games/s)")
        for seat in summary.seats:
            say(
                f"    seat {seat.seat} {seat.bot:>9}: score {_estimate(seat.score)}, "
                f"wins {_estimate(seat.win_rate, 100)}"
            )


# -- the command -----------------------------------------------------------------------------

REPORTS: dict[str, Callable[[Settings], None]] = {
    "memory": report_memory,
    "random": report_random,
    "phases": report_phases,
    "views": lambda settings: views.report(settings.phase_games, settings.phase_repeats, say),
    "presets": report_presets,
    "scaling": report_scaling,
    "wild": report_wild,
    "godown": report_go_down,
    "records": report_records,
    "simulate": report_simulate,
    "strength": report_strength,
    "targets": lambda settings: targets.report(settings.baseline, settings.turns, say),
}


def _positive(text: str) -> int:
    """Parse ``--turns``: a whole number, 1 or more."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number, 1 or more, got {text!r}")
    return number


def _sections(text: str) -> tuple[str, ...]:
    """Parse ``--only``: section names separated by commas, kept in their running order."""
    chosen = {name.strip() for name in text.split(",") if name.strip()}
    unknown = sorted(chosen - set(SECTIONS))
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(
            f"unknown section {', '.join(unknown) or '(none given)'}; "
            f"choose among {','.join(SECTIONS)}"
        )
    return tuple(name for name in SECTIONS if name in chosen)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen benchmarks and print their figures."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="fewer games, states and repeats")
    parser.add_argument(
        "--only",
        type=_sections,
        default=SECTIONS,
        metavar="SECTIONS",
        help=f"run only these sections, separated by commas (of {','.join(SECTIONS)})",
    )
    parser.add_argument(
        "--baseline",
        default=targets.BASELINE,
        metavar="REV",
        help=f"the targets section's earlier code, a git revision (default {targets.BASELINE})",
    )
    parser.add_argument(
        "--turns",
        type=_positive,
        metavar="N",
        help="turns of each workload of the targets section (default 3, 1 with --quick): "
        "more turns, steadier medians on a noisy machine",
    )
    parser.add_argument(
        "--memory-variant",
        default="pagat",
        choices=sorted(cr.VARIANTS),
        metavar="NAME",
        help="the preset the memory section plays (default pagat); deuces-wild, whose wild "
        "cards fill the go-down search's memos far more slowly, shows where they level off",
    )
    args = parser.parse_args(argv)
    settings = attrs.evolve(
        QUICK if args.quick else FULL,
        baseline=args.baseline,
        memory_variant=args.memory_variant,
    )
    if args.turns is not None:
        settings = attrs.evolve(settings, turns=args.turns)
    start = time.perf_counter()
    say(
        f"contract_rummy benchmarks ({'quick' if args.quick else 'full'} run), Python "
        f"{platform.python_version()} on {platform.system()} {platform.machine()}"
    )
    for name in args.only:
        say()
        REPORTS[name](settings)
    say()
    say(f"done in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
