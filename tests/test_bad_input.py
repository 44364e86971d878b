"""Wrong calls a new user makes: each refused at once, naming the argument and what it takes.

And refusals of oversized input stay short and quick: a message quotes at most a bounded
piece of what it was given, and a list longer than anything the game holds is refused
before it is read.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import contract_rummy as cr
from contract_rummy import history, records


def test_format_meld_takes_a_meld_not_its_text() -> None:
    with pytest.raises(TypeError, match=r"format_meld writes a Group or a Run \(meld\(text\)"):
        cr.format_meld("7C 7D 7H")  # type: ignore[arg-type]


def test_parse_action_names_what_its_state_may_be() -> None:
    with pytest.raises(
        TypeError, match="state must be a RoundState, a PlayerView, a Variant or a pr"
    ):
        cr.parse_action("Discard 7C", 42)  # type: ignore[arg-type]


def test_records_are_read_from_open_files_and_text(tmp_path: Path) -> None:
    with pytest.raises(
        TypeError, match=r"load reads an open file, not a path: open\('game.json'\)"
    ):
        records.load("game.json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="load reads an open file, not a path"):
        records.load(tmp_path / "game.json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="loads reads a JSON document as a str or bytes, got None"):
        records.loads(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameRecord"):
        cr.replay(None)  # type: ignore[arg-type]


def test_records_are_written_to_open_files_and_lines_read_from_them(tmp_path: Path) -> None:
    game = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[])
    with pytest.raises(TypeError, match=r"^dump writes to an open file, not a path: open\("):
        records.dump(game, tmp_path / "game.json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^dump_lines writes to an open file, not a path"):
        records.dump_lines([game], "games.jsonl")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^load_lines reads an open file, not a path"):
        list(records.load_lines("games.jsonl"))
    assert not list(tmp_path.iterdir())  # nothing written


def test_one_record_given_to_dump_lines_is_refused_saying_to_pass_a_list() -> None:
    game = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[])
    file = io.StringIO()
    with pytest.raises(TypeError, match=r"^dump_lines writes records, one a line: pass a list"):
        records.dump_lines(game, file)  # type: ignore[arg-type]
    assert file.getvalue() == ""


def test_histories_are_written_to_and_read_from_open_files(tmp_path: Path) -> None:
    kept = history.Histories(cr.new_game(seed=1))
    kept.step(cr.DrawStock())
    mine = kept.history(2)
    with pytest.raises(TypeError, match=r"^dump writes to an open file, not a path: open\("):
        history.dump(mine, tmp_path / "mine.json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^load reads an open file, not a path"):
        history.load("mine.json")  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())  # nothing written
    with (tmp_path / "mine.json").open("w", encoding="utf-8") as file:
        history.dump(mine, file, indent=1)
    with (tmp_path / "mine.json").open("rb") as file:
        assert history.load(file) == mine
    with (tmp_path / "mine.json").open("wb") as file:
        file.write(b"\xff{")
    with (
        (tmp_path / "mine.json").open(encoding="utf-8") as file,
        pytest.raises(cr.RecordError, match=r"^not a JSON document: 'utf-8' codec"),
    ):
        history.load(file)


@pytest.mark.parametrize("shuffler", [cr.SEEDED, cr.SYSTEM], ids=["seeded", "system"])
def test_a_shuffler_names_what_it_shuffles(shuffler: cr.Shuffler) -> None:
    with pytest.raises(TypeError, match=r"^items must be a sequence to shuffle .*got None$"):
        shuffler.shuffle(None, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^items must be a sequence to shuffle .*got 7$"):
        shuffler.shuffle(7, 0)  # type: ignore[arg-type]
    assert sorted(shuffler.shuffle((3, 1, 2), 0)[0]) == [1, 2, 3]


def test_summarize_names_the_games_it_reads() -> None:
    with pytest.raises(
        TypeError, match=r"^games must be an iterable of GameResults \(simulate gives them\), "
    ):
        cr.summarize(None)  # type: ignore[arg-type]


def test_a_recorder_refuses_its_names_and_metadata_when_made() -> None:
    state = cr.new_game(seed=1)
    with pytest.raises(ValueError, match="names must name each of the 4 players"):
        records.Recorder(state, names=["a"])
    with pytest.raises(
        ValueError, match=r"^names must differ: players 0 and 1 are both called 'a'"
    ):
        records.Recorder(state, names=["a"] * 4)
    with pytest.raises(
        ValueError, match=r"^names must differ: players 1 and 3 are both called 'B"
    ):
        records.GameRecord(
            variant=cr.PAGAT, players=4, seed=1, actions=[], names=["Ann", "Bo", "Cy", "Bo"]
        )
    with pytest.raises(TypeError, match="metadata must hold JSON values only"):
        records.Recorder(state, metadata={"x": object()})
    with pytest.raises(TypeError, match="metadata must hold JSON values only"):
        records.Recorder(state, metadata={"x": float("nan")})
    recorder = records.Recorder(state, names=["Ann", "Bo", "Cy", "Di"], metadata={"x": [1]})
    file = io.StringIO()
    records.dump(recorder.record(), file)
    assert records.loads(file.getvalue()).names == ("Ann", "Bo", "Cy", "Di")


def test_a_long_action_text_is_quoted_short() -> None:
    with pytest.raises(cr.NotationError) as caught:
        cr.parse_action("x" * 10**6)
    assert len(str(caught.value)) < 300
    assert "(1,000,000 characters)" in str(caught.value)
    with pytest.raises(cr.NotationError) as caught:
        cr.parse_cards("7C " + "y" * 5000)
    assert len(str(caught.value)) < 300


def test_r2_a_state_with_thousands_of_extra_cards_is_refused_in_a_short_message() -> None:
    data = cr.to_dict(cr.new_game(seed=1))
    data["stock"] = data["stock"] + ["7C"] * 20_000
    with pytest.raises(cr.RecordError) as caught:
        cr.from_dict(data)
    assert len(str(caught.value)) < 500
    assert "more" in str(caught.value)


def test_a_list_of_cards_longer_than_the_deck_is_refused_before_it_is_read() -> None:
    data = cr.to_dict(cr.new_game(seed=1))
    # Not one of these is a card: read, the first would be refused for it.
    data["hands"][0] = ["not a card"] * 1_000_000
    with pytest.raises(cr.RecordError, match=r"hands\[0\]: 1,000,000 items, more than the 107"):
        cr.from_dict(data)


def test_a_group_holds_no_more_copies_of_a_card_than_the_deck() -> None:
    with pytest.raises(cr.InvalidMeldError, match="R2: 10,000 copies of 7C, but the pagat deck"):
        cr.meld(" ".join(["7C"] * 10_000))
    with pytest.raises(cr.InvalidMeldError, match="R2: 3 copies of 2C, but the deuces-wild"):
        cr.Group(cr.Rank.SEVEN, "7C 2C 2C 2C", variant=cr.DEUCES_WILD)
    assert len(cr.Group(cr.Rank.SEVEN, "7C JK JK JK JK")) == 5  # R10: jokers are not limited
    assert len(cr.meld("7C 7C 7D")) == 3  # two decks: two of each card


def test_a_record_built_by_hand_checks_the_types_of_its_fields() -> None:
    def record(**fields: object) -> records.GameRecord:
        return records.GameRecord(variant=cr.PAGAT, players=4, actions=[], **fields)  # type: ignore[arg-type]

    state = cr.new_game(seed=1)
    with pytest.raises(TypeError, match=r"^start must be a RoundState, got dict: read a state"):
        record(start=cr.to_dict(state))
    with pytest.raises(TypeError, match=r"^result must be a Result \(or None\), got dict$"):
        record(seed=1, result={"moves": 0})
    with pytest.raises(TypeError, match=r"^seed must be an int, got '1'$"):
        record(seed="1")
    with pytest.raises(TypeError, match=r"^deals\[0\] must be a Deal, got 1$"):
        record(seed=1, deals=[1])
    with pytest.raises(TypeError, match=r"^reshuffles must be a list of stocks, got '7S'$"):
        record(seed=1, reshuffles="7S")
    # A stock in notation is read as its cards, not split into characters.
    assert record(seed=1, reshuffles=["7S 8S"]).reshuffles == (cr.parse_cards("7S 8S"),)
    assert record(start=state).start is state
