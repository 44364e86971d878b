"""The greedy bot: goes down as soon as it can, then lays off whatever it may."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from contract_rummy._checks import at_least
from contract_rummy.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from contract_rummy.bots._seen import seen_by
from contract_rummy.cards import Card
from contract_rummy.engine import legal_actions
from contract_rummy.state import Phase, RoundState
from contract_rummy.views import PlayerView

__all__ = ["GreedyBot"]


@attrs.frozen
class GreedyBot:
    """A plain heuristic player, deterministic and quick.

    Before going down it collects pairs: it takes the discard or buys (twice a round at
    most) when the card matches two it holds, and discards its loneliest, costliest card.
    It goes down as soon as it can, then swaps jokers and lays off whenever it may, takes
    the discard only to lay it off, and discards its costliest card.

    With the Shanghai call (R31) it asks for the discard when it would buy it, and answers
    a request by taking the card itself when it wants it, or when the card would help a
    requester who is already down (who asks only to lay off and go out) and costs the bot
    little to keep; otherwise it grants the request.
    """

    max_buys: int = attrs.field(default=2, validator=at_least(0))

    def choose(self, seen: PlayerView | RoundState) -> Action:
        """The bot's action, seeing ``seen`` (or what the player to act in it sees)."""
        seen = seen_by(seen)
        phase = seen.phase
        if phase is Phase.ROUND_OVER:
            return NextRound()
        player = seen.player
        hand = seen.hand
        top = seen.top_discard
        if phase is Phase.DRAW:
            if top is not None and len(hand) > 1:
                if _wanted(seen, top):
                    return TakeDiscard()
                requester = seen.window.requester
                if requester is not None and _blocks(seen, requester, top):
                    return TakeDiscard()  # R31: taking the card blocks the request
            return DrawStock()
        if phase is Phase.BUY:
            board = seen.board
            buy = (
                top is not None
                and not board.down[player]
                and board.buys[player] < self.max_buys
                and _matches(top, hand) >= 2
            )
            return Buy() if buy else Pass()
        legal = legal_actions(seen)
        first = next(iter(legal))
        if isinstance(first, GoDown | SwapJoker | LayOff):
            return first  # go-downs, then swaps, then lay-offs come first
        variant = seen.variant
        discards = [action for action in legal if isinstance(action, Discard)]
        return max(
            discards,
            key=lambda d: (
                not variant.is_wild(d.card),
                -_matches(d.card, hand),
                variant.penalty(d.card),
                d.card.index,
            ),
        )


def _matches(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards in ``hand`` share the card's rank (or count as its neighbours)."""
    if card.rank is None:
        return len(hand)
    near = 0
    for other in hand:
        if other is card:
            continue
        if other.rank == card.rank:
            near += 2
        elif (
            other.suit is card.suit and other.rank is not None and abs(other.rank - card.rank) == 1
        ):
            near += 1
    return near


def _wanted(seen: PlayerView, card: Card) -> bool:
    if seen.variant.is_wild(card):
        return True
    if seen.down[seen.player]:
        return any(placed.meld.accepts(card) for placed in seen.table)
    return _matches(card, seen.hand) >= 2


def _blocks(seen: PlayerView, requester: int, card: Card) -> bool:
    """R31: whether to block ``requester``'s request for ``card`` by taking it."""
    if not seen.down[requester] or seen.variant.penalty(card) > 10:
        return False
    return any(placed.meld.accepts(card) for placed in seen.table)
