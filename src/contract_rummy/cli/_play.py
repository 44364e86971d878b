"""``contract-rummy play``: a person against bots, in the terminal, in plain text.

The person plays one seat (player 0 unless ``--seat`` says otherwise) and the bots of
:data:`~contract_rummy.BOTS` play the others. Before each of the person's decisions the
screen shows what they may see and their legal actions, numbered; they
answer with a number or with an action in notation (:func:`~contract_rummy.parse_action`).
Between their decisions, a line for each thing the others did, read from the events of
:func:`~contract_rummy.step`.
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, TextIO

import contract_rummy
from contract_rummy import records
from contract_rummy.actions import Action, Buy, Discard, GoDown, LayOff, NextRound, Pass
from contract_rummy.bots import BOTS, Bot, make_bot
from contract_rummy.cards import Card
from contract_rummy.cli._common import (
    INTERRUPTED,
    NOBODY_OUT,
    Commands,
    add_command,
    add_variant_options,
    check_writable,
    cut_lines,
    meld_text,
    names_for,
    players_for,
    save_record,
    sentence,
    variant_for,
)
from contract_rummy.cli._rules import rules_text
from contract_rummy.cli._screen import (
    Menu,
    cards_text,
    hand_lines,
    menu,
    name,
    offer_lines,
    position_lines,
)
from contract_rummy.engine import legal_actions, new_game, step
from contract_rummy.errors import IllegalActionError, NotationError
from contract_rummy.events import (
    Bought,
    Dealt,
    Drew,
    Event,
    GameEnded,
    Reshuffled,
    RoundEnded,
    TookDiscard,
    WildFreed,
)
from contract_rummy.notation import format_action, parse_action
from contract_rummy.playing import steps
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import Variant
from contract_rummy.views import PlayerView, view

__all__ = ["HELP", "Session", "play", "register"]

HELP: Final = """\
Answer with the number of an action, or type the action (in any case):
  draw  /  take                 take the top of the stock / of the discard pile (R13)
  y  /  n                       buy the card offered, or let it go (R19)
  7S  /  d 7S  /  discard 7S    discard 7S
  down 7C 7D 7H | 9S 9S JK      go down with these melds, "|" between them (R14)
  lay JK -> 3 high              lay JK off on meld [3] of the table, at its high end (R15)
  swap 7S in 2 -> 4             put 7S in place of the joker it stands for in meld [2],
                                and lay the joker off on meld [4] (R23)
  next                          start the next round, after the one you dealt (R4)
Other commands: hand, table (the position again), actions (the list again),
rules (the rules of this game), help, quit (or Ctrl-D)."""

#: Answers to a buy offer (R19) or a Shanghai call (R31).
_YES: Final = frozenset({"y", "yes", "buy", "b"})
_NO: Final = frozenset({"n", "no", "pass", "p"})
_QUIT: Final = frozenset({"quit", "q", "exit"})


class _QuitError(Exception):
    """The person asked to leave."""


def _numbers(choices: int) -> str:
    """The numbers of ``choices`` actions: their range, or the one."""
    return "1" if choices == 1 else f"1-{choices}"


def _move_prompt(choices: int) -> str:
    """The question of a turn with ``choices`` numbered actions."""
    return f"Your move ({_numbers(choices)}): "


def _penalty_cards(count: int, before: str = "") -> str:
    """``count`` penalty cards in words, after ``before``; nothing for none (R19)."""
    if count == 0:
        return ""
    return f"{before}{'a' if count == 1 else count} penalty card{'s' * (count != 1)}"


class Session:
    """One game: the person's seat, the bots' seats, and the state, played to the end.

    ``read`` asks the person a question (like :func:`input`, raising :class:`EOFError`
    at the end of the input) and ``out`` receives what the screen shows. Each action
    played goes to ``recorder`` when there is one, whose state must be ``state``. The
    others are called by ``names`` (one per player) when given, else by their number;
    the person is "you".
    """

    def __init__(
        self,
        state: RoundState,
        bots: Sequence[Bot | None],
        person: int,
        *,
        read: Callable[[str], str] = input,
        out: TextIO | None = None,
        recorder: records.Recorder | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        self.state = state
        self.recorder = recorder
        self.names = names
        self.bots = bots
        self.person = person
        self.read = read
        self.out = sys.stdout if out is None else out
        self.menu: Menu | None = None
        #: The last round whose whole position the person was shown.
        self.shown_round: int | None = None

    # -- the game ---------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the person leaves; return the exit status.

        The status is 0 when the game ends or the person leaves (``quit``, or the end of
        the input: Ctrl-D), and 130 when Ctrl-C stops the game, as for any command a shell
        sees stopped by Ctrl-C.
        """
        try:
            for played in steps(self.state, self._choose):
                if self.recorder is not None:
                    self.recorder.add(played)
                before, player, action, after, events = played
                self.state = after
                self._narrate(before, player, action, events)
        except (_QuitError, EOFError):
            self._goodbye()
        except KeyboardInterrupt:
            self._goodbye()
            return INTERRUPTED
        return 0

    def _goodbye(self) -> None:
        self.say(f"\nGoodbye: you left the game in round {self.state.round_number}.")

    def _choose(self, player: int, state: RoundState) -> Action:
        """The action of ``player``, who chooses now in ``state``: the person's or a bot's."""
        if state.phase is Phase.ROUND_OVER:
            return self._ask_to_deal()  # a pause to read the scores, whoever deals
        return self._ask() if player == self.person else self._bot(player)

    def _bot(self, player: int) -> Action:
        bot = self.bots[player]
        assert bot is not None  # every seat but the person's has a bot
        return bot.choose(view(self.state, player))

    def say(self, *lines: str) -> None:
        """Show ``lines`` on the screen."""
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    @property
    def seen(self) -> PlayerView:
        """What the person sees now."""
        return view(self.state, self.person)

    # -- asking the person ------------------------------------------------------------------

    def _ask(self) -> Action:
        if self.state.phase is Phase.BUY:
            return self._ask_to_buy()
        self._show_turn()
        while True:
            text = self.read(_move_prompt(len(self.menu.actions) if self.menu else 0))
            action = self._answer(text.strip())
            if action is not None:
                return action

    def _show_turn(self) -> None:
        seen = self.seen
        self.menu = Menu(legal_actions(seen))
        self.shown_round = seen.round_number
        self.say(*position_lines(seen, self.names), self._what_now(seen), *menu(self.menu, seen))

    def _offer_screen(self, seen: PlayerView) -> list[str]:
        """The screen before a buy offer: the whole position if it is the round's first."""
        if self.shown_round == seen.round_number:
            return offer_lines(seen)
        self.shown_round = seen.round_number
        return position_lines(seen, self.names)

    def _what_now(self, seen: PlayerView) -> str:
        if seen.phase is Phase.DRAW:
            asker = seen.window.requester
            if asker is not None:
                return (
                    f"Your turn. {sentence(self._name(asker))} asks for "
                    f"{seen.top_discard}: take it yourself to refuse, or draw from the "
                    "stock to let them buy it (R31)."
                )
            return "Your turn: take the top card of the stock or of the discard pile (R13)."
        if seen.variant.at_once(seen.round_number):
            return "Your turn: go down with your whole hand if you can (R24), or discard."
        if not seen.down[self.person]:
            return "Your turn: go down if you can (R14), then discard (R13)."
        if seen.turn.went_down and not seen.variant.lay_off_on_going_down_turn:
            return "You are down: discard to end your turn; lay-offs from your next turn (R15)."
        return "Your turn: lay off or swap if you can (R15, R23), then discard (R13, R16)."

    def _ask_to_buy(self) -> Action:
        seen = self.seen
        active = sentence(self._name(seen.active))
        if seen.variant.shanghai_call:
            news = f"{active} is about to draw: you may ask for {seen.top_discard} first (R31)."
        else:
            news = f"{active} draws from the stock instead of taking {seen.top_discard}."
        self.say(*self._offer_screen(seen), news)
        question = self._offer(seen)
        while True:
            text = self.read(question).strip().lower()
            if text in _YES:
                return Buy()
            if text in _NO:
                return Pass()
            if not self._command(text):
                self.say("Answer y to buy, n to let it go (help for more).")

    def _offer(self, seen: PlayerView) -> str:
        card = seen.top_discard
        penalty = _penalty_cards(seen.variant.buy_penalty) or "no penalty card"
        if seen.variant.shanghai_call:
            active = self._name(seen.active)
            return (
                f"Ask for {card} before {active} draws ({penalty} if they let you have it, "
                "R31)? [y/n] "
            )
        return f"Buy {card} (with {penalty} from the stock, R19)? [y/n] "

    def _ask_to_deal(self) -> Action:
        """A pause after a round's report; the dealer of the round over starts the next (R4)."""
        dealer = self.state.dealer
        upcoming = f"round {self.state.round_number + 1}"
        deals = self._name((dealer + 1) % self.state.players)
        deals += " deal" if deals == "you" else " deals"
        start = "to start" if dealer == self.person else "for"
        question = f"Press Enter {start} {upcoming} ({deals}): "
        while True:
            text = self.read(question).strip().lower()
            if text in {"", "next", "nextround", "y", "yes"}:
                return NextRound() if dealer == self.person else self._bot(dealer)
            if not self._command(text):
                self.say("Press Enter to go on, or type quit.")

    def _answer(self, text: str) -> Action | None:
        """The action ``text`` asks for, or ``None`` after explaining why there is none."""
        if not text or self._command(text.lower()):
            return None
        if text.isascii() and text.isdigit():
            return self._numbered(text)
        action: Action | None = None  # until the text reads as one
        try:
            action = parse_action(self._expand(text), self.seen)
            step(self.state, action, player=self.person)
        except NotationError as error:
            self.say(f"Not understood: {error}. Type help for the notation.")
            return None
        except IllegalActionError as error:  # a meld refused as it is read, or the action
            said = str(error)
            if action is not None:  # named as Python writes it: the person typed notation
                said = said.replace(repr(action), format_action(action, self.seen))
            self.say(f"Refused: {_yours(said, self.person)}")
            return None
        return action

    def _numbered(self, digits: str) -> Action | None:
        actions = self.menu.actions if self.menu is not None else []
        # However many digits a number has, past the listing it names no action.
        number = int(digits) if len(digits) <= 9 else 0
        if not 1 <= number <= len(actions):
            shown = digits if len(digits) <= 9 else digits[:9] + "..."
            self.say(f"No action numbered {shown}: choose {_numbers(len(actions))}.")
            return None
        return actions[number - 1]

    def _expand(self, text: str) -> str:
        """The short forms of the command line: ``7S`` and ``d 7S`` discard 7S."""
        words = text.split()
        if len(words) == 2 and words[0].lower() == "d":
            return f"Discard {words[1]}"
        if len(words) == 1 and self.state.phase is Phase.PLAY:
            try:
                return f"Discard {Card.parse(words[0])}"
            except NotationError:
                pass
        return text

    def _command(self, text: str) -> bool:
        """Carry out one of the commands that are not actions; whether ``text`` was one."""
        seen = self.seen
        shown: dict[str, Callable[[], list[str]]] = {
            "help": HELP.splitlines,
            "?": HELP.splitlines,
            "hand": lambda: hand_lines(seen),
            "table": lambda: position_lines(seen, self.names),
            "rules": lambda: rules_text(seen.variant).splitlines(),
            "actions": lambda: menu(self.menu, seen) if self.menu is not None else [],
        }
        if text in _QUIT:
            raise _QuitError
        if text not in shown:
            return False
        self.say(*shown[text]())
        return True

    # -- what happened ------------------------------------------------------------------------

    def _narrate(
        self, before: RoundState, player: int, action: Action, events: Sequence[Event]
    ) -> None:
        who = self._name(player)
        line = self._action_line(before, who, action)
        if line:
            self.say(sentence(line))
        for event in events:
            self.say(*self._event_lines(event))

    def _action_line(self, before: RoundState, who: str, action: Action) -> str:
        variant = before.variant
        match action:
            case GoDown(melds=melds):
                shown = ", ".join(meld_text(meld, variant) for meld in melds)
                return f"{who} went down: {shown}"
            case LayOff(card=card, target=target):
                return f"{who} laid {card} off on [{target}]"
            case Discard(card=card):
                return f"{who} discarded {card}"
            case Buy() if variant.shanghai_call:
                return f"{who} asked for {before.top_discard} (R31)"
        return ""  # the others' events say what happened

    def _event_lines(self, event: Event) -> list[str]:
        match event:
            case Drew(player=player, card=card):
                seen = f" {card}" if player == self.person else ""
                return [sentence(f"{self._name(player)} drew{seen} from the stock")]
            case TookDiscard(player=player, card=card, blocked=blocked):
                refused = "" if blocked is None else f", refusing {self._name(blocked)}"
                who = self._name(player)
                return [sentence(f"{who} took {card} from the discard pile{refused}")]
            case Bought(player=player, card=card, penalty=penalty):
                return [self._bought(player, card, penalty)]
            case WildFreed(player=player, card=card, wild=wild, target=target, joker_target=to):
                who = self._name(player)
                swapped = f"{who} swapped {card} for the {wild} in [{target}]"
                return [sentence(f"{swapped} and laid the {wild} off on [{to}]")]
            case Reshuffled(cards=cards, reshuffles=count):
                return [f"The discards were shuffled into a new stock of {cards} (R27, #{count})"]
            case RoundEnded():
                return self._round_over(event)
            case GameEnded(winners=winners):
                return self._game_over(winners)
        return self._dealt(event)  # the one kind of event left

    def _bought(self, player: int, card: Card, penalty: tuple[Card, ...]) -> str:
        if player == self.person:
            return f"You bought {card}" + (f"; penalty: {cards_text(penalty)}" if penalty else "")
        who = sentence(self._name(player))
        return f"{who} bought {card}{_penalty_cards(len(penalty), ' and ')}"

    def _round_over(self, ended: RoundEnded) -> list[str]:
        out = ended.went_out
        why = (
            f"{self._name(out)} went out"
            if out is not None
            else f"nobody went out: {NOBODY_OUT[ended.reason]}"
        )
        lines = ["", f"=== Round {ended.round_number} over: {why} ==="]
        for player, points in enumerate(ended.penalties):
            left = cards_text(self.state.hands[player])
            lines.append(
                f"  {self._name(player):9} +{points:<4} total {ended.scores[player]:<5}"
                f" left in hand: {left}"
            )
        return lines

    def _game_over(self, winners: tuple[int, ...]) -> list[str]:
        state = self.state
        order = sorted(range(state.players), key=lambda p: (state.scores[p], p))
        lines = ["", "=== Game over ==="]
        for place, player in enumerate(order, start=1):
            mark = "  winner" if player in winners else ""
            lines.append(f"  {place}. {self._name(player):9} {state.scores[player]}{mark}")
        return lines

    def _dealt(self, dealt: Dealt) -> list[str]:
        who = sentence(self._name(dealt.dealer))
        lines = [f"{who} dealt round {dealt.round_number}; {dealt.top_discard} is turned up."]
        return lines + cut_lines(dealt, self.state.variant, self._name)

    def _name(self, player: int) -> str:
        """How the screen calls ``player``: "you", or their name, or "player 2"."""
        return name(player, self.person, self.names)


#: A player as the engine's messages name one, "player 2" or "player 2's".
_PLAYER: Final = re.compile(r"\bplayer (\d+)('s)?(?!\w)")


def _yours(message: str, person: int) -> str:
    """``message``, an engine's refusal, saying which player is the person at the keyboard.

    The engine names every player by number; the person reads "player 0 (you)" for their
    own seat ("player 0's (yours)"), and the other players as the engine names them.

    >>> _yours("it is player 3's turn, not player 0's", 0)
    "it is player 3's turn, not player 0's (yours)"
    >>> _yours("player 1 must take the top card; player 10 waits", 1)
    'player 1 (you) must take the top card; player 10 waits'
    """

    def mark(found: re.Match[str]) -> str:
        if int(found[1]) != person:
            return found[0]
        return f"{found[0]} (yours)" if found[2] else f"{found[0]} (you)"

    return _PLAYER.sub(mark, message)


def play(
    variant: Variant,
    *,
    seed: int,
    players: int,
    bots: str = "greedy",
    seat: int = 0,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    record: Path | None = None,
    names: Sequence[str] | None = None,
) -> int:
    """Play a game in the terminal: a person in ``seat``, bots called ``bots`` elsewhere.

    Player ``p``'s bot is seeded with ``seed * 100 + p``, as in the demo. With ``record``,
    the game is saved there as a JSON record (:mod:`contract_rummy.records`), as far as it
    went when the person leaves before its end. ``names``, one per player, call the
    others on the screen (the person is "you") and are kept in the record.
    """
    state = new_game(variant, seed=seed, players=players)
    seats = [None if p == seat else make_bot(bots, seed * 100 + p) for p in range(players)]
    recorder = None
    if record is not None:
        metadata = {"program": "contract-rummy play", "bots": bots, "seat": seat}
        recorder = records.Recorder(state, seed=seed, names=names, metadata=metadata)
    session = Session(state, seats, seat, read=read, out=out, recorder=recorder, names=names)
    others = players - 1
    session.say(
        f"contract_rummy {contract_rummy.__version__}: {variant.name}, seed {seed}. "
        f"You are player {seat}, against {others} {bots} bot{'s' * (others != 1)}.",
        'Answer with a number or an action; "help" explains, "quit" leaves.',
    )
    try:
        return session.run()
    finally:
        if record is not None and recorder is not None:
            save_record(recorder, record)
            session.say(f"Recorded in {record}")


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the program's commands."""
    parser = add_command(commands, "play", _run, help="play a game against bots, in the terminal")
    parser.add_argument(
        "--seed", type=int, default=None, help="the game's seed (default: a new one, shown)"
    )
    add_variant_options(parser)
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="how many players, you included (default 4, or the nearest number the rules allow)",
    )
    parser.add_argument(
        "--bots", default="greedy", choices=sorted(BOTS), help="who you play (default greedy)"
    )
    parser.add_argument(
        "--seat", type=int, default=0, help="your seat, from 0 (default 0: you are player 0)"
    )
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help="save the game as a JSON record, as far as it went if you leave before its end",
    )
    parser.add_argument(
        "--names",
        default=None,
        metavar="NAMES",
        help="the players' names, one per player (you included), separated by commas",
    )


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    seed = secrets.randbelow(1_000_000) if args.seed is None else args.seed
    if seed < 0:
        parser.error(f"--seed must not be negative, got {seed}")
    variant = variant_for(parser, args)
    players = players_for(parser, variant, args.players)
    if not 0 <= args.seat < players:
        parser.error(f"--seat must be a player from 0 to {players - 1}, got {args.seat}")
    names = names_for(parser, args.names, players)
    if args.record is not None:  # refuse a file that cannot be written before playing
        check_writable(parser, "--record", args.record)
    return play(
        variant,
        seed=seed,
        players=players,
        bots=args.bots,
        seat=args.seat,
        record=args.record,
        names=names,
    )
