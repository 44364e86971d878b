"""``contract-rummy simulate``: results, plot, summary, progress, refusals, optional packages.

The runs are half a dozen games or so between the three bots, in this process or on two.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import itertools
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import records
from contract_rummy.cli import _simulate, main
from contract_rummy.cli._simulate import _options, _run, _saved
from contract_rummy.codec import write_variant
from contract_rummy.simulation import Simulation

BOTS = ("heuristic", "greedy", "random", "random")
GAMES = 6
SEED = 5
RUN = ["simulate", "--bots", ",".join(BOTS), "--games", str(GAMES), "--seed", str(SEED)]
PNG = b"\x89PNG\r\n\x1a\n"
#: What makes rich take a pipe for a terminal: never set for these tests.
TERMINAL_OVERRIDES = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES")


@pytest.fixture(autouse=True)
def _no_forced_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in TERMINAL_OVERRIDES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def reference() -> list[cr.GameResult]:
    """The run's games, played in this process by the library."""
    return list(cr.simulate(BOTS, GAMES, seed=SEED, workers=1))


def program(*argv: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the program in a new process (after ``code``, if given), with pipes, no terminal."""
    env = {k: v for k, v in os.environ.items() if k not in TERMINAL_OVERRIDES}
    if code is None:
        command = [sys.executable, "-m", "contract_rummy", *argv]
    else:
        run = f"{code}\nfrom contract_rummy.cli import main\nsys.exit(main({list(argv)!r}))"
        command = [sys.executable, "-c", run]
    return subprocess.run(command, capture_output=True, text=True, check=False, env=env)


# -- results and plot ------------------------------------------------------------------------


@pytest.mark.slow
def test_two_workers_write_the_results_in_game_order_and_a_png(
    tmp_path: Path, reference: list[cr.GameResult], capsys: pytest.CaptureFixture[str]
) -> None:
    out, plot = tmp_path / "results.jsonl", tmp_path / "scores.png"
    argv = [*RUN, "--workers", "2", "--out", str(out), "--plot", str(plot)]
    assert main(argv) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == [game.to_dict() for game in reference]
    assert lines == [game.to_json() for game in reference]
    image = plot.read_bytes()
    assert image.startswith(PNG)
    assert len(image) > 10_000
    stdout = capsys.readouterr().out
    assert stdout.endswith(f"Results: {out}\nPlot: {plot}\n")


def test_the_results_are_the_same_bytes_whatever_the_workers(
    tmp_path: Path, reference: list[cr.GameResult], capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main([*RUN, "--workers", "1", "--out", str(one), "--quiet"]) == 0
    # --quiet prints the summary only: not where the results went.
    quiet = capsys.readouterr()
    assert quiet.out.rstrip().splitlines()[-1].endswith(" games/s")
    assert "Results:" not in quiet.out
    assert not quiet.err
    assert main([*RUN, "--workers", "2", "--out", str(two), "--quiet"]) == 0
    assert one.read_bytes() == two.read_bytes()
    expected = "".join(game.to_json() + "\n" for game in reference)
    assert one.read_bytes() == expected.encode("utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["svg", "pdf"])
def test_the_plot_takes_the_format_of_its_suffix(tmp_path: Path, suffix: str) -> None:
    plot = tmp_path / f"scores.{suffix}"
    argv = ["simulate", "--bots", "greedy", "--games", "2", "--workers", "1", "--quiet"]
    assert main([*argv, "--plot", str(plot)]) == 0
    start = plot.read_bytes()[:1000]
    assert b"<svg" in start if suffix == "svg" else start.startswith(b"%PDF")


def test_a_plot_file_without_a_suffix_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    plot = tmp_path / "scores"
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--games", "2", "--workers", "1", "--quiet", "--plot", str(plot)])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    formats = ", ".join(sorted(FigureCanvasAgg(Figure()).get_supported_filetypes()))
    assert captured.err.splitlines()[-1] == (
        f"contract-rummy simulate: error: --plot: {plot} has no suffix to name its format; "
        f"try {formats}"
    )
    assert list(tmp_path.iterdir()) == []  # neither scores nor scores.png


def test_the_plot_check_leaves_no_empty_file_and_empties_none(tmp_path: Path) -> None:
    new, old = tmp_path / "new.png", tmp_path / "old.png"
    old.write_bytes(b"an older figure")
    for path in (new, old):
        _options.check_plot(argparse.ArgumentParser(), path)
    assert not new.exists()
    assert old.read_bytes() == b"an older figure"


@pytest.mark.slow
def test_the_plot_is_drawn_to_the_file_named_without_a_suffix_added(
    tmp_path: Path, reference: list[cr.GameResult]
) -> None:
    plot = tmp_path / "scores"
    scores = [[game.scores[seat] for game in reference] for seat in range(len(BOTS))]
    _simulate.plot_summary(plot, cr.summarize(reference), scores, seed=SEED)
    assert list(tmp_path.iterdir()) == [plot]
    assert plot.read_bytes().startswith(PNG)


# -- the summary -----------------------------------------------------------------------------

ESTIMATE = r"(-?[\d.]+|-?inf)%? \[(-?[\d.]+|-?inf), (-?[\d.]+|-?inf)\]"
SEAT_ROW = re.compile(rf"^ *(\d+)  (\w+) +(\d+)  +{ESTIMATE}  +{ESTIMATE}$")
ENDS = r"  +([\d.]+)%" * 3
ROUND_ROW = re.compile(rf"^ *(\d+)  (\S.*?)  +{ESTIMATE}  +{ESTIMATE}  +{ESTIMATE}{ENDS}$")


def near(text: str, value: float) -> bool:
    """Whether ``text``, a figure printed to one decimal, shows ``value``."""
    return float(text) == pytest.approx(value, abs=0.051)


def shows(texts: tuple[str, ...], estimate: cr.Estimate, scale: float) -> bool:
    """Whether ``value [low, high]`` as printed shows ``estimate`` (times ``scale``)."""
    numbers = (estimate.value, estimate.low, estimate.high)
    return all(near(text, scale * number) for text, number in zip(texts, numbers, strict=True))


def check_summary(text: str, summary: cr.Summary) -> None:
    """The printed seats and rounds show the figures of ``summary``, row by row."""
    lines = [line.rstrip() for line in text.splitlines()]
    seats = [match for line in lines if (match := SEAT_ROW.match(line))]
    assert len(seats) == len(summary.seats)
    for match, seat in zip(seats, summary.seats, strict=True):
        assert (int(match[1]), match[2], int(match[3])) == (seat.seat, seat.bot, seat.wins)
        assert shows(match.groups()[3:6], seat.win_rate, 100)
        assert shows(match.groups()[6:9], seat.score, 1)
    rounds = [match for line in lines if (match := ROUND_ROW.match(line))]
    assert len(rounds) == len(summary.rounds)
    for match, played in zip(rounds, summary.rounds, strict=True):
        assert (int(match[1]), match[2]) == (played.number, played.contract)
        assert shows(match.groups()[2:5], played.met_on_deal, 100)
        assert shows(match.groups()[5:8], played.went_down, 100)
        assert shows(match.groups()[8:11], played.turns, 1)
        ends = [played.ends[end].value for end in cr.RoundEnd]
        assert all(near(match[12 + i], 100 * end) for i, end in enumerate(ends))
    totals = re.search(r"\n(\d+) games? in ([\d.]+) s: ([\d.]+) games/s(\n|$)", text)
    assert totals is not None
    assert int(totals[1]) == summary.games
    assert float(totals[3]) > 0


def test_the_summary_shows_the_figures_of_summarize(
    reference: list[cr.GameResult], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*RUN, "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    summary = cr.summarize(reference)
    assert out.startswith(f"Simulation of pagat, seed {SEED}: {', '.join(BOTS)}\n\n")
    check_summary(out, summary)
    assert "Seats (95% confidence intervals)\nseat  bot        wins  win rate" in out
    assert "\nRounds (95% confidence intervals)\nround  contract " in out
    assert re.search(rf"rates\s+of\s+the\s+{GAMES * 4}\s+player-rounds\s+of\s+each\s+round", out)
    assert "─" not in out  # not a terminal: plain text, even where rich is installed


def test_plain_summary_of_a_single_game_has_unbounded_mean_intervals() -> None:
    (game,) = cr.simulate(["greedy"] * 4, 1, seed=1, workers=1)
    summary = cr.summarize([game])
    text = _simulate.plain_summary(summary, seed=1, seconds=0.5)
    check_summary(text, summary)
    assert f"{game.scores[0]}.0 [-inf, inf]" in text
    assert text.endswith("\n1 game in 0.5 s: 2.0 games/s")


def test_without_rich_the_summary_and_the_progress_are_plain(
    reference: list[cr.GameResult],
) -> None:
    result = program(*RUN, "--workers", "1", code="import sys; sys.modules['rich'] = None")
    assert result.returncode == 0, result.stderr
    check_summary(result.stdout, cr.summarize(reference))
    assert "─" not in result.stdout
    progress = result.stderr.splitlines()
    assert progress[0] == f"Playing {GAMES} pagat games, seed {SEED}, in this process"
    assert re.fullmatch(rf"{GAMES}/{GAMES} games \(100%\), [\d.]+ games/s, done in 0:00:0\d",
                        progress[-1])  # fmt: skip
    assert len(progress) <= 12
    assert "\r" not in result.stderr
    assert "\x1b" not in result.stderr


@pytest.mark.slow
def test_off_a_terminal_the_progress_is_a_few_plain_lines() -> None:
    result = program("simulate", "--bots", "greedy", "--games", "30", "--workers", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == "Playing 30 pagat games, seed 0, in this process"
    assert 2 <= len(lines) <= 12
    assert all(re.match(r"\d+/30 games \(\d+%\), [\d.]+ games/s, ", line) for line in lines[1:])
    assert "\x1b" not in result.stderr + result.stdout
    assert "\r" not in result.stderr


def test_quiet_prints_the_summary_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "random", "--games", "2", "--workers", "1", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.startswith("Simulation of pagat, seed 0: random, random, random, random")


def test_the_default_bots_are_heuristic_in_every_seat_of_the_usual_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "1", "--workers", "1", "--quiet", "--plain"]
    assert main([*argv, "--variant", "contract"]) == 0
    assert capsys.readouterr().out.startswith(
        "Simulation of contract, seed 0: heuristic, heuristic, heuristic, heuristic\n"
    )
    assert main([*argv, "--variant", "progressive", "--bots", "greedy,random,greedy"]) == 0
    assert capsys.readouterr().out.startswith(
        "Simulation of progressive, seed 0: greedy, random, greedy\n"
    )


def test_the_rules_of_a_variant_file_are_simulated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    custom = attrs.evolve(cr.PROGRESSIVE, name="house", buy_penalty=2)
    path = tmp_path / "house.json"
    path.write_text(json.dumps(write_variant(custom)), encoding="utf-8")
    argv = ["--games", "2", "--bots", "greedy,random,greedy", "--workers", "1", "--quiet"]
    assert main(["simulate", *argv, "--plain", "--variant-file", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Simulation of house, seed 0: greedy, random, greedy\n")
    assert out.rstrip().splitlines()[-1].startswith("2 games in ")


def test_rules_of_a_variant_file_under_a_presets_name_show_their_fingerprint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    no_buying = attrs.evolve(cr.PAGAT, max_buys=0)  # still named "pagat"
    path = tmp_path / "no-buying.json"
    path.write_text(json.dumps(write_variant(no_buying)), encoding="utf-8")
    out = tmp_path / "results.jsonl"
    argv = ["--games", "2", "--bots", "greedy", "--workers", "1", "--quiet", "--plain"]
    assert main(["simulate", *argv, "--variant-file", str(path), "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith(
        "Simulation of pagat (rules 8a0fe989a45dc11a, not the preset's), seed 0: greedy, "
    )
    # Its results are not summed up with the preset's.
    preset = tmp_path / "preset.jsonl"
    assert main(["simulate", *argv, "--out", str(preset)]) == 0
    capsys.readouterr()
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_bytes(preset.read_bytes() + out.read_bytes())
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--from", str(mixed), "--plain"])
    assert exit_info.value.code == 2
    assert "line 3: game 0 is pagat (rules 8a0fe989a45dc11a, not the preset's) with bots" in (
        capsys.readouterr().err
    )


# -- in a terminal ---------------------------------------------------------------------------


def terminal(*argv: str, columns: int) -> str:
    """What the program shows in a pseudo-terminal ``columns`` wide, escapes removed."""
    pexpect = importlib.import_module("pexpect")
    importlib.import_module("rich")  # the tests extra installs it: a missing one fails
    env = {k: v for k, v in os.environ.items() if k not in (*TERMINAL_OVERRIDES, "NO_COLOR")}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "contract_rummy", *argv],
        env={**env, "TERM": "xterm-256color"},
        encoding="utf-8",
        timeout=60,
        dimensions=(50, columns),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before)).replace("\r\n", "\n")


def test_in_a_terminal_a_progress_bar_and_rich_tables(reference: list[cr.GameResult]) -> None:
    shown = terminal(*RUN, "--workers", "1", columns=160)
    bar = [part for part in shown.split("\r") if part.startswith("games ")]
    assert len(bar) > 1  # redrawn
    assert re.match(rf"games ━+ {GAMES}/{GAMES} [\d.]+ games/s 0:00:\d\d ETA 0:00:00", bar[-1])
    summary = shown[shown.index("Simulation of pagat") :]
    assert "─" in summary  # drawn by rich
    assert "Seats (95% confidence intervals)" in summary
    check_summary(summary.replace("\n ", "\n"), cr.summarize(reference))


def test_in_a_narrow_terminal_the_rounds_stack_their_intervals(
    reference: list[cr.GameResult],
) -> None:
    shown = terminal(*RUN, "--workers", "1", "--quiet", columns=80)
    assert "…" not in shown  # nothing cut short
    assert max(map(len, shown.splitlines())) <= 80
    summary = cr.summarize(reference)
    for played in summary.rounds:
        low, high = (100 * played.went_down.low, 100 * played.went_down.high)
        value = f"{100 * played.went_down.value:.1f}%"
        assert re.search(rf" {value} [^\n]*\n[^\n]* {low:.1f}\u2013{high:.1f} ", shown)
    assert "R27" in shown
    assert "R29" in shown


#: Seconds to wait for a line of the program: long enough for a busy machine; reaching it
#: means the program hangs.
PATIENCE = 120


def ignore_sigint() -> None:
    """Run in the child before the program starts: Ctrl-C ignored, as ``nohup`` leaves it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("workers", "games", "ignored"),
    [("1", 200, False), ("2", 200, False), ("1", 200, True)],
    ids=["in-process", "two-processes", "started-with-sigint-ignored"],
)
def test_ctrl_c_stops_the_run_with_status_130_and_sums_up_the_games_played(
    tmp_path: Path, workers: str, games: int, ignored: bool
) -> None:
    pexpect = importlib.import_module("pexpect")
    out = tmp_path / "results.jsonl"
    argv = ["simulate", "--bots", "greedy", "--games", str(games), "--workers", workers]
    child = pexpect.spawn(
        sys.executable,
        ["-m", "contract_rummy", *argv, "--plain", "--out", str(out)],
        encoding="utf-8",
        timeout=PATIENCE,
        preexec_fn=ignore_sigint if ignored else None,
    )
    try:
        # The first line of progress: the games are being played.
        child.expect(rf"\d+/{games} games \(\d+%\)")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    shown = str(child.before).replace("\r\n", "\n")
    assert child.exitstatus == 130, shown
    assert "Traceback" not in shown
    # The terminal echoes Ctrl-C as ^C, before the message.
    stopped = re.search(rf"(^|\^C)contract-rummy simulate: interrupted after (\d+) of {games} "
                        r"games\n", shown, re.MULTILINE)  # fmt: skip
    assert stopped is not None, shown
    played = int(stopped[2])
    assert 0 < played < games
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [game["index"] for game in written] == list(range(played))
    # The summary of the games played follows.
    summary = shown[stopped.end() :]
    assert summary.startswith("Simulation of pagat, seed 0: greedy, greedy, greedy, greedy\n")
    assert re.search(rf"\n{played} games in [\d.]+ s: [\d.]+ games/s\nResults: {out}\n$", summary)


def test_an_interruption_keeps_the_results_written_and_sums_them_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Simulation:
        games = cr.simulate(*args, **kwargs)

        def three() -> Iterator[cr.GameResult]:
            yield from itertools.islice(games, 3)
            raise KeyboardInterrupt

        return Simulation(three(), bots=games.bots, games=games.games, start=0, seed=0,
                          variant=games.variant)  # fmt: skip

    monkeypatch.setattr(_run, "simulate", interrupted)
    out = tmp_path / "results.jsonl"
    argv = ["simulate", "--bots", "random", "--games", "9", "--workers", "1", "--quiet"]
    assert main([*argv, "--out", str(out)]) == 130
    captured = capsys.readouterr()
    assert captured.err == "contract-rummy simulate: interrupted after 3 of 9 games\n"
    reference = list(cr.simulate(["random"] * 4, 3, workers=1))
    assert out.read_text(encoding="utf-8").splitlines() == [game.to_json() for game in reference]
    check_summary(captured.out, cr.summarize(reference))
    # --quiet: the summary only, not where the results went.
    assert re.search(r"\n3 games in [\d.]+ s: [\d.]+ games/s\n$", captured.out)


def test_an_interruption_before_any_game_prints_no_summary(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Simulation:
        games = cr.simulate(*args, **kwargs)

        def interrupt(index: int) -> cr.GameResult:
            raise KeyboardInterrupt

        return Simulation(map(interrupt, range(9)), bots=games.bots, games=games.games,
                          start=0, seed=0, variant=games.variant)  # fmt: skip

    monkeypatch.setattr(_run, "simulate", interrupted)
    argv = ["simulate", "--bots", "random", "--games", "9", "--workers", "1", "--quiet"]
    assert main(argv) == 130
    captured = capsys.readouterr()
    assert captured.err == "contract-rummy simulate: interrupted after 0 of 9 games\n"
    assert captured.out == ""


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "heuristic,clever"],
         "--bots: no bot is called 'clever'; the bots are greedy, heuristic, random"),
        (["--bots", "greedy,"], "--bots: no bot is called ''"),
        (["--bots", "greedy,greedy,greedy"],
         "--bots names 3 bots, one per seat: R1: pagat is played by 4 players, not 3"),
        (["--variant", "contract", "--bots", "random,random,random,random,random,random"],
         "--bots names 6 bots, one per seat: R1: contract is played by 3-5 players, not 6"),
        (["--games", "-5"], "--games must be at least 1, got -5"),
        (["--games", "0"], "--games must be at least 1, got 0"),
        (["--seed", "-1"], "--seed must not be negative, got -1"),
        (["--workers", "0"], "--workers must be at least 1, got 0"),
        (["--plot", "scores.xyz"], "--plot: cannot draw .xyz files; try "),
        (["--out", "-"], "--out takes a file's name: '-' (standard output) is where the"),
        (["--out", "run.png", "--plot", "./run.png"],
         "--out and --plot name the same file, run.png: one would overwrite the other"),
    ],
)  # fmt: skip
def test_bad_arguments_exit_2_with_a_one_line_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", *argv])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: contract-rummy simulate ")
    last = captured.err.splitlines()[-1]
    assert last.startswith(f"contract-rummy simulate: error: {message}")
    assert captured.err.count("error:") == 1


@pytest.mark.slow
@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_a_file_that_cannot_be_written_is_refused_before_playing(
    option: str, tmp_path: Path
) -> None:
    missing = tmp_path / "missing" / "file.png"
    result = program("simulate", "--games", "100000", option, str(missing))
    assert result.returncode == 2
    assert result.stdout == ""
    last = result.stderr.splitlines()[-1]
    assert last == (
        f"contract-rummy simulate: error: {option}: [Errno 2] No such file or directory: "
        f"'{missing}'"
    )
    assert "Playing" not in result.stderr
    assert "Traceback" not in result.stderr


def test_plot_names_the_extra_when_matplotlib_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in [name for name in sys.modules if name.split(".")[0] == "matplotlib"]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--plot", str(tmp_path / "scores.png")])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "contract-rummy simulate: error: --plot needs matplotlib, which comes with the plot "
        "extra: pip install 'contract_rummy[plot]'"
    )
    assert not (tmp_path / "scores.png").exists()


def test_dask_names_the_extra_when_distributed_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--dask", "tcp://127.0.0.1:8786"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "contract-rummy simulate: error: --dask needs Dask's distributed package, which comes "
        "with the dask extra: pip install 'contract_rummy[dask]'"
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("tcp://127.0.0.1:1", "Timed out trying to connect to tcp://127.0.0.1:1 after 1 s"),
        ("nowhere", "missing port number in address 'nowhere'"),
    ],
)
def test_dask_says_when_the_scheduler_cannot_be_reached(
    address: str,
    reason: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    importlib.import_module("distributed")  # the tests extra installs it
    monkeypatch.setattr(_run, "DASK_TIMEOUT", 1)
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--dask", address])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"contract-rummy simulate: error: --dask: cannot reach the scheduler at {address}: "
        f"{reason}"
    )


@pytest.mark.slow
def test_a_local_dask_cluster_writes_the_same_results(
    tmp_path: Path, reference: list[cr.GameResult], capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = importlib.import_module("distributed")
    out = tmp_path / "results.jsonl"
    with distributed.LocalCluster(
        n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert main([*RUN, "--dask", address, "--out", str(out), "--plain"]) == 0
    assert out.read_text(encoding="utf-8") == "".join(g.to_json() + "\n" for g in reference)
    captured = capsys.readouterr()
    assert f"Playing {GAMES} pagat games, seed {SEED}, on the Dask cluster at {address}" in (
        captured.err
    )
    check_summary(captured.out, cr.summarize(reference))


# -- results read back (--from) --------------------------------------------------------------


@pytest.fixture
def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """A small run's results file, written by the program, and what the run printed."""
    out = tmp_path / "results.jsonl"
    assert main([*RUN, "--workers", "1", "--plain", "--out", str(out)]) == 0
    return out, capsys.readouterr().out


def no_game(*args: Any, **kwargs: Any) -> Simulation:
    """In place of ``simulate``: --from plays no game."""
    pytest.fail("a game was played")


def test_from_sums_up_a_saved_run_as_the_run_did(
    saved: tuple[Path, str],
    reference: list[cr.GameResult],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, printed = saved
    monkeypatch.setattr(_run, "simulate", no_game)
    assert main(["simulate", "--from", str(out), "--plain"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress: nothing is played
    run_lines, read_lines = printed.splitlines(), captured.out.splitlines()
    # The same tables, line for line; the first and last lines say where the games came from.
    assert run_lines[0] == f"Simulation of pagat, seed {SEED}: {', '.join(BOTS)}"
    assert read_lines[0] == f"Simulation of pagat, from {out}: {', '.join(BOTS)}"
    assert re.fullmatch(rf"{GAMES} games in [\d.]+ s: [\d.]+ games/s", run_lines[-2])
    assert run_lines[-1] == f"Results: {out}"
    assert read_lines[-1] == f"{GAMES} games, read from {out}"
    assert read_lines[1:-1] == run_lines[1:-2]
    check_summary(printed, cr.summarize(reference))


@pytest.mark.slow
def test_from_draws_the_plot_of_the_saved_results(
    saved: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = saved
    plot = tmp_path / "again.png"
    assert main(["simulate", "--from", str(out), "--plain", "--plot", str(plot)]) == 0
    assert plot.read_bytes().startswith(PNG)
    assert capsys.readouterr().out.endswith(f"\n{GAMES} games, read from {out}\nPlot: {plot}\n")
    plot.unlink()
    assert main(["simulate", "--from", str(out), "--plain", "--plot", str(plot), "--quiet"]) == 0
    assert plot.read_bytes().startswith(PNG)
    assert capsys.readouterr().out.endswith(f"\n{GAMES} games, read from {out}\n")


def test_from_reads_a_file_with_a_byte_order_mark_and_blank_lines(
    saved: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = saved
    assert main(["simulate", "--from", str(out), "--plain"]) == 0
    alone = capsys.readouterr().out
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"\xef\xbb\xbf" + lines[0] + b"\n" + b"".join(lines[1:]) + b"\n\n")
    assert main(["simulate", "--from", str(out), "--plain"]) == 0
    assert capsys.readouterr().out == alone


@pytest.mark.parametrize(
    ("argv", "given"),
    [
        (["--bots", "greedy"], "--bots is"),
        (["--games", "100"], "--games is"),  # the default's value, given all the same
        (["--seed", "0"], "--seed is"),
        (["--workers", "1"], "--workers is"),
        (["--dask", "tcp://127.0.0.1:8786"], "--dask is"),
        (["--out", "again.jsonl"], "--out is"),
        (["--variant", "pagat"], "--variant is"),
        (["--variant-file", "house.json"], "--variant-file is"),
        (["--games", "5", "--seed", "2"], "--games, --seed are"),
    ],
)
def test_from_refuses_the_options_of_playing(
    argv: list[str], given: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--from", str(out), *argv])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: contract-rummy simulate ")
    assert captured.err.splitlines()[-1] == (
        "contract-rummy simulate: error: --from sums up results saved earlier and plays no "
        f"game: {given} for playing games (the results say their rules and bots)"
    )
    assert not (tmp_path / "again.jsonl").exists()


def test_from_refuses_a_plot_over_the_results(
    saved: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = saved
    before = out.read_bytes()
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--from", str(out), "--plot", str(out.parent / "." / out.name)])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"contract-rummy simulate: error: --from and --plot name the same file, {out}: the "
        "plot would overwrite the results"
    )
    assert out.read_bytes() == before


def bad_file(what: str, results: bytes) -> tuple[bytes, str]:
    """A file --from refuses, made from a run's ``results``, and the end of its message."""
    first = results.splitlines(keepends=True)[0]
    record = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[])
    other = next(iter(cr.simulate(["greedy"] * 4, 1, workers=1))).to_json().encode()
    two_runs = (
        "line 3: game 0 is pagat with bots ['greedy', 'greedy', 'greedy', 'greedy'], but the "
        "games summed up are pagat with bots ['heuristic', 'greedy', 'random', 'random']"
    )
    game_record = (
        "line 1: a game record (play or demo --record), not a game's result as simulate "
        "--out writes them; contract-rummy replay prints a record"
    )
    empty = "holds no game's result: expected JSON Lines, a game a line, as simulate --out "
    files = {
        "empty": (b"", empty),
        "not JSON": (b"Simulation of pagat\n", "line 1: not a JSON document: "),
        "cut short": (first + first[:100], "line 2: not a JSON document: "),
        "not UTF-8": (first + b"\xff\xfe\xfd\n", "line 2: not a JSON document: "),
        "no result": (b'{"index": 0}\n', "line 1: "),
        "two runs": (first + b"\n" + other + b"\n", two_runs),
        "a game record": (records.dumps(record).encode() + b"\n", game_record),
    }
    return files[what]


@pytest.mark.parametrize(
    "what",
    ["empty", "not JSON", "cut short", "not UTF-8", "no result", "two runs", "a game record"],
)
def test_from_refuses_a_file_that_is_not_one_runs_results(
    what: str, saved: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = saved
    content, message = bad_file(what, out.read_bytes())
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--from", str(path), "--plain"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    last = captured.err.splitlines()[-1]
    assert last.startswith(f"contract-rummy simulate: error: --from: {path}")
    assert message in last
    assert captured.err.count("error:") == 1


def test_from_a_missing_file_or_a_folder_exits_2_without_a_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    for path, reason in ((missing, "[Errno 2] No such file or directory"),
                         (tmp_path, "[Errno 21] Is a directory")):  # fmt: skip
        result = program("simulate", "--from", str(path))
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr.splitlines()[-1] == (
            f"contract-rummy simulate: error: --from: {reason}: '{path}'"
        )
        assert "Traceback" not in result.stderr


def test_from_stops_on_ctrl_c_with_status_130(
    saved: tuple[Path, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = saved

    def interrupted(lines: Any) -> Iterator[cr.GameResult]:
        yield from itertools.islice(cr.load_results(lines), 2)
        raise KeyboardInterrupt

    monkeypatch.setattr(_saved, "load_results", interrupted)
    assert main(["simulate", "--from", str(out)]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"contract-rummy simulate: interrupted while reading {out}\n"


def test_from_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--help"])
    assert exit_info.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--from FILE play no game: sum up the results saved earlier with --out FILE" in shown
    assert "--quiet print the summary only" in shown


# -- optional packages -----------------------------------------------------------------------

NOT_IMPORTED = (
    "assert 'rich' not in sys.modules and 'matplotlib' not in sys.modules "
    "and 'distributed' not in sys.modules, sorted(sys.modules)"
)


def test_importing_the_package_and_its_command_line_imports_no_optional_package() -> None:
    code = f"import contract_rummy, contract_rummy.cli, sys; {NOT_IMPORTED}"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]


def test_the_demo_and_the_rules_import_no_optional_package() -> None:
    code = (
        "import sys\n"
        "from contract_rummy.cli import main\n"
        "main(['demo', '--seed', '1', '--quiet'])\n"
        "main(['rules'])\n"
        f"{NOT_IMPORTED}\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_plain_run_imports_neither_matplotlib_nor_distributed() -> None:
    code = (
        "import sys\n"
        "from contract_rummy.cli import main\n"
        "main(['simulate', '--bots', 'greedy', '--games', '2', '--workers', '1', '--plain'])\n"
        "assert 'matplotlib' not in sys.modules and 'distributed' not in sys.modules\n"
        "assert 'rich' not in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.slow
def test_a_client_that_cannot_connect_is_gone_when_dask_executor_raises() -> None:
    """Nothing is left to stop its event loop later, inside another client's start."""
    distributed = importlib.import_module("distributed")
    with pytest.raises(OSError, match="Timed out"):
        cr.dask_executor("tcp://127.0.0.1:1", timeout=1)
    alive = [held for held in gc.get_objects() if isinstance(held, distributed.Client)]
    assert alive == []
