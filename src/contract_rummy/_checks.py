"""Small argument checks shared by the public constructors.

The package's int arguments go through here, so that they all refuse a bool (which Python
counts as an int) and word their refusals alike. An argument that array code passes, such
as an action id taken from ``np.argmax(mask)``, goes through :func:`as_int`, which also
takes NumPy's integers (any integer with ``__index__``) and gives a plain int.

>>> check_int("decks", 2, minimum=1)
2
>>> check_int("decks", True)
Traceback (most recent call last):
...
TypeError: decks must be an int, got True
>>> check_int("decks", 0, minimum=1)
Traceback (most recent call last):
...
ValueError: decks must be at least 1, got 0
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeGuard

__all__ = [
    "as_int",
    "at_least",
    "check_int",
    "check_names",
    "integer",
    "is_int",
    "repeated",
    "true_or_false",
]


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool (``True`` is not a card rank)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(
    name: str, value: object, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """``value`` itself if it is an int (not a bool) from ``minimum`` to ``maximum``.

    Args:
        name: The argument's name, for the messages.
        value: The value to check.
        minimum: The smallest value allowed; ``None`` for no bound.
        maximum: The largest value allowed; ``None`` for no bound.

    Raises:
        TypeError: if ``value`` is not an int, or is a bool.
        ValueError: if ``value`` is out of bounds; the message names ``name`` and the bounds.

    >>> check_int("target", 3, minimum=0, maximum=9)
    3
    >>> check_int("seed", -1, minimum=0)
    Traceback (most recent call last):
    ...
    ValueError: seed must not be negative, got -1
    >>> check_int("position", 4, minimum=0, maximum=3)
    Traceback (most recent call last):
    ...
    ValueError: position must be in 0..3, got 4
    >>> check_int("buys", 5, maximum=3)
    Traceback (most recent call last):
    ...
    ValueError: buys must be at most 3, got 5
    """
    if not is_int(value):
        raise TypeError(f"{name} must be an int, got {value!r}")
    below = minimum is not None and value < minimum
    above = maximum is not None and value > maximum
    if below or above:
        if minimum is not None and maximum is not None:
            bounds = f"be in {minimum}..{maximum}"
        elif minimum == 0:
            bounds = "not be negative"
        elif minimum is not None:
            bounds = f"be at least {minimum}"
        else:
            bounds = f"be at most {maximum}"
        raise ValueError(f"{name} must {bounds}, got {value}")
    return value


def as_int(
    name: str, value: object, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """``value`` as a plain int if it is an integer from ``minimum`` to ``maximum``.

    An integer is an int or any value with ``__index__``, such as NumPy's integers
    (``np.int64``, as ``np.argmax`` gives); not a bool (Python's or NumPy's), a float or a
    string. The arguments, the bounds and the refusals are :func:`check_int`'s (its
    ``TypeError`` for a value that is not an integer, or is a bool).

    >>> class Three:
    ...     def __index__(self) -> int:
    ...         return 3
    >>> as_int("target", Three(), minimum=0)
    3
    >>> as_int("target", 3.0)
    Traceback (most recent call last):
    ...
    TypeError: target must be an int, got 3.0
    >>> as_int("target", True)
    Traceback (most recent call last):
    ...
    TypeError: target must be an int, got True
    """
    if type(value) is int:  # most often, on paths that run at every step: nothing to do
        if minimum is None and maximum is None:
            return value
    else:
        # Not an integer: left as it is, for check_int to refuse it as it words any refusal.
        found = integer(value)
        if found is not None:
            value = found
    return check_int(name, value, minimum=minimum, maximum=maximum)


def integer(value: object) -> int | None:
    """``value`` as a plain int if it is an integer, else ``None``.

    An integer is an int or any value with ``__index__``, such as NumPy's integers; not a
    bool (Python's or NumPy's). For the value classes that word their own refusals.

    >>> class Seven:
    ...     def __index__(self) -> int:
    ...         return 7
    >>> integer(Seven()), integer(7.0), integer("7"), integer(True)
    (7, None, None, None)
    """
    if type(value) is int:
        return value
    if _is_bool(value):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type] # raises if it cannot
    except TypeError:
        return None


def _is_bool(value: object) -> bool:
    """Whether ``value`` is a bool: Python's, or NumPy's (read without importing NumPy).

    NumPy 1's bool has an ``__index__`` that only warns; NumPy 2's has none.
    """
    kind = type(value)
    return isinstance(value, bool) or (
        kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
    )


def check_names(value: Iterable[str] | None, players: int | None = None) -> tuple[str, ...] | None:
    """The players' names as a tuple: str, each its own, one per player (``players`` of them).

    ``None`` stays ``None`` (players called by number). A bare str is refused: it is not
    a list of names, whatever its letters.

    >>> check_names(["Ann", "Bo"], 2)
    ('Ann', 'Bo')
    >>> check_names(["Ann", "Ann"])
    Traceback (most recent call last):
    ...
    ValueError: names must differ: players 0 and 1 are both called 'Ann'
    >>> check_names(["Ann", "Bo"], 4)
    Traceback (most recent call last):
    ...
    ValueError: names must name each of the 4 players, got 2 names
    """
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(f"names must be a list of str, one per player, got {value!r}")
    names = tuple(value)
    if not all(isinstance(name, str) for name in names):
        raise TypeError(f"names must be a list of str, one per player, got {value!r}")
    twice = repeated(names)
    if twice is not None:
        one, other = twice
        raise ValueError(
            f"names must differ: players {one} and {other} are both called {names[one]!r}"
        )
    if players is not None and len(names) != players:
        raise ValueError(f"names must name each of the {players} players, got {len(names)} names")
    return names


def joined(words: Sequence[str]) -> str:
    """``words`` in a sentence, the last after "and": for messages and descriptions.

    >>> joined(["a"]), joined(["a", "b"]), joined(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def repeated(items: Sequence[Hashable]) -> tuple[int, int] | None:
    """The positions of the first item met twice in ``items`` (the earlier one first).

    ``None`` when every item differs.

    >>> repeated(["Ann", "Bo", "Cy", "Ann"]), repeated(["Ann", "Bo"])
    ((0, 3), None)
    """
    first: dict[Hashable, int] = {}
    for at, item in enumerate(items):
        seen = first.setdefault(item, at)
        if seen != at:
            return seen, at
    return None


def at_least(least: int) -> Callable[[object, Any, object], None]:
    """An attrs validator: an int (not a bool) of at least ``least``, named in its errors.

    >>> import attrs
    >>> @attrs.frozen
    ... class Caps:
    ...     buys: int = attrs.field(default=2, validator=at_least(0))
    >>> Caps(buys=-1)
    Traceback (most recent call last):
    ...
    ValueError: buys must not be negative, got -1
    """

    def check(_: object, attribute: Any, value: object) -> None:
        check_int(attribute.name, value, minimum=least)

    return check


def true_or_false(_: object, attribute: Any, value: object) -> None:
    """An attrs validator: ``True`` or ``False``, named in its error.

    >>> import attrs
    >>> @attrs.frozen
    ... class Options:
    ...     fast: bool = attrs.field(default=False, validator=true_or_false)
    >>> Options(fast="yes")
    Traceback (most recent call last):
    ...
    TypeError: fast must be True or False, got 'yes'
    """
    if type(value) is not bool:
        raise TypeError(f"{attribute.name} must be True or False, got {value!r}")
