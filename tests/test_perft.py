"""Legal-action counts along seeded random games, for every preset: ``tests/perft/``.

Like a chess engine's *perft*, the file ``tests/perft/legal-counts.txt`` records, for each
game listed in :data:`GAMES`, ``len(cr.legal_actions(state))`` at each of its states, in
order: state 0 is the new game, state ``k`` the state after ``k`` actions. Each game is
``cr.new_game(cr.VARIANTS[preset], seed=seed, players=players)``, played by
``rng = random.Random(seed)`` choosing ``legal[rng.randrange(len(legal))]`` every time
(``NextRound()`` included), for its first ``states`` states or to the end of the game.
Choosing by index means no listing is ever built whole, so the games of the wild presets,
whose go-downs are counted by the hundred thousand, cost no more than the others.

The test replays each game and compares the counts exactly; the first difference fails
with the preset, seed, players, the state's number, and both counts. When a change to the
counts is intended, regenerate the file deliberately and review the diff::

    CONTRACT_RUMMY_UPDATE_GOLDEN=1 python -m pytest tests/test_perft.py
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import attrs
import pytest

import contract_rummy as cr

PERFT: Final = Path(__file__).parent / "perft" / "legal-counts.txt"
UPDATE: Final = os.environ.get("CONTRACT_RUMMY_UPDATE_GOLDEN") == "1"
#: Counts per line of the file.
PER_LINE: Final = 20
#: States recorded from each game, unless the game is recorded whole.
STATES: Final = 400


@attrs.frozen
class PerftGame:
    """One seeded random game of the file: a preset, a seed, players, how many states."""

    preset: str
    seed: int
    players: int
    #: How many states to record; ``None`` records the whole game (its last count is 0).
    states: int | None = STATES

    @property
    def key(self) -> str:
        return f"{self.preset} seed={self.seed} players={self.players}"

    def play(self) -> Iterator[tuple[cr.RoundState, int]]:
        """Each recorded state of the game with ``len(cr.legal_actions(state))``, in order."""
        rng = random.Random(self.seed)
        state = cr.new_game(cr.VARIANTS[self.preset], seed=self.seed, players=self.players)
        for _ in itertools.count() if self.states is None else range(self.states):
            legal = cr.legal_actions(state)
            count = len(legal)
            yield state, count
            if not count:
                assert state.phase is cr.Phase.GAME_OVER, str(state)
                return
            state = cr.apply(state, legal[rng.randrange(count)])

    def counts(self) -> list[int]:
        """``len(cr.legal_actions(state))`` for each recorded state, in order."""
        return [count for _, count in self.play()]

    def where(self, step: int) -> str:
        """The round, phase and player to act of state ``step``, to locate a difference."""
        for number, (state, _) in enumerate(self.play()):
            if number == step:
                return f"round {state.round_number}, {state.phase.name}, P{state.to_act} to act"
        return "past the end of the game"


def _games() -> list[PerftGame]:
    games = []
    for name, variant in cr.VARIANTS.items():
        # The fewest and the most players the preset allows (both 4 for pagat's family):
        # the start of one game, and a whole game, through every round.
        games.append(PerftGame(name, 1, variant.min_players))
        games.append(PerftGame(name, 2, variant.max_players, None))
    # Whole games of the wild presets, whose seeds reach the largest counts found: go-downs
    # counted by the hundred thousand, not listed.
    games += [
        PerftGame("deuces-wild", 50, 4, None),  # up to 156,476 actions
        PerftGame("california", 4, 8, None),  # up to 191,799
        PerftGame("california", 22, 8, None),  # up to 448,989
    ]
    return games


GAMES: Final = _games()
_LINE: Final = re.compile(r"(\S+ seed=\d+ players=\d+) (\d+): (\d+(?:,\d+)*)")


def _lines(game: PerftGame, counts: list[int]) -> list[str]:
    return [
        f"{game.key} {start}: " + ",".join(map(str, counts[start : start + PER_LINE]))
        for start in range(0, len(counts), PER_LINE)
    ]


def _header() -> list[str]:
    return [
        "# Legal-action counts along seeded random games: tests/test_perft.py replays them.",
        "# Each line: preset seed=S players=P K: the counts len(cr.legal_actions(state)) of",
        f"# states K, K+1, ... (up to {PER_LINE} a line). State 0 is",
        "# cr.new_game(cr.VARIANTS[preset], seed=S, players=P); each next state applies",
        "# legal[rng.randrange(len(legal))] with rng = random.Random(S), NextRound() included.",
        "# A game recorded to its end ends with 0 (GAME_OVER). See tests/perft/README.md.",
        "# Regenerate: CONTRACT_RUMMY_UPDATE_GOLDEN=1 python -m pytest tests/test_perft.py",
    ]


def _parse(text: str) -> dict[str, list[int]]:
    """The counts of each game in the file, by its key, in order."""
    recorded: dict[str, list[int]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        match = _LINE.fullmatch(line)
        assert match is not None, f"{PERFT.name} line {number} is malformed: {line!r}"
        counts = recorded.setdefault(match[1], [])
        assert int(match[2]) == len(counts), (
            f"{PERFT.name} line {number}: {match[1]} continues at state {match[2]}, "
            f"expected {len(counts)}"
        )
        counts.extend(int(count) for count in match[3].split(","))
    return recorded


@functools.cache
def _recorded() -> dict[str, list[int]]:
    """The file's counts; with the update switch, the file is first written afresh."""
    if UPDATE:
        lines = _header()
        for game in GAMES:
            lines += _lines(game, game.counts())
        PERFT.parent.mkdir(exist_ok=True)
        PERFT.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    assert PERFT.exists(), f"{PERFT} is missing: run with CONTRACT_RUMMY_UPDATE_GOLDEN=1"
    return _parse(PERFT.read_text(encoding="utf-8"))


def _first_difference(game: PerftGame, expected: list[int], got: list[int]) -> str | None:
    for step, (old, new) in enumerate(zip(expected, got, strict=False)):
        if old != new:
            return f"state {step} ({game.where(step)}): expected {old} legal actions, got {new}"
    if len(expected) != len(got):
        return f"the file records {len(expected)} states, the replay gives {len(got)}"
    return None


@pytest.mark.parametrize("game", GAMES, ids=[game.key.replace(" ", ",") for game in GAMES])
def test_legal_action_counts_replay_exactly(game: PerftGame) -> None:
    recorded = _recorded()
    assert game.key in recorded, f"{game.key} is not in {PERFT.name}: regenerate it"
    difference = _first_difference(game, recorded[game.key], game.counts())
    if difference is not None:
        pytest.fail(
            f"{PERFT.name}, {game.key}: {difference}. The engine now lists a different "
            "number of legal actions. If that is intended, regenerate with "
            "CONTRACT_RUMMY_UPDATE_GOLDEN=1, review the diff and note it in CHANGELOG.md.",
            pytrace=False,
        )


def test_perft_file_holds_exactly_the_listed_games() -> None:
    assert list(_recorded()) == [game.key for game in GAMES]
    assert {game.preset for game in GAMES} == set(cr.VARIANTS)
    for game in GAMES:
        counts = _recorded()[game.key]
        if game.states is None:
            assert counts[-1] == 0, f"{game.key} is not recorded to its end"
            assert 0 not in counts[:-1]
        else:
            assert len(counts) == game.states, game.key
            assert 0 not in counts


def test_wild_presets_reach_large_counts() -> None:
    """The point of the whole wild games: counts far beyond what could be listed cheaply."""
    recorded = _recorded()
    assert max(recorded["deuces-wild seed=50 players=4"]) > 100_000
    assert max(recorded["california seed=22 players=8"]) > 400_000
