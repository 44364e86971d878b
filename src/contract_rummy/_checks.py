"""Small argument checks shared by the public constructors."""

from __future__ import annotations


def is_int(value: object) -> bool:
    """Whether ``value`` is an int and not a bool (``True`` is not a card rank)."""
    return isinstance(value, int) and not isinstance(value, bool)
