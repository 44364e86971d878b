"""Fuzzing: no input, however malformed, crashes the library or corrupts a game.

- :class:`GameMachine` deals seeded games under four rule sets and plays them with listed
  actions, with arbitrary actions (wrong phase, cards not held, table indexes out of range,
  broken or foreign go-downs), and by skipping ahead with a bot. An arbitrary action is
  either listed and accepted, or refused with an :class:`~contract_rummy.IllegalActionError`
  citing a rule and leaving the state unchanged; ``is_legal`` agrees with both. After every
  step the deck is conserved, somebody can act until the game is over, ``to_act`` matches
  the phase, and the scores match the hands.
- Whole games, by :class:`~contract_rummy.GreedyBot` or by uniform random choices, always
  end in GAME_OVER with winners (``Variant.max_reshuffles`` ends every round).
- Card notation and ``meld`` read any text, and any cards, or refuse them with
  ``NotationError`` or ``InvalidMeldError``.
- Every constructor (``Variant``, ``Penalties``, ``Contract``, ``Card``, ``Group``, ``Run``,
  the actions, ``new_game``, ``start_round``) and ``apply``/``is_legal``/``legal_actions``
  refuse wrong types and values with a ``TypeError`` or ``ValueError`` saying why; whatever
  they return is usable (a variant deals, a state plays, a meld rebuilds equal).
"""

from __future__ import annotations

import copy
import functools
import math
import operator
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import islice, pairwise
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import contract_rummy as cr
from contract_rummy.testing import strategies as crst
from scenario import cards, deal, play, refused, typeless

T = TypeVar("T")

SEEDS = st.integers(0, 2**64 - 1)

DEUCES_WILD = attrs.evolve(cr.PAGAT, wild_ranks={cr.Rank.TWO})
NO_BUY_NO_FINAL_DISCARD = attrs.evolve(cr.PAGAT, buying=False, final_discard=False)
SWAPS_ANYWHERE = attrs.evolve(cr.PAGAT, joker_swap=cr.JokerSwap.ANY_MELD, exact_first_meld=False)
VARIANTS: tuple[cr.Variant, ...] = (cr.PAGAT, DEUCES_WILD, NO_BUY_NO_FINAL_DISCARD, SWAPS_ANYWHERE)

#: Rule sets whose melds are not all melds under the others: their go-downs are foreign ones.
FOREIGN: tuple[cr.Variant, ...] = (
    *VARIANTS,
    attrs.evolve(cr.PAGAT, min_group_length=2, min_run_length=3),
    attrs.evolve(cr.PAGAT, aces=cr.AceRule.HIGH, wild_ranks={cr.Rank.KING}),
)

#: With 2s wild a big hand holds so many wild cards that searching its go-downs for rounds 6
#: and 7 (a group and two runs; three runs) takes seconds: the machine plays those rounds under
#: the other rule sets only.
LAST_ROUND_PLAYED: dict[cr.Variant, int] = {DEUCES_WILD: 5}


def last_round(variant: cr.Variant) -> int:
    return LAST_ROUND_PLAYED.get(variant, variant.rounds)


#: An ``IllegalActionError`` message: the rule, a colon, then why.
RULE_MESSAGE = re.compile(r"(R\d+): \S")

#: Wrong values of every type, for every argument.
JUNK: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.text(max_size=3),
    st.floats(),
    st.lists(st.integers()),
)

#: The cheaper properties take the profile's number of examples; these scale it down.
SOME = max(10, settings().max_examples // 4)
FEW = max(10, settings().max_examples // 5)
GAMES = max(4, settings().max_examples // 25)


def attempt(
    build: Callable[[], T],
    errors: tuple[type[Exception], ...] = (TypeError, ValueError),
) -> T | None:
    """What ``build`` returns, or ``None`` once its exception is checked to be a clean refusal.

    A clean refusal is one of ``errors`` with a message; any other exception escapes.
    """
    try:
        return build()
    except errors as error:
        caught = error
    assert isinstance(caught, TypeError | ValueError)
    assert str(caught).strip(), f"{type(caught).__name__} without a message"
    return None


def over(state: cr.RoundState) -> bool:
    return state.phase in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER)


# == checks shared by the properties ==========================================================


def all_cards(state: cr.RoundState) -> Counter[cr.Card]:
    """Every card of the state: hands, stock, discard pile and table."""
    found: Counter[cr.Card] = Counter(card for hand in state.hands for card in hand)
    found.update(state.stock)
    found.update(state.discard)
    found.update(card for placed in state.table for card in placed.cards)
    return found


@functools.cache
def deck_counts(variant: cr.Variant, players: int) -> Counter[cr.Card]:
    return Counter(variant.deck(players))


def check_state(state: cr.RoundState, round_start: tuple[int, ...]) -> None:
    """The invariants of any state; ``round_start`` holds the totals the round was dealt with."""
    assert all_cards(state) == deck_counts(state.variant, state.players), str(state)
    for hand in state.hands:
        assert list(hand) == sorted(hand), f"hand not in canonical order: {hand}"
    assert len(state.discarded_by) == len(state.discard)
    over = state.phase in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER)
    assert (state.to_act is None) == over, f"to_act {state.to_act} in {state.phase}"
    if state.phase in (cr.Phase.DRAW, cr.Phase.PLAY):
        assert state.to_act == state.active
    elif state.phase is cr.Phase.BUY:
        assert state.to_act is not None
        assert 0 <= state.to_act < state.players
        assert state.to_act != state.active
    if not over:
        assert state.penalties is None
        assert state.winners is None
        assert state.scores == round_start
        return
    assert state.penalties is not None
    assert state.penalties == tuple(
        sum(state.variant.penalty(card) for card in hand) for hand in state.hands
    )
    assert state.scores == tuple(
        start + points for start, points in zip(round_start, state.penalties, strict=True)
    )
    if state.phase is cr.Phase.GAME_OVER:
        assert state.round_number == state.variant.rounds
        check_winners(state)
    else:
        assert state.winners is None


def check_winners(state: cr.RoundState) -> None:
    """R28 (ties shared in every rule set here): the winners hold the lowest total."""
    assert state.winners, f"a game over without winners: {state.scores}"
    best = min(state.scores)
    assert state.winners == tuple(p for p, total in enumerate(state.scores) if total == best)


def can_act(state: cr.RoundState) -> bool:
    """Whether some action is listed (found lazily: the first one is enough)."""
    return next(iter(cr.legal_actions(state)), None) is not None


def try_action(state: cr.RoundState, action: cr.Action) -> cr.RoundState | None:
    """Apply any action: listed and accepted, or refused citing a rule with nothing changed.

    Returns the new state, or ``None`` when the action is refused. Any exception other than
    ``IllegalActionError`` escapes and fails the test.
    """
    before = copy.deepcopy(state)
    listed = list(cr.legal_actions(state))
    legal = cr.is_legal(state, action)
    assert legal == (action in listed), f"is_legal says {legal} for {action!r}; listed {listed}"
    assert (action in cr.legal_actions(state)) == legal
    assert state == before
    try:
        after = cr.apply(state, action)
    except cr.IllegalActionError as error:
        refusal = error
    else:
        assert legal, f"{action!r} is accepted but not listed in\n{state}"
        assert state == before, "apply changed its input state"
        assert isinstance(after, cr.RoundState)
        return after
    message = str(refusal)
    match = RULE_MESSAGE.match(message)
    assert match is not None, f"the refusal cites no rule: {message!r}"
    assert refusal.rule == match.group(1)
    assert not legal, f"{action!r} is listed but refused: {message}"
    assert state == before, "a refused action changed the state"
    return None


def hasty(rng: random.Random) -> Callable[[cr.RoundState], cr.Action]:
    """A chooser picking at random among the first listed actions: quick in any hand."""

    def choose(state: cr.RoundState) -> cr.Action:
        return rng.choice(list(islice(cr.legal_actions(state), 8)))

    return choose


def seeded_deal(
    variant: cr.Variant, players: int, round_number: int, seed: int, scores: Iterable[int]
) -> cr.RoundState:
    """Round ``round_number`` dealt from a deck shuffled by ``seed``, as R5 deals it."""
    rng = random.Random(seed)
    deck = list(variant.deck(players))
    rng.shuffle(deck)
    dealt = variant.cards_dealt(round_number)
    turned = players * dealt
    return cr.start_round(
        variant,
        round_number=round_number,
        dealer=rng.randrange(players),
        hands=[deck[p * dealt : (p + 1) * dealt] for p in range(players)],
        stock=deck[turned + 1 :],
        discard=deck[turned : turned + 1],
        scores=list(scores),
        seed=seed,
    )


# == 1. the state machine =====================================================================


#: Go-downs of melds valid under some rule set, maybe not under the one being played.
FOREIGN_GO_DOWNS: st.SearchStrategy[cr.Action] = (
    st.sampled_from(FOREIGN)
    .flatmap(lambda variant: st.lists(crst.melds(variant=variant), min_size=1, max_size=4))
    .map(cr.GoDown)
)


class GameMachine(RuleBasedStateMachine):
    """Seeded games played by listed, arbitrary and bot actions, checked after every step."""

    state: cr.RoundState
    round_start: tuple[int, ...]

    @initialize(variant=st.sampled_from(VARIANTS), seed=SEEDS, data=st.data())
    def start(self, variant: cr.Variant, seed: int, data: st.DataObject) -> None:
        players = data.draw(st.integers(variant.min_players, variant.max_players), "players")
        round_number = data.draw(st.integers(1, last_round(variant)), "round")
        if round_number == 1:
            state = cr.new_game(variant, seed=seed, players=players)
        else:
            totals = st.lists(st.integers(0, 500), min_size=players, max_size=players)
            state = seeded_deal(variant, players, round_number, seed, data.draw(totals, "totals"))
        assert state.phase is cr.Phase.DRAW
        assert state.round_number == round_number
        self.round_start = state.scores
        self.state = state

    def advance(self, after: cr.RoundState, action: cr.Action) -> None:
        before = self.state
        if isinstance(action, cr.NextRound):
            assert after.round_number == before.round_number + 1
            assert after.dealer == (before.dealer + 1) % before.players
            assert after.phase is cr.Phase.DRAW
            check_state(after, after.scores)
            if after.round_number > last_round(after.variant):
                event("stopped before a round too slow to search")
                return
            self.round_start = after.scores
        else:
            assert after.round_number == before.round_number
        check_state(after, self.round_start)
        event(f"reached {after.phase.name} in round {after.round_number}")
        self.state = after

    def playable(self) -> bool:
        state = self.state
        if state.phase is cr.Phase.GAME_OVER:
            return False
        if state.phase is cr.Phase.ROUND_OVER and state.round_number >= last_round(state.variant):
            return False
        return can_act(state)

    @precondition(lambda self: self.playable())
    @rule(data=st.data())
    def play_listed(self, data: st.DataObject) -> None:
        action = data.draw(crst.actions(self.state), "listed action")
        after = try_action(self.state, action)
        assert after is not None, f"{action!r} is listed but refused"
        self.advance(after, action)

    @rule(data=st.data())
    def play_anything(self, data: st.DataObject) -> None:
        action = data.draw(st.one_of(crst.any_actions(self.state), FOREIGN_GO_DOWNS), "action")
        after = try_action(self.state, action)
        event(f"arbitrary {type(action).__name__} {'refused' if after is None else 'accepted'}")
        if after is not None:
            self.advance(after, action)

    @precondition(lambda self: self.playable())
    @rule(steps=st.integers(1, 150), seed=SEEDS, greedy=st.booleans())
    def play_on(self, steps: int, seed: int, greedy: bool) -> None:
        """Skip ahead to deeper states: melds on the table, later rounds, the game's end."""
        choose = cr.GreedyBot().choose if greedy else hasty(random.Random(seed))
        for _ in range(steps):
            if not self.playable():
                break
            action = choose(self.state)
            self.advance(cr.apply(self.state, action), action)

    @invariant()
    def deck_is_conserved_and_scores_match(self) -> None:
        check_state(self.state, self.round_start)

    @invariant()
    def someone_can_act_until_the_game_is_over(self) -> None:
        legal = cr.legal_actions(self.state)
        if self.state.phase is cr.Phase.GAME_OVER:
            assert list(legal) == []
            assert len(legal) == 0
        else:
            assert can_act(self.state), f"no action in\n{self.state}"


TestGame = pytest.mark.slow(GameMachine.TestCase)
TestGame.settings = settings(
    max_examples=max(10, settings().max_examples // 2), stateful_step_count=30, deadline=None
)


# == 2. whole games end =======================================================================


def check_final(state: cr.RoundState) -> None:
    assert state.phase is cr.Phase.GAME_OVER, f"the game did not end:\n{state}"
    assert state.to_act is None
    assert state.round_number == state.variant.rounds
    assert list(cr.legal_actions(state)) == []
    assert all_cards(state) == deck_counts(state.variant, state.players)
    check_winners(state)


@settings(max_examples=GAMES, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=SEEDS)
def test_greedy_games_end_with_winners(variant: cr.Variant, seed: int) -> None:
    bots = [cr.GreedyBot()] * variant.min_players
    check_final(cr.play_game(bots, variant=variant, seed=seed))


#: Far more than a uniform-random game takes: about 1,400 actions with buying and 5,500
#: without (no buy uses up the stock faster).
MAX_ACTIONS = 40_000


# Random play with 2s wild is left out: its hands grow by random buys, and listing every
# go-down of such a hand takes seconds (the greedy games and the machine play that variant).
@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(cr.PAGAT, id="pagat"),
        pytest.param(SWAPS_ANYWHERE, id="swaps-anywhere"),
        pytest.param(NO_BUY_NO_FINAL_DISCARD, id="no-buy-no-final-discard"),
    ],
)
@settings(max_examples=GAMES, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_random_games_end_with_winners(variant: cr.Variant, seed: int, chooser: int) -> None:
    rng = random.Random(chooser)
    state = cr.new_game(variant, seed=seed, players=variant.min_players)
    rounds = [state.round_number]
    for _ in range(MAX_ACTIONS):
        if state.phase is cr.Phase.GAME_OVER:
            break
        legal = cr.legal_actions(state)
        assert len(legal) > 0, f"no legal action in\n{state}"
        state = cr.apply(state, legal[rng.randrange(len(legal))])
        if state.round_number != rounds[-1]:
            rounds.append(state.round_number)
    assert rounds == list(range(1, variant.rounds + 1))
    check_final(state)


# == 3. notation ==============================================================================

RANK_TOKENS = ["A", "a", "2", "9", "10", "T", "t", "J", "Q", "k", "1", "11", "0", "1O", "B"]
SUIT_TOKENS = ["C", "d", "H", "s", "♣", "♦", "♥", "♠", "X", "SS", ""]
CARD_TOKENS: st.SearchStrategy[str] = st.one_of(
    st.builds(operator.add, st.sampled_from(RANK_TOKENS), st.sampled_from(SUIT_TOKENS)),
    st.builds(operator.add, st.sampled_from(SUIT_TOKENS), st.sampled_from(RANK_TOKENS)),
    st.sampled_from(["JK", "jk", "*", "**", "JKS", "J K", "joker", "\u00df", "\x00", "🂡"]),
    st.text(max_size=2),
)
SEPARATORS = st.sampled_from(
    [" ", ",", ", ", " ,", "\t", "\n", "  ", ",,", "\u00a0", "\u3000", ";", "/", "-", ""]
)
CARD_TEXT: st.SearchStrategy[str] = st.lists(st.tuples(CARD_TOKENS, SEPARATORS), max_size=14).map(
    lambda pieces: "".join(token + separator for token, separator in pieces)
)
TEXT = st.one_of(st.text(), CARD_TEXT)
NOTATION = (cr.NotationError,)
MELD_TEXT = (cr.NotationError, cr.InvalidMeldError)


def check_meld(meld: cr.Group | cr.Run, given_cards: Iterable[cr.Card]) -> None:
    """A meld that was built is valid and rebuilds equal from its own fields."""
    assert sorted(meld.cards) == sorted(given_cards)
    if isinstance(meld, cr.Group):
        assert cr.Group(meld.rank, meld.cards) == meld
    else:
        assert cr.Run(meld.suit, meld.low, meld.cards) == meld
        assert 1 <= meld.low <= meld.high <= 14
    assert cr.parse_cards(str(meld)) == meld.cards


@given(text=TEXT)
def test_parse_cards_reads_text_or_refuses_it(text: str) -> None:
    found = attempt(lambda: cr.parse_cards(text), NOTATION)
    if found is None:
        return
    assert all(isinstance(card, cr.Card) for card in found)
    assert len(found) == len([token for token in re.split(r"[\s,]+", text) if token])
    assert cr.parse_cards(cr.format_cards(found)) == found


@given(text=st.one_of(TEXT, CARD_TOKENS))
def test_card_parse_reads_one_card_or_refuses(text: str) -> None:
    card = attempt(lambda: cr.Card.parse(text), NOTATION)
    if card is None:
        return
    assert isinstance(card, cr.Card)
    assert cr.Card.parse(str(card)) is card
    assert cr.parse_cards(text) == (card,)


@given(text=TEXT)
def test_meld_reads_text_or_refuses_it(text: str) -> None:
    meld = attempt(lambda: cr.meld(text), MELD_TEXT)
    if meld is not None:
        check_meld(meld, cr.parse_cards(text))


@given(
    hand=st.one_of(
        st.lists(crst.cards(), max_size=16),
        crst.melds().flatmap(lambda meld: st.permutations(meld.cards)),
        crst.melds().map(lambda meld: list(meld.cards)),
    )
)
def test_meld_takes_any_cards_or_refuses_them(hand: list[cr.Card]) -> None:
    meld = attempt(lambda: cr.meld(hand), (cr.InvalidMeldError,))
    if meld is not None:
        check_meld(meld, hand)


# == 4. constructors and entry points =========================================================

VARIANT_FIELDS: tuple[str, ...] = tuple(
    field.name for field in attrs.fields(cr.Variant) if field.init
)
VARIANT_VALUES: st.SearchStrategy[Any] = st.one_of(
    JUNK,
    st.sampled_from(
        [
            *cr.AceRule,
            *cr.JokerSwap,
            *cr.TieBreak,
            cr.JokerRule.PLAYERS_MINUS_ONE,
            cr.PROGRESSIVE_PENALTIES,
            cr.Contract(groups=(3,)),
            cr.Rank.TWO,
        ]
    ),
    st.frozensets(st.integers(-1, 14), max_size=3),
    st.lists(st.tuples(crst.contracts(), st.integers(-2, 40)), max_size=9),
    st.lists(st.tuples(JUNK, JUNK), max_size=3),
)
PAGAT_BEFORE = copy.deepcopy(cr.PAGAT)


def check_variant(changes: dict[str, Any]) -> None:
    """``Variant`` refuses ``changes`` cleanly, or makes a rule set that deals and plays."""
    variant = attempt(lambda: attrs.evolve(cr.PAGAT, **changes))
    assert cr.PAGAT == PAGAT_BEFORE
    if variant is None:
        return
    assert isinstance(variant, cr.Variant)
    state = cr.new_game(variant, seed=0, players=variant.min_players)
    check_state(state, state.scores)
    first = next(iter(cr.legal_actions(state)))
    check_state(cr.apply(state, first), state.scores)


@pytest.mark.parametrize("field", VARIANT_FIELDS)
@settings(max_examples=FEW, deadline=None)
@given(value=VARIANT_VALUES)
def test_variant_field_refuses_wrong_values_or_deals(field: str, value: Any) -> None:
    check_variant({field: value})


@settings(deadline=None)
@given(
    changes=st.dictionaries(
        st.sampled_from(VARIANT_FIELDS), VARIANT_VALUES, min_size=2, max_size=5
    )
)
def test_variant_fields_together_refuse_wrong_values_or_deal(changes: dict[str, Any]) -> None:
    check_variant(changes)


@given(
    joker=st.one_of(JUNK, st.integers(0, 50)),
    ranks=st.one_of(
        JUNK, st.lists(st.one_of(st.integers(-1, 25), JUNK), min_size=12, max_size=14)
    ),
)
def test_penalties_refuse_wrong_values_cleanly(joker: Any, ranks: Any) -> None:
    penalties = attempt(lambda: cr.Penalties(joker=joker, ranks=ranks))
    if penalties is not None:
        assert len(penalties.ranks) == 13
        assert penalties.of(cr.JOKER) is penalties.joker


@given(
    groups=st.one_of(JUNK, st.lists(st.integers(-2, 20), max_size=4)),
    runs=st.one_of(JUNK, st.lists(st.integers(-2, 20), max_size=4)),
)
def test_contract_refuses_wrong_values_cleanly(groups: Any, runs: Any) -> None:
    contract = attempt(lambda: cr.Contract(groups=groups, runs=runs))
    if contract is not None:
        assert contract.min_cards == sum(contract.groups) + sum(contract.runs) >= 1
        assert str(contract)


@given(
    rank=st.one_of(JUNK, st.sampled_from(list(cr.Rank))),
    suit=st.one_of(JUNK, st.sampled_from(list(cr.Suit))),
)
def test_card_refuses_wrong_values_cleanly(rank: Any, suit: Any) -> None:
    card = attempt(lambda: cr.Card(rank, suit))
    if card is not None:
        assert cr.Card.parse(str(card)) is card


DECK = cr.PAGAT.deck(4)
CARDS_ANY: st.SearchStrategy[Any] = st.one_of(
    JUNK,
    st.lists(crst.cards(), max_size=16),
    st.lists(st.one_of(crst.cards(), JUNK), min_size=1, max_size=5),
    CARD_TEXT,
    crst.melds().map(lambda meld: meld.cards),
)


def as_cards(hand: Any) -> Iterable[cr.Card]:
    return cr.parse_cards(hand) if isinstance(hand, str) else hand


@given(rank=st.one_of(JUNK, st.integers(-2, 16), st.sampled_from(list(cr.Rank))), hand=CARDS_ANY)
def test_group_refuses_wrong_values_cleanly(rank: Any, hand: Any) -> None:
    group = attempt(lambda: cr.Group(rank, hand))
    if group is not None:
        check_meld(group, as_cards(hand))


@given(
    suit=st.one_of(JUNK, st.sampled_from(list(cr.Suit))),
    low=st.one_of(JUNK, st.integers(-2, 16)),
    hand=CARDS_ANY,
)
def test_run_refuses_wrong_values_cleanly(suit: Any, low: Any, hand: Any) -> None:
    run = attempt(lambda: cr.Run(suit, low, hand))
    if run is not None:
        check_meld(run, as_cards(hand))


SEVENS = "7C 7D 7H"
FOUR_SPADES = "3S 4S 5S 6S"


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: cr.Group(0, SEVENS), id="group-rank-0"),
        pytest.param(lambda: cr.Group(14, SEVENS), id="group-rank-14"),
        pytest.param(lambda: cr.Group(typeless("7"), SEVENS), id="group-rank-str"),
        pytest.param(lambda: cr.Group(typeless(7.0), SEVENS), id="group-rank-float"),
        pytest.param(lambda: cr.Group(True, "AC AD AH"), id="group-rank-bool"),
        pytest.param(lambda: cr.Group(cr.Rank.SEVEN, typeless([7, 7, 7])), id="group-of-ints"),
        pytest.param(lambda: cr.Group(cr.Rank.SEVEN, typeless(None)), id="group-of-none"),
        pytest.param(lambda: cr.Run(typeless(None), 3, FOUR_SPADES), id="run-suit-none"),
        pytest.param(lambda: cr.Run(typeless("S"), 3, FOUR_SPADES), id="run-suit-str"),
        pytest.param(lambda: cr.Run(cr.Suit.SPADES, 0, FOUR_SPADES), id="run-low-0"),
        pytest.param(lambda: cr.Run(cr.Suit.SPADES, 15, FOUR_SPADES), id="run-low-15"),
        pytest.param(lambda: cr.Run(cr.Suit.SPADES, typeless("3"), FOUR_SPADES), id="run-low-str"),
        pytest.param(
            lambda: cr.Run(cr.Suit.SPADES, 3, typeless([object()] * 4)), id="run-of-objects"
        ),
    ],
)
def test_melds_of_wrong_types_are_refused(build: Callable[[], object]) -> None:
    with pytest.raises((TypeError, ValueError)) as caught:
        build()
    assert isinstance(caught.value, TypeError | cr.InvalidMeldError)
    assert str(caught.value)


# -- actions ---------------------------------------------------------------------------------


def sample_states() -> list[cr.RoundState]:
    """A state of every phase, and one where the player to act is down and may lay off."""
    state = cr.new_game(seed=11)
    found = {state.phase: state}
    bot = cr.GreedyBot()
    laying_off: cr.RoundState | None = None
    while state.phase is not cr.Phase.GAME_OVER:
        state = cr.apply(state, bot.choose(state))
        found.setdefault(state.phase, state)
        if (
            laying_off is None
            and state.phase is cr.Phase.PLAY
            and state.down[state.active]
            and not state.went_down_this_turn
        ):
            laying_off = state
    found[state.phase] = state
    # Chance deals by steps only when asked to: its phase is a new game's, dealt by hand.
    found[cr.Phase.CHANCE] = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(1))
    assert laying_off is not None
    assert set(found) == set(cr.Phase)
    return [*found.values(), laying_off]


SAMPLE_STATES = sample_states()
TARGETS: st.SearchStrategy[Any] = st.one_of(
    JUNK, st.integers(-3, 12), st.sampled_from([10**30, -(10**30)])
)
CARD_ARGS: st.SearchStrategy[Any] = st.one_of(JUNK, crst.cards(), st.sampled_from(["7S", "JK"]))
ENDS: st.SearchStrategy[Any] = st.one_of(
    JUNK, st.sampled_from([None, cr.End.LOW, cr.End.HIGH, "low"])
)
MELD_LISTS: st.SearchStrategy[Any] = st.one_of(
    JUNK,
    st.lists(crst.melds(), max_size=4),
    st.lists(st.one_of(crst.melds(), JUNK), min_size=1, max_size=3),
)
ACTION_BUILDS: st.SearchStrategy[Callable[[], cr.Action]] = st.one_of(
    st.builds(lambda c, t, e: lambda: cr.LayOff(c, t, e), CARD_ARGS, TARGETS, ENDS),
    st.builds(lambda c, t: lambda: cr.LayOff(c, t), CARD_ARGS, TARGETS),
    st.builds(
        lambda c, t, j, e: lambda: cr.SwapJoker(c, t, j, e), CARD_ARGS, TARGETS, TARGETS, ENDS
    ),
    st.builds(lambda c: lambda: cr.Discard(c), CARD_ARGS),
    st.builds(lambda m: lambda: cr.GoDown(m), MELD_LISTS),
)


@settings(max_examples=SOME, deadline=None)
@given(build=ACTION_BUILDS, which=st.integers(0, len(SAMPLE_STATES) - 1))
def test_actions_refuse_wrong_values_or_play_cleanly(
    build: Callable[[], cr.Action], which: int
) -> None:
    action = attempt(build)
    if action is None:
        return
    assert action == copy.deepcopy(action)
    assert hash(action) == hash(copy.deepcopy(action))
    assert repr(action)
    try_action(SAMPLE_STATES[which], action)


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: cr.LayOff(typeless(7), 0), id="lay-off-int-card"),
        pytest.param(lambda: cr.LayOff(cr.JOKER, True), id="lay-off-bool-target"),
        pytest.param(lambda: cr.LayOff(cr.JOKER, 0, typeless(1)), id="lay-off-int-end"),
        pytest.param(lambda: cr.Discard(typeless(None)), id="discard-none"),
        pytest.param(lambda: cr.Discard(typeless(b"7S")), id="discard-bytes"),
        pytest.param(lambda: cr.SwapJoker(cr.JOKER, 0, typeless("x")), id="swap-str-target"),
        pytest.param(lambda: cr.SwapJoker(cr.JOKER, typeless(0.0), 1), id="swap-float-target"),
        pytest.param(lambda: cr.GoDown(typeless([1, 2])), id="go-down-ints"),
        pytest.param(lambda: cr.GoDown(typeless(None)), id="go-down-none"),
        pytest.param(lambda: cr.GoDown(typeless(SEVENS)), id="go-down-str"),
    ],
)
def test_action_constructors_refuse_wrong_types(build: Callable[[], object]) -> None:
    with pytest.raises(TypeError) as caught:
        build()
    assert str(caught.value)


@given(
    junk=st.one_of(JUNK, st.sampled_from([cr.PAGAT, cr.Card.parse("7S"), cr.Phase.PLAY, object()]))
)
def test_the_core_refuses_what_is_not_a_state_or_an_action(junk: Any) -> None:
    state = SAMPLE_STATES[0]
    assert attempt(lambda: cr.apply(state, junk), (TypeError,)) is None
    assert attempt(lambda: cr.apply(junk, cr.Pass()), (TypeError,)) is None
    assert attempt(lambda: cr.legal_actions(junk), (TypeError,)) is None
    assert attempt(lambda: cr.is_legal(junk, cr.DrawStock()), (TypeError,)) is None
    assert cr.is_legal(state, junk) is False
    assert junk not in cr.legal_actions(state)


def test_apply_refuses_a_string_action_and_a_string_state() -> None:
    state = cr.new_game(seed=3)
    with pytest.raises(TypeError, match="action"):
        cr.apply(state, typeless("not an action"))
    with pytest.raises(TypeError, match="RoundState"):
        cr.apply(typeless("not a state"), cr.Pass())
    assert state == cr.new_game(seed=3)


# -- new_game and start_round ----------------------------------------------------------------


@given(
    variant=st.one_of(st.sampled_from(VARIANTS), JUNK),
    seed=st.one_of(JUNK, st.integers(-5, 2**130)),
    players=st.one_of(JUNK, st.integers(-2, 9)),
)
def test_new_game_refuses_wrong_arguments_or_deals(variant: Any, seed: Any, players: Any) -> None:
    state = attempt(lambda: cr.new_game(variant, seed=seed, players=players))
    if state is None:
        return
    assert state.variant is variant
    assert state.round_number == 1
    check_state(state, (0,) * state.players)
    first = next(iter(cr.legal_actions(state)))
    check_state(cr.apply(state, first), (0,) * state.players)
    if seed is not None:
        assert cr.new_game(variant, seed=seed, players=players) == state


def deal_arguments(seed: int) -> dict[str, Any]:
    """The arguments of ``start_round`` for a seeded round-1 deal of the default profile."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    return {
        "hands": [deck[p * 10 : p * 10 + 10] for p in range(4)],
        "stock": deck[41:],
        "discard": deck[40:41],
        "dealer": rng.randrange(4),
        "round_number": 1,
        "scores": None,
        "seed": seed,
    }


HAND_TEXT = st.lists(crst.cards(), max_size=12).map(cr.format_cards)
WRONG_START: dict[str, st.SearchStrategy[Any]] = {
    "hands": st.one_of(
        JUNK,
        st.lists(st.one_of(crst.hands(max_size=12), HAND_TEXT, JUNK), max_size=6),
        st.lists(crst.hands(max_size=30), min_size=4, max_size=4),
    ),
    "stock": st.one_of(
        JUNK, CARD_TEXT, st.lists(crst.cards(), max_size=80), st.lists(JUNK, min_size=1)
    ),
    "discard": st.one_of(
        JUNK, CARD_TEXT, st.lists(crst.cards(), max_size=4), st.lists(JUNK, min_size=1)
    ),
    "dealer": st.one_of(JUNK, st.integers(-5, 10)),
    "round_number": st.one_of(JUNK, st.integers(-5, 10)),
    "scores": st.one_of(
        JUNK,
        st.lists(st.one_of(st.integers(-1000, 1000), JUNK), max_size=6),
        st.lists(st.integers(-1000, 1000), min_size=4, max_size=4),
    ),
    "seed": st.one_of(JUNK, st.integers(-5, 2**70)),
}


def check_usable_round(state: cr.RoundState, steps: int = 30, seed: int = 0) -> None:
    """A dealt round: phase DRAW from the dealer's left, and it plays on cleanly."""
    assert state.phase is cr.Phase.DRAW
    assert state.active == state.to_act == (state.dealer + 1) % state.players
    start = state.scores
    check_state(state, start)
    choose = hasty(random.Random(seed))
    for _ in range(steps):
        if over(state):
            break
        assert can_act(state), f"no action in\n{state}"
        state = cr.apply(state, choose(state))
        check_state(state, start)


@settings(deadline=None)
@given(seed=SEEDS, field=st.sampled_from(sorted(WRONG_START)), data=st.data())
def test_start_round_refuses_wrong_arguments_or_deals(
    seed: int, field: str, data: st.DataObject
) -> None:
    arguments = deal_arguments(seed)
    arguments[field] = data.draw(WRONG_START[field], field)
    state = attempt(lambda: cr.start_round(cr.PAGAT, **arguments))
    if state is not None:
        check_usable_round(state)


@settings(max_examples=SOME, deadline=None)
@given(
    variant=st.sampled_from([cr.PAGAT, NO_BUY_NO_FINAL_DISCARD, SWAPS_ANYWHERE]),
    order=st.permutations(DECK),
    cuts=st.lists(st.integers(0, len(DECK)), min_size=5, max_size=5).map(sorted),
    round_number=st.integers(1, 7),
    dealer=st.integers(0, 3),
    seed=SEEDS,
)
def test_odd_deals_play_cleanly(
    variant: cr.Variant,
    order: list[cr.Card],
    cuts: list[int],
    round_number: int,
    dealer: int,
    seed: int,
) -> None:
    """Any split of the deck (empty hands, stock or pile, one huge hand) deals and plays."""
    parts = [order[a:b] for a, b in pairwise([0, *cuts, len(order)])]
    state = cr.start_round(
        variant,
        round_number=round_number,
        dealer=dealer,
        hands=parts[:4],
        stock=parts[4],
        discard=parts[5],
        seed=seed,
    )
    assert state.hands == tuple(tuple(sorted(hand)) for hand in parts[:4])
    assert state.stock == tuple(parts[4])
    assert state.discard == tuple(parts[5])
    check_usable_round(state, steps=40, seed=seed)


# == refusals at the edges ====================================================================

NO_FINAL_DISCARD = attrs.evolve(cr.PAGAT, buying=False, final_discard=False)


def check_someone_can_act_after_each(state: cr.RoundState) -> None:
    for action in cr.legal_actions(state):
        after = cr.apply(state, action)
        assert over(after) or can_act(after), f"after {action!r} nobody can act:\n{after}"


def test_r16_r17_going_down_without_a_final_discard_keeps_more_than_the_taken_card() -> None:
    state = deal("3C 3D 3S 8C 8D 8H", "2C", "2D", "2H", discard="4D", variant=NO_FINAL_DISCARD)
    state = play(state, cr.TakeDiscard())
    assert state.kept_card is cr.Card.parse("4D")
    # Going down with every other card would leave only the card R17 keeps: nothing to do.
    refused(state, cr.GoDown([cr.meld("3C 3D 3S"), cr.meld("8C 8D 8H")]), "R16")
    check_someone_can_act_after_each(state)


def test_r16_r17_laying_off_without_a_final_discard_keeps_more_than_the_taken_card() -> None:
    state = deal(
        "3C 3D 3S 8C 8D 8H 3H", "2C", "2D", "4D", stock="KS 5C 6C 7C", variant=NO_FINAL_DISCARD
    )
    state = play(
        state,
        cr.DrawStock(),
        cr.GoDown([cr.meld("3C 3D 3S"), cr.meld("8C 8D 8H")]),
        cr.Discard(cr.Card.parse("KS")),
    )
    for card in cards("5C 6C 4D"):
        state = play(state, cr.DrawStock(), cr.Discard(card))
    state = play(state, cr.TakeDiscard())
    assert state.hands[0] == cards("3H 4D")
    assert state.kept_card is cr.Card.parse("4D")
    refused(state, cr.LayOff(cr.Card.parse("3H"), 0), "R16")
    check_someone_can_act_after_each(state)


@pytest.mark.parametrize("variant", [None, "pagat", 0])
@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda v: cr.Group(cr.Rank.SEVEN, SEVENS, variant=v), id="group"),
        pytest.param(lambda v: cr.Run(cr.Suit.SPADES, 3, FOUR_SPADES, variant=v), id="run"),
        pytest.param(lambda v: cr.meld(SEVENS, variant=v), id="meld"),
    ],
)
def test_melds_refuse_a_variant_that_is_not_a_variant(
    build: Callable[[Any], object], variant: Any
) -> None:
    with pytest.raises(TypeError, match="variant") as caught:
        build(variant)
    assert str(caught.value)


STARTS: dict[str, Callable[[Any], cr.RoundState]] = {
    "new_game": lambda shuffler: cr.new_game(seed=1, shuffler=shuffler),
    "start_round": lambda shuffler: cr.start_round(**deal_arguments(1), shuffler=shuffler),
}


@pytest.mark.parametrize("shuffler", [None, 0, "seeded", random.Random(1)])
@pytest.mark.parametrize("start", sorted(STARTS))
def test_new_game_and_start_round_refuse_a_shuffler_that_is_not_one(
    start: str, shuffler: Any
) -> None:
    with pytest.raises(TypeError, match="shuffler") as caught:
        STARTS[start](shuffler)
    assert str(caught.value)


@pytest.mark.parametrize("points", [math.nan, math.inf, 1.5, True, "10", None])
@pytest.mark.parametrize("where", ["joker", "ranks"])
def test_penalty_points_are_whole_numbers(where: str, points: Any) -> None:
    """R25: points are counts; NaN points would leave a finished game without winners."""
    arguments: dict[str, Any] = (
        {"joker": points} if where == "joker" else {"ranks": [10] * 12 + [points]}
    )
    with pytest.raises(TypeError) as caught:
        cr.Penalties(**arguments)
    assert str(caught.value)


LONG_S = "\u017f"  # LATIN SMALL LETTER LONG S, whose Unicode upper case is S


@pytest.mark.parametrize("text", ["7" + LONG_S, "A" + LONG_S, "10" + LONG_S])
def test_only_ascii_card_notation_is_read(text: str) -> None:
    with pytest.raises(cr.NotationError) as caught:
        cr.Card.parse(text)
    assert str(caught.value)
    with pytest.raises(cr.NotationError):
        cr.parse_cards(f"7S {text}")
