"""The PettingZoo environment (contract_rummy.pettingzoo), checked by PettingZoo's own tests."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from typing import Any

import attrs
import numpy as np
import pytest
from gymnasium import spaces
from hypothesis import settings
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test
from pettingzoo.utils.env import AECEnv

import contract_rummy as cr
from contract_rummy import encoding
from contract_rummy import pettingzoo as crpz
from scenario import taken_7h, typeless

#: Every preset, each with a number of players it allows: its fewest, its most or 4.
TABLES = [
    ("pagat", 4),
    ("contract", 3),
    ("contract", 5),
    ("progressive", 8),
    ("liverpool", 3),
    ("liverpool-cut", 4),
    ("shanghai", 5),
    ("shanghai-11", 4),
    ("california", 6),
    ("no-buy", 7),
    ("double-progressive", 3),
    ("may-i", 4),
    ("deuces-wild", 4),
]

#: The tables PettingZoo's API test plays: every third by default, every one when the
#: profile draws many examples (``nox -s thorough``).
API_TABLES = TABLES if settings().max_examples >= 1000 else TABLES[::3]

#: PettingZoo's API test warns about the dict observations (an observation and its action
#: mask) of every environment but PettingZoo's own games, which it exempts by name; warnings
#: are errors in this suite, so these two, and only these, are let pass.
_NOT_AN_ARRAY = "ignore:Observation is not a NumPy array:UserWarning"
_NOT_A_BOX = "ignore:Observation space for each agent probably should be:UserWarning"

Env = AECEnv[str, crpz.Observation, crpz.ActionId]


def _raw(game: Env) -> crpz.raw_env:
    """The environment ``game`` wraps."""
    raw = game.unwrapped
    assert isinstance(raw, crpz.raw_env)
    return raw


def _size(space: spaces.Space[crpz.ActionId]) -> int:
    """How many actions a discrete action space holds."""
    assert isinstance(space, spaces.Discrete)
    return int(space.n)


def _random_game(game: Env, seed: int) -> list[tuple[str, crpz.Observation, float]]:
    """Play ``game`` (already reset) to its end with random legal ids.

    Returns each agent to act in turn, with what it observed and its reward, from
    ``last()``; agents whose game is over step ``None``.
    """
    choices = random.Random(seed)
    seen = []
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        assert observation is not None
        seen.append((agent, observation, reward))
        if terminated or truncated:
            game.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(legal[choices.randrange(len(legal))]))
    return seen


# -- PettingZoo's own tests ----------------------------------------------------------------


@pytest.fixture
def finished(monkeypatch: pytest.MonkeyPatch) -> list[cr.RoundState]:
    """The games any environment plays to their end, from now on.

    PettingZoo's tests stop after a number of steps, finished or not: the tests below check
    that they did play whole games.
    """
    games: list[cr.RoundState] = []
    step = crpz.raw_env.step

    def recording(self: crpz.raw_env, action: crpz.ActionId) -> None:
        playing = not self.terminations[self.agent_selection]
        step(self, action)
        if playing and self.round_state.phase is cr.Phase.GAME_OVER:
            games.append(self.round_state)

    monkeypatch.setattr(crpz.raw_env, "step", recording)
    return games


@pytest.mark.slow
@pytest.mark.filterwarnings(_NOT_AN_ARRAY)
@pytest.mark.filterwarnings(_NOT_A_BOX)
@pytest.mark.parametrize(("name", "players"), API_TABLES)
def test_pettingzoo_api_test(name: str, players: int, finished: list[cr.RoundState]) -> None:
    api_test(crpz.env(name, players), num_cycles=10_000, verbose_progress=False)
    assert len(finished) == 1


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("pagat", 4), ("shanghai-11", 4), ("no-buy", 3)])
def test_pettingzoo_seed_test(name: str, players: int, finished: list[cr.RoundState]) -> None:
    seed_test(lambda: crpz.env(name, players), num_cycles=2_000)
    first, second = finished
    assert first == second


# -- agents, turns and spaces --------------------------------------------------------------


def test_the_agent_to_act_is_the_engine_s_and_the_dealer_deals_the_next_round() -> None:
    game = crpz.raw_env("pagat")
    game.reset(seed=3)
    enc = game.encoding
    assert game.possible_agents == [f"player_{p}" for p in range(4)]
    choices = random.Random(2)
    phases = set()
    while game.round_state.round_number == 1 or game.round_state.phase is cr.Phase.ROUND_OVER:
        state = game.round_state
        acting = state.dealer if state.phase is cr.Phase.ROUND_OVER else state.to_act
        assert game.agent_selection == f"player_{acting}"
        phases.add(state.phase)
        for agent in game.agents:
            observation = game.observe(agent)
            mask = observation["action_mask"]
            assert mask.dtype == np.int8
            if agent == game.agent_selection:
                assert np.flatnonzero(mask).tolist() == enc.legal_ids(state)
            else:
                assert not mask.any()
        legal = enc.legal_ids(state)
        if state.phase is cr.Phase.ROUND_OVER:
            assert legal == [encoding.NEXT_ROUND]
        game.step(legal[choices.randrange(len(legal))])
    assert phases == {cr.Phase.DRAW, cr.Phase.BUY, cr.Phase.PLAY, cr.Phase.ROUND_OVER}


def test_the_spaces_are_the_encoding_s() -> None:
    game = crpz.env("progressive", 8)
    enc = encoding.encoding_for(cr.PROGRESSIVE, 8)
    low, high = enc.observation_bounds()
    for agent in game.possible_agents:
        assert game.observation_space(agent) is game.observation_space(agent)
        assert game.action_space(agent) is game.action_space(agent)
        space: Any = game.observation_space(agent)  # Gymnasium types a Dict as a plain Space
        assert isinstance(space, spaces.Dict)
        assert _size(game.action_space(agent)) == enc.num_distinct_actions == 95_730
        box = space["observation"]
        assert isinstance(box, spaces.Box)
        assert box.shape == (enc.observation_size,)
        assert box.dtype == np.float32
        assert box.low.tolist() == low
        assert box.high.tolist() == high
        assert space["action_mask"].shape == (enc.num_distinct_actions,)
    # A variant that is not a preset, with a number of players of its own.
    five = attrs.evolve(cr.PAGAT, name="five", min_players=3, max_players=5)
    game = crpz.env(five, 5, max_go_downs=10)
    game.reset(seed=1)
    assert _raw(game).encoding.max_go_downs == 10
    assert _size(game.action_space("player_4")) == encoding.Encoding(five, 5).go_down_base + 10
    # By default 4 players when the variant allows it, else its fewest.
    assert crpz.raw_env("liverpool").players == 4
    assert crpz.raw_env(attrs.evolve(five, min_players=5)).players == 5


def test_observations_come_from_the_player_s_view_only() -> None:
    # Deal the cards a player cannot see anew: what that player observes stays the same.
    state = cr.new_game(cr.PROGRESSIVE, seed=8, players=5)
    choices = random.Random(8)
    game, other = crpz.raw_env("progressive", 5), crpz.raw_env("progressive", 5)
    changed = 0
    for move in range(600):
        if move % 50 == 0:
            game.reset(options={"state": state})
            for player, agent in enumerate(game.possible_agents):
                seen = cr.view(state, player)
                guess = cr.determinize(seen, seed=move + player)
                changed += guess.hands != state.hands
                other.reset(options={"state": guess})
                mine, theirs = game.observe(agent), other.observe(agent)
                assert mine.keys() == theirs.keys() == {"observation", "action_mask"}
                for key, value in mine.items():
                    assert np.array_equal(value, theirs[key]), key
                assert mine["observation"].tolist() == encoding.observation(seen)
        legal = cr.legal_actions(state)
        state = cr.apply(state, legal[choices.randrange(len(legal))])
    assert changed > 30  # the guesses did hide other cards


# -- rewards and the end of the game -------------------------------------------------------


def test_penalty_rewards_add_up_to_minus_the_totals() -> None:
    # Seed 136 of liverpool-cut deals round 1 after an exact cut (R32): player 1 starts at
    # -50, and is paid that bonus on the first step.
    game = crpz.env("liverpool-cut")
    game.reset(seed=136)
    assert _raw(game).round_state.scores == (0, -50, 0, 0)
    seen = _random_game(game, seed=4)
    final = _raw(game).round_state
    assert final.phase is cr.Phase.GAME_OVER
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent, _, reward in seen:
        totals[agent] += reward
    assert [totals[agent] for agent in game.possible_agents] == [-s for s in final.scores]
    # Every agent was terminated, and stepped None once to leave.
    assert not game.agents
    assert {agent for agent, _, _ in seen[-4:]} == set(game.possible_agents)


def test_penalty_rewards_arrive_when_a_round_ends() -> None:
    game = crpz.raw_env("pagat")
    game.reset(seed=2)
    choices = random.Random(2)
    while game.round_state.phase is not cr.Phase.ROUND_OVER:
        assert set(game.rewards.values()) == {0.0}
        legal = game.encoding.legal_ids(game.round_state)
        game.step(legal[choices.randrange(len(legal))])
    penalties = game.round_state.penalties
    assert penalties is not None
    assert [game.rewards[agent] for agent in game.possible_agents] == [-p for p in penalties]
    game.step(encoding.NEXT_ROUND)  # the dealer deals round 2
    assert game.round_state.round_number == 2
    assert set(game.rewards.values()) == {0.0}


@pytest.mark.slow
def test_win_rewards_pay_the_winners_at_the_end() -> None:
    game = crpz.env("shanghai", 3, reward="win")
    game.reset(seed=5)
    seen = _random_game(game, seed=5)
    winners = _raw(game).round_state.winners
    assert winners
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent, _, reward in seen:
        totals[agent] += reward
    assert totals == {f"player_{p}": float(p in winners) for p in range(3)}
    assert all(reward == 0 for _, _, reward in seen[:-3])


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = crpz.env("pagat")
    game.reset(seed=3)
    before = _raw(game).round_state
    with pytest.raises(cr.IllegalActionError, match=r"^R13: .*\(action id 2\)$"):
        game.step(encoding.BUY)
    assert _raw(game).round_state is before
    with pytest.raises(AssertionError, match="not in action space"):
        game.step(_size(game.action_space("player_0")))
    raw = _raw(game)
    with pytest.raises(ValueError, match=r"outside range\(26430\)"):
        raw.step(26430)
    with pytest.raises(TypeError, match="must play an action id, got None"):
        raw.step(None)
    with pytest.raises(TypeError, match="must play an action id, got True"):
        raw.step(True)
    with pytest.raises(TypeError, match=r"must play an action id, got np\.True_"):
        raw.step(np.True_)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"must play an action id, got 1\.0$"):
        raw.step(1.0)  # type: ignore[arg-type]
    game.step(np.int64(encoding.TAKE_DISCARD))  # NumPy's ints are ids too
    assert _raw(game).round_state.turn.kept_card is not None


_NOT_IN_SPACE = r"^action is not in action space$"


@pytest.mark.parametrize(
    ("action", "raw_error", "raw_message", "env_error", "env_message"),
    [
        (
            10**6,
            ValueError,
            r"^action id 1000000 is outside range\(26430\) of pagat with 4 players$",
            AssertionError,
            _NOT_IN_SPACE,
        ),
        (
            -1,
            ValueError,
            r"^action id -1 is outside range\(26430\)",
            AssertionError,
            _NOT_IN_SPACE,
        ),
        (
            None,
            TypeError,
            r"^player_3 must play an action id, got None$",
            AssertionError,
            _NOT_IN_SPACE,
        ),
        (
            1.0,
            TypeError,
            r"^player_3 must play an action id, got 1\.0$",
            AssertionError,
            _NOT_IN_SPACE,
        ),
        (
            "0",
            TypeError,
            r"^player_3 must play an action id, got '0'$",
            AssertionError,
            _NOT_IN_SPACE,
        ),
        (
            True,
            TypeError,
            r"^player_3 must play an action id, got True$",
            TypeError,
            r"^player_3 must play an action id, got True$",
        ),
    ],
)
def test_raw_env_and_env_refuse_a_wrong_step_as_the_module_says(
    action: Any,
    raw_error: type[Exception],
    raw_message: str,
    env_error: type[Exception],
    env_message: str,
) -> None:
    raw = crpz.raw_env("pagat")
    raw.reset(seed=3)
    before = raw.round_state
    with pytest.raises(raw_error, match=raw_message):
        raw.step(action)
    assert raw.round_state is before
    game = crpz.env("pagat")
    game.reset(seed=3)
    dealt = _raw(game).round_state
    assert dealt == before
    with pytest.raises(env_error, match=env_message):
        game.step(action)
    assert _raw(game).round_state is dealt


def test_raw_env_and_env_refuse_a_step_before_reset_and_after_the_end() -> None:
    with pytest.raises(RuntimeError, match=r"^the environment has no game before reset\(\)"):
        crpz.raw_env("pagat").step(0)
    with pytest.raises(AssertionError, match=r"^reset\(\) needs to be called before step\.$"):
        crpz.env("pagat").step(0)
    # An agent whose game is over may step None only: PettingZoo's ValueError, wrapped or not.
    game = crpz.env("pagat", illegal_reward=-1.0)
    game.reset(seed=3)
    game.step(encoding.BUY)  # illegal: the game ends
    assert all(game.terminations.values())
    with pytest.raises(
        ValueError, match=r"^when an agent is dead, the only valid action is None$"
    ):
        game.step(encoding.DRAW_STOCK)
    with pytest.raises(AssertionError, match=_NOT_IN_SPACE):
        game.step(10**6)


def test_an_illegal_reward_that_is_not_a_number_is_refused_when_the_env_is_made() -> None:
    with pytest.raises(TypeError, match=r"^illegal_reward must be a number \(a float\), got 'x'"):
        crpz.env("pagat", illegal_reward=typeless("x"))
    with pytest.raises(TypeError, match="got True"):
        crpz.env("pagat", illegal_reward=True)


def test_illegal_reward_ends_the_game_as_pettingzoo_s_classic_games_do(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = crpz.env("pagat", illegal_reward=-100.0)
    game.reset(seed=3)
    agent = game.agent_selection
    game.step(encoding.BUY)
    assert "Illegal move made" in caplog.text
    assert all(game.terminations.values())
    assert game.rewards[agent] == -100.0
    for _ in game.agent_iter():
        assert game.last()[2]
        game.step(None)
    assert not game.agents


@pytest.mark.slow
def test_once_the_game_is_over_each_agent_steps_none_once() -> None:
    game = crpz.raw_env("liverpool", 3)
    game.reset(seed=1)
    choices = random.Random(1)
    while not any(game.terminations.values()):
        legal = game.encoding.legal_ids(game.round_state)
        game.step(legal[choices.randrange(len(legal))])
    assert game.round_state.phase is cr.Phase.GAME_OVER
    assert game.terminations == dict.fromkeys(game.possible_agents, True)
    assert game.truncations == dict.fromkeys(game.possible_agents, False)
    assert not game.observe(game.agent_selection)["action_mask"].any()
    with pytest.raises(ValueError, match="only valid action is None"):
        game.step(encoding.DRAW_STOCK)
    for _ in range(3):
        game.step(None)
    assert not game.agents
    # Reset while the agents of a finished game are still leaving: the next game plays on.
    game.reset(seed=2)
    while not any(game.terminations.values()):
        legal = game.encoding.legal_ids(game.round_state)
        game.step(legal[choices.randrange(len(legal))])
    game.step(None)
    game.reset(seed=3)
    assert len(game.agents) == 3
    seen = _random_game(game, seed=3)
    assert {agent for agent, _, _ in seen[-3:]} == set(game.possible_agents)
    assert not game.agents


# -- seeding -------------------------------------------------------------------------------


def test_a_seed_deals_the_engine_s_game_and_seeds_what_follows() -> None:
    first, second = crpz.env("contract", 5), crpz.env("contract", 5)
    _raw(first).reset(seed=np.int64(9))  # NumPy's ints are seeds too
    second.reset(seed=9)
    for game in (first, second):
        assert _raw(game).round_state == cr.new_game(cr.CONTRACT, seed=9, players=5)
    samples = [
        [game.action_space("player_1").sample() for _ in range(5)] for game in (first, second)
    ]
    assert samples[0] == samples[1]
    # Later resets without a seed draw their games from the seeded generator.
    for _ in range(2):
        first.reset()
        second.reset()
        assert _raw(first).round_state == _raw(second).round_state
        assert _raw(first).round_state != cr.new_game(cr.CONTRACT, seed=9, players=5)
    # Unseeded from the start, each environment deals its own game.
    deals = set()
    for _ in range(2):
        game = crpz.raw_env("contract", 5)
        game.reset()
        deals.add(game.round_state)
    assert len(deals) == 2


def test_reset_may_start_from_a_given_state() -> None:
    state = cr.new_game(cr.PAGAT, seed=4)
    for action in [cr.TakeDiscard()]:
        state = cr.apply(state, action)
    game = crpz.env("pagat")
    game.reset(seed=1, options={"state": state, "something else": 1})
    assert _raw(game).round_state is state
    assert game.agent_selection == f"player_{state.to_act}"
    with pytest.raises(TypeError, match=r'options\["state"\] must be a RoundState'):
        game.reset(options={"state": "a state"})
    with pytest.raises(ValueError, match="is a game of liverpool with 3 players; this "):
        game.reset(options={"state": cr.new_game(cr.LIVERPOOL, seed=1, players=3)})
    over = cr.new_game(attrs.evolve(cr.PAGAT, ladder=cr.PAGAT.ladder[:1]), seed=1)
    over_game = crpz.raw_env(over.variant)
    choices = random.Random(0)
    while over.phase is not cr.Phase.GAME_OVER:
        legal = cr.legal_actions(over)
        over = cr.apply(over, legal[choices.randrange(len(legal))])
    with pytest.raises(ValueError, match="a game that is over"):
        over_game.reset(options={"state": over})


def test_a_refused_first_reset_leaves_no_game_to_read() -> None:
    """The order wrapper counts a refused reset as done: the env itself says what is wrong."""
    over = cr.play_game([cr.HeuristicBot()] * 4, seed=1)
    game = crpz.env("pagat")
    with pytest.raises(ValueError, match="a game that is over"):
        game.reset(options={"state": over})
    for read in (game.last, lambda: game.step(0), lambda: game.agents):
        with pytest.raises(RuntimeError, match=r"no game before reset\(\) .*refused deals none"):
            read()
    game.reset(seed=1)
    assert game.agents == game.possible_agents
    assert game.agent_selection == "player_2"
    observation, reward, terminated, truncated, _ = game.last()
    assert observation is not None
    assert observation["action_mask"].sum() == 2  # draw or take the discard
    assert reward == 0.0
    assert (terminated, truncated) == (False, False)


def test_reset_refuses_a_state_of_another_variant_of_the_same_name() -> None:
    game = crpz.env("contract", 5)
    other = cr.new_game(attrs.evolve(cr.CONTRACT, max_turns=10), seed=1, players=5)
    with pytest.raises(ValueError, match="another variant named contract: its settings differ"):
        game.reset(options={"state": other})


def test_reset_refuses_a_state_whose_observations_leave_the_space() -> None:
    state = cr.new_game(cr.PAGAT, seed=2)
    game = crpz.env("pagat")
    with pytest.raises(ValueError, match="outside the observation space"):
        game.reset(options={"state": attrs.evolve(state, scores=(10**6, 0, 0, 0))})
    # A total no game reaches at all is the state's own refusal (R26).
    with pytest.raises(cr.InvalidStateError, match="R26"):
        attrs.evolve(state, scores=(-500, 0, 0, 0))


def test_r17_observations_hide_whether_the_taken_card_is_kept() -> None:
    """The taker's kept card (R17) depends on a copy they held: only they observe it."""
    games = []
    for held in (True, False):
        game = crpz.raw_env("pagat")
        game.reset(options={"state": taken_7h(held)})
        game.step(encoding.TAKE_DISCARD)
        games.append(game)
    held_game, fresh_game = games
    assert held_game.round_state.turn.kept_card is None
    assert fresh_game.round_state.turn.kept_card is not None
    for agent in ("player_1", "player_2", "player_3"):
        mine, theirs = held_game.observe(agent), fresh_game.observe(agent)
        assert all(np.array_equal(mine[key], theirs[key]) for key in mine)
    mine, theirs = held_game.observe("player_0"), fresh_game.observe("player_0")
    assert not np.array_equal(mine["observation"], theirs["observation"])


# -- bad arguments -------------------------------------------------------------------------


def test_bad_arguments_are_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"'pagatt' is not a preset's name: \['california'"):
        crpz.env("pagatt")
    with pytest.raises(ValueError, match=r"^R1: pagat is played by 4 players, not 5$"):
        crpz.env("pagat", 5)
    with pytest.raises(TypeError, match=r"^players must be an int, got 4\.0$"):
        crpz.env("pagat", 4.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^variant must be a Variant, got 7$"):
        crpz.env(7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        crpz.env(render_mode="rgb_array")
    with pytest.raises(ValueError, match=r"reward must be one of \('penalties', 'win'\)"):
        crpz.env(reward="score")
    with pytest.raises(ValueError, match="max_go_downs must be at least 1"):
        crpz.env(max_go_downs=0)
    game = crpz.raw_env()
    with pytest.raises(RuntimeError, match="before reset"):
        game.observe("player_0")
    with pytest.raises(ValueError, match=r"^seed must not be negative, got -1$"):
        game.reset(seed=-1)
    with pytest.raises(TypeError, match=r"^seed must be an int, got '1'$"):
        game.reset(seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seed must be an int, got np\.True_$"):
        game.reset(seed=np.True_)  # type: ignore[arg-type]
    game.reset(seed=1)
    with pytest.raises(ValueError, match="no agent 'player_4' in this game"):
        game.observe("player_4")
    with pytest.raises(ValueError, match="no agent 'dealer' in this game"):
        game.action_space("dealer")


# -- rendering ------------------------------------------------------------------------------


def test_render_shows_the_position_the_agent_to_act_sees() -> None:
    game = crpz.raw_env("pagat", render_mode="ansi")
    game.reset(seed=3)
    text = game.render()
    assert isinstance(text, str)
    assert text.startswith("pagat with 4 players: player_3 to choose (draw), as they see it\n")
    hand = " ".join(map(str, game.round_state.hands[3]))
    assert all(card in text for card in hand.split())
    assert text.endswith("Legal actions (id: action): 0: DrawStock, 1: TakeDiscard")
    game.step(encoding.TAKE_DISCARD)
    text = game.render()
    assert isinstance(text, str)
    assert "(you took 8H: it may not be discarded this turn, R17)" in text
    assert "Legal actions (id: action): 5: Discard AC, " in text
    # At a round's end, the penalties and the dealer's one action.
    choices = random.Random(3)
    while game.round_state.phase is not cr.Phase.ROUND_OVER:
        legal = game.encoding.legal_ids(game.round_state)
        game.step(legal[choices.randrange(len(legal))])
    text = game.render()
    assert isinstance(text, str)
    assert "to choose (round over)" in text
    assert "Penalties of round 1: player_0 " in text
    assert text.endswith("Legal actions (id: action): 4: NextRound")


def test_render_lists_the_first_legal_actions_and_counts_the_others() -> None:
    state = cr.new_game(cr.PAGAT, seed=3)
    state = cr.apply(state, cr.TakeDiscard())
    game = crpz.raw_env("pagat", render_mode="ansi")
    game.reset(options={"state": state})
    text = game.render()
    assert isinstance(text, str)
    assert text.count(": Discard ") == len(game.encoding.legal_ids(state)) < 20
    assert "more" not in text
    # A hand that goes down in many ways: more legal actions than the text lists.
    mine = cr.parse_cards("7C 7D 7H 7S 8C 8D 8H 8S 9C JK JK")
    deck = list(cr.PAGAT.deck(4))
    for card in mine:
        deck.remove(card)
    hands = [deck[:10], list(mine), deck[10:20], deck[20:30]]
    state = cr.start_round(hands=hands, stock=deck[31:], discard=deck[30:31])
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:  # nobody buys the top discard
        state = cr.apply(state, cr.Pass())
    legal = game.encoding.legal_ids(state)
    assert len(legal) > 20
    game.reset(options={"state": state})
    text = game.render()
    assert isinstance(text, str)
    assert text.count(": Discard ") + text.count(": GoDown ") == 20  # ids in increasing order
    assert text.endswith(f", and {len(legal) - 20} more")


def test_render_at_the_end_names_the_winners(capsys: pytest.CaptureFixture[str]) -> None:
    # Played by the engine up to the last round, then by the environment, shown every step.
    state = cr.new_game(cr.LIVERPOOL, seed=6, players=3)
    choices = random.Random(6)
    while state.round_number < cr.LIVERPOOL.rounds:
        legal = cr.legal_actions(state)
        state = cr.apply(state, legal[choices.randrange(len(legal))])
    game = crpz.env("liverpool", 3, render_mode="human")
    game.reset(options={"state": state})
    steps = len(_random_game(game, seed=6)) - 3  # less the agents' last steps, None
    shown = capsys.readouterr().out
    winners = _raw(game).round_state.winners
    assert winners is not None
    named = ", ".join(f"player_{p}" for p in winners)
    assert f"liverpool with 3 players: the game is over, won by {named}; " in shown
    assert shown.count("liverpool with 3 players: ") == steps


def test_render_without_a_render_mode_warns() -> None:
    game = crpz.raw_env()
    game.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render mode"):
        assert game.render() is None
    game.close()


# -- imports --------------------------------------------------------------------------------


def test_the_core_never_imports_the_frameworks() -> None:
    code = (
        "import sys, contract_rummy, contract_rummy.encoding\n"
        "print(sorted({'numpy', 'gymnasium', 'pettingzoo'} & set(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_without_the_extra_the_module_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(sys.modules, "contract_rummy.pettingzoo")
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r"pip install 'contract_rummy\[pettingzoo\]'$"):
        importlib.import_module("contract_rummy.pettingzoo")
