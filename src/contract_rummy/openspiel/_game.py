"""The OpenSpiel game: its parameters, its type, and :class:`ContractRummyGame`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, NoReturn

import pyspiel

from contract_rummy._checks import is_int
from contract_rummy.actions import Action, GoDown
from contract_rummy.encoding import encoding_for
from contract_rummy.engine import LegalActions, legal_actions
from contract_rummy.openspiel import _recall as recall
from contract_rummy.openspiel import _scoring as scoring
from contract_rummy.openspiel._bounds import max_chance_nodes, max_game_length
from contract_rummy.openspiel._chance import CARD_COUNT, first
from contract_rummy.openspiel._observer import Observer
from contract_rummy.openspiel._state import ContractRummyState, check_of_game
from contract_rummy.presets import VARIANTS
from contract_rummy.state import Phase, RoundState
from contract_rummy.views import view

#: The name the game is registered under.
GAME_NAME: Final = "python_contract_rummy"
#: The game's parameters and their defaults (see the module).
PARAMETERS: Final[Mapping[str, str | int]] = MappingProxyType(
    {
        "variant": "pagat",
        "players": 4,
        "rounds": 0,
        "returns": "penalties",
        "shuffle": "chance",
        "seed": 0,
    }
)
#: The values of the ``returns`` parameter.
RETURNS: Final = ("penalties", "win_loss")
#: The values of the ``shuffle`` parameter.
SHUFFLES: Final = ("chance", "seeded")
#: The largest ``seed`` parameter, 2**31 - 1: OpenSpiel's game parameters are C++ ints of
#: 32 bits, so a larger seed, which :func:`~contract_rummy.new_game` takes, cannot be one.
MAX_SEED: Final = 2**31 - 1


def game_type(*, stochastic: bool, constant_sum: bool) -> Any:
    """The game's type for OpenSpiel: dealt by chance or seeded, constant-sum or not."""
    Type = pyspiel.GameType  # noqa: N806 - OpenSpiel's class
    return Type(
        short_name=GAME_NAME,
        long_name="Contract Rummy",
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=(
            Type.ChanceMode.EXPLICIT_STOCHASTIC if stochastic else Type.ChanceMode.DETERMINISTIC
        ),
        information=Type.Information.IMPERFECT_INFORMATION,
        utility=Type.Utility.CONSTANT_SUM if constant_sum else Type.Utility.GENERAL_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=max(variant.max_players for variant in VARIANTS.values()),
        min_num_players=min(variant.min_players for variant in VARIANTS.values()),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


def _fail(name: str, allowed: Sequence[object], value: object) -> NoReturn:
    raise ValueError(f"{name} must be one of {', '.join(map(str, allowed))}; got {value!r}")


def _check_types(given: Mapping[str, object]) -> None:
    """Refuse a parameter of the wrong type, as OpenSpiel's own ``load_game`` refuses it.

    A game made by hand gets here without OpenSpiel's check: a ``TypeError`` naming the
    parameter, the type its default has, and the value given.
    """
    for name, default in PARAMETERS.items():
        value = given[name]
        right = is_int(value) if isinstance(default, int) else isinstance(value, type(default))
        if not right:
            kind = "an int" if isinstance(default, int) else f"a {type(default).__name__}"
            if name == "variant":
                kind += ", a preset's name"  # a Variant is no OpenSpiel parameter
            raise TypeError(f"{name} must be {kind}; got {value!r}")


class ContractRummyGame(pyspiel.Game):  # type: ignore[misc] # OpenSpiel has no type hints
    """The OpenSpiel game: made by ``pyspiel.load_game(GAME_NAME, params)``.

    Args:
        params: The game's parameters (see the module); those left out take their default
            from :data:`PARAMETERS`.

    Raises:
        ValueError: if a parameter has a value the game does not allow, or is unknown; the
            message names the allowed values.
        TypeError: if a parameter has the wrong type (an int for ``players``, ``rounds``
            and ``seed``, a str for the others), which ``load_game`` refuses first.

    Attributes:
        variant: The rules played: the preset named by the ``variant`` parameter.
        players: How many players play.
        rounds: How many rounds are played: the ``rounds`` parameter, or every round of
            the variant when it is 0.
        returns: ``"penalties"`` or ``"win_loss"``: what the returns count.
        shuffle: ``"chance"`` or ``"seeded"``: where the randomness comes from.
        seed: The seed of a ``seeded`` game, at most :data:`MAX_SEED`.
        encoding: The :class:`~contract_rummy.encoding.Encoding` of the variant and number
            of players: the action ids and observation tensors.

    >>> import pyspiel
    >>> import contract_rummy.openspiel
    >>> game = pyspiel.load_game("python_contract_rummy", {"variant": "liverpool"})
    >>> game.variant.name, game.rounds, game.num_players(), game.max_chance_outcomes()
    ('liverpool', 7, 4, 53)
    >>> game.num_distinct_actions() == game.encoding.num_distinct_actions
    True
    """

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        given = {**PARAMETERS, **(params or {})}
        unknown = sorted(set(given) - set(PARAMETERS))
        if unknown:
            raise ValueError(
                f"unknown parameter {', '.join(unknown)}; the parameters are "
                f"{', '.join(PARAMETERS)}"
            )
        _check_types(given)
        name = given["variant"]
        if name not in VARIANTS:
            _fail("variant", list(VARIANTS), name)
        variant = VARIANTS[str(name)]
        players, rounds, seed = given["players"], given["rounds"], given["seed"]
        if not is_int(players) or not variant.min_players <= players <= variant.max_players:
            fewest, most = variant.min_players, variant.max_players
            allowed = str(fewest) if fewest == most else f"{fewest} to {most}"
            raise ValueError(f"R1: players must be {allowed} for {variant.name}; got {players!r}")
        if not is_int(rounds) or not 0 <= rounds <= variant.rounds:
            raise ValueError(
                f"rounds must be 0 (every round) or 1 to {variant.rounds} for {variant.name}; "
                f"got {rounds!r}"
            )
        if given["returns"] not in RETURNS:
            _fail("returns", RETURNS, given["returns"])
        if given["shuffle"] not in SHUFFLES:
            _fail("shuffle", SHUFFLES, given["shuffle"])
        if not is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError(
                f"seed must be an int from 0 to {MAX_SEED} (2**31 - 1: OpenSpiel's game "
                f"parameters are 32-bit ints); got {seed!r}"
            )
        self.variant: Final = variant
        self.players: Final = players
        self.rounds: Final = rounds or variant.rounds
        self.returns: Final = str(given["returns"])
        self.shuffle: Final = str(given["shuffle"])
        self.seed: Final = seed
        self.encoding: Final = encoding_for(variant, players)
        chance = self.shuffle == "chance"
        self._first: Final = first(variant, players, seed=None if chance else seed)
        self._start: Final = recall.start(None if chance else self._first.engine)
        self._chance_nodes: Final = (
            max_chance_nodes(variant, players, self.rounds) if chance else 0
        )
        deck = variant.deck(players)
        if self.returns == "win_loss":
            low, high, total = 0.0, 1.0, 1.0
        else:
            low = -float(self.rounds * sum(map(variant.penalty, deck)))
            high = float(self.rounds * variant.cut_bonus)
            total = None
        outcomes = max(CARD_COUNT, players, len(deck) - 1 if variant.cut_bonus else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=outcomes if chance else 0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=max_game_length(variant, players, self.rounds),
        )
        kind = game_type(stochastic=chance, constant_sum=self.returns == "win_loss")
        super().__init__(kind, info, given)
        # The last listing of legal actions, kept for naming go-downs by their rank.
        self._listed: tuple[RoundState | None, LegalActions | None] = (None, None)
        # The last observation made, for the state and player it was made for.
        self._observed: tuple[RoundState | None, int, list[float]] = (None, -1, [])

    def new_initial_state(self) -> ContractRummyState:
        """A new game: dealt by chance, or the seeded game's first state."""
        return ContractRummyState(self)

    def deserialize_state(self, text: str) -> ContractRummyState:
        """The state ``text`` holds (``state.serialize()``), if it is a state of this game.

        Raises:
            ValueError: if the text holds a state of another game: another variant, number
                of players or shuffle, or a round past this game's last. The message names
                what the text holds and what this game is.

        >>> import pyspiel
        >>> import contract_rummy.openspiel
        >>> pagat = pyspiel.load_game("python_contract_rummy(shuffle=seeded,seed=3)")
        >>> text = pagat.new_initial_state().serialize()
        >>> pagat.deserialize_state(text).round_state == pagat.new_initial_state().round_state
        True
        >>> liverpool = pyspiel.load_game("python_contract_rummy(variant=liverpool,players=3)")
        >>> liverpool.deserialize_state(text)
        Traceback (most recent call last):
        ...
        ValueError: the text holds a state of another game: variant=pagat, players=4, ...;
        this game is variant=liverpool, players=3, shuffle=chance, rounds=7
        """
        state: ContractRummyState = super().deserialize_state(text)
        check_of_game(self, state)
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> Observer:
        """The :class:`Observer` OpenSpiel builds observations with.

        Raises:
            ValueError: for parameters (the observer takes none), or an observation type
                that shows every player's private information, or no information.
        """
        return Observer(self, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes in one game: :func:`max_chance_nodes`, or 0 when seeded."""
        return self._chance_nodes

    def _legal(self, engine: RoundState) -> LegalActions:
        """The legal actions of ``engine``, listed once for the last state asked about."""
        state, listed = self._listed
        if state is not engine or listed is None:
            listed = legal_actions(engine)
            self._listed = (engine, listed)
        return listed

    def _action(self, engine: RoundState, action_id: int) -> Action:
        """The legal action of id ``action_id`` in ``engine``."""
        rank = action_id - self.encoding.go_down_base
        if 0 <= rank < self.encoding.max_go_downs:
            listed = self._legal(engine)
            if rank < len(listed):
                found = listed[rank]
                if isinstance(found, GoDown):
                    return found
        return self.encoding.id_action(engine, action_id)

    def _observation(self, engine: RoundState, player: int) -> list[float]:
        """``player``'s observation of ``engine``, kept for the last state and player.

        OpenSpiel asks for the information state tensor and the observation tensor, the
        same numbers, one after the other.
        """
        state, seat, numbers = self._observed
        if state is not engine or seat != player:
            numbers = self.encoding.observation(view(engine, player))
            self._observed = (engine, player, numbers)
        return numbers

    def _over(self, engine: RoundState) -> bool:
        """Whether the game ends at ``engine``: over, or its last round played is scored."""
        phase = engine.phase
        return phase is Phase.GAME_OVER or (
            phase is Phase.ROUND_OVER and engine.round_number >= self.rounds
        )

    def _returns(self, engine: RoundState) -> list[float]:
        """The returns of a game that ends at ``engine``."""
        if self.returns == "penalties":
            return [float(-total) for total in engine.scores]
        winners = scoring.winners(engine)
        share = 1.0 / len(winners)
        return [share if player in winners else 0.0 for player in range(self.players)]
