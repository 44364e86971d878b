"""Checking one proposed go-down against the hand and the contract (R9, R12, R14, R16, R24)."""

from __future__ import annotations

from collections.abc import Sequence

from contract_rummy._hands import keeps_a_discard
from contract_rummy.cards import Card
from contract_rummy.contracts import Contract
from contract_rummy.errors import InvalidMeldError, Refusal
from contract_rummy.godown._plan import MeldSpec
from contract_rummy.godown._search import touching
from contract_rummy.melds import Group, Run, under
from contract_rummy.variants import Variant

__all__ = ["godown_problem", "spec"]


def spec(meld: Group | Run) -> MeldSpec:
    """The search's description of ``meld``."""
    return MeldSpec(*meld.order_key)


def godown_problem(
    variant: Variant,
    round_number: int,
    hand: Sequence[Card],
    kept_card: Card | None,
    melds: Sequence[Group | Run],
) -> Refusal | None:
    """Why ``melds`` is not a legal go-down from ``hand``, or ``None`` if it is.

    Each meld is checked against ``variant``; a meld built under it is taken as it is, so
    melds already checked are not checked again. The refusal names the rule that refuses
    the go-down.
    """
    contract = variant.contract(round_number)
    at_once = variant.at_once(round_number)
    try:
        melds = [under(meld, variant) for meld in melds]
    except InvalidMeldError as error:
        return error.refusal
    groups = sorted((len(m) for m in melds if isinstance(m, Group)), reverse=True)
    runs = sorted((len(m) for m in melds if isinstance(m, Run)), reverse=True)
    exact = variant.exact_first_meld and not at_once
    if not _fits(groups, contract.groups, exact=exact) or not _fits(
        runs, contract.runs, exact=exact
    ):
        rule = "R24" if at_once else "R14"
        got = str(Contract(groups=groups, runs=runs)) if melds else "no melds"
        return Refusal(rule, f"round {round_number} needs {contract}; got {got}")
    counts = [0] * 53
    for card in hand:
        counts[card.index] += 1
    for meld in melds:
        for card in meld.cards:
            counts[card.index] -= 1
            if counts[card.index] < 0:
                return Refusal("R9", f"the melds use {card} more often than the hand holds it")
    if not variant.runs_may_touch:
        chosen: tuple[MeldSpec, ...] = ()
        for meld in melds:
            if isinstance(meld, Run):
                found = spec(meld)
                if touching(found, chosen):
                    return Refusal(
                        "R12", f"two runs of {meld.suit.name.lower()} may not be contiguous"
                    )
                chosen = (*chosen, found)
    left = sum(counts)
    if at_once:
        if left:
            return Refusal(
                "R24", f"going down in round {round_number} takes the whole hand at once"
            )
        return None
    kept = -1 if kept_card is None else kept_card.index
    only_kept_left = left == 1 and kept >= 0 and counts[kept] > 0
    if not keeps_a_discard(
        left, only_kept_left=only_kept_left, final_discard=variant.final_discard
    ):
        message = "going down must leave a card that may be discarded"
        if only_kept_left:
            message += f": the only card left, {kept_card}, was taken from the discard pile (R17)"
        return Refusal("R16", message)
    return None


def _fits(lengths: list[int], required: tuple[int, ...], *, exact: bool) -> bool:
    """Whether melds of ``lengths`` fill the places ``required`` (both longest first)."""
    if len(lengths) != len(required):
        return False
    if exact:
        return lengths == list(required)
    return all(have >= need for have, need in zip(lengths, required, strict=True))
