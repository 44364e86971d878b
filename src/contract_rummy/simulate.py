"""Many seeded games between bots, played in parallel, with their results and statistics.

:func:`simulate` plays ``games`` games between one bot per seat and yields a
:class:`GameResult` for each, in game order, as soon as it is known: how each round went
(:class:`RoundResult`), the final scores and the winners. Game ``i`` is dealt from a seed
and its bots are made from seeds that :func:`derive_seed` works out from ``(seed, i,
seat)``, so the same arguments give the same results whoever plays them: this process
(``workers=1``), a pool of processes on this machine (the default), or any
:class:`concurrent.futures.Executor` you pass, such as a Dask cluster's
(:func:`dask_executor`). Games go to the workers in chunks, a bounded number at a time, so
a long run never holds more than a few chunks of results in memory.

:class:`Summarizer` reads results one by one and sums them up (:class:`Summary`): each
seat's win rate and mean final score with 95% confidence intervals, and for each round
how often the contract was met straight off the deal and at all, how long rounds last and
how they end. :func:`summarize` does the same for a whole iterable.

>>> import contract_rummy as cr
>>> bots = ["greedy", "greedy", "random", "random"]
>>> results = list(cr.simulate(bots, 3, seed=1, workers=1))
>>> [(game.index, game.scores, game.winners) for game in results]
[(0, (285, 435, 1536, 1444), (0,)), (1, (278, 435, 1485, 1552), (0,)),
 (2, (339, 449, 1667, 1339), (0,))]
>>> results[0].rounds[0]
RoundResult(number=1, dealer=2, contract='two groups of 3',
            met_on_deal=(False, True, False, False), went_down=(18, 3, None, 17),
            went_out=0, end=RoundEnd.WENT_OUT, penalties=(0, 15, 199, 151),
            buys=(1, 0, 8, 8), turns=30, actions=136, reshuffles=0, exact_cut=None)
>>> summary = cr.summarize(results)
>>> [(seat.bot, seat.wins, round(seat.score.value)) for seat in summary.seats]
[('greedy', 3, 301), ('greedy', 0, 440), ('random', 0, 1563), ('random', 0, 1445)]
>>> summary.seats[0].win_rate
Estimate(value=1.0, low=0.438..., high=1.0)

Each result is one line of JSON (:meth:`GameResult.to_json`), for a JSON Lines file that
other tools read:

>>> print(results[0].to_json()[:100])
{"index": 0, "seed": 836048492506263194, "variant": "pagat", "bots": ["greedy", "greedy", "random",

A bot is named (one of :data:`~contract_rummy.BOTS`, made by
:func:`~contract_rummy.make_bot`) or made by a factory you pass, called with the bot's
seed. Worker processes receive the factory by pickling, so it must be a module-level
function or class (``RandomBot`` itself is one); a script that runs a pool of processes
keeps its top level under ``if __name__ == "__main__":``, as :mod:`multiprocessing` asks.

At the package's top level, ``contract_rummy.simulate`` is the function :func:`simulate`;
this module's other names are imported from it by name
(``from contract_rummy.simulate import MAX_CHUNK``).
"""

from __future__ import annotations

import enum
import gc
import hashlib
import itertools
import json
import math
import os
import pickle
import statistics
import sys
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from types import TracebackType
from typing import Any, Final, TypeAlias

import attrs

from contract_rummy._checks import check_int
from contract_rummy.actions import GoDown
from contract_rummy.bots import BOTS, Bot, make_bot
from contract_rummy.engine import _play, new_game
from contract_rummy.events import Dealt, RoundEnd, RoundEnded
from contract_rummy.godown import go_downs
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import PAGAT, Variant, check_variant
from contract_rummy.views import view

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "IN_FLIGHT",
    "MAX_CHUNK",
    "BotSpec",
    "Estimate",
    "GameResult",
    "RoundResult",
    "RoundSummary",
    "SeatSummary",
    "Simulation",
    "Summarizer",
    "Summary",
    "dask_executor",
    "derive_seed",
    "simulate",
    "summarize",
]

#: A seat's bot: a name in :data:`~contract_rummy.BOTS`, or a factory called with the
#: bot's seed.
BotSpec: TypeAlias = str | Callable[[int], Bot]

#: The most actions a game may take before :func:`simulate` gives up on it with a
#: :class:`RuntimeError`: about a hundred times what a game between greedy bots takes. The
#: turn limit of every named variant (R29) ends each game long before.
DEFAULT_MAX_ACTIONS: Final = 250_000

#: The most games in one chunk sent to a worker, unless ``chunk_size`` says otherwise.
MAX_CHUNK: Final = 32

#: How many chunks per worker are sent ahead of the results read: enough that a worker
#: never waits for the reader while one slow chunk holds back the results behind it.
IN_FLIGHT: Final = 4

#: The two-sided 95% quantile of the standard normal distribution.
_Z95: Final = statistics.NormalDist().inv_cdf(0.975)


# == seeds ====================================================================================


def derive_seed(seed: int, game: int, seat: int | None = None) -> int:
    """The seed of game ``game``'s deal (``seat=None``), or of its bot at ``seat``.

    The first 63 bits of the SHA-256 digest of the text ``"contract_rummy.simulate
    {seed} {game} deal"`` (or ``... {seat}`` for a bot), read as a big-endian number: the
    same on every platform and Python version, and unrelated from one game or seat to the
    next. :func:`simulate` deals game ``i`` with ``new_game(variant,
    seed=derive_seed(seed, i))`` and makes the bot at seat ``p`` with
    ``derive_seed(seed, i, p)``.

    Raises:
        TypeError: if an argument is not an int.
        ValueError: if an argument is negative.

    >>> derive_seed(0, 0), derive_seed(0, 0, 0)
    (6944550659213501034, 1525856214096584379)
    """
    check_int("seed", seed, minimum=0)
    check_int("game", game, minimum=0)
    if seat is not None:
        check_int("seat", seat, minimum=0)
    text = f"contract_rummy.simulate {seed} {game} {'deal' if seat is None else seat}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 1


# == results ==================================================================================


def _json_value(value: object) -> object:
    """A field's value as JSON writes it: tuples as lists, enums as their values."""
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, RoundResult):
        return value.to_dict()
    return value


def _to_dict(value: RoundResult | GameResult) -> dict[str, object]:
    """The fields of a result, in their order, as JSON values."""
    return {
        field.name: _json_value(getattr(value, field.name)) for field in attrs.fields(type(value))
    }


@attrs.frozen
class RoundResult:
    """How one round of a simulated game went.

    Attributes:
        number: The round's number, from 1.
        dealer: Who dealt it (R4).
        contract: Its contract, as text (R11), such as ``"two groups of 3"``.
        met_on_deal: For each player, whether the cards dealt to them already met the
            contract, before any draw: whether
            ``go_downs(variant, number, hand, None)`` finds a go-down (R14, R16, R24).
        went_down: For each player, the turn of the round (``RoundState.turns``) in which
            they went down, or ``None`` if they never did (R14; in a round played at once,
            R24, going down is going out).
        went_out: Who went out, or ``None`` if nobody did (R25).
        end: How the round ended: a player went out, a card could not be drawn (R27), or
            the round reached its turn limit (R29).
        penalties: Each player's penalty points for the round (R25).
        buys: How many buys each player made in the round (R19-R21).
        turns: How many turns the round lasted.
        actions: How many actions were played from the deal to the end of the round, the
            ``NextRound()`` that deals the next round included.
        reshuffles: How many times the discards were shuffled into a new stock (R27).
        exact_cut: With a cut bonus (R32), the player whose exact cut before this round's
            deal lowered their total; else ``None``.
    """

    number: int
    dealer: int
    contract: str
    met_on_deal: tuple[bool, ...]
    went_down: tuple[int | None, ...]
    went_out: int | None
    end: RoundEnd
    penalties: tuple[int, ...]
    buys: tuple[int, ...]
    turns: int
    actions: int
    reshuffles: int
    exact_cut: int | None

    def to_dict(self) -> dict[str, object]:
        """The round as a JSON object, its keys in the order of the attributes above."""
        return _to_dict(self)


@attrs.frozen
class GameResult:
    """One simulated game: who played, how each round went, and who won.

    Attributes:
        index: The game's number in the run, from 0 (or from ``start``).
        seed: The seed it was dealt from: ``new_game(variant, seed=seed)`` deals it.
        variant: The name of its rules (:attr:`Variant.name`).
        bots: Each seat's bot: its name in :data:`~contract_rummy.BOTS`, or the name of
            the factory that made it.
        bot_seeds: The seed each seat's bot was made from.
        scores: The final totals (R26, with any cut bonus, R32).
        winners: The players sharing the win (R28, R34).
        actions: How many actions the game took.
        rounds: How each round went, in order.

    >>> import contract_rummy as cr
    >>> game = next(iter(cr.simulate(["greedy"] * 4, 1, seed=3, workers=1)))
    >>> game.index, game.variant, len(game.rounds), game.rounds[0].contract
    (0, 'pagat', 7, 'two groups of 3')
    >>> list(game.to_dict())
    ['index', 'seed', 'variant', 'bots', 'bot_seeds', 'scores', 'winners', 'actions', 'rounds']
    """

    index: int
    seed: int
    variant: str
    bots: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    rounds: tuple[RoundResult, ...]

    def to_dict(self) -> dict[str, object]:
        """The game as a JSON object, its keys in the order of the attributes above.

        Each round is an object as :meth:`RoundResult.to_dict` writes it; tuples become
        lists and a round's ``end`` its text (``"went out"``).
        """
        return _to_dict(self)

    def to_json(self) -> str:
        """The game as one line of JSON (no newline), for a JSON Lines file."""
        return json.dumps(self.to_dict(), ensure_ascii=False, allow_nan=False)


# == playing ==================================================================================


def _bot_name(spec: BotSpec) -> str:
    """The name a seat's bot goes by in the results."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "__name__", None)
    return name if isinstance(name, str) else type(spec).__name__


@attrs.frozen
class _Plan:
    """What every game of a run shares: sent to the workers with each chunk."""

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
    return make_bot(spec, seed) if isinstance(spec, str) else spec(seed)


def _play_game(plan: _Plan, index: int) -> GameResult:
    """Play game ``index`` of the run, recording each round from the engine's events."""
    players = len(plan.bots)
    seed = derive_seed(plan.seed, index)
    bot_seeds = tuple(derive_seed(plan.seed, index, seat) for seat in range(players))
    bots = [_make_bot(spec, bot_seed) for spec, bot_seed in zip(plan.bots, bot_seeds, strict=True)]
    state = new_game(plan.variant, seed=seed, players=players)
    current = _Round.dealt(state, _first_exact_cut(state))
    rounds: list[RoundResult] = []
    actions = 0
    first = 0  # the actions played before the current round
    # Read once, out of the loop that plays every action of the game.
    game_over = Phase.GAME_OVER  # an enum's attributes are slow to look up
    max_actions = plan.max_actions
    choosers = [bot.choose for bot in bots]
    while state.phase is not game_over:
        if actions >= max_actions:
            raise RuntimeError(
                f"game {index} (seed {seed}) is not over after {max_actions} actions: "
                f"round {state.round_number}, turn {state.turns}, phase {state.phase.name}; "
                "pass a larger max_actions if its games are merely long"
            )
        to_act = state.to_act
        player = state.dealer if to_act is None else to_act
        action = choosers[player](view(state, player))
        # Played for ``player``, the one to act; step() without its wrapping in a Step.
        after, events = _play(state, action)
        actions += 1
        if type(action) is GoDown:
            current.went_down[player] = state.turns
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
        bots=tuple(_bot_name(spec) for spec in plan.bots),
        bot_seeds=bot_seeds,
        scores=state.scores,
        winners=state.winners,
        actions=actions,
        rounds=tuple(rounds),
    )


def _play_chunk(plan: _Plan, start: int, count: int) -> list[GameResult]:
    """Play games ``start`` to ``start + count - 1``: one task of a worker."""
    return [_play_game(plan, index) for index in range(start, start + count)]


def _chunks(start: int, games: int, largest: int, workers: int) -> Iterator[tuple[int, int]]:
    """``(first game, games)`` of each chunk, ``largest`` games at most.

    The first chunks have 1, 2, 4, ... games, so that the first results come back
    quickly; then each takes a share of the games left (a quarter of one worker's share)
    so that the workers finish together, with no straggler at the end, while chunks large
    enough keep the cost of sending work and results small beside the games themselves.
    """
    end = start + games
    ramp = 1
    while start < end:
        left = end - start
        count = max(1, min(ramp, largest, -(-left // (4 * workers))))
        yield start, count
        start += count
        ramp *= 2


def _cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _process_pool(workers: int) -> Executor:
    """A pool of ``workers`` processes, started safely even from a threaded program.

    Processes are forked from a server process where the system has one (``forkserver``),
    else started afresh (``spawn``): never forked from this process, whose other threads
    (a Dask client's, a web server's) could leave a forked child deadlocked.
    """
    import multiprocessing  # noqa: PLC0415 - only when a pool is needed
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


def _in_process(plan: _Plan, start: int, games: int) -> Iterator[GameResult]:
    for index in range(start, start + games):
        yield _play_game(plan, index)


def _dispatched(
    plan: _Plan,
    start: int,
    games: int,
    executor: Executor | None,
    workers: int,
    chunk_size: int,
) -> Iterator[GameResult]:
    """Play the games in chunks on ``executor`` (or a pool of our own), in game order."""
    own = _process_pool(workers) if executor is None else None
    runner = own if own is not None else executor
    assert runner is not None
    chunks = _chunks(start, games, chunk_size, workers)
    pending: deque[Future[list[GameResult]]] = deque()
    try:
        for first, count in itertools.islice(chunks, IN_FLIGHT * workers):
            pending.append(runner.submit(_play_chunk, plan, first, count))
        while pending:
            results = pending.popleft().result()
            following = next(chunks, None)
            if following is not None:
                pending.append(runner.submit(_play_chunk, plan, *following))
            yield from results
    finally:
        for future in pending:
            future.cancel()
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


class Simulation(Iterator[GameResult]):
    """The results of :func:`simulate`, one :class:`GameResult` per game, in game order.

    :func:`simulate` makes it, around the iterator ``results`` that plays the games.

    It is an iterator: the games are played as it is read, each result yielded as soon as
    its chunk of games is done (a chunk's games come back together), and at most a few
    chunks are in flight at a time. Reading it to the end, or calling :meth:`close`, or
    leaving a ``with`` block, stops the run: the games not yet started are cancelled and a
    pool of processes it started is shut down, waiting for the chunks already running. A
    simulation dropped half-read is closed the same way when it is garbage-collected.

    Attributes:
        bots: Each seat's bot, by name (see :attr:`GameResult.bots`).
        games: How many games it plays.
        start: The index of the first game.
        seed: The seed every game's seeds come from (:func:`derive_seed`).
        variant: The rules.

    >>> import contract_rummy as cr
    >>> with cr.simulate(["random"] * 4, 1000, workers=1) as games:
    ...     first = next(games)
    >>> first.index, first.bots
    (0, ('random', 'random', 'random', 'random'))
    """

    def __init__(
        self,
        results: Iterator[GameResult],
        *,
        bots: tuple[str, ...],
        games: int,
        start: int,
        seed: int,
        variant: Variant,
    ) -> None:
        self.bots: Final = bots
        self.games: Final = games
        self.start: Final = start
        self.seed: Final = seed
        self.variant: Final = variant
        self._results = results

    def __iter__(self) -> Simulation:
        return self

    def __next__(self) -> GameResult:
        return next(self._results)

    def close(self) -> None:
        """Stop the run: cancel the games not started, and shut down our own pool."""
        close = getattr(self._results, "close", None)
        if close is not None:
            close()

    def __enter__(self) -> Simulation:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return (
            f"<Simulation of {self.games} {self.variant.name} games from game {self.start}, "
            f"seed {self.seed}, bots {', '.join(self.bots)}>"
        )


def _check_bots(bots: object, variant: Variant) -> tuple[BotSpec, ...]:
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise TypeError(
            f"bots must be a sequence with one bot per seat (a name or a factory), got {bots!r}"
        )
    specs: list[BotSpec] = []
    for seat, spec in enumerate(bots):
        if isinstance(spec, str):
            if spec not in BOTS:
                raise ValueError(
                    f"bots[{seat}]: no bot is called {spec!r}; the bots are "
                    f"{', '.join(sorted(BOTS))}"
                )
        elif not callable(spec):
            raise TypeError(
                f"bots[{seat}] must be a bot's name or a factory called with a seed, got {spec!r}"
            )
        specs.append(spec)
    variant.check_players(len(specs))  # R1: one bot per player
    return tuple(specs)


def _check_picklable(plan: _Plan) -> None:
    """Refuse, before any pool starts, bot factories that worker processes cannot receive.

    New worker processes import the caller's main module again; one typed at a prompt or
    read from standard input cannot be, and neither can anything defined in it.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is not None and not os.path.isfile(path):
        raise TypeError(
            f"worker processes cannot start from a program read from {path}: run it from a "
            "file, or play in this process (workers=1) or on a thread pool (executor=)"
        )
    for seat, spec in enumerate(plan.bots):
        main_defined = getattr(spec, "__module__", None) == "__main__"
        if not isinstance(spec, str) and main_defined and path is None:
            raise TypeError(
                f"bots[{seat}], {spec!r}, is defined in an interactive session, which "
                "worker processes cannot import: define it in a module, or play in this "
                "process (workers=1) or on a thread pool (executor=)"
            )
        try:
            pickle.dumps(spec)
        except Exception as error:
            raise TypeError(
                f"bots[{seat}], {spec!r}, cannot be sent to worker processes ({error}): "
                "pass a module-level function or class, or play in this process (workers=1)"
            ) from None


def simulate(
    bots: Sequence[BotSpec],
    games: int,
    *,
    variant: Variant = PAGAT,
    seed: int = 0,
    start: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> Simulation:
    """Play ``games`` seeded games between ``bots``; yield each game's result in order.

    Game ``i`` (from ``start``) is dealt by ``new_game(variant,
    seed=derive_seed(seed, i))``, and the bot at seat ``p`` is made with the seed
    ``derive_seed(seed, i, p)`` (:func:`derive_seed`): the results are the same whatever
    plays the games, and any one game can be played again on its own. Each bot plays on
    its player's view (:func:`~contract_rummy.view`).

    Args:
        bots: One bot per seat, seat ``p`` playing player ``p``: the name of a bot in
            :data:`~contract_rummy.BOTS`, or a factory called with the bot's seed, such as
            ``RandomBot``. The number of seats is the number of players (R1).
        games: How many games to play.
        variant: The rules (default :data:`~contract_rummy.PAGAT`).
        seed: The seed of the whole run.
        start: The index of the first game: a run of 100 games from 100 continues one of
            100 games from 0.
        workers: ``1`` plays the games in this process, with no pool. Otherwise, without
            an ``executor``, the size of the pool of processes started for the run (by
            default one per core this process may use); with an ``executor``, how many
            chunks of games it runs at once (by default one per core here: pass the
            number of workers of a cluster).
        executor: Any :class:`concurrent.futures.Executor` to play the games on (a
            thread pool, a process pool, :func:`dask_executor`); the caller keeps it and
            shuts it down. Its workers need this library, and the bot factories by
            pickling.
        chunk_size: The most games sent to a worker at once; by default up to
            :data:`MAX_CHUNK`, fewer for a short run, so that every worker gets some.
        max_actions: The most actions a game may take: a game not over by then raises
            :class:`RuntimeError`, so that a run never hangs on a game that cannot end.

    Returns:
        The results as a :class:`Simulation`, an iterator to read or close.

    Raises:
        TypeError: if ``bots`` is not a sequence of names and callables, an argument is of
            the wrong type, or a factory cannot be pickled for a pool this call starts.
        ValueError: if a name is not in :data:`~contract_rummy.BOTS`, the variant is not
            played by ``len(bots)`` players (R1), or a count is negative or zero where it
            must not be.

    Reading the results raises whatever a game raised: a bot's error, or the
    :class:`RuntimeError` of a game over ``max_actions``.

    >>> import contract_rummy as cr
    >>> games = cr.simulate(["greedy", "random", cr.RandomBot, "greedy"], 2, seed=7, workers=1)
    >>> [(game.index, game.bots[2]) for game in games]
    [(0, 'RandomBot'), (1, 'RandomBot')]
    >>> cr.simulate(["greedy"] * 3, 10)
    Traceback (most recent call last):
    ...
    ValueError: R1: pagat is played by 4 players, not 3
    """
    check_variant(variant)
    specs = _check_bots(bots, variant)
    check_int("games", games, minimum=0)
    check_int("seed", seed, minimum=0)
    check_int("start", start, minimum=0)
    check_int("max_actions", max_actions, minimum=1)
    if workers is not None:
        check_int("workers", workers, minimum=1)
    if chunk_size is not None:
        check_int("chunk_size", chunk_size, minimum=1)
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    plan = _Plan(bots=specs, variant=variant, seed=seed, max_actions=max_actions)
    # By default one worker per core, and no more workers than games.
    parallel = min(_cores(), max(games, 1)) if workers is None else workers
    results: Iterator[GameResult]
    if executor is None and parallel == 1:
        results = _in_process(plan, start, games)
    else:
        if executor is None:
            _check_picklable(plan)
        largest = MAX_CHUNK if chunk_size is None else chunk_size
        results = _dispatched(plan, start, games, executor, parallel, largest)
    names = tuple(_bot_name(spec) for spec in specs)
    return Simulation(results, bots=names, games=games, start=start, seed=seed, variant=variant)


class _ClosingExecutor(Executor):
    """A Dask client's executor that closes the client when it is shut down."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._executor: Executor = client.get_executor(pure=False)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._executor.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._executor.shutdown(wait=wait and not cancel_futures)
        self.client.close()


def dask_executor(address: str | None = None, **client_options: Any) -> Executor:
    """An executor that runs :func:`simulate`'s games on a Dask cluster.

    It connects a ``distributed.Client`` to the scheduler at ``address`` (a
    ``"tcp://host:8786"`` address, or a ``LocalCluster``; ``None`` starts a local
    cluster) and returns its executor, whose ``shutdown()`` also closes the client: use it
    in a ``with`` block. The cluster's workers need this library installed, and the bot
    factories (pickled with ``cloudpickle``); tell :func:`simulate` how many workers the
    cluster has (``workers=``) so that it keeps them all busy.

    Args:
        address: Where the scheduler is, as ``distributed.Client`` takes it.
        client_options: More arguments for ``distributed.Client``.

    Raises:
        ImportError: if Dask's ``distributed`` package is not installed; it comes with
            the ``dask`` extra: ``pip install 'contract_rummy[dask]'``.

    Example (not run here)::

        with cr.dask_executor("tcp://scheduler:8786") as executor:
            summary = cr.summarize(cr.simulate(bots, 100_000, executor=executor, workers=64))
    """
    try:
        import distributed  # noqa: PLC0415 - an optional extra, never imported otherwise
    except ImportError as error:
        raise ImportError(
            "dask_executor needs Dask's distributed package, which comes with the dask "
            "extra: pip install 'contract_rummy[dask]'"
        ) from error
    client: Any = distributed.Client  # untyped: its arguments are distributed's business
    failure: BaseException | None = None
    try:
        made = client(address, **client_options)
    except Exception as error:  # raised again below, without the frames that hold the client
        failure = error
    if failure is not None:
        # A client that could not connect still holds its event loop, which it stops when
        # it is collected; collected later, inside another client's or cluster's start,
        # that stop waits for the start and never returns. Drop the frames that hold it
        # and collect it now.
        chained: set[int] = set()
        cause: BaseException | None = failure
        while cause is not None and id(cause) not in chained:
            chained.add(id(cause))
            cause.__traceback__ = None
            cause = cause.__cause__ or cause.__context__
        gc.collect()
        raise failure
    return _ClosingExecutor(made)


# == statistics ===============================================================================


@attrs.frozen
class Estimate:
    """A point estimate with its 95% confidence interval: ``low <= value <= high``.

    Attributes:
        value: The estimate (a rate or a mean).
        low: The interval's lower bound (``-inf`` for a mean of one value).
        high: The interval's upper bound (``inf`` for a mean of one value).
    """

    value: float
    low: float
    high: float

    @classmethod
    def rate(cls, hits: int, trials: int) -> Estimate:
        """The rate ``hits / trials`` with its Wilson score interval, within [0, 1].

        Raises:
            ValueError: if there are no trials, or hits out of 0..trials.

        >>> Estimate.rate(7, 10)
        Estimate(value=0.7, low=0.3967..., high=0.8922...)
        """
        check_int("trials", trials, minimum=1)
        check_int("hits", hits, minimum=0, maximum=trials)
        p = hits / trials
        z2 = _Z95 * _Z95
        centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
        spread = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
        spread /= 1 + z2 / trials
        # The interval always holds p; the bounds are clamped against rounding.
        return cls(p, max(0.0, min(p, centre - spread)), min(1.0, max(p, centre + spread)))

    @classmethod
    def mean(cls, count: int, mean: float, variance: float) -> Estimate:
        """A mean with the normal approximation's interval, ``mean ± 1.96 s / √count``.

        ``variance`` is the sample variance (``s²``, dividing by ``count - 1``); with one
        value the interval is unbounded.

        >>> Estimate.mean(4, 10.0, 4.0)
        Estimate(value=10.0, low=8.04..., high=11.95...)
        """
        check_int("count", count, minimum=1)
        if count == 1:
            return cls(mean, -math.inf, math.inf)
        half = _Z95 * math.sqrt(variance / count)
        return cls(mean, mean - half, mean + half)

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval."""
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, float | None]:
        """``{"value": ..., "low": ..., "high": ...}``; an infinite bound as ``None``."""
        return {
            "value": self.value,
            "low": self.low if math.isfinite(self.low) else None,
            "high": self.high if math.isfinite(self.high) else None,
        }


@attrs.define
class _Moments:
    """A running count, sum and sum of squares of whole numbers: exact, in constant memory."""

    count: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def estimate(self) -> Estimate:
        count = self.count
        # The sample variance, from exact integer sums: no rounding until the division.
        spread = count * self.squares - self.total * self.total
        variance = spread / (count * (count - 1)) if count > 1 else 0.0
        return Estimate.mean(count, self.total / count, variance)


@attrs.frozen
class SeatSummary:
    """How the bot at one seat did over the games summed up.

    Attributes:
        seat: The seat (the player's number).
        bot: The bot's name.
        wins: How many games it won; a shared win (R28) counts as a win for each of the
            players sharing it, so the seats' wins may add up to more than the games.
        win_rate: Its share of the games won, with the Wilson interval.
        score: Its mean final total, with the normal approximation's interval.
    """

    seat: int
    bot: str
    wins: int
    win_rate: Estimate
    score: Estimate

    def to_dict(self) -> dict[str, object]:
        """The seat as a JSON object, its keys in the order of the attributes above."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "wins": self.wins,
            "win_rate": self.win_rate.to_dict(),
            "score": self.score.to_dict(),
        }


@attrs.frozen(eq=True, hash=False)
class RoundSummary:
    """How one round of the ladder went over the games summed up.

    Rates over player-rounds count each player of each game once: with 4 players and 100
    games, 400 of them.

    Attributes:
        number: The round's number.
        contract: Its contract, as text.
        rounds: How many times it was played (one per game).
        met_on_deal: The rate of player-rounds whose dealt cards met the contract.
        went_down: The rate of player-rounds in which the player went down.
        turns: The mean length of the round, in turns.
        ends: For each way a round ends (every :class:`~contract_rummy.RoundEnd`, in its
            order), the rate of rounds that ended that way.
    """

    number: int
    contract: str
    rounds: int
    met_on_deal: Estimate
    went_down: Estimate
    turns: Estimate
    ends: Mapping[RoundEnd, Estimate]

    def to_dict(self) -> dict[str, object]:
        """The round as a JSON object, its keys in the order of the attributes above."""
        return {
            "number": self.number,
            "contract": self.contract,
            "rounds": self.rounds,
            "met_on_deal": self.met_on_deal.to_dict(),
            "went_down": self.went_down.to_dict(),
            "turns": self.turns.to_dict(),
            "ends": {end.value: rate.to_dict() for end, rate in self.ends.items()},
        }


@attrs.frozen
class Summary:
    """The statistics of a set of games (see :class:`Summarizer`).

    Attributes:
        variant: The name of the games' rules.
        games: How many games.
        seats: Each seat's figures, in seat order.
        rounds: Each round's figures, in round order.
    """

    variant: str
    games: int
    seats: tuple[SeatSummary, ...]
    rounds: tuple[RoundSummary, ...]

    def to_dict(self) -> dict[str, object]:
        """The summary as a JSON object, its keys in the order of the attributes above."""
        return {
            "variant": self.variant,
            "games": self.games,
            "seats": [seat.to_dict() for seat in self.seats],
            "rounds": [summary.to_dict() for summary in self.rounds],
        }


@attrs.define
class _RoundTally:
    contract: str
    rounds: int = 0
    player_rounds: int = 0
    met_on_deal: int = 0
    went_down: int = 0
    turns: _Moments = attrs.Factory(_Moments)
    ends: Counter[RoundEnd] = attrs.Factory(Counter)


class Summarizer:
    """Sums up games as they come, one :class:`GameResult` at a time, in constant memory.

    The first game fixes the variant and the seats' bots; every later game must have the
    same (a game of other rules or bots raises :class:`ValueError`). :meth:`summary` can
    be taken at any point, as often as wanted.

    >>> import contract_rummy as cr
    >>> summarizer = cr.Summarizer()
    >>> for game in cr.simulate(["greedy"] * 4, 2, seed=2, workers=1):
    ...     summarizer.add(game)
    >>> summary = summarizer.summary()
    >>> summary.games, len(summary.rounds), summary.rounds[0].contract
    (2, 7, 'two groups of 3')
    """

    def __init__(self) -> None:
        self._games = 0
        self._variant: str | None = None
        self._bots: tuple[str, ...] = ()
        self._wins: list[int] = []
        self._scores: list[_Moments] = []
        self._rounds: list[_RoundTally] = []

    @property
    def games(self) -> int:
        """How many games have been added."""
        return self._games

    def add(self, game: GameResult) -> None:
        """Add one game's result.

        Raises:
            TypeError: if ``game`` is not a :class:`GameResult`.
            ValueError: if its variant, bots or rounds differ from the first game's.
        """
        if not isinstance(game, GameResult):
            raise TypeError(f"expected a GameResult, got {game!r}")
        if self._variant is None:
            self._variant = game.variant
            self._bots = game.bots
            self._wins = [0] * len(game.bots)
            self._scores = [_Moments() for _ in game.bots]
            self._rounds = [_RoundTally(played.contract) for played in game.rounds]
        elif (game.variant, game.bots) != (self._variant, self._bots):
            raise ValueError(
                f"game {game.index} is {game.variant} with bots {list(game.bots)}, but the "
                f"games summed up are {self._variant} with bots {list(self._bots)}"
            )
        if [played.contract for played in game.rounds] != [t.contract for t in self._rounds]:
            raise ValueError(f"game {game.index} has other rounds than the games summed up")
        self._games += 1
        for winner in game.winners:
            self._wins[winner] += 1
        for moments, score in zip(self._scores, game.scores, strict=True):
            moments.add(score)
        for tally, played in zip(self._rounds, game.rounds, strict=True):
            tally.rounds += 1
            tally.player_rounds += len(played.met_on_deal)
            tally.met_on_deal += sum(played.met_on_deal)
            tally.went_down += sum(turn is not None for turn in played.went_down)
            tally.turns.add(played.turns)
            tally.ends[played.end] += 1

    def summary(self) -> Summary:
        """The statistics of the games added so far.

        Raises:
            ValueError: if no game has been added.
        """
        if self._variant is None:
            raise ValueError("there is nothing to sum up: no game has been added")
        games = self._games
        seats = tuple(
            SeatSummary(
                seat=seat,
                bot=bot,
                wins=self._wins[seat],
                win_rate=Estimate.rate(self._wins[seat], games),
                score=self._scores[seat].estimate(),
            )
            for seat, bot in enumerate(self._bots)
        )
        rounds = tuple(
            RoundSummary(
                number=number,
                contract=tally.contract,
                rounds=tally.rounds,
                met_on_deal=Estimate.rate(tally.met_on_deal, tally.player_rounds),
                went_down=Estimate.rate(tally.went_down, tally.player_rounds),
                turns=tally.turns.estimate(),
                ends={end: Estimate.rate(tally.ends[end], tally.rounds) for end in RoundEnd},
            )
            for number, tally in enumerate(self._rounds, start=1)
        )
        return Summary(variant=self._variant, games=games, seats=seats, rounds=rounds)


def summarize(games: Iterable[GameResult]) -> Summary:
    """The statistics of ``games``, read one at a time (see :class:`Summarizer`).

    Raises:
        ValueError: if there are no games, or they differ in variant or bots.

    >>> import contract_rummy as cr
    >>> summary = cr.summarize(cr.simulate(["greedy"] * 4, 2, workers=1))
    >>> summary.games, [seat.seat for seat in summary.seats]
    (2, [0, 1, 2, 3])
    """
    summarizer = Summarizer()
    for game in games:
        summarizer.add(game)
    return summarizer.summary()
