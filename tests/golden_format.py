"""The text format of the golden games in ``tests/golden/``: actions, digests, records.

A golden file records one seeded game, one line per action, so that any change in the
engine's behaviour shows up as a readable diff. This module writes and reads it:

* actions in the library's notation (:func:`contract_rummy.format_action`);
* the digest of a state (:func:`digest`): phase, active player, who acts (then, with the
  Shanghai call, ``req=`` the player whose request is pending, R31), hand sizes, stock and
  discard sizes, top discard, table size, totals, and the first 12 hex digits of a SHA-256
  over a canonical text of the whole state (:func:`canonical_text`), so that a change the
  digest does not show is still caught;
* the record of a game (:func:`record`): a header with the game's parameters
  (:class:`GameSpec`), a line per round start (with the Liverpool cut, R32, how many cards
  the cut lifted, and who gained the bonus when it was exact) and end, a line per action,
  a last line.
"""

from __future__ import annotations

import enum
import hashlib
import random
import re
from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

import contract_rummy as cr

__all__ = [
    "CHOOSERS",
    "GameSpec",
    "Step",
    "canonical_text",
    "digest",
    "explicit_meld",
    "format_action",
    "format_meld",
    "parse_action",
    "parse_header",
    "parse_meld",
    "parse_steps",
    "record",
    "state_hash",
]

# == actions ==================================================================================

# The golden files write actions in the library's notation (contract_rummy.notation).
format_action = cr.format_action
parse_action = cr.parse_action
format_meld = cr.format_meld
parse_meld = cr.parse_meld


def explicit_meld(meld: cr.Group | cr.Run) -> str:
    """The meld in the form that says what it is: ``group 7: ...`` or ``run S from 3: ...``."""
    if isinstance(meld, cr.Group):
        return f"group {meld.rank.symbol}: {meld}"
    return f"run {meld.suit.letter} from {cr.Rank(meld.low).symbol}: {meld}"


# == state digests ============================================================================


def _cards(cards: Iterable[cr.Card]) -> str:
    return cr.format_cards(cards) or "-"


def _numbers(values: Iterable[object] | None, sep: str = ",") -> str:
    return "-" if values is None else sep.join(str(value) for value in values)


def canonical_text(state: cr.RoundState) -> str:
    """Every field of ``state`` as text, in a fixed form (the variant and shuffler aside)."""
    lines = [
        f"round {state.round_number} dealer {state.dealer} phase {state.phase.name}",
        f"active {state.active} to_act {state.to_act}",
        *(f"hand {p}: {_cards(hand)}" for p, hand in enumerate(state.hands)),
        f"stock: {_cards(state.stock)}",
        f"discard: {_cards(state.discard)}",
        f"discarded_by: {_numbers(state.discarded_by)}",
        *(
            f"table {i}: player {placed.owner}: {explicit_meld(placed.meld)}"
            for i, placed in enumerate(state.table)
        ),
        f"down: {_numbers(int(flag) for flag in state.down)}",
        f"scores: {_numbers(state.scores)}",
        f"penalties: {_numbers(state.penalties)}",
        f"winners: {_numbers(state.winners)}",
        f"buys: {_numbers(state.buys)}",
        f"last_buyer: {state.last_buyer} buy_queue: {_numbers(state.buy_queue)}",
        f"went_down_this_turn: {state.went_down_this_turn} kept_card: {state.kept_card}",
        f"reshuffles: {state.reshuffles} rng: {state.rng}",
    ]
    # Fields of later rules, written only when set, so that older games keep their hashes.
    if state.window.requester is not None:
        lines.append(f"requester: {state.window.requester}")  # R31
    if state.cut is not None:
        lines.append(f"cut: {state.cut}")  # R32
    return "\n".join(lines) + "\n"


def state_hash(state: cr.RoundState) -> str:
    """The first 12 hex digits of the SHA-256 of :func:`canonical_text`."""
    return hashlib.sha256(canonical_text(state).encode()).hexdigest()[:12]


def digest(state: cr.RoundState) -> str:
    """A one-line summary of ``state``, ending with its :func:`state_hash`."""
    to_act = "-" if state.to_act is None else state.to_act
    # R31: the player whose request the active player answers, shown only while pending.
    requester = state.window.requester
    asked = "" if requester is None else f" req={requester}"
    return (
        f"{state.phase.name} act={state.active} to={to_act}{asked} "
        f"hands={_numbers((len(hand) for hand in state.hands), '/')} "
        f"stock={len(state.stock)} discard={len(state.discard)} "
        f"top={state.top_discard or '-'} table={len(state.table)} "
        f"scores={_numbers(state.scores, '/')} #{state_hash(state)}"
    )


# == game records =============================================================================

Chooser = Callable[[cr.RoundState], cr.Action]

#: How each kind of chooser picks, as the header says it.
CHOOSERS: Final = {
    "greedy": "cr.GreedyBot() for every player",
    "random": (
        "rng = random.Random(seed); every action (NextRound included) is "
        "legal[rng.randrange(len(legal))] with legal = cr.legal_actions(state)"
    ),
}

_SETTING: Final = re.compile(r"(\w+)=(\S+)")
_STEP: Final = re.compile(r" *(\d+) P(\d+) (.+?) => (.+)")


def _format_value(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, bool | int):
        return repr(value)
    raise TypeError(f"a golden game's setting must be an int, bool, None or enum: {value!r}")


def _parse_value(text: str) -> object:
    literals: dict[str, object] = {"None": None, "True": True, "False": False}
    if text in literals:
        return literals[text]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    kind, dot, member = text.partition(".")
    enum_type = getattr(cr, kind, None) if dot else None
    if isinstance(enum_type, type) and issubclass(enum_type, enum.Enum):
        return enum_type[member]
    raise ValueError(f"{text!r} is not an int, bool, None or enum member of contract_rummy")


@attrs.frozen
class GameSpec:
    """What a golden game is: its rules, players, seed, chooser and length.

    Attributes:
        name: The file's name, without ``.txt``.
        base: The variant's name in :data:`contract_rummy.VARIANTS`.
        changes: Settings changed from ``base`` with :func:`attrs.evolve`, in order.
        players: How many players.
        seed: The game's seed, which also seeds the random chooser.
        chooser: ``"greedy"`` or ``"random"`` (see :data:`CHOOSERS`).
        limit: Stop after this many actions; ``None`` plays the whole game.
    """

    name: str
    base: str
    changes: tuple[tuple[str, Any], ...]
    players: int
    seed: int
    chooser: str
    limit: int | None = None

    def variant(self) -> cr.Variant:
        """The rules of the game."""
        return attrs.evolve(cr.VARIANTS[self.base], **dict(self.changes))

    def choose(self) -> Chooser:
        """A fresh chooser: the same one, from its start, each time."""
        if self.chooser == "greedy":
            return cr.GreedyBot().choose
        if self.chooser == "random":
            rng = random.Random(self.seed)

            def pick(state: cr.RoundState) -> cr.Action:
                legal = cr.legal_actions(state)
                return legal[rng.randrange(len(legal))]

            return pick
        raise ValueError(f"unknown chooser {self.chooser!r}: expected one of {list(CHOOSERS)}")

    def header(self) -> list[str]:
        """The file's header lines."""
        changes = ", ".join(f"{key}={_format_value(value)}" for key, value in self.changes)
        limit = "none (the whole game)" if self.limit is None else f"{self.limit} actions"
        return [
            f"# Golden game {self.name}: a seeded game replayed by tests/test_golden.py.",
            f"# variant: {self.base}",
            f"# changes: {changes or 'none'}",
            f"# players: {self.players}",
            f"# seed: {self.seed}",
            f"# chooser: {self.chooser}",
            f"# limit: {limit}",
            (
                f"# The game: cr.new_game(variant, seed={self.seed}, players={self.players}), "
                f"variant = cr.VARIANTS[{self.base!r}]"
                + (" with the changes above (attrs.evolve)." if self.changes else ".")
            ),
            f"# The actions: {CHOOSERS.get(self.chooser, '?')}.",
            "# Each action line: step, P<player who acts> (the dealer deals the next round),",
            "# the action, then '=>' and the state after it: phase, act=active player, to=who",
            "# acts next, hand sizes, stock and discard sizes, top discard, table melds, totals,",
            "# and #hash, a hash of the whole state. '--' lines open and close each round.",
        ]


def parse_header(lines: Iterable[str]) -> GameSpec:
    """The :class:`GameSpec` that a file's header lines describe.

    Raises:
        ValueError: if a parameter is missing or unreadable.
    """
    fields: dict[str, str] = {}
    name = ""
    for line in lines:
        if not line.startswith("#"):
            break
        if match := re.fullmatch(r"# Golden game (\S+): .*", line):
            name = match[1]
        elif match := re.fullmatch(r"# (variant|changes|players|seed|chooser|limit): (.+)", line):
            fields[match[1]] = match[2]
    missing = {"variant", "changes", "players", "seed", "chooser", "limit"} - set(fields)
    if missing or not name:
        raise ValueError(f"the header lacks {sorted(missing) or ['the game name']}")
    changes: list[tuple[str, Any]] = []
    if fields["changes"] != "none":
        for part in fields["changes"].split(", "):
            match = _SETTING.fullmatch(part)
            if match is None:
                raise ValueError(f"{part!r} is not a setting=value pair")
            changes.append((match[1], _parse_value(match[2])))
    limit_text = fields["limit"].split()[0]
    return GameSpec(
        name=name,
        base=fields["variant"],
        changes=tuple(changes),
        players=int(fields["players"]),
        seed=int(fields["seed"]),
        chooser=fields["chooser"],
        limit=None if limit_text == "none" else int(limit_text),
    )


@attrs.frozen
class Step:
    """One action line of a record: its number, the player, the action's text, the digest."""

    number: int
    player: int
    action: str
    after: str


def parse_steps(lines: Iterable[str]) -> list[Step]:
    """The action lines of a record (headers and round lines are skipped).

    Raises:
        ValueError: if a line that is not a header or round line is not an action line.
    """
    steps = []
    for line in lines:
        if not line or line.startswith(("#", "--", "==")):
            continue
        match = _STEP.fullmatch(line)
        if match is None:
            raise ValueError(f"not an action line: {line!r}")
        steps.append(Step(int(match[1]), int(match[2]), match[3], match[4]))
    return steps


def _actor(state: cr.RoundState) -> int:
    return state.dealer if state.to_act is None else state.to_act


def _cut(state: cr.RoundState) -> str:
    """R32: how many cards the cut before the deal lifted, and whether it was exact."""
    if state.cut is None:
        return ""
    needed = state.variant.cards_dealt(state.round_number) * state.players + 1
    if state.cut != needed:
        return f"; cut {state.cut}"
    cutter = (state.dealer - 1) % state.players
    return f"; cut {state.cut}, exact: P{cutter} -{state.variant.cut_bonus}"


def _round_start(state: cr.RoundState) -> str:
    return (
        f"-- round {state.round_number}: {state.contract}; {len(state.hands[0])} cards dealt, "
        f"dealer P{state.dealer}, P{state.active} plays first, top discard {state.top_discard}"
        + _cut(state)
    )


_NOBODY_OUT: Final = {
    cr.RoundEnd.STOCK_EXHAUSTED: "the stock ran out",
    cr.RoundEnd.TURN_LIMIT: "the turn limit",
}


def _round_end(ended: cr.RoundEnded) -> str:
    if ended.went_out is not None:
        how = f"P{ended.went_out} went out"
    else:
        how = f"nobody went out ({_NOBODY_OUT[ended.reason]})"
    return (
        f"-- round {ended.round_number} over: {how}; "
        f"penalties {_numbers(ended.penalties, '/')}; totals {_numbers(ended.scores, '/')}"
    )


OnStep = Callable[[int, cr.RoundState, cr.Action], None]


def record(spec: GameSpec, on_step: OnStep | None = None) -> list[str]:
    """Play the game ``spec`` describes and write its record, one string per line.

    ``on_step(number, state, action)`` is called before each chosen action is applied.
    """
    choose = spec.choose()
    state = cr.new_game(spec.variant(), seed=spec.seed, players=spec.players)
    lines = [*spec.header(), _round_start(state)]
    step = 0
    while state.phase is not cr.Phase.GAME_OVER and (spec.limit is None or step < spec.limit):
        player = _actor(state)
        action = choose(state)
        step += 1
        if on_step is not None:
            on_step(step, state, action)
        text = format_action(action, state)
        after, events = cr.step(state, action)
        lines.append(f"{step:4d} P{player} {text} => {digest(after)}")
        for event in events:
            if isinstance(event, cr.RoundEnded):
                lines.append(_round_end(event))
            elif isinstance(event, cr.Dealt):
                lines.append(_round_start(after))
        state = after
    if state.winners is not None:
        winners = " ".join(f"P{p}" for p in state.winners)
        lines.append(
            f"== game over after {step} actions: winners {winners}; "
            f"totals {_numbers(state.scores, '/')}"
        )
    else:
        lines.append(
            f"== stopped after {step} actions (the limit): round {state.round_number}, "
            f"phase {state.phase.name}"
        )
    return lines
