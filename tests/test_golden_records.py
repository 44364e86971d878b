"""Golden records: one whole greedy game of every preset, kept as a game record.

``tests/golden/records/<preset>.json`` holds one seeded game of each preset of
:data:`~contract_rummy.VARIANTS`, played by :class:`~contract_rummy.GreedyBot` to its end
and written with ``records.dump(record, fp, indent=1)``. Each mirrors the golden text game
of ``tests/test_golden.py`` with the same preset, players and seed, where there is one (its
``metadata`` names it): the record then replays through exactly the states whose digests
that file lists, with the same action texts. ``may-i`` has no greedy text game (the greedy
bot plays it as on pagat); its record has the seed of the random one, and mirrors nothing.

The test loads each record, replays it, checks that the game ends at the stated result,
compares the replay with the text game, and compares the file byte for byte with a record
written afresh. A difference means the engine, or the record format, changed. When that is
intended, regenerate the files deliberately and review the diff::

    CONTRACT_RUMMY_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_records.py
"""

from __future__ import annotations

import difflib
import io
import json
from pathlib import Path
from typing import Any, Final

import pytest

import contract_rummy as cr
from contract_rummy import records
from golden_format import GameSpec, digest, parse_steps
from test_golden import GAMES, GOLDEN, UPDATE

RECORDS: Final = GOLDEN / "records"
#: The seed and players of a preset without a greedy golden text game.
OTHERS: Final = {"may-i": (9, 4)}
CHOOSER: Final = "cr.GreedyBot() for every player"
#: A greedy game longer than this is a bug.
CAP: Final = 6000


def _mirrored(name: str) -> GameSpec | None:
    """The golden text game a preset's record mirrors: greedy, the preset unchanged."""
    return next(
        (
            spec
            for spec in GAMES
            if spec.base == name
            and not spec.changes
            and spec.chooser == "greedy"
            and spec.limit is None
        ),
        None,
    )


def _path(name: str) -> Path:
    return RECORDS / f"{name}.json"


def _text_game(spec: GameSpec) -> list[str]:
    return (GOLDEN / f"{spec.name}.txt").read_text(encoding="utf-8").splitlines()


def _record(name: str) -> records.GameRecord:
    """Play the preset's golden game afresh and record it."""
    spec = _mirrored(name)
    seed, players = OTHERS[name] if spec is None else (spec.seed, spec.players)
    metadata: dict[str, Any] = {
        "mirrors": None if spec is None else f"tests/golden/{spec.name}.txt",
        "chooser": CHOOSER,
        "regenerate": "CONTRACT_RUMMY_UPDATE_GOLDEN=1 pytest tests/test_golden_records.py",
    }
    variant = cr.VARIANTS[name]
    recorder = records.Recorder(
        cr.new_game(variant, seed=seed, players=players), seed=seed, metadata=metadata
    )
    bot = cr.GreedyBot()
    while recorder.state.phase is not cr.Phase.GAME_OVER:
        if recorder.state.moves >= CAP:
            pytest.fail(f"the {name} golden game (seed {seed}) runs past {CAP} actions")
        recorder.apply(bot.choose(recorder.state))
    return recorder.record()


def _written(record: records.GameRecord) -> str:
    out = io.StringIO()
    records.dump(record, out, indent=1)
    return out.getvalue()


def _difference(name: str, stored: str, fresh: str) -> str:
    """Where the stored file first differs from the fresh record, as a short diff."""
    old, new = stored.splitlines(), fresh.splitlines()
    line = next(
        (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    start = max(0, line - 3)
    diff = difflib.unified_diff(
        old[start : line + 12],
        new[start : line + 12],
        f"tests/golden/records/{name}.json (stored, from line {start + 1})",
        f"written afresh (from line {start + 1})",
        lineterm="",
    )
    return f"first difference at line {line + 1}:\n" + "\n".join(diff)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(cr.VARIANTS))
def test_golden_record_replays_to_its_result(name: str) -> None:
    path = _path(name)
    fresh = _written(_record(name))
    if UPDATE:
        RECORDS.mkdir(exist_ok=True)
        path.write_text(fresh, encoding="utf-8", newline="\n")
    assert path.exists(), f"{path} is missing: run with CONTRACT_RUMMY_UPDATE_GOLDEN=1"
    with path.open(encoding="utf-8") as fp:
        try:
            record = records.load(fp)
        except cr.RecordError as error:
            pytest.fail(
                f"{path.name} no longer loads: {error}. If the engine's behaviour changed on "
                "purpose, regenerate with CONTRACT_RUMMY_UPDATE_GOLDEN=1 and review the diff.",
                pytrace=False,
            )
    states = list(records.replay(record))
    last = states[-1]
    assert record.result is not None
    assert last.phase is cr.Phase.GAME_OVER
    assert last.scores == record.result.scores
    assert last.winners == record.result.winners
    assert record.variant is cr.VARIANTS[name]
    stored = path.read_text(encoding="utf-8")
    if stored != fresh:
        pytest.fail(
            f"{path.name} differs from the record written afresh: the engine's behaviour or "
            "the record format changed. If that is intended, regenerate with "
            "CONTRACT_RUMMY_UPDATE_GOLDEN=1, review the diff and note it in CHANGELOG.md.\n"
            + _difference(name, stored, fresh),
            pytrace=False,
        )
    spec = _mirrored(name)
    assert record.metadata["mirrors"] == (
        None if spec is None else f"tests/golden/{spec.name}.txt"
    )
    if spec is not None:
        # The text game and the record are the same game: same actions, same states.
        assert (record.seed, record.players) == (spec.seed, spec.players)
        steps = parse_steps(_text_game(spec))
        document = json.loads(path.read_text(encoding="utf-8"))
        assert document["actions"] == [step.action for step in steps]
        assert [digest(state) for state in states[1:]] == [step.after for step in steps]


def test_every_preset_has_exactly_one_golden_record() -> None:
    assert sorted(path.stem for path in RECORDS.glob("*")) == sorted(cr.VARIANTS)


def test_every_golden_record_but_may_i_mirrors_a_golden_text_game() -> None:
    mirrored = {name for name in cr.VARIANTS if _mirrored(name) is not None}
    assert mirrored == set(cr.VARIANTS) - set(OTHERS)
    may_i = next(spec for spec in GAMES if spec.base == "may-i")
    assert OTHERS["may-i"] == (may_i.seed, may_i.players)


def test_golden_records_stay_reviewable() -> None:
    for name in cr.VARIANTS:
        text = _path(name).read_text(encoding="utf-8")
        assert text.endswith("}\n")
        assert max(map(len, text.splitlines())) < 200, name
