"""Contract Rummy as a PettingZoo environment: :func:`env` and :class:`raw_env`.

`PettingZoo <https://pettingzoo.farama.org>`_'s AEC (agent-environment cycle) API plays a
game one agent at a time, as the rules say whose turn it is. This module needs the
``pettingzoo`` extra, which brings PettingZoo, Gymnasium and NumPy
(``pip install 'contract_rummy[pettingzoo]'``); ``import contract_rummy`` never imports it.
Every preset (:data:`~contract_rummy.VARIANTS`) and any other
:class:`~contract_rummy.Variant` can be played, with any number of players it allows, by
the same rules engine as everywhere else in the library.

>>> from contract_rummy import pettingzoo as crpz
>>> game = crpz.env(variant="pagat", players=4)
>>> game.reset(seed=3)
>>> game.agents
['player_0', 'player_1', 'player_2', 'player_3']
>>> game.agent_selection
'player_3'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((1418,), (26430,))
>>> observation["action_mask"].nonzero()[0].tolist()  # DrawStock() and TakeDiscard()
[0, 1]
>>> game.step(1)
>>> game.agent_selection, game.unwrapped.round_state.turn.kept_card
('player_3', Card.parse('8H'))

Agents and turns
----------------
Player ``p`` of the engine is the agent ``player_p``. The agent to act
(``agent_selection``) is the player the engine says must choose (``state.to_act``): the
active player in phases DRAW and PLAY, and in phase BUY each player offered the top
discard in turn (R19, R31), so a buy window's answers are ordinary turns of the players
asked. When a round is over, this round's dealer deals the next one: ``NextRound()``
(id :data:`~contract_rummy.encoding.NEXT_ROUND`) is then that agent's only legal action,
an ordinary step, so every action of the engine is one step of the environment.

Spaces
------
Actions and observations are those of :mod:`contract_rummy.encoding`, for the variant and
number of players: its :class:`~contract_rummy.encoding.Encoding` is the environment's
:attr:`raw_env.encoding`.

- The action space of every agent is ``Discrete(num_distinct_actions)``: an action is its
  id (a Python or NumPy int), as :meth:`Encoding.id_action
  <contract_rummy.encoding.Encoding.id_action>` reads it in the current state.
- The observation space of every agent is a ``Dict`` of ``"observation"``, a ``Box`` of
  ``observation_size`` float32 numbers between the bounds of
  :meth:`Encoding.observation_bounds <contract_rummy.encoding.Encoding.observation_bounds>`,
  and ``"action_mask"``, a ``Box`` of ``num_distinct_actions`` int8 flags, 1 for each legal
  id (:meth:`Encoding.legal_ids <contract_rummy.encoding.Encoding.legal_ids>`). An agent
  who is not to act has no legal id: its mask is all 0.

An agent's observation is made from what that player sees
(:func:`~contract_rummy.view`) and nothing else: the other hands and the order of the
stock never change it, nor its mask. The action masks are large (about 96,000 ids with 8
players, 194,000 in ``california``), as the encoding explains; each is a NumPy array filled
from the legal ids alone, never from a list of flags for every id.

Rewards
-------
``reward="penalties"`` (the default) pays in penalty points: on every step, each agent
receives minus what its total grew by since the last reward, counted from 0 before the
deal. So each round's end (R25, R27, R29) gives each agent minus its penalty for the round,
an exact cut (R32) gives its bonus on the step that deals the round (for round 1, dealt by
``reset``, on the first step), and over a whole game each agent's rewards add up to minus
its final total. ``reward="win"`` gives nothing until the game ends, then 1 to each player
sharing the win (R28, R34) and 0 to the others.

The end of a game
-----------------
When the last round ends (phase GAME_OVER), every agent is terminated; each then steps
``None`` once to leave, as PettingZoo's API has it. No agent is ever truncated: the rules
themselves end every round (R29's turn limit and R27's reshuffle limit), so every game ends,
unless a custom variant sets ``max_turns`` to ``None``: players who only ever take the
discard never draw from the stock, so the reshuffle limit alone does not end a round.

Seeding
-------
``reset(seed=s)`` deals the game :func:`cr.new_game(variant, seed=s, players=...)
<contract_rummy.new_game>` would, and seeds the environment's generator, from which every
later ``reset()`` without a seed draws its game's seed, and the agents' action and
observation spaces (so that their ``sample`` is repeatable too). The first ``reset()``
without any seed draws one from the operating system. ``reset(options={"state": state})``
starts from a :class:`~contract_rummy.RoundState` of the environment's variant and number of
players instead of a new deal (the rewards then count from its totals); other options are
ignored.

Rendering
---------
With ``render_mode="ansi"``, :meth:`raw_env.render` returns the position as the agent to
act sees it, as text (:mod:`contract_rummy.render`), with its legal actions and their ids;
with ``render_mode="human"`` it prints that text, after every step too.

Illegal actions and wrappers
----------------------------
An id the rules refuse raises :class:`~contract_rummy.IllegalActionError` (the rule's
message, and the id) and leaves the game as it was. :func:`env` wraps :class:`raw_env` in
PettingZoo's ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``; with
``illegal_reward`` it also adds the ``TerminateIllegalWrapper`` of PettingZoo's classic
games, which instead ends the game on an illegal action, giving that agent
``illegal_reward``.

The wrappers check an action before :class:`raw_env` sees it, with their own
``AssertionError``, so the two environments refuse a wrong ``step`` differently:

===========================================  ======================  =====================
``step(action)``, with ``action``            ``raw_env``             ``env()``
===========================================  ======================  =====================
an int outside the action space              ``ValueError``          ``AssertionError``
``None``, a float or a str, agent to act     ``TypeError``           ``AssertionError``
a bool                                       ``TypeError``           ``TypeError``
an id in the space the rules refuse now      ``IllegalActionError``  ``IllegalActionError``;
                                                                     none with
                                                                     ``illegal_reward``:
                                                                     the game ends
an id in the space, the agent's game over    ``ValueError``          ``ValueError``
any, before ``reset``                        ``RuntimeError``        ``AssertionError``
===========================================  ======================  =====================

The ``AssertionError`` says ``action is not in action space`` (``reset() needs to be called
before step.`` before a reset); a bool passes the wrapper, since the action space counts
it as an int. Python run without assertions (``python -O``) skips the check of
``AssertOutOfBoundsWrapper``: :func:`env` then raises what :class:`raw_env` raises for an
action outside the space.

Example agents
--------------
Agents that sample uniformly among their legal actions, through the action space (seeded
by ``reset``):

>>> from contract_rummy import pettingzoo as crpz
>>> game = crpz.env(variant="liverpool", players=3)
>>> game.reset(seed=1)
>>> totals = dict.fromkeys(game.agents, 0.0)
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     totals[agent] += reward
...     if terminated or truncated:
...         action = None
...     else:
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)
>>> final = game.unwrapped.round_state
>>> final.phase.name, [-totals[f"player_{p}"] for p in range(3)] == list(final.scores)
('GAME_OVER', True)

A masked agent scores every id and plays its best legal one, as a learned policy does with
its logits; this one prefers the highest id, so it goes down, lays off and swaps whenever
it may. Here it plays seat 0 against the library's heuristic bots, which choose from their
player's view (:meth:`raw_env.view`); a bot's action is turned into its id by the
encoding:

>>> import numpy as np
>>> import contract_rummy as cr
>>> from contract_rummy import pettingzoo as crpz
>>> game = crpz.env(variant="pagat", players=4)
>>> game.reset(seed=5)
>>> encoding = game.unwrapped.encoding
>>> scores = np.arange(encoding.num_distinct_actions, dtype=np.float32)
>>> bot = cr.HeuristicBot()
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     if terminated or truncated:
...         action = None
...     elif agent == "player_0":
...         action = int(np.where(observation["action_mask"] == 1, scores, -np.inf).argmax())
...     else:
...         seen = game.unwrapped.view(agent)
...         action = encoding.action_id(seen, bot.choose(seen))
...     game.step(action)
>>> game.unwrapped.round_state.phase.name
'GAME_OVER'
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import Any, Final, TypeAlias, cast

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise ImportError(
        "contract_rummy.pettingzoo needs PettingZoo, Gymnasium and NumPy, which come with "
        "the pettingzoo extra: pip install 'contract_rummy[pettingzoo]'"
    ) from error

from contract_rummy import render
from contract_rummy._checks import as_int
from contract_rummy.encoding import Encoding
from contract_rummy.engine import apply, chooser, new_game
from contract_rummy.notation import format_action
from contract_rummy.presets import VARIANTS
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import Variant, check_variant
from contract_rummy.views import PlayerView, view

__all__ = ["RENDER_MODES", "REWARDS", "ActionId", "Observation", "env", "raw_env"]

#: What an agent observes: ``{"observation": float32 numbers, "action_mask": int8 flags}``.
Observation: TypeAlias = dict[str, npt.NDArray[Any]]
#: What :meth:`raw_env.step` takes: an action id, or ``None`` from an agent whose game is over.
ActionId: TypeAlias = int | np.integer[Any] | None

#: The reward schemes, by name (see the module): penalty points, or the win.
REWARDS: Final = ("penalties", "win")
#: The render modes: ``"ansi"`` returns the text, ``"human"`` prints it.
RENDER_MODES: Final = ("human", "ansi")
#: How many legal actions the rendered text lists; it counts the others.
_SHOWN: Final = 20
#: Seeds the environment's generator draws, for games and spaces: any 63-bit int.
_SEEDS: Final = 2**63
#: What the environment says when read before a reset has dealt a game.
_NO_GAME: Final = (
    "the environment has no game before reset() is called (a reset that is refused deals none)"
)


def env(
    variant: Variant | str = "pagat",
    players: int | None = None,
    *,
    render_mode: str | None = None,
    reward: str = "penalties",
    max_go_downs: int | None = None,
    illegal_reward: float | None = None,
) -> AECEnv[str, Observation, ActionId]:
    """The Contract Rummy environment, wrapped as PettingZoo's own games are.

    Its arguments but the last are :class:`raw_env`'s; ``illegal_reward``, when given,
    adds PettingZoo's ``TerminateIllegalWrapper``: an illegal action then ends the game
    with that reward for the agent who played it, instead of raising
    :class:`~contract_rummy.IllegalActionError` (see the module).

    Raises:
        ValueError, TypeError: as :class:`raw_env` does; TypeError also for an
            ``illegal_reward`` that is not a number.

    Its ``step`` refuses an action outside the action space (``None`` included, for an
    agent that is to act) with the ``AssertionError`` of PettingZoo's
    ``AssertOutOfBoundsWrapper``, ``action is not in action space``, before
    :meth:`raw_env.step` would raise its ``ValueError`` or ``TypeError`` (see the module).

    >>> from contract_rummy import pettingzoo as crpz
    >>> game = crpz.env(variant="progressive", players=8)
    >>> game.reset(seed=1)
    >>> game.action_space("player_0")
    Discrete(95730)
    >>> str(game.unwrapped)
    'contract_rummy_v0'
    """
    given: object = illegal_reward  # the annotation is what to pass, not a check
    if given is not None:
        if isinstance(given, bool) or not isinstance(given, numbers.Real):
            raise TypeError(f"illegal_reward must be a number (a float), got {given!r}")
        illegal_reward = float(given)
    made = raw_env(
        variant, players, render_mode=render_mode, reward=reward, max_go_downs=max_go_downs
    )
    wrapped: AECEnv[str, Observation, ActionId] = made
    if illegal_reward is not None:
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, Observation, ActionId]):  # noqa: N801 - PettingZoo's name for it
    """The Contract Rummy environment, unwrapped: PettingZoo's AEC API (see the module).

    Args:
        variant: The rules: a :class:`~contract_rummy.Variant`, or a preset's name
            (:data:`~contract_rummy.VARIANTS`).
        players: How many players; by default 4 if the variant allows it, else its fewest.
        render_mode: ``None``, ``"ansi"`` or ``"human"`` (:data:`RENDER_MODES`).
        reward: The reward scheme, ``"penalties"`` or ``"win"`` (:data:`REWARDS`).
        max_go_downs: How many go-downs of one state have ids (the encoding's bound);
            ``None`` for the variant's own.

    Raises:
        ValueError: if ``variant`` names no preset, the variant is not played by
            ``players`` (R1), or ``render_mode`` or ``reward`` is none of those above.
        TypeError: if ``variant`` is neither a variant nor a name, or ``players`` or
            ``max_go_downs`` not an int.

    Attributes:
        variant: The rules played.
        players: How many players play.
        encoding: The action ids and observations of those rules and players.
        render_mode: How :meth:`render` shows the game.
        reward: The reward scheme.

    >>> from contract_rummy import pettingzoo as crpz
    >>> crpz.raw_env("contract", 6)
    Traceback (most recent call last):
    ...
    ValueError: R1: contract is played by 3-5 players, not 6
    """

    #: What PettingZoo reads of the environment: its name, its render modes, and that it
    #: has no parallel form (the players take turns).
    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute, read only
        "name": "contract_rummy_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str = "pagat",
        players: int | None = None,
        *,
        render_mode: str | None = None,
        reward: str = "penalties",
        max_go_downs: int | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call] # PettingZoo's, unannotated
        if isinstance(variant, str):
            preset = VARIANTS.get(variant)
            if preset is None:
                raise ValueError(f"{variant!r} is not a preset's name: {sorted(VARIANTS)}")
            variant = preset
        check_variant(variant)
        if players is None:
            players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None or one of {RENDER_MODES}, got {render_mode!r}"
            )
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, got {reward!r}")
        self.encoding: Final[Encoding] = Encoding(variant, players, max_go_downs=max_go_downs)
        self.variant: Final[Variant] = variant
        self.players: Final[int] = players
        self.render_mode: Final[str | None] = render_mode
        self.reward: Final[str] = reward
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._index: Final = {agent: p for p, agent in enumerate(self.possible_agents)}
        low, high = self.encoding.observation_bounds()
        size = self.encoding.num_distinct_actions
        self._action_spaces: Final = {
            agent: spaces.Discrete(size) for agent in self.possible_agents
        }
        # Gymnasium types a Dict space as holding spaces, not the values observed.
        self._observation_spaces: Final = {
            agent: cast(
                "spaces.Space[Observation]",
                spaces.Dict(
                    {
                        "observation": spaces.Box(
                            np.array(low, dtype=np.float32),
                            np.array(high, dtype=np.float32),
                            dtype=np.float32,
                        ),
                        "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                    }
                ),
            )
            for agent in self.possible_agents
        }
        self._rng: np.random.Generator | None = None
        self._state: RoundState | None = None
        self._paid: tuple[int, ...] = (0,) * players

    # -- the spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Observation]:
        """``agent``'s observation space: the same object on every call (see the module)."""
        return self._observation_spaces[self._check_agent(agent)]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``agent``'s action space, ``Discrete(num_distinct_actions)``: the same object."""
        return self._action_spaces[self._check_agent(agent)]

    def _check_agent(self, agent: str) -> str:
        if agent not in self._index:
            raise ValueError(f"no agent {agent!r} in this game: {self.possible_agents}")
        return agent

    # -- the game -----------------------------------------------------------------------

    @property
    def round_state(self) -> RoundState:
        """The whole game at this moment, every hidden card included (for tests and tools).

        Raises:
            RuntimeError: before the first :meth:`reset` that deals a game.
        """
        if self._state is None:
            raise RuntimeError(_NO_GAME)
        return self._state

    # PettingZoo's AECEnv reads these two attributes in last(), step() and its wrappers;
    # they hold nothing until a reset deals a game, and a reset that is refused deals
    # none, even where the order wrapper counts it as done.
    @property
    def agents(self) -> list[str]:
        """The agents still in the game: PettingZoo's attribute.

        Raises:
            RuntimeError: before the first :meth:`reset` that deals a game.
        """
        self.round_state  # noqa: B018 - refuses the read before a game
        return self._agents

    @agents.setter
    def agents(self, agents: list[str]) -> None:
        self._agents = agents

    @property
    def agent_selection(self) -> str:
        """The agent to act now: PettingZoo's attribute.

        Raises:
            RuntimeError: before the first :meth:`reset` that deals a game.
        """
        self.round_state  # noqa: B018 - refuses the read before a game
        return self._selected

    @agent_selection.setter
    def agent_selection(self, agent: str) -> None:
        self._selected = agent

    def view(self, agent: str) -> PlayerView:
        """What ``agent`` may know of the game now: :func:`~contract_rummy.view`.

        >>> from contract_rummy import pettingzoo as crpz
        >>> game = crpz.raw_env("pagat")
        >>> game.reset(seed=3)
        >>> seen = game.view("player_0")
        >>> seen.player, len(seen.hand), seen.hand_sizes
        (0, 10, (10, 10, 10, 10))
        """
        return view(self.round_state, self._index[self._check_agent(agent)])

    def reset(
        self, seed: int | np.integer[Any] | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        """Deal a new game (or start from ``options["state"]``): see the module's *Seeding*.

        Raises:
            TypeError: if ``seed`` is not an integer (an int or a NumPy integer), or
                ``options["state"]`` not a :class:`~contract_rummy.RoundState`.
            ValueError: if ``seed`` is negative, or ``options["state"]`` is of other rules
                or players, or its game is over.
        """
        if seed is not None:
            seed = as_int("seed", seed, minimum=0)
        start = None if options is None else options.get("state")
        if start is not None:
            self._check_start(start)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for agent in self.possible_agents:
                self._action_spaces[agent].seed(int(self._rng.integers(_SEEDS)))
                self._observation_spaces[agent].seed(int(self._rng.integers(_SEEDS)))
        elif self._rng is None:
            self._rng = np.random.default_rng()
        if start is None:
            game_seed = seed if seed is not None else int(self._rng.integers(_SEEDS))
            start = new_game(self.variant, seed=game_seed, players=self.players)
            self._paid = (0,) * self.players
        else:
            self._paid = start.scores
        self._state = start
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._acting(start)]
        # Forget where AECEnv's _was_dead_step was to resume, if a game was left unfinished.
        vars(self).pop("_skip_agent_selection", None)

    def _check_start(self, start: object) -> None:
        if not isinstance(start, RoundState):
            raise TypeError(f'options["state"] must be a RoundState, got {start!r}')
        if start.players != self.players or start.variant.name != self.variant.name:
            raise ValueError(
                f'options["state"] is a game of {start.variant.name} with {start.players} '
                f"players; this environment plays {self.variant.name} with {self.players}"
            )
        if start.variant != self.variant:
            raise ValueError(
                f'options["state"] is a game of another variant named {start.variant.name}: '
                "its settings differ from this environment's"
            )
        if start.phase is Phase.GAME_OVER:
            raise ValueError('options["state"] is a game that is over: nothing is left to play')
        space = self._observation_spaces[self.possible_agents[0]]["observation"]  # type: ignore[index]
        for player in range(self.players):
            numbers = np.array(self.encoding.observation(view(start, player)), dtype=np.float32)
            if not space.contains(numbers):
                raise ValueError(
                    f'options["state"] gives player {player} an observation outside the '
                    "observation space (Encoding.observation_bounds): a total or a count no "
                    "game of this variant reaches"
                )

    @staticmethod
    def _acting(state: RoundState) -> int:
        """Who chooses in ``state``: ``to_act``, or the dealer, who deals the next round."""
        player = chooser(state)
        assert player is not None, "nobody chooses once the game is over"
        return player

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now, from its player's view only (see the module).

        >>> from contract_rummy import pettingzoo as crpz
        >>> game = crpz.raw_env("pagat")
        >>> game.reset(seed=3)
        >>> seen = game.observe("player_0")
        >>> int(seen["observation"][:53].sum()), int(seen["action_mask"].sum())
        (10, 0)
        """
        seen = self.view(agent)
        mask = np.zeros(self.encoding.num_distinct_actions, dtype=np.int8)
        mask[self.encoding.legal_ids(seen)] = 1
        return {
            "observation": np.array(self.encoding.observation(seen), dtype=np.float32),
            "action_mask": mask,
        }

    def step(self, action: ActionId) -> None:
        """Play the action of id ``action`` for the agent to act; ``None`` once it is done.

        Raises:
            TypeError: if ``action`` is not an integer (an int or a NumPy integer; a bool
                is not one), or is ``None`` for an agent still playing.
            ValueError: if ``action`` is outside the action space, or not ``None`` for an
                agent whose game is over.
            IllegalActionError: if the rules refuse the action now: the rule's message and
                the id; the game is left as it was.

        These are this class's own errors. The wrapped environment of :func:`env` checks
        the action first: outside the action space (``None``, a float or a str for an
        agent that is to act, an id out of range), it raises PettingZoo's
        ``AssertionError``, ``action is not in action space``, instead (see the module).

        >>> from contract_rummy import pettingzoo as crpz
        >>> raw = crpz.raw_env()
        >>> raw.reset(seed=3)
        >>> raw.step(10**6)
        Traceback (most recent call last):
        ...
        ValueError: action id 1000000 is outside range(26430) of pagat with 4 players
        >>> wrapped = crpz.env()
        >>> wrapped.reset(seed=3)
        >>> wrapped.step(10**6)
        Traceback (most recent call last):
        ...
        AssertionError: action is not in action space
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # refuses any action but None
            return
        try:
            action_id = as_int("an action id", action)
        except TypeError:
            raise TypeError(f"{agent} must play an action id, got {action!r}") from None
        state = self.round_state
        after = apply(state, self.encoding.id_action(state, action_id))
        self._cumulative_rewards[agent] = 0.0
        self._state = after
        self.rewards = dict(zip(self.agents, self._rewards(after), strict=True))
        self._accumulate_rewards()
        if after.phase is Phase.GAME_OVER:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self._acting(after)]
        if self.render_mode == "human":
            self.render()

    def _rewards(self, after: RoundState) -> list[float]:
        if self.reward == "win":
            winners = after.winners or ()
            return [float(p in winners) for p in range(self.players)]
        paid, self._paid = self._paid, after.scores
        return [float(before - now) for before, now in zip(paid, after.scores, strict=True)]

    # -- showing it ---------------------------------------------------------------------

    def render(self) -> str | None:
        """The position the agent to act sees, as text (``"ansi"``), or print it (``"human"``).

        Without a render mode, Gymnasium's logger warns and nothing is shown.

        >>> from contract_rummy import pettingzoo as crpz
        >>> game = crpz.raw_env("pagat", render_mode="ansi")
        >>> game.reset(seed=3)
        >>> print(game.render())
        pagat with 4 players: player_3 to choose (draw), as they see it
        --- Round 1 of 7 (pagat): two groups of 3 ---...
        Turn: you.  Dealer: player 2.  Scores: player 0 0, player 1 0, player 2 0, you 0
        Table: no melds yet
        Discard pile: 8H on top (1 card).  Stock: 66 cards.
        Others: player 0: 10 cards; player 1: 10 cards; player 2: 10 cards
        Your hand (10 cards):
        ...
        Legal actions (id: action): 0: DrawStock, 1: TakeDiscard
        """
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode: make the environment with "
                f"render_mode set to one of {RENDER_MODES}"
            )
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        agent = self.agent_selection
        seen = self.view(agent)
        if seen.phase is Phase.GAME_OVER:
            winners = ", ".join(self.possible_agents[p] for p in seen.winners or ())
            head = f"the game is over, won by {winners}; {agent} sees"
        else:
            head = f"{agent} to choose ({seen.phase.value}), as they see it"
        lines = [f"{self.variant.name} with {self.players} players: {head}"]
        lines += render.view_lines(seen)
        if seen.penalties is not None:
            penalties = ", ".join(
                f"{self.possible_agents[p]} {points}" for p, points in enumerate(seen.penalties)
            )
            lines.append(f"Penalties of round {seen.round_number}: {penalties}")
        ids = self.encoding.legal_ids(seen)
        if ids:
            shown = ", ".join(
                f"{i}: {format_action(self.encoding.id_action(seen, i), seen)}"
                for i in ids[:_SHOWN]
            )
            more = f", and {len(ids) - _SHOWN} more" if len(ids) > _SHOWN else ""
            lines.append(f"Legal actions (id: action): {shown}{more}")
        return "\n".join(lines)

    def close(self) -> None:
        """Release what the environment holds: nothing, since it draws to no window."""
