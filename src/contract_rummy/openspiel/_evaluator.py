"""Leaf values for OpenSpiel's tree searches: :class:`Evaluator`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from contract_rummy._checks import as_int
from contract_rummy.bots import Bot
from contract_rummy.openspiel import _scoring as scoring
from contract_rummy.playing import check_bot, steps
from contract_rummy.shuffler import SEEDED, seed_state
from contract_rummy.state import Chance

if TYPE_CHECKING:
    from contract_rummy.openspiel._state import ContractRummyState


class Evaluator:
    """Leaf values for OpenSpiel's tree searches (``mcts.MCTSBot``, ``ismcts.ISMCTSBot``).

    A tree search asks an evaluator for the value of a state it meets for the first time
    (``evaluate``) and for the prior probability of its actions (``prior``). Random
    rollouts, OpenSpiel's default, hardly ever end a round of this game before its turn
    cap (random players almost never go out), so this evaluator values a state by what the
    library knows of it:

    - with no ``rollout_bot``, the returns the game would give if the round ended now
      with every hand scored (R27: the round's penalties are the cards in hand): instant,
      but blind to how close a hand is to going down;
    - with a ``rollout_bot`` (such as :class:`~contract_rummy.HeuristicBot`), the returns
      at the end of the game, played out from the state by that bot at every seat
      through the engine, the shuffles from the seeded shuffler.

    Either way the values are in the units of the game's returns, so a search's
    exploration constant should match them: tens of points with ``returns=penalties``,
    about 1 with ``win_loss``. A chance node is valued by the state before the action
    waiting for chance. The prior is uniform over the legal actions.

    Args:
        rollout_bot: The library bot that plays rollouts, or ``None`` for none.
        seed: Seeds the rollouts' shuffles: an int of 0 or more (NumPy's integers too), the
            same seed giving the same rollouts.

    Raises:
        TypeError: if ``rollout_bot`` is not a bot, or ``seed`` not an int (``None``, a
            float, a str and a bool are not).
        ValueError: if ``seed`` is negative.

    >>> import pyspiel
    >>> import contract_rummy as cr
    >>> import contract_rummy.openspiel as crs
    >>> game = pyspiel.load_game("python_contract_rummy(rounds=1,shuffle=seeded,seed=2)")
    >>> state = game.new_initial_state()
    >>> crs.Evaluator().evaluate(state).tolist()
    [-63.0, -87.0, -78.0, -89.0]
    >>> values = crs.Evaluator(cr.HeuristicBot(), seed=1).evaluate(state)
    >>> len(values), crs.Evaluator().prior(state)
    (4, [(0, 0.5), (1, 0.5)])
    >>> crs.Evaluator(seed=-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must not be negative, got -1
    """

    def __init__(self, rollout_bot: Bot | None = None, *, seed: int = 0) -> None:
        if rollout_bot is not None:
            check_bot(rollout_bot, "rollout_bot")  # a TypeError now, not at the first value
        self._bot = rollout_bot
        self._rng = np.random.default_rng(as_int("seed", seed, minimum=0))

    def evaluate(self, state: ContractRummyState) -> npt.NDArray[np.float64]:
        """The value of ``state`` to each player, in the units of its returns."""
        if state.is_terminal():
            return np.array(state.returns(), dtype=np.float64)
        game = state._game()
        engine = state.round_state
        if engine is None:  # not dealt yet: every seat is alike, with no penalty yet
            alike = 0.0 if game.returns == "penalties" else 1.0 / game.players
            return np.full(game.players, alike)
        if self._bot is None:
            return np.array(game._returns(scoring.scored_now(engine)), dtype=np.float64)
        seed = int(self._rng.integers(1 << 63))
        played = engine.replace(chance=Chance(seed_state(seed), SEEDED))
        # The game loop, stopped where the game does: after its last round (``rounds``).
        if not game._over(played):
            for _before, _player, _action, after, _events in steps(
                played, [self._bot] * game.players
            ):
                played = after
                if game._over(played):
                    break
        return np.array(game._returns(played), dtype=np.float64)

    def prior(self, state: ContractRummyState) -> list[tuple[int, float]]:
        """Each legal action (or chance outcome) with its prior probability."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]
