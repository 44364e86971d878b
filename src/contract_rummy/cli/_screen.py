"""What ``contract-rummy play`` shows the person: the position they see, and their actions.

Everything here is drawn from the person's :class:`~contract_rummy.PlayerView`, so the
screen never shows a card they could not see at a real table. The position is the view as
:mod:`contract_rummy.render` writes it; the numbered actions are the screen's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from contract_rummy import render
from contract_rummy.actions import Action, Discard, GoDown, SwapJoker
from contract_rummy.engine import LegalActions
from contract_rummy.notation import format_action
from contract_rummy.render import cards_text, hand_lines, table_lines
from contract_rummy.views import PlayerView

__all__ = [
    "Menu",
    "cards_text",
    "hand_lines",
    "menu",
    "name",
    "offer_lines",
    "position_lines",
    "table_lines",
]

#: How many actions other than discards the list shows; the others are typed as notation.
SHOWN: Final = 20
#: The width the screen is laid out for.
WIDTH: Final = render.WIDTH


def name(player: int, person: int, names: Sequence[str] | None = None) -> str:
    """How the screen calls ``player``: "you", or their name in ``names``, or "player 2"."""
    return render.player_name(player, person, names)


def position_lines(seen: PlayerView, names: Sequence[str] | None = None) -> list[str]:
    """The whole position the person sees: round, scores, table, pile, others, hand.

    The others are called by ``names`` when given, else by their number.
    """
    return ["", *render.view_lines(seen, names=names)]


def offer_lines(seen: PlayerView) -> list[str]:
    """What the person needs to see to answer a buy offer: the pile and their hand."""
    return ["", render.pile_line(seen), *hand_lines(seen)]


class Menu:
    """The numbered actions shown to the person: a bounded part of a long listing.

    Every discard is shown, and the first :data:`SHOWN` other actions in the engine's order;
    ``hidden`` counts the rest, which the person may still type as notation.
    """

    def __init__(self, legal: LegalActions) -> None:
        count = len(legal)
        discards = 0
        while discards < count and isinstance(legal[count - 1 - discards], Discard):
            discards += 1
        front = count - discards
        shown = min(front, SHOWN)
        self.actions: list[Action] = [legal[i] for i in range(shown)]
        self.actions += [legal[i] for i in range(front, count)]
        self.hidden = front - shown
        self.hidden_kind = "go-downs" if shown and isinstance(legal[0], GoDown) else "actions"


def _columns(entries: Sequence[str]) -> list[str]:
    """Short entries side by side, as many a line as the width allows."""
    if not entries:
        return []
    cell = max(map(len, entries)) + 3
    per_line = max(1, WIDTH // cell)
    return [
        "".join(entry.ljust(cell) for entry in entries[start : start + per_line]).rstrip()
        for start in range(0, len(entries), per_line)
    ]


def menu(shown: Menu, seen: PlayerView) -> list[str]:
    """The numbered actions: long ones a line each, short ones side by side, discards last."""
    front: list[str] = []
    short: list[str] = []
    discards: list[str] = []
    for number, action in enumerate(shown.actions, start=1):
        text = f"{number:>3}. {format_action(action, seen)}"
        if isinstance(action, Discard):
            discards.append(text)
        elif isinstance(action, GoDown | SwapJoker):
            front.append(text)
        else:
            short.append(text)
    lines = [*front, *_columns(short)]
    if shown.hidden:
        lines.append(
            f"     ... and {shown.hidden} more {shown.hidden_kind}: type one as notation "
            "(help shows how)"
        )
    return lines + _columns(discards)
