"""What the commands share: the number of players, a round's report, the standings.

Also the words the commands share for what an event tells: an exact cut (R32), the check
that a file the command will write can be written, the saving of a game's record, the
players' names, and the rules: a preset's name or a JSON file.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from contract_rummy import records
from contract_rummy._checks import repeated
from contract_rummy.actions import Action, ChanceAction, GoDown
from contract_rummy.bots import BOTS, UnknownBotError
from contract_rummy.cards import format_cards
from contract_rummy.codec import from_dict, read_variant
from contract_rummy.errors import RecordError
from contract_rummy.events import Dealt, Event, RoundEnd, RoundEnded
from contract_rummy.presets import VARIANTS
from contract_rummy.render import meld_text, player_name
from contract_rummy.state import RoundState
from contract_rummy.variants import Variant

__all__ = [
    "INTERRUPTED",
    "NOBODY_OUT",
    "Commands",
    "Narrator",
    "add_command",
    "add_variant_options",
    "bots_for",
    "called",
    "check_writable",
    "cut_lines",
    "default_players",
    "meld_text",
    "names_for",
    "players_for",
    "save_record",
    "sentence",
    "standings",
    "variant_file",
    "variant_for",
]


#: The exit status of a command stopped by Ctrl-C: 128 + SIGINT, as shells report it.
INTERRUPTED: Final = 130


def default_players(variant: Variant) -> int:
    """The demo's number of players: 4 if ``variant`` allows it, else its fewest (R1)."""
    return 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players


def players_for(parser: argparse.ArgumentParser, variant: Variant, players: int | None) -> int:
    """``players``, or the default for ``variant`` when it is ``None``.

    A number the rules do not allow ends the command with ``parser``'s usage and the R1
    message.
    """
    if players is None:
        return default_players(variant)
    try:
        variant.check_players(players)
    except ValueError as error:  # R1: a number of players the rules do not allow
        parser.error(str(error))
    return players


def bots_for(
    parser: argparse.ArgumentParser,
    text: str | None,
    variant: Variant,
    players: int | None = None,
    *,
    default: str = "heuristic",
) -> tuple[str, ...]:
    """The seats' bots that ``--bots`` names, one per seat (or ``default`` in every seat).

    The option names one bot a seat, separated by commas, or one bot for every seat. The
    seats are ``players`` (``--players``) when given, else as many as the names (one
    name: the rules' usual number, :func:`default_players`). A name that is no bot's, or a
    number of bots the rules do not allow or that differs from ``players``, ends the
    command with ``parser``'s usage and what is wrong.
    """
    names = (default,) if text is None else tuple(name.strip() for name in text.split(","))
    for name in names:
        try:
            BOTS[name]
        except UnknownBotError as error:
            parser.error(f"--bots: {error}")
    if len(names) == 1:
        return names * (default_players(variant) if players is None else players)
    if players is not None and len(names) != players:
        parser.error(f"--bots names {len(names)} bots, one per seat, for {players} players")
    try:
        variant.check_players(len(names))
    except ValueError as error:  # R1: one bot per player
        parser.error(f"--bots names {len(names)} bots, one per seat: {error}")
    return names


def called(player: int, names: Sequence[str] | None = None) -> str:
    """How the demo and the replay call ``player``: by their name if given, else "player 2".

    >>> from contract_rummy.cli._common import called
    >>> called(2), called(2, ["Ann", "Bo", "Cy", "Di"])
    ('player 2', 'Cy')
    """
    return player_name(player, None, names)


def sentence(text: str) -> str:
    """``text`` begun with a capital letter, as a sentence is.

    >>> from contract_rummy.cli._common import sentence
    >>> sentence("player 2 cut exactly")
    'Player 2 cut exactly'
    """
    return text[:1].upper() + text[1:]


def cut_lines(dealt: Dealt, variant: Variant, name: Callable[[int], str]) -> list[str]:
    """What a deal tells of the Liverpool cut (R32): whose exact cut lowered their total.

    ``name`` says how the command calls a player. The list is empty when nobody cut
    exactly (or the rules have no cut); ``play``, ``demo`` and ``replay`` say it alike.

    >>> import contract_rummy as cr
    >>> from contract_rummy.cli._common import called, cut_lines
    >>> dealt = cr.Dealt(3, dealer=2, top_discard=cr.Card.parse("7S"), exact_cut=1, cut=25)
    >>> cut_lines(dealt, cr.LIVERPOOL_CUT, called)
    ['Player 1 cut exactly: 50 points off (R32).']
    """
    if dealt.exact_cut is None:
        return []
    cutter = sentence(name(dealt.exact_cut))
    return [f"{cutter} cut exactly: {variant.cut_bonus} points off (R32)."]


def standings(state: RoundState, names: Sequence[str] | None = None) -> list[str]:
    """The players from the lowest total up, with the winners marked.

    The players are called by ``names`` when given (a record's), else by their number.
    """
    order = sorted(range(state.players), key=lambda p: (state.scores[p], p))
    lines = []
    for place, player in enumerate(order, start=1):
        mark = "  winner" if state.winners and player in state.winners else ""
        lines.append(f"  {place}. {called(player, names)}: {state.scores[player]}{mark}")
    return lines


#: Why nobody went out, by how the round ended.
NOBODY_OUT: Final = {
    RoundEnd.STOCK_EXHAUSTED: "the stock ran dry (R27)",
    RoundEnd.TURN_LIMIT: "the round reached its turn limit (R29)",
}


def _round_report(
    state: RoundState,
    ended: RoundEnded,
    downs: list[tuple[int, GoDown]],
    names: Sequence[str] | None,
) -> list[str]:
    dealer = state.dealer if names is None else names[state.dealer]
    lines = [
        f"Round {state.round_number}: {state.contract} (dealer {dealer})",
    ]
    for player, action in downs:
        melds = ", ".join(meld_text(meld, state.variant) for meld in action.melds)
        lines.append(f"  {called(player, names)} went down: {melds}")
    if not downs:
        lines.append("  nobody went down")
    if ended.went_out is not None:
        lines.append(f"  {called(ended.went_out, names)} went out")
    else:
        lines.append(f"  nobody went out: {NOBODY_OUT[ended.reason]}")
    for player, points in enumerate(ended.penalties):
        left = format_cards(state.hands[player]) or "-"
        lines.append(
            f"  {called(player, names)}: +{points} (total {state.scores[player]}), "
            f"left in hand: {left}"
        )
    return lines


class Narrator:
    """Prints a game round by round, from each action and what it did.

    The players are called by ``names`` when given (a record's), else by their number.
    """

    def __init__(self, *, quiet: bool, names: Sequence[str] | None = None) -> None:
        self.quiet = quiet
        self.names = names
        self.downs: list[tuple[int, GoDown]] = []

    def played(
        self,
        before: RoundState,
        action: Action | ChanceAction,
        after: RoundState,
        events: Iterable[Event],
    ) -> None:
        """Note one action; print the round's report when it ended the round.

        The exact cut (R32) of the next round's deal is said as the deal comes.
        """
        if isinstance(action, GoDown):
            self.downs.append((before.to_act if before.to_act is not None else 0, action))
        for event in events:
            if isinstance(event, RoundEnded):
                if not self.quiet:
                    print("\n".join(_round_report(after, event, self.downs, self.names)))
                self.downs = []
            elif isinstance(event, Dealt) and not self.quiet:
                for line in cut_lines(event, after.variant, self._called):
                    print(line)

    def _called(self, player: int) -> str:
        return called(player, self.names)

    def finish(self, state: RoundState, title: str) -> None:
        """Print the standings (and, unless quiet, how long the game was)."""
        print(f"Final standings ({title}):" if state.winners else f"Standings ({title}):")
        print("\n".join(standings(state, self.names)))
        if not self.quiet:
            moves, rounds = state.moves, state.round_number
            print(
                f"{moves} action{'' if moves == 1 else 's'} in "
                f"{rounds} round{'s' if rounds > 1 else ''}"
            )


#: What ``main`` hands each command to add its parser to.
Commands = argparse._SubParsersAction  # the type argparse gives add_subparsers' result


def add_command(
    commands: Commands[argparse.ArgumentParser],
    name: str,
    run: Callable[[argparse.ArgumentParser, argparse.Namespace], int],
    **options: Any,
) -> argparse.ArgumentParser:
    """Add the command ``name``, run as ``run(its parser, the arguments)``.

    The command's own parser reports the errors of its arguments, with its usage.
    """
    parser = commands.add_parser(name, **options)
    parser.set_defaults(run=lambda args: run(parser, args))
    return parser


def check_writable(parser: argparse.ArgumentParser, option: str, path: Path) -> None:
    """Refuse ``path``, given to ``option``, before the command's work if it cannot be written.

    The check opens the file without emptying it and leaves no empty file behind: the
    command writes it once its work is done. What stops it ends the command with
    ``parser``'s usage and the reason, after the option's name.
    """
    existed = path.exists()
    try:
        path.open("ab").close()
    except OSError as error:
        parser.error(f"{option}: {error}")
    if not existed:
        path.unlink()


def save_record(recorder: records.Recorder, path: Path) -> None:
    """Write the game ``recorder`` holds so far to ``path``, as a JSON record.

    A game stopped midway is saved as far as it went: ``contract-rummy replay`` prints it,
    and :func:`contract_rummy.records.replay` replays it.
    """
    with path.open("w", encoding="utf-8") as file:
        records.dump(recorder.record(), file)


def names_for(
    parser: argparse.ArgumentParser, text: str | None, players: int
) -> tuple[str, ...] | None:
    """The players' names that ``--names`` gives, separated by commas, or ``None``.

    A name for each of the ``players``, none of them empty and no two the same: otherwise
    the command ends with ``parser``'s usage and what is expected.

    >>> import argparse
    >>> from contract_rummy.cli._common import names_for
    >>> names_for(argparse.ArgumentParser(), "Ann, Bo,Cy,Di", 4)
    ('Ann', 'Bo', 'Cy', 'Di')
    """
    if text is None:
        return None
    names = tuple(name.strip() for name in text.split(","))
    if len(names) != players:
        parser.error(
            f"--names expects {players} names, one per player, separated by commas; "
            f"got {len(names)}: {text!r}"
        )
    for seat, name in enumerate(names):
        if not name:
            parser.error(f"--names: the name of player {seat} is empty in {text!r}")
    twice = repeated(names)
    if twice is not None:
        one, other = twice
        parser.error(
            f"--names: players {one} and {other} are both called {names[one]!r} in "
            f"{text!r}; give each player a name of their own"
        )
    return names


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the rules' options: ``--variant NAME`` or ``--variant-file PATH``."""
    rules = parser.add_mutually_exclusive_group()
    # No default here: argparse sees no clash when the value given is the default's object.
    rules.add_argument(
        "--variant", default=None, choices=sorted(VARIANTS), help="the rules (default pagat)"
    )
    rules.add_argument(
        "--variant-file",
        type=_file_path,
        default=None,
        metavar="PATH",
        help="the rules from a JSON file: a variant as contract_rummy.codec.write_variant "
        "or contract_rummy.to_dict writes it",
    )


def _file_path(text: str) -> Path:
    """The path of a file given on the command line; an empty one is refused."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file's path, got an empty one")
    return Path(text)


def variant_file(path: Path) -> Variant:
    """The rule set in the JSON file at ``path``.

    The file holds a variant as :func:`~contract_rummy.codec.write_variant` writes it (a
    preset's name, or an object of every knob with ``"type": "Variant"``), or as
    :func:`~contract_rummy.to_dict` does (the same object with ``"version"``).

    Raises:
        RecordError: if the file is not JSON, or not a valid variant: saying what is wrong.
        OSError: if the file cannot be read.
    """
    try:
        data = json.loads(path.read_bytes())
    except (ValueError, RecursionError) as error:  # bad JSON, or text not in UTF-8
        raise RecordError(f"not a JSON document: {error}") from None
    if isinstance(data, dict) and "version" in data:
        return from_dict(data, Variant)
    return read_variant(data, "variant")


def variant_for(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Variant:
    """The rules that ``--variant`` or ``--variant-file`` (:func:`add_variant_options`) give.

    A file that cannot be read or holds no valid variant ends the command with ``parser``'s
    usage, the file's name and what is wrong.
    """
    path: Path | None = args.variant_file
    if path is None:
        return VARIANTS[args.variant or "pagat"]
    try:
        return variant_file(path)
    except OSError as error:
        parser.error(f"--variant-file: {error}")
    except RecordError as error:
        parser.error(f"--variant-file: {path}: {error}")
