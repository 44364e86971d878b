"""What a game ending now would score: the one place the package reads the engine's scoring.

The engine has no public name yet for ending a round early or for naming the winners of
totals; both are read here, and only here, from the engine's round module.
"""

from __future__ import annotations

from contract_rummy.engine._round import _winners, end_round
from contract_rummy.events import RoundEnd
from contract_rummy.state import Phase, RoundState


def winners(engine: RoundState) -> tuple[int, ...]:
    """The players who win if the game ends at ``engine``, its round scored (R28, R34)."""
    if engine.winners is not None:
        return engine.winners
    assert engine.penalties is not None
    return _winners(engine.variant, engine.scores, engine.penalties)


def scored_now(engine: RoundState) -> RoundState:
    """``engine`` as if its round ended now, every hand scored (R27)."""
    if engine.phase in {Phase.ROUND_OVER, Phase.GAME_OVER}:
        return engine
    return end_round(engine, RoundEnd.STOCK_EXHAUSTED)[0]
