"""How the values of a game are built: checked from outside, fast inside the engine.

Every value a state is made of is a frozen attrs class whose fields are written once, in
its class. Built by hand (or with :func:`attrs.evolve`) such a value is checked; the
engine, which makes a new state at every action, builds without the checks through
functions made from the class's own attrs fields, never from a list written out again:

- :func:`builder` gives a function that builds a whole value from its fields, typed as
  the class's own ``__init__`` (or ``__attrs_init__``), so the type checker refuses a
  misspelled or mistyped field;
- :func:`replaceable` gives a class a fast ``replace`` method (this value with some fields
  changed), whose body is made from the fields and whose signature, written in the class
  for the type checker, is checked against them when the class is made;
- :func:`updater` makes, of a signature written for the type checker, a function that
  changes the same few fields at every call: faster than ``replace``, which tests every
  field for :data:`KEEP`, for the engine's most frequent updates.

All fill the slots of a writable twin of the class, then give it the class's type (the
twin is a subclass that adds no slot): a frozen class can only be filled through
``object.__setattr__``, field by field, which costs several times as much. The class must
be slotted, as attrs classes are by default.

A state is made of parts (:class:`~contract_rummy.state.RoundFacts`,
:class:`~contract_rummy.state.Board`, ...): a state or a player's view built by hand may
name the fields of its parts directly, as in ``attrs.evolve(state, active=2,
hands=...)``. :func:`assemble` sorts such fields into their parts.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any, Concatenate, Final, ParamSpec, TypeVar, cast

import attrs

__all__ = ["FLAT", "KEEP", "assemble", "builder", "flat_fields", "replaceable", "updater"]

T = TypeVar("T")
P = ParamSpec("P")
F = TypeVar("F", bound=Callable[..., Any])

#: Stands for "unchanged" in a ``replace`` method, and for "not given" in a constructor.
KEEP: Final[Any] = type("Keep", (), {"__repr__": lambda self: "KEEP", "__slots__": ()})()

#: The metadata of a field whose value is a part of the state whose own fields may be named
#: directly when the state is built by hand (its fields are "flat").
FLAT: Final[Mapping[str, bool]] = {"flat": True}


@functools.cache
def _draft(cls: type) -> type:
    """A writable twin of the slotted attrs class ``cls``: a subclass that is not frozen.

    It adds no slot, so a twin's value may take ``cls`` as its class; it sets attributes
    and initializes as :class:`object` does, so that filling a slot is one plain store
    and making a value runs no ``__init__``. Being a subclass, it is laid out as ``cls``
    is, and Python changes a value's class between the two without comparing their slots.
    Made once per class: its builder, ``replace`` and updaters share it.
    """
    draft = type(
        f"_{cls.__name__}Draft",
        (cls,),
        {
            "__slots__": (),
            "__init__": object.__init__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        },
    )
    probe: Any = draft()
    try:
        probe.__class__ = cls
    except TypeError:  # a layout Python will not swap: not a plain slotted class
        raise TypeError(f"{cls.__name__} cannot be built through a twin of its slots") from None
    return draft


def _extra_slots(cls: type) -> tuple[str, ...]:
    """The slots of ``cls`` that hold no field (attrs' cached hash): empty in a new value."""
    skip = {field.name for field in attrs.fields(cls)} | {"__weakref__"}
    slots = (slot for kind in cls.__mro__ for slot in kind.__dict__.get("__slots__", ()))
    return tuple(slot for slot in slots if slot not in skip)


def _compile(name: str, source: str, cls: type, **names: object) -> Callable[..., Any]:
    """The function ``name`` defined by ``source``, which fills a value of ``cls``."""
    namespace: dict[str, Any] = {"KEEP": KEEP, "Draft": _draft(cls), "Class": cls}
    namespace.update(names)
    exec(source, namespace)
    made: Callable[..., Any] = namespace[name]
    return made


def _fill(names: tuple[str, ...], values: tuple[str, ...], cls: type) -> str:
    """The body of a function that fills each field of a new ``cls`` with its value."""
    lines = ["    value = Draft()"]
    lines += [f"    value.{name} = {value}" for name, value in zip(names, values, strict=True)]
    lines += [f"    value.{slot} = None" for slot in _extra_slots(cls)]
    lines += ["    value.__class__ = Class", "    return value"]
    return "\n".join(lines) + "\n"


_BUILDERS: dict[type, Callable[..., Any]] = {}


def builder(cls: type[T], init: Callable[Concatenate[T, P], None]) -> Callable[P, T]:
    """A function that builds a ``cls`` from its fields without any check.

    ``init`` is ``cls.__init__`` (or ``cls.__attrs_init__``, when the class writes its own
    ``__init__``): only its signature is used, so the builder takes exactly the fields, in
    order, by position or by name, and type checking holds its callers to them. Made once
    per class.

    >>> import attrs
    >>> @attrs.frozen(weakref_slot=False)
    ... class Pair:
    ...     left: int
    ...     right: int = 0
    >>> from contract_rummy.state import builder
    >>> make = builder(Pair, Pair.__init__)
    >>> make(1, right=2)
    Pair(left=1, right=2)
    >>> make("not checked")
    Pair(left='not checked', right=0)
    """
    made = _BUILDERS.get(cls)
    if made is None:
        fields = attrs.fields(cast(Any, cls))
        names = tuple(field.name for field in fields)
        defaults = {
            f"default_{f.name}": f.default for f in fields if f.default is not attrs.NOTHING
        }
        params = ", ".join(
            f"{name}=default_{name}" if f"default_{name}" in defaults else name for name in names
        )
        source = f"def build({params}):\n" + _fill(names, names, cls)
        made = _BUILDERS[cls] = _compile("build", source, cls, **defaults)
        made.__doc__ = f"A {cls.__name__} built from its fields, unchecked."
    typed: Callable[P, T] = made
    return typed


def replaceable(cls: type[T]) -> type[T]:
    """Give the attrs class ``cls`` a fast ``replace`` made from its own fields.

    The class writes a ``replace`` method whose parameters are its fields, each defaulting
    to :data:`KEEP`, for the type checker and the documentation; its body is made here from
    the class's fields. The two must name the same fields in the same order, or the class
    is refused when it is made, so the signature cannot drift from the fields.

    >>> import attrs
    >>> from contract_rummy.state import KEEP, replaceable
    >>> @replaceable
    ... @attrs.frozen(weakref_slot=False)
    ... class Pair:
    ...     left: int
    ...     right: int
    ...     def replace(self, left: int = KEEP, right: int = KEEP) -> "Pair":
    ...         '''This pair with the given fields changed.'''
    ...         raise NotImplementedError
    >>> Pair(1, 2).replace(right=5)
    Pair(left=1, right=5)
    """
    names = tuple(field.name for field in attrs.fields(cls))  # type: ignore[arg-type]
    written: Callable[..., Any] = cls.__dict__["replace"]
    parameters = tuple(inspect.signature(written).parameters)[1:]
    if parameters != names:
        raise TypeError(
            f"{cls.__name__}.replace must take the fields {names} in order, got {parameters}"
        )
    params = ", ".join(f"{name}=KEEP" for name in names)
    values = tuple(f"self.{name} if {name} is KEEP else {name}" for name in names)
    source = f"def replace(self, {params}):\n" + _fill(names, values, cls)
    made = _compile("replace", source, cls)
    made.__doc__ = written.__doc__
    made.__qualname__ = written.__qualname__
    made.__annotations__ = written.__annotations__
    setattr(cls, "replace", made)  # noqa: B010 - the class is frozen only for its instances
    return cls


def updater(cls: type) -> Callable[[F], F]:
    """Make the decorated function a fast update of a ``cls``: the same fields each call.

    The function is written as a signature for the type checker and the documentation:
    the value first, then, keyword-only, the fields it changes, in the class's order. Its
    body is made here: the new value takes those fields from the arguments and every other
    field from the value, with no test of :data:`KEEP` (which ``replace`` makes for every
    field). A parameter that names no field, or fields out of order, are refused when the
    function is made.

    >>> import attrs
    >>> from contract_rummy.state import updater
    >>> @attrs.frozen
    ... class Pair:
    ...     left: int
    ...     right: int
    >>> @updater(Pair)
    ... def moved(pair: Pair, *, right: int) -> Pair:
    ...     "The pair with its right changed."
    ...     raise NotImplementedError
    >>> moved(Pair(1, 2), right=5)
    Pair(left=1, right=5)
    """
    names = tuple(field.name for field in attrs.fields(cls))

    def make(written: F) -> F:
        value, *rest = inspect.signature(written).parameters.values()
        changed = tuple(parameter.name for parameter in rest)
        if tuple(name for name in names if name in changed) != changed or any(
            parameter.kind is not inspect.Parameter.KEYWORD_ONLY for parameter in rest
        ):
            raise TypeError(
                f"{written.__qualname__} must take, keyword-only, fields of {cls.__name__} "
                f"in the order {names}, got {changed}"
            )
        values = tuple(name if name in changed else f"{value.name}.{name}" for name in names)
        source = f"def update({value.name}, *, {', '.join(changed)}):\n"
        made = _compile("update", source + _fill(names, values, cls), cls)
        for attribute in ("__doc__", "__name__", "__qualname__", "__module__", "__annotations__"):
            setattr(made, attribute, getattr(written, attribute))
        updated: F = cast(F, made)  # the written signature, the body made here
        return updated

    return make


def flat_fields(cls: type) -> dict[str, str]:
    """The fields of ``cls``'s flat parts (see :data:`FLAT`), each with its part's name."""
    found: dict[str, str] = {}
    attrs.resolve_types(cls)
    for field in attrs.fields(cls):
        if field.metadata.get("flat"):
            part = field.type
            assert isinstance(part, type), field
            for inner in attrs.fields(part):
                found[inner.name] = field.name
    return found


def assemble(cls: type, given: Mapping[str, Any], made_by: str = "") -> dict[str, Any]:
    """The fields of ``cls`` from ``given``, which may name its flat parts' fields directly.

    A part given whole keeps its value, with any of its fields also given replaced (a
    checked copy, :func:`attrs.evolve`); a part not given is built from its fields.
    ``made_by`` says where such a value usually comes from, for the message of what is
    missing.

    Raises:
        TypeError: for a name that is no field of ``cls`` nor of its parts, for a field
            given twice, or for fields missing: every field without a default that is
            given neither whole nor, for a part, field by field, named in one message.
    """
    flat = _flat(cls)
    by_part: dict[str, dict[str, Any]] = {}
    own: dict[str, Any] = {}
    for name, value in given.items():
        part = flat.get(name)
        if part is not None:
            by_part.setdefault(part, {})[name] = value
        elif name in _names(cls):
            own[name] = value
        else:
            raise TypeError(
                f"{cls.__name__} has no field {name!r}; its fields are "
                f"{', '.join(sorted((*_names(cls), *flat)))}"
            )
    missing = _missing(cls, own, by_part)
    if missing:
        where = f"; {made_by}" if made_by else ""
        raise TypeError(f"{cls.__name__} is missing {', '.join(missing)}{where}")
    for field in attrs.fields(cls):
        if not field.metadata.get("flat"):
            continue
        changes = by_part.get(field.name)
        if field.name in own:
            if changes:
                own[field.name] = attrs.evolve(own[field.name], **changes)
        else:
            kind: Callable[..., Any] = field.type
            try:
                own[field.name] = kind(**(changes or {}))
            except TypeError as error:
                raise TypeError(f"{cls.__name__}: {error}") from None
    return own


def _missing(
    cls: type, own: Mapping[str, Any], by_part: Mapping[str, Mapping[str, Any]]
) -> list[str]:
    """What ``cls`` needs that is given neither whole nor field by field, in field order.

    A part given by none of its fields reads ``"facts (or variant, round_number,
    dealer)"``; a part given some of its fields, the fields it still needs.
    """
    missing: list[str] = []
    for field in attrs.fields(cls):
        if field.name in own or field.default is not attrs.NOTHING:
            continue
        if not field.metadata.get("flat"):
            missing.append(field.name)
            continue
        changes = by_part.get(field.name, {})
        needed = [
            inner.name
            for inner in attrs.fields(field.type)
            if inner.default is attrs.NOTHING and inner.name not in changes
        ]
        if changes:
            missing.extend(needed)
        elif needed:
            missing.append(f"{field.name} (or {', '.join(needed)})")
    return missing


_FLAT: dict[type, dict[str, str]] = {}


def _flat(cls: type) -> dict[str, str]:
    found = _FLAT.get(cls)
    if found is None:
        found = _FLAT[cls] = flat_fields(cls)
    return found


def _names(cls: type) -> frozenset[str]:
    return frozenset(field.name for field in attrs.fields(cls))
