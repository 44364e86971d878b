"""``contract-rummy play`` in a pseudo-terminal, answered as a person would answer it.

Each test starts ``python -m contract_rummy play`` behind a pseudo-terminal, reads what it
shows, and types: numbers, notation, an action the rules refuse, the answer to a buy offer,
Ctrl-D and Ctrl-C.
"""

from __future__ import annotations

import re
import signal
import sys
from collections.abc import Iterator

import pexpect
import pytest

#: Seconds to wait for the program's next question: bots answer in milliseconds, but a busy
#: machine may take seconds to start the program. Reaching it means the program hangs.
TIMEOUT = 60
#: More questions than one round asks: reaching it means the round never ended.
MAX_QUESTIONS = 400

CARD = r"(?:(?:10|[2-9AJQK])[CDHS]|JK)"
MOVE = r"Your move \((?:1-)?(\d+)\): "
BUY = r"\? \[y/n\] "
ROUND_OVER = r"Press Enter (?:to start|for) round 2 \([^)]*\): "
GOODBYE = "Goodbye: you left the game in round 1.\n"


class Terminal:
    """The program behind a pseudo-terminal: what it shows, and what is typed to it."""

    def __init__(self, *argv: str, ignore_ctrl_c: bool = False) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "contract_rummy", "play", *argv],
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(40, 100),
            # As a background job of a script inherits it: SIGINT ignored from the start.
            preexec_fn=ignore_sigint if ignore_ctrl_c else None,
        )
        self.child.delaybeforesend = None  # the program reads input when it is ready for it

    def expect(self, *patterns: str) -> tuple[int, str, re.Match[str]]:
        """Which of ``patterns`` came next, what was shown before it, and its match."""
        index = self.child.expect(list(patterns))
        match = self.child.match
        assert isinstance(match, re.Match)
        return index, shown(str(self.child.before)), match

    def type(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.child.sendline(line)

    def ended(self) -> tuple[int, str]:
        """The exit status and the last lines, once the program has printed them."""
        self.child.expect(pexpect.EOF)
        last = shown(str(self.child.before))
        self.child.close()
        status = self.child.exitstatus
        assert isinstance(status, int)
        return status, last


def ignore_sigint() -> None:
    """Run in the child before the program starts: Ctrl-C ignored, as ``nohup`` leaves it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def shown(text: str) -> str:
    """Text as the terminal showed it, with the line ends the program wrote."""
    return text.replace("\r\n", "\n")


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Iterator[Terminal]:
    """The program, started with the arguments the test is parametrized with."""
    terminal = Terminal(*getattr(request, "param", ["--seed", "2"]))
    yield terminal
    terminal.child.close(force=True)


class Person:
    """Plays the person's seat from what the screen shows, and notes what happened."""

    def __init__(self) -> None:
        self.refused = False
        self.offers = 0
        self.typed_discards: list[str] = []
        self.questions = 0

    def answer(self, question: int, screen: str) -> str:
        """The answer to the question the screen ends with: a move, or a buy offer."""
        self.questions += 1
        if question == 0:
            return self.move(screen)
        self.offers += 1
        assert re.search(rf"\nBuy {CARD} \(with a penalty card from the stock, R19\)$", screen)
        return "y" if self.offers == 1 else "n"

    def move(self, screen: str) -> str:
        """A refused action once, then notation and numbers."""
        if "take the top card of the stock or of the discard pile" in screen:
            if not self.refused:
                self.refused = True
                return "pass"  # not a choice at the draw (R13)
            return "draw" if self.questions % 2 else "1"
        menu: dict[str, str] = dict(re.findall(r"(\d+)\. (\S.*?)(?=\s{2,}\d+\. |\n|$)", screen))
        for number, action in menu.items():
            if action.startswith(("GoDown", "LayOff", "SwapJoker")):
                return number  # meld whenever possible, to end the round sooner
        discards = [action.split()[1] for action in menu.values() if action.startswith("Discard")]
        assert discards, f"no discard listed:\n{screen}"
        card = discards[-1]  # the highest card of the last suit: a costly one to keep
        self.typed_discards.append(card)
        return f"d {card.lower()}"


def test_a_person_plays_a_whole_round(game: Terminal) -> None:
    person = Person()
    game.expect(r"You are player 0, against 3 greedy bots\.")
    transcript = []
    for _ in range(MAX_QUESTIONS):
        question, screen, match = game.expect(MOVE, BUY, ROUND_OVER)
        transcript.append(screen + match[0])
        if question == 2:
            break
        game.type(person.answer(question, screen))
    else:
        pytest.fail(f"round 1 did not end after {MAX_QUESTIONS} questions")
    text = "".join(transcript)
    # The refused action was explained with its rule, and the same question asked again.
    assert "pass\nRefused: R13: Pass is not possible now: player 0 (you) must take the " in text
    assert "of the discard pile\nYour move (1-2): 1\n" in text
    # The buy offer was taken: the card and its penalty card went to the person's hand.
    assert person.offers >= 1
    assert re.search(rf"\[y/n\] y\nYou bought {CARD}; penalty: {CARD}\n", text)
    # Discards typed in notation were played.
    assert person.typed_discards
    assert f"\nYou discarded {person.typed_discards[0]}\n" in text
    # The others' play was told as it happened.
    assert re.search(r"\nPlayer [123] drew from the stock\n", text)
    assert re.search(rf"\nPlayer [123] took {CARD} from the discard pile\n", text)
    assert re.search(rf"\nPlayer [123] discarded {CARD}\n", text)
    assert re.search(r"\nPlayer [123] went down: ", text)
    # The round's report: why it ended, and each player's penalty and total.
    report = text[text.index("=== Round 1 over: ") :]
    for who in ("you", "player 1", "player 2", "player 3"):
        assert re.search(rf"\n  {who} +\+\d+ +total \d+ +left in hand: ", report)
    game.type("quit")
    assert game.ended() == (0, f"quit\n\n{GOODBYE}")


@pytest.mark.parametrize("game", [["--seed", "2", "--variant", "deuces-wild"]], indirect=True)
def test_quit_leaves_with_status_0(game: Terminal) -> None:
    _, screen, _ = game.expect(MOVE)
    assert "Round 1 of 7 (deuces-wild): two groups of 3" in screen
    game.type("QUIT")
    assert game.ended() == (0, f"QUIT\n\n{GOODBYE}")


def test_ctrl_d_leaves_with_status_0(game: Terminal) -> None:
    game.expect(MOVE)
    game.child.sendeof()
    assert game.ended() == (0, f"\n{GOODBYE}")


def test_ctrl_c_leaves_with_status_130_without_a_traceback(game: Terminal) -> None:
    game.expect(MOVE)
    game.child.sendintr()
    status, last = game.ended()
    assert status == 130
    assert last.endswith(f"\n{GOODBYE}")
    assert "Traceback" not in last


def test_ctrl_c_leaves_even_when_the_program_started_with_it_ignored() -> None:
    game = Terminal("--seed", "2", ignore_ctrl_c=True)
    try:
        game.expect(MOVE)
        game.child.sendintr()
        status, last = game.ended()
    finally:
        game.child.close(force=True)
    assert status == 130
    assert last.endswith(f"\n{GOODBYE}")


def test_help_then_a_number(game: Terminal) -> None:
    game.expect(MOVE)
    game.type("help")
    game.expect(r"Other commands: hand, table")
    game.expect(MOVE)
    game.type("1")
    game.expect(rf"You drew {CARD} from the stock")
    game.expect(MOVE)
    game.type("quit")
    assert game.ended() == (0, f"quit\n\n{GOODBYE}")
