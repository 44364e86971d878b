"""Golden games: seeded games recorded as text in ``tests/golden/`` and replayed here.

Each file records one game, one line per action with a digest of the state after it
(format: ``tests/golden_format.py``). The test rebuilds the game from the file's header,
checks that every recorded action reads back, is legal, and is exactly what the recorded
chooser (the greedy bot or the seeded random choice) picks, and compares the regenerated
text with the file line by line; a difference fails with a unified diff.

A difference means the engine now behaves differently. When the change is intended,
regenerate the files deliberately and review the diff as a behaviour change (and note it
in CHANGELOG.md)::

    CONTRACT_RUMMY_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

With ``CONTRACT_RUMMY_UPDATE_GOLDEN=1`` the test rewrites the files instead of comparing,
then replays what it wrote.
"""

from __future__ import annotations

import difflib
import os
from collections import Counter
from pathlib import Path
from typing import Final

import attrs
import pytest

import contract_rummy as cr
from golden_format import (
    GameSpec,
    digest,
    parse_action,
    parse_header,
    parse_steps,
    record,
)

GOLDEN: Final = Path(__file__).parent / "golden"
UPDATE: Final = os.environ.get("CONTRACT_RUMMY_UPDATE_GOLDEN") == "1"

GAMES: Final = (
    GameSpec("greedy-pagat-seed1", "pagat", (), players=4, seed=1, chooser="greedy"),
    GameSpec("random-pagat-seed2", "pagat", (), players=4, seed=2, chooser="random", limit=400),
    GameSpec(
        "greedy-contract3-nobuy-seed3",
        "pagat",
        (
            ("min_players", 3),
            ("max_players", 5),
            ("jokers", cr.JokerRule.PLAYERS_MINUS_ONE),
            ("buying", False),
        ),
        players=3,
        seed=3,
        chooser="greedy",
    ),
    # One game for each of the other presets, with a number of players that exercises it.
    GameSpec("greedy-contract-seed2", "contract", (), players=5, seed=2, chooser="greedy"),
    GameSpec("greedy-progressive-seed1", "progressive", (), players=6, seed=1, chooser="greedy"),
    GameSpec("greedy-liverpool-seed4", "liverpool", (), players=5, seed=4, chooser="greedy"),
    # Seed 46 has an exact cut (R32), in round 4.
    GameSpec(
        "greedy-liverpool-cut-seed46", "liverpool-cut", (), players=4, seed=46, chooser="greedy"
    ),
    GameSpec("greedy-shanghai-seed3", "shanghai", (), players=4, seed=3, chooser="greedy"),
    GameSpec("greedy-shanghai-11-seed5", "shanghai-11", (), players=4, seed=5, chooser="greedy"),
    GameSpec("greedy-california-seed6", "california", (), players=5, seed=6, chooser="greedy"),
    # Seven players: three decks and six jokers (R2).
    GameSpec("greedy-no-buy-seed1", "no-buy", (), players=7, seed=1, chooser="greedy"),
    GameSpec(
        "greedy-double-progressive-seed5",
        "double-progressive",
        (),
        players=3,
        seed=5,
        chooser="greedy",
    ),
    # The greedy bot always goes down with the contract's shortest melds, so a greedy may-i
    # game plays as on pagat; random choices go down with longer first melds (R14, R33).
    GameSpec("random-may-i-seed9", "may-i", (), players=4, seed=9, chooser="random"),
    GameSpec("greedy-deuces-wild-seed4", "deuces-wild", (), players=4, seed=4, chooser="greedy"),
    # Random choices by index among thousands of go-downs (2s and jokers wild).
    GameSpec(
        "random-deuces-wild-seed28",
        "deuces-wild",
        (),
        players=4,
        seed=28,
        chooser="random",
        limit=400,
    ),
)
_IDS: Final = [spec.name for spec in GAMES]
_DIFF_LINES: Final = 20


def _path(spec: GameSpec) -> Path:
    return GOLDEN / f"{spec.name}.txt"


def _first_difference(recorded: list[str], regenerated: list[str]) -> int | None:
    for index, (old, new) in enumerate(zip(recorded, regenerated, strict=False)):
        if old != new:
            return index
    if len(recorded) != len(regenerated):
        return min(len(recorded), len(regenerated))
    return None


def _diff(name: str, recorded: list[str], regenerated: list[str], index: int) -> str:
    """A unified diff of the first ~20 lines from the first difference on."""
    start = max(0, index - 3)
    window = slice(start, index + 3 * _DIFF_LINES)
    diff = list(
        difflib.unified_diff(
            recorded[window],
            regenerated[window],
            f"tests/golden/{name}.txt (recorded, from line {start + 1})",
            f"regenerated (from line {start + 1})",
            lineterm="",
        )
    )
    shown = diff[: _DIFF_LINES + 3]
    if len(diff) > len(shown):
        shown.append(f"... ({len(diff) - len(shown)} more diff lines)")
    return "\n".join(shown)


def _replay(spec: GameSpec, lines: list[str]) -> tuple[list[str], list[str]]:
    """Regenerate the record, checking each recorded action; return it and the problems."""
    steps = parse_steps(lines)
    problems: list[str] = []

    def check(number: int, state: cr.RoundState, chosen: cr.Action) -> None:
        if problems or number > len(steps):
            return  # report the first problem only; a longer game shows in the diff
        step = steps[number - 1]
        try:
            action = parse_action(step.action, state)
        except ValueError as error:
            problems.append(f"step {number}: cannot read {step.action!r}: {error}")
            return
        if action not in cr.legal_actions(state):
            problems.append(f"step {number}: recorded {action!r} is not legal in\n{state}")
        elif action != chosen:
            problems.append(
                f"step {number}: recorded {action!r}, but the {spec.chooser} chooser picks "
                f"{chosen!r} in\n{state}"
            )

    return record(spec, check), problems


@pytest.mark.slow
@pytest.mark.parametrize("spec", GAMES, ids=_IDS)
def test_golden_game_replays_exactly(spec: GameSpec) -> None:
    path = _path(spec)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text("\n".join(record(spec)) + "\n", encoding="utf-8", newline="\n")
    assert path.exists(), f"{path} is missing: run with CONTRACT_RUMMY_UPDATE_GOLDEN=1"
    lines = path.read_text(encoding="utf-8").splitlines()
    header = parse_header(lines)
    assert header == spec, f"{path.name}'s header describes {header}, not {spec}"
    regenerated, problems = _replay(header, lines)
    index = _first_difference(lines, regenerated)
    if index is not None:
        pytest.fail(
            f"{path.name} differs from the replay at line {index + 1}: the engine's behaviour "
            "changed. If that is intended, regenerate with CONTRACT_RUMMY_UPDATE_GOLDEN=1, "
            "review the diff and note it in CHANGELOG.md.\n"
            + _diff(spec.name, lines, regenerated, index)
            + ("\n" + problems[0] if problems else ""),
            pytrace=False,
        )
    assert not problems, problems[0]


def test_golden_directory_holds_exactly_the_listed_games() -> None:
    files = sorted(path.stem for path in GOLDEN.glob("*.txt"))
    assert files == sorted(_IDS)


def test_golden_files_stay_reviewable() -> None:
    for spec in GAMES:
        lines = _path(spec).read_text(encoding="utf-8").splitlines()
        assert len(lines) < 4000, f"{spec.name} has {len(lines)} lines"
        assert max(map(len, lines)) < 200


def test_greedy_golden_game_goes_down_and_out() -> None:
    lines = _path(GAMES[0]).read_text(encoding="utf-8").splitlines()
    actions = Counter(step.action.split()[0] for step in parse_steps(lines))
    assert actions["GoDown"] >= 7
    assert actions["LayOff"] > 0
    assert actions["NextRound"] == 6
    went_out = [line for line in lines if line.startswith("-- round") and "went out" in line]
    assert len(went_out) >= 4
    assert lines[-1].startswith("== game over after")


def test_random_golden_game_stops_at_its_limit() -> None:
    spec = GAMES[1]
    lines = _path(spec).read_text(encoding="utf-8").splitlines()
    steps = parse_steps(lines)
    assert [step.number for step in steps] == list(range(1, 401))
    assert lines[-1].startswith("== stopped after 400 actions")


def _spec(name: str) -> GameSpec:
    return next(spec for spec in GAMES if spec.name == name)


def _lines(name: str) -> list[str]:
    return _path(_spec(name)).read_text(encoding="utf-8").splitlines()


def test_every_preset_has_a_golden_game() -> None:
    assert {spec.base for spec in GAMES if not spec.changes} == set(cr.VARIANTS)


def test_preset_golden_games_show_what_their_preset_adds() -> None:
    # R31: a request opens the draw (req=), then is blocked (TakeDiscard) or granted.
    lines = _lines("greedy-shanghai-11-seed5")
    steps = parse_steps(lines)
    requests = [i for i, step in enumerate(steps) if " req=" in step.after]
    assert requests
    answers = Counter(steps[i + 1].action for i in requests)
    assert answers["TakeDiscard"] > 0
    assert answers["DrawStock"] > 0
    assert all(steps[i].action == "Buy" for i in requests)
    # R32: every round records its cut; seed 46 has an exact one, worth 50 points.
    starts = [line for line in _lines("greedy-liverpool-cut-seed46") if " cards dealt," in line]
    assert len(starts) == 7
    assert all("; cut " in line for line in starts)
    assert sum("exact: P" in line for line in starts) == 1
    # R2, R30: queens stand in for other cards in california's melds.
    actions = [
        parse_action(step.action, cr.CALIFORNIA)
        for step in parse_steps(_lines("greedy-california-seed6"))
    ]
    melds = [meld for a in actions if isinstance(a, cr.GoDown) for meld in a.melds]
    assert any(
        isinstance(meld, cr.Group)
        and meld.rank is not cr.Rank.QUEEN
        and any(card.rank is cr.Rank.QUEEN for card in meld.cards)
        for meld in melds
    )
    # R11, R24: shanghai plays eight rounds; every greedy game goes to its end.
    assert any(line.startswith("-- round 8 over") for line in _lines("greedy-shanghai-seed3"))
    for spec in GAMES:
        if spec.limit is None:
            last = _lines(spec.name)[-1]
            assert last.startswith("== game over after"), (spec.name, last)


def test_state_hash_sees_what_the_digest_does_not() -> None:
    state = cr.new_game(seed=1)
    changed = [
        attrs.evolve(state, stock=state.stock[::-1]),
        attrs.evolve(state, rng=state.rng + 1),
        attrs.evolve(state, hands=(state.hands[1], state.hands[0], *state.hands[2:])),
        attrs.evolve(state, buys=(1, 0, 0, 0)),
    ]
    seen = {digest(state)}
    for other in changed:
        assert digest(other).split("#")[0] == digest(state).split("#")[0]
        seen.add(digest(other))
    assert len(seen) == 1 + len(changed)
