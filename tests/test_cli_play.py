"""``contract-rummy play``: a person against bots, answered from a script.

The terminal itself is driven in tests/test_cli_terminal.py; these tests answer the same
questions in the same process, which lets them look at every line.
"""

from __future__ import annotations

import argparse
import io
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import records
from contract_rummy.cli import main
from contract_rummy.cli._common import check_writable, meld_text
from contract_rummy.cli._play import HELP, Session, play
from contract_rummy.cli._screen import SHOWN
from contract_rummy.codec import write_variant


class Script:
    """Answers the game's questions: the given answers first, then ``then`` (or Ctrl-D)."""

    def __init__(self, *answers: str, then: Callable[[str], str] | None = None) -> None:
        self.answers = list(answers)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 3000:
            pytest.fail("the game asked 3000 questions without ending")
        if self.answers:
            return self.answers.pop(0)
        if self.then is None:
            raise EOFError
        return self.then(prompt)


def plainly(prompt: str) -> str:
    """A simple player: the first action listed, never a buy, Enter between rounds."""
    if "[y/n]" in prompt:
        return "n"
    return "" if prompt.startswith("Press Enter") else "1"


def run(
    script: Script,
    *,
    seed: int = 2,
    variant: cr.Variant = cr.PAGAT,
    seat: int = 0,
    status: int = 0,
) -> str:
    out = io.StringIO()
    players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
    assert play(variant, seed=seed, players=players, seat=seat, read=script, out=out) == status
    return out.getvalue()


def test_a_whole_game_to_the_final_standings() -> None:
    script = Script(then=plainly)
    out = run(script)
    assert out.startswith("contract_rummy " + cr.__version__ + ": pagat, seed 2. You are player 0")
    for number in range(1, 8):
        assert f"=== Round {number} over: " in out
        assert f"--- Round {number} of 7 (pagat): {cr.PAGAT.contract(number)}" in out
    final = out[out.index("=== Game over ===") :].splitlines()[1:]
    assert [line.split(".")[0].strip() for line in final] == ["1", "2", "3", "4"]
    assert sum("you" in line for line in final) == 1
    assert "winner" in final[0]
    # The first action listed, every time, melds when it can.
    assert "\nYou went down: JK 4H 5H 6H, JK JH QH KH\n" in out
    assert "\nYou laid AH off on [1]\n" in out
    assert re.search(r"\nYou swapped \S+ for the JK in \[\d+\] and laid the JK off on ", out)
    assert "Your hand (3 cards, you are down):" in out
    # The person was asked to deal, or to go on, between every two rounds.
    assert sum(p.startswith("Press Enter") for p in script.prompts) == 6
    assert out.rstrip().endswith(final[-1])


def test_the_same_seed_and_answers_play_the_same_game() -> None:
    assert run(Script(then=plainly), seed=5) == run(Script(then=plainly), seed=5)


def test_the_first_screen_shows_what_the_person_sees() -> None:
    state = cr.new_game(seed=2)
    out = run(Script("quit"))
    screen = out[out.index("--- Round 1 of 7") :]
    assert "Turn: you.  Dealer: player 3.  Scores: you 0, player 1 0, player 2 0, player 3 0" in (
        screen
    )
    assert "Table: no melds yet" in screen
    assert f"Discard pile: {state.top_discard} on top (1 card).  Stock: 66 cards." in screen
    assert "Others: player 1: 10 cards; player 2: 10 cards; player 3: 10 cards" in screen
    hand = [
        card
        for line in _hand(screen)
        for card in re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b|JK", line)
    ]
    assert Counter(hand) == Counter(map(str, state.hands[0]))
    assert "1. DrawStock" in screen
    assert "2. TakeDiscard" in screen
    # Nothing of the other hands, nor of the stock.
    for player in (1, 2, 3):
        assert cr.format_cards(state.hands[player]) not in out
    assert out.rstrip().endswith("Goodbye: you left the game in round 1.")


def _hand(screen: str) -> list[str]:
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Your hand"))
    hand = []
    for line in lines[start + 1 :]:
        if not line.startswith("  ") or line.lstrip().startswith(("same rank", "(")):
            break
        hand.append(line.split(maxsplit=1)[1])
    return hand


def test_the_hand_is_grouped_by_suit_with_wild_cards_apart() -> None:
    state = cr.start_round(
        cr.DEUCES_WILD,
        dealer=3,
        hands=["3C 4C 5C 9C 9C KD 2H JK 9S 7S", "", "", ""],
        stock=_rest(cr.DEUCES_WILD, "3C 4C 5C 9C 9C KD 2H JK 9S 7S"),
        discard="",
    )
    out = io.StringIO()
    Session(state, [None, *[cr.GreedyBot()] * 3], 0, read=Script("hand", "quit"), out=out).run()
    text = out.getvalue()
    assert "  clubs     [3C 4C 5C] 9C 9C\n" in text
    assert "  diamonds  KD\n" in text
    assert "  spades    7S 9S\n" in text
    assert "  wild      2H JK\n" in text
    assert "  same rank 9 x3\n" in text
    assert "hearts" not in text


def _rest(variant: cr.Variant, *taken: str) -> list[cr.Card]:
    rest = Counter(variant.deck(4))
    rest.subtract(cr.parse_cards(" ".join(taken)))
    return sorted(rest.elements())


def test_odd_numbers_name_no_action_and_ask_again() -> None:
    script = Script("²", "0", "9" * 5000, "quit")
    out = run(script)
    assert "Not understood: " in out  # a superscript two is not a number here
    assert "No action numbered 0: choose 1-2." in out
    assert "No action numbered 999999999...: choose 1-2." in out
    assert script.prompts == ["Your move (1-2): "] * 4


def test_a_turn_of_one_action_asks_for_it_alone() -> None:
    def once_wrong(prompt: str) -> str:
        if prompt == "Your move (1): " and "2" not in tried:
            tried.append("2")
            return "2"
        return plainly(prompt)

    tried: list[str] = []
    script = Script(then=once_wrong)
    out = run(script, seed=2)
    assert "No action numbered 2: choose 1.\n" in out
    moves = Counter(prompt for prompt in script.prompts if prompt.startswith("Your move"))
    assert moves["Your move (1): "] == 2  # not "(1-1)"; asked again after the wrong number
    assert set(moves) <= {"Your move (1): ", *(f"Your move (1-{n}): " for n in range(2, 99))}


def test_a_refused_action_is_explained_with_its_rule_and_asked_again() -> None:
    script = Script("pass", "Discard 7S", "9", "discrad 7S", "quit")
    out = run(script)
    # The action as typed, in notation, not as Python writes it.
    assert "Refused: R13: Pass is not possible now: player 0 (you) must take the top card" in out
    assert "Refused: R13: Discard 7S is not possible now" in out
    assert "No action numbered 9: choose 1-2." in out
    assert "Not understood: 'discrad' is not an action: expected DrawStock" in out
    assert script.prompts == ["Your move (1-2): "] * 5


def test_r7_a_typed_meld_the_rules_refuse_is_explained_and_asked_again() -> None:
    # Refused as it is read, before it is an action: the game goes on.
    script = Script("1", "GoDown group 7: 7C 8D 9H | 3S 4S 5S 6S", "quit")
    out = run(script)
    assert "Refused: R7: 8D is not a 7 and is not wild" in out
    assert script.prompts[-1] == script.prompts[-2]  # the same question, asked again


def test_actions_are_read_as_numbers_notation_and_short_forms() -> None:
    state = cr.new_game(seed=2)
    top = state.top_discard
    script = Script("TAKE", f"d {top}", "quit")
    out = run(script)
    assert f"You took {top} from the discard pile" in out
    # R17: the card taken may not go straight back (the person held no other copy).
    assert top not in state.hands[0]
    assert f"Refused: R17: {top} was taken from the discard pile this turn" in out
    first = state.hands[0][0]
    out = run(Script("draw", str(first).lower(), "quit"))
    assert re.search(r"You drew \S+ from the stock", out)
    assert f"You discarded {first}" in out


def test_a_buy_is_offered_and_answered() -> None:
    # Seed 5: player 1 plays first; when they draw from the stock, the person may buy.
    script = Script("y", "quit")
    out = run(script, seed=5)
    assert script.prompts[0] == "Buy AC (with a penalty card from the stock, R19)? [y/n] "
    assert re.search(r"You bought AC; penalty: \S+", out)
    no = Script("maybe", "n", "quit")
    out = run(no, seed=5)
    assert "Answer y to buy, n to let it go (help for more)." in out
    assert "You bought" not in out
    assert no.prompts[:2] == [no.prompts[0]] * 2


@pytest.mark.parametrize(
    ("variant", "seat", "title"),
    [
        (cr.PAGAT, 0, "--- Round 1 of 7 (pagat): two groups of 3 "),
        (cr.MAY_I, 2, "--- Round 1 of 7 (may-i): two groups of 3 "),
    ],
)
def test_the_round_is_shown_before_the_first_question_even_a_buy_offer(
    variant: cr.Variant, seat: int, title: str
) -> None:
    # Seed 5: the person's first question is whether to buy a discard (R19), in pagat after
    # a few turns of the others, in may-i the card turned up.
    script = Script("n", "quit")
    out = run(script, seed=5, variant=variant, seat=seat)
    asked = re.fullmatch(
        r"Buy (\S+) \(with a penalty card from the stock, R19\)\? \[y/n\] ", script.prompts[0]
    )
    assert asked is not None
    offer = out.index(f" draws from the stock instead of taking {asked[1]}.")
    screen = out[:offer]
    for line in (title, "Scores: ", "Table: no melds yet", "Others: ", "Your hand (10 cards):"):
        assert screen.count(line) == 1


def test_the_shanghai_call_is_offered_before_the_draw() -> None:
    script = Script("y", "quit")
    out = run(script, seed=4, variant=cr.SHANGHAI_11)
    assert script.prompts[0].startswith("Ask for ")
    assert (
        "before player 2 draws (a penalty card if they let you have it, R31)? [y/n]"
        in (script.prompts[0])
    )
    assert "Player 2 is about to draw: you may ask for" in out
    assert re.search(r"You asked for \S+ \(R31\)", out)


def test_commands_that_are_not_actions() -> None:
    out = run(Script("help", "hand", "table", "actions", "rules", "", "quit"))
    assert HELP in out
    assert out.count("Your hand (10 cards):") == 3  # the screen, hand, table
    assert out.count("  1. DrawStock") == 2  # the screen, actions
    assert "The rules of pagat\n" in out


@pytest.mark.parametrize(("ending", "status"), [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_the_end_of_the_input_and_ctrl_c_leave_quietly(
    ending: type[BaseException], status: int
) -> None:
    def stop(prompt: str) -> str:
        raise ending

    out = run(Script(then=stop), status=status)
    assert out.rstrip().endswith("Goodbye: you left the game in round 1.")


def test_the_dealer_of_the_round_over_starts_the_next() -> None:
    # Seed 5: the person (player 0) deals round 1; the deal passes to the left (R4).
    script = Script(then=plainly)
    out = run(script, seed=5)
    deals = [p for p in script.prompts if p.startswith("Press Enter")]
    assert deals[:4] == [
        "Press Enter to start round 2 (player 1 deals): ",
        "Press Enter for round 3 (player 2 deals): ",
        "Press Enter for round 4 (player 3 deals): ",
        "Press Enter for round 5 (you deal): ",
    ]
    assert deals[4] == "Press Enter to start round 6 (player 1 deals): "
    assert "Player 1 dealt round 2; " in out
    assert "You dealt round 5; " in out


def test_a_long_listing_is_bounded_and_the_rest_can_be_typed() -> None:
    hand = "7C 7D 7H 8C 8D 8H 2S 2H JK JK"
    state = cr.start_round(
        cr.DEUCES_WILD,
        dealer=3,
        hands=[hand, "", "", ""],
        stock=[cr.Card.parse("9S"), *_rest(cr.DEUCES_WILD, hand, "9S", "KS")],
        discard="KS",
    )
    drawn = cr.apply(state, cr.DrawStock(), player=0)
    while drawn.phase is cr.Phase.BUY:
        drawn = cr.apply(drawn, cr.Pass())
    legal = cr.legal_actions(cr.view(drawn, 0))
    go_downs = [action for action in legal if isinstance(action, cr.GoDown)]
    assert len(go_downs) > SHOWN
    hidden = cr.format_action(go_downs[-1], cr.view(drawn, 0))
    out = io.StringIO()
    script = Script(hidden.lower(), "quit")
    Session(drawn, [None, *[cr.GreedyBot()] * 3], 0, read=script, out=out).run()
    text = out.getvalue()
    assert f"     ... and {len(go_downs) - SHOWN} more go-downs: type one as notation" in text
    assert hidden not in text.split("Your move")[0]
    assert f" {SHOWN}. GoDown " in text
    # The discards follow, side by side.
    assert re.search(rf"\n {SHOWN + 1}\. Discard \S+ +{SHOWN + 2}\. Discard ", text)
    assert "You went down: " in text


def test_melds_read_with_their_natural_wild_cards_marked() -> None:
    deuces = cr.DEUCES_WILD
    assert meld_text(cr.meld("2S 7C 8C 9C", variant=deuces), deuces) == "2S=6C 7C 8C 9C"
    assert meld_text(cr.meld("2C 4D 4S", variant=deuces), deuces) == "2C=4 4D 4S"
    assert meld_text(cr.Group(cr.Rank.ACE, "2D 2H 2S", variant=deuces), deuces) == (
        "2D=A 2H=A 2S=A"
    )
    # A natural 2 is written as it is; so are jokers, whose place says what they are.
    assert meld_text(cr.meld("2C 3C 4C JK", variant=deuces), deuces) == "2C 3C 4C JK"
    assert meld_text(cr.Group(cr.Rank.SEVEN, "7S JK JK JK"), cr.PAGAT) == "group 7: 7S JK JK JK"
    california = cr.CALIFORNIA
    assert meld_text(cr.meld("JD QH KD AD", variant=california), california) == "JD QH=QD KD AD"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "4"], "--seat must be a player from 0 to 3, got 4"),
        (["--seat", "-1"], "--seat must be a player from 0 to 3, got -1"),
        (["--seed", "-3"], "--seed must not be negative, got -3"),
        (["--players", "5"], "R1: pagat is played by 4 players, not 5"),
        (["--variant", "contract", "--players", "3", "--seat", "3"], "from 0 to 2, got 3"),
        (["--names", "Ann,Bo,Cy"], "--names expects 4 names, one per player, separated by "),
        (["--names", "Ann,Bo, ,Di"], "--names: the name of player 2 is empty in 'Ann,Bo, ,Di'"),
    ],
)
def test_play_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: contract-rummy play ")
    assert message in err


def test_play_bots_come_from_the_bots_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    usage = capsys.readouterr().out
    assert "--bots {" + ",".join(sorted(cr.BOTS)) + "}" in usage
    assert "--seat SEAT" in usage


def test_a_seat_other_than_0() -> None:
    script = Script(then=plainly)
    out = run(script, seed=3, seat=2)
    assert "You are player 2, against 3 greedy bots." in out
    assert "Scores: player 0 0, player 1 0, you 0, player 3 0" in out


# -- the record of the game ---------------------------------------------------------------


def _recorded(path: Path, script: Script, *, status: int = 0, seed: int = 2) -> str:
    out = io.StringIO()
    assert play(cr.PAGAT, seed=seed, players=4, read=script, out=out, record=path) == status
    return out.getvalue()


def test_a_whole_game_is_recorded_and_replays_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    out = _recorded(path, Script(then=plainly))
    assert out.rstrip().endswith(f"Recorded in {path}")
    game = records.loads(path.read_text(encoding="utf-8"))
    assert game.seed == 2
    assert game.metadata == {"program": "contract-rummy play", "bots": "greedy", "seat": 0}
    final = list(records.replay(game))[-1]
    assert final.phase is cr.Phase.GAME_OVER
    assert main(["replay", str(path), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("Final standings (pagat, seed 2):")


@pytest.mark.parametrize(("ending", "status"), [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_a_game_left_midway_is_recorded_as_far_as_it_went(
    ending: type[BaseException], status: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Script(then=plainly)

    def then_stop(prompt: str) -> str:
        if len(answers.prompts) > 40:
            raise ending
        return plainly(prompt)

    answers.then = then_stop
    path = tmp_path / "game.json"
    out = _recorded(path, answers, status=status)
    assert out.rstrip().endswith(f"Recorded in {path}")
    game = records.loads(path.read_text(encoding="utf-8"))
    states = list(records.replay(game))
    assert len(game.actions) > 40
    assert states[-1].phase is not cr.Phase.GAME_OVER
    assert f"Goodbye: you left the game in round {states[-1].round_number}." in out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert replayed.startswith("Record of a pagat game: 4 players; seed 2")
    assert "Standings (pagat, seed 2):" in replayed


def test_quitting_at_the_first_question_records_a_game_without_actions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    _recorded(path, Script("quit"))
    game = records.loads(path.read_text(encoding="utf-8"))
    assert game.actions == ()
    assert list(records.replay(game)) == [cr.new_game(seed=2)]


def test_play_record_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nquit\n"))
    assert main(["play", "--seed", "4", "--record", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"Recorded in {path}")
    game = records.loads(path.read_text(encoding="utf-8"))
    assert game.seed == 4
    assert len(game.actions) >= 1


def test_play_refuses_a_record_file_it_cannot_write_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing" / "game.json"
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--record", str(missing)])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[-1] == (
        f"contract-rummy play: error: --record: [Errno 2] No such file or directory: '{missing}'"
    )


def test_the_record_check_leaves_no_empty_file_and_empties_none(tmp_path: Path) -> None:
    new, old = tmp_path / "new.json", tmp_path / "old.json"
    old.write_text("an older record", encoding="utf-8")
    for path in (new, old):
        check_writable(argparse.ArgumentParser(), "--record", path)
    assert not new.exists()
    assert old.read_text(encoding="utf-8") == "an older record"


# -- the players' names ----------------------------------------------------------------------


def test_the_others_are_called_by_their_names_and_the_person_is_you(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = io.StringIO()
    script = Script(then=plainly)
    names = ("Ann", "Bo", "Cy", "Di")
    assert play(cr.PAGAT, seed=2, players=4, read=script, out=out, record=path, names=names) == 0
    screen = out.getvalue()
    assert "Turn: you.  Dealer: Di.  Scores: you 0, Bo 0, Cy 0, Di 0" in screen
    assert "Others: Bo: 10 cards; Cy: 10 cards; Di: 10 cards" in screen
    assert "\nBo bought 3C and a penalty card\n" in screen
    assert "Ann" not in screen
    assert not re.search(r"[Pp]layer [123]\b", screen.split("\n", 1)[1])
    assert records.loads(path.read_text(encoding="utf-8")).names == names


def test_play_names_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "2", "--seat", "1", "--names", "Ann, Bo,Cy,Di"]) == 0
    assert "Scores: Ann 0, you 0, Cy 0, Di 0" in capsys.readouterr().out


def test_play_the_rules_of_a_variant_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "rules.json"
    custom = attrs.evolve(cr.PAGAT, name="pagat-two-penalties", buy_penalty=2)
    rules.write_text(json.dumps(write_variant(custom)), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("rules\nquit\n"))
    assert main(["play", "--seed", "2", "--variant-file", str(rules)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"contract_rummy {cr.__version__}: pagat-two-penalties, seed 2.")
    assert "--- Round 1 of 7 (pagat-two-penalties): two groups of 3" in out
    assert "The rules of pagat-two-penalties\n" in out
