"""One game of a run, played between its bots from its seeds, and recorded as it goes.

:func:`play_game` is what every worker runs, game after game: it deals the game from its
derived seed (:func:`~contract_rummy.derive_seed`), makes each seat's bot, plays until the
game is over and records each round from the engine's events. :class:`Plan` holds what
the games of a run share; it travels to the workers with each chunk of games, so it and
the bots' factories must pickle.

These names are the package's own (its modules share them); the package's public names
are in :mod:`contract_rummy.simulation`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Final, TypeAlias

import attrs

from contract_rummy.actions import GoDown
from contract_rummy.bots import Bot, GreedyBot, HeuristicBot, make_bot
from contract_rummy.codec import rules_fingerprint
from contract_rummy.engine import new_game
from contract_rummy.events import Dealt, RoundEnded
from contract_rummy.godown import go_downs
from contract_rummy.playing import GameTooLongError, steps
from contract_rummy.simulation._results import GameResult, RoundResult
from contract_rummy.simulation._seeds import derive_seed
from contract_rummy.state import RoundState
from contract_rummy.variants import Variant

__all__ = ["BotSpec", "Plan", "bot_name", "play_game"]

#: A seat's bot: a name in :data:`~contract_rummy.BOTS`, or a factory called with the
#: bot's seed (a class as its parameters say: see :func:`~contract_rummy.simulate`).
BotSpec: TypeAlias = str | Callable[[int], Bot]


def bot_name(spec: BotSpec) -> str:
    """The name a seat's bot goes by in the results: its name, or its factory's.

    >>> from contract_rummy import RandomBot
    >>> bot_name("greedy"), bot_name(RandomBot), bot_name(lambda seed: RandomBot(seed))
    ('greedy', 'RandomBot', '<lambda>')
    """
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "__name__", None)
    return name if isinstance(name, str) else type(spec).__name__


@attrs.frozen
class Plan:
    """What every game of a run shares: sent to the workers with each chunk.

    Attributes:
        bots: Each seat's bot, as :func:`~contract_rummy.simulate` took it.
        variant: The rules.
        seed: The run's seed, from which each game's seeds are derived.
        max_actions: The most actions a game may take.
    """

    bots: tuple[BotSpec, ...]
    variant: Variant
    seed: int
    max_actions: int


@attrs.define
class _Round:
    """What is known of the current round while it is played."""

    number: int
    dealer: int
    contract: str
    met_on_deal: tuple[bool, ...]
    exact_cut: int | None
    went_down: list[int | None]
    actions: int = 0
    ended: RoundEnded | None = None
    turns: int = 0
    buys: tuple[int, ...] = ()
    reshuffles: int = 0

    @classmethod
    def dealt(cls, state: RoundState, exact_cut: int | None) -> _Round:
        variant = state.variant
        number = state.round_number
        return cls(
            number=number,
            dealer=state.dealer,
            contract=str(state.contract),
            met_on_deal=tuple(bool(go_downs(variant, number, hand, None)) for hand in state.hands),
            exact_cut=exact_cut,
            went_down=[None] * state.players,
        )

    def end(self, state: RoundState, ended: RoundEnded) -> None:
        self.ended = ended
        self.turns = state.turns
        self.buys = state.buys
        self.reshuffles = state.reshuffles

    def result(self) -> RoundResult:
        ended = self.ended
        assert ended is not None, "a round's result is taken once it has ended"
        return RoundResult(
            number=self.number,
            dealer=self.dealer,
            contract=self.contract,
            met_on_deal=self.met_on_deal,
            went_down=tuple(self.went_down),
            went_out=ended.went_out,
            end=ended.reason,
            penalties=ended.penalties,
            buys=self.buys,
            turns=self.turns,
            actions=self.actions,
            reshuffles=self.reshuffles,
            exact_cut=self.exact_cut,
        )


def _first_exact_cut(state: RoundState) -> int | None:
    """R32: the player whose cut before round 1 was exact, if any (``Dealt`` tells later)."""
    variant = state.variant
    exact = variant.cards_dealt(state.round_number) * state.players + 1
    if variant.cut_bonus and state.cut == exact:
        return (state.dealer - 1) % state.players
    return None


def _make_bot(spec: BotSpec, seed: int) -> Bot:
    """The bot of a seat given as ``spec``, made with the bot's ``seed``.

    A name is made by :func:`~contract_rummy.make_bot`, a factory is called with the seed,
    and a class as its parameters say (:func:`_maker`).

    >>> from contract_rummy import GreedyBot, RandomBot
    >>> _make_bot("random", 5), _make_bot(RandomBot, 5), _make_bot(GreedyBot, 5)
    (RandomBot(seed=5), RandomBot(seed=5), GreedyBot(max_buys=2))
    """
    if isinstance(spec, str):
        return make_bot(spec, seed)
    if isinstance(spec, type):
        return _maker(spec)(seed)
    return spec(seed)


@functools.lru_cache(maxsize=64)
def _maker(cls: type[Bot]) -> Callable[[int], Bot]:
    """How to make a bot of the class ``cls`` from a seed, read from its signature once.

    With ``seed=seed`` when it takes a ``seed``; with nothing when it is one of the
    library's bots that take no seed (:data:`_UNSEEDED`, or a class of theirs) and it needs
    no argument: their first parameter is ``max_buys``, where the seed must not go; else
    with the seed, as any factory is called (also when its signature cannot be read).
    """
    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):  # a class whose signature Python cannot read
        return cls
    if "seed" in parameters:
        return lambda seed: cls(seed=seed)  # type: ignore[call-arg] # it takes a seed
    if issubclass(cls, _UNSEEDED) and all(
        parameter.default is not parameter.empty for parameter in parameters.values()
    ):
        return lambda seed: cls()
    return cls


#: The library's bots that take no seed: each plays alike every game.
_UNSEEDED: Final = (GreedyBot, HeuristicBot)


def play_game(plan: Plan, index: int) -> GameResult:
    """Play game ``index`` of the run, recording each round from the engine's events.

    Raises:
        RuntimeError: if the game is not over after ``plan.max_actions`` actions.
        Exception: whatever a bot or its factory raises (an illegal action refused, ...),
            with a note saying which game of the run it was and its seeds.

    >>> from contract_rummy import PAGAT
    >>> game = play_game(Plan(("greedy",) * 4, PAGAT, seed=1, max_actions=10_000), 2)
    >>> game.index, game.seed == derive_seed(1, 2), game.winners
    (2, True, (1,))
    """
    players = len(plan.bots)
    seed = derive_seed(plan.seed, index)
    bot_seeds = tuple(derive_seed(plan.seed, index, seat) for seat in range(players))
    try:
        return _played(plan, index, seed, bot_seeds)
    except GameTooLongError as error:  # the loop's cap: say which game of the run it was
        reached = error.state
        raise RuntimeError(
            f"game {index} (seed {seed}) is not over after {plan.max_actions} actions: "
            f"round {reached.round_number}, turn {reached.turns}, phase {reached.phase.name}; "
            "pass a larger max_actions if its games are merely long"
        ) from None
    except Exception as error:  # a bot's or a factory's: say which game of the run it was
        error.add_note(f"in game {index} of the run (seed {seed}; bot seeds {list(bot_seeds)})")
        raise


def _played(plan: Plan, index: int, seed: int, bot_seeds: tuple[int, ...]) -> GameResult:
    """:func:`play_game` once the game's seeds are known."""
    bots = [_make_bot(spec, bot_seed) for spec, bot_seed in zip(plan.bots, bot_seeds, strict=True)]
    state = new_game(plan.variant, seed=seed, players=len(bots))
    current = _Round.dealt(state, _first_exact_cut(state))
    rounds: list[RoundResult] = []
    actions = 0
    first = 0  # the actions played before the current round
    for before, player, action, after, events in steps(state, bots, max_actions=plan.max_actions):
        actions += 1
        if type(action) is GoDown:
            current.went_down[player] = before.turns
        for event in events:
            if type(event) is RoundEnded:
                current.end(after, event)
            elif type(event) is Dealt:
                current.actions = actions - first
                rounds.append(current.result())
                current = _Round.dealt(after, event.exact_cut)
                first = actions
        state = after
    current.actions = actions - first
    rounds.append(current.result())
    assert state.winners is not None
    return GameResult(
        index=index,
        seed=seed,
        variant=plan.variant.name,
        rules=rules_fingerprint(plan.variant),
        bots=tuple(bot_name(spec) for spec in plan.bots),
        bot_seeds=bot_seeds,
        scores=state.scores,
        winners=state.winners,
        actions=actions,
        rounds=tuple(rounds),
    )
