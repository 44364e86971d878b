"""The speed targets, each beside OpenSpiel's gin rummy and beside earlier code, in one run.

``python -m benchmarks --only targets`` (``--baseline REV`` names the earlier code: a git
revision of this repository, by default :data:`BASELINE`). Every workload runs in a process
of its own, on one core, the current code and the earlier code taking turns (and OpenSpiel
beside them), and reports the CPU time of its work alone, imports left out; the figures are
medians over the turns, printed with the machine's load:

1. uniform random play of ``pagat``, in actions per CPU second, against OpenSpiel's
   ``gin_rummy`` (a C++ engine) driven by the same Python loop: choose uniformly among the
   legal actions, apply. OpenSpiel's chance nodes (its deals and draws from the stock) are
   actions of that loop like any other, so they count; the rate of the players' own
   decisions alone is printed beside it. OpenSpiel's runs take turns with the others, and
   the ratio is the median of the turns' ratios. Target: 1.5 times OpenSpiel's rate or more.
2. uniform random play of every preset, each in a process of its own as ``pagat``'s in 1,
   as a share of the rate of a run of ``pagat`` made just before it (the median over the
   turns). Target: 80% or more for each. (In one process, each preset would be timed with
   what the presets before it left behind: their memos, which the garbage collector then
   walks through in its time, so that the last presets read lower than they play.)
3. whole games between four heuristic bots (:func:`contract_rummy.simulate` on one process),
   in CPU milliseconds a game. Target: half the earlier code's time or less. Beside it,
   the engine's part: the same games played again (views made, actions applied, games
   recorded) by bots that read each choice back from a log of an untimed run, so that
   the bots' own part is the difference.
4. ``len(legal_actions(state))`` on the PLAY states of a player not down holding 7 or 8 wild
   cards, in rounds 5-7 of ``deuces-wild`` and ``california``, each state's first listing.
   Target: under 10 ms on every one. And listing every legal action of a hand, go-downs
   built, on seeded ``deuces-wild`` hands of 3 to 6 wild cards (jokers and 2s), rounds 1-6,
   each hand listed once before it is timed, then timed as the median of
   :data:`LISTING_REPEATS` listings (the total of the first of them alone printed beside),
   against the code at the engine core's rebuild (:data:`REBUILD`). Target: slower on no
   hand.

This file is also the worker each process runs (``python benchmarks/targets.py WORK ...``),
written with the public names the earlier code has too, so that both run the same lines.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

import contract_rummy as cr

#: The earlier code the targets are measured against unless ``--baseline`` says otherwise:
#: the code before the work on these targets began.
BASELINE = "8e07e2e"
#: Seeded games per run of uniform random play (``pagat`` and OpenSpiel), of each preset,
#: and of heuristic bots; hands per variant, round and number of wild cards.
RANDOM_GAMES = 30
GIN_GAMES = 300
PRESET_GAMES = 30
HEURISTIC_GAMES = 60
WILD_HANDS = 6
#: Target 4: the variants, rounds and numbers of wild cards of its hands.
WILD_VARIANTS = ("deuces-wild", "california")
WILD_ROUNDS = (5, 6, 7)
WILD_CARDS = (7, 8)
#: Target 4's listings: the code at the engine core's rebuild, which listing every action
#: of a hand must not be slower than; the sizes, wild cards and rounds of the hands.
REBUILD = "3df814f"
LISTED_SIZES = (12, 13)
LISTED_WILDS = (3, 4, 5, 6)
LISTED_ROUNDS = (1, 2, 3, 4, 5, 6)
#: How many times each of those hands is listed and timed, after a first listing: a hand of
#: a few hundred actions lists in under a millisecond, where one reading varies by half
#: from one turn to the next; the median of a few (as ``timeit`` repeats) does not.
LISTING_REPEATS = 3

Figures = dict[str, Any]
#: This code's ``src`` folder.
HERE = Path(__file__).resolve().parents[1] / "src"


#: The most actions a game of :func:`random_game` may take: every game ends long before
#: (R29), so reaching it means a hang.
MAX_ACTIONS = 100_000


def random_game(
    seed: int,
    sink: Callable[[cr.RoundState], None] | None = None,
    variant: cr.Variant = cr.PAGAT,
) -> int:
    """Play one seeded game by uniform random choice; return how many actions it took.

    The choice is ``legal[rng.randrange(len(legal))]``: counting and indexing the legal
    actions, which never lists the go-downs of a hand with many wild cards. ``sink`` sees
    each state before its action.

    Raises:
        RuntimeError: if the game has not ended after :data:`MAX_ACTIONS` actions.
    """
    chooser = random.Random(seed)
    state = cr.new_game(variant, seed=seed)
    for steps in range(MAX_ACTIONS):
        if state.phase is cr.Phase.GAME_OVER:
            return steps
        if sink is not None:
            sink(state)
        legal = cr.legal_actions(state)
        state = cr.apply(state, legal[chooser.randrange(len(legal))])
    raise RuntimeError(f"{variant.name} seed {seed} is not over after {MAX_ACTIONS} actions")


def play_state(
    hand: tuple[cr.Card, ...], round_number: int, variant: cr.Variant = cr.PAGAT
) -> cr.RoundState:
    """A PLAY state in which the active player holds ``hand`` (the last card just drawn).

    The other three players hold 10 cards each; only the active player's hand matters to
    what it may do before it goes down.
    """
    rest = list(variant.deck(4))
    for card in hand:
        rest.remove(card)
    state = cr.start_round(
        variant,
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


# -- the workers: each prints one JSON line of figures -------------------------------------


def work_random(variant: str, games: int) -> Figures:
    """Uniform random play of seeded games of ``variant``: actions and CPU seconds."""
    chosen = cr.VARIANTS[variant]
    start = time.process_time()
    actions = sum(random_game(seed, variant=chosen) for seed in range(games))
    return {"actions": actions, "cpu": time.process_time() - start}


def work_gin(games: int) -> Figures:
    """Uniform random play of OpenSpiel's ``gin_rummy``: actions, decisions, CPU seconds."""
    import pyspiel  # noqa: PLC0415 - an extra: only this workload needs it

    game = pyspiel.load_game("gin_rummy")
    actions = decisions = 0
    start = time.process_time()
    for seed in range(games):
        chooser = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            decisions += not state.is_chance_node()
            legal = state.legal_actions()
            state.apply_action(legal[chooser.randrange(len(legal))])
            actions += 1
            if actions > 10_000 * games:
                raise RuntimeError(f"gin_rummy seed {seed} has not ended: a hang")
    return {"actions": actions, "decisions": decisions, "cpu": time.process_time() - start}


class _Recorder:
    """A bot that plays as ``bot`` does and writes down each action it chooses in ``log``."""

    def __init__(self, bot: cr.Bot, log: list[cr.Action]) -> None:
        self._bot = bot
        self._log = log

    def choose(self, seen: cr.PlayerView) -> cr.Action:
        """``bot``'s action, written down."""
        action = self._bot.choose(seen)
        self._log.append(action)
        return action


class _Replayer:
    """A bot that chooses nothing: it plays back the actions of ``log``, in order."""

    def __init__(self, log: list[cr.Action]) -> None:
        self._next = iter(log).__next__

    def choose(self, seen: cr.PlayerView) -> cr.Action:
        """The next action of the log."""
        return self._next()


def work_heuristic(games: int) -> Figures:
    """Seeded games between four heuristic bots on one process: CPU seconds a game.

    Beside it, the engine's part of that time: the same games played again, their views
    made and their actions applied and recorded as before, by bots that read each choice
    back from a log written in an untimed run rather than make it.

    Raises:
        RuntimeError: if the games played back do not end as the games played.
    """
    start = time.process_time()
    results = list(cr.simulate(["heuristic"] * 4, games, seed=0, workers=1))
    cpu = time.process_time() - start
    games_played = _outcomes(results)
    # One process plays its games in order, and makes each game's bots seat by seat: the
    # n-th bot made is the same seat of the same game in every run.
    logs: list[list[cr.Action]] = []

    def recording(seed: int) -> cr.Bot:
        logs.append([])
        return _Recorder(cr.make_bot("heuristic", seed), logs[-1])

    list(cr.simulate([recording] * 4, games, seed=0, workers=1))
    played_back = iter(logs)
    start = time.process_time()
    replayed = list(
        cr.simulate([lambda seed: _Replayer(next(played_back))] * 4, games, seed=0, workers=1)
    )
    engine = time.process_time() - start
    if _outcomes(replayed) != games_played:
        raise RuntimeError("the heuristic games played back from their logs ended otherwise")
    return {"cpu_per_game": cpu / games, "engine_per_game": engine / games, "games": games_played}


def _outcomes(results: list[cr.GameResult]) -> list[list[int]]:
    """Each game's final scores and its number of actions: what tells two runs apart."""
    return [[*result.scores, result.actions] for result in results]


def _wild_states() -> Iterator[cr.RoundState]:
    """Target 4's PLAY states: seeded hands of 13 cards (12 dealt and one drawn)."""
    for name in WILD_VARIANTS:
        variant = cr.VARIANTS[name]
        deck = variant.deck(4)
        naturals = [card for card in deck if not variant.is_wild(card)]
        wilds = [card for card in deck if variant.is_wild(card)]
        for round_number in WILD_ROUNDS:
            size = variant.cards_dealt(round_number) + 1
            for wild in WILD_CARDS:
                rng = random.Random(f"{name} {round_number} {wild}")
                for _ in range(WILD_HANDS):
                    hand = (*rng.sample(naturals, size - wild), *rng.sample(wilds, wild))
                    yield play_state(hand, round_number, variant)


def work_wild() -> Figures:
    """Target 4: each state's first ``len(legal_actions(state))``, in CPU milliseconds."""
    times, counts = [], []
    for state in _wild_states():
        start = time.process_time()
        counts.append(len(cr.legal_actions(state)))
        times.append((time.process_time() - start) * 1e3)
    return {"ms": times, "counts": counts}


def _deuces_wild() -> cr.Variant:
    """``deuces-wild``, made from ``pagat`` where the earlier code has no such preset."""
    found = cr.VARIANTS.get("deuces-wild")
    if found is None:
        import attrs  # noqa: PLC0415 - only the earliest code needs it

        found = attrs.evolve(cr.PAGAT, name="deuces-wild", wild_ranks={cr.Rank.TWO})
    return found


def _listed_states() -> Iterator[cr.RoundState]:
    """Target 4's listings: one seeded hand of each size, number of wild cards and round."""
    variant = _deuces_wild()
    deck = variant.deck(4)
    naturals = [card for card in deck if not variant.is_wild(card)]
    wilds = sorted((card for card in deck if variant.is_wild(card)), key=str)
    for size in LISTED_SIZES:
        for wild in LISTED_WILDS:
            for round_number in LISTED_ROUNDS:
                rng = random.Random(f"listing {size} {wild} {round_number}")
                hand = (*rng.sample(naturals, size - wild), *rng.sample(wilds, wild))
                yield play_state(hand, round_number, variant)


def work_listing() -> Figures:
    """Target 4's listings: every legal action of each state, in CPU milliseconds.

    Each state is listed once before it is timed, so that what a process keeps from one
    listing to the next is there as it is in a long game (a first listing is target 4's).
    Then it is listed :data:`LISTING_REPEATS` times: ``ms`` holds each state's median
    listing, ``once`` the first of them alone.
    """
    times, once, counts = [], [], []
    for state in _listed_states():
        sum(1 for _ in cr.legal_actions(state))
        readings = []
        for _ in range(LISTING_REPEATS):
            start = time.process_time()
            count = sum(1 for _ in cr.legal_actions(state))
            readings.append((time.process_time() - start) * 1e3)
        times.append(statistics.median(readings))
        once.append(readings[0])
        counts.append(count)
    return {"ms": times, "once": once, "counts": counts}


WORKS: dict[str, Callable[..., Figures]] = {
    "random": lambda: work_random("pagat", RANDOM_GAMES),
    "gin": lambda: work_gin(GIN_GAMES),
    "preset": lambda name: work_random(name, PRESET_GAMES),
    "heuristic": lambda: work_heuristic(HEURISTIC_GAMES),
    "wild": work_wild,
    "listing": work_listing,
}


def worker(argv: Sequence[str]) -> None:
    """Run one workload, with its arguments, and print its figures as one JSON line."""
    name, *arguments = argv
    print(json.dumps(WORKS[name](*arguments)))


# -- the section: workloads in turn, current code against earlier code -----------------------


def git_archive(revision: str) -> bytes:
    """The ``src`` folder of ``revision`` of this repository, as a tar archive.

    Raises:
        LookupError: if git cannot give it (no such revision, no repository).
    """
    try:
        archive = subprocess.run(
            ["git", "-C", str(HERE.parent), "archive", "--format=tar", revision, "src"],
            capture_output=True,
            check=False,
        )
    except OSError as error:  # no git
        raise LookupError(str(error)) from error
    if archive.returncode:
        raise LookupError(archive.stderr.decode(errors="replace").strip())
    return archive.stdout


@contextmanager
def unpacked(archive: bytes) -> Iterator[Path]:
    """The ``src`` folder of a :func:`git_archive`, written to a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="contract-rummy-") as folder:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder) / "src"


@contextmanager
def earlier_code(revision: str, what: str, say: Callable[[str], None]) -> Iterator[Path | None]:
    """The ``src`` folder of ``revision``, unpacked while the block runs.

    ``None`` where git cannot give it, which is said as ``what`` (such as "the earlier
    code") cannot be read.
    """
    try:
        archive = git_archive(revision)
    except LookupError as error:
        say(f"  {what}, {revision}, cannot be read from git here: {error}")
        yield None
        return
    with unpacked(archive) as source:
        yield source


def run_work(name: str, source: Path | None, *arguments: str) -> Figures:
    """Run workload ``name`` in a process of its own, on the code of ``source`` if given."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, __file__, name, *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(f"the {name} workload failed:\n{done.stderr}")
    figures: Figures = json.loads(done.stdout.splitlines()[-1])
    return figures


def in_turns(name: str, codes: dict[str, Path | None], turns: int) -> dict[str, list[Figures]]:
    """Run workload ``name`` ``turns`` times on each code, the codes taking turns."""
    return works_in_turns({code: (name, source) for code, source in codes.items()}, turns)


def works_in_turns(
    works: dict[str, tuple[str, Path | None]], turns: int
) -> dict[str, list[Figures]]:
    """Run each of ``works`` (a label's workload and code) ``turns`` times, taking turns.

    The n-th figures of every label come from the same turn: a ratio of two labels' figures
    turn by turn compares runs made side by side, when the machine was the same.
    """
    runs: dict[str, list[Figures]] = {label: [] for label in works}
    for _ in range(turns):
        for label, (name, source) in works.items():
            runs[label].append(run_work(name, source))
    return runs


def _load() -> str:
    return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def report(baseline: str, turns: int, say: Callable[[str], None]) -> None:
    """Print the four targets, each beside OpenSpiel's and beside ``baseline``'s figure."""
    say(
        f"the speed targets: each workload in its own process on one core, this code and "
        f"{baseline} taking turns; medians of {turns} turns of CPU time ({_load()}):"
    )
    with earlier_code(baseline, "the earlier code", say) as source:
        if source is None:
            return
        codes: dict[str, Path | None] = {"this code": HERE, baseline: source}
        _report_random(codes, baseline, turns, say)
        _report_presets(codes, baseline, turns, say)
        _report_heuristic(codes, baseline, turns, say)
        _report_wild(codes, baseline, turns, say)
    _report_listing(turns, say)
    say(f"  ({_load()} at the end)")


def _rate(figures: list[Figures], key: str = "actions") -> float:
    return statistics.median(float(run[key] / run["cpu"]) for run in figures)


def _report_random(
    codes: dict[str, Path | None], baseline: str, turns: int, say: Callable[[str], None]
) -> None:
    works = {code: ("random", source) for code, source in codes.items()}
    if importlib.util.find_spec("pyspiel") is None:
        say(
            "  1. OpenSpiel's gin_rummy did not run (pip install 'contract_rummy[openspiel]'): "
            "no module named 'pyspiel'"
        )
    else:
        works["OpenSpiel"] = ("gin", None)
    runs = works_in_turns(works, turns)
    ours, earlier = _rate(runs["this code"]), _rate(runs[baseline])
    say(
        f"  1. uniform random play of pagat: {ours:,.0f} actions/CPU-s; at {baseline} "
        f"{earlier:,.0f} ({ours / earlier:.2f}x)"
    )
    gin = runs.get("OpenSpiel")
    if gin:
        # The ratio of each turn, whose runs were made side by side, then their median: the
        # machine's pace may drift from one turn to the next, which each turn's ratio cancels.
        ratios = _ratios(runs["this code"], gin)
        say(
            f"     OpenSpiel gin_rummy {_rate(gin):,.0f} actions/CPU-s "
            f"({_rate(gin, 'decisions'):,.0f} of them players' decisions): this code "
            f"{statistics.median(ratios):.2f}x (target 1.5x; the median of {turns} turns' "
            f"ratios, from {min(ratios):.2f}x to {max(ratios):.2f}x), {baseline} "
            f"{statistics.median(_ratios(runs[baseline], gin)):.2f}x; decisions alone "
            f"{statistics.median(_ratios(runs['this code'], gin, 'decisions')):.2f}x"
        )


def _ratios(ours: list[Figures], theirs: list[Figures], key: str = "actions") -> list[float]:
    """Turn by turn, ``ours``'s rate of actions over ``theirs``'s rate of ``key``."""
    return [
        float(mine["actions"] / mine["cpu"]) / float(other[key] / other["cpu"])
        for mine, other in zip(ours, theirs, strict=True)
    ]


def _report_presets(
    codes: dict[str, Path | None], baseline: str, turns: int, say: Callable[[str], None]
) -> None:
    # Turn by turn, every preset on every code, so that a noisy moment of the machine falls
    # on one turn of all of them rather than on all the turns of one; each preset's run
    # right after a run of pagat on the same code, its share of that run's rate: the
    # machine's pace drifts over the many runs of a turn, which a ratio of runs made side
    # by side cancels.
    shares: dict[str, dict[str, list[float]]] = {code: {"pagat": [1.0]} for code in codes}
    for _ in range(turns):
        for name in cr.VARIANTS:
            if name == "pagat":
                continue
            for code, source in codes.items():
                pagat = run_work("preset", source, "pagat")
                figures = run_work("preset", source, name)
                shares[code].setdefault(name, []).append(
                    (figures["actions"] / figures["cpu"]) / (pagat["actions"] / pagat["cpu"])
                )
    share = {
        code: {name: statistics.median(runs) for name, runs in by_name.items()}
        for code, by_name in shares.items()
    }
    ours = share["this code"]
    worst = min(ours, key=ours.__getitem__)
    say(
        f"  2. every preset's rate as a share of pagat's in a run just before it, each in a "
        f"process of its own (target 80% each; the median of {turns} turns): the lowest "
        f"{worst} {ours[worst]:.0%}"
    )
    for name, value in ours.items():
        say(f"     {name:>18} {value:>5.0%}   at {baseline} {share[baseline][name]:>5.0%}")


def _report_heuristic(
    codes: dict[str, Path | None], baseline: str, turns: int, say: Callable[[str], None]
) -> None:
    runs = in_turns("heuristic", codes, turns)

    def per_game(key: str) -> list[float]:
        """The median of ``key`` over the turns, in ms, for each code (this code first)."""
        return [statistics.median(run[key] for run in runs[code]) * 1e3 for code in codes]

    ours, earlier = per_game("cpu_per_game")
    engine, earlier_engine = per_game("engine_per_game")
    same = runs["this code"][0]["games"] == runs[baseline][0]["games"]
    say(
        f"  3. games between four heuristic bots: {ours:.1f} CPU-ms a game; at {baseline} "
        f"{earlier:.1f} ({earlier / ours:.2f}x fewer, target 2x); the same "
        f"{HEURISTIC_GAMES} games (scores and actions): {'yes' if same else 'NO'}"
    )
    say(
        f"     the engine's part (the same games, each choice read back from a log): "
        f"{engine:.1f} CPU-ms a game, at {baseline} {earlier_engine:.1f}; the bots' "
        f"{ours - engine:.1f}, at {baseline} {earlier - earlier_engine:.1f}. Half of "
        f"{baseline}'s time leaves the bots {earlier / 2 - engine:.1f} with this engine"
    )


def _report_wild(
    codes: dict[str, Path | None], baseline: str, turns: int, say: Callable[[str], None]
) -> None:
    runs = in_turns("wild", codes, turns)
    for code, figures in runs.items():
        per_state = _per_state(figures)
        over = sum(ms >= 10 for ms in per_state)
        label = (
            "  4. len(legal_actions) of 7-8 wild cards, first listing:"
            if code == "this code"
            else "    "
        )
        say(
            f"{label} {code}: median {statistics.median(per_state):.1f} ms, worst "
            f"{max(per_state):.1f} ms, {over} of {len(per_state)} states at 10 ms or more "
            f"(target none)"
        )
    same = runs["this code"][0]["counts"] == runs[baseline][0]["counts"]
    say(f"     the same counts on every state: {'yes' if same else 'NO'}")


def _per_state(figures: list[Figures], key: str = "ms") -> list[float]:
    """Each state's median time (``key``, in ms) over the turns."""
    each = zip(*(run[key] for run in figures), strict=True)
    return [statistics.median(times) for times in each]


def _report_listing(turns: int, say: Callable[[str], None]) -> None:
    with earlier_code(REBUILD, "  the code at the engine core's rebuild", say) as source:
        if source is None:
            return
        runs = in_turns("listing", {"this code": HERE, REBUILD: source}, turns)
    ours, earlier = (_per_state(figures) for figures in runs.values())
    once, earlier_once = (_per_state(figures, "once") for figures in runs.values())
    ratios = [then / now for now, then in zip(ours, earlier, strict=True)]
    slower = sum(ratio < 1 for ratio in ratios)
    counts = runs["this code"][0]["counts"]
    say(
        f"     listing every action of {len(counts)} deuces-wild hands (3-6 wild cards, rounds "
        f"1-6, {min(counts):,} to {max(counts):,} actions), each listed once before, then "
        f"the median of {LISTING_REPEATS} listings: {sum(ours):,.0f} CPU-ms in all; at "
        f"{REBUILD} (the engine core's rebuild) {sum(earlier):,.0f}; slower on {slower} of "
        f"{len(counts)} hands (target none), at worst {min(ratios):.2f}x, median "
        f"{statistics.median(ratios):.2f}x; the first listing alone {sum(once):,.0f} CPU-ms "
        f"in all, at {REBUILD} {sum(earlier_once):,.0f}"
    )
    same = counts == runs[REBUILD][0]["counts"]
    say(f"     the same counts on every hand: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    worker(sys.argv[1:])
