"""Game records: a recorded game replays to the states it went through, and bad ones fail."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

import contract_rummy as cr
from contract_rummy import records


@functools.cache
def _system_record(variant: cr.Variant, seed: int, players: int) -> records.GameRecord:
    """A whole greedy game dealt by the system shuffler: its deals are in the record."""
    recorder = records.Recorder(
        cr.new_game(variant, seed=seed, players=players, shuffler=cr.SYSTEM)
    )
    bot = cr.GreedyBot()
    while recorder.state.phase is not cr.Phase.GAME_OVER:
        recorder.apply(bot.choose(recorder.state))
    return recorder.record()


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("round_number", 99, r"deals\[0\]\.round_number: the record says 99, but the round"),
        ("dealer", "other", r"deals\[0\]\.dealer: the record says"),
        ("cut", 5, r"deals\[0\]\.cut: the record says 5, but the round it deals has None"),
        ("hands", "unsorted", r"deals\[0\]\.hands: not the cards as the round dealt them"),
    ],
)
def test_a_recorded_deal_must_be_the_round_it_deals(key: str, value: Any, message: str) -> None:
    document = json.loads(records.dumps(_system_record(cr.PAGAT, 1, 4)))
    deal = document["deals"][0]
    if value == "other":
        value = (deal["dealer"] + 1) % 4
    elif value == "unsorted":
        hand = deal["hands"][0]
        value = [[hand[1], hand[0], *hand[2:]], *deal["hands"][1:]]
    deal[key] = value
    with pytest.raises(cr.RecordError, match=message):
        records.loads(json.dumps(document))


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2])
def test_a_records_version_must_be_the_integer_1(version: object) -> None:
    document = json.loads(
        records.dumps(records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[]))
    )
    document["version"] = version
    with pytest.raises(cr.RecordError, match=r"^version: this library reads records of version 1"):
        records.loads(json.dumps(document))


def test_a_type_is_checked_wherever_it_is_read() -> None:
    recorder = records.Recorder(cr.new_game(seed=1, shuffler=cr.SYSTEM))
    recorder.apply(cr.DrawStock())
    document = json.loads(records.dumps(recorder.record()))
    document["start"]["type"] = "PlayerView"
    with pytest.raises(cr.RecordError, match=r"^start\.type: expected a RoundState, got 'Pla"):
        records.loads(json.dumps(document))
    document["start"]["type"] = "RoundState"
    document["start"]["window"]["type"] = "BuyWindow"
    with pytest.raises(cr.RecordError, match=r"^start\.window\.type: not a field of this value"):
        records.loads(json.dumps(document))
    document["start"]["window"].pop("type")
    document["result"]["type"] = "Result"
    with pytest.raises(cr.RecordError, match=r"^result\.type: not a field of this value"):
        records.loads(json.dumps(document))
