"""The index of the rules' tests: ``tests/rules/`` holds one file per rule tested by name.

A test named ``test_rN_...`` tests rule RN; one named for two rules (``test_r16_r17_...``)
belongs to the first. Every rule so tested has exactly one file in ``tests/rules/``, named
with its number zero-padded: ``test_r07_...`` for R7 alone, ``test_r18_r22_...`` for R18 to
R22. The rule's tests in ``tests/rules/`` are all in that file, and the file's docstring
names, after "Also tested:", every module outside ``tests/rules/`` with a test of its rules,
so that the file is the way in to all of them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent
RULES = TESTS / "rules"

#: Rules tested by name only in modules outside tests/rules/, which have no file there.
RULES_TESTED_ELSEWHERE = frozenset(
    {
        33,  # longer first melds (may-i): tests/test_presets.py
        34,  # the tie-break by the last round (progressive): tests/test_presets.py
    }
)

TEST_OF_A_RULE = re.compile(r"^\s*def test_r(\d+)_", re.MULTILINE)
RULE_FILE = re.compile(r"test_r(\d{2})(?:_r(\d{2}))?_\w+\.py")


def rules_tested(path: Path) -> set[int]:
    """The rules with a test named for them in the module at ``path``."""
    return {int(rule) for rule in TEST_OF_A_RULE.findall(path.read_text(encoding="utf-8"))}


def rule_files() -> dict[int, Path]:
    """The file of each rule in tests/rules/."""
    files: dict[int, Path] = {}
    for path in sorted(RULES.glob("*.py")):
        match = RULE_FILE.fullmatch(path.name)
        assert match, f"{path.name}: a rule file is named test_rNN_... or test_rNN_rMM_..."
        first, last = int(match[1]), int(match[2] or match[1])
        assert first <= last, f"{path.name}: R{first} comes after R{last}"
        for rule in range(first, last + 1):
            assert rule not in files, f"R{rule} has two files: {files[rule].name}, {path.name}"
            files[rule] = path
    return files


def modules_outside() -> list[Path]:
    """The test modules outside tests/rules/."""
    return [path for path in sorted(TESTS.rglob("test_*.py")) if RULES not in path.parents]


def test_every_rule_tested_by_name_has_a_file_in_tests_rules() -> None:
    files = rule_files()
    named = set().union(*(rules_tested(path) for path in TESTS.rglob("test_*.py")))
    homeless = sorted(named - files.keys() - RULES_TESTED_ELSEWHERE)
    assert not homeless, (
        f"no file in tests/rules/ for {', '.join(f'R{rule}' for rule in homeless)}: add "
        "test_rNN_<subject>.py there, or list the rule in RULES_TESTED_ELSEWHERE"
    )
    assert not RULES_TESTED_ELSEWHERE & files.keys(), "a rule tested elsewhere has a file"


def test_each_rules_tests_in_tests_rules_are_in_its_file() -> None:
    files = rule_files()
    for path in sorted(set(files.values())):
        strays = sorted(rule for rule in rules_tested(path) if files.get(rule) != path)
        assert not strays, f"{path.name} holds tests of {strays}, which belong in their files"


def test_each_rule_file_names_the_other_modules_that_test_its_rules() -> None:
    files = rule_files()
    outside = {path: rules_tested(path) for path in modules_outside()}
    for path in sorted(set(files.values())):
        rules = {rule for rule, file in files.items() if file == path}
        expected = {
            other.relative_to(TESTS.parent).as_posix()
            for other, tested in outside.items()
            if tested & rules
        }
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        assert docstring is not None, f"{path.name} has no docstring"
        assert "Also tested:" in docstring, f"{path.name}'s docstring has no 'Also tested:'"
        also = docstring.split("Also tested:", 1)[1]
        named = set(re.findall(r"tests/[\w/]+\.py", also))
        assert named == expected, (
            f"{path.name} names {sorted(named)} after 'Also tested:', "
            f"but the modules with tests of its rules are {sorted(expected)}"
        )
