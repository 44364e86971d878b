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
        ValueError: if the game is over (R28) or chance deals now (R5, a game dealt step by
            step): no bot has anything to choose; or if the view's player is not the one
            to choose now (``chooser``), so that every bot says so alike rather than
            choosing for someone else's turn.
    """
    now = chooser(state)  # (which refuses what is neither a state nor a view)
    if now is None and state.phase is _GAME_OVER:
        raise ValueError("R28: the game is over: no player may act, so no bot can choose")
    if isinstance(state, PlayerView):
        if now != state.player:
            who = "chance deals" if now is None else f"player {now} chooses"
            raise ValueError(
                f"player {state.player} has nothing to choose in this view: {who} now"
            )
        return state
    if now is None:
        raise ValueError(
            "R5: chance deals now: no player chooses, so no bot can; play chance's outcome "
            "(legal_actions(state) lists them) or deal with contract_rummy.deal"
        )
    return view(state, now)
