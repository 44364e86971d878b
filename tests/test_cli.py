"""The ``contract-rummy`` command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import records
from contract_rummy.cli import main
from contract_rummy.codec import write_variant


def test_demo_prints_every_round_and_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for number in range(1, 8):
        assert f"Round {number}: {cr.PAGAT.contract(number)}" in out
    assert "went down:" in out
    assert "went out" in out
    standings = out[out.index("Final standings (pagat, seed 1):") :].splitlines()[1:5]
    assert [line.split(".")[0].strip() for line in standings] == ["1", "2", "3", "4"]
    assert "winner" in standings[0]
    totals = [int(line.rsplit(":", 1)[1].split()[0]) for line in standings]
    assert totals == sorted(totals)


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "8", "--bots", "random"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "8", "--bots", "random"])
    assert capsys.readouterr().out == first
    main(["demo", "--seed", "9", "--bots", "random"])
    assert capsys.readouterr().out != first


def test_demo_quiet_prints_the_standings_only(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "2", "--quiet"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Final standings (pagat, seed 2):"
    assert len(lines) == 5


def test_bad_arguments_exit_with_a_usage_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--seed", "-1"])
    assert exit_info.value.code == 2
    assert "--seed must not be negative" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["demo", "--variant", "nonesuch"])
    with pytest.raises(SystemExit):
        main([])


@pytest.mark.parametrize("argv", [["--seed", "-1"], ["--seed=-1"], ["--quiet", "--seed", "-7"]])
def test_a_negative_seed_is_refused_by_the_demo_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: contract-rummy demo ")
    assert "\ncontract-rummy demo: error: --seed must not be negative, got -" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == cr.__version__


def test_python_dash_m_runs_the_same_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "contract_rummy", "demo", "--seed", "3", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("Final standings (pagat, seed 3):")


def test_the_demo_stops_quietly_when_its_reader_does() -> None:
    command = [sys.executable, "-m", "contract_rummy", "demo", "--seed", "1"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as demo:
        assert demo.stdout is not None
        assert demo.stderr is not None
        first = demo.stdout.readline()
        demo.stdout.close()  # like `| head -1`
        errors = demo.stderr.read()
        assert demo.wait(timeout=60) == 0
    assert first.startswith(b"contract_rummy")
    assert errors == b""


@pytest.mark.parametrize("name", list(cr.VARIANTS), ids=str)
def test_demo_plays_every_preset_to_the_end(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    variant = cr.VARIANTS[name]
    assert main(["demo", "--seed", "3", "--variant", name]) == 0
    out = capsys.readouterr().out
    players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
    assert out.startswith(f"contract_rummy {cr.__version__}: {name}, seed 3, {players} heuristic")
    for number in range(1, variant.rounds + 1):
        assert f"Round {number}: {variant.contract(number)}" in out
    assert f"Final standings ({name}, seed 3):" in out
    assert f"actions in {variant.rounds} rounds" in out


@pytest.mark.parametrize(
    ("name", "players"), [("progressive", 3), ("progressive", 8), ("contract", 5)]
)
def test_demo_players(name: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", name, "--players", str(players), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Final standings ({name}, seed 1):"
    assert len(lines) == 1 + players


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "5"], "R1: pagat is played by 4 players, not 5"),
        (
            ["--variant", "contract", "--players", "6"],
            "R1: contract is played by 3-5 players, not 6",
        ),
        (["--variant", "progressive", "--players", "0"], "R1: progressive is played by 3-8"),
        (["--players", "-4"], "R1: pagat is played by 4 players, not -4"),
    ],
)
def test_demo_refuses_a_number_of_players_the_rules_do_not_allow(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: contract-rummy demo ")
    assert f"contract-rummy demo: error: {message}" in err
    assert "Traceback" not in err


def test_demo_refuses_an_unknown_variant_naming_the_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--variant", "nonesuch"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --variant: invalid choice: 'nonesuch'" in err
    assert all(repr(name) in err for name in cr.VARIANTS)


def test_a_bad_players_count_from_the_command_line_has_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "contract_rummy", "demo", "--players", "9"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.endswith(
        "contract-rummy demo: error: R1: pagat is played by 4 players, not 9\n"
    )
    assert "Traceback" not in result.stderr


def test_demo_record_then_replay_prints_the_same_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert main(["demo", "--seed", "5", "--variant", "liverpool-cut", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    assert played.rstrip().endswith(f"Recorded in {path}")
    game = records.loads(path.read_text(encoding="utf-8"))
    assert game.seed == 5
    assert game.variant == cr.LIVERPOOL_CUT
    assert game.metadata == {"program": "contract-rummy demo", "bots": "heuristic"}
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    header, _, body = replayed.partition("Round 1:")
    assert header.startswith("Record of a liverpool-cut game: 4 players; seed 5")
    # The rounds, the standings and the count of actions read as the demo printed them.
    assert "Round 1:" + body in played
    assert main(["replay", str(path), "--quiet"]) == 0
    quiet = capsys.readouterr().out.splitlines()
    assert quiet[0] == "Final standings (liverpool-cut, seed 5):"
    assert len(quiet) == 5


#: A liverpool-cut game between the demo's bots in which player 2 cuts exactly before
#: round 5, taking their total from 34 to -16 (R32).
EXACT_CUT_SEED = 5810510333917347155


def _exact_cut_game(path: Path) -> str:
    """The demo's output for ``EXACT_CUT_SEED``, its record saved in ``path``."""
    argv = ["demo", "--variant", "liverpool-cut", "--seed", str(EXACT_CUT_SEED)]
    assert main([*argv, "--record", str(path)]) == 0
    return path.read_text(encoding="utf-8")


def test_r32_demo_and_replay_say_whose_exact_cut_lowered_their_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    _exact_cut_game(path)
    played = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    for out in (played, replayed):
        # In the words of play, before the round whose report shows the total it lowered.
        assert out.count(" cut exactly") == 1
        cut = out.index("Player 2 cut exactly: 50 points off (R32).\nRound 5: ")
        assert out.index("  player 2: +25 (total 34), ") < cut
        assert out.index("  player 2: +0 (total -16), ") > cut


def test_replay_calls_the_players_by_the_records_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    data = json.loads(_exact_cut_game(path))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    numbered = capsys.readouterr().out
    names = ["Ann", "Bo", "Cy", "Di"]
    data["names"] = names
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    named = capsys.readouterr().out
    header, _, body = named.partition("\nRound 1:")
    assert header.startswith("Record of a liverpool-cut game: Ann, Bo, Cy, Di; seed ")
    assert "player" not in body.lower()
    # Every line as without the names, each player called by their name instead.
    expected = numbered.partition("\nRound 1:")[2]
    expected = re.sub(r"\b[Pp]layer (\d)\b", lambda m: names[int(m[1])], expected)
    expected = re.sub(r"\(dealer (\d)\)", lambda m: f"(dealer {names[int(m[1])]})", expected)
    assert body == expected
    assert "Cy cut exactly: 50 points off (R32)." in body
    assert "  Cy: +0 (total -16), left in hand: -" in body


def test_replay_of_a_game_dealt_by_the_system_shuffler(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recorder = records.Recorder(cr.new_game(cr.PAGAT, seed=1, shuffler=cr.SYSTEM))
    bot = cr.GreedyBot()
    while recorder.state.round_number < 3:
        recorder.apply(bot.choose(recorder.state))
    path = tmp_path / "system.json"
    path.write_text(records.dumps(recorder.record()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Record of a pagat game: 4 players; dealt cards recorded")
    assert "Round 2:" in out
    assert "Round 3:" not in out
    assert "Standings (pagat, dealt cards recorded):" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not a JSON document"),
        (
            '{"type": "GameRecord", "version": 2}',
            "version: this library reads records of version 1",
        ),
        ("[]", 'expected a JSON object with "type": "GameRecord"'),
    ],
)
def test_replay_refuses_a_bad_record_without_a_traceback(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "contract_rummy", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"contract-rummy replay: error: {path}: {message}" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_refuses_an_illegal_action_citing_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    main(["demo", "--seed", "2", "--quiet", "--record", str(path)])
    capsys.readouterr()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][0] = "Pass"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", str(path)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "actions[0]: Pass is refused: R13" in err


def test_demo_refuses_a_record_file_it_cannot_write_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--record", str(tmp_path / "missing" / "game.json")])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "contract-rummy demo: error: --record: [Errno 2] No such file or directory" in (
        captured.err
    )


def test_replay_prints_each_record_of_a_json_lines_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [
        records.GameRecord(variant=cr.PAGAT, players=4, seed=seed, actions=[cr.DrawStock()])
        for seed in (1, 2)
    ]
    path = tmp_path / "two.jsonl"
    with path.open("w", encoding="utf-8") as file:
        records.dump_lines(games, file)
    for seed, game in enumerate(games, start=1):
        (tmp_path / f"{seed}.json").write_text(records.dumps(game), encoding="utf-8")
    alone = []
    for seed in (1, 2):
        assert main(["replay", str(tmp_path / f"{seed}.json")]) == 0
        alone.append(capsys.readouterr().out)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    # Each game as a file of its own prints it, under the line that says which it is.
    assert out == f"Game 1 of 2 (line 1):\n{alone[0]}\nGame 2 of 2 (line 2):\n{alone[1]}"
    assert main(["replay", str(path), "--quiet"]) == 0
    quiet = capsys.readouterr().out.splitlines()
    assert [line for line in quiet if line.startswith(("Game", "Standings"))] == [
        "Game 1 of 2 (line 1):",
        "Standings (pagat, seed 1):",
        "Game 2 of 2 (line 2):",
        "Standings (pagat, seed 2):",
    ]


def test_replay_reads_a_file_that_starts_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [
        records.GameRecord(variant=cr.PAGAT, players=4, seed=seed, actions=[cr.DrawStock()])
        for seed in (1, 2)
    ]
    one, two = tmp_path / "one.json", tmp_path / "two.jsonl"
    one.write_text(records.dumps(games[0]), encoding="utf-8")
    plain = tmp_path / "two-plain.jsonl"
    with plain.open("w", encoding="utf-8") as file:
        records.dump_lines(games, file)
    two.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    assert main(["replay", str(one)]) == 0
    alone = capsys.readouterr().out
    one.write_bytes(b"\xef\xbb\xbf" + one.read_bytes())  # as a Windows editor saves it
    assert main(["replay", str(one)]) == 0
    assert capsys.readouterr().out == alone
    assert main(["replay", str(plain)]) == 0
    lines = capsys.readouterr().out
    assert main(["replay", str(two)]) == 0
    assert capsys.readouterr().out == lines
    assert records.loads(one.read_bytes()) == games[0]
    assert records.loads(one.read_text(encoding="utf-8")) == games[0]


def test_replay_of_json_lines_refuses_a_bad_line_naming_it_before_printing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[])
    bad = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[cr.DrawStock()])
    text = records.dumps(bad).replace('"DrawStock"', '"Pass"')
    path = tmp_path / "games.jsonl"
    path.write_text(f"{records.dumps(good)}\n\n{text}\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", str(path)])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"error: {path}: line 3: actions[0]: Pass is refused: R13: " in captured.err


def test_replay_says_a_simulation_result_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "results.jsonl"
    argv = ["simulate", "--bots", "greedy", "--games", "2", "--seed", "1", "--quiet"]
    argv += ["--workers", "1"]  # (no pool: two games)
    assert main([*argv, "--out", str(path)]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", str(path)])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        f"error: {path}: line 1: a result of contract-rummy simulate (--out), not a game "
        "record: a result keeps a game's seeds and scores, not its actions"
    ) in captured.err


def test_replay_counts_one_action_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[cr.DrawStock()])
    path = tmp_path / "one.json"
    path.write_text(records.dumps(game), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.endswith("\n1 action in 1 round\n")


def test_replay_refuses_a_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = subprocess.run(
        [sys.executable, "-m", "contract_rummy", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "contract-rummy replay: error:" in result.stderr
    assert "not a JSON document" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("name", "wild"), [("deuces-wild", "2"), ("california", "Q")])
def test_demo_marks_what_natural_wild_cards_stand_for(
    name: str, wild: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--seed", "2", "--variant", name]) == 0
    melds = [
        meld
        for line in capsys.readouterr().out.splitlines()
        if " went down: " in line
        for meld in line.split(" went down: ")[1].split(", ")
    ]
    marked = [card for meld in melds for card in meld.split() if "=" in card]
    assert marked
    # Only a card of the wild rank stands for another, and never for itself.
    for card in marked:
        played, stands_for = card.split("=")
        assert played[:-1] == wild
        assert stands_for != played
    if name == "deuces-wild":
        assert "2D=A 2H=A 2S=A" in melds  # a group of aces made of 2s alone


def test_demo_offers_every_bot_of_the_bots_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--help"])
    assert exit_info.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())  # the help as one line
    assert f"from {', '.join(sorted(cr.BOTS))} (default heuristic)" in shown
    for name in cr.BOTS:
        assert main(["demo", "--seed", "4", "--bots", name, "--quiet"]) == 0
        assert capsys.readouterr().out.startswith("Final standings (pagat, seed 4):")


def test_demo_seats_one_bot_a_seat_from_a_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.json"
    argv = ["demo", "--seed", "4", "--bots", "greedy, random,greedy,heuristic"]
    assert main([*argv, "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("contract_rummy ")
    assert out.splitlines()[0].endswith(": pagat, seed 4, greedy, random, greedy, heuristic")
    with path.open(encoding="utf-8") as file:
        game = records.load(file)
    assert game.metadata["bots"] == "greedy, random, greedy, heuristic"
    seats: list[cr.Bot] = [
        cr.GreedyBot(),
        cr.RandomBot(seed=401),
        cr.GreedyBot(),
        cr.HeuristicBot(),
    ]
    assert list(cr.replay(game))[-1] == cr.play_game(seats, seed=4)
    contract = ["demo", "--variant", "contract", "--bots", "greedy,greedy,random", "--quiet"]
    assert main(contract) == 0
    assert "player 2" in capsys.readouterr().out  # three seats, from the list


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,random"], "--bots names 2 bots, one per seat: R1: pagat is played"),
        (["--bots", "greedy,clever"], "--bots: no bot is called 'clever'; the bots are"),
        (["--bots", "greedy,random,greedy", "--players", "4"],
         "--bots names 3 bots, one per seat, for 4 players"),
    ],
)  # fmt: skip
def test_demo_refuses_bots_that_are_not_one_a_seat(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", *argv])
    assert exit_info.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith(f"contract-rummy demo: error: {message}")


def test_demo_names_the_players_and_keeps_the_names_in_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    argv = ["demo", "--seed", "3", "--names", "Ann,Bo,Cy,Di", "--record", str(path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Round 1: two groups of 3 (dealer Cy)\n  Ann went down: " in out
    assert "player 0" not in out
    assert records.loads(path.read_text(encoding="utf-8")).names == ("Ann", "Bo", "Cy", "Di")
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Record of a pagat game: Ann, Bo, Cy, Di; seed 3")


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Ann,Bo", "--names expects 4 names, one per player, separated by commas; got 2: "),
        ("Ann,Bo,Cy,Di,Ed", "--names expects 4 names, one per player, separated by commas; "),
        ("Ann,,Cy,Di", "--names: the name of player 1 is empty in 'Ann,,Cy,Di'"),
        ("", "--names expects 4 names, one per player, separated by commas; got 1: ''"),
        (
            "Ann,Bo,Cy,Ann",
            (
                "--names: players 0 and 3 are both called 'Ann' in 'Ann,Bo,Cy,Ann'; give each "
                "player a name of their own"
            ),
        ),
        ("Ann, Bo,Bo ,Di", "--names: players 1 and 2 are both called 'Bo' in "),
    ],
)
def test_demo_refuses_names_that_do_not_name_each_player(
    names: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--names", names])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[-1].startswith(f"contract-rummy demo: error: {message}")


# -- a rule set from a JSON file ---------------------------------------------------------------

#: A rule set of no preset: pagat with two penalty cards a buy.
CUSTOM = attrs.evolve(cr.PAGAT, name="pagat-two-penalties", buy_penalty=2)


@pytest.mark.parametrize("write", [write_variant, cr.to_dict])
def test_demo_plays_the_rules_of_a_variant_file_and_records_them(
    write: Callable[[cr.Variant], object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules, record = tmp_path / "rules.json", tmp_path / "game.json"
    rules.write_text(json.dumps(write(CUSTOM)), encoding="utf-8")
    argv = ["demo", "--seed", "4", "--variant-file", str(rules), "--record", str(record)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"contract_rummy {cr.__version__}: pagat-two-penalties, seed 4, ")
    assert "Final standings (pagat-two-penalties, seed 4):" in out
    game = records.loads(record.read_text(encoding="utf-8"))
    assert game.variant == CUSTOM
    assert main(["replay", str(record), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("Final standings (pagat-two-penalties, seed 4):")


def test_a_variant_file_naming_a_preset_is_that_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text('"liverpool"', encoding="utf-8")
    assert main(["demo", "--seed", "3", "--quiet", "--variant-file", str(rules)]) == 0
    via_file = capsys.readouterr().out
    assert main(["demo", "--seed", "3", "--quiet", "--variant", "liverpool"]) == 0
    assert via_file == capsys.readouterr().out


@pytest.mark.parametrize("command", ["demo", "play", "simulate", "rules"])
def test_an_empty_variant_file_path_is_refused_as_empty(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--variant-file="])
    assert exit_info.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last == (
        f"contract-rummy {command}: error: argument --variant-file: expected a file's path, "
        "got an empty one"
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (None, "--variant-file: [Errno 2] No such file or directory: "),
        ('{"type": "Variant"', "rules.json: not a JSON document: "),
        ("\ud800", "rules.json: not a JSON document: "),
        ('"nope"', "rules.json: variant: 'nope' is not a preset's name: ['california', "),
        ('{"type": "Variant"}', "rules.json: variant.name: missing"),
        ("[1]", "rules.json: variant: expected a variant's name or its knobs"),
        ("BAD_KNOB", "rules.json: variant.min_players: expected an integer, got 'x'"),
        ("BAD_RULES", "rules.json: variant: min_players (9) is above max_players (4)"),
    ],
)
@pytest.mark.parametrize("command", ["demo", "play", "simulate", "rules"])
def test_a_bad_variant_file_is_refused_naming_the_file_and_the_problem(
    command: str,
    text: str | None,
    problem: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = tmp_path / "rules.json"
    knobs = write_variant(CUSTOM)
    assert isinstance(knobs, dict)
    written = {
        "BAD_KNOB": json.dumps({**knobs, "min_players": "x"}),
        "BAD_RULES": json.dumps({**knobs, "min_players": 9}),
    }
    if text is not None:
        rules.write_bytes(written.get(text, text).encode("utf-8", "surrogatepass"))
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--variant-file", str(rules)])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"usage: contract-rummy {command} ")
    last = captured.err.splitlines()[-1]
    assert last.startswith(f"contract-rummy {command}: error: --variant-file: ")
    assert problem in last
    if text is not None:
        assert f"--variant-file: {rules}: " in last


@pytest.mark.parametrize("command", ["demo", "play", "simulate", "rules"])
def test_variant_and_variant_file_exclude_each_other(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--variant", "pagat", "--variant-file", "rules.json"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"contract-rummy {command}: error: argument --variant-file: not allowed with "
        "argument --variant"
    )
