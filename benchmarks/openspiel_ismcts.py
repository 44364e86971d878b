"""OpenSpiel's ISMCTS bot against the library's heuristic bot, in the OpenSpiel game.

``python -m benchmarks.openspiel_ismcts`` (needs the ``openspiel`` extra) loads
``python_contract_rummy`` with OpenSpiel, seats OpenSpiel's information-set Monte Carlo tree
search (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) at one seat and the library's
:class:`~contract_rummy.HeuristicBot` (through :class:`~contract_rummy.openspiel.LibraryBot`)
at the others, plays whole games, the search taking each seat in turn, and prints each
game's totals, then the search's mean total and wins beside the heuristic bots' and the
time the search took per decision.

The search samples the hidden cards with the game's ``resample_from_infostate`` (a seeded
sampler, so that a run can be repeated) and values the states it reaches with
:class:`~contract_rummy.openspiel.Evaluator`: random rollouts, OpenSpiel's default, almost
never end a round of this game before its turn cap, so the leaves are valued either by the
hands' penalty points as if the round ended there (``--evaluator hand``, instant) or by
rollouts of the heuristic bot at every seat to the end of the game (``--evaluator
rollouts``, the default, a few milliseconds a round). The returns are the players' total
penalty points, negated, so the exploration constant (``--uct-c``) is in points.

Options: ``--games`` (8), ``--rounds`` played of the variant (1; 0 for all), ``--variant``
(``pagat``), ``--simulations`` per decision (50), ``--evaluator``, ``--uct-c`` (30),
``--seed`` (0). The defaults take about half a minute.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import contract_rummy as cr
import contract_rummy.openspiel as crs


def play_game(
    game: Any, search: Any, seat: int, rng: np.random.RandomState
) -> tuple[list[float], int, float]:
    """One game with the search at ``seat``: the returns, its decisions and their time.

    Played here rather than by OpenSpiel's ``evaluate_bots``, which restarts every bot
    with ``restart_at``, a method the Python ISMCTS bot does not have.
    """
    players = game.num_players()
    bots: list[Any] = [crs.LibraryBot(cr.HeuristicBot()) for _ in range(players)]
    bots[seat] = search
    state = game.new_initial_state()
    decisions, spent = 0, 0.0
    limit = game.max_game_length() + game.max_chance_nodes_in_history()
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
            continue
        player = state.current_player()
        started = time.perf_counter()
        action = bots[player].step(state)
        if player == seat:
            decisions += 1
            spent += time.perf_counter() - started
        state.apply_action(action)
    if not state.is_terminal():
        raise RuntimeError(f"the game is still going after {limit} steps")
    return state.returns(), decisions, spent


def make_search(game: Any, options: argparse.Namespace, rollout: cr.Bot | None, seed: int) -> Any:
    """OpenSpiel's ISMCTS bot, seeded, sampling hidden cards with the game's resampling."""
    search = ismcts.ISMCTSBot(
        game,
        crs.Evaluator(rollout, seed=seed),
        uct_c=options.uct_c,
        max_simulations=options.simulations,
        random_state=np.random.RandomState(seed),
    )
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    search.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--variant", default="pagat")
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--evaluator", choices=("hand", "rollouts"), default="rollouts")
    parser.add_argument("--uct-c", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    if options.games < 1 or options.simulations < 1:
        parser.error("--games and --simulations must be at least 1")
    params = {"variant": options.variant, "rounds": options.rounds, "returns": "penalties"}
    game = pyspiel.load_game(crs.GAME_NAME, params)
    players = game.num_players()
    rollout = cr.HeuristicBot() if options.evaluator == "rollouts" else None
    print(
        f"{game}: ISMCTS ({options.simulations} simulations a decision, {options.evaluator} "
        f"evaluator, uct_c {options.uct_c}) against {players - 1} heuristic bots"
    )
    mine: list[int] = []
    theirs: list[int] = []
    wins = their_wins = decisions = 0
    spent = 0.0
    for number in range(options.games):
        seed = options.seed + number
        search = make_search(game, options, rollout, seed)
        seat = number % players
        returns, count, took = play_game(game, search, seat, np.random.RandomState(seed))
        totals = [round(-value) for value in returns]
        best = min(totals)
        mine.append(totals[seat])
        theirs.extend(total for p, total in enumerate(totals) if p != seat)
        wins += totals[seat] == best
        their_wins += sum(total == best for p, total in enumerate(totals) if p != seat)
        decisions += count
        spent += took
        shown = " ".join(f"{total:>4}" for total in totals)
        print(f"game {number:>3}: ISMCTS in seat {seat}; totals {shown}")
    games = options.games
    print(
        f"ISMCTS: mean total {statistics.fmean(mine):.1f}, won {wins} of {games} "
        f"(ties shared count as wins)"
    )
    print(
        f"heuristic bots: mean total {statistics.fmean(theirs):.1f}, won "
        f"{their_wins / (players - 1):.1f} of {games} each on average"
    )
    print(f"ISMCTS time: {1000 * spent / max(decisions, 1):.0f} ms a decision, {decisions} in all")


if __name__ == "__main__":
    main()
