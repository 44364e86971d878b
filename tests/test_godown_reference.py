"""The engine's go-downs against a brute-force reference written from RULES.md.

:func:`reference_go_downs` lists every go-down a hand allows the slow, obvious way: every
group and run the hand can supply (R7-R10), combined in every way the round's contract asks
for (R11, R14, R24), kept when the cards fit the hand (R9), same-suit runs do not touch
(R12) and a card is left that may be discarded (R16, R17). The tests compare it with the
``GoDown`` actions of :func:`contract_rummy.legal_actions` on many random hands, for every
round of ``pagat`` and for a few variants.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeAlias

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.godown import go_downs

Meld: TypeAlias = cr.Group | cr.Run
Cards: TypeAlias = tuple[cr.Card, ...]

PLAYERS: Final = 4
ACTIVE: Final = 1  # the player on the dealer's left, with dealer 0 (R6)
ACE_HIGH: Final = 14

DEUCES_WILD: Final = attrs.evolve(cr.PAGAT, name="deuces-wild", wild_ranks={cr.Rank.TWO})
LONGER_MELDS: Final = attrs.evolve(cr.PAGAT, name="may-i", exact_first_meld=False)
RUNS_TOUCH: Final = attrs.evolve(cr.PAGAT, name="runs-touch", runs_may_touch=True)
ACES_HIGH: Final = attrs.evolve(
    cr.PAGAT, name="aces-high", aces=cr.AceRule.HIGH, max_run_length=13
)
NO_FINAL_DISCARD: Final = attrs.evolve(cr.PAGAT, name="no-final-discard", final_discard=False)
#: A contract of one place a round: a group, a run, then a run of the whole hand (R24),
#: dealt so few cards that a go-down may leave none, or only the card taken (R16, R17).
ONE_PLACE: Final = attrs.evolve(
    cr.PAGAT,
    name="one-place",
    ladder=(
        (cr.Contract(groups=(3,)), 3),
        (cr.Contract(runs=(4,)), 4),
        (cr.Contract(runs=(7,)), 7),
    ),
)
#: ``shanghai``'s 8th round (R24: three groups and a run of the whole hand) with wild 2s too.
SHANGHAI_DEUCES: Final = attrs.evolve(
    cr.SHANGHAI, name="shanghai-deuces", wild_ranks={cr.Rank.TWO}, max_players=6
)


# -- the reference -----------------------------------------------------------------------


def _fits(cards: Iterable[cr.Card], pool: Counter[cr.Card]) -> bool:
    """Whether ``pool`` holds every card of ``cards``, copies counted (R9)."""
    return all(pool[card] >= count for card, count in Counter(cards).items())


def _natural(suit: cr.Suit, position: int) -> cr.Card:
    """The natural card at ``position`` (1-14, 14 the ace above the king) of a run (R8)."""
    return cr.Card(cr.Rank.ACE if position == ACE_HIGH else cr.Rank(position), suit)


def _lengths(minimum: int, longest: int, *, exact: bool) -> range:
    return range(minimum, minimum + 1) if exact else range(minimum, longest + 1)


def _group_candidates(
    variant: cr.Variant, hand: Counter[cr.Card], minimum: int, longest: int, *, exact: bool
) -> set[cr.Group]:
    """Every group of ``minimum`` cards (up to ``longest``, unless ``exact``) in the hand."""
    groups: set[cr.Group] = set()
    for rank in cr.Rank:
        usable = sorted(card for card in hand if card.rank is rank or variant.is_wild(card))
        held = sum(hand[card] for card in usable)
        for length in _lengths(minimum, min(held, longest), exact=exact):
            for cards in itertools.combinations_with_replacement(usable, length):
                if _fits(cards, hand):
                    groups.add(cr.Group(rank, cards, variant=variant))
    return groups


def _fillings(options: Sequence[Sequence[cr.Card]], pool: Counter[cr.Card]) -> Iterator[Cards]:
    """Every pick of one card per position from ``options`` that fits ``pool``.

    The same as filtering ``itertools.product(*options)`` with :func:`_fits`, without
    building the picks that already fail on a prefix.
    """
    if not options:
        yield ()
        return
    for card in options[0]:
        if pool[card] > 0:
            rest = pool - Counter([card])
            for tail in _fillings(options[1:], rest):
                yield (card, *tail)


def _run_candidates(
    variant: cr.Variant, hand: Counter[cr.Card], minimum: int, longest: int, *, exact: bool
) -> set[cr.Run]:
    """Every run of ``minimum`` cards (up to ``longest``, unless ``exact``) in the hand."""
    lowest = 2 if variant.aces is cr.AceRule.HIGH else 1
    highest = 13 if variant.aces is cr.AceRule.LOW else ACE_HIGH
    wilds = [card for card in sorted(hand) if variant.is_wild(card)]
    runs: set[cr.Run] = set()
    for suit in cr.Suit:
        for low in range(lowest, 14):
            for length in _lengths(minimum, min(variant.max_run_length, longest), exact=exact):
                high = low + length - 1
                if high > highest:
                    continue
                options = []
                for position in range(low, high + 1):
                    natural = _natural(suit, position)
                    choices = {natural} if hand[natural] else set()
                    options.append(sorted(choices | set(wilds)))
                for cards in _fillings(options, hand):
                    runs.add(cr.Run(suit, low, cards, variant=variant))
    return runs


def _touching(first: cr.Run, second: cr.Run) -> bool:
    """Whether two runs of one suit are contiguous (R12), a wild's position included."""
    return first.suit is second.suit and (
        first.high + 1 == second.low or second.high + 1 == first.low
    )


def _leaves_a_discard(
    variant: cr.Variant, left: Counter[cr.Card], used: Counter[cr.Card], kept: cr.Card | None
) -> bool:
    """Whether the cards ``left`` after going down let the player end the turn (R16).

    They must hold a card the player may discard, unless the variant goes out without a
    final discard and none are left. R17 forbids discarding the copy taken from the pile,
    not a copy held before. Copies are interchangeable (R2), so when the go-down uses a copy
    of the kept card, that copy may be the one taken from the pile and every copy left was
    held before. Without a final discard an empty hand goes out, but the card R17 keeps,
    left alone, still ends no turn (:attr:`~contract_rummy.Variant.final_discard`).
    """
    if not left:
        return not variant.final_discard
    if kept is None or variant.discard_taken_card:
        return True
    if any(card != kept for card in left):
        return True
    return left[kept] >= 2 or used[kept] >= 1


def reference_go_downs(
    variant: cr.Variant, round_number: int, hand: Iterable[cr.Card], kept_card: cr.Card | None
) -> set[cr.GoDown]:
    """Every go-down ``hand`` allows in round ``round_number``, by brute force.

    Args:
        variant: The rules in force.
        round_number: The round, from 1; its contract is ``variant.contract(round_number)``.
        hand: The active player's cards after the draw.
        kept_card: The card taken from the discard pile this turn (R17), or ``None``.
    """
    cards = Counter(hand)
    contract = variant.contract(round_number)
    at_once = variant.at_once(round_number)
    exact = variant.exact_first_meld and not at_once
    # The other melds need their minimum lengths, so no meld is longer than this.
    room = cards.total() - contract.min_cards
    # One slot per meld of the contract; equal slots take candidates in non-decreasing
    # order, as itertools.combinations_with_replacement does, so no go-down repeats.
    slots: list[tuple[str, int]] = [("group", length) for length in contract.groups]
    slots += [("run", length) for length in contract.runs]
    candidates: dict[tuple[str, int], list[tuple[Meld, Counter[cr.Card]]]] = {}
    for kind, length in set(slots):
        found: set[Meld] = set()
        if kind == "group":
            found.update(_group_candidates(variant, cards, length, length + room, exact=exact))
        else:
            found.update(_run_candidates(variant, cards, length, length + room, exact=exact))
        candidates[kind, length] = [
            (meld, Counter(meld.cards)) for meld in sorted(found, key=repr)
        ]

    # In an at-once round the last meld takes exactly the cards the others leave.
    by_cards: dict[tuple[str, int], dict[Cards, list[int]]] = {}
    for slot_key, options in candidates.items():
        for index, (meld, _) in enumerate(options):
            by_cards.setdefault(slot_key, {}).setdefault(tuple(sorted(meld.cards)), []).append(
                index
            )

    go_downs: set[cr.GoDown] = set()

    def choose(slot: int, start: int, left: Counter[cr.Card], chosen: tuple[Meld, ...]) -> None:
        if slot == len(slots):
            keep(left, chosen)
            return
        options = candidates[slots[slot]]
        same_next = slot + 1 < len(slots) and slots[slot + 1] == slots[slot]
        # The later melds need their minimum lengths at least.
        later = sum(length for _, length in slots[slot + 1 :])
        cards_left = left.total()
        indices: Iterable[int] = range(start, len(options))
        if at_once and slot == len(slots) - 1:
            exactly = by_cards.get(slots[slot], {}).get(tuple(sorted(left.elements())), [])
            indices = [index for index in exactly if index >= start]
        for index in indices:
            meld, needs = options[index]
            if cards_left - len(meld.cards) >= later and needs <= left:
                next_start = index if same_next else 0
                choose(slot + 1, next_start, left - needs, (*chosen, meld))

    def keep(left: Counter[cr.Card], melds: tuple[Meld, ...]) -> None:
        runs = [meld for meld in melds if isinstance(meld, cr.Run)]
        if not variant.runs_may_touch and any(
            _touching(first, second) for first, second in itertools.combinations(runs, 2)
        ):
            return
        if at_once:
            if left:
                return
        else:
            used = Counter(card for meld in melds for card in meld.cards)
            if not _leaves_a_discard(variant, left, used, kept_card):
                return
        go_downs.add(cr.GoDown(melds))

    choose(0, 0, cards, ())
    return go_downs


# -- states to compare on ----------------------------------------------------------------


@attrs.frozen
class Deal:
    """A hand for the active player after the draw, and how it was drawn."""

    round_number: int
    hand: Cards
    drawn: cr.Card
    from_discard: bool

    def __str__(self) -> str:
        source = "discard" if self.from_discard else "stock"
        return (
            f"round {self.round_number}, hand {cr.format_cards(sorted(self.hand))}, "
            f"{self.drawn} drawn from the {source}"
        )


def play_state(variant: cr.Variant, deal: Deal) -> cr.RoundState:
    """A PLAY-phase state in which the active player holds exactly ``deal.hand``."""
    deck = Counter(variant.deck(PLAYERS))
    wanted = Counter(deal.hand)
    assert _fits(wanted, deck), f"the deck cannot supply {deal}"
    assert deal.drawn in wanted
    rest = sorted((deck - wanted).elements())
    random.Random(len(rest)).shuffle(rest)
    before = sorted((wanted - Counter([deal.drawn])).elements())
    others = [rest[0:10], rest[10:20], rest[20:30]]
    up, stock = rest[30], rest[31:]
    if deal.from_discard:
        discard = [up, deal.drawn]
    else:
        discard = [up]
        stock = [deal.drawn, *stock]
    hands = [others[0], before, others[1], others[2]]
    state = cr.start_round(
        variant,
        round_number=deal.round_number,
        dealer=0,
        hands=hands,
        stock=stock,
        discard=discard,
    )
    assert state.active == ACTIVE
    while state.phase is cr.Phase.BUY:  # the Shanghai call's asking, before the draw (R31)
        state = cr.apply(state, cr.Pass())
    assert state.phase is cr.Phase.DRAW
    state = cr.apply(state, cr.TakeDiscard() if deal.from_discard else cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    assert state.phase is cr.Phase.PLAY
    assert state.active == ACTIVE
    assert Counter(state.hands[ACTIVE]) == wanted
    # R17 binds only while no copy of the taken card was held before: one held before
    # may always be discarded in its place (R2).
    forbidden = deal.from_discard and deal.drawn not in before
    assert state.kept_card == (deal.drawn if forbidden else None)
    return state


def compare(variant: cr.Variant, deal: Deal) -> int:
    """Check the engine's go-downs for ``deal`` against the reference; return how many."""
    state = play_state(variant, deal)
    legal = list(cr.legal_actions(state))
    assert len(legal) == len(set(legal)), f"{variant.name}, {deal}: an action is listed twice"
    engine = {action for action in legal if isinstance(action, cr.GoDown)}
    kept = deal.drawn if deal.from_discard else None
    expected = reference_go_downs(variant, deal.round_number, state.hands[ACTIVE], kept)
    only_engine = sorted(map(repr, engine - expected))
    only_reference = sorted(map(repr, expected - engine))
    assert engine == expected, (
        f"{variant.name}, {deal}: only the engine lists {only_engine}; "
        f"only the rules allow {only_reference}"
    )
    for go_down in engine:
        after = cr.apply(state, go_down)
        used = Counter(card for meld in go_down.melds for card in meld.cards)
        assert after.down[ACTIVE]
        assert Counter(after.hands[ACTIVE]) == Counter(state.hands[ACTIVE]) - used
    return len(engine)


# -- hands -------------------------------------------------------------------------------


def naturals(variant: cr.Variant, suits: Iterable[cr.Suit], ranks: Iterable[int]) -> list[cr.Card]:
    """Every physical natural card of ``suits`` and ``ranks`` in the variant's deck."""
    wanted = {cr.Card(cr.Rank(rank), suit) for suit in suits for rank in ranks}
    return [card for card in variant.deck(PLAYERS) if card in wanted]


def random_deal(
    rng: random.Random,
    variant: cr.Variant,
    round_number: int,
    size: int,
    *,
    rich: bool,
    from_discard: bool = False,
) -> Deal:
    """A random hand of ``size`` cards with 0-3 jokers; ``rich`` hands come from few cards."""
    jokers = rng.randint(0, 3)
    if rich:
        suits = rng.sample(list(cr.Suit), rng.choice((1, 2, 2)))
        low = rng.randint(1, 8)
        pool = naturals(variant, suits, range(low, low + rng.randint(5, 6)))
    else:
        pool = [card for card in variant.deck(PLAYERS) if not card.is_joker]
    hand = (*rng.sample(pool, min(size - jokers, len(pool))), *(cr.JOKER,) * jokers)
    return Deal(round_number, hand, rng.choice(hand), from_discard)


def planted_deal(rng: random.Random, variant: cr.Variant, round_number: int, size: int) -> Deal:
    """A hand holding one go-down of the contract (if the deck allows), then random cards.

    In an at-once round (R24) the runs grow to take the whole hand instead.
    """
    deck = Counter(variant.deck(PLAYERS))
    contract = variant.contract(round_number)
    run_lengths = list(contract.runs)
    if variant.at_once(round_number) and run_lengths:
        for _ in range(size - contract.min_cards):
            index = rng.randrange(len(run_lengths))
            run_lengths[index] = min(run_lengths[index] + 1, variant.max_run_length)
    lowest = 2 if variant.aces is cr.AceRule.HIGH else 1
    highest = 13 if variant.aces is cr.AceRule.LOW else ACE_HIGH
    hand: list[cr.Card] = []
    for length in contract.groups:
        rank = cr.Rank(rng.randint(1, 13))
        hand += [cr.Card(rank, rng.choice(list(cr.Suit))) for _ in range(length)]
    for length in run_lengths:
        suit = rng.choice(list(cr.Suit))
        low = rng.randint(lowest, highest - length + 1)
        hand += [_natural(suit, position) for position in range(low, low + length)]
    hand = [cr.JOKER if rng.random() < 0.1 else card for card in hand]
    while len(hand) < size:
        hand.append(rng.choice(variant.deck(PLAYERS)))
    hand = list(_fit_to_deck(hand, deck, rng))
    return Deal(round_number, tuple(hand), rng.choice(hand), rng.random() < 0.25)


def _fit_to_deck(hand: list[cr.Card], deck: Counter[cr.Card], rng: random.Random) -> Cards:
    """``hand`` with cards the deck has too few copies of swapped for ones it has left."""
    left = deck.copy()
    out: list[cr.Card] = []
    for wanted in hand:
        card = wanted if left[wanted] else rng.choice(sorted(left.elements()))
        left[card] -= 1
        out.append(card)
    return tuple(out)


#: Hands hold at most this many wild cards: with more, go-downs number in the thousands.
MAX_WILDS: Final = 4


def seeded_deals(
    variant: cr.Variant, round_number: int, count: int, sizes: Sequence[int], seed: int
) -> list[Deal]:
    """``count`` reproducible deals: a third random, a third meld-rich, a third planted."""
    rng = random.Random(f"{variant.name}-{round_number}-{seed}")
    deals: list[Deal] = []
    while len(deals) < count:
        size = rng.choice(sizes)
        kind = len(deals) % 3
        if kind == 2:
            deal = planted_deal(rng, variant, round_number, size)
        else:
            from_discard = rng.random() < 0.25
            deal = random_deal(
                rng, variant, round_number, size, rich=kind == 1, from_discard=from_discard
            )
        if sum(map(variant.is_wild, deal.hand)) <= MAX_WILDS:
            deals.append(deal)
    return deals


def compare_all(variant: cr.Variant, deals: Sequence[Deal], *, least_with: float) -> None:
    """Compare every deal; at least ``least_with`` of them must allow a go-down."""
    with_go_downs = sum(compare(variant, deal) > 0 for deal in deals)
    assert with_go_downs >= least_with * len(deals), (
        f"only {with_go_downs} of {len(deals)} hands could go down: the comparison is too weak"
    )


def sizes(variant: cr.Variant, round_number: int) -> tuple[int, ...]:
    """Hand sizes after the draw: as dealt, after the draw, and after a buy or two."""
    dealt = variant.cards_dealt(round_number)
    return (dealt, dealt + 1, dealt + 1, dealt + 2, dealt + 3)


VARIANTS_UNDER_TEST: Final = (DEUCES_WILD, LONGER_MELDS, RUNS_TOUCH, ACES_HIGH, NO_FINAL_DISCARD)
#: Seeded deals per variant and round: 15 under the default Hypothesis profile, 500 when
#: thorough.
VARIANT_DEALS: Final = max(15, settings().max_examples // 4)


@st.composite
def deals(draw: st.DrawFn, variant: cr.Variant, rounds: Sequence[int]) -> Deal:
    """Hands for ``rounds``: random, or from a few suits and ranks, with 0-3 jokers."""
    round_number = draw(st.sampled_from(rounds))
    size = draw(st.sampled_from(sizes(variant, round_number)))
    jokers = draw(st.integers(0, 3))
    if draw(st.booleans()):
        suits = draw(st.lists(st.sampled_from(list(cr.Suit)), min_size=1, max_size=2, unique=True))
        low = draw(st.integers(1, 8))
        pool = naturals(variant, suits, range(low, low + 6))
    else:
        pool = [card for card in variant.deck(PLAYERS) if not card.is_joker]
    count = min(size - jokers, len(pool))
    picks = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=count, max_size=count, unique=True)
    )
    hand = (*(pool[index] for index in picks), *(cr.JOKER,) * jokers)
    assume(sum(map(variant.is_wild, hand)) <= MAX_WILDS)
    drawn = draw(st.sampled_from(hand))
    return Deal(round_number, hand, drawn, draw(st.booleans()))


# -- the reference on its own ------------------------------------------------------------


def _go_down(*melds: Meld) -> cr.GoDown:
    return cr.GoDown(melds)


def test_r14_reference_finds_the_one_go_down_of_a_plain_hand() -> None:
    hand = cr.parse_cards("7C 7D 7H 9S 9S 9D 2C KH")
    assert reference_go_downs(cr.PAGAT, 1, hand, None) == {
        _go_down(cr.Group(cr.Rank.SEVEN, "7C 7D 7H"), cr.Group(cr.Rank.NINE, "9S 9S 9D"))
    }


def test_r14_reference_takes_exact_lengths_only() -> None:
    hand = cr.parse_cards("7C 7D 7H 7S 9S 9S 9D 2C")
    found = reference_go_downs(cr.PAGAT, 1, hand, None)
    assert len(found) == 4  # which three of the four sevens
    assert all(len(meld) == 3 for go_down in found for meld in go_down.melds)
    longer = reference_go_downs(LONGER_MELDS, 1, hand, None)
    assert _go_down(cr.Group(7, "7C 7D 7H 7S"), cr.Group(9, "9S 9S 9D")) in longer


def test_r16_reference_keeps_a_card_to_discard() -> None:
    hand = cr.parse_cards("7C 7D 7H 9S 9S 9D")
    assert reference_go_downs(cr.PAGAT, 1, hand, None) == set()
    assert len(reference_go_downs(NO_FINAL_DISCARD, 1, hand, None)) == 1
    # R17: the only card left would be the one taken from the pile.
    hand = cr.parse_cards("7C 7D 7H 9S 9S 9D KH")
    assert reference_go_downs(cr.PAGAT, 1, hand, cr.Card.parse("KH")) == set()
    assert len(reference_go_downs(cr.PAGAT, 1, hand, cr.Card.parse("7C"))) == 1
    # Going out without a final discard empties the hand; the kept card alone is no way out.
    assert reference_go_downs(NO_FINAL_DISCARD, 1, hand, cr.Card.parse("KH")) == set()


def test_r12_reference_refuses_touching_runs() -> None:
    spades = cr.Suit.SPADES
    hand = cr.parse_cards("3S 4S 5S 6S 7S 8S 9S 10S KD")
    assert reference_go_downs(cr.PAGAT, 3, hand, None) == set()
    assert reference_go_downs(RUNS_TOUCH, 3, hand, None) == {
        _go_down(cr.Run(spades, 3, "3S 4S 5S 6S"), cr.Run(spades, 7, "7S 8S 9S 10S"))
    }
    hand = cr.parse_cards("3S 4S 5S 6S JK 8S 9S 10S KD")
    gap = _go_down(cr.Run(spades, 3, "3S 4S 5S 6S"), cr.Run(spades, 8, "8S 9S 10S JK"))
    touching = _go_down(cr.Run(spades, 3, "3S 4S 5S 6S"), cr.Run(spades, 7, "JK 8S 9S 10S"))
    assert reference_go_downs(cr.PAGAT, 3, hand, None) == {gap}
    assert reference_go_downs(RUNS_TOUCH, 3, hand, None) == {gap, touching}


def test_r24_reference_uses_the_whole_hand() -> None:
    hand = cr.parse_cards("AH 2H 3H 4H 5H 8C 9C 10C JC JD QD KD AD")
    assert reference_go_downs(cr.PAGAT, 7, hand, None) == {
        _go_down(
            cr.Run(cr.Suit.HEARTS, 1, "AH 2H 3H 4H 5H"),
            cr.Run(cr.Suit.CLUBS, 8, "8C 9C 10C JC"),
            cr.Run(cr.Suit.DIAMONDS, 11, "JD QD KD AD"),
        )
    }
    assert reference_go_downs(cr.PAGAT, 7, hand[:-1], None) == set()


# -- the engine against the reference ----------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("round_number", range(1, 7))
def test_r14_go_downs_match_the_rules(round_number: int) -> None:
    deals = seeded_deals(cr.PAGAT, round_number, 200, sizes(cr.PAGAT, round_number), 1)
    compare_all(cr.PAGAT, deals, least_with=0.4)


@pytest.mark.slow
def test_r24_last_round_go_downs_match_the_rules() -> None:
    deals = seeded_deals(cr.PAGAT, 7, 150, sizes(cr.PAGAT, 7), 1)
    compare_all(cr.PAGAT, deals, least_with=0.3)


@pytest.mark.parametrize("variant", [cr.SHANGHAI, SHANGHAI_DEUCES], ids=lambda v: v.name)
def test_r24_groups_and_a_run_at_once_match_the_rules(variant: cr.Variant) -> None:
    deals = seeded_deals(variant, 8, 30, sizes(variant, 8), 1)
    compare_all(variant, deals, least_with=0.2)


@pytest.mark.slow
@pytest.mark.parametrize("round_number", [7, 8])
def test_r24_shanghai_rounds_at_once_match_the_rules(round_number: int) -> None:
    deals = seeded_deals(cr.SHANGHAI, round_number, 200, sizes(cr.SHANGHAI, round_number), 2)
    compare_all(cr.SHANGHAI, deals, least_with=0.2)


@pytest.mark.parametrize(
    "variant",
    [
        ONE_PLACE,
        attrs.evolve(ONE_PLACE, final_discard=False),
        attrs.evolve(ONE_PLACE, exact_first_meld=False),
    ],
    ids=["one-place", "no-final-discard", "longer-melds"],
)
@pytest.mark.parametrize("round_number", [1, 2, 3])
def test_r14_r24_contracts_of_one_place_match_the_rules(
    variant: cr.Variant, round_number: int
) -> None:
    deals = seeded_deals(variant, round_number, 60, sizes(variant, round_number), 4)
    compare_all(variant, deals, least_with=0.3)


@pytest.mark.slow
@pytest.mark.parametrize("round_number", [1, 2])
def test_r14_twenty_card_hands_after_buys_match_the_rules(round_number: int) -> None:
    deals = seeded_deals(cr.PAGAT, round_number, 20, (20,), 2)
    compare_all(cr.PAGAT, deals, least_with=0.5)


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant",
    VARIANTS_UNDER_TEST,
    ids=lambda variant: variant.name,
)
@pytest.mark.parametrize("round_number", range(1, 8))
def test_r7_r12_r14_r16_variant_go_downs_match_the_rules(
    variant: cr.Variant, round_number: int
) -> None:
    deals = seeded_deals(variant, round_number, VARIANT_DEALS, sizes(variant, round_number), 3)
    compare_all(variant, deals, least_with=0.2)


@pytest.mark.slow
@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(deal=deals(cr.PAGAT, range(1, 8)))
def test_r11_r14_r24_go_downs_match_the_rules_on_generated_hands(deal: Deal) -> None:
    compare(cr.PAGAT, deal)


@settings(max_examples=settings().max_examples, deadline=None)
@given(data=st.data(), variant=st.sampled_from(VARIANTS_UNDER_TEST))
def test_r8_r12_r14_variant_go_downs_match_the_rules_on_generated_hands(
    data: st.DataObject, variant: cr.Variant
) -> None:
    compare(variant, data.draw(deals(variant, range(1, 8))))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hand", "blank"),
    [
        # Two suits of natural cards, each one run: the third run is wild cards only.
        ("3S 4S 5S 6S 7H 8H 9H 10H 2C 2D JK JK", True),
        # The spades' 6 twice needs two runs of spades: no room for a run of wild cards.
        ("3S 4S 5S 6S 6S 8H 9H 10H 2C 2D JK JK", False),
        # Natural cards of three suits: each run takes every natural card of its suit.
        ("3S 4S 5S 7H 8H 9H JC QC 2C 2D JK JK", False),
    ],
)
def test_r24_a_run_of_wild_cards_only_where_the_natural_cards_leave_room(
    hand: str, blank: bool
) -> None:
    variant = cr.VARIANTS["deuces-wild"]
    cards = tuple(cr.parse_cards(hand))
    found = go_downs_of(variant, Deal(7, cards, cards[0], from_discard=False))
    assert found
    wild_only = any(all(variant.is_wild(c) for c in m.cards) for g in found for m in g.melds)
    assert wild_only == blank


# -- single positions, engine and reference together --------------------------------------


def go_downs_of(variant: cr.Variant, deal: Deal) -> set[cr.GoDown]:
    """The engine's go-downs for ``deal``, checked against the reference first."""
    compare(variant, deal)
    state = play_state(variant, deal)
    return {action for action in cr.legal_actions(state) if isinstance(action, cr.GoDown)}


def _deal(round_number: int, text: str, drawn: str, *, from_discard: bool = False) -> Deal:
    return Deal(round_number, cr.parse_cards(text), cr.Card.parse(drawn), from_discard)


def test_r12_contiguous_runs_of_one_suit_are_refused() -> None:
    spades = cr.Suit.SPADES
    deal = _deal(3, "3S 4S 5S 6S 7S 8S 9S 10S KD", "KD")
    assert go_downs_of(cr.PAGAT, deal) == set()
    assert go_downs_of(RUNS_TOUCH, deal) == {
        _go_down(cr.Run(spades, 3, "3S 4S 5S 6S"), cr.Run(spades, 7, "7S 8S 9S 10S"))
    }
    # A joker filling the touching card touches too; a gap is fine.
    deal = _deal(3, "3S 4S 5S 6S JK 8S 9S 10S KD", "KD")
    assert go_downs_of(cr.PAGAT, deal) == {
        _go_down(cr.Run(spades, 3, "3S 4S 5S 6S"), cr.Run(spades, 8, "8S 9S 10S JK"))
    }


def test_r14_a_run_that_needs_the_jokers_another_run_took_is_not_listed() -> None:
    # The first run may take a joker (JK 8H 9H 10H), but then no run after it in the
    # search's order can be paid for with the one joker left: only the natural hearts
    # run goes with a spade run, and counting and indexing agree with the listing.
    deal = _deal(3, "3S 4S JK JK 8H 9H 10H JH KD", "KD")
    hearts = cr.Run(cr.Suit.HEARTS, 8, "8H 9H 10H JH")
    expected = [
        _go_down(hearts, cr.Run(cr.Suit.SPADES, 1, "JK JK 3S 4S")),
        _go_down(hearts, cr.Run(cr.Suit.SPADES, 2, "JK 3S 4S JK")),
        _go_down(hearts, cr.Run(cr.Suit.SPADES, 3, "3S 4S JK JK")),
    ]
    assert go_downs_of(cr.PAGAT, deal) == set(expected)
    found = go_downs(cr.PAGAT, 3, deal.hand, None)
    assert list(found) == expected
    assert [found[i] for i in range(len(found))] == expected


def test_r12_overlapping_runs_of_distinct_cards_are_allowed() -> None:
    deal = _deal(3, "3S 4S 5S 6S 5S 6S 7S 8S KD", "KD")
    assert go_downs_of(cr.PAGAT, deal) == {
        _go_down(
            cr.Run(cr.Suit.SPADES, 3, "3S 4S 5S 6S"), cr.Run(cr.Suit.SPADES, 5, "5S 6S 7S 8S")
        )
    }


def test_r16_r17_a_go_down_must_leave_a_card_that_may_be_discarded() -> None:
    # Only the card just taken from the pile would be left.
    assert (
        go_downs_of(cr.PAGAT, _deal(1, "7C 7D 7H 9S 9S 9D KH", "KH", from_discard=True)) == set()
    )
    # The same hand after drawing from the stock may go down.
    assert len(go_downs_of(cr.PAGAT, _deal(1, "7C 7D 7H 9S 9S 9D KH", "KH"))) == 1
    # A copy held before may be discarded: each of the three sevens may be left.
    deal = _deal(1, "7C 7C 7D 7H 9S 9S 9D", "7C", from_discard=True)
    assert len(go_downs_of(cr.PAGAT, deal)) == 3
    # An empty hand is no discard either, unless the variant goes out without one.
    assert go_downs_of(cr.PAGAT, _deal(1, "7C 7D 7H 9S 9S 9D", "9D")) == set()
    assert len(go_downs_of(NO_FINAL_DISCARD, _deal(1, "7C 7D 7H 9S 9S 9D", "9D"))) == 1


def test_r16_r17_without_a_final_discard_the_kept_card_may_not_be_left_alone() -> None:
    clubs = cr.Suit.CLUBS
    deal = _deal(6, "AC AC 2C 2C 3C 3C 4C 4C 5C 6C JK JK", "5C", from_discard=True)
    found = go_downs_of(NO_FINAL_DISCARD, deal)
    sixes = cr.Group(cr.Rank.SIX, "6C JK JK")
    low = cr.Run(clubs, 1, "AC 2C 3C 4C")
    assert _go_down(sixes, low, low) not in found  # only 5C, taken from the pile, is left
    assert _go_down(sixes, low, cr.Run(clubs, 2, "2C 3C 4C 5C")) in found


def test_r24_the_last_round_goes_down_with_the_whole_hand() -> None:
    hand = "AH 2H 3H 4H 5H 8C 9C 10C JC JD QD KD AD"
    assert go_downs_of(cr.PAGAT, _deal(7, hand, "5H")) == {
        _go_down(
            cr.Run(cr.Suit.HEARTS, 1, "AH 2H 3H 4H 5H"),
            cr.Run(cr.Suit.CLUBS, 8, "8C 9C 10C JC"),
            cr.Run(cr.Suit.DIAMONDS, 11, "JD QD KD AD"),
        )
    }
    # One card that fits no run keeps the player from going out.
    assert go_downs_of(cr.PAGAT, _deal(7, hand + " 7S", "7S")) == set()


def test_r24_natural_cards_outside_the_runs_suit_need_a_group_of_their_rank() -> None:
    hand = "7C 7D 7H 9S 9D 9H KC KD KH 3S 4S 5S 6S"
    spades = cr.Suit.SPADES
    assert go_downs_of(cr.SHANGHAI, _deal(8, hand, "6S")) == {
        _go_down(
            cr.Group(7, "7C 7D 7H"),
            cr.Group(9, "9S 9D 9H"),
            cr.Group(13, "KC KD KH"),
            cr.Run(spades, 3, "3S 4S 5S 6S"),
        )
    }
    # A 6 of hearts: outside any one suit, four ranks are left for three groups.
    other = hand.replace("6S", "6H JK")
    assert go_downs_of(cr.SHANGHAI, _deal(8, other, "6H")) == set()
    # A joker in its place: it ends the run of spades, or stands in a group.
    found = go_downs_of(cr.SHANGHAI, _deal(8, hand.replace("6S", "JK"), "JK"))
    assert (
        _go_down(
            cr.Group(7, "7C 7D 7H"),
            cr.Group(9, "9S 9D 9H"),
            cr.Group(13, "KC KD KH"),
            cr.Run(spades, 3, "3S 4S 5S JK"),
        )
        in found
    )


def test_r8_aces_high_only_refuse_a_low_ace() -> None:
    deal = _deal(2, "AH 2H 3H 4H 7C 7D 7S KD", "KD")
    assert len(go_downs_of(cr.PAGAT, deal)) == 1
    assert go_downs_of(ACES_HIGH, deal) == set()
    deal = _deal(2, "JH QH KH AH 7C 7D 7S KD", "KD")
    assert len(go_downs_of(ACES_HIGH, deal)) == 1


def test_r10_wild_twos_stand_in_or_stand_for_themselves() -> None:
    wild = DEUCES_WILD
    deal = _deal(1, "2C 2D 2H 7C 7D 9S 9H KD", "KD")
    found = go_downs_of(wild, deal)
    # A wild two fills the sevens; the other two fill a group with the king (R10).
    assert (
        _go_down(cr.Group(7, "7C 7D 2C", variant=wild), cr.Group(13, "KD 2D 2H", variant=wild))
        in found
    )
    assert go_downs_of(cr.PAGAT, deal) == set()
    deal = _deal(1, "2C 2D 2H 7C 7D 7S KD", "KD")
    assert _go_down(
        cr.Group(2, "2C 2D 2H", variant=wild), cr.Group(7, "7C 7D 7S", variant=wild)
    ) in go_downs_of(wild, deal)
