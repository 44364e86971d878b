"""The cards of each hand that everyone knows: taken from the discard pile, or bought.

Every action of the game is public, and so is the card a player takes from the discard pile
(R13, R18) or buys (R19): everyone saw it go into that hand. It stays known until the
player melds, lays off, swaps in (R23) or discards a copy of it, when everyone saw one copy
leave the hand. The engine keeps these cards in :attr:`~contract_rummy.state.Board.known`,
so that a player's view, the bots and :func:`~contract_rummy.determinize` have them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from contract_rummy._hands import add_one, find, without
from contract_rummy.cards import Card
from contract_rummy.engine._common import with_item

__all__ = ["Known", "forget", "learned"]

#: Each player's known cards, in canonical order (:attr:`~contract_rummy.state.Board.known`).
Known: TypeAlias = tuple[tuple[Card, ...], ...]


def learned(known: Known, player: int, card: Card) -> Known:
    """``known`` once everyone saw ``card`` go into ``player``'s hand (R13, R18, R19)."""
    mine = known[player]
    mine = add_one(mine, card) if mine else (card,)  # most often nothing was known
    return with_item(known, player, mine)


def forget(known: Known, player: int, cards: Sequence[Card]) -> Known:
    """``known`` once everyone saw ``cards`` leave ``player``'s hand: one copy of each.

    A card not known to be in the hand leaves nothing to forget: when nothing is forgotten
    (most often nothing is known), ``known`` itself is returned, so that a caller keeps
    its board as it is.
    """
    mine = known[player]
    if not mine:
        return known
    if len(cards) == 1:
        at = find(mine, cards[0])
        left = mine if at < 0 else mine[:at] + mine[at + 1 :]
    else:  # a go-down's melds: one pass over both
        left = without(mine, cards)
        if len(left) == len(mine):
            left = mine
    return known if left is mine else with_item(known, player, left)
