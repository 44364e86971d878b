"""``contract-rummy rules``: a rule set printed from its Variant."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import contract_rummy as cr
from contract_rummy.cli import main, rules_text


def rules(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["rules", *argv]) == 0
    return capsys.readouterr().out


def setting(text: str, label: str) -> str:
    """The text of one setting, its continuation lines joined."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{label} "))
    parts = [lines[start][len(label) :].strip()]
    for line in lines[start + 1 :]:
        if not line.startswith(" ") or re.match(r"\s+\d+  ", line):
            break
        parts.append(line.strip())
    return " ".join(parts)


def ladder(text: str) -> list[tuple[int, str, int, bool]]:
    """The rows of the table of rounds: number, contract, cards dealt, at once."""
    rows = []
    for line in text.splitlines():
        found = re.fullmatch(r"\s+(\d+)  (.+?)\s+(\d+)(  at once \(R24\))?", line)
        if found:
            rows.append((int(found[1]), found[2], int(found[3]), found[4] is not None))
    return rows


@pytest.mark.parametrize("name", list(cr.VARIANTS), ids=str)
def test_every_preset_prints_its_ladder(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    variant = cr.VARIANTS[name]
    out = rules(capsys, "--variant", name)
    assert out.startswith(f"The rules of {name}\n")
    assert ladder(out) == [
        (n, str(variant.contract(n)), variant.cards_dealt(n), variant.at_once(n))
        for n in range(1, variant.rounds + 1)
    ]
    assert setting(out, "Rounds").startswith(f"{variant.rounds} (R3)")


def test_without_a_variant_the_rules_are_pagat(capsys: pytest.CaptureFixture[str]) -> None:
    out = rules(capsys)
    assert out == rules_text(cr.PAGAT) + "\n"
    assert setting(out, "Players") == "4 (R1)"
    assert setting(out, "Deck") == "2 decks and 3 jokers: 107 cards (R2)"
    assert setting(out, "Wild cards") == "the jokers (R2)"
    assert setting(out, "Penalties") == "A: 15, 2-10: face value, J-K: 10, joker: 15 (R25)"
    assert "any number of buys a round (R21)" in setting(out, "Buying")
    assert "each buy costs 1 penalty card from the stock (R19)" in setting(out, "Buying")
    assert setting(out, "Shanghai call") == "no (R31)"
    assert setting(out, "Liverpool cut") == "no (R32)"
    assert "at most 3 times a round" in setting(out, "Stock")
    assert setting(out, "Turn limit").endswith("after 500 turns (R29)")
    assert setting(out, "Winner").endswith("players tied share the win (R28)")
    assert "exactly, each meld at its minimum length" in setting(out, "Going down")
    assert "from the turn after going down" in setting(out, "Laying off")


def test_progressive_knobs(capsys: pytest.CaptureFixture[str]) -> None:
    out = rules(capsys, "--variant", "progressive")
    assert setting(out, "Players") == "3-8 (R1)"
    assert setting(out, "Deck") == (
        "3-6 players, 2 decks and 4 jokers: 108 cards; "
        "7-8 players, 3 decks and 6 jokers: 162 cards (R2)"
    )
    assert setting(out, "Penalties") == "A: 15, 2-9: 5, 10-K: 10, joker: 25 (R25)"
    assert "at most 3 buys per player a round (R21)" in setting(out, "Buying")
    assert setting(out, "Winner").endswith(
        "a tie goes to the lower score in round 7, then is shared (R34)"
    )


@pytest.mark.parametrize(
    ("name", "label", "expected"),
    [
        ("liverpool", "Buying", "no buying (R18)"),
        ("no-buy", "Buying", "no buying (R18)"),
        ("liverpool-cut", "Liverpool cut", "takes 50 points off their total (R32)"),
        ("shanghai-11", "Shanghai call", "yes: the other players ask"),
        ("shanghai-11", "Buying", "by asking before the active player draws (R31)"),
        ("shanghai-11", "Melds", "runs of 4 to 13 cards"),
        ("shanghai-11", "Melds", "aces high only"),
        ("may-i", "Going down", "each as long as you like (R14, R33)"),
        ("may-i", "Penalties", "joker: 25 (R25)"),
        ("deuces-wild", "Wild cards", "the jokers and the 2s (R2); a 2 may also be played"),
        ("deuces-wild", "Penalties", "2-10: face value"),
        ("california", "Wild cards", "the queens (R2); a queen may also be played as itself"),
        ("california", "Deck", "2 decks and no jokers: 104 cards"),
        ("california", "Penalties", "Q: 25, K: 10 (R25); a wild card of a wild rank scores"),
        ("shanghai", "Winner", "the lowest total after round 8 (R28)"),
        ("contract", "Deck", "3 players, 2 decks and 2 jokers: 106 cards; 4 players,"),
    ],
)
def test_preset_knobs(
    name: str, label: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert expected in setting(rules(capsys, "--variant", name), label)


def test_california_has_no_joker_penalty_and_deuces_wild_keeps_it() -> None:
    assert "joker:" not in setting(rules_text(cr.CALIFORNIA), "Penalties")
    assert "joker: 15" in setting(rules_text(cr.DEUCES_WILD), "Penalties")


def test_shanghai_plays_its_last_two_rounds_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    rows = ladder(rules(capsys, "--variant", "shanghai"))
    assert [number for number, _, _, at_once in rows if at_once] == [7, 8]
    assert rows[-1] == (8, "three groups of 3 and a run of 4", 12, True)


def test_a_custom_variant_reads_from_its_settings() -> None:
    custom = attrs.evolve(
        cr.PAGAT,
        name="house",
        buying=True,
        max_buys=2,
        buy_penalty=2,
        down_players_may_buy=False,
        discarder_may_buy=False,
        joker_swap=cr.JokerSwap.NEVER,
        tie_break=cr.TieBreak.LAST_ROUND,
        max_turns=None,
        max_reshuffles=None,
        runs_may_touch=True,
        lay_off_on_going_down_turn=True,
        discard_taken_card=True,
        final_discard=False,
        last_round_at_once=False,
        ladder=((cr.Contract(runs=(7,)), 10),),
    )
    text = rules_text(custom)
    assert ladder(text) == [(1, "a run of 7", 10, False)]
    assert "at once" not in text
    buying = setting(text, "Buying")
    assert "at most 2 buys per player a round (R21)" in buying
    assert "each buy costs 2 penalty cards" in buying
    assert "players who are down may not buy" in buying
    assert "may not buy it back" in buying
    assert setting(text, "Wild swaps").startswith("never")
    assert setting(text, "Turn limit") == "none (R29)"
    assert setting(text, "Stock").endswith("as often as needed (R27)")
    assert "may be contiguous (R12)" in setting(text, "Going down")
    assert setting(text, "Laying off").startswith("from the turn going down")
    assert setting(text, "Going out").startswith("as soon as the hand is empty (R16)")
    assert "may be thrown back" in setting(text, "Going out")
    assert "round 1, then is shared (R34)" in setting(text, "Winner")


def test_rules_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["rules", "--variant", "nonesuch"])
    assert exit_info.value.code == 2
    assert "argument --variant: invalid choice: 'nonesuch'" in capsys.readouterr().err


def test_rules_from_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "contract_rummy", "rules", "--variant", "may-i"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("The rules of may-i\n")
    assert result.stderr == ""


def test_r30_each_natural_wild_rank_may_be_played_as_itself() -> None:
    two_wilds = attrs.evolve(cr.PAGAT, jokers=0, wild_ranks={cr.Rank.TWO, cr.Rank.QUEEN})
    text = " ".join(rules_text(two_wilds).split())  # as read, whatever the line breaks
    assert "a 2 or a queen may also be played as itself (R30)" in text


def test_r31_the_shanghai_call_allows_one_buy_a_turn() -> None:
    text = " ".join(rules_text(cr.SHANGHAI_11).split())
    assert "at most one buy a turn (R31)" in text


def test_rules_of_a_variant_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    custom = attrs.evolve(cr.SHANGHAI, name="house", buy_penalty=2)
    path = tmp_path / "house.json"
    path.write_text(json.dumps(cr.to_dict(custom)), encoding="utf-8")
    text = rules(capsys, "--variant-file", str(path))
    assert text == rules_text(custom) + "\n"
    assert text.startswith("The rules of house\n")
    assert "2 penalty cards from the stock (R19)" in setting(text, "Buying")
