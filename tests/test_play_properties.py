"""Whole games played by legal actions: the invariants of the API hold at every step.

Games are driven by a seeded uniform chooser, by :class:`contract_rummy.GreedyBot`, or by a
table mixing both, under the default profile and a few variants. At every step:

- the variant's whole deck is in hands + stock + discard + table;
- ``legal_actions`` lists no action twice, its ``len``, indexing and iteration agree, and it
  is empty exactly when the game is over;
- the state is hashable, and at the end of a round the penalties are the hands' points and
  the totals grow by exactly the penalties.

On a sample of steps (the ends of rounds, every step where a go-down, lay-off or swap is
listed, and some others), the listed actions are applied, and actions that are *not*
listed (wrong phase, cards not held, table indexes out of range, wrong ends, go-downs that
break the contract) are checked to be refused with a message citing a rule, leaving the
state unchanged; the state is also deep-copied and pickled. Each game is then replayed from
its seed and must give equal states.
"""

from __future__ import annotations

import copy
import functools
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr

SEEDS = st.integers(0, 2**32)

#: Whole games per property: a few under the default Hypothesis profile (``fast``), many
#: more under ``thorough``.
PROFILE_EXAMPLES = settings().max_examples
GAMES = max(1, PROFILE_EXAMPLES // 30)
VARIANT_GAMES = max(1, PROFILE_EXAMPLES // 50)

#: Far more than any game needs: a uniform-random game takes about 1,400 actions with
#: buying and about 5,500 without (buys use the stock up faster).
MAX_ACTIONS = 12_000

#: At most this many listed actions of one state are applied one by one: longer listings
#: (only go-downs make them long) are sampled.
MAX_APPLIED = 150

MELDING = (cr.GoDown, cr.LayOff, cr.SwapJoker)
ENDS: tuple[cr.End | None, ...] = (None, cr.End.LOW, cr.End.HIGH)

ALL_CARDS: tuple[cr.Card, ...] = (*cr.NATURALS, cr.JOKER)
RULE_PREFIX = re.compile(r"R(\d+): ")

PHASE_OF: dict[type, cr.Phase] = {
    cr.DrawStock: cr.Phase.DRAW,
    cr.TakeDiscard: cr.Phase.DRAW,
    cr.Buy: cr.Phase.BUY,
    cr.Pass: cr.Phase.BUY,
    cr.GoDown: cr.Phase.PLAY,
    cr.LayOff: cr.Phase.PLAY,
    cr.SwapJoker: cr.Phase.PLAY,
    cr.Discard: cr.Phase.PLAY,
    cr.NextRound: cr.Phase.ROUND_OVER,
}

#: What a chooser sees: the state and its listed actions; it returns one of them.
Chooser = Callable[[cr.RoundState, Sequence[cr.Action]], cr.Action]

SIX_MAX = attrs.evolve(
    cr.PAGAT, min_players=3, max_players=6, jokers=cr.JokerRule.PLAYERS_MINUS_ONE
)
#: (name, variant, players for new_game, last round played: None to the end of the game).
#: With 2s wild a 13-card hand may hold five wild cards, and listing its go-downs for round
#: 6 (a group and two runs) then takes seconds: those games stop after round 5.
VARIANTS: list[tuple[str, cr.Variant, int | None, int | None]] = [
    ("deuces wild", attrs.evolve(cr.PAGAT, wild_ranks={cr.Rank.TWO}), None, 5),
    ("no buying", attrs.evolve(cr.PAGAT, buying=False), None, None),
    ("longer first melds", attrs.evolve(cr.PAGAT, exact_first_meld=False), None, None),
    ("no final discard", attrs.evolve(cr.PAGAT, final_discard=False), None, None),
    ("swaps in any meld", attrs.evolve(cr.PAGAT, joker_swap=cr.JokerSwap.ANY_MELD), None, None),
    ("3 players, 2 jokers", SIX_MAX, 3, None),
    ("6 players, 5 jokers", SIX_MAX, 6, None),
    ("the Shanghai call", attrs.evolve(cr.PAGAT, shanghai_call=True, max_buys=3), None, None),
]


# == choosers =================================================================================


def uniform(seed: int) -> Chooser:
    """A chooser picking uniformly among the listed actions, from its own seeded generator."""
    rng = random.Random(seed)

    def choose(state: cr.RoundState, listed: Sequence[cr.Action]) -> cr.Action:
        return listed[rng.randrange(len(listed))]

    return choose


def greedy() -> Chooser:
    bot = cr.GreedyBot()

    def choose(state: cr.RoundState, listed: Sequence[cr.Action]) -> cr.Action:
        return bot.choose(state)

    return choose


def mixed_table(seed: int, players: int) -> Chooser:
    """Each seat is a greedy bot or a uniform chooser, as the seed says."""
    rng = random.Random(seed)
    seats = [
        greedy() if rng.random() < 0.5 else uniform(rng.randrange(2**32)) for _ in range(players)
    ]

    def choose(state: cr.RoundState, listed: Sequence[cr.Action]) -> cr.Action:
        seat = state.dealer if state.to_act is None else state.to_act
        return seats[seat](state, listed)

    return choose


# == the checks ===============================================================================


def table_cards(state: cr.RoundState) -> list[cr.Card]:
    return [card for placed in state.table for card in placed.cards]


@functools.cache
def deck_indexes(variant: cr.Variant, players: int) -> list[int]:
    return sorted(card.index for card in variant.deck(players))


def check_deck(state: cr.RoundState) -> None:
    """The variant's whole deck is in hands + stock + discard + table, each card once."""
    everything = [card.index for hand in state.hands for card in hand]
    everything.extend(card.index for card in state.stock)
    everything.extend(card.index for card in state.discard)
    everything.extend(card.index for card in table_cards(state))
    everything.sort()
    assert everything == deck_indexes(state.variant, state.players), str(state)
    for hand in state.hands:
        assert list(hand) == sorted(hand), f"hand not in canonical order: {hand}"


def check_listing(state: cr.RoundState) -> list[cr.Action]:
    """``legal_actions``: iteration, ``len`` and indexing agree, no repeats, deterministic."""
    listed = list(cr.legal_actions(state))  # the lazy iteration
    indexed = cr.legal_actions(state)  # a fresh collection: len and indexing build it whole
    count = len(indexed)
    assert count == len(listed)
    assert [indexed[i] for i in range(count)] == listed
    if listed:
        assert indexed[-1] == listed[-1]
    with pytest.raises(IndexError):
        indexed[count]
    assert len(set(listed)) == count, f"repeated actions in {listed}"
    assert (count == 0) == (state.phase is cr.Phase.GAME_OVER), str(state)
    hash(state)
    return listed


def check_listed_apply(
    state: cr.RoundState, listed: Sequence[cr.Action], rng: random.Random
) -> None:
    """Listed actions apply, are legal, and are ``in`` the collection (a sample of long lists)."""
    legal = cr.legal_actions(state)
    sample = listed if len(listed) <= MAX_APPLIED else rng.sample(listed, MAX_APPLIED)
    for action in sample:
        cr.apply(state, action)
        assert cr.is_legal(state, action)
        assert action in legal


def check_refused(
    state: cr.RoundState, before: cr.RoundState, action: cr.Action, listed: set[cr.Action]
) -> str:
    """An action that is not listed is refused, citing a rule, and changes nothing.

    ``before`` is a deep copy of ``state`` taken before any action was tried.
    """
    with pytest.raises(cr.IllegalActionError) as caught:
        cr.apply(state, action)
    message = str(caught.value)
    match = RULE_PREFIX.match(message)
    assert match is not None, f"{action!r} refused without a rule: {message!r}"
    assert caught.value.rule == f"R{match.group(1)}"
    assert 1 <= int(match.group(1)) <= 34, message
    assert not cr.is_legal(state, action)
    assert action not in cr.legal_actions(state)
    assert action not in listed
    assert state == before
    return message


def unheld_cards(state: cr.RoundState) -> list[cr.Card]:
    held = set(state.hands[state.active])
    return [card for card in ALL_CARDS if card not in held]


def one_of_each_type(state: cr.RoundState) -> list[cr.Action]:
    """An instance of every action type."""
    hand = state.hands[state.active]
    card = hand[0] if hand else cr.JOKER
    return [
        cr.DrawStock(),
        cr.TakeDiscard(),
        cr.Buy(),
        cr.Pass(),
        cr.NextRound(),
        cr.Discard(card),
        cr.LayOff(card, 0),
        cr.SwapJoker(card, 0, 0),
        cr.GoDown(()),
    ]


def out_of_range(state: cr.RoundState) -> tuple[int, ...]:
    """Targets past the table's melds (a negative one is no action: refused when built)."""
    size = len(state.table)
    return (size, size + 1)


def other_ends(end: cr.End | None) -> list[cr.End | None]:
    return [other for other in ENDS if other is not end]


def unheld_go_down(state: cr.RoundState, rng: random.Random) -> cr.GoDown | None:
    """The round's contract built only from cards the active player does not hold."""
    variant = state.variant
    contract = state.contract
    held = set(state.hands[state.active])
    melds: list[cr.Group | cr.Run] = []
    ranks = [
        rank
        for rank in cr.Rank
        if rank not in variant.wild_ranks and not any(card.rank is rank for card in held)
    ]
    rng.shuffle(ranks)
    for length, rank in zip(contract.groups, ranks, strict=False):
        suits = [cr.Suit(letter) for letter in "CDHS"]
        melds.append(
            cr.Group(rank, [cr.Card(rank, suits[i % 4]) for i in range(length)], variant=variant)
        )
    suits = list(cr.Suit)
    rng.shuffle(suits)
    for length, suit in zip(contract.runs, suits, strict=False):
        for low in rng.sample(range(1, 16 - length), 15 - length):
            positions = range(low, low + length)
            cards = [cr.Card(cr.Rank((p - 1) % 13 + 1), suit) for p in positions]
            if not any(card in held or variant.is_wild(card) for card in cards):
                melds.append(cr.Run(suit, low, cards, variant=variant))
                break
    if len(melds) != len(contract.groups) + len(contract.runs):
        return None
    return cr.GoDown(melds)


def broken_go_downs(state: cr.RoundState, go_down: cr.GoDown) -> Iterator[tuple[str, cr.GoDown]]:
    """A listed go-down changed so that it breaks the contract or uses cards not held."""
    melds = go_down.melds
    yield "go down: a meld missing", cr.GoDown(melds[1:])
    yield "go down: a meld twice", cr.GoDown((*melds, melds[0]))
    hand = list(state.hands[state.active])
    for card in (c for meld in melds for c in meld.cards):
        hand.remove(card)
    for index, meld in enumerate(melds):
        # One more card from the hand on one meld: longer than the contract's minimum.
        for card in dict.fromkeys(hand):
            if not meld.accepts(card):
                continue
            end = None
            if isinstance(meld, cr.Run):
                end = meld.ends(card)[0]
            longer = meld.add(card, end)
            yield (
                "go down: a meld too long",
                cr.GoDown((*melds[:index], longer, *melds[index + 1 :])),
            )
            break
        # A natural card of a group replaced by a copy of its rank the player does not hold.
        if isinstance(meld, cr.Group):
            unheld = [c for c in unheld_cards(state) if c.rank is meld.rank]
            natural = [i for i, c in enumerate(meld.cards) if c.rank is meld.rank]
            if unheld and natural:
                cards = list(meld.cards)
                cards[natural[0]] = unheld[0]
                other = cr.Group(meld.rank, cards, variant=state.variant)
                yield (
                    "go down: a card not held",
                    cr.GoDown((*melds[:index], other, *melds[index + 1 :])),
                )


def fitting_lay_offs(state: cr.RoundState) -> list[cr.LayOff]:
    """Every card of the active hand that fits a meld on the table, in its one form."""
    found: list[cr.LayOff] = []
    for target, placed in enumerate(state.table):
        meld = placed.meld
        for card in dict.fromkeys(state.hands[state.active]):
            if isinstance(meld, cr.Group):
                ends: tuple[cr.End | None, ...] = (None,) if meld.accepts(card) else ()
            else:
                ends = meld.ends(card)
                ends = (None,) if len(ends) == 1 else ends
            found.extend(cr.LayOff(card, target, end) for end in ends)
    return found


def fitting_swaps(state: cr.RoundState) -> list[cr.SwapJoker]:
    """The natural card a wild on the table stands for, if held, with the wild sent anywhere."""
    hand = state.hands[state.active]
    found: list[cr.SwapJoker] = []
    for target, placed in enumerate(state.table):
        for position in placed.meld.wild_positions():
            natural = placed.meld.stands_for(position)
            if isinstance(natural, cr.Rank):
                naturals = [card for card in dict.fromkeys(hand) if card.rank is natural][:1]
            else:
                naturals = [natural] if natural in hand else []
            found.extend(
                cr.SwapJoker(card, target, joker_target, end)
                for card in naturals
                for joker_target in range(len(state.table))
                for end in ENDS
            )
    return found


def candidates(
    state: cr.RoundState, listed: Sequence[cr.Action], rng: random.Random
) -> Iterator[tuple[str, cr.Action]]:
    """Actions to try, each tagged with how it was made; the listed ones are left out later."""
    for action in one_of_each_type(state):
        if PHASE_OF[type(action)] is not state.phase:
            yield "wrong phase", action
    if state.phase is not cr.Phase.PLAY:
        return
    hand = state.hands[state.active]
    unheld = rng.sample(unheld_cards(state), 3)
    size = len(state.table)
    card = hand[0]
    yield "go down: no melds", cr.GoDown(())
    built = unheld_go_down(state, rng)
    if built is not None:
        yield "go down: cards not held", built
    if state.kept_card is not None:
        yield "discard: the card just taken", cr.Discard(state.kept_card)
    for other in unheld:
        yield "discard: not held", cr.Discard(other)
        yield "lay off: not held", cr.LayOff(other, rng.randrange(size) if size else 0)
        yield "swap: not held", cr.SwapJoker(other, 0, 0)
    for target in out_of_range(state):
        yield "lay off: target out of range", cr.LayOff(card, target)
        yield "swap: target out of range", cr.SwapJoker(card, target, 0)
        yield "swap: joker target out of range", cr.SwapJoker(card, 0, target)
    # Cards of the hand on melds of the table, any end: those not listed are refused.
    for _ in range(8 if size else 0):
        held, target, end = rng.choice(hand), rng.randrange(size), rng.choice(ENDS)
        yield "lay off: any card, any end", cr.LayOff(held, target, end)
        joker_target, joker_end = rng.randrange(size), rng.choice(ENDS)
        yield "swap: any card", cr.SwapJoker(held, target, joker_target, joker_end)
    go_downs = [action for action in listed if isinstance(action, cr.GoDown)]
    for go_down in rng.sample(go_downs, min(len(go_downs), 3)):
        yield from broken_go_downs(state, go_down)
    lay_offs = [action for action in listed if isinstance(action, cr.LayOff)]
    for lay_off in rng.sample(lay_offs, min(len(lay_offs), 4)):
        for end in other_ends(lay_off.end):
            yield "lay off: wrong end", attrs.evolve(lay_off, end=end)
        for target in out_of_range(state):
            yield "lay off: target out of range", attrs.evolve(lay_off, target=target)
        yield "lay off: not held", attrs.evolve(lay_off, card=unheld[0])
    for lay_off in fitting_lay_offs(state):
        yield "lay off: a card that fits", lay_off
    for swap in fitting_swaps(state):
        yield "swap: the card a wild stands for", swap
    swaps = [action for action in listed if isinstance(action, cr.SwapJoker)]
    for swap in rng.sample(swaps, min(len(swaps), 4)):
        for end in other_ends(swap.joker_end):
            yield "swap: wrong joker end", attrs.evolve(swap, joker_end=end)
        for target in out_of_range(state):
            yield "swap: target out of range", attrs.evolve(swap, target=target)
            yield "swap: joker target out of range", attrs.evolve(swap, joker_target=target)
        yield "swap: not held", attrs.evolve(swap, card=unheld[0])


def check_in_full(
    state: cr.RoundState,
    listed: list[cr.Action],
    rng: random.Random,
    tried: Counter[str],
    *,
    every_protocol: bool,
) -> None:
    """The expensive checks of one state.

    A deep copy is an equal state that hashes alike and lists the same actions; listed
    actions apply; every candidate action that is not listed is refused and leaves the state
    equal to that copy; pickles (with every protocol, when asked) give equal states.
    """
    twin = copy.deepcopy(state)
    assert twin == state
    assert hash(twin) == hash(state)
    assert list(cr.legal_actions(twin)) == listed
    check_listed_apply(state, listed, rng)
    listed_set = set(listed)
    for kind, action in candidates(state, listed, rng):
        if action not in listed_set:
            check_refused(state, twin, action, listed_set)
            tried[kind] += 1
    protocols = (
        range(pickle.HIGHEST_PROTOCOL + 1) if every_protocol else (pickle.DEFAULT_PROTOCOL,)
    )
    for protocol in protocols:
        loaded = pickle.loads(pickle.dumps(state, protocol=protocol))
        assert loaded == state, f"protocol {protocol}"
        assert hash(loaded) == hash(state)


def check_step(state: cr.RoundState, action: cr.Action, after: cr.RoundState) -> None:
    """Scores change only when a round ends, and then by exactly the hands' penalties.

    Every action counts once in ``moves`` (R6: the number of the position).
    """
    assert after.moves == state.moves + 1
    variant = after.variant
    if after.phase in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER):
        assert state.phase not in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER)
        assert after.round_number == state.round_number
        assert after.penalties is not None
        assert after.penalties == tuple(
            sum(variant.penalty(card) for card in hand) for hand in after.hands
        )
        assert after.scores == tuple(
            total + points for total, points in zip(state.scores, after.penalties, strict=True)
        )
        assert after.to_act is None
    else:
        assert after.penalties is None
        assert after.winners is None
        assert after.scores == state.scores
        if after.phase is cr.Phase.BUY:
            assert after.to_act not in (after.active, after.last_buyer, None)
        else:
            assert after.to_act == after.active
    if isinstance(action, cr.NextRound):
        assert after.round_number == state.round_number + 1
        assert after.dealer == (state.dealer + 1) % state.players
        # R31: with the Shanghai call the round opens with the asking.
        opening = cr.Phase.BUY if variant.shanghai_call else cr.Phase.DRAW
        assert after.phase is opening


def check_game_over(final: cr.RoundState, penalties: list[tuple[int, ...]]) -> None:
    assert final.phase is cr.Phase.GAME_OVER
    assert final.round_number == final.variant.rounds
    assert len(penalties) == final.variant.rounds
    assert final.scores == tuple(map(sum, zip(*penalties, strict=True)))
    assert final.winners
    best = min(final.scores)
    assert final.winners == tuple(p for p, total in enumerate(final.scores) if total == best)


@attrs.define
class Game:
    """A game played to the end, with everything the checks saw."""

    states: list[cr.RoundState]
    actions: list[cr.Action]
    tried: Counter[str]


def play_checked(
    start: cr.RoundState,
    choose: Chooser,
    *,
    seed: int,
    full_share: float,
    melding_share: float = 1.0,
    protocol_share: float = 0.05,
    last_round: int | None = None,
) -> Game:
    """Play ``start`` with ``choose``, checking every step, to the end of the game.

    With ``last_round``, play stops when that round is over instead. The first state, the
    end of every round, a ``melding_share`` of the steps where a go-down, lay-off or swap is
    listed and a ``full_share`` of the others get the expensive checks
    (:func:`check_in_full`), the first and the ends of rounds with every pickle protocol.
    """
    sampler = random.Random(seed ^ 0x5EED)
    state = start
    states = [state]
    actions: list[cr.Action] = []
    tried: Counter[str] = Counter()
    penalties: list[tuple[int, ...]] = []
    while True:
        check_deck(state)
        listed = check_listing(state)
        # The first state and every end of a round are always checked in full.
        special = not actions or state.phase in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER)
        # Melding steps: a go-down, lay-off or swap is listed, or the active player is down
        # and holds a card that fits the table.
        melding = any(isinstance(action, MELDING) for action in listed) or (
            state.phase is cr.Phase.PLAY
            and state.down[state.active]
            and bool(fitting_lay_offs(state) or fitting_swaps(state))
        )
        if special or sampler.random() < (melding_share if melding else full_share):
            every_protocol = special or sampler.random() < protocol_share
            check_in_full(state, listed, sampler, tried, every_protocol=every_protocol)
        if state.phase is cr.Phase.GAME_OVER:
            check_game_over(state, penalties)
            break
        if state.phase is cr.Phase.ROUND_OVER and state.round_number == last_round:
            break
        assert len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions:\n{state}"
        action = choose(state, listed)
        assert action in listed, f"{action!r} chosen but not listed"
        after = cr.apply(state, action)
        check_step(state, action, after)
        if after.penalties is not None and state.penalties is None:
            penalties.append(after.penalties)
        actions.append(action)
        states.append(after)
        state = after
    return Game(states, actions, tried)


def check_replay(game: Game, variant: cr.Variant, seed: int, players: int | None) -> None:
    """The same seed and the same actions give equal states, which hash alike."""
    state = cr.new_game(variant, seed=seed, players=players)
    assert state == game.states[0]
    for action, expected in zip(game.actions, game.states[1:], strict=True):
        state = cr.apply(state, action)
        assert state == expected
        assert hash(state) == hash(expected)


# == the properties ===========================================================================


@pytest.mark.slow
@settings(max_examples=GAMES, deadline=None)
@given(seed=SEEDS)
def test_uniform_random_games_keep_every_invariant(seed: int) -> None:
    start = cr.new_game(seed=seed)
    game = play_checked(start, uniform(seed), seed=seed, full_share=0.05)
    check_replay(game, cr.PAGAT, seed, None)


@pytest.mark.slow
@settings(max_examples=GAMES, deadline=None)
@given(seed=SEEDS)
def test_greedy_games_keep_every_invariant(seed: int) -> None:
    start = cr.new_game(seed=seed)
    game = play_checked(start, greedy(), seed=seed, full_share=0.1)
    check_replay(game, cr.PAGAT, seed, None)
    # The library's own game loop plays the same game.
    assert cr.play_game([cr.GreedyBot()] * 4, seed=seed) == game.states[-1]
    played = list(cr.play(start, [cr.GreedyBot()] * 4))
    assert [action for _, action, _ in played] == game.actions
    assert [after for _, _, after in played] == game.states[1:]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "last_round"),
    [pytest.param(*rest, id=name) for name, *rest in VARIANTS],
)
@settings(max_examples=VARIANT_GAMES, deadline=None)
@given(seed=SEEDS)
def test_variant_games_keep_every_invariant(
    variant: cr.Variant, players: int | None, last_round: int | None, seed: int
) -> None:
    start = cr.new_game(variant, seed=seed, players=players)
    assert start.players == (players or 4)
    choose = mixed_table(seed, start.players)
    game = play_checked(start, choose, seed=seed, full_share=0.03, last_round=last_round)
    check_replay(game, variant, seed, players)


@pytest.mark.slow
def test_unlisted_actions_of_every_kind_are_tried() -> None:
    """One greedy game reaches every kind of unlisted action, each refused by a rule."""
    game = play_checked(cr.new_game(seed=1), greedy(), seed=1, full_share=0.05)
    expected = {
        "wrong phase",
        "go down: no melds",
        "go down: cards not held",
        "go down: a meld missing",
        "go down: a meld twice",
        "go down: a meld too long",
        "go down: a card not held",
        "discard: the card just taken",
        "discard: not held",
        "lay off: not held",
        "lay off: target out of range",
        "lay off: any card, any end",
        "lay off: wrong end",
        "lay off: a card that fits",
        "swap: not held",
        "swap: any card",
        "swap: the card a wild stands for",
        "swap: target out of range",
        "swap: joker target out of range",
        "swap: wrong joker end",
    }
    assert expected <= set(game.tried), f"never tried: {expected - set(game.tried)}"
