"""Reading JSON values field by field, each checked, with the path of each in its errors.

The package's own toolkit, shared by :mod:`~contract_rummy.codec`,
:mod:`~contract_rummy.history` and :mod:`~contract_rummy.records`: every reader takes the
value and its path (such as ``table[2].meld.cards[1]``) and raises
:class:`~contract_rummy.RecordError` naming the path; :func:`read_document` reads a whole
document and checks its type and version.

>>> read_int(3, "moves"), list_of(read_card)(["7C", "JK"], "hand")
(3, (Card.parse('7C'), JOKER))
>>> read_int("3", "moves")
Traceback (most recent call last):
...
contract_rummy.errors.RecordError: moves: expected an integer, got '3'
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from os import PathLike
from typing import IO, Any, TypeVar

import attrs

from contract_rummy._checks import is_int
from contract_rummy.cards import Card
from contract_rummy.errors import MAX_QUOTED, NotationError, RecordError

__all__ = [
    "Fields",
    "at",
    "build",
    "check_file",
    "list_of",
    "optional",
    "read_bool",
    "read_card",
    "read_document",
    "read_enum",
    "read_file",
    "read_int",
    "read_str",
    "shown",
]

T = TypeVar("T")


def check_file(fp: object, does: str, mode: str = "", otherwise: str = "") -> None:
    """Refuse a path (or a whole text) given for an open file, saying what to pass.

    ``does`` says what the function does with the file (``"dump writes to"``), ``mode``
    the ``open`` mode to show (``", 'w'"``), ``otherwise`` another way.

    >>> check_file("game.json", "load reads")
    Traceback (most recent call last):
    ...
    TypeError: load reads an open file, not a path: open('game.json') first
    """
    if isinstance(fp, str | bytes | PathLike):
        raise TypeError(f"{does} an open file, not a path: open({fp!r}{mode}) first{otherwise}")


def read_file(fp: IO[str] | IO[bytes]) -> str | bytes:
    """The text of an open file holding one JSON document, for a ``load`` to read.

    Raises:
        RecordError: for a file that is not text in its encoding.
        TypeError: for a path rather than an open file.
    """
    check_file(fp, "load reads", otherwise=", or read the text and pass it to loads")
    try:
        return fp.read()
    except UnicodeDecodeError as error:
        raise RecordError(f"not a JSON document: {error}") from None


def shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, cut short past :data:`MAX_QUOTED`."""
    text = repr(value)
    if len(text) <= MAX_QUOTED:
        return text
    return f"{text[:MAX_QUOTED]}... ({len(text):,} characters)"


def at(path: str, key: str | int) -> str:
    """The path of ``key`` inside the value at ``path``: ``a.b`` or ``a[3]``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Fields:
    """The fields of one dict, read one by one and each checked, then checked all used.

    Only a ``typed`` dict, one whose ``"type"`` names its kind (checked by the caller), may
    hold a ``"type"``.
    """

    def __init__(
        self, data: Any, path: str, known: tuple[str, ...], *, typed: bool = False
    ) -> None:
        if not isinstance(data, Mapping):
            shown = type(data).__name__
            raise RecordError(f"{path or 'the value'}: expected a JSON object, got {shown}")
        self.data = data
        self.path = path
        unknown = set(data) - {*known, *(("type",) if typed else ())}
        if unknown:
            raise RecordError(f"{at(path, sorted(unknown)[0])}: not a field of this value")

    def get(self, key: str, read: Callable[[Any, str], T], default: Any = attrs.NOTHING) -> T:
        path = at(self.path, key)
        if key not in self.data:
            if default is attrs.NOTHING:
                raise RecordError(f"{path}: missing")
            return default  # type: ignore[no-any-return]
        return read(self.data[key], path)


def read_int(value: Any, path: str) -> int:
    """An integer (not a bool)."""
    if not is_int(value):
        raise RecordError(f"{path}: expected an integer, got {shown(value)}")
    return int(value)


def read_bool(value: Any, path: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise RecordError(f"{path}: expected true or false, got {shown(value)}")
    return value


def read_str(value: Any, path: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise RecordError(f"{path}: expected a string, got {shown(value)}")
    return value


def optional(read: Callable[[Any, str], T]) -> Callable[[Any, str], T | None]:
    """``read``, or ``None`` for a JSON ``null``."""
    return lambda value, path: None if value is None else read(value, path)


def list_of(
    read: Callable[[Any, str], T], most: int | None = None, what: str = "items"
) -> Callable[[Any, str], tuple[T, ...]]:
    """A list, each item read by ``read``: a tuple.

    ``most`` bounds its length: a longer list is refused at once, before any item is read,
    saying how many ``what`` it may hold.

    >>> list_of(read_int, most=2, what="players")([1, 2, 3], "winners")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.RecordError: winners: 3 items, more than the 2 players there are
    """

    def read_list(value: Any, path: str) -> tuple[T, ...]:
        if not isinstance(value, list | tuple):
            raise RecordError(f"{path}: expected a list, got {shown(value)}")
        if most is not None and len(value) > most:
            raise RecordError(
                f"{path}: {len(value):,} items, more than the {most} {what} there are"
            )
        return tuple(read(item, at(path, index)) for index, item in enumerate(value))

    return read_list


def read_card(value: Any, path: str) -> Card:
    """A card in notation, such as ``"7C"``."""
    if not isinstance(value, str):
        raise RecordError(f"{path}: expected a card such as '7C', got {shown(value)}")
    try:
        return Card.parse(value)
    except NotationError as error:
        raise RecordError(f"{path}: {error}") from None


def read_enum(kind: type[enum.Enum]) -> Callable[[Any, str], Any]:
    """A member of ``kind``, by its value."""

    def read(value: Any, path: str) -> Any:
        for member in kind:
            if member.value == value:
                return member
        expected = ", ".join(repr(member.value) for member in kind)
        raise RecordError(f"{path}: expected one of {expected}, got {shown(value)}")

    return read


def build(path: str, make: Callable[[], T]) -> T:
    """Call a validating constructor, turning its refusal into a RecordError at ``path``."""
    try:
        return make()
    except RecordError:
        raise
    except (ValueError, TypeError) as error:
        raise RecordError(f"{path}: {error}" if path else str(error)) from error


def read_document(text: str | bytes, kind: str, version: int, what: str) -> dict[str, Any]:
    """The JSON object a document holds, its ``"type"`` and ``"version"`` checked.

    ``text`` must hold a JSON object whose ``"type"`` is ``kind`` and whose ``"version"``
    is ``version``; it is returned without its version. ``what`` names such documents in
    messages. NaN and the infinities, which Python's json reads but JSON does not have, are
    refused; a byte order mark before the document is skipped.

    Raises:
        TypeError: if ``text`` is neither a str nor bytes.
        RecordError: if ``text`` is not JSON, not an object of type ``kind``, or of
            another version.

    >>> read_document('{"type": "History", "version": 1, "player": 2}', "History", 1, "histories")
    {'type': 'History', 'player': 2}
    >>> read_document('{"type": "History", "version": 2}', "History", 1, "histories")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.RecordError: version: this library reads histories of version 1, got 2
    """
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"loads reads a JSON document as a str or bytes, got {text!r}")
    # The byte order mark some editors start a UTF-8 file with is no part of the document.
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")
    else:
        text = text.removeprefix(b"\xef\xbb\xbf")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not a JSON document: {error}") from None
    if not isinstance(data, dict) or data.get("type") != kind:
        raise RecordError(f'expected a JSON object with "type": "{kind}"')
    found = data.get("version")
    if not is_int(found) or found != version:
        raise RecordError(
            f"version: this library reads {what} of version {version}, got {found!r}"
        )
    return {key: value for key, value in data.items() if key != "version"}


def _no_constant(name: str) -> Any:
    """Refuse NaN and the infinities, which Python's json reads but JSON does not have."""
    raise ValueError(f"{name} is not a JSON value")
