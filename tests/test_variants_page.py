"""The table of docs/variants.rst says what the presets of VARIANTS are: it cannot drift."""

from __future__ import annotations

from pathlib import Path

import contract_rummy as cr
from test_readme import rule_set_counts

PAGE = Path(__file__).resolve().parent.parent / "docs" / "variants.rst"

#: The table's columns, after the name.
HEADER = [
    "Name",
    "Players (R1)",
    "Deck (R2)",
    "Wild cards (R2, R30)",
    "Cards dealt (R5)",
    "At once (R24)",
    "Aces (R8)",
    "First melds (R14, R33)",
    "Buying (R18, R21)",
    "Penalties (R25)",
    "Ties (R28, R34)",
    "Cut (R32)",
    "Shanghai call (R31)",
]

_RANK_WORDS = {
    cr.Rank.ACE: "aces",
    cr.Rank.JACK: "jacks",
    cr.Rank.QUEEN: "queens",
    cr.Rank.KING: "kings",
}


def _spans(values: list[int]) -> str:
    """``10 in 1-3, 12 in 4-7``: each value with the rounds it holds for."""
    parts: list[str] = []
    start = 1
    for number in range(1, len(values) + 1):
        if number == len(values) or values[number] != values[start - 1]:
            rounds = str(start) if start == number else f"{start}-{number}"
            parts.append(f"{values[start - 1]} in {rounds}")
            start = number + 1
    return ", ".join(parts)


def _deck(variant: cr.Variant) -> str:
    decks = variant.decks
    if isinstance(variant.jokers, cr.JokerRule):
        text = f"{decks} decks + players - 1 jokers"
    else:
        text = f"{decks} decks + {variant.jokers} jokers"
    if variant.extra_deck_from is not None:
        more, jokers = variant.deck_counts(variant.extra_deck_from)
        text += f"; {more} + {jokers} from {variant.extra_deck_from} players"
    return text


def _wild(variant: cr.Variant) -> str:
    has_jokers = any(
        variant.deck_counts(players).jokers
        for players in range(variant.min_players, variant.max_players + 1)
    )
    words = ["jokers"] if has_jokers else []
    words += [_RANK_WORDS.get(rank, f"{int(rank)}s") for rank in sorted(variant.wild_ranks)]
    return ", ".join(words) or "none"


def _penalties(variant: cr.Variant) -> str:
    table = variant.penalties
    if table == cr.PAGAT_PENALTIES:
        text = "pagat"
    elif table == cr.PROGRESSIVE_PENALTIES:
        text = "progressive"
    elif table.ranks == cr.PAGAT_PENALTIES.ranks:
        text = f"pagat, joker {table.joker}"
    else:
        text = "custom"
    if variant.wild_ranks and variant.wilds_score_as_jokers:
        text += f"; wild {_wild(variant).split(', ')[-1]} {table.joker}"
    return text


def cells(variant: cr.Variant) -> list[str]:
    """What the table says of ``variant``, column by column."""
    rounds = range(1, variant.rounds + 1)
    players = (
        str(variant.min_players)
        if variant.min_players == variant.max_players
        else f"{variant.min_players}-{variant.max_players}"
    )
    buying = "no"
    if variant.buying:
        buying = "no cap" if variant.max_buys is None else f"{variant.max_buys} a round"
    return [
        f"``{variant.name}``",
        players,
        _deck(variant),
        _wild(variant),
        _spans([variant.cards_dealt(n) for n in rounds]),
        ", ".join(str(n) for n in rounds if variant.at_once(n)) or "none",
        variant.aces.value,
        "exact" if variant.exact_first_meld else "longer allowed",
        buying,
        _penalties(variant),
        variant.tie_break.value,
        str(variant.cut_bonus) if variant.cut_bonus else "no",
        "yes" if variant.shanghai_call else "no",
    ]


def table_rows(text: str) -> list[list[str]]:
    """The rows of the page's first list-table, each a list of its cells."""
    start = text.index(".. list-table::")
    rows: list[list[str]] = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("   * - "):
            rows.append([line.removeprefix("   * - ")])
        elif line.startswith("     - "):
            rows[-1].append(line.removeprefix("     - "))
        elif line.startswith("   :") or not line.strip():
            if rows and not line.strip():
                break
        else:
            raise AssertionError(f"a cell must fit on one line: {line!r}")
    return rows


def test_the_variants_page_table_matches_variants() -> None:
    rows = table_rows(PAGE.read_text(encoding="utf-8"))
    assert rows[0] == HEADER
    assert rows[1:] == [cells(variant) for variant in cr.VARIANTS.values()]


def test_cells_describe_what_they_say() -> None:
    assert _spans([10, 10, 10, 12, 12, 12, 12]) == "10 in 1-3, 12 in 4-7"
    assert _spans([7, 10, 10]) == "7 in 1, 10 in 2-3"
    assert cells(cr.PROGRESSIVE)[2] == "2 decks + 4 jokers; 3 + 6 from 7 players"
    assert cells(cr.CALIFORNIA)[3] == "queens"
    assert cells(cr.DEUCES_WILD)[3] == "jokers, 2s"


def test_the_page_and_the_presets_count_the_named_rule_sets_as_variants_holds_them() -> None:
    for path in (PAGE, Path(cr.presets.__file__)):
        counts = rule_set_counts(path.read_text(encoding="utf-8"))
        assert len(counts) >= 2, path.name
        assert [number for _, number, _ in counts] == [true for _, _, true in counts], counts
