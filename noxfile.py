"""Every check the project runs: ``nox`` runs them all, ``nox -s NAME`` one of them."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.error_on_missing_interpreters = True

PACKAGE = "contract_rummy"
#: The modules and packages that decide the rules: each must stay at 95% branch coverage or
#: more.
RULES_MODULES = (
    "cards.py",
    "melds.py",
    "contracts.py",
    "variants.py",
    "state.py",
    "actions.py",
    "events.py",
    "_hands.py",
    "godown/*",
    "engine/*",
)


#: A state update with a misspelled field (``hand`` for ``hands``), which mypy must refuse.
MISSPELLED_FIELD = """
import contract_rummy as cr
state = cr.new_game(seed=1)
state._replace(hand=state.hands)
"""


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite and the doctests of src/, with branch coverage."""
    session.install("-e", ".[tests]")
    session.run("coverage", "run", "-m", "pytest", *session.posargs)
    session.run("coverage", "report")
    rules = ",".join(f"*/{PACKAGE}/{module}" for module in RULES_MODULES)
    session.run("coverage", "report", "--fail-under=95", f"--include={rules}")


@nox.session
def typecheck(session: nox.Session) -> None:
    """Check the types of src/, tests/ and benchmarks/ with mypy --strict."""
    session.install("-e", ".[tests]", "mypy", "nox")
    session.run("mypy", "--strict", "src", "tests", "benchmarks", "noxfile.py")
    # The engine's state updates are typed: a misspelled field must fail the check.
    output = session.run(
        "mypy", "--strict", "-c", MISSPELLED_FIELD, success_codes=[1], silent=True
    )
    if 'Unexpected keyword argument "hand"' not in str(output):
        session.error(f"mypy did not catch a misspelled state field:\n{output}")


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
    """Measure speed: run the benchmarks and print their figures (never asserted)."""
    session.install("-e", ".")
    session.run("python", "-m", "benchmarks", *session.posargs)
