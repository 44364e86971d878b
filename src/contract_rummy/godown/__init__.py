"""The go-down search: every distinct way a hand can meet its contract (R12, R14, R16, R24).

This package is the only place that knows how go-downs are found; the engine
(:mod:`contract_rummy.engine`) decides when going down is allowed at all. It offers:

- :func:`go_downs`: the go-downs of a hand as a lazy sequence of
  :class:`~contract_rummy.GoDown` actions, built only when read;
- :func:`iter_go_downs`: the same go-downs as tuples of melds;
- :func:`godown_problem`: why one proposed go-down is refused, or ``None``;
- :func:`search`: the go-downs as the search finds them, for :class:`GoDowns` to build.

>>> from contract_rummy.cards import parse_cards
>>> from contract_rummy.variants import PAGAT
>>> found = go_downs(PAGAT, 1, parse_cards("7C 7D 7H 9S 9D 9H JK KD"), None)
>>> len(found)
7
>>> found[0]
GoDown(melds=(Group(Rank.SEVEN, '7C 7D 7H'), Group(Rank.NINE, '9D 9H 9S')))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from contract_rummy.actions import GoDown
from contract_rummy.cards import _ALL, Card, Rank, Suit
from contract_rummy.godown._check import godown_problem
from contract_rummy.godown._search import GROUP, Found, MeldSpec, search
from contract_rummy.melds import Group, Run
from contract_rummy.variants import Variant

__all__ = ["GoDowns", "go_downs", "godown_problem", "iter_go_downs", "search"]

_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)


class GoDowns(Sequence[GoDown]):
    """The go-downs of one hand, in the search's order; each is built when it is read."""

    __slots__ = ("_built", "_found", "_variant")

    def __init__(self, variant: Variant, found: list[Found]) -> None:
        self._variant = variant
        self._found = found
        self._built: dict[MeldSpec, Group | Run] = {}

    def __len__(self) -> int:
        return len(self._found)

    @overload
    def __getitem__(self, index: int) -> GoDown: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[GoDown]: ...
    def __getitem__(self, index: int | slice) -> GoDown | Sequence[GoDown]:
        if isinstance(index, slice):
            return [self._go_down(found) for found in self._found[index]]
        return self._go_down(self._found[index])

    def __iter__(self) -> Iterator[GoDown]:
        for found in self._found:
            yield self._go_down(found)

    def _go_down(self, found: Found) -> GoDown:
        return GoDown._trusted(tuple(self._meld(spec) for spec in sorted(found)))

    def _meld(self, spec: MeldSpec) -> Group | Run:
        # The search only finds valid melds (the tests check it against the meld rules).
        meld = self._built.get(spec)
        if meld is None:
            cards = tuple(_ALL[index] for index in spec.cards)
            if spec.kind == GROUP:
                meld = Group._trusted(_RANKS[spec.key - 1], cards, self._variant)
            else:
                meld = Run._trusted(_SUITS[spec.key], spec.low, cards, self._variant)
            self._built[spec] = meld
        return meld


def go_downs(
    variant: Variant, round_number: int, hand: Sequence[Card], kept_card: Card | None
) -> GoDowns:
    """Every distinct go-down ``hand`` can make in round ``round_number`` (R14, R24).

    Before the last round the hand must keep a card the player may discard (R16); never
    only ``kept_card``, the card taken from the discard pile this turn (R17).
    """
    return GoDowns(variant, search(variant, round_number, hand, kept_card))


def iter_go_downs(
    variant: Variant, round_number: int, hand: Sequence[Card], kept_card: Card | None
) -> Iterator[tuple[Group | Run, ...]]:
    """The melds of every go-down of :func:`go_downs`, in the same order."""
    for action in go_downs(variant, round_number, hand, kept_card):
        yield action.melds
