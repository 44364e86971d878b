"""The examples of docs/testing.rst run on their own, each with only the imports it shows.

Sphinx runs every example of the documentation with the package already imported (see
``doctest_global_setup`` in docs/conf.py); a reader who copies one has nothing of the kind.
"""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

TESTING_PAGE = Path(__file__).resolve().parent.parent / "docs" / "testing.rst"
DIRECTIVE = re.compile(r"^\.\. doctest::")


def doctest_blocks(text: str) -> list[tuple[int, str]]:
    """Each ``.. doctest::`` block's first line number and its examples, dedented."""
    blocks: list[tuple[int, str]] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if not DIRECTIVE.match(lines[index]):
            index += 1
            continue
        start = index + 1
        index = start
        body: list[str] = []
        while index < len(lines) and (not lines[index] or lines[index].startswith("   ")):
            body.append(lines[index][3:])
            index += 1
        blocks.append((start + 1, "\n".join(body).strip("\n") + "\n"))
    return blocks


BLOCKS = doctest_blocks(TESTING_PAGE.read_text(encoding="utf-8"))


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize(("line", "source"), BLOCKS, ids=[f"line-{line}" for line, _ in BLOCKS])
def test_each_example_runs_alone(line: int, source: str) -> None:
    assert ".. testsetup" not in TESTING_PAGE.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(
        source, {"__name__": "testing_page"}, f"testing.rst:{line}", str(TESTING_PAGE), line
    )
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    report = io.StringIO()
    results = runner.run(test, out=report.write)
    assert results.attempted > 0
    assert results.failed == 0, report.getvalue()
