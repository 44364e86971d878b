"""What a round's end scores and who wins the game (R25, R26, R28, R34).

One home for these rules: the engine scores a round with :func:`penalties_of` and names
the winners with :func:`winners_of` (:func:`contract_rummy.engine.end_round`), and a state
built by hand is checked against the same two functions, so that a finished round's
penalties are what its hands are worth and a finished game's winners hold the lowest total.
"""

from __future__ import annotations

from contract_rummy.cards import Card
from contract_rummy.variants import TieBreak, Variant

__all__ = ["penalties_of", "winners_of"]


def penalties_of(variant: Variant, hands: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    """R25: what each hand left at the end of a round costs its player, under ``variant``.

    Every card still in hand scores its penalty (:meth:`Variant.penalty
    <contract_rummy.Variant.penalty>`); the player who went out holds nothing and scores 0.

    >>> import contract_rummy as cr
    >>> from contract_rummy.state import penalties_of
    >>> penalties_of(cr.PAGAT, (cr.parse_cards("KC AH 5D JK"), ()))
    (45, 0)
    """
    penalty = variant.penalty
    return tuple(sum(map(penalty, hand)) for hand in hands)


def winners_of(
    variant: Variant, scores: tuple[int, ...], penalties: tuple[int, ...]
) -> tuple[int, ...]:
    """R28: the lowest total wins; ties share, or go to the lower last round first (R34).

    ``scores`` are the final totals and ``penalties`` the last round's. The winners come in
    seat order.

    >>> import contract_rummy as cr
    >>> from contract_rummy.state import winners_of
    >>> winners_of(cr.PAGAT, (30, 10, 10), (5, 0, 2))
    (1, 2)
    >>> winners_of(cr.PROGRESSIVE, (30, 10, 10), (5, 0, 2))
    (1,)
    """
    best = min(scores)
    tied = [p for p, total in enumerate(scores) if total == best]
    if variant.tie_break is TieBreak.LAST_ROUND and len(tied) > 1:
        lowest = min(penalties[p] for p in tied)
        tied = [p for p in tied if penalties[p] == lowest]
    return tuple(tied)
