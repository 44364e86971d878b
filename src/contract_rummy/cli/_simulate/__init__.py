"""``contract-rummy simulate``: many seeded games between bots, and their statistics.

The command plays ``--games`` games with :func:`~contract_rummy.simulate`, on every core
of this machine unless ``--workers`` says how many processes (``--workers 1``: this one)
or ``--dask ADDRESS`` sends them to a Dask cluster. ``--bots`` names one bot of
:data:`~contract_rummy.BOTS` per seat, or one bot for every seat. While the games are
played, their progress shows on the standard error; at the end, the summary
(:func:`~contract_rummy.summarize`) goes to the standard output: each seat's win rate and
mean final score, and for each round of the ladder how often the contract was met, straight
off the deal and at all, how many turns the round lasted and how it ended, each figure with
its 95% confidence interval.

``--out FILE`` writes each game's result as one line of JSON
(:meth:`~contract_rummy.GameResult.to_json`), in game order, as the games finish.
``--plot FILE`` draws the final scores of each seat and the contracts met, with
``matplotlib`` (the ``plot`` extra). ``--quiet`` prints the summary only: no progress, and
no line naming the files written.

``--from FILE`` plays no game: it reads the results saved earlier with ``--out FILE``
(:func:`~contract_rummy.load_results`) and prints their summary, the same tables under a
line that names the file where a run names its seed; ``--plot`` draws their figure. The
options that only playing uses (``--bots``, ``--games``, ``--seed``, ``--workers``,
``--dask``, ``--out``, ``--variant``, ``--variant-file``) are refused with it, and so is a
file that cannot be read or holds anything but games' results of one run's rules and bots.

With ``rich`` installed (the ``cli`` extra), the progress is a bar redrawn on the terminal
and the tables are drawn by rich. Off a terminal (a pipe, a file, a log), without rich, or
with ``--plain``, the progress is a line now and then (at each tenth of the games, never
two within 2 seconds) and the tables are plain text. ``rich``, ``matplotlib`` and
``distributed`` are imported only when they are used.

Ctrl-C stops the run: the games not started are cancelled, and the summary of the games
finished is printed before the command exits with status 130.

>>> from contract_rummy.cli import main
>>> main(["simulate", "--bots", "greedy", "--games", "4", "--workers", "1", "--plain",
...       "--quiet"])
Simulation of pagat, seed 0: greedy, greedy, greedy, greedy
<BLANKLINE>
Seats (95% confidence intervals)
seat  bot     wins  win rate            mean score
   0  greedy     ...
<BLANKLINE>
Rounds (95% confidence intervals)
round  contract  ...
    1  two groups of 3  ...
<BLANKLINE>
4 games in ... s: ... games/s
0

Inside, each part has its module: the arguments (``_options``), the run and its Ctrl-C
(``_run``), results read back (``_saved``), the progress (``_progress``), the printed
summary (``_summary``), the figure (``_plot``), and rich's console (``_console``).
"""

from __future__ import annotations

import argparse

from contract_rummy.cli._common import Commands, add_command
from contract_rummy.cli._simulate._options import add_arguments, read_saved
from contract_rummy.cli._simulate._plot import plot_summary
from contract_rummy.cli._simulate._run import DASK_TIMEOUT, run
from contract_rummy.cli._simulate._saved import summarize_saved
from contract_rummy.cli._simulate._summary import plain_summary

__all__ = ["DASK_TIMEOUT", "plain_summary", "plot_summary", "register"]


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the program's commands."""
    parser = add_command(
        commands,
        "simulate",
        _command,
        help="play many seeded games between bots and sum them up (or sum up saved results)",
    )
    add_arguments(parser)


def _command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Play and sum up a run; with ``--from``, sum up the results saved earlier instead."""
    if args.source is not None:
        return summarize_saved(parser, read_saved(parser, args))
    return run(parser, args)
