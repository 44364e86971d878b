"""Rich's console, where rich is installed (the ``cli`` extra): imported only when used."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["console"]


def console(*, stderr: bool) -> Console | None:
    """A rich console on the standard output (or error); ``None`` without rich."""
    try:
        from rich.console import Console  # noqa: PLC0415 - rich is optional
    except ImportError:
        return None
    return Console(stderr=stderr, highlight=False)
