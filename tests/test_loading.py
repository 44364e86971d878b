"""Loading refuses what cannot happen: bad documents written as a user would write them.

Each test takes a real game's JSON (:func:`~contract_rummy.to_dict` of a state it reached,
or a record of it), changes one thing, and checks that loading refuses it citing the rule:

- R28: a finished game whose winners are not the players holding the lowest total (or
  that leaves out a tied player where the variant shares wins, or keeps one the tie-break
  of R34 puts out);
- R25: a finished round whose penalties are not what the hands left are worth; the hands
  :func:`~contract_rummy.determinize` deals behind a finished round's view are worth the
  view's penalties;
- R19, R21: a buy window whose queue skips a player who must be asked;
- a record's ``start`` written with its ``"version"``, as :func:`~contract_rummy.to_dict`
  writes a state (and as docs/records.rst says), loads.

And every valid document still loads: the states and records of random games of every
preset.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import records

#: A whole game longer than this is a bug: every preset's random games end well before it.
CAP: Final = 50_000
SOME: Final = max(10, settings().max_examples // 5)


def _json(value: object) -> Any:
    """``to_dict(value)`` as it comes back from a JSON text."""
    return json.loads(json.dumps(cr.to_dict(value)))


def _random_states(
    variant: cr.Variant, seed: int, players: int | None = None
) -> Iterator[cr.RoundState]:
    """The states of a game of seeded uniform random choices, to its end."""
    rng = random.Random(seed)
    state = cr.new_game(variant, seed=seed, players=players)
    yield state
    for _ in range(CAP):
        if state.phase is cr.Phase.GAME_OVER:
            return
        legal = cr.legal_actions(state)
        state = cr.apply(state, legal[rng.randrange(len(legal))])
        yield state
    raise AssertionError(f"a game of {variant.name} outlasted {CAP} actions")


def _first(
    variant: cr.Variant, until: Callable[[cr.RoundState], bool], players: int | None = None
) -> cr.RoundState:
    """The first state of a seeded random game (trying seeds in turn) for which ``until`` holds."""
    for seed in range(50):
        for state in _random_states(variant, seed, players):
            if until(state):
                return state
    raise AssertionError(f"no game of {variant.name} reached the state wanted")


def _game_over(variant: cr.Variant = cr.PAGAT, seed: int = 1) -> cr.RoundState:
    """The last state of a greedy game."""
    state = cr.new_game(variant, seed=seed)
    bot = cr.GreedyBot()
    for _ in range(CAP):
        if state.phase is cr.Phase.GAME_OVER:
            return state
        state = cr.apply(state, bot.choose(state))
    raise AssertionError(f"a greedy game of {variant.name} outlasted {CAP} actions")


def _went_out() -> cr.RoundState:
    """The end of the first round of a greedy game: a player went out."""
    state = cr.new_game(seed=1)
    bot = cr.GreedyBot()
    for _ in range(CAP):
        if state.phase is cr.Phase.ROUND_OVER:
            assert not all(state.hands)
            return state
        state = cr.apply(state, bot.choose(state))
    raise AssertionError(f"a greedy round outlasted {CAP} actions")


def _refused(data: Any, message: str) -> None:
    with pytest.raises(cr.RecordError, match=message):
        cr.from_dict(data, cr.RoundState)


# == R28: the winners ===========================================================================


def test_r28_a_finished_game_whose_winners_do_not_hold_the_lowest_total_is_refused() -> None:
    data = _json(_game_over())
    assert cr.from_dict(data) == _game_over()
    (winner,) = data["winners"]
    loser = max(range(4), key=lambda p: data["scores"][p])
    data["winners"] = [loser]
    _refused(data, r"^R28: winners must be the players with the lowest total")
    data["winners"] = [winner, loser]
    _refused(data, r"^R28: winners must be the players with the lowest total")


def test_r28_a_finished_game_that_leaves_out_a_tied_player_is_refused() -> None:
    data = _json(_game_over())
    (winner,) = data["winners"]
    other = (winner + 1) % 4
    # Two players tied for the lowest total share the win (pagat): both must be named.
    data["scores"][other] = data["scores"][winner]
    _refused(data, r"^R28: winners must be the players with the lowest total")
    data["winners"] = sorted([winner, other])
    assert cr.from_dict(data, cr.RoundState).winners == (min(winner, other), max(winner, other))


def test_r28_r34_a_tie_broken_by_the_last_round_names_only_the_lower_last_round() -> None:
    state = _game_over(cr.PROGRESSIVE)
    data = _json(state)
    (winner,) = data["winners"]
    penalties = data["penalties"]
    other = next(p for p in range(state.players) if penalties[p] != penalties[winner])
    data["scores"][other] = data["scores"][winner]
    lower = min((winner, other), key=lambda p: penalties[p])
    data["winners"] = sorted([winner, other])
    _refused(data, r"^R28: winners must be the players with the lowest total")
    data["winners"] = [lower]
    assert cr.from_dict(data, cr.RoundState).winners == (lower,)


# == R25, R26: the penalties ====================================================================


def _round_over(variant: cr.Variant = cr.PAGAT) -> cr.RoundState:
    return _first(variant, lambda s: s.phase is cr.Phase.ROUND_OVER and sum(map(len, s.hands)) > 0)


def test_r25_a_finished_round_whose_penalties_do_not_match_the_hands_is_refused() -> None:
    state = _round_over()
    data = _json(state)
    holder = next(p for p in range(state.players) if state.hands[p])
    data["penalties"][holder] += 5
    data["scores"][holder] += 5
    _refused(data, rf"^R25: penalties\[{holder}\] must be what hands\[{holder}\] is worth")
    # The player who went out holds nothing, and scores nothing.
    data = _json(_went_out())
    empty = data["hands"].index([])
    data["penalties"][empty] = 10
    _refused(data, rf"^R25: penalties\[{empty}\] must be what hands\[{empty}\] is worth")


def test_r25_a_finished_games_penalties_must_match_the_hands_too() -> None:
    state = _game_over()
    data = _json(state)
    holder = next(p for p in range(state.players) if state.hands[p])
    data["penalties"][holder] -= 1
    _refused(data, r"^R25: penalties")


@pytest.mark.parametrize("name", ["pagat", "progressive", "california", "deuces-wild"])
def test_r25_determinize_deals_hands_worth_a_finished_rounds_penalties(name: str) -> None:
    variant = cr.VARIANTS[name]
    state = _round_over(variant)
    worth = variant.penalty
    for player in range(state.players):
        seen = cr.view(state, player)
        assert cr.from_dict(_json(seen), cr.PlayerView) == seen
        for seed in range(3):
            guess = cr.determinize(seen, seed)
            assert cr.view(guess, player) == seen
            assert tuple(sum(map(worth, hand)) for hand in guess.hands) == state.penalties
            assert cr.from_dict(_json(guess), cr.RoundState) == guess


# == R19, R21: the buy queue ====================================================================


def _buy_window(variant: cr.Variant = cr.PAGAT) -> cr.RoundState:
    """A state of a buy window with two players or more still to be asked after ``to_act``."""
    return _first(variant, lambda s: s.phase is cr.Phase.BUY and len(s.window.queue) >= 2)


def test_r19_a_buy_window_whose_queue_skips_a_player_who_may_buy_is_refused() -> None:
    data = _json(_buy_window())
    skipped = data["window"]["queue"].pop(0)
    _refused(data, rf"^R19, R21: .* skips player {skipped}, .* must be asked")


def test_r19_r21_a_buy_queue_that_leaves_out_the_discarder_buying_back_is_refused() -> None:
    # R21: the player who discarded the card may buy it back, asked last.
    state = _first(
        cr.PAGAT,
        lambda s: (
            s.phase is cr.Phase.BUY
            and bool(s.window.queue)
            and s.window.queue[-1] == s.discarded_by[-1]
        ),
    )
    data = _json(state)
    skipped = data["window"]["queue"].pop()
    _refused(data, rf"^R19, R21: .* skips player {skipped}, .* must be asked")


def test_r19_a_buy_queue_may_have_lost_the_players_who_passed() -> None:
    state = _buy_window()
    passed = cr.apply(state, cr.Pass())
    assert passed.phase is cr.Phase.BUY
    assert cr.from_dict(_json(passed), cr.RoundState) == passed


# == the record's first state ===================================================================


def _puzzle_record() -> records.GameRecord:
    """A record of a game that starts from a puzzle (:func:`start_round`): ``start`` is set."""
    dealt = cr.new_game(seed=5)
    puzzle = cr.start_round(
        round_number=3, dealer=1, hands=dealt.hands, stock=dealt.stock, discard=dealt.discard
    )
    recorder = records.Recorder(puzzle)
    bot = cr.GreedyBot()
    for _ in range(12):
        recorder.apply(bot.choose(recorder.state))
    return recorder.record()


def test_a_records_start_written_as_to_dict_writes_it_loads() -> None:
    record = _puzzle_record()
    assert record.start is not None
    document = json.loads(records.dumps(record))
    # records.rst: the first state, as to_dict writes it, in ``start``.
    document["start"] = _json(record.start)
    assert document["start"]["version"] == 1
    assert records.loads(json.dumps(document)) == record
    # Written without its version (as dumps writes it), it loads too.
    del document["start"]["version"]
    assert records.loads(json.dumps(document)) == record


@pytest.mark.parametrize("version", [2, "1", True, None])
def test_a_records_start_of_another_version_is_refused(version: object) -> None:
    record = _puzzle_record()
    document = json.loads(records.dumps(record))
    document["start"]["version"] = version
    with pytest.raises(cr.RecordError, match=r"^start\.version: this library reads"):
        records.loads(json.dumps(document))


# == every valid document still loads ===========================================================


@pytest.mark.slow
@settings(max_examples=SOME, deadline=None)
@given(name=st.sampled_from(sorted(cr.VARIANTS)), seed=st.integers(0, 2**32), data=st.data())
def test_every_state_and_record_of_a_random_game_of_every_preset_loads(
    name: str, seed: int, data: st.DataObject
) -> None:
    variant = cr.VARIANTS[name]
    players = data.draw(st.integers(variant.min_players, variant.max_players))
    # One seeded game of uniform random choices, played through a recorder.
    recorder = records.Recorder(cr.new_game(variant, seed=seed, players=players), seed=seed)
    states = [recorder.state]
    rng = random.Random(seed)
    for _ in range(CAP):
        if recorder.state.phase is cr.Phase.GAME_OVER:
            break
        legal = cr.legal_actions(recorder.state)
        recorder.apply(legal[rng.randrange(len(legal))])
        states.append(recorder.state)
    else:
        raise AssertionError(f"a game of {name} outlasted {CAP} actions")
    # Some states of every stretch of the game, with every finished round and some buy
    # windows (R19, R21), and their views and the states determinize deals behind them.
    buying = [s for s in states if s.phase is cr.Phase.BUY]
    for state in (
        states[:: max(1, len(states) // 40)]
        + buying[:: max(1, len(buying) // 40)]
        + [s for s in states if s.penalties is not None]
    ):
        assert cr.from_dict(_json(state), cr.RoundState) == state
        seen = cr.view(state, data.draw(st.integers(0, players - 1)))
        assert cr.from_dict(_json(seen), cr.PlayerView) == seen
        guess = cr.determinize(seen, seed)
        assert cr.from_dict(_json(guess), cr.RoundState) == guess
    record = recorder.record()
    assert records.loads(records.dumps(record)) == record
