"""The heuristic bot: plans its hand toward the contract, then sheds its costliest cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import islice
from operator import itemgetter
from typing import Any, Final, NamedTuple

import attrs

from contract_rummy._checks import at_least, true_or_false
from contract_rummy._hands import add, remove
from contract_rummy.actions import (
    DISCARDS,
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
from contract_rummy.bots._plan import (
    Plan,
    Tally,
    keeps_choice,
    keeps_plan,
    lacks_at_least,
    plan,
    tally,
    tally_with,
    tally_without,
    wanted,
)
from contract_rummy.bots._seen import seen_by
from contract_rummy.cards import JOKER, NATURALS, Card
from contract_rummy.contracts import Contract
from contract_rummy.engine import lay_offs_and_swaps
from contract_rummy.godown import go_downs
from contract_rummy.state import Phase, RoundFacts, RoundState
from contract_rummy.variants import Variant
from contract_rummy.views import PlayerView

__all__ = ["HeuristicBot"]

# The actions without arguments, made once: actions are values, equal whoever makes them.
_BUY: Final = Buy()
_PASS: Final = Pass()
_DRAW_STOCK: Final = DrawStock()
_TAKE_DISCARD: Final = TakeDiscard()
_NEXT_ROUND: Final = NextRound()
# The phases, read once: reading an enum's member from its class costs far more.
_BUY_PHASE: Final = Phase.BUY
_DRAW_PHASE: Final = Phase.DRAW
_ROUND_OVER_PHASE: Final = Phase.ROUND_OVER


class _Round(NamedTuple):
    """What a round's rules say that the bot reads at every decision, read once a round."""

    facts: RoundFacts
    variant: Variant
    contract: Contract
    at_once: bool
    wild: Sequence[bool]
    #: The penalty of each card, by index (R25).
    penalties: tuple[int, ...]
    #: What makes each natural card promising toward the contract (``_PROMISING``).
    promising: Sequence[Callable[[list[int]], Any]]


class _Left(NamedTuple):
    """What a player's last discard before going down left in hand, kept for its next turn."""

    #: The round (its facts).
    facts: RoundFacts
    hand: Sequence[Card]
    #: The hand's :func:`tally`: the next turn's is made from it, a card added.
    counted: Tally


@attrs.frozen
class HeuristicBot:
    """A player that plans its hand toward the round's contract; deterministic.

    Before going down it keeps the cards of its plan (the groups' ranks and the runs'
    stretches that its hand is closest to) and discards the card that helps the plan least,
    the costliest first. It takes the discard when it is a wild card or fills a gap of the
    plan, buys it (R19) only when it fills a gap, and buys at most ``max_buys`` times a
    round. It goes down as soon as it can (R14), choosing among the first
    ``go_down_choices`` go-downs listed the one that lays the most points. Once down it
    swaps jokers (R23), lays off its costliest cards first (R15), takes the discard only
    to lay it off, and discards its costliest card.

    In a round played at once (R24, such as the last) it plans three runs (or whatever the
    contract asks) that take its whole hand, counting the cards that lengthen them, and
    buys nothing but one wild card, since every card bought, the penalty card included,
    must then find a place.

    With the Shanghai call (R31) it asks for the discard when it would buy it, and blocks a
    request by taking the card when it wants it itself.

    >>> import contract_rummy as cr
    >>> final = cr.play_game([HeuristicBot()] * 4, seed=5)
    >>> final.phase
    Phase.GAME_OVER
    """

    max_buys: int = attrs.field(default=3, validator=at_least(0))
    #: How many go-downs to compare when the hand can go down many ways.
    go_down_choices: int = attrs.field(default=8, validator=at_least(1))
    #: Whether to count against a card the cards other players are known to hold
    #: (``view.known``: taken from the discard pile or bought), which cannot come to this
    #: player: choosing a discard before going down, a card whose pairs or neighbours sit
    #: in other hands promises less. Off by default, which plays as the bot always has.
    known_cards: bool = attrs.field(default=False, validator=true_or_false)
    #: The last plan made for each player, with its hand, its round (the facts), the size
    #: it was made for (at once, R24; else 0), and whether it is the hand's plan (or only
    #: that of its groups' ranks: keeps_choice).
    _plans: dict[int, tuple[Sequence[Card], RoundFacts, int, Plan, bool]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    #: The round of the last decision (one, since a round's players decide in turns).
    _round: list[_Round] = attrs.field(factory=list, init=False, eq=False, repr=False)
    #: For each player, what its last discard before going down left (:class:`_Left`).
    _left: dict[int, _Left] = attrs.field(factory=dict, init=False, eq=False, repr=False)

    def choose(self, seen: PlayerView | RoundState) -> Action:
        """The bot's action, seeing ``seen`` (or what the player to act in it sees)."""
        if type(seen) is not PlayerView or seen.to_act != seen.player:
            # (a view of the player to act, most often: the call is spared; the others are
            # the dealer's in ROUND_OVER, or refused)
            seen = seen_by(seen)
        phase = seen.phase
        if phase is _BUY_PHASE:
            return _BUY if self._buys(seen) else _PASS
        if phase is _DRAW_PHASE:
            return self._draw(seen)
        if phase is _ROUND_OVER_PHASE:
            return _NEXT_ROUND
        return self._play(seen)

    # -- decisions ---------------------------------------------------------------------

    def _rules(self, facts: RoundFacts) -> _Round:
        """What the rules say of the round of ``facts`` (kept for the round's decisions)."""
        kept = self._round
        if kept and kept[0].facts is facts:
            return kept[0]
        variant = facts.variant
        round_number = facts.round_number
        contract = variant.contract(round_number)
        rules = _Round(
            facts,
            variant,
            contract,
            variant.at_once(round_number),
            variant.wild_by_index,
            _penalties(variant),
            _PROMISING[contract.groups != (), contract.runs != ()],
        )
        self._round[:] = [rules]
        return rules

    def _draw(self, seen: PlayerView) -> Action:
        discard = seen.discard
        if discard and len(seen.hand) > 1 and self._wanted(seen, discard[-1]):
            return _TAKE_DISCARD
        return _DRAW_STOCK

    def _wanted(self, seen: PlayerView, card: Card) -> bool:
        """Whether to take ``card`` from the discard pile instead of drawing blind."""
        board = seen.board
        if board.down[seen.player]:
            # A meld that cannot reach the card cannot take it (Meld.reach, kept with the
            # meld): asked of every meld, for most of which the answer is no.
            index = card.index
            for placed in board.table:
                meld = placed.meld
                if index in meld.reach() and meld.accepts(card):
                    return True
            return False
        rules = self._rules(seen.facts)
        if rules.wild[card.index]:
            return True
        before = self._plan(seen, seen.hand, rules)
        if not rules.at_once:
            return before.fills(card, rules.variant)
        if not before.wants(card, rules.variant):
            return False
        # R24: the card may also lengthen a meld, which only a whole plan can tell.
        return self._plan(seen, add(seen.hand, (card,)), rules, drawn=True).need < before.need

    def _plan(
        self,
        seen: PlayerView,
        hand: Sequence[Card],
        rules: _Round,
        *,
        drawn: bool = False,
        counted: Tally | None = None,
    ) -> Plan:
        """The plan for ``hand``; ``drawn`` when it already holds this turn's draw.

        A round played at once (R24) lays the whole hand as it is after the draw, so until
        then the plan leaves room for the card still to come. ``counted`` is the hand's
        tally, when it is made already.
        """
        at_once = rules.at_once
        size = len(hand) if drawn else len(hand) + 1
        planned = size if at_once else 0  # what the plan depends on besides hand and round
        # A player's hand is planned again at each buy offer and draw until it changes:
        # the last plan for each player is kept (a hand is compared by identity first).
        player = seen.player
        last = self._plans.get(player)
        known = None
        if (
            last is not None
            and last[1] is rules.facts
            and last[2] == planned
            and (last[0] is hand or last[0] == hand)
        ):
            if last[4]:
                if last[0] is not hand:  # the next look compares by identity
                    self._plans[player] = (hand, *last[1:])
                return last[3]
            known = last[3]  # its groups' ranks are planned already: the other choices
        if counted is None:
            left = self._left.get(player)
            if left is not None and left.facts is rules.facts and left.hand == hand:
                counted = left.counted  # the hand its last discard left: counted then
        found = plan(
            hand,
            rules.contract,
            rules.variant,
            at_once=at_once,
            size=size,
            counted=counted,
            known=known,
        )
        self._plans[player] = (hand, rules.facts, planned, found, True)
        return found

    def _buys(self, seen: PlayerView) -> bool:
        discard = seen.discard
        player = seen.player
        board = seen.board
        if not discard or board.down[player] or board.buys[player] >= self.max_buys:
            return False
        top = discard[-1]
        rules = self._rules(seen.facts)
        if rules.at_once:
            # Every card bought, penalty cards included, must find a place in a meld.
            return rules.wild[top.index] and board.buys[player] == 0
        return self._plan(seen, seen.hand, rules).fills(top, rules.variant)

    def _play(self, seen: PlayerView) -> Action:
        hand = seen.hand
        if seen.board.down[seen.player]:
            found = _lay_off_or_swap(seen, lay_offs_and_swaps(seen, hand))
            if found is not None:
                return found
            return _costliest_discard(seen, hand, self._rules(seen.facts))
        # The plan's quick search may miss a go-down (R14): ask the go-down search, unless
        # the hand's count shows it lacks wild cards for any (most turns; the search would
        # find nothing). These are the go-downs the engine lists first among the legal
        # actions, in the same order. Going down at once (R24) lays the whole hand,
        # whichever go-down it is: the first will do.
        rules = self._rules(seen.facts)
        variant, contract, at_once = rules.variant, rules.contract, rules.at_once
        # Most turns the hand is what the last discard left and the card drawn.
        last = self._left.get(seen.player)
        added = None
        if last is not None and last.facts is rules.facts and len(last.hand) + 1 == len(hand):
            added = _added(last.hand, hand)
        if last is None or added is None:
            counted = tally(hand, variant)
        else:
            counted = tally_with(last.counted, added, variant)
        if lacks_at_least(counted, contract, variant) <= counted.wilds:
            going_down = list(
                islice(
                    go_downs(variant, rules.facts.round_number, hand, seen.turn.kept_card),
                    1 if at_once else self.go_down_choices,
                )
            )
            if going_down:
                penalties = rules.penalties
                return max(going_down, key=lambda action: _points_laid(penalties, action))
        current = self._plan(seen, hand, rules, drawn=True, counted=counted)
        chosen = _discard(seen, current, rules, counted, known_cards=self.known_cards)
        card = chosen.card
        left = remove(hand, card)
        counted_left = tally_without(counted, card, variant)
        self._left[seen.player] = _Left(rules.facts, left, counted_left)
        whole = keeps_plan(
            current, hand, card, contract, variant, at_once=at_once, counted=counted
        )
        if whole or keeps_choice(
            current, hand, card, contract, variant, at_once=at_once, counted=counted
        ):
            # The next buy offer or draw asks for the plan of the hand after this discard,
            # with room for one card more: this plan (made again, it would be equal), or
            # at least the plan of its groups' ranks, which then need not be made again.
            planned = len(hand) if at_once else 0
            self._plans[seen.player] = (left, rules.facts, planned, current, whole)
        return chosen


def _added(before: Sequence[Card], after: Sequence[Card]) -> Card | None:
    """The card ``after`` holds beyond ``before``; ``None`` unless it is ``before`` and one card.

    Both in canonical order, ``after`` one card longer; every copy of a card is one value,
    compared by identity.
    """
    at = 0
    for card in before:
        if card is not after[at]:
            break
        at += 1
    return after[at] if tuple(after[at + 1 :]) == tuple(before[at:]) else None


def _lay_off_or_swap(seen: PlayerView, fitting: Sequence[Action]) -> Action | None:
    """The swap or lay-off to play first: swaps, then the costliest card laid off."""
    variant = seen.variant
    best: LayOff | None = None
    for action in fitting:
        if isinstance(action, SwapJoker):
            return action
        if isinstance(action, LayOff) and (
            best is None or variant.penalty(action.card) > variant.penalty(best.card)
        ):
            best = action
    return best


def _discardable(seen: PlayerView, hand: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that may be discarded now (R17)."""
    kept = seen.turn.kept_card
    if kept is None or seen.variant.discard_taken_card:
        return list(hand)
    # Every copy of a card is one interned value: compared by identity, quicker than by ==.
    others = [card for card in hand if card is not kept]
    return list(hand) if len(others) < len(hand) - 1 else others


def _discardable_indices(seen: PlayerView, hand: Sequence[Card]) -> list[int]:
    """The cards of ``hand`` that may be discarded now (R17), by index, each once.

    Copies of a card are alike (R2): a choice among them depends only on which cards
    may go, so each is looked at once, in canonical order.
    """
    indices = dict.fromkeys([card.index for card in hand])  # keeps the first of each, in order
    kept = seen.turn.kept_card
    if kept is not None and not seen.variant.discard_taken_card and hand.count(kept) == 1:
        del indices[kept.index]  # another copy, held before, may go (R17)
    return list(indices)


def _costliest_discard(seen: PlayerView, hand: Sequence[Card], rules: _Round) -> Discard:
    """Once down: the costliest card, keeping the wild cards, which lay off anywhere."""
    wild, penalties = rules.wild, rules.penalties
    indices = [card.index for card in _discardable(seen, hand)]
    return DISCARDS[max([(not wild[index], penalties[index], index) for index in indices])[2]]


def _discard(
    seen: PlayerView, current: Plan, rules: _Round, counted: Tally, *, known_cards: bool
) -> Discard:
    """Before going down: the card that helps the plan least, the costliest among those.

    ``counted`` is the tally of the hand. With ``known_cards``, the copies of a card's
    pairs and neighbours that other players are known to hold (``seen.known``) count
    against its promise: they cannot come to this player.
    """
    variant = rules.variant
    wild = rules.wild
    counts = counted.counts  # copies of each natural card (by index) that is not wild
    if variant.wild_ranks:  # the wild natural cards count where they stand too
        counts = counts.copy()
        for card in seen.hand:
            if card.index < 52 and wild[card.index]:
                counts[card.index] += 1
    # The cards the plan leaves spare: those held more often than it uses them, each once
    # (the hand's copies of a card are side by side, in canonical order).
    used = current.used
    candidates = []
    last = -1
    for card in seen.hand:
        index = card.index
        if index != last and not wild[index] and counts[index] > used[index]:
            candidates.append(index)
        last = index
    kept = seen.turn.kept_card
    if (
        kept is not None
        and kept.index in candidates  # a natural card, then
        and counts[kept.index] == 1
        and not variant.discard_taken_card
    ):
        candidates.remove(kept.index)  # R17: the card taken, held once, stays
    if not candidates:
        allowed = _discardable_indices(seen, seen.hand)
        candidates = [index for index in allowed if not wild[index]] or allowed
    if rules.at_once:
        wants = wanted(current)
        keep = [index for index in candidates if index not in wants]
        candidates = keep or candidates
    if len(candidates) == 1:
        return DISCARDS[candidates[0]]
    # The card with the least promise (pairs for groups, neighbours for runs), the
    # costliest among those, the first in canonical order among equals.
    groups = rules.contract.groups != ()
    promising = rules.promising
    penalties = rules.penalties
    held = _held_by_others(seen) if known_cards else None
    best: tuple[int, int, int] | None = None
    for index in candidates:
        if index == 52:  # the joker
            promise = 100
        else:
            promise = sum(promising[index](counts))
            if groups:
                promise -= 2  # the card's own copy pairs with nothing
            if held is not None:
                promise -= sum(promising[index](held))
        key = (promise, -penalties[index], index)
        if best is None or key < best:
            best = key
    assert best is not None
    return DISCARDS[best[2]]


def _held_by_others(seen: PlayerView) -> list[int] | None:
    """How many copies of each card (by index) the other players are known to hold.

    ``None`` when nobody else is known to hold any card, as is most often the case.
    """
    held: list[int] | None = None
    for player, cards in enumerate(seen.board.known):
        if player != seen.player and cards:
            if held is None:
                held = [0] * 53
            for card in cards:
                held[card.index] += 1
    return held


@lru_cache(maxsize=64)  # bounded: a program may make variants without end
def _penalties(variant: Variant) -> tuple[int, ...]:
    """The penalty points of each card (R25) in ``variant``, by card index."""
    return tuple(variant.penalty(card) for card in (*NATURALS, JOKER))


def _promised_by(index: int, groups: bool, runs: bool) -> tuple[int, ...]:
    """The cards that make the natural card ``index`` promising, each once per point.

    For groups, the cards of its rank, two points each (its own copy among them). For
    runs, the cards of its suit one or two positions away (R8), two points for a
    neighbour, one beyond: the ace counts above the king, but not the king below the ace.
    """
    suit, rank = divmod(index, 13)
    rank += 1
    promised: list[int] = []
    if groups:
        promised.extend(index % 13 + 13 * other for other in range(4) for _ in range(2))
    if runs:
        for position, points in ((rank - 2, 1), (rank - 1, 2), (rank + 1, 2), (rank + 2, 1)):
            if 1 <= position <= 14:
                promised.extend([13 * suit + (position - 1) % 13] * points)
    return tuple(promised)


#: ``_PROMISING[groups, runs][i]``: for the natural card of index ``i``, reads from a hand's
#: copies of each card (by index) those of the cards :func:`_promised_by` lists; by whether
#: the contract has groups and whether it has runs (it has one or both).
_PROMISING: Final = {
    (groups, runs): tuple(itemgetter(*_promised_by(index, groups, runs)) for index in range(52))
    for groups, runs in ((True, False), (False, True), (True, True))
}


def _points_laid(penalties: Sequence[int], action: GoDown) -> int:
    """The points a go-down takes out of the hand: the more, the fewer are left to lose.

    ``penalties`` holds each card's penalty (R25), by index (:func:`_penalties`).
    """
    return sum([penalties[card.index] for meld in action.melds for card in meld.cards])
