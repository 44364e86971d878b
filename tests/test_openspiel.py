"""The OpenSpiel game: OpenSpiel's own checks, the library's game exactly, and search on it."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from hypothesis import settings
from open_spiel.python.algorithms import ismcts
from open_spiel.python.observation import make_observation

import contract_rummy as cr
import contract_rummy.openspiel as crs
from contract_rummy import encoding, render
from contract_rummy.events import Reshuffled
from scenario import taken_7h, typeless

#: Random games per configuration in OpenSpiel's own random simulation test (4 when
#: thorough).
SIMS = max(1, settings().max_examples // 500)

CHANCE = int(pyspiel.PlayerId.CHANCE)


def load(**params: str | int) -> Any:
    return pyspiel.load_game(crs.GAME_NAME, params)


def sample(state: Any, rng: np.random.RandomState) -> int:
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=probabilities))


def play(
    state: Any, choose: Callable[[Any], int], *, seed: int = 0, limit: int | None = None
) -> Iterator[Any]:
    """Play ``state`` to its end, chance at random and the players by ``choose``.

    Yields every state met, the first and the last included; fails if the game is still
    going after ``limit`` steps (by default, the game's bounds on decisions and chance).
    """
    game = state.get_game()
    if limit is None:
        limit = game.max_game_length() + game.max_chance_nodes_in_history()
    rng = np.random.RandomState(seed)
    yield state
    for _ in range(limit):
        if state.is_terminal():
            return
        state.apply_action(sample(state, rng) if state.is_chance_node() else choose(state))
        yield state
    assert state.is_terminal(), f"the game is still going after {limit} steps"


def play_out(state: Any, choose: Callable[[Any], int], *, seed: int = 0) -> Any:
    """Play ``state`` to its end as :func:`play` does; the game must be over then."""
    *_, last = play(state, choose, seed=seed)
    assert last is state
    assert state.is_terminal()
    return state


def heuristic(state: Any) -> int:
    return int(crs.LibraryBot(cr.HeuristicBot()).step(state))


# -- OpenSpiel's own checks -------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"rounds": 1},
        {"rounds": 2, "returns": "win_loss"},
        {"variant": "liverpool-cut", "rounds": 1},
        {"variant": "shanghai-11", "rounds": 1, "returns": "win_loss"},
        {"variant": "progressive", "players": 3, "rounds": 1, "shuffle": "seeded", "seed": 4},
        {"variant": "deuces-wild", "rounds": 1},
        {"variant": "liverpool", "players": 8, "rounds": 1},
    ],
    ids=lambda params: ",".join(f"{key}={value}" for key, value in params.items()),
)
@pytest.mark.slow
def test_openspiel_random_simulation_test(params: dict[str, str | int]) -> None:
    game = load(**params)
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.slow
def test_openspiel_random_simulation_test_of_a_whole_game() -> None:
    # Every round, the last one played at once (R24) included.
    pyspiel.random_sim_test(load(), num_sims=1, serialize=True, verbose=False)


# -- parameters -------------------------------------------------------------------------------


def test_loading_the_game_with_its_parameters() -> None:
    game = load(variant="liverpool-cut", rounds=2, returns="win_loss")
    assert game.variant is cr.VARIANTS["liverpool-cut"]
    assert (game.players, game.rounds, game.returns, game.shuffle) == (4, 2, "win_loss", "chance")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == game.encoding.num_distinct_actions
    assert game.observation_tensor_size() == game.encoding.observation_size
    # The information state is a history: no fixed-size tensor (see the package).
    assert not game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_size() == 0
    assert game.max_chance_outcomes() == 106  # the cut lifts 1 to 106 of 107 cards
    assert game.max_game_length() == crs.max_game_length(game.variant, 4, 2)
    assert game.max_chance_nodes_in_history() == crs.max_chance_nodes(game.variant, 4, 2)
    kind = game.get_type()
    assert kind.short_name == crs.GAME_NAME
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_the_defaults_and_the_seeded_game() -> None:
    game = load()
    assert str(game) == (
        "python_contract_rummy(players=4,returns=penalties,rounds=0,seed=0,shuffle=chance,"
        "variant=pagat)"
    )
    assert (game.variant, game.rounds) == (cr.PAGAT, 7)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    deck = sum(map(cr.PAGAT.penalty, cr.PAGAT.deck(4)))
    assert (game.min_utility(), game.max_utility()) == (-7.0 * deck, 0.0)
    seeded = load(shuffle="seeded", seed=9)
    assert seeded.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert seeded.max_chance_outcomes() == 0
    assert seeded.max_chance_nodes_in_history() == 0
    assert seeded.new_initial_state().round_state == cr.new_game(seed=9)
    cut = load(variant="liverpool-cut", rounds=1)
    assert cut.max_utility() == cr.VARIANTS["liverpool-cut"].cut_bonus


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"variant": "rummy"}, "variant must be one of pagat, contract, .*; got 'rummy'"),
        ({"players": 5}, "R1: players must be 4 for pagat; got 5"),
        ({"variant": "progressive", "players": 9}, "R1: players must be 3 to 8 for progressive"),
        ({"rounds": 8}, r"rounds must be 0 \(every round\) or 1 to 7 for pagat; got 8"),
        ({"rounds": -1}, "rounds must be 0"),
        ({"returns": "points"}, "returns must be one of penalties, win_loss; got 'points'"),
        ({"shuffle": "random"}, "shuffle must be one of chance, seeded; got 'random'"),
        ({"seed": -2}, r"seed must be an int from 0 to 2147483647 \(2\*\*31 - 1: .*\); got -2"),
    ],
)
def test_bad_parameters_are_refused_naming_the_allowed_values(
    params: dict[str, str | int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        load(**params)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": "4"}, "players must be an int; got '4'"),
        ({"players": True}, "players must be an int; got True"),
        ({"rounds": 1.0}, "rounds must be an int; got 1.0"),
        ({"seed": None}, "seed must be an int; got None"),
        ({"variant": cr.PAGAT}, "variant must be a str, a preset's name; got VARIANTS['pagat']"),
        ({"returns": 0}, "returns must be a str; got 0"),
        ({"shuffle": b"seeded"}, "shuffle must be a str; got b'seeded'"),
    ],
)
def test_a_game_made_by_hand_refuses_parameters_of_the_wrong_type(
    params: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=f"^{re.escape(message)}"):
        crs.ContractRummyGame(params)


def test_openspiel_refuses_unknown_parameters_and_wrong_types() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'jokers'"):
        pyspiel.load_game("python_contract_rummy(jokers=2)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter players"):
        pyspiel.load_game("python_contract_rummy(players=four)")
    with pytest.raises(ValueError, match="unknown parameter colour"):
        crs.ContractRummyGame({"colour": "red"})


def test_the_seed_goes_up_to_openspiels_32_bit_ints() -> None:
    assert crs.MAX_SEED == 2**31 - 1
    game = pyspiel.load_game(f"python_contract_rummy(shuffle=seeded,seed={crs.MAX_SEED})")
    assert game.new_initial_state().round_state == cr.new_game(seed=crs.MAX_SEED)
    # Beyond, OpenSpiel refuses the value before the game sees it, as the docs say.
    with pytest.raises(pyspiel.SpielError, match=r"CHECK_TRUE\(success\)"):
        pyspiel.load_game("python_contract_rummy(shuffle=seeded,seed=3000000000)")
    with pytest.raises(RuntimeError, match="Unable to cast Python instance of type <class 'int'>"):
        pyspiel.load_game(crs.GAME_NAME, {"shuffle": "seeded", "seed": 3_000_000_000})
    # Made by hand, the game refuses it naming the bound.
    with pytest.raises(
        ValueError,
        match=(
            r"^seed must be an int from 0 to 2147483647 \(2\*\*31 - 1: OpenSpiel's game "
            r"parameters are 32-bit ints\); got 2147483648$"
        ),
    ):
        crs.ContractRummyGame({"shuffle": "seeded", "seed": crs.MAX_SEED + 1})


def test_a_variant_without_a_turn_cap_has_no_finite_length() -> None:
    endless = attrs.evolve(cr.PAGAT, max_turns=None)
    with pytest.raises(ValueError, match="R29: pagat has no cap on turns"):
        crs.max_game_length(endless, 4)
    with pytest.raises(ValueError, match="R29"):
        crs.max_chance_nodes(endless, 4)


def test_importing_the_package_imports_neither_openspiel_nor_numpy() -> None:
    code = (
        "import sys, contract_rummy\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'pyspiel', 'open_spiel', 'numpy'} or m == 'contract_rummy.openspiel'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
    assert crs.GAME_NAME in pyspiel.registered_names()


# -- the library's game, exactly --------------------------------------------------------------


def deck_order(dealt: cr.RoundState) -> list[cr.Card]:
    """An order of the deck that deals ``dealt`` (R5): cards one at a time from the left."""
    players, number = dealt.players, dealt.variant.cards_dealt(dealt.round_number)
    hands = [list(hand) for hand in dealt.hands]
    order = [hands[(dealt.dealer + 1 + i) % players].pop(0) for i in range(number * players)]
    return [*order, dealt.discard[-1], *dealt.stock]


def same_game(state: Any, engine: cr.RoundState) -> bool:
    """Whether ``state`` holds ``engine``, whatever the shuffler each holds."""
    mine = state.round_state
    return bool(mine == engine.replace(chance=mine.chance))


@pytest.mark.parametrize("name", ["pagat", "liverpool-cut", "shanghai-11"])
def test_chance_deals_the_library_deal_it_is_given(name: str) -> None:
    variant = cr.VARIANTS[name]
    engine = cr.new_game(variant, seed=11)
    state = load(variant=name).new_initial_state()
    assert state.chance_outcomes() == [(p, 0.25) for p in range(4)]
    state.apply_action(engine.dealer)
    for card in deck_order(engine):
        assert state.is_chance_node()
        state.apply_action(card.index)
    if variant.cut_bonus:
        assert len(state.chance_outcomes()) == 106
        assert state.action_to_string(CHANCE, 0) == "cut: 1 cards lifted"
        assert engine.cut is not None
        state.apply_action(engine.cut - 1)
    assert not state.is_chance_node()
    assert same_game(state, engine)
    assert state.current_player() == engine.to_act


def test_each_deck_order_has_the_probability_of_a_uniform_shuffle() -> None:
    state = load(rounds=1).new_initial_state()
    state.apply_action(0)
    probability = 1.0
    rng = np.random.RandomState(5)
    deck = len(cr.PAGAT.deck(4))
    for placed in range(deck):
        outcomes = dict(state.chance_outcomes())
        assert sum(outcomes.values()) == pytest.approx(1.0)
        card = sample(state, rng)
        assert state.action_to_string(CHANCE, card).startswith("deal ")
        probability *= outcomes[card]
        assert placed == deck - 1 or state.is_chance_node()
    # Two copies of each of 52 cards and three jokers: 107! / (2!^52 * 3!) orders.
    assert probability == pytest.approx(2.0**52 * 6 / np.prod(np.arange(1, deck + 1, dtype=float)))


def drawing_policy(state: Any) -> int:
    """Always draw from the stock, pass, never meld, and discard the first card allowed."""
    game = state.get_game()
    engine = state.round_state
    legal = state.legal_actions()
    for action in (cr.DrawStock(), cr.Pass(), cr.NextRound()):
        if cr.is_legal(engine, action):
            return int(game.encoding.action_id(engine, action))
    discards = [a for a in legal if isinstance(game.encoding.id_action(engine, a), cr.Discard)]
    return int(discards[0])


def test_reshuffles_are_chance_nodes_and_replay_the_library_game() -> None:
    # Liverpool has no buying: players who only draw exhaust the stock, and the round
    # ends when every reshuffle is used (R27, R29).
    variant = cr.VARIANTS["liverpool"]
    engine = cr.new_game(variant, seed=3)
    state = load(variant="liverpool", rounds=1).new_initial_state()
    state.apply_action(engine.dealer)
    for card in deck_order(engine):
        state.apply_action(card.index)
    reshuffles = 0
    while not state.is_terminal():
        action = drawing_policy(state)
        engine, events = cr.step(engine, state.get_game().encoding.id_action(engine, action))
        state.apply_action(action)
        for event in events:
            if isinstance(event, Reshuffled):
                reshuffles += 1
                assert state.is_chance_node()
                first = event.stock[0].index
                assert state.action_to_string(CHANCE, first) == f"reshuffle {event.stock[0]}"
                assert "waiting for chance: DrawStock" in state.information_state_string(0)
                for card in event.stock:
                    state.apply_action(card.index)
        assert same_game(state, engine)
    assert reshuffles == variant.max_reshuffles == 3
    assert engine.phase is cr.Phase.ROUND_OVER
    assert state.returns() == [-float(total) for total in engine.scores]


def test_a_seeded_game_is_the_library_game_with_that_seed() -> None:
    state = load(variant="may-i", rounds=2, shuffle="seeded", seed=21).new_initial_state()
    engine = cr.new_game(cr.VARIANTS["may-i"], seed=21)
    bot = cr.HeuristicBot()
    for _ in play(state, heuristic):
        if state.is_terminal():
            break
        assert state.round_state == engine
        engine = cr.apply(engine, bot.choose(engine))
    assert state.round_state == engine
    assert engine.round_number == 2
    assert engine.phase is cr.Phase.ROUND_OVER


def test_a_round_at_its_turn_cap_stays_within_the_game_length() -> None:
    # Taking the discard and discarding another card never draws: R29 ends the round.
    game = load(variant="liverpool", rounds=1, shuffle="seeded", seed=1)
    state = game.new_initial_state()

    def take_the_discard(state: Any) -> int:
        engine = state.round_state
        if cr.is_legal(engine, cr.TakeDiscard()):
            return int(game.encoding.action_id(engine, cr.TakeDiscard()))
        kept = engine.turn.kept_card
        for action in state.legal_actions():
            chosen = game.encoding.id_action(engine, action)
            if isinstance(chosen, cr.Discard) and chosen.card != kept:
                return int(action)
        raise AssertionError("no discard")

    decisions = sum(1 for _ in play(state, take_the_discard)) - 1
    assert state.round_state.turns == cr.VARIANTS["liverpool"].max_turns
    assert decisions == 2 * 500 <= game.max_game_length()


# -- what players know ------------------------------------------------------------------------


def test_information_states_and_observations_ignore_hidden_cards() -> None:
    # Two rounds: the dealer's NextRound between them is a decision too.
    game = load(variant="shanghai-11", rounds=2)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    changed = 0
    phases = set()
    for step, current in enumerate(play(state, heuristic, seed=2)):
        if current.is_chance_node():
            continue
        if step % 7 and current.round_state.phase is not cr.Phase.ROUND_OVER:
            continue
        phases.add((current.round_state.phase, current.is_terminal()))
        for player in range(game.num_players()):
            other = current.resample_from_infostate(player, sampler)
            assert other.history() == []
            assert other.current_player() == current.current_player()
            for name in ("information_state", "observation"):
                for kind in ("string", "tensor"):
                    read = f"{name}_{kind}"
                    assert getattr(other, read)(player) == getattr(current, read)(player)
            changed += other.round_state.hands != current.round_state.hands
            if not current.is_terminal() and player == current.current_player():
                assert other.legal_actions() == current.legal_actions()
    assert changed > 10
    during = {
        (phase, False) for phase in cr.Phase if phase not in (cr.Phase.GAME_OVER, cr.Phase.CHANCE)
    }
    assert phases == {*during, (cr.Phase.ROUND_OVER, True)}


def shown_cards(lines: list[str]) -> Counter[str]:
    """The cards written in ``lines``, counted."""
    return Counter(re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b", "\n".join(lines)))


def test_the_strings_show_the_view_and_only_the_view() -> None:
    game = load(rounds=1, shuffle="seeded", seed=3)
    state = game.new_initial_state()
    text = state.information_state_string(0)
    engine = state.round_state
    lines = text.splitlines()
    assert lines[:2] == ["player 0", "start:"]
    hand = lines.index("Hand of player 0 (10 cards):")
    assert shown_cards(lines[hand:]) == Counter(map(str, engine.hands[0]))
    assert "Hand of player 1" not in text
    assert "Stock: 66 cards." in text
    assert f"Discards, bottom first: {engine.discard[-1]} turned up." in text
    seen = cr.view(engine, 0)
    public = render.view_lines(seen, public=True, private=False, details=True, you=False)
    private = render.view_lines(seen, public=False, private=True, details=True, you=False)
    assert lines[2:] == public + private
    assert state.observation_string(0) == render.view_text(seen, details=True, you=False)
    assert state.information_state_tensor(0) == []
    assert sum(state.observation_tensor(0)[:53]) == 10


def _views_and_strings(name: str, players: int, seed: int) -> Iterator[tuple[Any, str, str]]:
    """Each player's view, information state and observation, over a seeded game."""
    state = load(variant=name, players=players, rounds=2, shuffle="seeded", seed=seed)
    rng = random.Random(seed)
    for current in play(state.new_initial_state(), lambda s: rng.choice(s.legal_actions())):
        if current.is_terminal():
            return
        for player in range(players):
            yield (
                current.player_view(player),
                current.information_state_string(player),
                current.observation_string(player),
            )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [("pagat", 4, 1), ("liverpool-cut", 4, 2), ("shanghai", 3, 3), ("deuces-wild", 4, 4)],
)
def test_the_strings_tell_every_two_views_apart(name: str, players: int, seed: int) -> None:
    """Views that differ have different information states, and observations but for moves.

    The observation string leaves out the number of actions played (``moves``).
    """
    states: dict[str, Any] = {}
    observations: dict[str, Any] = {}
    for seen, information, observation in _views_and_strings(name, players, seed):
        assert states.setdefault(information, seen) == seen
        without_moves = attrs.evolve(seen, moves=0)
        assert observations.setdefault(observation, without_moves) == without_moves
    assert len(states) > 500


def test_before_the_first_deal_everyone_sees_nothing() -> None:
    game = load(rounds=1)
    state = game.new_initial_state()
    assert state.information_state_string(2) == "player 2\nwaiting for chance: the first deal"
    assert state.observation_tensor(1) == [0.0] * game.observation_tensor_size()
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.is_chance_node()
    assert other.round_state is None
    assert str(state) == "not dealt yet\nchance: the first deal"


def test_resampling_while_chance_deals_keeps_the_waiting_action() -> None:
    game = load(variant="pagat", rounds=2)
    state = game.new_initial_state()
    for current in play(state, drawing_policy, seed=4):
        if "chance: NextRound" in str(current):
            break
    else:
        raise AssertionError("the second round was never dealt")
    # The first round is over, and its dealer's NextRound waits for the second deal.
    assert state.round_state.phase is cr.Phase.ROUND_OVER
    dealer = state.round_state.dealer
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(2, 0.0, 1.0))
    assert other.is_chance_node()
    assert other.information_state_string(1) == state.information_state_string(1)
    assert len(other.chance_outcomes()) == len(state.chance_outcomes()) == 53
    # R4: the round over is its dealer's; the deal passes to their left.
    assert other.round_state.dealer == dealer
    while other.is_chance_node():
        other.apply_action(other.chance_outcomes()[0][0])
    assert (other.round_state.round_number, other.round_state.dealer) == (2, (dealer + 1) % 4)


@pytest.mark.slow
def test_openspiel_playthrough_of_a_seeded_round() -> None:
    # OpenSpiel's playthrough writes out everything at every step: a short round.
    # Imported here: it imports OpenSpiel's every game, scipy.stats among them, seconds of
    # start-up that every test process would pay to collect this module.
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough(
        "python_contract_rummy(rounds=1,variant=liverpool,players=3,shuffle=seeded,seed=2)",
        action_sequence=None,
        alsologtostdout=False,
        seed=2,
    )
    assert 'GameType.short_name = "python_contract_rummy"' in text
    assert "IsTerminal() = True" in text


def test_the_observer_gives_each_field_and_refuses_what_it_cannot_show() -> None:
    game = load(shuffle="seeded", seed=1)
    state = game.new_initial_state()
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 3) == state.information_state_string(3)
    recall.set_from(state, 3)
    assert recall.dict == {}
    assert recall.tensor.tolist() == []
    with pytest.raises(ValueError, match="takes no parameters"):
        make_observation(game, params={"verbose": True})
    with pytest.raises(ValueError, match="takes no parameters"):
        game.make_py_observer({"verbose": True})
    kinds = pyspiel.PrivateInfoType
    with pytest.raises(ValueError, match="no player observes the other players' hands"):
        make_observation(game, pyspiel.IIGObservationType(True, False, kinds.ALL_PLAYERS))
    with pytest.raises(ValueError, match="neither public nor private"):
        make_observation(game, pyspiel.IIGObservationType(False, False, kinds.NONE))


def test_an_observation_is_its_public_part_and_the_players_private_part() -> None:
    game = load(shuffle="seeded", seed=1)
    state = game.new_initial_state()
    kinds = pyspiel.PrivateInfoType
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=kinds.NONE)
    )
    private = make_observation(game, pyspiel.IIGObservationType(False, False, kinds.SINGLE_PLAYER))
    shown = public.string_from(state, 3)
    assert public.string_from(state, 1) == shown
    assert "Hand of player" not in shown
    hand = private.string_from(state, 3)
    assert hand.startswith("Hand of player 3 (10 cards):\n")
    assert shown_cards(hand.splitlines()) == Counter(map(str, state.round_state.hands[3]))
    # The public part, then the hand and the card R17 keeps.
    assert state.observation_string(3) == f"{shown}\n{hand}"
    public.set_from(state, 3)
    private.set_from(state, 3)
    assert public.tensor[:106].sum() == 0  # the hand and kept-card fields, empty
    assert public.tensor[106:].tolist() == state.observation_tensor(0)[106:]
    assert private.tensor.tolist() == state.observation_tensor(3)[:53]
    assert list(private.dict) == ["hand"]
    undealt = load(rounds=1).new_initial_state()
    assert public.string_from(undealt, 0) == "waiting for chance: the first deal"
    assert private.string_from(undealt, 0) == "player 0"
    private.set_from(undealt, 0)
    assert private.tensor.sum() == 0


# -- actions and returns ----------------------------------------------------------------------


def test_chance_nodes_refuse_outcomes_that_cannot_happen() -> None:
    state = load(variant="liverpool-cut", rounds=1).new_initial_state()
    assert state.action_to_string(0, 5) == "action 5"  # nobody plays before the deal
    assert state.action_to_string(CHANCE, 4) == "outcome 4 (not possible here)"
    with pytest.raises(ValueError, match=r"chance outcome 4 is not in range\(4\)"):
        state.apply_action(4)
    state.apply_action(1)
    for _ in range(104):  # all but three cards: the three jokers
        state.apply_action(next(card for card, _ in state.chance_outcomes() if card != 52))
    assert state.chance_outcomes() == [(52, 1.0)]
    assert state.action_to_string(CHANCE, 0) == "outcome 0 (not possible here)"
    with pytest.raises(ValueError, match="chance outcome 0 is not a card left to place"):
        state.apply_action(0)
    for _ in range(3):
        state.apply_action(52)
    assert state.action_to_string(CHANCE, 105) == "cut: 106 cards lifted"
    state.apply_action(105)
    assert state.round_state.cut == 106
    with pytest.raises(ValueError, match="not a chance node"):
        state.chance_outcomes()


def test_action_strings_name_the_library_actions() -> None:
    state = load(shuffle="seeded", seed=3).new_initial_state()
    assert state.action_to_string(0) == "DrawStock"
    assert state.action_to_string(2) == "action 2 (not legal here)"
    state.apply_action(1)
    assert state.action_to_string(5) == "Discard AC"
    with pytest.raises(cr.IllegalActionError, match="R13"):
        state.apply_action(0)


def test_go_downs_are_played_by_their_rank() -> None:
    game = load(rounds=1, shuffle="seeded", seed=0)
    state = game.new_initial_state()
    base = game.encoding.go_down_base
    for current in play(state, heuristic):
        if current.is_terminal() or current.is_chance_node():
            continue
        go_downs = [action for action in current.legal_actions() if action >= base]
        if go_downs:
            engine = current.round_state
            assert current.action_to_string(go_downs[0]).startswith("GoDown ")
            assert current.action_to_string(go_downs[-1] + 1) == (
                f"action {go_downs[-1] + 1} (not legal here)"
            )
            current.apply_action(go_downs[0])
            assert current.round_state.down[engine.active]
            return
    raise AssertionError("nobody went down")


def finished(**params: str | int) -> Any:
    """A seeded game of the heuristic bot, played to its end."""
    state = load(shuffle="seeded", **params).new_initial_state()
    assert state.returns() == [0.0] * state.get_game().num_players()
    return play_out(state, heuristic)


def test_win_loss_returns_share_the_win_and_penalties_negate_the_totals() -> None:
    penalties = finished(rounds=1, seed=8)
    win_loss = finished(rounds=1, seed=8, returns="win_loss")
    engine = penalties.round_state
    assert penalties.returns() == [float(-total) for total in engine.scores]
    best = min(engine.scores)
    winners = [p for p, total in enumerate(engine.scores) if total == best]
    assert win_loss.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(4)]
    # Ties share the win (R28), unless the last round breaks them (R34, progressive).
    tied = engine.replace(totals=cr.Totals((40, 40, 90, 100), (0, 40, 50, 60), None))
    assert win_loss.get_game()._returns(tied) == [0.5, 0.5, 0.0, 0.0]
    progressive = finished(variant="progressive", rounds=1, seed=8, returns="win_loss")
    broken = progressive.round_state.replace(
        totals=cr.Totals((40, 40, 90, 100), (0, 40, 50, 60), None)
    )
    assert progressive.get_game()._returns(broken) == [1.0, 0.0, 0.0, 0.0]


def test_r28_a_game_over_after_its_rounds_takes_no_action() -> None:
    over = finished(rounds=1, seed=3)
    returns = over.returns()
    assert over.is_terminal()
    assert over.round_state.phase is cr.Phase.ROUND_OVER  # the library's game would go on
    for action in (encoding.NEXT_ROUND, encoding.DRAW_STOCK):
        with pytest.raises(cr.IllegalActionError, match=r"^R28: the game is over, its 1 round"):
            over.apply_action(action)
    assert over.is_terminal()
    assert over.returns() == returns


# -- search -----------------------------------------------------------------------------------


def test_the_evaluator_values_states_in_the_units_of_the_returns() -> None:
    game = load(rounds=1, shuffle="seeded", seed=2, returns="win_loss")
    state = game.new_initial_state()
    values = crs.Evaluator().evaluate(state)
    assert sorted(values.tolist()) == [0.0, 0.0, 0.0, 1.0]
    assert crs.Evaluator(cr.HeuristicBot(), seed=4).evaluate(state).sum() == pytest.approx(1.0)
    undealt = load(rounds=1, returns="win_loss").new_initial_state()
    assert crs.Evaluator().evaluate(undealt).tolist() == [0.25] * 4
    assert crs.Evaluator().prior(undealt) == undealt.chance_outcomes()
    play_out(state, heuristic)
    assert crs.Evaluator().evaluate(state).tolist() == state.returns()
    # Between rounds, the totals stand as they are.
    two = load(rounds=2, shuffle="seeded", seed=2).new_initial_state()
    for current in play(two, heuristic):
        if current.round_state.phase is cr.Phase.ROUND_OVER:
            break
    totals = [float(-total) for total in two.round_state.scores]
    assert crs.Evaluator().evaluate(two).tolist() == totals


@pytest.mark.parametrize(
    ("seed", "error", "message"),
    [
        (-1, ValueError, r"^seed must not be negative, got -1$"),
        ("1", TypeError, r"^seed must be an int, got '1'$"),
        (1.5, TypeError, r"^seed must be an int, got 1\.5$"),
        (None, TypeError, r"^seed must be an int, got None$"),
        (True, TypeError, r"^seed must be an int, got True$"),
    ],
)
def test_the_evaluator_refuses_a_seed_that_is_not_an_int_of_0_or_more(
    seed: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        crs.Evaluator(cr.HeuristicBot(), seed=seed)


def test_the_evaluators_rollouts_repeat_with_their_seed() -> None:
    state = load(rounds=1, shuffle="seeded", seed=2).new_initial_state()
    seeds: tuple[Any, ...] = (7, np.int64(7), 7)  # NumPy's integers are taken too
    values = [
        crs.Evaluator(cr.HeuristicBot(), seed=seed).evaluate(state).tolist() for seed in seeds
    ]
    assert values[0] == values[1] == values[2]


def test_the_library_bot_plays_at_decision_nodes_only() -> None:
    state = load().new_initial_state()
    with pytest.raises(ValueError, match="decision nodes only"):
        crs.LibraryBot(cr.HeuristicBot()).step(state)


def test_a_library_bot_and_an_evaluator_refuse_what_is_not_a_bot_when_made() -> None:
    with pytest.raises(TypeError, match=r"^bot must be a bot \(with a choose\(view\) method\)"):
        crs.LibraryBot(typeless(0))
    with pytest.raises(TypeError, match=r"^bot is the class HeuristicBot, not a bot: make one"):
        crs.LibraryBot(typeless(cr.HeuristicBot))
    with pytest.raises(TypeError, match=r"^rollout_bot must be a bot"):
        crs.Evaluator(typeless("heuristic"))


@pytest.mark.parametrize("rollouts", [False, True], ids=["hand-penalties", "heuristic-rollouts"])
def test_ismcts_plays_a_whole_round_against_the_heuristic_bot(rollouts: bool) -> None:
    game = load(rounds=1)
    evaluator = crs.Evaluator(cr.HeuristicBot() if rollouts else None, seed=1)
    search = ismcts.ISMCTSBot(
        game, evaluator, uct_c=30.0, max_simulations=4, random_state=np.random.RandomState(1)
    )
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    search.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    bots = [search, *(crs.LibraryBot(cr.HeuristicBot()) for _ in range(3))]
    state = game.new_initial_state()
    searched = 0
    for current in play(state, lambda state: int(bots[state.current_player()].step(state))):
        searched += not current.is_terminal() and current.current_player() == 0
    assert state.is_terminal()
    assert searched > 10
    returns = state.returns()
    assert len(returns) == 4
    assert max(returns) == 0.0  # somebody went out


def _held_and_fresh() -> tuple[Any, Any]:
    """OpenSpiel states of the two deals of :func:`scenario.taken_7h`, after the take."""
    game = load(rounds=1, shuffle="seeded")
    states = []
    for held in (True, False):
        state = game.new_initial_state()
        state._core = crs._Core(cr.apply(taken_7h(held), cr.TakeDiscard()))
        states.append(state)
    held_state, fresh_state = states
    assert held_state.round_state.turn.kept_card is None
    assert fresh_state.round_state.turn.kept_card is not None
    return held_state, fresh_state


def test_r17_information_states_hide_whether_the_taken_card_is_kept() -> None:
    """Two deals that differ only in whether player 0 held a copy of the 7H they take."""
    held_state, fresh_state = _held_and_fresh()
    for player in (1, 2, 3):
        assert held_state.information_state_string(player) == fresh_state.information_state_string(
            player
        )
        assert held_state.observation_tensor(player) == fresh_state.observation_tensor(player)
    assert held_state.information_state_string(0) != fresh_state.information_state_string(0)


def test_r17_the_public_observation_hides_whether_the_taken_card_is_kept() -> None:
    held_state, fresh_state = _held_and_fresh()
    game = held_state.get_game()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    seen = []
    for state in (held_state, fresh_state):
        texts = {public.string_from(state, player) for player in range(4)}
        assert len(texts) == 1  # the same for every player
        public.set_from(state, 1)
        seen.append((texts.pop(), public.tensor.copy().tolist()))
    assert seen[0] == seen[1]


# -- serialization ----------------------------------------------------------------------------


def _text_after(params: dict[str, str | int], actions: int) -> str:
    """A state of the game of ``params`` after ``actions`` steps, chance's included."""
    state = load(**params).new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(actions):
        state.apply_action(
            sample(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    text: str = state.serialize()
    return text


def test_deserialize_state_gives_back_the_state_of_the_same_game() -> None:
    params: dict[str, str | int] = {"variant": "liverpool", "players": 3, "shuffle": "chance"}
    text = _text_after(params, 120)  # the first dealer, the deal and some turns
    again = load(**params).deserialize_state(text)
    assert again.serialize() == text
    assert again.round_state.variant == cr.VARIANTS["liverpool"]
    assert again.round_state.players == 3
    assert again.legal_actions()


@pytest.mark.parametrize(
    ("source", "target", "held", "game"),
    [
        (  # another variant and number of players
            {"shuffle": "seeded", "seed": 3},
            {"variant": "liverpool", "players": 3, "shuffle": "seeded", "seed": 3},
            "variant=pagat, players=4, shuffle=seeded, in round 1",
            "variant=liverpool, players=3, shuffle=seeded, rounds=7",
        ),
        (  # another number of players alone (R1)
            {"variant": "liverpool", "players": 4, "shuffle": "seeded"},
            {"variant": "liverpool", "players": 3, "shuffle": "seeded"},
            "variant=liverpool, players=4, shuffle=seeded, in round 1",
            "variant=liverpool, players=3, shuffle=seeded, rounds=7",
        ),
        (  # dealt by chance, into a seeded game, which has no chance node
            {"rounds": 1},
            {"rounds": 1, "shuffle": "seeded"},
            "variant=pagat, players=4, shuffle=chance, in round 1",
            "variant=pagat, players=4, shuffle=seeded, rounds=1",
        ),
        (  # seeded, into a game dealt by chance
            {"rounds": 1, "shuffle": "seeded"},
            {"rounds": 1},
            "variant=pagat, players=4, shuffle=seeded, in round 1",
            "variant=pagat, players=4, shuffle=chance, rounds=1",
        ),
    ],
)
def test_deserialize_state_refuses_a_state_of_another_game(
    source: dict[str, str | int], target: dict[str, str | int], held: str, game: str
) -> None:
    text = _text_after(source, 3)
    expected = f"the text holds a state of another game: {held}; this game is {game}"
    with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
        load(**target).deserialize_state(text)


def test_deserialize_state_refuses_a_round_past_the_games_last() -> None:
    state = load(variant="liverpool", players=3, shuffle="seeded", seed=1).new_initial_state()
    for _ in range(2000):
        if state.round_state.round_number == 2:
            break
        state.apply_action(state.legal_actions()[0])
    assert state.round_state.round_number == 2
    one_round = load(variant="liverpool", players=3, shuffle="seeded", seed=1, rounds=1)
    with pytest.raises(
        ValueError,
        match=(
            r"^the text holds a state of another game: variant=liverpool, players=3, "
            r"shuffle=seeded, in round 2; this game is variant=liverpool, players=3, "
            r"shuffle=seeded, rounds=1$"
        ),
    ):
        one_round.deserialize_state(state.serialize())
