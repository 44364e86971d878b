"""What a player observes, as OpenSpiel's Python games give it: :class:`Observer`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pyspiel

if TYPE_CHECKING:
    from contract_rummy.openspiel._game import ContractRummyGame
    from contract_rummy.openspiel._state import ContractRummyState


class Observer:
    """What a player observes, as OpenSpiel's Python games give it: text and numbers.

    OpenSpiel builds one through :meth:`ContractRummyGame.make_py_observer` for the
    information state (``perfect_recall`` set: the text is the player's history, and there
    are no numbers) and one for the observation; build others with
    ``open_spiel.python.observation.make_observation(game, iig_obs_type)``. The type says
    what is observed (with ``perfect_recall``, over the whole history, as the package says):

    - public and private information (the default): the player's view, as the module
      says, with :meth:`~contract_rummy.encoding.Encoding.observation`'s numbers;
    - public information only (``private_info=PrivateInfoType.NONE``): the same for every
      player: the view without its hand and kept card, and player 0's numbers with the
      ``hand`` and ``kept_card`` fields zero;
    - private information only (``public_info=False``): the player, their hand and the
      card R17 keeps in it, and as numbers the ``hand`` field: the copies of each card by
      index.

    Attributes:
        tensor: The numbers of the last :meth:`set_from`, numpy's 32-bit floats (none with
            ``perfect_recall``).
        dict: The same numbers by field: each name of
            :meth:`~contract_rummy.encoding.Encoding.observation_fields` to its part of
            ``tensor`` (only ``hand`` for the private information).

    >>> import pyspiel
    >>> from open_spiel.python.observation import make_observation
    >>> import contract_rummy.openspiel
    >>> game = pyspiel.load_game("python_contract_rummy(shuffle=seeded,seed=1)")
    >>> seen = make_observation(game)
    >>> seen.set_from(game.new_initial_state(), 0)
    >>> int(seen.dict["hand"].sum()), seen.tensor.shape == (game.encoding.observation_size,)
    (10, True)
    >>> mine = make_observation(game, pyspiel.IIGObservationType(
    ...     public_info=False, perfect_recall=False))
    >>> print(mine.string_from(game.new_initial_state(), 0))
    Hand of player 0 (10 cards):
      clubs     6C 7C
      diamonds  9D 10D
      hearts    8H JH
      spades    7S 8S 10S KS
      same rank 7 x2, 8 x2, 10 x2
    """

    def __init__(self, game: ContractRummyGame, iig_obs_type: Any, params: Any) -> None:
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes the parameters alone
            iig_obs_type, params = None, {**iig_obs_type, **(params or {})}
        if params:
            raise ValueError(f"the observer takes no parameters; got {dict(params)!r}")
        kinds = pyspiel.PrivateInfoType
        if iig_obs_type is None:
            public, private, recall = True, True, False
        else:
            if iig_obs_type.private_info == kinds.ALL_PLAYERS:
                raise ValueError(
                    "no player observes the other players' hands: str(state) shows them all"
                )
            public = bool(iig_obs_type.public_info)
            private = iig_obs_type.private_info == kinds.SINGLE_PLAYER
            recall = bool(iig_obs_type.perfect_recall)
            if not (public or private):
                raise ValueError("an observation of neither public nor private information")
        self._public, self._private, self._recall = public, private, recall
        encoding = game.encoding
        fields = [
            field
            for field in encoding.observation_fields()
            if not recall and (public or field.name == "hand")
        ]
        size = fields[-1].stop if fields else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            field.name: self.tensor[field.start : field.stop] for field in fields
        }

    def set_from(self, state: ContractRummyState, player: int) -> None:
        """Make :attr:`tensor` what ``player`` observes in ``state`` (nothing with recall)."""
        if self._recall:
            return
        if not self._public:
            state._observe_private(player, self.tensor)
        elif self._private:
            state._observe(player, self.tensor)
        else:
            state._observe_public(self.tensor)

    def string_from(self, state: ContractRummyState, player: int) -> str:
        """What ``player`` observes in ``state``, as text (see the module)."""
        return state._describe(
            player, public=self._public, private=self._private, recall_=self._recall
        )
