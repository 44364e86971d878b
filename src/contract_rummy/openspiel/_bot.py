"""The library's bots among OpenSpiel's: :class:`LibraryBot`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pyspiel

from contract_rummy.bots import Bot
from contract_rummy.playing import check_bot

if TYPE_CHECKING:
    from contract_rummy.openspiel._state import ContractRummyState


class LibraryBot(pyspiel.Bot):  # type: ignore[misc] # OpenSpiel has no type hints
    """An OpenSpiel bot that plays as one of the library's bots (:class:`~contract_rummy.Bot`).

    ``step`` shows the library bot the acting player's view and returns the id of the
    action it chooses; the bot keeps no state between steps, so it can start anywhere.

    Args:
        bot: The library bot, such as :class:`~contract_rummy.HeuristicBot`.

    >>> import pyspiel
    >>> import contract_rummy as cr
    >>> import contract_rummy.openspiel as crs
    >>> game = pyspiel.load_game("python_contract_rummy(shuffle=seeded,seed=3)")
    >>> state = game.new_initial_state()
    >>> state.action_to_string(crs.LibraryBot(cr.HeuristicBot()).step(state))
    'DrawStock'
    """

    def __init__(self, bot: Bot) -> None:
        check_bot(bot, "bot")  # a TypeError now, not at the first step
        pyspiel.Bot.__init__(self)
        #: The library bot that chooses.
        self.bot: Final = bot

    def step(self, state: ContractRummyState) -> int:
        """The id of the action the library bot chooses for the player to act."""
        if state.is_chance_node() or state.is_terminal():
            raise ValueError("the library's bots play at decision nodes only")
        seen = state.player_view(state.current_player())
        assert seen is not None  # dealt, since a player is to act
        return int(state._game().encoding.action_id(seen, self.bot.choose(seen)))

    def restart_at(self, state: ContractRummyState) -> None:
        """Nothing to do: the bot plays on each state as it is."""

    def inform_action(self, state: ContractRummyState, player_id: int, action: int) -> None:
        """Nothing to do: the bot plays on each state as it is."""
