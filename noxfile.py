"""Every check the project runs: ``nox`` runs them all, ``nox -s NAME`` one of them."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.error_on_missing_interpreters = True

PACKAGE = "contract_rummy"
#: The modules that decide the rules: each must stay at 95% branch coverage or more.
RULES_MODULES = ("cards", "melds", "contracts", "variants", "godown", "engine", "state", "actions")


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite and the doctests of src/, with branch coverage."""
    session.install("-e", ".[tests]")
    session.run("coverage", "run", "-m", "pytest", *session.posargs)
    session.run("coverage", "report")
    rules = ",".join(f"*/{PACKAGE}/{module}.py" for module in RULES_MODULES)
    session.run("coverage", "report", "--fail-under=95", f"--include={rules}")


@nox.session
def typecheck(session: nox.Session) -> None:
    """Check the types of src/, tests/ and benchmarks/ with mypy --strict."""
    session.install("-e", ".[tests]", "mypy", "nox")
    session.run("mypy", "--strict", "src", "tests", "benchmarks", "noxfile.py")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check the formatting with ruff."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation with warnings as errors, then run its examples."""
    session.install("-e", ".[docs]")
    common = ["-W", "--keep-going", "-n", "-q"]
    session.run("sphinx-build", *common, "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", *common, "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session
def bench(session: nox.Session) -> None:
    """Measure speed and memory: run the benchmarks and print their figures (never asserted).

    Options go after ``--``: ``nox -s bench -- --quick --only memory,scaling``.
    """
    session.install("-e", ".")
    session.run("python", "-m", "benchmarks", *session.posargs)
