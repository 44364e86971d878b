"""What each player has seen of an OpenSpiel game: their information state (see the package).

A game's steps are kept as an immutable chain, one link a step, shared by every copy of
the state and grown by one link an action: :func:`acted` for a player's action,
:func:`drawn` for the chance outcome that completes the draws an action waited for. A
link holds the step whole (every card); each player's part of it is written when that
player's information state is asked for (:func:`text`), as lines of three kinds: seen by
everyone, the public side of something private (another player's draw: a card gone face
down into their hand), and the private side (the card itself, seen by its drawer only).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Final

from contract_rummy import render
from contract_rummy.actions import Action
from contract_rummy.cards import format_cards
from contract_rummy.events import Dealt, Event, censor
from contract_rummy.notation import format_action
from contract_rummy.state import RoundState
from contract_rummy.views import view


class Kind(enum.Enum):
    """Who is shown a line of a player's history."""

    #: Everyone: an action, a public event.
    SHARED = "shared"
    #: The public side of what only the player sees: another player's draw, say.
    PUBLIC = "public"
    #: What only the player sees: the card they drew, the hand they were dealt.
    PRIVATE = "private"


Line = tuple[Kind, str]
#: A player's text is kept at every link this many steps deep: asking for it later walks
#: back at most so many links, and a game keeps its texts a fraction of its length times.
_EVERY: Final = 32
_SHOWN: Final = {
    (True, True): (Kind.SHARED, Kind.PRIVATE),
    (True, False): (Kind.SHARED, Kind.PUBLIC),
    (False, True): (Kind.PRIVATE,),
}


class Link:
    """One step of the game, or the start of the chain; immutable once made.

    A plain class with slots, its caches made when first used: the game makes one a step.

    Attributes:
        parent: The step before, ``None`` for the first.
        chooser: Who chose the action (``None`` for chance's draws).
        action: The action (``None`` for chance's draws and the start).
        before: The engine's state the action was chosen in; for the start, the first
            state, shown whole to each player as their view.
        events: What happened (``None`` while the action waits for chance).
        after: The engine's state after the step, for the hands a deal gave.
        viewer: For the start of a resampled state, the player it was resampled for.
        seen: For the start of a resampled state, the viewer's lines up to it.
        depth: How many links come before this one.
    """

    __slots__ = (
        "_lines",
        "_texts",
        "action",
        "after",
        "before",
        "chooser",
        "depth",
        "events",
        "parent",
        "seen",
        "viewer",
    )

    def __init__(
        self,
        parent: Link | None,
        chooser: int | None = None,
        action: Action | None = None,
        before: RoundState | None = None,
        events: tuple[Event, ...] | None = None,
        after: RoundState | None = None,
        viewer: int | None = None,
        seen: tuple[Line, ...] = (),
    ) -> None:
        self.parent = parent
        self.chooser = chooser
        self.action = action
        self.before = before
        self.events = events
        self.after = after
        self.viewer = viewer
        self.seen = seen
        self.depth: int = 0 if parent is None else parent.depth + 1
        self._lines: dict[int, tuple[Line, ...]] | None = None
        self._texts: dict[tuple[int, bool, bool], str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Link:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as a flat list of steps: a chain as deep as a game is too deep to recurse.
        steps = [link._fields() for link in chain(self)]
        return (_rebuild, (steps,))

    def _fields(self) -> tuple[Any, ...]:
        return (
            self.chooser,
            self.action,
            self.before,
            self.events,
            self.after,
            self.viewer,
            self.seen,
        )

    def lines(self, player: int) -> tuple[Line, ...]:
        """``player``'s lines of this step."""
        if self._lines is None:
            self._lines = {}
        found = self._lines.get(player)
        if found is None:
            found = self._lines[player] = tuple(self._write(player))
        return found

    def _write(self, player: int) -> Iterator[Line]:
        if self.viewer is not None:
            yield from _resampled(self, player)
            return
        if self.action is None and self.events is None:
            assert self.before is not None
            yield from _view_lines(self.before, player, "start")
            return
        if self.action is not None:
            assert self.before is not None
            yield (Kind.SHARED, f"{self.chooser}: {format_action(self.action, self.before)}")
        for event in self.events or ():
            everyone = censor(event, None)
            mine = censor(event, player)
            if mine == everyone:
                yield (Kind.SHARED, repr(everyone))
            else:
                yield (Kind.PUBLIC, repr(everyone))
                yield (Kind.PRIVATE, repr(mine))
            if type(event) is Dealt:
                assert self.after is not None
                yield (Kind.PRIVATE, f"hand: {format_cards(self.after.hands[player])}")


def _rebuild(steps: list[tuple[Any, ...]]) -> Link | None:
    link: Link | None = None
    for fields in steps:
        link = Link(link, *fields)
    return link


def _view_lines(engine: RoundState, player: int, title: str) -> Iterator[Line]:
    """``player``'s view of ``engine``: its public lines, then its private ones."""
    seen = view(engine, player)
    yield (Kind.SHARED, f"{title}:")
    for kind, public in ((Kind.SHARED, True), (Kind.PRIVATE, False)):
        for line in render.view_lines(
            seen, public=public, private=not public, details=True, you=False
        ):
            yield (kind, line)


def _resampled(link: Link, player: int) -> Iterator[Line]:
    """The start of a resampled state: the viewer's history; another player's public part.

    Another player's part of what came before is what everyone saw, then their view of
    the resampled state.
    """
    if player == link.viewer:
        yield from link.seen
        return
    yield from ((Kind.SHARED, line) for kind, line in link.seen if kind is not Kind.PRIVATE)
    if link.before is not None:
        yield from _view_lines(link.before, player, "resampled")


def chain(head: Link | None) -> list[Link]:
    """The links up to ``head``, first first."""
    links = []
    while head is not None:
        links.append(head)
        head = head.parent
    links.reverse()
    return links


def start(engine: RoundState | None) -> Link | None:
    """The chain of a game that starts at ``engine``: shown whole; ``None`` before a deal."""
    return None if engine is None else Link(None, before=engine)


def acted(
    head: Link | None,
    chooser: int,
    action: Action,
    before: RoundState,
    events: tuple[Event, ...] | None,
    after: RoundState | None,
) -> Link:
    """``head`` and the step of ``chooser``'s action (its events ``None`` while it waits)."""
    return Link(head, chooser, action, before, events, after)


def drawn(head: Link | None, events: tuple[Event, ...], after: RoundState) -> Link | None:
    """``head`` and what the action waiting for chance did once chance drew for it."""
    return Link(head, events=events, after=after) if events else head


def resampled(head: Link | None, viewer: int, engine: RoundState | None) -> Link:
    """The start of a state resampled for ``viewer``: their lines, and ``engine`` for others.

    ``engine`` is the resampled state (while chance draws, the state before the waiting
    action).
    """
    seen = tuple(line for link in chain(head) for line in link.lines(viewer))
    return Link(None, before=engine, viewer=viewer, seen=seen)


def text(head: Link | None, player: int, *, public: bool, private: bool) -> str:
    """``player``'s history as text: the lines ``public`` and ``private`` ask for.

    The text is kept at each link :data:`_EVERY` steps deep met on the way.
    """
    key = (player, public, private)
    shown = _SHOWN[public, private]
    pending: list[Link] = []
    parts: list[str] = []
    link = head
    while link is not None:
        cached = None if link._texts is None else link._texts.get(key)
        if cached is not None:
            parts.append(cached)
            break
        pending.append(link)
        link = link.parent
    for link in reversed(pending):
        parts.extend(line for kind, line in link.lines(player) if kind in shown)
        if link.depth % _EVERY == 0:
            joined = "\n".join(part for part in parts if part)
            if link._texts is None:
                link._texts = {}
            link._texts[key] = joined
            parts = [joined]
    return "\n".join(part for part in parts if part)
