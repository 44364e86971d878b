"""What a game ending now would score: the one place the package reads the engine's scoring.

The engine's public :func:`~contract_rummy.engine.end_round` and
:func:`~contract_rummy.engine.winners_of` end a round early and name the winners of totals.
"""

from __future__ import annotations

from contract_rummy.engine import end_round, winners_of
from contract_rummy.events import RoundEnd
from contract_rummy.state import Phase, RoundState


def winners(engine: RoundState) -> tuple[int, ...]:
    """The players who win if the game ends at ``engine``, its round scored (R28, R34)."""
    if engine.winners is not None:
        return engine.winners
    assert engine.penalties is not None
    return winners_of(engine.variant, engine.scores, engine.penalties)


def scored_now(engine: RoundState) -> RoundState:
    """``engine`` as if its round ended now, every hand scored (R27)."""
    if engine.phase in {Phase.ROUND_OVER, Phase.GAME_OVER}:
        return engine
    return end_round(engine, RoundEnd.STOCK_EXHAUSTED, engine.moves)[0]
