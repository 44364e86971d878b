"""simulate(): the same results whatever plays the games, true to the games, and summed up.

Also: streaming with a bounded number of chunks in flight, and the refusals.
"""

from __future__ import annotations

import gc
import importlib
import io
import json
import math
import pickle
import re
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.codec import rules_fingerprint
from contract_rummy.godown import go_downs
from contract_rummy.simulation import IN_FLIGHT, BotSpec, _dispatch, _executors
from contract_rummy.simulation._dispatch import chunks, play_chunk
from contract_rummy.simulation._executors import ProcessPool
from contract_rummy.simulation._game import Plan


def cautious(seed: int) -> cr.Bot:
    """A module-level factory, as worker processes need: a greedy bot that never buys."""
    return cr.GreedyBot(max_buys=0)


#: Named bots, the library's RandomBot class as a factory, and a factory of this module.
MIXED: tuple[BotSpec, ...] = ("greedy", "random", cr.RandomBot, cautious)
GAMES = 6
SEED = 11


@pytest.fixture(scope="module")
def reference() -> list[cr.GameResult]:
    """The mixed bots' games played in this process, one after the other."""
    return list(cr.simulate(MIXED, GAMES, seed=SEED, workers=1))


# -- the same results whatever plays the games ----------------------------------------------


def test_the_reference_run_is_what_it_says(reference: list[cr.GameResult]) -> None:
    assert [game.index for game in reference] == list(range(GAMES))
    assert all(game.bots == ("greedy", "random", "RandomBot", "cautious") for game in reference)
    assert len({game.seed for game in reference}) == GAMES
    # A cautious bot never buys (R19), whatever its seat.
    assert all(played.buys[3] == 0 for game in reference for played in game.rounds)


def test_a_pool_of_two_processes_gives_the_same_results(
    reference: list[cr.GameResult],
) -> None:
    assert list(cr.simulate(MIXED, GAMES, seed=SEED, workers=2)) == reference


def test_a_callers_process_pool_gives_the_same_results_and_stays_open(
    reference: list[cr.GameResult],
) -> None:
    with ProcessPoolExecutor(2) as pool:
        assert list(cr.simulate(MIXED, GAMES, seed=SEED, executor=pool)) == reference
        assert pool.submit(sum, (1, 2)).result() == 3  # not shut down by simulate


@pytest.mark.parametrize("chunk_size", [None, 1, 4])
def test_a_thread_pool_gives_the_same_results_in_any_chunks(
    reference: list[cr.GameResult], chunk_size: int | None
) -> None:
    with ThreadPoolExecutor(3) as pool:
        games = cr.simulate(MIXED, GAMES, seed=SEED, executor=pool, chunk_size=chunk_size)
        assert list(games) == reference


def test_a_run_from_a_later_game_continues_an_earlier_run(
    reference: list[cr.GameResult],
) -> None:
    first = list(cr.simulate(MIXED, 2, seed=SEED, workers=1))
    rest = list(cr.simulate(MIXED, GAMES - 2, seed=SEED, start=2, workers=1))
    assert first + rest == reference


def test_each_game_is_played_again_from_its_derived_seeds(
    reference: list[cr.GameResult],
) -> None:
    for game in reference:
        assert game.seed == cr.derive_seed(SEED, game.index)
        assert game.bot_seeds == tuple(cr.derive_seed(SEED, game.index, p) for p in range(4))
        bots = [
            cr.make_bot("greedy", game.bot_seeds[0]),
            cr.make_bot("random", game.bot_seeds[1]),
            cr.RandomBot(game.bot_seeds[2]),
            cautious(game.bot_seeds[3]),
        ]
        final = cr.play_game(bots, seed=game.seed)
        assert (final.scores, final.winners) == (game.scores, game.winners)


def test_another_seed_gives_other_games(reference: list[cr.GameResult]) -> None:
    other = list(cr.simulate(MIXED, GAMES, seed=SEED + 1, workers=1))
    assert [game.seed for game in other] != [game.seed for game in reference]
    assert [game.scores for game in other] != [game.scores for game in reference]


def test_derived_seeds_are_distinct_and_in_range() -> None:
    seeds = {cr.derive_seed(seed, game) for seed in range(5) for game in range(200)}
    seeds |= {cr.derive_seed(3, game, seat) for game in range(200) for seat in range(8)}
    assert len(seeds) == 5 * 200 + 200 * 8
    assert all(0 <= seed < 2**63 for seed in seeds)


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_results(reference: list[cr.GameResult]) -> None:
    """A scheduler and two worker processes on this machine (a few seconds)."""
    distributed = importlib.import_module("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        cr.dask_executor(cluster.scheduler_address) as executor,
    ):
        assert len(executor.client.scheduler_info()["workers"]) == 2  # type: ignore[attr-defined]
        games = list(cr.simulate(MIXED, GAMES, seed=SEED, executor=executor, workers=2))
        status = executor.client.status  # type: ignore[attr-defined]
    assert games == reference
    assert status == "running"
    assert executor.client.status == "closed"  # type: ignore[attr-defined]


def test_dask_executor_names_the_extra_when_distributed_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"pip install 'contract_rummy\[dask\]'"):
        cr.dask_executor("tcp://127.0.0.1:8786")


def test_importing_the_package_never_imports_dask_nor_starts_a_pool() -> None:
    code = (
        "import sys, contract_rummy\n"
        "found = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'dask', 'distributed', 'multiprocessing'} or m == 'concurrent.futures.process')\n"
        "print(found)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "[]"


def test_the_module_is_simulation_and_simulate_the_function() -> None:
    import contract_rummy.simulation as module

    assert isinstance(module, types.ModuleType)
    assert module.__name__ == "contract_rummy.simulation"
    assert isinstance(cr.simulate, types.FunctionType)
    assert cr.simulate is module.simulate
    from contract_rummy import simulate

    assert simulate is module.simulate
    assert [game.index for game in cr.simulate(["random"] * 4, 2, workers=1)] == [0, 1]
    assert set(module.__all__) <= set(dir(module))


def test_the_old_module_still_gives_its_names_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning, match="import it from contract_rummy.simulation"):
        from contract_rummy.simulate import MAX_CHUNK, GameResult
    assert (MAX_CHUNK, GameResult) == (cr.simulation.MAX_CHUNK, cr.GameResult)
    old = sys.modules["contract_rummy.simulate"]
    with pytest.warns(DeprecationWarning, match="contract_rummy.simulate.Summarizer"):
        assert old.Summarizer is cr.Summarizer
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        old.nothing  # noqa: B018 - the attribute read is the test
    # Importing the old module never takes the package's name from the function:
    # ``import contract_rummy.simulate as m`` reads that attribute, and so gives the function.
    import contract_rummy.simulate as imported

    assert imported is cast("object", cr.simulate)


def test_the_old_module_is_loaded_with_the_package_whatever_is_imported_first() -> None:
    code = (
        "import warnings; warnings.simplefilter('ignore')\n"
        "from contract_rummy.simulate import MAX_CHUNK, simulate\n"
        "import types, contract_rummy as cr\n"
        "assert isinstance(cr.simulate, types.FunctionType), cr.simulate\n"
        "assert simulate is cr.simulate and MAX_CHUNK == 32\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_results_pickled_under_the_old_module_name_still_load() -> None:
    (game,) = cr.simulate(["greedy"] * 4, 1, workers=1)

    data = pickle.dumps(game, protocol=0)
    old = data.replace(b"contract_rummy.simulation._results", b"contract_rummy.simulate")
    assert old != data
    with pytest.warns(DeprecationWarning, match=r"simulate\.(GameResult|RoundResult) is dep"):
        assert pickle.loads(old) == game


# -- the results are true to the games ------------------------------------------------------


def _check_game(variant: cr.Variant, game: cr.GameResult) -> None:
    players = len(game.bots)
    assert game.variant == variant.name
    assert [played.number for played in game.rounds] == list(range(1, variant.rounds + 1))
    assert sum(played.actions for played in game.rounds) == game.actions
    # R26, R32: the totals are the rounds' penalties, less any cut bonus.
    for p in range(players):
        bonus = variant.cut_bonus * sum(played.exact_cut == p for played in game.rounds)
        assert game.scores[p] == sum(played.penalties[p] for played in game.rounds) - bonus
    # R28, R34: the winners are the lowest totals, the last round deciding a tie if asked.
    tied = [p for p in range(players) if game.scores[p] == min(game.scores)]
    if variant.tie_break is cr.TieBreak.LAST_ROUND:
        last = game.rounds[-1].penalties
        tied = [p for p in tied if last[p] == min(last[q] for q in tied)]
    assert game.winners == tuple(tied)
    for before, after in zip(game.rounds, game.rounds[1:], strict=False):
        assert after.dealer == (before.dealer + 1) % players  # R4
    for played in game.rounds:
        assert played.contract == str(variant.contract(played.number))
        assert len(played.met_on_deal) == len(played.went_down) == players
        assert all(buys >= 0 for buys in played.buys)
        assert all(turn is None or 1 <= turn <= played.turns for turn in played.went_down)
        if played.end is cr.RoundEnd.WENT_OUT:
            assert played.went_out is not None
            assert played.penalties[played.went_out] == 0  # R25
            assert played.went_down[played.went_out] is not None
        else:
            assert played.went_out is None
        if not variant.buying:
            assert played.buys == (0,) * players
        if variant.max_reshuffles is not None:
            assert played.reshuffles <= variant.max_reshuffles  # R29
        if not variant.cut_bonus:
            assert played.exact_cut is None
    # Round 1's deal is the one new_game deals from the game's seed.
    first = cr.new_game(variant, seed=game.seed, players=players)
    assert game.rounds[0].dealer == first.dealer
    met = tuple(bool(go_downs(variant, 1, hand, None)) for hand in first.hands)
    assert game.rounds[0].met_on_deal == met
    document = game.to_dict()
    # A preset's games leave out their rules' fingerprint, None (see test_rules_...).
    assert game.rules is None
    names = [field.name for field in attrs.fields(cr.GameResult) if field.name != "rules"]
    assert list(document) == names
    assert json.loads(game.to_json()) == document
    assert "\n" not in game.to_json()
    assert pickle.loads(pickle.dumps(game)) == game


@settings(max_examples=max(6, settings().max_examples // 8), deadline=None)  # 6, or 250
@given(data=st.data(), variant=st.sampled_from(sorted(cr.VARIANTS.values(), key=str)))
def test_results_are_true_to_the_rules_in_every_preset(
    data: st.DataObject, variant: cr.Variant
) -> None:
    players = data.draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    bots = data.draw(st.lists(st.sampled_from(["greedy", "random"]), min_size=players,
                              max_size=players))  # fmt: skip
    seed = data.draw(st.integers(0, 2**32))
    (game,) = cr.simulate(bots, 1, variant=variant, seed=seed, workers=1)
    assert game.bots == tuple(bots)
    _check_game(variant, game)


@settings(max_examples=max(6, settings().max_examples // 8), deadline=None)  # 6, or 250
@given(data=st.data(), variant=st.sampled_from(sorted(cr.VARIANTS.values(), key=str)))
def test_results_read_back_from_json_lines_as_they_were(
    data: st.DataObject, variant: cr.Variant
) -> None:
    players = data.draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    seed = data.draw(st.integers(0, 2**32))
    games = list(cr.simulate(["random"] * players, 2, variant=variant, seed=seed, workers=1))
    lines = io.StringIO("".join(f"{game.to_json()}\n\n" for game in games))  # blank lines too
    back = list(cr.load_results(lines))
    assert back == games
    assert [type(game.rounds[0].end) for game in back] == [cr.RoundEnd] * 2
    assert cr.summarize(back) == cr.summarize(games)


def test_results_read_back_refuse_what_is_not_a_result_naming_the_field() -> None:
    (game,) = cr.simulate(["greedy"] * 4, 1, seed=3, workers=1)
    good = game.to_dict()

    def broken(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        data = json.loads(json.dumps(good))
        change(data)
        return cast(dict[str, Any], data)

    wrong: list[tuple[Callable[[dict[str, Any]], None], str]] = [
        (lambda d: d.pop("seed"), r"^seed: missing$"),
        (lambda d: d.update(seed="7"), r"^seed: expected an integer, got '7'$"),
        (lambda d: d.update(extra=1), r"^extra: not a field of this value$"),
        (lambda d: d.update(scores=[1, 2, 3]), r"^scores: expected one item per player \(4\)"),
        (lambda d: d.update(winners=[4]), r"^winners\[0\]: expected a player, 0-3, got 4$"),
        (lambda d: d["rounds"][2].update(end="gone"), r"^rounds\[2\]\.end: expected one of "),
        (lambda d: d["rounds"][0]["buys"].pop(), r"^rounds\[0\]\.buys: expected one item per"),
        (lambda d: d["rounds"][1].update(went_out=9), r"^rounds\[1\]\.went_out: expected a p"),
        (lambda d: d["rounds"][0]["met_on_deal"].__setitem__(0, 1), r"met_on_deal\[0\]: exp"),
    ]
    for change, message in wrong:
        with pytest.raises(cr.RecordError, match=message):
            cr.GameResult.from_dict(broken(change))
    assert cr.GameResult.from_dict(broken(lambda d: None)) == game
    lines = [game.to_json(), "", json.dumps(broken(lambda d: d.update(seed=None)))]
    with pytest.raises(cr.RecordError, match=r"^line 3: seed: expected an integer, got None$"):
        list(cr.load_results(lines))
    with pytest.raises(cr.RecordError, match=r"^not a JSON document: "):
        cr.GameResult.from_json("{")
    with pytest.raises(TypeError, match=r"^load_results reads an open file, not a path"):
        list(cr.load_results("results.jsonl"))
    with pytest.raises(cr.RecordError, match=r"^the value: expected a JSON object, got list$"):
        cr.GameResult.from_dict([])


def test_an_exact_cut_lowers_the_total_in_the_results() -> None:
    variant = cr.LIVERPOOL_CUT
    # R32: a game whose first deal is cut exactly, found from the derived seeds.
    index = next(
        i
        for i in range(10_000)
        if cr.new_game(variant, seed=cr.derive_seed(0, i)).scores != (0,) * 4
    )
    (game,) = cr.simulate(["greedy"] * 4, 1, variant=variant, start=index, workers=1)
    assert cr.GameResult.from_json(game.to_json()) == game
    first = game.rounds[0]
    assert first.exact_cut == (first.dealer - 1) % 4
    assert game.scores[first.exact_cut] == sum(
        played.penalties[first.exact_cut] for played in game.rounds
    ) - variant.cut_bonus * sum(played.exact_cut == first.exact_cut for played in game.rounds)
    _check_game(variant, game)


def test_a_game_over_the_action_cap_fails_at_the_cap() -> None:
    games = cr.simulate(["greedy"] * 4, 3, workers=1, max_actions=50)
    with pytest.raises(RuntimeError, match=r"^game 0 \(seed \d+\) is not over after 50 actions"):
        next(games)
    # Through an executor, the worker's error reaches the reader.
    with ThreadPoolExecutor(2) as pool:
        games = cr.simulate(["random"] * 4, 3, executor=pool, max_actions=10)
        with pytest.raises(RuntimeError, match="is not over after 10 actions"):
            list(games)


def test_a_custom_variant_that_never_ends_fails_at_the_cap() -> None:
    # Without the turn limit or the reshuffle limit (R29), a round of bots that never go
    # out need not end: the cap ends the run instead, at exactly max_actions actions.
    endless = attrs.evolve(cr.PAGAT, name="endless", max_turns=None, max_reshuffles=None)
    seen: list[int] = []

    class Counting:
        def choose(self, view: cr.PlayerView) -> cr.Action:
            seen.append(view.moves)
            legal = cr.legal_actions(view)
            return cr.TakeDiscard() if cr.TakeDiscard() in legal else legal[-1]

    games = cr.simulate([lambda seed: Counting()] * 4, 1, variant=endless, max_actions=2000,
                        workers=1)  # fmt: skip
    with pytest.raises(RuntimeError, match="not over after 2000 actions"):
        next(games)
    assert len(seen) == 2000


# -- the statistics --------------------------------------------------------------------------


def _round(number: int, players: int, draw: Callable[[Any], Any]) -> cr.RoundResult:
    went_down = tuple(draw(st.none() | st.integers(1, 60)) for _ in range(players))
    end = draw(st.sampled_from(cr.RoundEnd))
    return cr.RoundResult(
        number=number,
        dealer=number % players,
        contract=str(cr.PAGAT.contract(number)),
        met_on_deal=tuple(draw(st.booleans()) for _ in range(players)),
        went_down=went_down,
        went_out=0 if end is cr.RoundEnd.WENT_OUT else None,
        end=end,
        penalties=tuple(draw(st.integers(0, 300)) for _ in range(players)),
        buys=tuple(draw(st.integers(0, 5)) for _ in range(players)),
        turns=draw(st.integers(1, 500)),
        actions=draw(st.integers(1, 3000)),
        reshuffles=draw(st.integers(0, 3)),
        exact_cut=None,
    )


@st.composite
def game_results(draw: st.DrawFn, index: int = 0) -> cr.GameResult:
    """Made-up results of pagat games between four greedy bots, for the statistics."""
    rounds = tuple(_round(number, 4, draw) for number in range(1, 8))
    scores = tuple(sum(played.penalties[p] for played in rounds) for p in range(4))
    return cr.GameResult(
        index=index,
        seed=draw(st.integers(0, 2**63 - 1)),
        variant="pagat",
        bots=("greedy",) * 4,
        bot_seeds=(0, 1, 2, 3),
        scores=scores,
        winners=tuple(p for p in range(4) if scores[p] == min(scores)),
        actions=sum(played.actions for played in rounds),
        rounds=rounds,
    )


def _estimates(summary: cr.Summary) -> Iterator[tuple[cr.Estimate, bool]]:
    """Every estimate of a summary, each with whether it is a rate."""
    for seat in summary.seats:
        yield seat.win_rate, True
        yield seat.score, False
    for played in summary.rounds:
        yield played.met_on_deal, True
        yield played.went_down, True
        yield played.turns, False
        for rate in played.ends.values():
            yield rate, True


@pytest.mark.slow
@settings(max_examples=settings().max_examples // 5, deadline=None)  # 10, or 400: 10 games each
@given(games=st.lists(game_results(), min_size=1, max_size=10))
def test_summaries_hold_rates_and_intervals_around_their_estimates(
    games: list[cr.GameResult],
) -> None:
    summary = cr.summarize(games)
    assert summary.games == len(games)
    for estimate, is_rate in _estimates(summary):
        assert estimate.low <= estimate.value <= estimate.high, estimate
        assert estimate.contains(estimate.value)
        if is_rate:
            assert 0 <= estimate.low <= estimate.value <= estimate.high <= 1, estimate
    for seat in summary.seats:
        wins = sum(seat.seat in game.winners for game in games)
        assert seat.wins == wins
        assert seat.win_rate.value == wins / len(games)
        scores = [game.scores[seat.seat] for game in games]
        assert math.isclose(seat.score.value, statistics.fmean(scores))
        if len(games) > 1:
            half = 1.959963984540054 * statistics.stdev(scores) / math.sqrt(len(games))
            assert math.isclose(seat.score.high - seat.score.value, half, abs_tol=1e-9)
        else:
            assert (seat.score.low, seat.score.high) == (-math.inf, math.inf)
    for number, played in enumerate(summary.rounds, start=1):
        rounds = [game.rounds[number - 1] for game in games]
        assert played.number == number
        assert played.rounds == len(games)
        assert played.met_on_deal.value == sum(sum(r.met_on_deal) for r in rounds) / (
            4 * len(games)
        )
        downs = sum(turn is not None for r in rounds for turn in r.went_down)
        assert played.went_down.value == downs / (4 * len(games))
        assert math.isclose(played.turns.value, statistics.fmean(r.turns for r in rounds))
        assert list(played.ends) == list(cr.RoundEnd)
        assert math.isclose(sum(rate.value for rate in played.ends.values()), 1)
    json.dumps(summary.to_dict(), allow_nan=False)


@pytest.mark.slow
@settings(max_examples=settings().max_examples // 5, deadline=None)  # 10, or 400
@given(games=st.lists(game_results(), min_size=2, max_size=8))
def test_a_summarizer_fed_one_game_at_a_time_agrees_with_summarize(
    games: list[cr.GameResult],
) -> None:
    summarizer = cr.Summarizer()
    for count, game in enumerate(games, start=1):
        summarizer.add(game)
        assert summarizer.games == count
        assert summarizer.summary() == cr.summarize(games[:count])


def test_a_summary_of_real_games() -> None:
    games = cr.simulate(["greedy", "greedy", "random", "random"], 8, seed=4, workers=1)
    summary = cr.summarize(games)
    assert summary.variant == "pagat"
    assert [seat.bot for seat in summary.seats] == ["greedy", "greedy", "random", "random"]
    assert sum(seat.wins for seat in summary.seats) >= 8  # shared wins count for each
    # Greedy bots go down far more often than random ones, and score less.
    greedy, rand = summary.seats[0], summary.seats[2]
    assert greedy.score.value < rand.score.value
    assert [played.contract for played in summary.rounds] == [
        str(cr.PAGAT.contract(n)) for n in range(1, 8)
    ]
    for estimate, _ in _estimates(summary):
        assert estimate.low <= estimate.value <= estimate.high


def test_wilson_intervals_match_known_values() -> None:
    seven = cr.Estimate.rate(7, 10)
    assert (round(seven.low, 4), round(seven.high, 4)) == (0.3968, 0.8922)
    none, every = cr.Estimate.rate(0, 10), cr.Estimate.rate(10, 10)
    assert (none.value, none.low) == (0, 0)
    assert 0 < none.high < 1
    assert (every.value, every.high) == (1, 1)
    assert 0 < every.low < 1
    one = cr.Estimate.mean(1, 5.0, 0.0)
    assert (one.low, one.high) == (-math.inf, math.inf)
    assert one.to_dict() == {"value": 5.0, "low": None, "high": None}
    with pytest.raises(ValueError, match="trials must be at least 1"):
        cr.Estimate.rate(0, 0)
    with pytest.raises(ValueError, match=r"hits must be in 0\.\.3"):
        cr.Estimate.rate(4, 3)


def test_a_summarizer_refuses_games_of_other_rules_or_bots() -> None:
    with pytest.raises(ValueError, match="no game has been added"):
        cr.Summarizer().summary()
    with pytest.raises(ValueError, match="no game has been added"):
        cr.summarize([])
    with pytest.raises(TypeError, match="expected a GameResult"):
        cr.Summarizer().add({"index": 0})  # type: ignore[arg-type]
    (game,) = cr.simulate(["greedy"] * 4, 1, workers=1)
    summarizer = cr.Summarizer()
    summarizer.add(game)
    with pytest.raises(ValueError, match="bots"):
        summarizer.add(attrs.evolve(game, bots=("random",) * 4))
    with pytest.raises(ValueError, match="liverpool"):
        summarizer.add(attrs.evolve(game, variant="liverpool"))
    with pytest.raises(ValueError, match="other rounds"):
        summarizer.add(attrs.evolve(game, rounds=game.rounds[:3]))
    assert summarizer.games == 1


def test_custom_rules_under_a_presets_name_are_not_summed_up_with_the_presets_games() -> None:
    no_buying = attrs.evolve(cr.PAGAT, max_buys=0)
    assert no_buying.name == "pagat"
    (preset,) = cr.simulate(["greedy"] * 4, 1, workers=1)
    (custom,) = cr.simulate(["greedy"] * 4, 1, workers=1, variant=no_buying)
    assert preset.rules is None
    assert custom.rules == rules_fingerprint(no_buying) == "8a0fe989a45dc11a"
    greedy = "with bots ['greedy', 'greedy', 'greedy', 'greedy']"
    with pytest.raises(ValueError, match=r"^game 0 is pagat") as raised:
        cr.summarize([preset, custom])
    assert str(raised.value) == (
        f"game 0 is pagat (rules 8a0fe989a45dc11a, not the preset's) {greedy}, but the games "
        f"summed up are pagat {greedy}"
    )
    with pytest.raises(ValueError, match=r"summed up are pagat \(rules 8a0fe989a45dc11a, not"):
        cr.summarize([custom, preset])
    # Two sets of custom rules of one name: told apart by their fingerprints alone.
    house, other = (attrs.evolve(no_buying, name="house", buy_penalty=n) for n in (1, 2))
    (one,) = cr.simulate(["greedy"] * 4, 1, workers=1, variant=house)
    (two,) = cr.simulate(["greedy"] * 4, 1, workers=1, variant=other)
    message = f"is house (rules {two.rules}) {greedy}, but the games summed up are house (rules "
    with pytest.raises(ValueError, match=re.escape(message)):
        cr.summarize([one, two])
    summary = cr.summarize([custom, custom])
    assert (summary.variant, summary.rules, summary.games) == ("pagat", custom.rules, 2)
    assert summary.rule_set == "pagat (rules 8a0fe989a45dc11a, not the preset's)"
    assert summary.to_dict()["rules"] == custom.rules
    assert cr.summarize([one]).rule_set == "house"  # its own name tells it apart
    assert "rules" not in cr.summarize([preset]).to_dict()
    assert cr.summarize([preset]).rule_set == "pagat"


def test_a_results_line_keeps_the_fingerprint_of_rules_that_are_not_a_presets() -> None:
    (preset,) = cr.simulate(["greedy"] * 4, 1, workers=1)
    (custom,) = cr.simulate(
        ["greedy"] * 4, 1, workers=1, variant=attrs.evolve(cr.PAGAT, max_buys=0)
    )
    assert "rules" not in preset.to_dict()  # a preset's line is as it was before rules
    assert cr.GameResult.from_json(preset.to_json()) == preset
    document = custom.to_dict()
    assert list(document)[:4] == ["index", "seed", "variant", "rules"]
    assert cr.GameResult.from_json(custom.to_json()) == custom
    for bad, message in [
        ("8A0FE989A45DC11A", "expected 16 hexadecimal digits, got '8A0FE989A45DC11A'"),
        ("8a0f", "expected 16 hexadecimal digits, got '8a0f'"),
        (16, "expected a string, got 16"),
    ]:
        with pytest.raises(cr.RecordError, match=f"^rules: {re.escape(message)}$"):
            cr.GameResult.from_dict({**document, "rules": bad})
    assert cr.GameResult.from_dict({**document, "rules": None}) == attrs.evolve(custom, rules=None)


def test_a_rules_fingerprint_tells_apart_every_knob_and_nothing_else() -> None:
    assert all(rules_fingerprint(variant) is None for variant in cr.VARIANTS.values())
    base = attrs.evolve(cr.PAGAT, name="house")
    changed = [
        attrs.evolve(base, max_buys=2),
        attrs.evolve(base, buy_penalty=2),
        attrs.evolve(base, jokers=2),
        attrs.evolve(base, wild_ranks={cr.Rank.TWO}),
        attrs.evolve(base, name="home"),
        attrs.evolve(cr.PAGAT, max_buys=2),
    ]
    prints = [rules_fingerprint(variant) for variant in [base, *changed]]
    assert len(set(prints)) == len(prints)
    assert all(isinstance(p, str) and len(p) == 16 for p in prints)
    # Equal rules, made apart, give the same fingerprint.
    assert rules_fingerprint(attrs.evolve(cr.PAGAT, name="house")) == prints[0]


# -- streaming -------------------------------------------------------------------------------


class _Counting(Executor):
    """A pool's executor that counts the games of the chunks submitted to it."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.games = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.games += args[-1]  # play_chunk(plan, first, count)
        return self.executor.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.executor.shutdown(wait=wait, cancel_futures=cancel_futures)


class _WatchedPool(ProcessPool):
    """A run's pool of processes that keeps its worker processes and counts its stops."""

    made: list[_WatchedPool] = []  # noqa: RUF012 - the test's own record

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        pool = self.executor
        assert isinstance(pool, ProcessPoolExecutor)
        self.pool = pool
        self.counting = _Counting(pool)
        self.executor = self.counting
        self.stops = 0
        self.workers: list[Any] = []
        _WatchedPool.made.append(self)

    @property
    def games(self) -> int:
        """How many games the chunks submitted so far play."""
        return self.counting.games

    def stop(self) -> None:
        self.workers = list(self.pool._processes.values())
        self.stops += 1
        super().stop()


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> list[_WatchedPool]:
    _WatchedPool.made = []
    monkeypatch.setattr(_dispatch, "ProcessPool", _WatchedPool)
    return _WatchedPool.made


def test_the_first_result_of_a_huge_run_comes_at_once_and_closing_ends_the_pool(
    watched: list[_WatchedPool],
) -> None:
    with cr.simulate(["greedy"] * 4, 1_000_000, workers=2) as games:
        first = next(games)
        second = next(games)
        (pool,) = watched
        # The first results come from the first small tasks, not from the whole run.
        assert 0 < pool.games < 1_000
    assert (first.index, second.index) == (0, 1)
    assert pool.stops == 1
    assert pool.workers
    assert not any(worker.is_alive() for worker in pool.workers)
    with pytest.raises(StopIteration):
        next(games)


def test_an_abandoned_simulation_shuts_its_pool_down(watched: list[_WatchedPool]) -> None:
    games = cr.simulate(["greedy"] * 4, 1_000_000, workers=2)
    assert not watched  # nothing starts before the first result is asked for
    assert next(games).index == 0
    del games
    gc.collect()
    (pool,) = watched
    assert pool.stops == 1
    assert not any(worker.is_alive() for worker in pool.workers)


def test_a_finished_run_shuts_its_pool_down(watched: list[_WatchedPool]) -> None:
    assert len(list(cr.simulate(["random"] * 4, 5, workers=2))) == 5
    (pool,) = watched
    assert pool.stops == 1


class _Spy(Executor):
    """An executor that plays chunks in a thread pool and counts what is in flight."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.futures: list[Future[list[cr.GameResult]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self.pool.submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_chunks_in_flight_are_bounded_and_cancelled_on_close() -> None:
    spy = _Spy()
    with spy:
        games = cr.simulate(["random"] * 4, 10_000, executor=spy, workers=2, chunk_size=1)
        for read in range(1, 13):
            assert next(games).index == read - 1
            # One game a chunk: the chunks sent are those read and at most 4 a worker more.
            assert read < len(spy.futures) <= read + IN_FLIGHT * 2
        games.close()
        # Every chunk not yet started is cancelled; each thread may be running one.
        unread = spy.futures[12:]
        assert len(unread) == IN_FLIGHT * 2
        assert sum(future.cancelled() for future in unread) >= len(unread) - 4
        assert len(spy.futures) <= 12 + IN_FLIGHT * 2
        # The caller's executor is still open.
        assert spy.submit(sum, (1, 2)).result() == 3


def test_chunks_grow_then_shrink_and_cover_every_game_once() -> None:
    for start, games, largest, workers in [(0, 200, 32, 2), (5, 10_000, 32, 8), (0, 3, 32, 2)]:
        sizes = list(chunks(start, games, largest, workers))
        covered = [index for first, count in sizes for index in range(first, first + count)]
        assert covered == list(range(start, start + games))
        counts = [count for _, count in sizes]
        assert counts[0] == counts[-1] == 1
        assert max(counts) <= largest
    assert len(list(chunks(0, 10_000, 32, 2))) < 400  # ~30 games a chunk


def test_a_stopped_worker_stops_its_chunk_between_two_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan = Plan(("random",) * 4, cr.PAGAT, seed=1, max_actions=cr.simulation.DEFAULT_MAX_ACTIONS)
    assert [game.index for game in play_chunk(plan, 3, 2)] == [3, 4]
    monkeypatch.setattr(_executors._Worker, "interrupted", True)  # as Ctrl-C leaves it
    with pytest.raises(KeyboardInterrupt, match="the run was stopped before game 3"):
        play_chunk(plan, 3, 2)


def test_stopping_a_pool_stops_the_chunk_each_worker_is_playing() -> None:
    """A chunk far longer than the test is stopped a game or so after the pool is."""
    plan = Plan(("greedy",) * 4, cr.PAGAT, seed=1, max_actions=cr.simulation.DEFAULT_MAX_ACTIONS)
    pool = ProcessPool(1)
    assert [game.index for game in pool.executor.submit(play_chunk, plan, 0, 1).result()] == [0]
    long = pool.executor.submit(play_chunk, plan, 1, 2000)
    later = [pool.executor.submit(play_chunk, plan, first, 2000) for first in (2001, 4001)]
    # Running once handed to the worker's queue, from where it can no longer be cancelled.
    for _ in range(1000):
        if long.running():
            break
        time.sleep(0.01)
    else:
        pytest.fail("the pool never took the chunk")
    pool.stop()
    error = long.exception()
    assert isinstance(error, KeyboardInterrupt)
    stopped_before = int(str(error).rsplit(" ", 1)[1])
    assert 1 <= stopped_before < 2001  # not the whole chunk
    # Each later chunk was cancelled, or stopped before its first game if it had been handed
    # to the worker already.
    for future, first in zip(later, (2001, 4001), strict=True):
        if not future.cancelled():
            assert str(future.exception()) == f"the run was stopped before game {first}"


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"bots": ["greedy"] * 3}, ValueError, "R1: pagat is played by 4 players, not 3"),
        ({"bots": ["greedy"] * 5}, ValueError, "R1: pagat is played by 4 players, not 5"),
        (
            {"bots": ["greedy"] * 9, "variant": cr.PROGRESSIVE},
            ValueError,
            "R1: progressive is played by 3-8 players, not 9",
        ),
        (
            {"bots": ["greedy"] * 3 + ["clever"]},
            ValueError,
            r"bots\[3\]: no bot is called 'clever'",
        ),
        ({"bots": "greedy"}, TypeError, "bots must be a sequence with one bot per seat"),
        (
            {"bots": ["greedy"] * 3 + [7]},
            TypeError,
            r"bots\[3\] must be a bot's name or a factory",
        ),
        ({"games": -1}, ValueError, "games must not be negative, got -1"),
        ({"games": 2.5}, TypeError, "games must be an int"),
        ({"games": True}, TypeError, "games must be an int"),
        ({"seed": -3}, ValueError, "seed must not be negative"),
        ({"start": -1}, ValueError, "start must not be negative"),
        ({"workers": 0}, ValueError, "workers must be at least 1"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be at least 1"),
        ({"max_actions": 0}, ValueError, "max_actions must be at least 1"),
        ({"variant": "snap"}, ValueError, "no variant is called 'snap'; the variants are"),
        ({"variant": 7}, TypeError, "variant must be a Variant or a preset's name, got 7"),
        ({"executor": "pool"}, TypeError, "executor must be a concurrent.futures.Executor"),
        (
            {"bots": ["greedy", "greedy", "greedy", lambda seed: cr.GreedyBot()], "workers": 2},
            TypeError,
            r"bots\[3\], .*cannot be sent to worker processes",
        ),
    ],
)
def test_bad_arguments_are_refused_at_once(
    arguments: dict[str, Any], error: type[Exception], message: str, watched: list[_WatchedPool]
) -> None:
    call: dict[str, Any] = {"bots": ["greedy"] * 4, "games": 3, **arguments}
    with pytest.raises(error, match=message):
        cr.simulate(**call)
    assert not watched  # refused before any pool started


def test_no_games_is_an_empty_run() -> None:
    assert list(cr.simulate(["greedy"] * 4, 0, workers=1)) == []
    assert list(cr.simulate(["greedy"] * 4, 0, workers=2)) == []


def test_a_lambda_factory_plays_in_this_process_and_in_threads() -> None:
    bots: list[BotSpec] = [lambda seed: cr.RandomBot(seed=seed)] * 4
    here = list(cr.simulate(bots, 2, seed=5, workers=1))
    with ThreadPoolExecutor(2) as pool:
        assert list(cr.simulate(bots, 2, seed=5, executor=pool)) == here
    assert here[0].bots == ("<lambda>",) * 4
    named = list(cr.simulate([cr.RandomBot] * 4, 2, seed=5, workers=1))
    assert named[0].bots == ("RandomBot",) * 4
    assert [attrs.evolve(game, bots=named[0].bots) for game in here] == named


def test_a_simulation_describes_itself() -> None:
    games = cr.simulate(["greedy", "random", cr.RandomBot, cautious], 5, seed=2, start=3)
    assert (games.games, games.start, games.seed, games.variant) == (5, 3, 2, cr.PAGAT)
    assert games.bots == ("greedy", "random", "RandomBot", "cautious")
    assert repr(games) == (
        "<Simulation of 5 pagat games from game 3, seed 2, bots greedy, random, RandomBot, "
        "cautious>"
    )
    games.close()
    with pytest.raises(StopIteration):
        next(games)


def test_a_pool_is_refused_for_programs_worker_processes_cannot_import() -> None:
    """A program read from standard input, or a bot defined at a prompt, gets a clear error."""
    from_stdin = subprocess.run(
        [sys.executable, "-"],
        input="import contract_rummy as cr\nlist(cr.simulate(['greedy'] * 4, 2, workers=2))\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert from_stdin.returncode == 1
    assert "TypeError: worker processes cannot start from a program read from <stdin>" in (
        from_stdin.stderr
    )
    at_prompt = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import contract_rummy as cr\n"
                "class Mine(cr.GreedyBot): pass\n"
                "list(cr.simulate([Mine] * 4, 2, workers=2))\n"
            ),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert at_prompt.returncode == 1
    assert "is defined in an interactive session" in at_prompt.stderr


def test_a_script_without_a_main_guard_is_told_why_its_workers_broke(tmp_path: Path) -> None:
    """Each worker imports the script again; unguarded, its simulate() call breaks the pool."""
    script = tmp_path / "unguarded.py"
    script.write_text(
        "import contract_rummy as cr\n"
        "print(len(list(cr.simulate(['greedy'] * 4, 4, seed=1, workers=2))))\n"
    )
    ran = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 1
    # The last error's line: the pool's own error is its cause, and the interpreter may
    # warn after it of semaphores the broken pool left behind.
    error = [
        line
        for line in ran.stderr.splitlines()
        if line.startswith("concurrent.futures.process.BrokenProcessPool:")
    ][-1]
    assert error.startswith("concurrent.futures.process.BrokenProcessPool: a worker process ended")
    assert 'must keep that call under if __name__ == "__main__":' in error
    # The same script, guarded, plays its games.
    script.write_text(
        "import contract_rummy as cr\n"
        "if __name__ == '__main__':\n"
        "    print(len(list(cr.simulate(['greedy'] * 4, 4, seed=1, workers=2))))\n"
    )
    guarded = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True
    )
    assert guarded.stdout == "4\n"


@pytest.mark.parametrize(
    ("cls", "name"), [(cr.GreedyBot, "greedy"), (cr.HeuristicBot, "heuristic")]
)
def test_a_bot_class_that_takes_no_seed_plays_as_its_name(cls: type[cr.Bot], name: str) -> None:
    # Called with the seed, the class would take it as max_buys and play another bot.
    by_class = list(cr.simulate([cls] * 4, 4, seed=1, workers=1))
    by_name = list(cr.simulate([name] * 4, 4, seed=1, workers=1))
    assert [game.scores for game in by_class] == [game.scores for game in by_name]
    assert by_class[0].bots == (cls.__name__,) * 4


def test_a_bot_class_takes_the_seed_by_name_or_as_its_argument() -> None:
    made: list[tuple[str, object]] = []

    class Seeded(cr.GreedyBot):
        def __init__(self, depth: int = 1, seed: int = 0) -> None:
            super().__init__()
            made.append(("seed", seed))

    class Needs(cr.GreedyBot):
        def __init__(self, rng: int) -> None:
            super().__init__()
            made.append(("rng", rng))

    class Defaulted(cr.RandomBot):  # no `seed` of its own to read: called with the seed
        def __init__(self, rng_seed: int = 0) -> None:
            super().__init__(seed=rng_seed)
            made.append(("rng_seed", rng_seed))

    class Passing(cr.RandomBot):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            made.append(("args", self.seed))

    (game,) = cr.simulate([Seeded, Needs, Defaulted, Passing], 1, seed=3, workers=1)
    assert made == [
        ("seed", game.bot_seeds[0]),
        ("rng", game.bot_seeds[1]),
        ("rng_seed", game.bot_seeds[2]),
        ("args", game.bot_seeds[3]),
    ]


def test_a_class_of_a_bot_that_takes_no_seed_is_made_with_nothing() -> None:
    class Cautious(cr.GreedyBot):
        def __init__(self, max_buys: int = 0) -> None:
            super().__init__(max_buys=max_buys)

    (game,) = cr.simulate([Cautious, "greedy", "greedy", "greedy"], 1, seed=3, workers=1)
    assert sum(played.buys[0] for played in game.rounds) == 0  # max_buys=0, not the seed


def test_a_bot_is_refused_as_a_seat_of_a_run_and_told_what_to_pass() -> None:
    message = r"bots\[0\] is a bot, GreedyBot\(.*\), but each game makes its own: pass its name"
    with pytest.raises(TypeError, match=message):
        cr.simulate([cr.GreedyBot(), "greedy", "greedy", "greedy"], 1, workers=1)  # type: ignore[list-item]


class _Passer:
    """A bot that always passes: illegal as soon as a player must draw (R13)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: cr.PlayerView) -> cr.Action:
        return cr.Pass()


def test_a_bots_refused_action_says_which_game_of_the_run_it_was() -> None:
    with pytest.raises(cr.IllegalActionError, match=r"^R13: ") as refused:
        list(cr.simulate([_Passer] * 4, 3, seed=5, start=2, workers=1))
    whose, note = refused.value.__notes__  # the game loop's, then the run's
    assert whose.startswith("chosen by the bot of player ")
    seed = cr.simulation.derive_seed(5, 2)
    assert note.startswith(f"in game 2 of the run (seed {seed}; bot seeds [")
