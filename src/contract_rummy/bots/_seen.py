"""What a bot is shown: a view as it is, a state as its player to act sees it."""

from __future__ import annotations

from typing import Final

from contract_rummy.engine import chooser
from contract_rummy.state import Phase, RoundState
from contract_rummy.views import PlayerView, view

__all__ = ["seen_by"]

_GAME_OVER: Final = Phase.GAME_OVER  # read once: an enum member costs more from its class


def seen_by(state: RoundState | PlayerView) -> PlayerView:
    """The view a bot plays on: a view as it is, a state as its player to act sees it.

    Raises:
        ValueError: if the game is over (R28): no bot has anything to choose.
    """
    if state.phase is _GAME_OVER:
        raise ValueError("R28: the game is over: no player may act, so no bot can choose")
    if isinstance(state, PlayerView):
        return state
    player = chooser(state)
    assert player is not None  # the game is not over
    return view(state, player)
