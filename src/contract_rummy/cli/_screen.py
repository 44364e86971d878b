"""What ``contract-rummy play`` shows the person: the position they see, and their actions.

Everything here is drawn from the person's :class:`~contract_rummy.PlayerView`, so the
screen never shows a card they could not see at a real table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Final

from contract_rummy.actions import Action, Discard, GoDown, SwapJoker
from contract_rummy.cards import Card, Suit
from contract_rummy.cli._common import meld_text
from contract_rummy.engine import LegalActions
from contract_rummy.notation import format_action
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
WIDTH: Final = 80
#: The shortest stretch of ranks in one suit marked as a possible run.
_STRETCH: Final = 3
_SUIT_NAMES: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def name(player: int, person: int) -> str:
    """How the screen calls ``player``: "you", or "player 2"."""
    return "you" if player == person else f"player {player}"


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' * (number != 1)}"


def _suit_line(cards: list[Card]) -> str:
    """The cards of one suit, low to high, with stretches of 3 ranks or more bracketed."""
    ranks = sorted({card.rank for card in cards if card.rank is not None})
    parts = []
    for _, run in groupby(enumerate(ranks), lambda item: item[1] - item[0]):
        stretch = {rank for _, rank in run}
        shown = " ".join(str(card) for card in cards if card.rank in stretch)
        parts.append(f"[{shown}]" if len(stretch) >= _STRETCH else shown)
    return " ".join(parts)


def hand_lines(seen: PlayerView) -> list[str]:
    """The person's hand, a line a suit, wild cards apart, ranks held twice or more named."""
    wild = [card for card in seen.hand if seen.variant.is_wild(card)]
    natural = [card for card in seen.hand if not seen.variant.is_wild(card)]
    down = ", you are down" if seen.down[seen.player] else ""
    lines = [f"Your hand ({_count(len(seen.hand), 'card')}{down}):"]
    for suit, cards in groupby(natural, lambda card: card.suit):
        lines.append(f"  {_SUIT_NAMES[suit]:9} {_suit_line(list(cards))}")
    if wild:
        lines.append(f"  {'wild':9} {' '.join(map(str, wild))}")
    counted = sorted(
        (card.rank for card in natural if card.rank is not None), key=lambda rank: rank.value
    )
    sets = [(rank, len(list(same))) for rank, same in groupby(counted)]
    pairs = [f"{rank.symbol} x{count}" for rank, count in sets if count > 1]
    if pairs:
        lines.append(f"  {'same rank':9} {', '.join(pairs)}")
    if seen.turn.kept_card is not None and seen.active == seen.player:
        kept = seen.turn.kept_card
        lines.append(f"  (you took {kept}: it may not be discarded this turn, R17)")
    return lines


def _scores(seen: PlayerView) -> str:
    return ", ".join(
        f"{name(player, seen.player)} {score}" for player, score in enumerate(seen.scores)
    )


def _others(seen: PlayerView) -> str:
    parts = []
    for player, size in enumerate(seen.hand_sizes):
        if player != seen.player:
            down = ", down" if seen.down[player] else ""
            parts.append(f"{name(player, seen.player)}: {_count(size, 'card')}{down}")
    return "; ".join(parts)


def table_lines(seen: PlayerView) -> list[str]:
    """The melds on the table, with their indexes (for lay-offs and swaps) and owners."""
    if not seen.table:
        return ["Table: no melds yet"]
    lines = ["Table:"]
    for index, laid in enumerate(seen.table):
        owner = name(laid.owner, seen.player)
        lines.append(f"  [{index}] {owner:9} {meld_text(laid.meld, seen.variant)}")
    return lines


def position_lines(seen: PlayerView) -> list[str]:
    """The whole position the person sees: round, scores, table, pile, others, hand."""
    variant = seen.variant
    title = f"--- Round {seen.round_number} of {variant.rounds} ({variant.name}): {seen.contract}"
    if variant.at_once(seen.round_number):
        title += ", all at once (R24)"
    turn = f"Turn: {name(seen.active, seen.player)}.  Dealer: {name(seen.dealer, seen.player)}."
    return [
        "",
        f"{title} ".ljust(WIDTH, "-"),
        f"{turn}  Scores: {_scores(seen)}",
        *table_lines(seen),
        _pile(seen),
        f"Others: {_others(seen)}",
        *hand_lines(seen),
    ]


def _pile(seen: PlayerView) -> str:
    top = seen.top_discard
    size = len(seen.discard)
    pile = f"{top} on top ({_count(size, 'card')})" if top is not None else "empty"
    return f"Discard pile: {pile}.  Stock: {_count(seen.stock_size, 'card')}."


def offer_lines(seen: PlayerView) -> list[str]:
    """What the person needs to see to answer a buy offer: the pile and their hand."""
    return ["", _pile(seen), *hand_lines(seen)]


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


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, or "-" for none."""
    return " ".join(map(str, cards)) or "-"
