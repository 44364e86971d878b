"""The documentation's examples run as a reader copies them, with only the imports they show.

Each page's examples run in order in a fresh namespace, with no global set-up. The hidden
ones (``:hide:``, checks a reader need not see) run in their place on a copy of it, so that
no shown example relies on a hidden one. The examples of docs/testing.rst also run each on
their own. This is the documentation's doctest run: ``nox -s docs`` only builds the pages.
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


def hidden(source: str) -> bool:
    """Whether a ``.. doctest::`` block has the ``:hide:`` option: a reader does not see it."""
    return ":hide:" in source.partition("\n\n")[0].split()


def shown_blocks(text: str) -> list[tuple[int, str]]:
    """The ``.. doctest::`` blocks a reader sees: those without the ``:hide:`` option."""
    return [(line, source) for line, source in doctest_blocks(text) if not hidden(source)]


BLOCKS = doctest_blocks(TESTING_PAGE.read_text(encoding="utf-8"))
DOCS = TESTING_PAGE.parent
#: The pages with examples, by name.
EXAMPLE_PAGES = sorted(
    path.name for path in DOCS.glob("*.rst") if doctest_blocks(path.read_text(encoding="utf-8"))
)
#: The pages whose examples play many games: seconds rather than milliseconds.
SLOW_PAGES = {"playing.rst", "simulating.rst", "bots.rst", "frameworks.rst"}


def test_shown_blocks_leave_out_the_hidden_ones() -> None:
    text = ".. doctest::\n   :hide:\n\n   >>> 1\n   1\n\n.. doctest::\n\n   >>> 2\n   2\n"
    assert [source for _, source in doctest_blocks(text)] == [":hide:\n\n>>> 1\n1\n", ">>> 2\n2\n"]
    assert shown_blocks(text) == [(8, ">>> 2\n2\n")]


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[pytest.mark.slow] if name in SLOW_PAGES else [])
        for name in EXAMPLE_PAGES
    ],
)
def test_each_pages_examples_run_in_a_fresh_namespace(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # where the pages that save files write them
    page = DOCS / name
    blocks = doctest_blocks(page.read_text(encoding="utf-8"))
    first = doctest.DocTestParser().get_examples(shown_blocks(page.read_text("utf-8"))[0][1])
    assert first[0].source.startswith(("import ", "from ")), f"{name}: imports come first"
    namespace: dict[str, object] = {"__name__": page.stem}
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    report = io.StringIO()
    behind: dict[str, object] = {}  # what the hidden blocks made, for the hidden ones only
    for line, source in blocks:
        # A hidden block sees what every block before it made; a shown one, only what the
        # shown ones made.
        globs = {**behind, **namespace} if hidden(source) else namespace
        test = doctest.DocTestParser().get_doctest(
            source, globs, f"{name}:{line}", str(page), line
        )
        runner.run(test, out=report.write, clear_globs=False)
        if hidden(source):
            behind = test.globs
        else:
            namespace = test.globs
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0, report.getvalue()


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
