"""The random bot: a seeded uniform choice among the legal actions."""

from __future__ import annotations

import random

import attrs

from contract_rummy._checks import at_least
from contract_rummy.actions import Action
from contract_rummy.bots._seen import seen_by
from contract_rummy.engine import legal_actions
from contract_rummy.state import RoundState
from contract_rummy.views import PlayerView

__all__ = ["RandomBot"]


@attrs.define
class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    >>> import contract_rummy as cr
    >>> bot = RandomBot(seed=1)
    >>> state = cr.new_game(seed=1)
    >>> bot.choose(cr.view(state, state.to_act)) in cr.legal_actions(state)
    True
    """

    seed: int = attrs.field(default=0, validator=at_least(0))
    _random: random.Random = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, seen: PlayerView | RoundState) -> Action:
        """A uniformly random legal action of the view (or of the player to act)."""
        legal = legal_actions(seen_by(seen))  # (a view of a player not to act is refused)
        return legal[self._random.randrange(len(legal))]
