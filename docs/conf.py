"""Sphinx configuration for the contract_rummy documentation."""

from __future__ import annotations

import doctest
import enum
import importlib
import inspect
import os
import pkgutil
import re
import shutil
from importlib.metadata import metadata
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

import attrs
from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.inspect import signature as inspect_signature
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import stringify_annotation

_metadata = metadata("contract_rummy")

# -- Project information -------------------------------------------------------------------

project = _metadata["Name"]
author = "The contract_rummy developers"
copyright = f"2026, {author}"
release = _metadata["Version"]
version = ".".join(release.split(".")[:2])

# -- General configuration -----------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build"]

# -- Autodoc and napoleon ------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
autodoc_default_options = {"show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- Doctest --------------------------------------------------------------------------------

# As in the test suite's doctests; error messages are checked too, since they cite the rules.
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# The examples of each page run as a reader copies them, with only the imports they show:
# no global set-up, and no hidden example that defines a name a shown one uses
# (tests/test_docs.py runs each page's shown examples in a fresh namespace). The
# docstrings' examples, which use their modules' names, run in their modules under pytest
# (``--doctest-modules``), not here.
doctest_test_doctest_blocks = ""

# -- Cross-references ------------------------------------------------------------------------

# The docs are built offline, so there is nothing to link the standard library and attrs
# to; references to them render as plain text. Everything of the package's own must resolve.
_BUILTINS = (
    "None|int|str|bool|bytes|float|object|type|tuple|list|dict|set|frozenset|"
    "ValueError|TypeError|IndexError|KeyError"
)
nitpick_ignore_regex = [
    (r"py:.*", rf"(builtins\.)?({_BUILTINS})"),
    (r"py:.*", r"(typing|typing_extensions|collections\.abc|enum|types|secrets)\..+"),
    (r"py:.*", r"(concurrent\.futures|multiprocessing)(\..+)?"),
    (r"py:.*", r"(attrs|attr|hypothesis)\..+"),
    # The frameworks of the optional adapters (the openspiel and pettingzoo extras).
    (r"py:.*", r"(pyspiel|open_spiel|pettingzoo|gymnasium|numpy|np|npt)(\..+)?"),
    # Type variables, such as the ``T`` of ``Sequence[T]``, and parameter specifications.
    (r"py:.*", r"contract_rummy(\.\w+)*\.[A-Z]"),
    (r"py:.*", r"~?[A-Z]"),
]

# -- HTML output -----------------------------------------------------------------------------

html_theme = "furo"
html_title = f"{project} {release}"
html_static_path: list[str] = []


# -- Project-specific hooks ------------------------------------------------------------------

PACKAGE = "contract_rummy"


def _no_inline_type(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Keep napoleon from reading an attribute's summary line as its type.

    Napoleon takes ``Text: more text`` on the first line of an attribute's or a property's
    docstring for ``type: description``. The package's docstrings never give a type there
    (type hints do), and many summaries contain a colon, so an empty comment goes first.
    """
    if what in {"attribute", "data", "property"} and lines:
        lines[:0] = ["..", ""]


def _annotations(env: BuildEnvironment) -> dict[str, dict[str, str]]:
    """The type hints autodoc has recorded for the current document, by object name."""
    document: Any = getattr(env, "current_document", None)
    found: dict[str, dict[str, str]]
    if document is not None:  # Sphinx 8.2 and later
        found = document.autodoc_annotations
    else:
        found = cast("dict[str, dict[str, str]]", env.temp_data.setdefault("annotations", {}))
    return found


def _constructor(cls: type) -> Any:
    """The ``__new__`` or ``__init__`` that Python takes a class's signature from."""
    for klass in cls.__mro__[:-1]:
        for name in ("__new__", "__init__"):
            if name in vars(klass):
                return getattr(cls, name)
    return None


def _default_text(value: object, module: str) -> str:
    """How a default value reads in a signature: by its public name when it has one."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    package = importlib.import_module(PACKAGE)
    for namespace in (package, importlib.import_module(module)):
        for name, candidate in vars(namespace).items():
            if candidate is value and not name.startswith("_") and name.isupper():
                return name
    return repr(value)


def _attrs_defaults(cls: type, signature: str) -> str:
    """Show the defaults of an attrs-generated ``__init__`` by name or value.

    With ``autodoc_preserve_defaults``, they read as the expressions attrs writes in the code
    it generates, such as ``attr_dict['variant'].default``.
    """
    if not attrs.has(cls):
        return signature
    fields = attrs.fields_dict(cls)

    def default(match: re.Match[str]) -> str:
        return _default_text(fields[match[1]].default, cls.__module__)

    return re.sub(r"attr_dict\['(\w+)'\]\.default", default, signature)


def _documented_attributes(cls: type) -> set[str]:
    """The names in the ``Attributes:`` section of a class's docstring.

    A parameter that is also a documented attribute (``Variant(jokers=...)`` and
    ``Variant.jokers``) is described once, as the attribute, with its type.
    """
    lines = (inspect.getdoc(cls) or "").splitlines()
    names: set[str] = set()
    inside = False
    for line in lines:
        if line.strip() and not line.startswith(" "):
            inside = line.strip() == "Attributes:"
        elif inside and (match := re.match(r" {4}(\w+)\s*(\(.*\))?:", line)):
            names.add(match[1])
    return names


def _class_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Describe a class's parameters with its constructor's types, and no return type.

    Autodoc gives a class's parameters the types of the class's attributes of the same
    name (``Group.cards`` is a tuple of cards, while ``Group(rank, cards)`` also takes
    notation), and lists ``__new__``'s return type as if the class were a function. The
    attribute's type stays where the constructor only says ``object`` (a converter takes
    anything and checks it). Defaults of attrs classes are shown by name or value.
    """
    if what not in {"class", "exception"} or not isinstance(obj, type):
        return None
    annotations = _annotations(app.env).get(name, {})
    annotations.pop("return", None)
    constructor = _constructor(obj)
    try:
        parameters = inspect_signature(constructor, bound_method=True).parameters
    except (TypeError, ValueError):
        parameters = MappingProxyType({})
    for parameter in parameters.values():
        if parameter.annotation not in {parameter.empty, object}:
            annotations[parameter.name] = stringify_annotation(parameter.annotation, "smart")
    for attribute in _documented_attributes(obj):
        annotations.pop(attribute, None)
    if signature is None:
        return None
    return _attrs_defaults(obj, signature), return_annotation


def _resolve_reexported(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.TextElement
) -> nodes.reference | None:
    """Resolve a package name written as users import it, such as ``PAGAT`` or ``cr.Card``.

    Each object is documented once, under the module that defines it
    (``contract_rummy.variants.PAGAT``); a reference by its short or top-level name, from
    any page, links there when exactly one of the package's objects has that name.
    """
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"])
    for prefix in (f"{PACKAGE}.", "cr."):
        target = target.removeprefix(prefix)
    depth = target.count(".") + 2
    objects: Any = getattr(env.get_domain("py"), "objects", {})
    matches = [
        full
        for full in objects
        if full.startswith(f"{PACKAGE}.")
        and full.endswith(f".{target}")
        and full.count(".") == depth
    ]
    if len(matches) != 1:
        return None
    entry = objects[matches[0]]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0]
    )


def _public_bases(app: Sphinx, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Show a class's public bases: a private base (the fields of a state) by its own bases.

    :class:`~contract_rummy.RoundState` and :class:`~contract_rummy.PlayerView` extend a
    private attrs class that holds their fields; the reader sees what that class extends.
    """
    public: list[type] = []
    pending = list(bases)
    while pending:
        base = pending.pop(0)
        if base.__name__.startswith("_"):
            pending[:0] = list(base.__bases__)
        elif base is not object or not public:
            public.append(base)
    bases[:] = public


def _gather_reexported_comments(app: Sphinx) -> None:
    """Give each package the doc comments of the data it re-exports from its own modules.

    Autodoc documents a module's data by the ``#:`` comments of the module it documents; a
    package that gathers its names from modules of one idea each (``encoding/_ids.py``)
    has the comments, and the annotations, in those modules. They are copied into the
    package's analysis (which autodoc reads, made once and kept) for each name of its
    ``__all__`` that one of its private modules defines.
    """
    top = importlib.import_module(PACKAGE)
    found = pkgutil.walk_packages(top.__path__, f"{PACKAGE}.")
    for package_name in [PACKAGE, *(info.name for info in found if info.ispkg)]:
        package = importlib.import_module(package_name)
        names = getattr(package, "__all__", ())
        target = ModuleAnalyzer.for_module(package_name)
        target.analyze()
        for info in pkgutil.iter_modules(package.__path__, f"{package_name}."):
            short = info.name.rpartition(".")[2]
            if not short.startswith("_") or short.startswith("__"):
                continue
            module = importlib.import_module(info.name)
            source = ModuleAnalyzer.for_module(info.name)
            source.analyze()
            for name in names:
                key = ("", name)
                if key in target.attr_docs or key not in source.attr_docs:
                    continue
                if getattr(module, name, None) is not getattr(package, name):
                    continue
                target.attr_docs[key] = source.attr_docs[key]
                if key in source.annotations:
                    target.annotations[key] = source.annotations[key]
                if name in source.finals:
                    target.finals.append(name)


# -- The playground --------------------------------------------------------------------------

#: The playground's own files (docs/playground), copied beside its page in the built site.
_PLAYGROUND = Path(__file__).parent / "playground"
_PLAYGROUND_FILES = ("playground.html", "playground.js", "playground.css")


def _copy_playground(app: Sphinx, exception: Exception | None) -> None:
    """Copy the playground's page, and its runtime when it was prepared, into the site.

    ``nox -s docs`` prepares the runtime (Pyodide, the library's wheel and attrs') and
    names its folder in ``PLAYGROUND_ASSETS``; a plain ``sphinx-build`` without it copies
    the page only, which then says that its runtime is missing.
    """
    if exception is not None or app.builder.format != "html":
        return
    into = Path(app.outdir) / "playground"
    into.mkdir(parents=True, exist_ok=True)
    for name in _PLAYGROUND_FILES:
        shutil.copyfile(_PLAYGROUND / name, into / name)
    assets = os.environ.get("PLAYGROUND_ASSETS")
    if assets:
        shutil.copytree(assets, into, dirs_exist_ok=True)


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the hooks above; napoleon's docstring processing runs at priority 500."""
    app.connect("builder-inited", _gather_reexported_comments)
    app.connect("autodoc-process-docstring", _no_inline_type, priority=400)
    app.connect("autodoc-process-bases", _public_bases)
    # After autodoc has recorded the type hints (at the default priority, 500).
    app.connect("autodoc-process-signature", _class_signature, priority=600)
    app.connect("missing-reference", _resolve_reexported)
    app.connect("build-finished", _copy_playground)
    return {"parallel_read_safe": True}
