"""The examples of docs/records.rst, each run alone in a fresh Python process, in order.

A reader saves a game in one process and loads it in another: the page's examples share
nothing but the files they write, in one working directory.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from test_docs import doctest_blocks

PAGE = Path(__file__).resolve().parent.parent / "docs" / "records.rst"
BLOCKS = doctest_blocks(PAGE.read_text(encoding="utf-8"))

_RUNNER = textwrap.dedent(
    """
    import doctest, sys
    source = sys.stdin.read()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {"__name__": "records_page"}, "page", None, 0)
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    results = runner.run(test)
    sys.exit(1 if results.failed or not results.attempted else 0)
    """
)


@pytest.mark.slow
def test_every_example_runs_alone_in_its_own_process(tmp_path: Path) -> None:
    assert len(BLOCKS) >= 10
    for line, source in BLOCKS:
        result = subprocess.run(
            [sys.executable, "-c", _RUNNER],
            input=source,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )
        assert result.returncode == 0, f"records.rst:{line}\n{result.stdout}{result.stderr}"
    assert (tmp_path / "game.json").exists()  # written by one process, read by the next
