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
