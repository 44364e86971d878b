"""The house's layers: no module reaches into another's private names.

A module may use another module's public names only, but for the modules of one package
(such as :mod:`contract_rummy.godown`), which share their private names; a private module
(``_hands``) may be imported by modules of its own package and of the packages inside it,
never from outside (``engine._round`` is the engine's alone). Import-linter's contracts
(``pyproject.toml``) check which layer may import which; this checks the names.
"""

from __future__ import annotations

import ast
from pathlib import Path

import contract_rummy

SOURCE = Path(contract_rummy.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_of(path: Path) -> str:
    module = _module_name(path)
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def reaches_in(path: Path) -> list[str]:
    """The imports of the module at ``path`` that reach into another module's private parts."""
    return reaches_in_text(path.read_text(encoding="utf-8"), _package_of(path))


def reaches_in_text(source: str, package: str) -> list[str]:
    """The imports of ``source``, a module of ``package``, that reach into private parts."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
            continue
        target = node.module
        if not target.startswith("contract_rummy"):
            continue
        parts = target.split(".")
        for index, part in enumerate(parts):
            # A private module belongs to the package that holds it, and to the packages
            # inside that one.
            owner = ".".join(parts[:index])
            if _private(part) and not (package == owner or package.startswith(owner + ".")):
                found.append(f"line {node.lineno}: from {target} import ...")
                break
        for alias in node.names:
            if not _private(alias.name):
                continue
            imported = f"{target}.{alias.name}"
            # Within a package its modules share their private names (the package's own
            # business); a package's private module may be imported by name from it too.
            if target == package or (
                target.startswith(package + ".") and package != "contract_rummy"
            ):
                continue
            if package == target or package.startswith(target + "."):
                continue
            found.append(f"line {node.lineno}: from {target} import {alias.name} ({imported})")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    problems = {
        _module_name(path): found
        for path in sorted(SOURCE.rglob("*.py"))
        if (found := reaches_in(path))
    }
    assert problems == {}


def test_the_check_sees_a_module_reaching_in(tmp_path: Path) -> None:
    module = SOURCE / "views.py"  # a top-level module: its package is contract_rummy itself
    lines = [
        "from contract_rummy.cards import _ALL",  # a private name of another module
        "from contract_rummy.engine._round import end_round",  # another package's module
        "from contract_rummy._hands import add",  # the top package's own private module
        "from contract_rummy.state import RoundState",
    ]
    copy = tmp_path / "views.py"
    copy.write_text("\n".join(lines), encoding="utf-8")
    found = reaches_in_text(copy.read_text(encoding="utf-8"), _package_of(module))
    assert [line.split(":")[0] for line in found] == ["line 1", "line 2"]
