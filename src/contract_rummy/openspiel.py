"""Contract Rummy as an OpenSpiel game: ``pyspiel.load_game("python_contract_rummy")``.

This module needs the ``openspiel`` extra (``pip install 'contract_rummy[openspiel]'``),
which brings OpenSpiel and numpy; importing :mod:`contract_rummy` alone imports neither.
Importing this module registers the game with OpenSpiel under :data:`GAME_NAME`, so import
it before loading the game:

>>> import pyspiel
>>> import contract_rummy.openspiel
>>> game = pyspiel.load_game("python_contract_rummy(rounds=1,shuffle=seeded,seed=3)")
>>> state = game.new_initial_state()
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(3, ['DrawStock', 'TakeDiscard'])
>>> state.apply_action(1)
>>> [state.action_to_string(a) for a in state.legal_actions()][:3]
['Discard AC', 'Discard 3D', 'Discard 4D']

The game is exactly the library's game: every action goes through
:func:`~contract_rummy.apply`, and every random draw of the engine (the first dealer, each
deal, the Liverpool cut, each reshuffle) is either a chance node or, with
``shuffle=seeded``, the library's own seeded shuffler.

Parameters
----------
=============  ===============  ===========================================================
parameter      default          meaning
=============  ===============  ===========================================================
``variant``    ``pagat``        the preset played, a name of
                                :data:`~contract_rummy.VARIANTS`
``players``    4                how many players; the variant must allow it (R1)
``rounds``     0                play only the first ``rounds`` rounds of the variant; 0
                                plays every round
``returns``    ``penalties``    ``penalties``: each player's return is their total penalty
                                points, negated; ``win_loss``: the players with the lowest
                                total share a return of 1 (each gets ``1/k`` when ``k``
                                tie), the others get 0
``shuffle``    ``chance``       ``chance``: every random draw is a chance node;
                                ``seeded``: the deals and reshuffles come from the
                                library's seeded shuffler, and the game has no chance node
``seed``       0                with ``shuffle=seeded``, the seed of the game: the game is
                                ``new_game(variant, seed=seed, players=players)``; unused
                                with ``chance``
=============  ===============  ===========================================================

A bad value raises :class:`ValueError` naming the allowed ones (an unknown parameter, or
a value of the wrong type, is refused by OpenSpiel itself):

>>> pyspiel.load_game("python_contract_rummy(returns=points)")
Traceback (most recent call last):
...
ValueError: returns must be one of penalties, win_loss; got 'points'

A game cut short by ``rounds`` ends when its last round is scored, and its winners are
the players the library would name if the game ended there (R28, with the variant's
tie-break, R34). With ``returns=win_loss`` the game is constant-sum (the returns add up
to 1); with ``penalties`` it is general-sum, the returns ranging from minus the penalty
points of the whole deck in every round to the Liverpool cut's bonus in every round (R32).

Players and actions
-------------------
Player ids are the seats, ``0..players-1``. The player to act is the engine's
``to_act``: the active player in phases DRAW and PLAY, the player offered the top discard
in the buy window (R19-R22, or asked before the draw with the Shanghai call, R31), one
ordinary sequential decision after another, and in phase ROUND_OVER the dealer, whose
only action deals the next round. Action ids are those of
:mod:`contract_rummy.encoding` for the variant and number of players, and
``num_distinct_actions`` is the encoding's: ``legal_actions()`` is
:meth:`~contract_rummy.encoding.Encoding.legal_ids`, and ``action_to_string`` writes the
action in :func:`~contract_rummy.format_action` notation. A hand that can go down in
more ways than the encoding's go-down bound offers only the first of them (see the
encoding).

Chance
------
With ``shuffle=chance`` (the default) the engine runs with a shuffler that has no
randomness of its own: when an action needs a random draw, the state becomes a chance
node, chance chooses the draw, and the action is played with it. The draws, in the order
the engine asks for them:

- the first dealer (R4): ``players`` outcomes, each of probability ``1/players``;
- each deal (R5): the shuffled deck, chosen one card at a time from the top, each
  outcome a card's :attr:`~contract_rummy.Card.index` (0-52, the joker 52) with the
  probability of drawing it from the cards not yet placed: its copies left over the
  cards left. Every order of the deck has the probability of a uniform shuffle, as with
  the library's shuffler; the deck is then dealt as R5 says;
- the Liverpool cut (R32, ``liverpool-cut`` only): the number of cards lifted, less 1,
  each of the ``deck - 1`` outcomes equally likely;
- each reshuffle of the discards into a new stock (R27): the new stock chosen card by
  card from the top, as for a deal.

``max_chance_outcomes`` is therefore the larger of 53, ``players``, and, with the cut,
the deck's size less 1. With ``shuffle=seeded``, these draws come from the library's
seeded shuffler (:data:`~contract_rummy.SEEDED`) from the ``seed`` parameter, as in
:func:`~contract_rummy.new_game`: the game then has no chance node, and is the same
game every time. Since the seed is a parameter of the game, a program that knows it can
work out every hidden card; the seeded game is for replaying and comparing the library's
own games, not for training.

Information states and observations
-----------------------------------
Everything a player is shown comes from :func:`~contract_rummy.view` of the engine's
state, never from a card the player cannot see, so it is the same in every state that
differs only in hidden cards:

- ``information_state_string(player)`` writes out every field of the player's view: their
  hand, the sizes of the other hands and of the stock, the discard pile with who
  discarded each card, the table, the scores, the buys, the turn, the buy window, and the
  number of actions played (``moves``);
- ``observation_string(player)`` is the same without the number of actions;
- ``information_state_tensor(player)`` and ``observation_tensor(player)`` are both
  :meth:`~contract_rummy.encoding.Encoding.observation` of the view, as 32-bit floats;
  :class:`Observer` gives each of its fields by name, and also the public part of an
  observation (the same for every player) and a player's private part (their hand and
  the card R17 keeps in it) on their own, as OpenSpiel's playthroughs ask for them.

While chance draws the cards an action needs, the strings say which action waits for
them, and the tensors are those of the state before it; before the first deal the
tensors are all zero. A view holds what a player sees now and what everyone saw happen
this turn, not everything they saw earlier in the round (who took which card from the
discard pile on an earlier turn, say), so the information state is not perfect-recall
in OpenSpiel's sense: states that only differ in what a player has seen happen and
forgotten share an information state.

Resampling and search
---------------------
``resample_from_infostate(player, sampler)`` draws a seed from ``sampler`` (a callable
giving a float in ``[0, 1)``, such as ``pyspiel.UniformProbabilitySampler``) and returns
the state whose engine state is :func:`~contract_rummy.determinize` of the player's view
with that seed, so that OpenSpiel's information-set Monte Carlo tree search
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) can play the game. The new state has
an empty OpenSpiel history. :class:`Evaluator` gives that search cheap leaf values, and
:class:`LibraryBot` lets the library's bots play among OpenSpiel bots;
``python -m benchmarks.openspiel_ismcts`` plays ISMCTS against the heuristic bot.

Game length
-----------
Random play almost never goes out, but every round is finite (R29): with ``T`` the
variant's ``max_turns``, a round begins at most ``T`` turns. OpenSpiel's
``max_game_length`` counts the players' decisions (chance outcomes are counted apart, by
``max_chance_nodes_in_history``). Per round, with ``n`` players, ``d`` cards dealt each
and ``b`` penalty cards a buy:

- at most ``T`` draws, one a turn;
- at most ``B = T + 1`` buys: each takes a card from the discard pile, which receives one
  card at the deal and at most one a turn (fewer under a buy cap: ``n`` times the cap;
  none without buying);
- at most ``n - 1`` questions (buy or pass) each time a discard is offered: once a turn
  and again after each buy, so ``(n - 1)(T + B)``; with the Shanghai call (R31), at most
  ``n - 1`` a turn;
- at most ``n d + T + B (1 + b)`` decisions in phase PLAY, since each (a go-down, a
  lay-off, a swap, a discard) takes at least one card out of a hand, and cards come into
  hands only by the deal, the draws and the buys.

``max_game_length`` adds these up over the rounds played, plus one ``NextRound`` decision
between rounds. Chance nodes are at most one for the first dealer and, per round, the
deck's size for the deal, one for the cut, and the deck's size less 1 for each reshuffle
the variant allows (``max_reshuffles``).

Serialization
-------------
OpenSpiel serializes a Python state as its history and a pickle of its attributes, and
:class:`ContractRummyState` keeps one attribute, an immutable value holding the engine's
state; copying a state shares it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, NoReturn, TypeAlias, TypeVar

import attrs

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as error:
    raise ImportError(
        "contract_rummy.openspiel needs OpenSpiel and NumPy, which come with the openspiel "
        "extra: pip install 'contract_rummy[openspiel]'"
    ) from error

from contract_rummy._checks import is_int
from contract_rummy.actions import Action, GoDown, NextRound
from contract_rummy.bots import Bot
from contract_rummy.cards import _ALL, Card, Rank, format_cards
from contract_rummy.encoding import encoding_for
from contract_rummy.engine import (
    LegalActions,
    apply,
    end_round,
    legal_actions,
    new_game,
    winners_of,
)
from contract_rummy.events import RoundEnd
from contract_rummy.melds import Group, Run
from contract_rummy.notation import format_action
from contract_rummy.presets import VARIANTS
from contract_rummy.shuffler import SEEDED, seed_state
from contract_rummy.state import Chance, Phase, RoundState
from contract_rummy.variants import Variant
from contract_rummy.views import PlayerView, determinize, view

__all__ = [
    "GAME_NAME",
    "PARAMETERS",
    "RETURNS",
    "SHUFFLES",
    "ContractRummyGame",
    "ContractRummyState",
    "Evaluator",
    "LibraryBot",
    "Observer",
    "max_chance_nodes",
    "max_game_length",
]

T = TypeVar("T")

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

_CARDS: Final = len(_ALL)  # 53: a chance outcome of a shuffle is a card's index
#: A seed drawn from a sampler's float in [0, 1) keeps its 53 bits.
_SEED_BITS: Final = 53


def _game_type(*, stochastic: bool, constant_sum: bool) -> Any:
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
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


# == the game's bounds ===========================================================================


def max_game_length(variant: Variant, players: int, rounds: int | None = None) -> int:
    """The most decisions a game of ``rounds`` rounds can take (see the module).

    ``rounds`` is the number of rounds played, every round of the variant by default.

    Raises:
        ValueError: if the variant has no cap on turns (``max_turns`` is ``None``, R29):
            its games may never end.

    >>> import contract_rummy as cr
    >>> from contract_rummy.openspiel import max_game_length
    >>> max_game_length(cr.PAGAT, 4, 1), max_game_length(cr.VARIANTS["liverpool"], 4, 1)
    (5045, 1040)
    """
    turns = _turn_cap(variant)
    total = 0
    count = variant.rounds if rounds is None else rounds
    for number in range(1, count + 1):
        buys = turns + 1 if variant.buying else 0
        if variant.max_buys is not None:
            buys = min(buys, players * variant.max_buys)
        if not variant.buying:
            asked = 0
        elif variant.shanghai_call:
            asked = (players - 1) * turns
        else:
            asked = (players - 1) * (turns + buys)
        plays = players * variant.cards_dealt(number) + turns + buys * (1 + variant.buy_penalty)
        total += turns + asked + plays
    return total + count - 1


def max_chance_nodes(variant: Variant, players: int, rounds: int | None = None) -> int:
    """The most chance nodes in a game of ``rounds`` rounds dealt by chance (see the module).

    Raises:
        ValueError: if the variant has no cap on turns (``max_turns`` is ``None``, R29).

    >>> import contract_rummy as cr
    >>> from contract_rummy.openspiel import max_chance_nodes
    >>> max_chance_nodes(cr.PAGAT, 4, 1)
    426
    """
    turns = _turn_cap(variant)
    deck = len(variant.deck(players))
    # Each reshuffle needs a card discarded since the last one: at most one a turn.
    reshuffles = turns + 1 if variant.max_reshuffles is None else variant.max_reshuffles
    per_round = deck + (1 if variant.cut_bonus else 0) + reshuffles * (deck - 1)
    return 1 + (variant.rounds if rounds is None else rounds) * per_round


def _turn_cap(variant: Variant) -> int:
    if variant.max_turns is None:
        raise ValueError(
            f"R29: {variant.name} has no cap on turns (max_turns is None), so its games may "
            "never end; OpenSpiel needs a finite game"
        )
    return variant.max_turns


# == randomness from chance nodes ================================================================


class _NeedShuffle(Exception):  # noqa: N818 - a signal, not an error
    """The engine asks for a shuffle of ``items`` that chance has not drawn yet."""

    def __init__(self, items: Sequence[Card]) -> None:
        super().__init__(len(items))
        counts = [0] * _CARDS
        for card in items:
            counts[card.index] += 1
        self.counts = tuple(counts)


class _NeedNumber(Exception):  # noqa: N818 - a signal, not an error
    """The engine asks for a number in ``range(bound)`` that chance has not drawn yet."""

    def __init__(self, bound: int) -> None:
        super().__init__(bound)
        self.bound = bound


@attrs.frozen
class _ChanceShuffler:
    """The shuffler of a game dealt by chance: it draws nothing, it asks chance.

    The engine's states keep it, so that an action needing a random draw stops with
    :class:`_NeedShuffle` or :class:`_NeedNumber` before changing anything.
    """

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """Stop the engine: chance must choose the order of ``items``."""
        raise _NeedShuffle(items)  # type: ignore[arg-type]

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """Stop the engine: chance must choose a number below ``bound``."""
        raise _NeedNumber(bound)


_CHANCE: Final = _ChanceShuffler()

#: What chance drew for one request of the engine: a shuffle's order, or a number.
_Draw: TypeAlias = tuple[Card, ...] | int


class _Replay:
    """A shuffler that gives the engine what chance drew, in order, then asks for more."""

    def __init__(self, draws: Sequence[_Draw]) -> None:
        self._draws = draws
        self._next = 0

    def _take(self) -> _Draw | None:
        if self._next == len(self._draws):
            return None
        draw = self._draws[self._next]
        self._next += 1
        return draw

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        draw = self._take()
        if draw is None:
            raise _NeedShuffle(items)  # type: ignore[arg-type]
        assert isinstance(draw, tuple), "the engine asked for draws in another order"
        assert len(draw) == len(items), "the engine shuffled other cards than chance drew"
        order: list[Any] = list(draw)
        return order, state

    def below(self, bound: int, state: int) -> tuple[int, int]:
        draw = self._take()
        if draw is None:
            raise _NeedNumber(bound)
        assert isinstance(draw, int), "the engine asked for draws in another order"
        assert 0 <= draw < bound, "the engine asked for another range than chance drew"
        return draw, state


@attrs.frozen
class _Core:
    """Everything an OpenSpiel state holds: immutable, so copies share it.

    Attributes:
        engine: The engine's state; ``None`` until the first deal, with ``shuffle=chance``.
        pending: The action waiting for chance (``None`` with no engine state: the new
            game waits for its first deal).
        draws: What chance drew so far for the pending action, one item per request.
        drawn: The cards chance placed so far in the open shuffle.
        left: The open request: for a shuffle, the copies of each card (by index) still
            to place; for a number, the bound; ``None`` when no chance node is open.
    """

    engine: RoundState | None
    pending: Action | None = None
    draws: tuple[_Draw, ...] = ()
    drawn: tuple[Card, ...] = ()
    left: tuple[int, ...] | int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self


# == the game ====================================================================================


def _fail(name: str, allowed: Sequence[object], value: object) -> NoReturn:
    raise ValueError(f"{name} must be one of {', '.join(map(str, allowed))}; got {value!r}")


class ContractRummyGame(pyspiel.Game):  # type: ignore[misc] # OpenSpiel has no type hints
    """The OpenSpiel game: made by ``pyspiel.load_game(GAME_NAME, params)``.

    Args:
        params: The game's parameters (see the module); those left out take their default
            from :data:`PARAMETERS`.

    Raises:
        ValueError: if a parameter has a value the game does not allow; the message names
            the allowed values.

    Attributes:
        variant: The rules played: the preset named by the ``variant`` parameter.
        players: How many players play.
        rounds: How many rounds are played: the ``rounds`` parameter, or every round of
            the variant when it is 0.
        returns: ``"penalties"`` or ``"win_loss"``: what the returns count.
        shuffle: ``"chance"`` or ``"seeded"``: where the randomness comes from.
        seed: The seed of a ``seeded`` game.
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
        if not is_int(seed) or seed < 0:
            raise ValueError(f"seed must be an int of at least 0; got {seed!r}")
        self.variant: Final = variant
        self.players: Final = players
        self.rounds: Final = rounds or variant.rounds
        self.returns: Final = str(given["returns"])
        self.shuffle: Final = str(given["shuffle"])
        self.seed: Final = seed
        self.encoding: Final = encoding_for(variant, players)
        chance = self.shuffle == "chance"
        self._first: Final = (
            _Core(None, left=players)
            if chance
            else _Core(new_game(variant, seed=seed, players=players))
        )
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
        outcomes = max(_CARDS, players, len(deck) - 1 if variant.cut_bonus else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=outcomes if chance else 0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=max_game_length(variant, players, self.rounds),
        )
        kind = _game_type(stochastic=chance, constant_sum=self.returns == "win_loss")
        super().__init__(kind, info, given)
        # The last listing of legal actions, kept for naming go-downs by their rank.
        self._listed: tuple[RoundState | None, LegalActions | None] = (None, None)
        # The last observation made, for the state and player it was made for.
        self._observed: tuple[RoundState | None, int, list[float]] = (None, -1, [])

    def new_initial_state(self) -> ContractRummyState:
        """A new game: dealt by chance, or the seeded game's first state."""
        return ContractRummyState(self)

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
        winners = engine.winners
        if winners is None:
            assert engine.penalties is not None
            winners = winners_of(engine.variant, engine.scores, engine.penalties)
        share = 1.0 / len(winners)
        return [share if player in winners else 0.0 for player in range(self.players)]


# == the state ===================================================================================


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
        self._core = game._first

    # -- what the state is ----------------------------------------------------------------

    @property
    def round_state(self) -> RoundState | None:
        """The engine's state: while chance draws for an action, the state before it.

        ``None`` before the first deal.
        """
        return self._core.engine

    def player_view(self, player: int) -> PlayerView | None:
        """What ``player`` sees of :attr:`round_state`, or ``None`` before the first deal."""
        engine = self._core.engine
        return None if engine is None else view(engine, player)

    def _game(self) -> ContractRummyGame:
        game: ContractRummyGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The player to act; OpenSpiel's chance or terminal player id when there is none."""
        core = self._core
        if core.left is not None:
            return int(pyspiel.PlayerId.CHANCE)
        engine = core.engine
        assert engine is not None
        if self._game()._over(engine):
            return int(pyspiel.PlayerId.TERMINAL)
        return engine.dealer if engine.to_act is None else engine.to_act

    def is_terminal(self) -> bool:
        """Whether the game is over: every round played is scored."""
        core = self._core
        return core.left is None and core.engine is not None and self._game()._over(core.engine)

    def returns(self) -> list[float]:
        """Each player's return: 0 until the end, then as the ``returns`` parameter says."""
        engine = self._core.engine
        game = self._game()
        if self._core.left is not None or engine is None or not game._over(engine):
            return [0.0] * game.players
        return game._returns(engine)

    def __str__(self) -> str:
        core = self._core
        engine = core.engine
        lines = ["not dealt yet"] if engine is None else [str(engine)]
        if engine is not None:
            lines.append(f"stock: {format_cards(engine.stock)}")
            lines.append(f"discard: {format_cards(engine.discard)}")
        if core.left is not None:
            lines.append(f"chance: {_waiting(core)}")
            drawn = [*core.draws, core.drawn] if core.drawn else core.draws
            lines.extend(f"drawn: {_draw_text(draw)}" for draw in drawn)
        return "\n".join(lines)

    # -- actions --------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._core.engine
        assert engine is not None
        return self._game().encoding.legal_ids(engine)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities (see the module)."""
        left = self._core.left
        if left is None:
            raise ValueError("not a chance node: no chance outcome")
        if isinstance(left, int):
            return [(number, 1.0 / left) for number in range(left)]
        total = sum(left)
        return [(index, copies / total) for index, copies in enumerate(left) if copies]

    def _apply_action(self, action: int) -> None:
        core = self._core
        left = core.left
        if left is None:
            engine = core.engine
            assert engine is not None
            game = self._game()
            self._core = _run(game, engine, game._action(engine, action), ())
        elif isinstance(left, int):
            if not 0 <= action < left:
                raise ValueError(f"chance outcome {action} is not in range({left})")
            self._core = _run(self._game(), core.engine, core.pending, (*core.draws, action))
        else:
            if not 0 <= action < _CARDS or not left[action]:
                raise ValueError(f"chance outcome {action} is not a card left to place")
            drawn = (*core.drawn, _ALL[action])
            rest = (*left[:action], left[action] - 1, *left[action + 1 :])
            if any(rest):
                self._core = attrs.evolve(core, drawn=drawn, left=rest)
            else:
                self._core = _run(self._game(), core.engine, core.pending, (*core.draws, drawn))

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE and core.left is not None:
            return _outcome_text(core, action)
        engine = core.engine
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
        engine = core.engine
        other = game.new_initial_state()
        if engine is None:
            return other
        seed = int(float(probability_sampler()) * (1 << _SEED_BITS))
        behind = determinize(view(engine, player_id), seed)
        if game.shuffle == "chance":
            behind = behind.replace(chance=Chance(behind.rng, _CHANCE))
        pending = core.pending
        other._core = _Core(behind) if pending is None else _run(game, behind, pending, ())
        return other

    def _describe(self, player: int, *, public: bool, private: bool, moves: bool) -> str:
        """What ``player`` knows, as text: the public part, their private part, or both.

        ``moves`` adds the number of actions played to the public part.
        """
        core = self._core
        engine = core.engine
        if engine is None:
            lines = [f"player {player}"] if private else []
        else:
            seen = view(engine, player)
            lines = _view_lines(seen, public=public, private=private, moves=moves)
        if public and core.left is not None:
            lines.append(f"waiting for chance: {_waiting(core)}")
        return "\n".join(lines)

    def _observe(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``player``'s observation tensor into ``out``."""
        engine = self._core.engine
        if engine is None:
            out.fill(0.0)
        else:
            out[:] = self._game()._observation(engine, player)

    def _observe_public(self, out: npt.NDArray[np.float32]) -> None:
        """Write the public observation into ``out``: player 0's, without what is theirs.

        The hand, and the card R17 keeps in it (the observation's first two fields): it is
        shown to its taker only, since whether it is kept depends on the hand.
        """
        self._observe(0, out)
        out[: 2 * len(_ALL)] = 0.0

    def _observe_private(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``player``'s private observation into ``out``: the copies of each card."""
        out.fill(0.0)
        engine = self._core.engine
        if engine is not None:
            for card in engine.hands[player]:
                out[card.index] += 1.0


def _run(
    game: ContractRummyGame,
    engine: RoundState | None,
    action: Action | None,
    draws: tuple[_Draw, ...],
) -> _Core:
    """Play ``action`` (the new game's deal when ``None``) with what chance drew for it.

    The engine is given the draws in the order it asks for them; when it asks for one more,
    the result is the chance node that draws it.
    """
    replay = _Replay(draws)
    try:
        if engine is None or action is None:
            after = new_game(game.variant, seed=0, players=game.players, shuffler=replay)
        elif draws:
            after = apply(engine.replace(chance=Chance(engine.rng, replay)), action)
        else:
            after = apply(engine, action)
    except _NeedShuffle as need:
        return _Core(engine, action, draws, (), need.counts)
    except _NeedNumber as need:
        return _Core(engine, action, draws, (), need.bound)
    # The engine's states keep the chance shuffler, never the replay of one action.
    return _Core(
        after.replace(chance=Chance(after.rng, _CHANCE)) if after.shuffler is replay else after
    )


def _waiting(core: _Core) -> str:
    """What a chance node draws for: the action waiting, or the first deal."""
    if core.pending is None:
        return "the first deal"
    return format_action(core.pending, core.engine)


def _outcome_text(core: _Core, outcome: int) -> str:
    """The name of a chance outcome of ``core``'s open request."""
    left = core.left
    if isinstance(left, int):
        if not 0 <= outcome < left:
            return f"outcome {outcome} (not possible here)"
        if core.engine is None and not core.draws:  # a new game draws its dealer first
            return f"first dealer: player {outcome}"
        return f"cut: {outcome + 1} cards lifted"
    assert left is not None
    if not 0 <= outcome < _CARDS or not left[outcome]:
        return f"outcome {outcome} (not possible here)"
    dealing = core.pending is None or core.engine is None or core.pending == _NEXT_ROUND
    return f"{'deal' if dealing else 'reshuffle'} {_ALL[outcome]}"


def _draw_text(draw: _Draw | tuple[Card, ...]) -> str:
    return format_cards(draw) if isinstance(draw, tuple) else str(draw)


def _who(player: int | None) -> str:
    return "-" if player is None else str(player)


def _view_lines(seen: PlayerView, *, public: bool, private: bool, moves: bool) -> list[str]:
    """The fields of ``seen`` (but its variant), a line a part: public, private, or both.

    The private part is the player, their hand and the card R17 keeps in it (shown to its
    taker only); the public part, everything else (with
    the number of actions played when ``moves`` is set), is the same in every player's
    view.
    """
    lines = [f"player {seen.player}"] if private else []
    if public:
        if moves:
            lines.append(f"move {seen.moves}")
        cut = "" if seen.cut is None else f"; cut {seen.cut}"
        lines.append(
            f"round {seen.round_number} of {seen.variant.rounds}: {seen.contract}; dealer "
            f"{seen.dealer}; turn {seen.turns}; reshuffles {seen.reshuffles}{cut}"
        )
        lines.append(f"phase {seen.phase.value}; active {seen.active}; to act {_who(seen.to_act)}")
    if private:
        lines.append(f"hand: {_cards_text(seen.hand)}")
        lines.append(f"kept: {seen.turn.kept_card or '-'}")  # R17: shown to the taker only
    if public:
        lines.extend(_public_lines(seen))
    return lines


def _public_lines(seen: PlayerView) -> list[str]:
    """The public fields of ``seen`` but the round and the phase, a line a part."""
    turn, window = seen.turn, seen.window
    pile = " ".join(
        [
            f"{_CARD_TEXT[card.index]}/{_who(by)}"
            for card, by in zip(seen.discard, seen.discarded_by, strict=True)
        ]
    )
    lines = [
        f"went down this turn: {'yes' if turn.went_down else 'no'}",
        (
            f"window: next {' '.join(map(str, window.queue)) or '-'}; last buyer "
            f"{_who(window.last_buyer)}; requester {_who(window.requester)}"
        ),
        f"stock: {seen.stock_size}",
        f"discard: {pile or '-'}",
    ]
    for player, size in enumerate(seen.hand_sizes):
        down = "down" if seen.down[player] else "not down"
        lines.append(
            f"seat {player}: {size} cards; {down}; total {seen.scores[player]}; "
            f"buys {seen.buys[player]}"
        )
    if seen.penalties is not None:
        lines.append(f"penalties: {' '.join(map(str, seen.penalties))}")
    if seen.winners is not None:
        lines.append(f"winners: {' '.join(map(str, seen.winners))}")
    lines.extend(
        f"table[{index}]: {_meld_text(placed.meld)} (player {placed.owner})"
        for index, placed in enumerate(seen.table)
    )
    return lines


#: Each card's notation, by :attr:`Card.index <contract_rummy.Card>`: written once.
_CARD_TEXT: Final = tuple(map(str, _ALL))


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join([_CARD_TEXT[card.index] for card in cards]) or "-"


def _meld_text(meld: Group | Run) -> str:
    """A meld with what its wild cards stand for: its rank, or its suit and first place."""
    if isinstance(meld, Group):
        return f"group {meld.rank.symbol}: {_cards_text(meld.cards)}"
    return f"run {meld.suit.letter} from {_LOW[meld.low]}: {_cards_text(meld.cards)}"


#: A run's first place as its rank reads (1 is the low ace).
_LOW: Final = {rank.value: rank.symbol for rank in Rank}


_NEXT_ROUND: Final = NextRound()


# == observations, search and bots ===============================================================


class Observer:
    """What a player observes, as OpenSpiel's Python games give it: text and numbers.

    OpenSpiel builds one through :meth:`ContractRummyGame.make_py_observer` for the
    information state (``perfect_recall`` set: the text counts the actions played) and one
    for the observation; build others with
    ``open_spiel.python.observation.make_observation(game, iig_obs_type)``. The type says
    what is observed:

    - public and private information (the default): the player's view, as the module
      says, with :meth:`~contract_rummy.encoding.Encoding.observation`'s numbers;
    - public information only (``private_info=PrivateInfoType.NONE``): the same for every
      player: the view without its hand and kept card, and player 0's numbers with the
      ``hand`` and ``kept_card`` fields zero;
    - private information only (``public_info=False``): the player, their hand and the
      card R17 keeps in it, and as numbers the ``hand`` field: the copies of each card by
      index.

    Attributes:
        tensor: The numbers of the last :meth:`set_from`, numpy's 32-bit floats.
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
    player 0
    hand: 6C 7C 9D 10D 8H JH 7S 8S 10S KS
    kept: -
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
        self._public, self._private, self._moves = public, private, recall
        encoding = game.encoding
        fields = encoding.observation_fields() if public else encoding.observation_fields()[:1]
        self.tensor: npt.NDArray[np.float32] = np.zeros(fields[-1].stop, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            field.name: self.tensor[field.start : field.stop] for field in fields
        }

    def set_from(self, state: ContractRummyState, player: int) -> None:
        """Make :attr:`tensor` what ``player`` observes in ``state``."""
        if not self._public:
            state._observe_private(player, self.tensor)
        elif self._private:
            state._observe(player, self.tensor)
        else:
            state._observe_public(self.tensor)

    def string_from(self, state: ContractRummyState, player: int) -> str:
        """What ``player`` observes in ``state``, as text (see the module)."""
        return state._describe(
            player, public=self._public, private=self._private, moves=self._moves
        )


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
        seed: Seeds the rollouts' shuffles.

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
    """

    def __init__(self, rollout_bot: Bot | None = None, *, seed: int = 0) -> None:
        self._bot = rollout_bot
        self._rng = np.random.default_rng(seed)

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
            return np.array(game._returns(_scored_now(engine)), dtype=np.float64)
        seed = int(self._rng.integers(1 << 63))
        played = engine.replace(chance=Chance(seed_state(seed), SEEDED))
        bots = [self._bot] * game.players
        while not game._over(played):
            player = played.dealer if played.to_act is None else played.to_act
            played = apply(played, bots[player].choose(view(played, player)))
        return np.array(game._returns(played), dtype=np.float64)

    def prior(self, state: ContractRummyState) -> list[tuple[int, float]]:
        """Each legal action (or chance outcome) with its prior probability."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def _scored_now(engine: RoundState) -> RoundState:
    """``engine`` as if its round ended now, every hand scored (R27)."""
    if engine.phase in {Phase.ROUND_OVER, Phase.GAME_OVER}:
        return engine
    return end_round(engine, RoundEnd.STOCK_EXHAUSTED, engine.moves)[0]


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


pyspiel.register_game(_game_type(stochastic=True, constant_sum=False), ContractRummyGame)
