"""Values as JSON-safe dicts, and back: :func:`to_dict` and :func:`from_dict`.

Every value a game is made of has a readable JSON form: states, player views, variants,
actions and melds. Cards are written in their notation (``"7C"``, ``"JK"``), enums by their
value (``"draw"``), and each dict names its ``"type"``; the outermost one also carries the
schema's ``"version"`` (:data:`SCHEMA_VERSION`). A variant of RULES.md's table is written as
its name; any other as every one of its knobs.

>>> import json
>>> import contract_rummy as cr
>>> data = cr.to_dict(cr.LayOff(cr.JOKER, 3, cr.End.HIGH))
>>> data
{'type': 'LayOff', 'version': 1, 'card': 'JK', 'target': 3, 'end': 'high'}
>>> state = cr.new_game(seed=1)
>>> cr.from_dict(json.loads(json.dumps(cr.to_dict(state)))) == state
True

Loading checks everything, since the input may come from anywhere: the JSON types, every
card, every meld against R7-R10, and the whole state's consistency (the deck present exactly
once, R2; a phase that agrees with who acts; ...). Anything wrong raises
:class:`~contract_rummy.RecordError`, a :class:`ValueError`, saying where and what:

>>> data = cr.to_dict(state)
>>> data["hands"][0][0] = "7X"
>>> cr.from_dict(data)
Traceback (most recent call last):
...
contract_rummy.errors.RecordError: hands[0][0]: '7X' is not a card: expected a rank ...

Nothing is ever evaluated or unpickled: the input is plain data read field by field.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from types import UnionType
from typing import Any, Final, TypeVar, get_args, get_origin, overload

import attrs

from contract_rummy._checks import is_int
from contract_rummy._json import (
    Fields,
    at,
    build,
    list_of,
    optional,
    read_bool,
    read_card,
    read_enum,
    read_int,
    read_str,
    shown,
)
from contract_rummy.actions import (
    CHANCE_ACTIONS,
    Action,
    Buy,
    ChanceAction,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from contract_rummy.cards import Card, Rank, Suit
from contract_rummy.contracts import Contract
from contract_rummy.engine import STEPS, check_chance_point
from contract_rummy.errors import RecordError
from contract_rummy.events import (
    Bought,
    BoughtUnseen,
    Dealt,
    Drew,
    DrewUnseen,
    GameEnded,
    Reshuffled,
    RoundEnded,
    SeenEvent,
    TookDiscard,
    WildFreed,
)
from contract_rummy.melds import End, Group, Meld, Run
from contract_rummy.presets import VARIANTS
from contract_rummy.shuffler import SEEDED, SYSTEM, Shuffler
from contract_rummy.state import BuyWindow, ChancePoint, RoundState, TableMeld, Turn
from contract_rummy.variants import (
    PAGAT,
    AceRule,
    JokerRule,
    JokerSwap,
    Penalties,
    TieBreak,
    Variant,
)
from contract_rummy.views import PlayerView

__all__ = [
    "SCHEMA_VERSION",
    "from_dict",
    "read_state",
    "read_variant",
    "rules_fingerprint",
    "to_dict",
    "write_variant",
]

#: The version of the dict and record schema this library writes and reads.
SCHEMA_VERSION: Final = 1

_ACTIONS: Final[dict[str, type[Action]]] = {
    kind.__name__: kind
    for kind in (
        DrawStock,
        TakeDiscard,
        Buy,
        Pass,
        GoDown,
        LayOff,
        SwapJoker,
        Discard,
        NextRound,
    )
}
#: The events (what :func:`~contract_rummy.step` reports) and their censored forms
#: (:func:`~contract_rummy.censor`), by name: each is written as its fields.
_EVENTS: Final[dict[str, type[SeenEvent]]] = {
    kind.__name__: kind
    for kind in (
        Drew,
        TookDiscard,
        Bought,
        Reshuffled,
        WildFreed,
        RoundEnded,
        GameEnded,
        Dealt,
        DrewUnseen,
        BoughtUnseen,
    )
}
#: Chance's outcomes, played at a chance point (``new_game(auto_chance=False)``).
_OUTCOMES: Final[dict[str, type[ChanceAction]]] = {kind.__name__: kind for kind in CHANCE_ACTIONS}
_SHUFFLERS: Final[dict[str, Shuffler]] = {"seeded": SEEDED, "system": SYSTEM, "steps": STEPS}
_RANKS: Final = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}
_SUITS: Final = {suit.letter: suit for suit in Suit}

T = TypeVar("T")


# == writing ==================================================================================


def to_dict(value: RoundState | Variant | Action | Group | Run | Any) -> dict[str, Any]:
    """The JSON-safe dict of a state, player view, variant, action, meld or event.

    Events include what a player may see of one (:func:`~contract_rummy.censor`), such as
    :class:`~contract_rummy.DrewUnseen`: what a server sends each player of a step.

    Chance's outcomes (:class:`~contract_rummy.DealCard`, ...) are actions here too.

    A state at a chance point (phase CHANCE, a game dealt step by step) holds what chance
    is to deal, :class:`~contract_rummy.ChancePoint`, under ``"pending"``: its ``"kind"``,
    the cards ``"remaining"`` and ``"placed"`` so far, the ``"bound"``, the ``"action"``
    waiting (an action's dict, or ``None``), what chance ``"drawn"`` before (an order as a
    list of cards, a number as an int), and the ``"phase"`` and ``"to_act"`` the action
    waits in (R4, R5, R27, R32). Any other state's dict has no ``"pending"``. A player's
    view at a chance point shows nothing of it.

    The dict holds only strings, ints, bools, ``None``, lists and dicts, so
    ``json.dumps`` writes it as it is; :func:`from_dict` reads it back to an equal value.

    Raises:
        TypeError: if ``value`` is none of those.
        ValueError: if a state's shuffler is none of :data:`~contract_rummy.SEEDED`,
            :data:`~contract_rummy.SYSTEM` and :data:`~contract_rummy.shuffler.STEPS` (a
            shuffler of your own has no JSON form).

    >>> import contract_rummy as cr
    >>> cr.to_dict(cr.meld("7C 7D JK"))
    {'type': 'Group', 'version': 1, 'rank': '7', 'cards': ['7C', '7D', 'JK']}
    >>> half = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(1))
    >>> half = cr.apply(half, cr.DealCard("7S"))
    >>> pending = cr.to_dict(half)["pending"]
    >>> pending["kind"], pending["placed"], len(pending["remaining"]), pending["drawn"]
    ('deal', ['7S'], 106, [1])
    >>> cr.from_dict(cr.to_dict(half)) == half
    True
    """
    return {"type": _type_name(value), "version": SCHEMA_VERSION, **_fields(value)}


def _type_name(value: object) -> str:
    if isinstance(value, RoundState | PlayerView | Variant | Group | Run):
        return type(value).__name__
    if (
        type(value) in _ACTIONS.values()
        or type(value) in _OUTCOMES.values()
        or type(value) in _EVENTS.values()
    ):
        return type(value).__name__
    raise TypeError(
        f"to_dict takes a RoundState, PlayerView, Variant, action, meld or event, got {value!r}"
    )


def _fields(value: object) -> dict[str, Any]:
    """The fields of ``value``, written (without its type and version)."""
    if isinstance(value, Variant):
        return _variant_fields(value)
    if isinstance(value, Group):
        return {"rank": value.rank.symbol, "cards": _cards(value.cards)}
    if isinstance(value, Run):
        return {"suit": value.suit.letter, "low": value.low, "cards": _cards(value.cards)}
    return _attrs_fields(value)


def _attrs_fields(value: Any, name: str | None = None) -> dict[str, Any]:
    """Each attrs field of ``value``, written; errors name ``name`` or the field.

    The fields of a part marked flat (:data:`~contract_rummy.state.FLAT`, as a state's
    :class:`~contract_rummy.state.Board`) are written in its place, each under its own
    name: a state's dict has ``"hands"`` and ``"discard"``, not ``"hidden"`` and
    ``"board"``.
    """
    written: dict[str, Any] = {}
    for field in attrs.fields(type(value)):
        got = getattr(value, field.name)
        if field.metadata.get("omit_default") and got == _default(field, value):
            continue  # a field added later: the dict stays as it was without it
        if field.metadata.get("flat"):
            written.update(_attrs_fields(got, name))
        else:
            written[field.name] = _write(got, name or field.name)
    return written


def _default(field: attrs.Attribute[Any], value: object) -> object:
    """``field``'s default for ``value``: a factory's made (with ``value`` if it takes it)."""
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type] # a class at run time
        factory: Any = default
        return factory.factory(value) if factory.takes_self else factory.factory()
    return default


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _write(value: object, name: str) -> Any:
    """One field's value, written."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Variant):
        return write_variant(value)
    if isinstance(value, Group | Run):
        return {"type": type(value).__name__, **_fields(value)}
    if isinstance(value, TableMeld | Turn | BuyWindow | ChancePoint):
        return _attrs_fields(value, name)
    if isinstance(value, tuple):
        return [_write(item, name) for item in value]
    if type(value) in _ACTIONS.values():  # the action a chance point waits for
        return {"type": type(value).__name__, **_attrs_fields(value, name)}
    if isinstance(value, Shuffler):
        for key, known in _SHUFFLERS.items():
            if value == known:
                return key
        raise ValueError(
            f"{name}: only the SEEDED, SYSTEM and STEPS shufflers can be written, got {value!r}"
        )
    raise TypeError(f"{name}: cannot write {value!r}")  # pragma: no cover - every field is above


def write_variant(variant: Variant) -> str | dict[str, Any]:
    """A variant as JSON: a named preset as its name; any other as every one of its knobs.

    >>> import contract_rummy as cr
    >>> from contract_rummy.codec import write_variant
    >>> write_variant(cr.PAGAT)
    'pagat'
    """
    if VARIANTS.get(variant.name) == variant:
        return variant.name
    return {"type": "Variant", **_variant_fields(variant)}


@functools.lru_cache(maxsize=64)  # bounded: a program may make variants without end
def rules_fingerprint(variant: Variant) -> str | None:
    """What tells rules apart that share a name: ``None`` for a preset played as it is.

    For any other variant, 16 hexadecimal digits of a SHA-256 hash of its name and of
    every knob that differs from :class:`~contract_rummy.Variant`'s default, as
    :func:`write_variant` writes them: equal rules give the same fingerprint, in any
    program and any release that keeps those defaults; rules that differ in any knob give
    another (two of them alike by chance is as unlikely as a 64-bit collision). A
    :class:`~contract_rummy.GameResult` keeps it, so that :func:`~contract_rummy.summarize`
    never sums up games of other rules kept under a preset's name.

    >>> import attrs
    >>> import contract_rummy as cr
    >>> from contract_rummy.codec import rules_fingerprint
    >>> rules_fingerprint(cr.PAGAT) is None
    True
    >>> no_buying = attrs.evolve(cr.PAGAT, max_buys=0)
    >>> no_buying.name, rules_fingerprint(no_buying)
    ('pagat', '8a0fe989a45dc11a')
    >>> rules_fingerprint(attrs.evolve(cr.PAGAT, max_buys=1)) == rules_fingerprint(no_buying)
    False
    """
    if VARIANTS.get(variant.name) == variant:
        return None
    default = _variant_fields(_DEFAULT_VARIANT)
    knobs = {
        name: value
        for name, value in _variant_fields(variant).items()
        if name == "name" or value != default[name]
    }
    text = json.dumps(knobs, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: The variant of every knob's default, which :func:`rules_fingerprint` leaves out.
_DEFAULT_VARIANT: Final = Variant()


def _variant_fields(variant: Variant) -> dict[str, Any]:
    written: dict[str, Any] = {}
    for field in attrs.fields(Variant):
        if not field.init:
            continue
        value = getattr(variant, field.name)
        if field.name == "wild_ranks":
            written[field.name] = [rank.symbol for rank in sorted(value, key=lambda r: r.value)]
        elif field.name == "rounds_at_once":
            written[field.name] = sorted(value)
        elif field.name == "ladder":
            written[field.name] = [
                {"groups": list(contract.groups), "runs": list(contract.runs), "dealt": dealt}
                for contract, dealt in value
            ]
        elif field.name == "penalties":
            written[field.name] = {"joker": value.joker, "ranks": list(value.ranks)}
        else:
            written[field.name] = _write(value, field.name)
    return written


# == reading ==================================================================================


@overload
def from_dict(data: Mapping[str, Any], kind: type[T], *, variant: Variant | None = None) -> T: ...
@overload
def from_dict(
    data: Mapping[str, Any], kind: UnionType, *, variant: Variant | None = None
) -> Any: ...
@overload
def from_dict(
    data: Mapping[str, Any], kind: None = None, *, variant: Variant | None = None
) -> Any: ...
def from_dict(
    data: Mapping[str, Any],
    kind: type[T] | UnionType | None = None,
    *,
    variant: Variant | None = None,
) -> T | Any:
    """Read back a value written by :func:`to_dict`, checking everything.

    Args:
        data: The dict, as ``json.loads`` gives it.
        kind: The type expected (:class:`~contract_rummy.RoundState`,
            :class:`~contract_rummy.PlayerView`, :class:`~contract_rummy.Variant`,
            :class:`~contract_rummy.Group`, :class:`~contract_rummy.Run`, or an action
            class; :class:`~contract_rummy.Action` for any action), or ``None`` to take
            whatever ``data["type"]`` names.
        variant: The rules a meld, or the melds of a ``GoDown``, are checked under (their
            wild cards, R30); :data:`~contract_rummy.PAGAT` by default. A state or a view
            is read under its own variant.

    A state or a view may leave out a field that has a default, as a dict written before
    the field was added does (``known`` is also left out when nothing is known): it reads
    as that default. Not ``moves``, which every dict of a state or a view has held, and
    which a server reads to tell a stale move from a fresh one: a dict without it is
    refused.

    Raises:
        RecordError: if the data is not a valid value of that type, saying where (a path
            such as ``table[2].meld.cards[1]``) and what is wrong: a missing or unknown
            field, a value of the wrong JSON type, a bad card, a meld that breaks R7-R10,
            a state whose fields contradict each other or the rules (cards missing or
            duplicated, a phase that disagrees with who acts, ...), a schema version this
            library does not read.
        TypeError: if ``kind`` is neither a class, a union of classes nor ``None`` (the
            name of a type, such as ``"RoundState"``, is not one), or ``variant`` is not
            a :class:`~contract_rummy.Variant`.

    >>> import contract_rummy as cr
    >>> cr.from_dict({"type": "Discard", "version": 1, "card": "10h"}, cr.Discard)
    Discard(card=Card.parse('10H'))
    >>> cr.from_dict({"type": "Discard", "version": 1, "card": "10h"}, cr.RoundState)
    Traceback (most recent call last):
    ...
    contract_rummy.errors.RecordError: type: expected a RoundState, got 'Discard'
    >>> cr.from_dict({"type": "Discard", "version": 1, "card": "10h"}, "Discard")
    Traceback (most recent call last):
    ...
    TypeError: from_dict's second argument, kind, must be a class ... contract_rummy.Discard
    >>> data = cr.to_dict(cr.Group(cr.Rank.SEVEN, "7C 7D 2S", variant=cr.DEUCES_WILD))
    >>> cr.from_dict(data, variant=cr.DEUCES_WILD)
    Group(Rank.SEVEN, '7C 7D 2S')
    """
    _check_kind(kind)
    if not isinstance(data, Mapping):
        raise RecordError(f"expected a dict (a JSON object), got {type(data).__name__}")
    body = _without_version(data, "")
    if variant is not None and not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, got {variant!r}")
    return _read_typed(body, kind, "", PAGAT if variant is None else variant)


#: The names of the classes :func:`from_dict` reads, each also ``contract_rummy``'s name.
_KIND_NAMES: Final = frozenset(
    {"RoundState", "PlayerView", "Variant", "Group", "Run", "Meld", "Action"}
    | _ACTIONS.keys()
    | _OUTCOMES.keys()
    | _EVENTS.keys()
)


def _check_kind(kind: object) -> None:
    """Refuse a ``kind`` for :func:`from_dict` that is no class, union of classes or None."""
    if kind is None or isinstance(kind, type | UnionType):
        return
    given = f"the {type(kind).__name__} {shown(kind)}"
    if isinstance(kind, str):
        named = f", contract_rummy.{kind}" if kind in _KIND_NAMES else ", not its name"
        given += f": pass the class itself{named}"
    raise TypeError(
        "from_dict's second argument, kind, must be a class such as "
        "contract_rummy.RoundState, a union of classes written with | (such as RoundState | "
        f"PlayerView), or None for the type the data names; got {given}"
    )


def _without_version(data: Mapping[str, Any], path: str) -> dict[str, Any]:
    """``data`` without its ``"version"``, which must be :data:`SCHEMA_VERSION`."""
    version = data.get("version")
    if not is_int(version) or version != SCHEMA_VERSION:
        raise RecordError(
            f"{at(path, 'version')}: this library reads schema version {SCHEMA_VERSION}, "
            f"got {shown(version)}"
        )
    return {key: value for key, value in data.items() if key != "version"}


def _read_typed(data: Mapping[str, Any], kind: object, path: str, variant: Variant) -> Any:
    """A value of the type ``data["type"]`` names, which must be ``kind`` (if given)."""
    name = data.get("type")

    def meld(value: Mapping[str, Any], where: str) -> Group | Run:
        return _read_meld(value, where, variant)

    def action(value: Mapping[str, Any], where: str) -> Action:
        return _read_action(value, where, variant)

    readers: dict[str, Callable[[Mapping[str, Any], str], object]] = {
        "RoundState": read_state,
        "PlayerView": _read_view,
        "Variant": _read_variant_fields,
        "Group": meld,
        "Run": meld,
        **dict.fromkeys(_ACTIONS, action),
        **dict.fromkeys(_OUTCOMES, _read_outcome),
        **{name: _event_reader(kind) for name, kind in _EVENTS.items()},
    }
    if not isinstance(name, str) or name not in readers:
        raise RecordError(
            f"{at(path, 'type')}: expected one of {sorted(readers)}, got {shown(name)}"
        )
    if kind is not None:
        wanted: object = kind
        if wanted is Action:
            allowed, expected = tuple(_ACTIONS), "an action"
        elif wanted is Meld:
            allowed, expected = ("Group", "Run"), "a meld"
        elif isinstance(wanted, UnionType):
            allowed = tuple(getattr(each, "__name__", "?") for each in get_args(wanted))
            expected = " or ".join(f"a {each}" for each in allowed)
        else:
            expected = getattr(kind, "__name__", repr(kind))
            allowed, expected = (expected,), f"a {expected}"
        if name not in allowed:
            raise RecordError(f"{at(path, 'type')}: expected {expected}, got {shown(name)}")
    return readers[name](data, path)


def _event_reader(kind: type[T]) -> Callable[[Mapping[str, Any], str], T]:
    """How an event of the class ``kind`` is read: each of its fields, by its type."""

    def read(data: Mapping[str, Any], path: str) -> T:
        fields = _resolved(kind)
        found = Fields(data, path, tuple(field.name for field in fields), typed=True)
        values = {
            field.name: found.get(field.name, _reader(field.type, PAGAT), field.default)
            for field in fields
        }
        return build(path, lambda: kind(**values))

    return read


def _read_meld(data: Any, path: str, variant: Variant = PAGAT) -> Group | Run:
    """A meld, checked against R7-R10 under ``variant``'s rules (its wild cards)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{path or 'the value'}: expected a meld (a JSON object): {shown(data)}")
    kind = data.get("type")
    if kind == "Group":
        fields = Fields(data, path, ("rank", "cards"), typed=True)
        rank = fields.get("rank", _symbol(_RANKS, "a rank (A, 2-10, J, Q, K)"))
        cards = fields.get("cards", list_of(read_card))
        return build(path, lambda: Group(rank, cards, variant=variant))
    if kind == "Run":
        fields = Fields(data, path, ("suit", "low", "cards"), typed=True)
        suit = fields.get("suit", _symbol(_SUITS, "a suit (C, D, H, S)"))
        low = fields.get("low", read_int)
        cards = fields.get("cards", list_of(read_card))
        return build(path, lambda: Run(suit, low, cards, variant=variant))
    raise RecordError(f"{at(path, 'type')}: expected 'Group' or 'Run', got {shown(kind)}")


def _symbol(table: Mapping[str, T], what: str) -> Callable[[Any, str], T]:
    def read(value: Any, path: str) -> T:
        found = table.get(value.upper()) if isinstance(value, str) else None
        if found is None:
            raise RecordError(f"{path}: expected {what}, got {shown(value)}")
        return found

    return read


def _read_action(data: Mapping[str, Any], path: str, variant: Variant) -> Action:
    kind = _ACTIONS[data["type"]]
    names = tuple(field.name for field in attrs.fields(kind))
    fields = Fields(data, path, names, typed=True)
    end = optional(read_enum(End))
    readers: dict[str, Callable[[Any, str], Any]] = {
        "card": read_card,
        "target": read_int,
        "joker_target": read_int,
        "end": end,
        "joker_end": end,
        "melds": list_of(lambda value, where: _read_meld(value, where, variant)),
    }
    values = {
        name: fields.get(name, readers[name], None if name.endswith("end") else attrs.NOTHING)
        for name in names
    }
    return build(path, lambda: kind(**values))


def _action_reader(variant: Variant) -> Callable[[Any, str], Action]:
    """How an action inside another value is read (a chance point's), named by its type."""

    def read(value: Any, path: str) -> Action:
        if not isinstance(value, Mapping):
            raise RecordError(f"{path}: expected an action (a JSON object), got {shown(value)}")
        action: Action = _read_typed(value, Action, path, variant)
        return action

    return read


def _read_outcome(data: Mapping[str, Any], path: str) -> ChanceAction:
    kind = _OUTCOMES[data["type"]]
    names = tuple(field.name for field in attrs.fields(kind))
    fields = Fields(data, path, names, typed=True)
    readers: dict[str, Callable[[Any, str], Any]] = {
        "player": read_int,
        "lifted": read_int,
        "card": read_card,
    }
    values = {name: fields.get(name, readers[name]) for name in names}
    return build(path, lambda: kind(**values))


def read_variant(data: Any, path: str) -> Variant:
    """A variant written by :func:`write_variant`, at ``path`` (for its errors)."""
    if isinstance(data, str):
        variant = VARIANTS.get(data)
        if variant is None:
            raise RecordError(f"{path}: {shown(data)} is not a preset's name: {sorted(VARIANTS)}")
        return variant
    if not isinstance(data, Mapping):
        raise RecordError(f"{path}: expected a variant's name or its knobs (a Variant object)")
    if data.get("type") != "Variant":
        got = f"type {shown(data['type'])}" if "type" in data else 'an object without "type"'
        raise RecordError(
            f'{path}: a variant\'s knobs are a JSON object with "type": "Variant" '
            f"(as write_variant writes it), got {got}"
        )
    return _read_variant_fields(data, path)


def _read_variant_fields(data: Mapping[str, Any], path: str) -> Variant:
    knobs = {field.name: field for field in attrs.fields(Variant) if field.init}
    fields = Fields(data, path, tuple(knobs), typed=True)
    values: dict[str, Any] = {}
    special: dict[str, Callable[[Any, str], Any]] = {
        "wild_ranks": list_of(_symbol(_RANKS, "a rank (A, 2-10, J, Q, K)")),
        "rounds_at_once": list_of(read_int),
        "ladder": list_of(_ladder_step),
        "penalties": _penalties,
        "jokers": _jokers,
        "aces": read_enum(AceRule),
        "joker_swap": read_enum(JokerSwap),
        "tie_break": read_enum(TieBreak),
        "name": read_str,
    }
    for name, field in knobs.items():
        # Every knob is required: a default may change, and the variant must not with it.
        read = special.get(name)
        if read is None:
            read = read_bool if field.type in ("bool", bool) else read_int
            if "None" in str(field.type):
                read = optional(read)
        values[name] = fields.get(name, read)
    return build(path, lambda: Variant(**values))


def _jokers(value: Any, path: str) -> int | JokerRule:
    if isinstance(value, str):
        try:
            read: JokerRule = read_enum(JokerRule)(value, path)
        except RecordError:  # say that a count would do too
            rules = ", ".join(repr(rule.value) for rule in JokerRule)
            raise RecordError(
                f"{path}: expected a number of jokers or one of {rules}, got {value!r}"
            ) from None
        return read
    return read_int(value, path)


def _ladder_step(value: Any, path: str) -> tuple[Contract, int]:
    fields = Fields(value, path, ("groups", "runs", "dealt"))
    groups = fields.get("groups", list_of(read_int), ())
    runs = fields.get("runs", list_of(read_int), ())
    dealt = fields.get("dealt", read_int)
    return build(path, lambda: Contract(groups=groups, runs=runs)), dealt


def _penalties(value: Any, path: str) -> Penalties:
    fields = Fields(value, path, ("joker", "ranks"))
    joker = fields.get("joker", read_int)
    ranks = fields.get("ranks", list_of(read_int))
    return build(path, lambda: Penalties(joker=joker, ranks=ranks))


def _shuffler(value: Any, path: str) -> Shuffler:
    found = _SHUFFLERS.get(value) if isinstance(value, str) else None
    if found is None:
        raise RecordError(f"{path}: expected 'seeded', 'system' or 'steps', got {shown(value)}")
    return found


def _reader(kind: Any, variant: Variant) -> Callable[[Any, str], Any]:
    """How a field of the type ``kind`` is read, melds under ``variant``'s rules.

    Made from the field's annotation, so a new field of a state or a view is read
    without being listed here.
    """
    options = get_args(kind) if isinstance(kind, UnionType) else ()
    if options:
        if set(options) == {Group, Run}:
            return lambda value, path: _read_meld(value, path, variant)
        present = tuple(option for option in options if option is not type(None))
        if len(present) == 1 and len(options) == 2:
            return optional(_reader(present[0], variant))
        if set(present) == set(_ACTIONS.values()):  # the action a chance point waits for
            read_action = _action_reader(variant)
            return optional(read_action) if len(present) < len(options) else read_action
        if len(options) == 2 and int in options:  # what chance drew: an order or a number
            other = _reader(next(option for option in options if option is not int), variant)
            return lambda value, path: (
                other(value, path) if isinstance(value, list | tuple) else read_int(value, path)
            )
    if get_origin(kind) is tuple:
        inner = get_args(kind)[0]
        if inner is Card:  # no list of cards holds more than the deck: refused unread
            return list_of(read_card, _deck_size(variant), "cards of the deck")
        return list_of(_reader(inner, variant))
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return simple
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return read_enum(kind)
    if isinstance(kind, type) and attrs.has(kind):
        return _attrs_reader(kind, variant)
    raise TypeError(f"no reader for {kind!r}")  # pragma: no cover - every field's type is above


@functools.lru_cache(maxsize=64)
def _deck_size(variant: Variant) -> int:
    """How many cards the largest deck of ``variant`` holds (at its most players)."""
    return len(variant.deck(variant.max_players))


def _attrs_reader(kind: type[T], variant: Variant) -> Callable[[Any, str], T]:
    """How a value of the attrs class ``kind`` (a turn, a window, a table meld) is read."""
    fields = _resolved(kind)

    def read(value: Any, path: str) -> T:
        found = Fields(value, path, tuple(field.name for field in fields))
        values = {
            field.name: found.get(field.name, _reader(field.type, variant)) for field in fields
        }
        return build(path, lambda: kind(**values))

    return read


def _resolved(kind: type) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of the attrs class ``kind``, their annotations resolved to types."""
    attrs.resolve_types(kind)
    return tuple(attrs.fields(kind))


def _flat(kind: type) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of a state or a view as its dict names them: its flat parts' fields inline."""
    found: list[attrs.Attribute[Any]] = []
    for field in _resolved(kind):
        part: type = field.type  # type: ignore[assignment] # resolved
        found.extend(_resolved(part) if field.metadata.get("flat") else (field,))
    return tuple(found)


#: How the fields of the plainest types are read.
_SIMPLE: Final[dict[object, Callable[[Any, str], Any]]] = {
    int: read_int,
    bool: read_bool,
    str: read_str,
    Card: read_card,
    Shuffler: _shuffler,
    Variant: read_variant,
}


def _read_fields(kind: type[T], data: Mapping[str, Any], path: str) -> T:
    fields = _flat(kind)
    names = tuple(field.name for field in fields)
    found = Fields(data, path, names, typed=True)
    if data.get("type") != kind.__name__:
        shown = data.get("type")
        raise RecordError(f"{at(path, 'type')}: expected a {kind.__name__}, got {shown!r}")
    # The variant first: the table's melds are checked under its rules (wild ranks).
    variant = found.get("variant", read_variant)
    values = {
        # A field with a default may be missing (a record written before the field was),
        # but for those every dict has held (_ALWAYS_WRITTEN).
        field.name: variant
        if field.name == "variant"
        else found.get(field.name, _reader(field.type, variant), _missing(field))
        for field in fields
    }
    return build(path, lambda: kind(**_parts(kind, values)))


#: Stands for a field missing from the data whose default is made by its class (an
#: ``attrs.Factory``, such as ``Board.known``'s): the value is built without it.
_MADE: Final[Any] = object()


#: The fields of a state or a view that have a default but that every dict of one has held
#: since schema version 1, so that a dict without one is refused rather than read with the
#: default: ``moves``, the position's number, by which a server tells a stale move from a
#: fresh one (a missing ``moves`` read as 0 would pass for the first position's).
_ALWAYS_WRITTEN: Final = frozenset({"moves"})


def _missing(field: attrs.Attribute[Any]) -> Any:
    """What a field missing from the data reads as: its default, or :data:`_MADE`.

    ``attrs.NOTHING`` (refused as missing) for a field with no default, or one of
    :data:`_ALWAYS_WRITTEN`.
    """
    if field.name in _ALWAYS_WRITTEN:
        return attrs.NOTHING
    return _MADE if isinstance(field.default, attrs.Factory) else field.default  # type: ignore[arg-type]


def _parts(kind: type, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` by flat field name, gathered into the flat parts of ``kind`` they belong to.

    The parts are built unchecked (their checks are the state's, which follow), so a field
    added to a part needs no keyword of the state's own to be read.
    """
    gathered = {}
    for field in _resolved(kind):
        if field.metadata.get("flat"):
            part: type = field.type  # type: ignore[assignment] # resolved
            members = {sub.name: values[sub.name] for sub in _resolved(part)}
            gathered[field.name] = part(
                **{name: value for name, value in members.items() if value is not _MADE}
            )
        elif values[field.name] is not _MADE:
            gathered[field.name] = values[field.name]
    return gathered


def read_state(data: Mapping[str, Any], path: str) -> RoundState:
    """A state's dict, as :func:`to_dict` writes it, at ``path`` (for its errors).

    Its ``"version"`` may be left out (a state inside a record shares the record's); given,
    it must be :data:`SCHEMA_VERSION`.
    """
    found: object = data  # JSON: perhaps not an object at all, which the fields refuse
    if isinstance(found, Mapping) and "version" in found:
        data = _without_version(found, path)
    state = _read_fields(RoundState, data, path)
    if state.chance.pending is not None:
        # A chance point the game reaches: its action, what chance drew (R4, R5, R27, R32).
        build(path, lambda: check_chance_point(state))
    return state


def _read_view(data: Mapping[str, Any], path: str) -> Any:
    return _read_fields(PlayerView, data, path)
