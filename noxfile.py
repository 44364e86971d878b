"""Every check the project runs: ``nox`` runs them all, ``nox -s NAME`` one of them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs", "browser", "package"]
nox.options.error_on_missing_interpreters = True
# uv makes the environments and installs into them when it is there (``pip install
# 'nox[uv]'``, as README.md says), in a few seconds where pip takes a minute; else virtualenv
# and pip.
nox.options.default_venv_backend = "uv|virtualenv"
# The sessions run side by side, one per core, each printing its output when it ends (a
# board shows what runs, on a terminal): the tests take both cores while they can, and the
# type check, the docs and the package fill the time the others wait. ``nox -j 1`` runs
# them one after the other.
nox.options.parallel = os.cpu_count() or 1
nox.options.allow_parallel = True
# The sessions start many Python processes that import the same modules (the test
# processes, the programs the tests run, the docs build): let each keep the bytecode it
# compiles, which an environment setting PYTHONDONTWRITEBYTECODE would have every process
# compile again, at about a second of CPU time each with pytest and Hypothesis.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

PACKAGE = "contract_rummy"
#: The modules and packages that decide the rules: each must stay at 95% branch coverage or
#: more.
RULES_MODULES = (
    "cards.py",
    "melds.py",
    "contracts.py",
    "variants.py",
    "state/*",
    "actions.py",
    "events.py",
    "_hands.py",
    "_meetable.py",
    "godown/*",
    "engine/*",
)


#: State updates with a misspelled field, each of which mypy must refuse: the engine's
#: unchecked ``replace`` of a state and of a part, and a checked ``attrs.evolve`` naming a
#: part's field directly.
MISSPELLED_FIELDS = {
    "phse": "state.replace(phse=state.phase)",
    "discrad": "state.board.replace(discrad=state.discard)",
    "hand": "attrs.evolve(state, hand=state.hands)",
}
MISSPELLED_FIELD = "import attrs\nimport contract_rummy as cr\nstate = cr.new_game(seed=1)\n" + (
    "\n".join(MISSPELLED_FIELDS.values())
)


#: pytest's options for a run on every core: one process per core (pytest-xdist), a process
#: that runs out of tests taking some of the other's, so that neither waits at the end.
PARALLEL = ("-n", "auto", "--dist", "worksteal")


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite and the doctests of src/ on every core, with branch coverage.

    Two passes, one process per core (pytest-xdist). First the quick tests of the rules
    modules (marked ``rules`` by tests/conftest.py) under coverage, each process measuring
    the tests it runs (pytest-cov) and their data combined before the report: the rules
    modules must reach 95% on their own quick tests. Then every other test without
    coverage, which would triple their time: the tests marked ``slow`` (whole games,
    brute-force references, the frameworks' own conformance tests) and those of the layers
    above the rules. Options go to pytest after ``--``, for one pass without coverage:
    ``nox -s tests -- -k simulate``.
    """
    session.install("-e", ".[tests]")
    if session.posargs:
        session.run("pytest", *PARALLEL, *session.posargs)
        return
    session.run("coverage", "erase")
    session.run("pytest", *PARALLEL, "-m", "rules and not slow", "--cov", "--cov-report=")
    rules = ",".join(f"*/{PACKAGE}/{module}" for module in RULES_MODULES)
    session.run("coverage", "report", "--fail-under=95", f"--include={rules}")
    session.run("pytest", *PARALLEL, "-m", "slow or not rules")


@nox.session
def thorough(session: nox.Session) -> None:
    """Run the test suite with the long Hypothesis profile: many more examples, no coverage.

    Not among the default sessions, for long runs before a release: ``nox -s thorough``.
    Options go to pytest after ``--``.
    """
    session.install("-e", ".[tests]")
    session.run("pytest", *PARALLEL, *session.posargs, env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def typecheck(session: nox.Session) -> None:
    """Check the types of src/, tests/ and benchmarks/ with mypy --strict."""
    session.install("-e", ".[tests]", "mypy", "types-pexpect", "nox")
    session.run("mypy", "--strict", "src", "tests", "benchmarks", "noxfile.py")
    # The engine's state updates are typed: a misspelled field must fail the check.
    output = session.run(
        "mypy", "--strict", "-c", MISSPELLED_FIELD, success_codes=[1], silent=True
    )
    for name in MISSPELLED_FIELDS:
        if f'Unexpected keyword argument "{name}"' not in str(output):
            session.error(f"mypy did not catch the misspelled state field {name}:\n{output}")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check the formatting with ruff; check the layers with import-linter."""
    session.install("ruff", "import-linter", "-e", ".")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # No private name imported from outside its package (a rule ruff has in preview only;
    # tests may look inside what they test: pyproject.toml's per-file ignores).
    session.run("ruff", "check", "--preview", "--select", "PLC2701", ".")
    # The layers of pyproject.toml's [tool.importlinter]: nothing imports upward.
    session.run("lint-imports")


#: The Pyodide that runs the library in the playground (docs/playground): the one place its
#: version is written. Its npm package is fetched when the docs are built, never at run time.
PYODIDE_VERSION = "0.29.3"
#: The TypeScript whose checker reads the page's JSDoc types (the browser session).
TYPESCRIPT_VERSION = "5.9.3"
#: The files of Pyodide's npm package the page loads (its core: no package of its own).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Where the docs session puts the playground's runtime and wheels for Sphinx to copy
#: (docs/conf.py), and where it keeps the npm package between builds.
PLAYGROUND_ASSETS = Path("docs/_build/playground-assets")
PLAYGROUND_CACHE = Path("docs/_build/cache")
#: The built site the browser session serves, and where it keeps its screenshot.
SITE = Path("docs/_build/html")


def _pyodide(session: nox.Session, into: Path) -> None:
    """Copy Pyodide's core files from its npm package (fetched once into the cache)."""
    PLAYGROUND_CACHE.mkdir(parents=True, exist_ok=True)
    tarball = PLAYGROUND_CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        if shutil.which("npm") is None:
            session.error("the playground needs npm to fetch Pyodide (apt-get install npm)")
        session.run(
            "npm",
            "pack",
            f"pyodide@{PYODIDE_VERSION}",
            "--pack-destination",
            str(PLAYGROUND_CACHE),
            "--silent",
            external=True,
        )
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:  # pragma: no cover - a file of the package
                session.error(f"{tarball.name} has no {name}")
            (into / name).write_bytes(member.read())


def _playground_assets(session: nox.Session) -> None:
    """Put Pyodide, the library's wheel and attrs' wheel where docs/conf.py copies them from.

    The page installs the wheels itself (``pyodide.unpackArchive``): no network at run time.
    """
    shutil.rmtree(PLAYGROUND_ASSETS, ignore_errors=True)
    _pyodide(session, PLAYGROUND_ASSETS / "pyodide")
    wheels = PLAYGROUND_ASSETS / "wheels"
    session.run(
        "python", "-m", "build", "--wheel", "--installer", "uv", "--outdir", str(wheels), "."
    )
    attrs_version = session.run(
        "python", "-c", "import attrs; print(attrs.__version__)", silent=True
    )
    session.run(
        "python",
        "-m",
        "pip",
        "download",
        "--quiet",
        f"attrs=={str(attrs_version).strip()}",
        "--no-deps",
        "--only-binary=:all:",
        "--dest",
        str(wheels),
    )
    names = sorted(path.name for path in wheels.glob("*.whl"))
    if len(names) != 2:
        session.error(f"expected the library's wheel and attrs', got {names}")
    size = sum(path.stat().st_size for path in PLAYGROUND_ASSETS.rglob("*") if path.is_file())
    manifest = {"pyodide": PYODIDE_VERSION, "wheels": names, "bytes": size}
    (PLAYGROUND_ASSETS / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    session.log(f"playground: Pyodide {PYODIDE_VERSION} and {', '.join(names)}: {size:,} bytes")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation with warnings and broken references as errors.

    The pages' examples run in the ``tests`` session (tests/test_docs.py), each page in a
    fresh namespace as a reader copies it, hidden checks included. The playground
    (docs/playground) gets its runtime: Pyodide from its npm package (so the session needs
    npm), the library's wheel and attrs', all served from the built site.
    """
    session.install("-e", ".[docs]", "build[uv]", "pip")
    _playground_assets(session)
    session.run(
        "sphinx-build",
        "-W",
        "--keep-going",
        "-n",
        "-q",
        "docs",
        str(SITE),
        env={"PLAYGROUND_ASSETS": str(PLAYGROUND_ASSETS.resolve())},
    )


@nox.session(requires=["docs"])
def browser(session: nox.Session) -> None:
    """Play the built playground in headless Chromium, after the ``docs`` session.

    Serves docs/_build/html locally and drives Debian's ``chromium`` through Playwright for
    Python (never a browser download): tests/browser/test_playground.py. Needs
    ``/usr/bin/chromium`` (``apt-get install chromium``). Prints each decision's time to
    render its legal actions and the page's size, and keeps a screenshot in
    docs/_build/playground.png. First, TypeScript's checker (from npm) checks the page's script
    against its JSDoc types. Options go to pytest after ``--``.
    """
    if not (SITE / "playground" / "manifest.json").exists():
        session.error(f"build the docs first: {SITE}/playground has no runtime (nox -s docs)")
    # The page's script is checked against its JSDoc types by TypeScript's checker.
    checker = PLAYGROUND_CACHE / f"typescript-{TYPESCRIPT_VERSION}"
    tsc = checker / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        session.run(
            "npm",
            "install",
            "--silent",
            "--no-save",
            "--prefix",
            str(checker),
            f"typescript@{TYPESCRIPT_VERSION}",
            external=True,
        )
    session.run(
        str(tsc),
        "--noEmit",
        "--allowJs",
        "--checkJs",
        "--strict",
        "--target",
        "es2022",
        "--module",
        "es2022",
        "--lib",
        "es2022,dom",
        "docs/playground/playground.js",
        external=True,
    )
    session.install("-e", ".[tests]", "playwright")
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "-s",
        "tests/browser",
        *session.posargs,
        env={"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1", "PLAYGROUND_BROWSER": "1"},
    )


@nox.session
def bench(session: nox.Session) -> None:
    """Measure speed and memory: run the benchmarks and print their figures (never asserted).

    Options go after ``--``: ``nox -s bench -- --quick --only memory,scaling``. With the
    ``openspiel`` extra, for the ``targets`` section's OpenSpiel game.
    """
    session.install("-e", ".[openspiel]")
    session.run("python", "-m", "benchmarks", *session.posargs)


#: Files an sdist holds besides the ones pyproject.toml's include list names.
SDIST_EXTRAS = frozenset({"PKG-INFO", "pyproject.toml", "LICENSE", ".gitignore"})

#: The modules that need an extra beyond the core, each with its extra.
EXTRA_MODULES = {f"{PACKAGE}.openspiel": "openspiel", f"{PACKAGE}.pettingzoo": "pettingzoo"}

#: Run by the wheel's own Python: import every module of the installed package, from the
#: installed copy, and draw a value through the Hypothesis plugin the wheel registers. The
#: first argument lists the modules whose extras are not installed, as ``module=extra``
#: separated by commas: importing each, and each module of it if it is a package, must fail
#: and say how to install its extra. The modules are found without importing them, since
#: a package that needs an extra cannot be imported to look inside it.
IMPORT_EVERYTHING = """
import importlib, pkgutil, sys, warnings
import contract_rummy
from pathlib import Path

absent = dict(item.split("=") for item in sys.argv[1].split(",") if item)
expected = set(sys.argv[2:])
where = Path(contract_rummy.__file__).resolve()
if not where.is_relative_to(Path(sys.prefix).resolve()):
    sys.exit(f"contract_rummy was imported from {where}, not from the clean environment")

def modules(path, prefix):
    for module in pkgutil.iter_modules(path, prefix):
        yield module.name
        if module.ispkg:
            inside = Path(module.module_finder.path, module.name.rpartition(".")[2])
            yield from modules([str(inside)], module.name + ".")

def extra_of(name):
    for module, extra in absent.items():
        if name == module or name.startswith(module + "."):
            return extra
    return None

found = {"contract_rummy", *modules(contract_rummy.__path__, "contract_rummy.")}
if found != expected:
    sys.exit(f"modules found {sorted(found)}, but the wheel holds {sorted(expected)}")
for name in sorted(found - {"contract_rummy.__main__"}):
    extra = extra_of(name)
    if extra is not None:
        try:
            importlib.import_module(name)
        except ImportError as error:
            advice = f"pip install 'contract_rummy[{extra}]'"
            if advice not in str(error):
                sys.exit(f"importing {name} without its extra says {error!r}, not {advice}")
            print("not imported:", name, "without the", extra, "extra, as expected")
            continue
        sys.exit(f"{name} was imported without the {extra} extra it needs")
    importlib.import_module(name)
    print("imported", name)
print("not imported: contract_rummy.__main__, which ran the demo")

from hypothesis import strategies as st
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    penalties = st.from_type(contract_rummy.Penalties).example()
assert isinstance(penalties, contract_rummy.Penalties), penalties
print("st.from_type works through the installed Hypothesis plugin")
"""


def _tracked(paths: list[str]) -> set[str] | None:
    """The files git tracks under ``paths``; ``None`` outside a git checkout."""
    if not Path(".git").exists() or shutil.which("git") is None:
        return None
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--", *paths], capture_output=True, text=True, check=True
    )
    return {name for name in listing.stdout.split("\0") if name}


def _check_sdist(session: nox.Session, sdist: Path) -> None:
    """The sdist holds pyproject.toml's include list, every tracked file of it, and no more."""
    with tarfile.open(sdist) as archive:
        members = [member.name for member in archive.getmembers() if member.isfile()]
    top = sdist.name.removesuffix(".tar.gz") + "/"
    names = {name.removeprefix(top) for name in members}
    pyproject = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))
    include: list[str] = pyproject["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]

    def under(name: str, entry: str) -> bool:
        return name == entry or name.startswith(entry + "/")

    problems = [f"{name} is outside {top}" for name in members if not name.startswith(top)]
    problems += [
        f"{entry} is missing" for entry in include if not any(under(name, entry) for name in names)
    ]
    for name in sorted(names):
        if not any(under(name, entry) for entry in include) and name not in SDIST_EXTRAS:
            problems.append(f"{name} is not in the include list")
        if "__pycache__" in name or name.endswith(".pyc") or "/_build/" in name:
            problems.append(f"{name} is a build product")
    problems += [f"{name} is missing" for name in sorted(SDIST_EXTRAS - names)]
    tracked = _tracked(include)
    if tracked is not None:
        problems += [f"{name} is tracked by git but missing" for name in sorted(tracked - names)]
    if problems:
        session.error(f"{sdist.name}: " + "; ".join(problems))
    session.log(f"{sdist.name}: {len(names)} files, as the include list of pyproject.toml says")


def _check_wheel(session: nox.Session, wheel: Path) -> list[str]:
    """The wheel holds py.typed, every module of src/ and the plugin; returns the modules."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    if f"{PACKAGE}/py.typed" not in names:
        session.error(f"{wheel.name} lacks {PACKAGE}/py.typed: type checkers would ignore it")
    # Hypothesis's entry point, a module of its own so that Hypothesis does not import ours.
    if "_contract_rummy_hypothesis.py" not in names:
        session.error(f"{wheel.name} lacks _contract_rummy_hypothesis.py, Hypothesis's plugin")
    shipped = {name for name in names if name.startswith(f"{PACKAGE}/") and name.endswith(".py")}
    source = {path.relative_to("src").as_posix() for path in Path("src", PACKAGE).rglob("*.py")}
    if shipped != source:
        session.error(f"{wheel.name}: modules {sorted(shipped ^ source)} differ from src/")
    session.log(f"{wheel.name}: py.typed and the {len(source)} modules of src/")
    modules = []
    for name in sorted(shipped):
        parts = name.removesuffix(".py").split("/")
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


@nox.session
def package(session: nox.Session) -> None:
    """Build the sdist and the wheel, check them, and try the wheel in a clean environment.

    The wheel is installed (with the hypothesis extra) into a new virtual environment
    outside the checkout, which then runs the demo and imports every module but those that
    need another extra (whose import must fail, saying how to install it); once those
    extras are installed too, it imports every module.
    """
    session.install("build[uv]", "twine")
    with tempfile.TemporaryDirectory(prefix=f"{PACKAGE}-package-") as scratch:
        root = Path(scratch)
        dist = root / "dist"
        session.run("python", "-m", "build", "--installer", "uv", "--outdir", str(dist), ".")
        sdists, wheels = sorted(dist.glob("*.tar.gz")), sorted(dist.glob("*.whl"))
        if len(sdists) != 1 or len(wheels) != 1:
            session.error(f"expected one sdist and one wheel, built {sorted(dist.iterdir())}")
        session.run("twine", "check", "--strict", str(sdists[0]), str(wheels[0]))
        _check_sdist(session, sdists[0])
        modules = _check_wheel(session, wheels[0])

        venv = root / "venv"
        session.run("uv", "venv", "--quiet", "--python", "python", str(venv))
        scripts = venv / ("Scripts" if os.name == "nt" else "bin")
        python = str(scripts / "python")
        install = ["uv", "pip", "install", "--quiet", "--python", python]
        session.run(*install, f"{wheels[0]}[hypothesis]")
        with session.chdir(root):  # away from the checkout, whose src/ must play no part
            session.run(python, "-m", PACKAGE, "demo", "--seed", "1", "--quiet", external=True)
            session.run(str(scripts / "contract-rummy"), "--version", external=True)
            script = root / "import_everything.py"
            script.write_text(IMPORT_EVERYTHING, encoding="utf-8")
            absent = ",".join(f"{module}={extra}" for module, extra in EXTRA_MODULES.items())
            session.run(python, str(script), absent, *modules, external=True)
            extras = ",".join(["hypothesis", *sorted(set(EXTRA_MODULES.values()))])
            session.run(*install, f"{wheels[0]}[{extras}]")
            session.run(python, str(script), "", *modules, external=True)
