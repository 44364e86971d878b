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
seed (a class that takes a ``seed`` with ``seed=``; ``GreedyBot`` and ``HeuristicBot``,
which take none, with nothing). Worker processes
receive the factory by pickling, so it must be a module-level function or class
(``RandomBot`` itself is one); a script that runs a pool of processes
keeps its top level under ``if __name__ == "__main__":``, as :mod:`multiprocessing` asks
(without it, the run stops with a ``BrokenProcessPool`` that says so).

Every public name here is also a name of the package (``cr.simulate``, ``cr.Summary``), but
for the constants and :data:`BotSpec`: ``from contract_rummy.simulation import MAX_CHUNK``.
At the package's top level, ``contract_rummy.simulate`` is the function :func:`simulate`,
and this module is ``contract_rummy.simulation``:

>>> import contract_rummy.simulation as simulation
>>> simulation.simulate is cr.simulate, simulation.MAX_CHUNK
(True, 32)

Inside, each part has its module: the seeds (``_seeds``), the results (``_results``), the
game loop of one game (``_game``), the pools and clusters that play them (``_executors``),
the chunks sent to them (``_dispatch``), a run (``_run``) and the statistics
(``_statistics``).
"""

from __future__ import annotations

from contract_rummy.simulation._dispatch import IN_FLIGHT, MAX_CHUNK
from contract_rummy.simulation._executors import dask_executor
from contract_rummy.simulation._game import BotSpec
from contract_rummy.simulation._results import GameResult, RoundResult, load_results
from contract_rummy.simulation._run import DEFAULT_MAX_ACTIONS, Simulation, simulate
from contract_rummy.simulation._seeds import derive_seed
from contract_rummy.simulation._statistics import (
    Estimate,
    RoundSummary,
    SeatSummary,
    Summarizer,
    Summary,
    summarize,
)

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
    "load_results",
    "simulate",
    "summarize",
]
