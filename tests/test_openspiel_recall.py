"""The OpenSpiel game's information states: each player's history, with perfect recall."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import outcome_sampling_mccfr

import contract_rummy as cr
import contract_rummy.openspiel as crs
from scenario import deal

EIGHT: tuple[str, ...] = ("4C 5C 6C 7H 8H 9H 10S JS", "2C 2D 2H 4D 5D 6D 7D 8D")
HANDS: tuple[str, ...] = (
    f"AC 3D {EIGHT[0]}",
    f"QC KC {EIGHT[1]}",
    "9C 9D 10C 10D 10H JC JD JH QD QH",
    "KD KH KS QS AD AH AS 3C 3H 3S",
)


def load(**params: str | int) -> Any:
    return pyspiel.load_game(crs.GAME_NAME, {"rounds": 1, "shuffle": "seeded", **params})


def started(engine: cr.RoundState) -> Any:
    """An OpenSpiel state of a game that starts at ``engine``."""
    state = load().new_initial_state()
    state._restart(engine)
    return state


def act(state: Any, text: str) -> None:
    """Play the legal action written ``text``."""
    named = {state.action_to_string(action): action for action in state.legal_actions()}
    assert text in named, f"{text} is not legal; the legal actions are {sorted(named)}"
    state.apply_action(named[text])


def discarded_and_taken(card: str) -> Any:
    """Player 0 draws and discards ``card``; player 1 takes it from the discard pile."""
    state = started(deal(*HANDS, stock="8C 9S 4H", discard="5H"))
    act(state, "DrawStock")
    while state.round_state.phase is cr.Phase.BUY:
        act(state, "Pass")
    act(state, f"Discard {card}")
    act(state, "TakeDiscard")
    return state


def test_every_player_remembers_which_card_was_discarded_and_taken() -> None:
    """A discarded AC taken by the next player, against a 3D: every history differs."""
    ace, three = discarded_and_taken("AC"), discarded_and_taken("3D")
    for player in range(4):
        assert ace.information_state_string(player) != three.information_state_string(player)
    assert "0: Discard AC" in ace.information_state_string(2)
    assert "1: TakeDiscard" in three.information_state_string(3)


def test_cards_hidden_from_a_player_leave_their_history_alone() -> None:
    """Two deals that differ in one card of player 2's hand (the other copy in the stock)."""
    hands = list(HANDS)
    other = list(hands)
    other[2] = hands[2].replace("9C", "4S")
    games = [started(deal(*given, stock="8C 9S 4H")) for given in (hands, other)]
    for state in games:
        act(state, "DrawStock")
        while state.round_state.phase is cr.Phase.BUY:
            act(state, "Pass")
        act(state, "Discard AC")
        act(state, "DrawStock")
    first, second = games
    for player in (0, 1, 3):
        assert first.information_state_string(player) == second.information_state_string(player)
    assert first.information_state_string(2) != second.information_state_string(2)


def _random_round(game: Any, seed: int) -> Any:
    """The states of a random round, chance and players at random, in order."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    for _ in range(game.max_game_length() + game.max_chance_nodes_in_history()):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state
    raise AssertionError("the round did not end within the game's bounds")


def test_an_information_state_determines_the_players_observations_and_actions() -> None:
    """Perfect recall: one string, one sequence of what the player saw and did.

    At each of a player's decisions, their information state extends the one at their
    decision before, and equal strings (the deals of two games are the same, and so, for a
    while, are the players' choices) come with equal sequences of observations and actions.
    """
    game = pyspiel.load_game(crs.GAME_NAME, {"rounds": 1, "variant": "liverpool", "players": 3})
    sequences: dict[str, tuple[str, ...]] = {}
    for seed in (1, 1, 2):
        seen: list[list[str]] = [[] for _ in range(3)]
        last: list[str] = ["" for _ in range(3)]
        for state in _random_round(game, seed):
            for player in range(3):
                observed = state.observation_string(player)
                if not seen[player] or seen[player][-1] != observed:
                    seen[player].append(observed)
            if state.is_terminal() or state.is_chance_node():
                continue
            player = state.current_player()
            information = state.information_state_string(player)
            assert information.startswith(last[player])
            last[player] = information
            done = tuple(seen[player])
            assert sequences.setdefault(information, done) == done
    assert len(sequences) > 100


def _iterate(solver: Any, times: int) -> None:
    for _ in range(times):
        solver.iteration()


@pytest.mark.slow
def test_outcome_sampling_mccfr_learns_a_policy_over_these_information_states() -> None:
    """OpenSpiel's outcome-sampling MCCFR on a seeded round of pagat (see the package's docs).

    Buying is not capped in pagat, so its rounds end soon under sampled play (R27, R29),
    and the product of the sampling probabilities of an episode stays within a float's range.
    """
    game = load(seed=3)
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(all="raise"):  # an underflow would be a FloatingPointError
        _iterate(solver, 25)
    table = solver._infostates
    assert len(table) > 10_000
    assert all(np.isfinite(values).all() for values in table.values())
    average = solver.average_policy()
    # The policy is keyed by the information states of the game's states.
    state = game.new_initial_state()
    found = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.information_state_string(player) in table:
            found += 1
            shown = average.action_probabilities(state)
            assert sorted(shown) == state.legal_actions()
            assert sum(shown.values()) == pytest.approx(1.0)
        state.apply_action(state.legal_actions()[0])
    assert found > 0


@pytest.mark.slow
def test_outcome_sampling_mccfr_underflows_over_the_long_rounds_of_liverpool() -> None:
    """Without buying, sampled rounds run until the stock runs dry (R27, R29): 600-1000 steps.

    The product of an episode's sampling probabilities falls below a float's range, as the
    package's docs say; under ``np.errstate(all="raise")`` the solver stops there.
    """
    game = load(variant="liverpool", players=3, seed=1)
    assert not game.variant.buying
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(all="raise"), pytest.raises(FloatingPointError, match=r"^underflow"):
        _iterate(solver, 10)
    assert all(np.isfinite(values).all() for values in solver._infostates.values())


def test_a_state_and_its_copies_share_the_history_and_pickle_it() -> None:
    state = discarded_and_taken("AC")
    copy = state.clone()
    assert copy._seen[1] is state._seen[1]
    again = load().new_initial_state()
    again._core, again._seen = pickle.loads(pickle.dumps((state._core, state._seen)))
    for player in range(4):
        text = state.information_state_string(player)
        assert copy.information_state_string(player) == text
        assert again.information_state_string(player) == text


def test_a_position_set_up_by_hand_starts_the_players_histories() -> None:
    """A state whose engine state is replaced: its history starts there."""
    state = load().new_initial_state()
    engine = deal(*HANDS, stock="8C 9S 4H", discard="5H")
    state._core = crs._Core(engine)
    assert state.information_state_string(0).splitlines()[:2] == ["player 0", "start:"]
    assert "clubs     AC [4C 5C 6C]" in state.information_state_string(0)
    assert "clubs     AC" not in state.information_state_string(1)
    act(state, "DrawStock")
    assert state.information_state_string(2).splitlines()[-1] == "0: DrawStock"


def _dealt(order: list[int], dealer: int = 3) -> Any:
    """A round dealt by chance: the first dealer, then the deck in ``order``."""
    state = pyspiel.load_game(crs.GAME_NAME, {"rounds": 1}).new_initial_state()
    state.apply_action(dealer)
    for outcome in order:
        state.apply_action(outcome)
    while state.is_chance_node():  # the rest of the deck, the lowest card left first
        state.apply_action(min(outcome for outcome, _ in state.chance_outcomes()))
    return state


def test_a_deal_by_chance_shows_each_player_only_their_hand() -> None:
    """Two deals by chance that differ in two cards of two players' hands (R5)."""
    first = _dealt([0, 13, 26])
    second = _dealt([13, 0, 26])
    hands = [first.round_state.hands, second.round_state.hands]
    differ = [player for player in range(4) if hands[0][player] != hands[1][player]]
    assert len(differ) == 2
    rng = random.Random(5)
    played = 0
    # The same actions in both, while they are legal in both (and no chance draws).
    while not first.is_chance_node():
        for player in range(4):
            same = first.information_state_string(player) == second.information_state_string(
                player
            )
            assert same is (player not in differ)
            if same:  # and so is everything they saw
                assert first.observation_string(player) == second.observation_string(player)
        action = rng.choice(first.legal_actions())
        if action not in second.legal_actions():
            break
        first.apply_action(action)
        second.apply_action(action)
        played += 1
        assert played < first.get_game().max_game_length()
    assert played > 5
    assert "hand: " in first.information_state_string(differ[0])


def test_a_resampled_state_keeps_the_players_history_and_the_others_public_part() -> None:
    state = discarded_and_taken("AC")
    act(state, "Discard 5D")
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert other.information_state_string(1) == state.information_state_string(1)
    for player in (0, 2, 3):
        text = other.information_state_string(player)
        assert "0: Discard AC" in text
        assert "Drew(player=0" not in text  # player 0's own draw, now face down
        assert "DrewUnseen(player=0)" in text
        assert text.splitlines()[-1].startswith("  ")  # their hand in the new state, last
        assert "resampled:" in text
    assert "Drew(player=0" in state.information_state_string(0)
