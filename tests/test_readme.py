"""The README's usage examples run and print what the README shows."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import contract_rummy as cr

README = Path(__file__).resolve().parent.parent / "README.md"

_NUMBERS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
)
_NUMBER = rf"\b({'|'.join(_NUMBERS)})"
#: The phrases that count the named rule sets, each with what it counts: all of them (0),
#: or those besides ``pagat`` (-1).
_RULE_SET_COUNTS = {
    rf"{_NUMBER}\s+named\s+rule\s+sets": 0,
    rf"holds\s+all\s+{_NUMBER}": 0,
    rf"pagat`+\s+and\s+(?:its\s+|the\s+)?{_NUMBER}\s+(?:others|neighbours|variants)": -1,
    rf"names\s+{_NUMBER}\s+neighbouring": -1,
    rf"{_NUMBER}\s+(?:[\w-]+\s+)?rule\s+sets\s+besides": -1,
}


def rule_set_counts(text: str) -> list[tuple[str, str, str]]:
    """The phrases of ``text`` that count the named rule sets.

    Each with the number it says and the number :data:`~contract_rummy.VARIANTS` says.
    """
    return [
        (match[0], match[1].lower(), _NUMBERS[len(cr.VARIANTS) + offset])
        for pattern, offset in _RULE_SET_COUNTS.items()
        for match in re.finditer(pattern, text, flags=re.IGNORECASE)
    ]


def pycon_lines(text: str) -> str:
    """The lines of the README's pycon code blocks, other lines blanked.

    Blanking rather than dropping the rest keeps the README's line numbers in failure
    reports, and the blank lines end each example's expected output at its block's end.
    """
    kept: list[str] = []
    inside = False
    for line in text.splitlines():
        fence = line.strip()
        if not inside and fence == "```pycon":
            inside = True
            kept.append("")
        elif inside and fence == "```":
            inside = False
            kept.append("")
        else:
            kept.append(line if inside else "")
    return "\n".join(kept) + "\n"


def test_readme_examples_pass() -> None:
    source = pycon_lines(README.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(
        source, {"__name__": "README"}, README.name, str(README), 0
    )
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    report = io.StringIO()
    results = runner.run(test, out=report.write)
    assert results.attempted > 0, "README.md has no >>> examples in ```pycon blocks"
    assert results.failed == 0, report.getvalue()


def test_rule_set_counts_reads_the_numbers() -> None:
    text = "twelve named rule sets: `pagat` and eleven others; VARIANTS holds all ten"
    assert [(number, true) for _, number, true in rule_set_counts(text)] == [
        ("twelve", "twelve"),
        ("ten", "twelve"),
        ("eleven", "eleven"),
    ]


def test_readme_counts_the_named_rule_sets_as_variants_holds_them() -> None:
    counts = rule_set_counts(README.read_text(encoding="utf-8"))
    assert len(counts) >= 3
    assert [number for _, number, _ in counts] == [true for _, _, true in counts], counts
