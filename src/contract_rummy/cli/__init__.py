"""The ``contract-rummy`` command: play against bots, watch bots play, read the rules.

``contract-rummy play`` deals a game in the terminal between you and bots: the screen shows
what you may see and your legal actions, numbered, and you answer with a number or an
action in notation (:mod:`contract_rummy.notation`); ``--record FILE`` saves the game, as far
as it went if the person leaves before its end. ``contract-rummy demo --seed 7`` plays
a game between bots and prints it round by round; ``--record FILE`` saves it as a record
(:mod:`contract_rummy.records`), and ``contract-rummy replay FILE`` prints a recorded game
(each game in turn of a JSON Lines file of records, one a line).
``contract-rummy simulate`` plays many seeded games between bots, on every core, and prints
their statistics (win rates, scores, contracts met), with ``--out`` for the results as JSON
Lines and ``--plot`` for a figure; ``--from FILE`` sums up such results again, playing no
game. ``contract-rummy rules`` prints a rule set, setting by setting, with the rules'
numbers.

``--variant`` picks a rule set of :data:`~contract_rummy.VARIANTS` (by default ``pagat``), or
``--variant-file PATH`` reads one from a JSON file (as
:func:`~contract_rummy.codec.write_variant` writes it),
``--players`` the number of players (by default 4, or the nearest number the rule set
allows), and ``--bots`` a bot of :data:`~contract_rummy.BOTS`.

>>> main(["demo", "--seed", "3", "--quiet"])
Final standings (pagat, seed 3):
...
0
>>> main(["demo", "--seed", "3", "--quiet", "--variant", "progressive", "--players", "3"])
Final standings (progressive, seed 3):
...
0
>>> main(["rules", "--variant", "liverpool"])
The rules of liverpool
Players        3-8 (R1)
...
Buying         no buying (R18)
...
0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence

import contract_rummy
from contract_rummy.cli import _demo, _play, _replay, _rules, _simulate
from contract_rummy.cli._common import default_players
from contract_rummy.cli._demo import demo
from contract_rummy.cli._play import play
from contract_rummy.cli._replay import replay
from contract_rummy.cli._rules import rules_text

__all__ = ["default_players", "demo", "main", "play", "replay", "rules_text"]

#: The commands, in the order ``--help`` lists them: each module adds its own parser.
_COMMANDS = (_play, _demo, _simulate, _replay, _rules)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="contract-rummy", description="The Contract Rummy rules engine."
    )
    parser.add_argument("--version", action="version", version=contract_rummy.__version__)
    commands = parser.add_subparsers(dest="command", required=True)
    for command in _COMMANDS:
        command.register(commands)
    args = parser.parse_args(argv)
    with _ctrl_c():
        try:
            status: int = args.run(args)
        except BrokenPipeError:
            # The reader stopped early (``| head``): that is no error of ours. Send what is
            # still buffered nowhere, so that Python's own flush at exit stays quiet.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    return status


@contextlib.contextmanager
def _ctrl_c() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt while a command runs, as Python's default handler does.

    A program started with SIGINT ignored, as a background job of a shell script or under
    ``nohup`` is, would otherwise not stop on Ctrl-C at all. The handler it had is put back
    afterwards. Outside the main thread, where no handler can be set, nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
