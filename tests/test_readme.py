"""The README's usage examples run and print what the README shows."""

from __future__ import annotations

import doctest
import io
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


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
