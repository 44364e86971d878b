"""The state of the OpenSpiel game: :class:`ContractRummyState`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from contract_rummy.engine import chooser
from contract_rummy.errors import IllegalActionError
from contract_rummy.notation import format_action
from contract_rummy.openspiel import _chance as chance
from contract_rummy.openspiel import _recall as recall
from contract_rummy.openspiel import _text as text
from contract_rummy.openspiel._chance import Core
from contract_rummy.shuffler import StepShuffler
from contract_rummy.state import RoundState
from contract_rummy.views import PlayerView, determinize, view

if TYPE_CHECKING:
    from contract_rummy.openspiel._game import ContractRummyGame

#: A seed drawn from a sampler's float in [0, 1) keeps its 53 bits.
_SEED_BITS: Final = 53
#: The fields of an observation that only its player sees.
_PRIVATE_FIELDS: Final = frozenset({"hand", "kept_card"})


class ContractRummyState(pyspiel.State):  # type: ignore[misc] # OpenSpiel has no type hints
    """A state of :class:`ContractRummyGame`: made by ``game.new_initial_state()``.

    >>> import pyspiel
    >>> import contract_rummy.openspiel
    >>> game = pyspiel.load_game("python_contract_rummy(rounds=1)")
    >>> state = game.new_initial_state()
    >>> state.round_state is None, state.chance_outcomes()[0], state.action_to_string(3)
    (True, (0, 0.25), 'first dealer: player 3')
    >>> state.apply_action(3)
    >>> state.chance_outcomes()[:2]
    [(0, 0.018691588785046728), (1, 0.018691588785046728)]
    """

    def __init__(self, game: ContractRummyGame) -> None:
        super().__init__(game)
        self._core: Core = game._first
        # What each player has seen: the chain of the game's steps (see the package), with
        # the core it leads to.
        self._seen: tuple[Core, recall.Link | None] = (self._core, game._start)

    # -- what the state is ----------------------------------------------------------------

    @property
    def round_state(self) -> RoundState | None:
        """The engine's state: while chance draws for an action, the state before it.

        ``None`` before the first deal.
        """
        return chance.before(self._core)

    def player_view(self, player: int) -> PlayerView | None:
        """What ``player`` sees of :attr:`round_state`, or ``None`` before the first deal."""
        engine = chance.before(self._core)
        return None if engine is None else view(engine, player)

    def _game(self) -> ContractRummyGame:
        game: ContractRummyGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The player to act; OpenSpiel's chance or terminal player id when there is none."""
        core = self._core
        if core.point is not None:
            return int(pyspiel.PlayerId.CHANCE)
        engine = core.engine
        if self._game()._over(engine):
            return int(pyspiel.PlayerId.TERMINAL)
        player = chooser(engine)
        assert player is not None  # a game over is over for OpenSpiel too
        return player

    def is_terminal(self) -> bool:
        """Whether the game is over: every round played is scored."""
        core = self._core
        return core.point is None and self._game()._over(core.engine)

    def returns(self) -> list[float]:
        """Each player's return: 0 until the end, then as the ``returns`` parameter says."""
        engine = self._core.engine
        game = self._game()
        if self._core.point is not None or not game._over(engine):
            return [0.0] * game.players
        return game._returns(engine)

    def __str__(self) -> str:
        return text.whole(self._core)

    # -- actions --------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._core.engine
        return self._game().encoding.legal_ids(engine)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities (see the module)."""
        return chance.outcomes(self._core)

    def _apply_action(self, action: int) -> None:
        core = self._core
        game = self._game()
        if self.is_terminal():  # (the engine's game may go on: rounds= ends it sooner)
            raise IllegalActionError(
                f"the game is over, its {game.rounds} round{'s' * (game.rounds != 1)} "
                "scored: no action may be applied",
                rule="R28",
            )
        if core.point is None:
            engine = core.engine
            played = game._action(engine, action)
            after, events = chance.play(game.variant, game.players, engine, played)
            who = chooser(engine)
            assert who is not None
            head = self._history()
            if after.point is None:
                head = recall.acted(head, who, played, engine, events, after.engine)
            else:
                head = recall.acted(head, who, played, engine, None, None)
        else:
            after, events = chance.draw(game.variant, game.players, core, action)
            head = self._history()
            if after.point is None:
                head = recall.drawn(head, events, after.engine)
        self._core = after
        self._seen = (after, head)

    def _history(self) -> recall.Link | None:
        """The chain of the game's steps that leads to this state.

        A state whose core was replaced from outside (a position set up by hand) starts its
        history there, as the players' first view.
        """
        core, head = self._seen
        if core is not self._core:
            head = recall.start(chance.before(self._core))
            self._seen = (self._core, head)
        return head

    def _restart(self, engine: RoundState) -> None:
        """Make this state a game that starts at ``engine``, as the players' first view."""
        self._core = Core(engine)
        self._seen = (self._core, recall.start(engine))

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE and core.point is not None:
            return chance.outcome_text(core, action)
        engine = chance.before(core)
        if engine is None:
            return f"action {action}"
        try:
            played = self._game()._action(engine, action)
        except ValueError:  # IllegalActionError included
            return f"action {action} (not legal here)"
        return format_action(played, engine)

    # -- what players know ----------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt anew.

        The engine's state is :func:`~contract_rummy.determinize` of the player's view,
        with a seed of 53 bits from one call of ``probability_sampler`` (which returns a
        float in ``[0, 1)``). While chance draws for an action, the action is kept and
        chance draws for it again. The new state's OpenSpiel history is empty.

        >>> import pyspiel
        >>> import contract_rummy.openspiel
        >>> game = pyspiel.load_game("python_contract_rummy(shuffle=seeded)")
        >>> state = game.new_initial_state()
        >>> other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0., 1.))
        >>> other.information_state_string(0) == state.information_state_string(0)
        True
        """
        game = self._game()
        core = self._core
        engine = chance.before(core)
        other = game.new_initial_state()
        if engine is None:
            return other
        seed = int(float(probability_sampler()) * (1 << _SEED_BITS))
        behind = determinize(view(engine, player_id), seed)
        chanced = game.shuffle == "chance"
        other._core = chance.redeal(
            game.variant, game.players, behind, chance.waiting_action(core), chance=chanced
        )
        other._seen = (other._core, recall.resampled(self._history(), player_id, behind))
        return other

    def _describe(self, player: int, *, public: bool, private: bool, recall_: bool) -> str:
        """What ``player`` knows, as text: the public part, their private part, or both.

        ``recall``: the player's history (their information state), else what they see now.
        """
        if not recall_:
            return text.known(self._core, player, public=public, private=private, moves=False)
        lines = [f"player {player}"] if private else []
        body = recall.text(self._history(), player, public=public, private=private)
        if body:
            lines.append(body)
        if public and self._core.point is not None:
            lines.append(f"waiting for chance: {chance.waiting(self._core)}")
        return "\n".join(lines)

    def _observe(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``player``'s observation tensor into ``out``."""
        engine = chance.before(self._core)
        if engine is None:
            out.fill(0.0)
        else:
            out[:] = self._game()._observation(engine, player)

    def _observe_public(self, out: npt.NDArray[np.float32]) -> None:
        """Write the public observation into ``out``: player 0's, without what is theirs.

        The hand, and the card R17 keeps in it (the fields ``hand`` and ``kept_card``): it
        is shown to its taker only, since whether it is kept depends on the hand.
        """
        self._observe(0, out)
        for field in self._game().encoding.observation_fields():
            if field.name in _PRIVATE_FIELDS:
                out[field.start : field.stop] = 0.0

    def _observe_private(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``player``'s private observation into ``out``: the copies of each card."""
        out.fill(0.0)
        engine = chance.before(self._core)
        if engine is not None:
            for card in engine.hands[player]:
                out[card.index] += 1.0


def check_of_game(game: ContractRummyGame, state: ContractRummyState) -> None:
    """Refuse ``state`` unless it is a state of ``game``: its variant, players, shuffle, round.

    For ``game.deserialize_state``, which fills a new state of ``game`` with whatever the
    text holds.

    Raises:
        ValueError: if ``state`` holds a game of another variant, number of players or
            shuffle, or a round past the game's last; the message names what it holds and
            what the game is.
    """
    engine = state._core.engine
    variant = engine.variant
    dealt_by_chance = isinstance(engine.chance.shuffler, StepShuffler)
    if (
        variant != game.variant
        or engine.players != game.players
        or dealt_by_chance != (game.shuffle == "chance")
        or engine.round_number > game.rounds
    ):
        name = variant.name
        if name == game.variant.name and variant != game.variant:
            name += " (with other rules than this game's)"
        shuffle = "chance" if dealt_by_chance else "seeded"
        raise ValueError(
            f"the text holds a state of another game: variant={name}, "
            f"players={engine.players}, shuffle={shuffle}, in round {engine.round_number}; "
            f"this game is variant={game.variant.name}, players={game.players}, "
            f"shuffle={game.shuffle}, rounds={game.rounds}"
        )
