"""The ``contract-rummy`` command."""

from __future__ import annotations

import subprocess
import sys

import pytest

import contract_rummy as cr
from contract_rummy.cli import main


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
    assert out.startswith(f"contract_rummy {cr.__version__}: {name}, seed 3, {players} greedy")
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
