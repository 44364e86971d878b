"""Hypothesis strategies for contract_rummy: test your bots, servers and apps with them.

Every function takes keyword arguments only and returns a strategy:

- :func:`cards` and :func:`hands`: cards and hands from a variant's deck;
- :func:`melds`: valid groups and runs, wild cards included;
- :func:`contracts` and :func:`variants`: contracts, the named rule sets and custom ones;
- :func:`penalties`: penalty points for the cards left in hand, preset and custom;
- :func:`states`: game states reached by seeded legal play from a seeded deal, which
  shrink towards short games;
- :func:`views`: what one player sees of such states (:class:`~contract_rummy.PlayerView`);
- :func:`actions` and :func:`any_actions`: the legal actions of a state, and arbitrary,
  possibly illegal ones (wrong phase, cards not held, targets out of range, broken melds).

Once the package is installed, ``st.from_type(cr.Card)`` (and ``Group``, ``Run``,
``Contract``, ``Variant``, ``Penalties``, ``RoundState``, ``PlayerView``) use these
strategies too, and
``st.from_type`` builds every action with cards of the deck.

>>> from hypothesis import given
>>> import contract_rummy as cr
>>> from contract_rummy.testing.strategies import states
>>> @given(states(max_actions=30))
... def test_some_action_is_legal(state):
...     assert len(cr.legal_actions(state)) > 0 or state.phase is cr.Phase.GAME_OVER
>>> test_some_action_is_legal()
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final

try:
    from hypothesis import reject
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "contract_rummy.testing.strategies needs Hypothesis: "
        "pip install 'contract_rummy[hypothesis]'"
    ) from error

from contract_rummy._checks import check_int
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
from contract_rummy.cards import Card, Rank, Suit
from contract_rummy.contracts import Contract
from contract_rummy.engine import apply, legal_actions, new_game
from contract_rummy.melds import End, Group, Run
from contract_rummy.presets import VARIANTS
from contract_rummy.records import GameRecord, Recorder
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import (
    MAX_CARDS_DEALT,
    MAX_DECKS,
    MAX_JOKERS,
    PAGAT,
    PAGAT_PENALTIES,
    PROGRESSIVE_PENALTIES,
    AceRule,
    JokerRule,
    JokerSwap,
    Penalties,
    TieBreak,
    Variant,
    check_variant,
)
from contract_rummy.views import PlayerView, view

__all__ = [
    "actions",
    "any_actions",
    "cards",
    "contracts",
    "game_records",
    "hands",
    "melds",
    "penalties",
    "states",
    "variants",
    "views",
]


#: The most cards a variant's deck may hold: 52 a deck, and the jokers.
_LARGEST_DECK: Final = MAX_DECKS * len(Rank) * len(Suit) + MAX_JOKERS


def _deck(variant: Variant) -> tuple[Card, ...]:
    """The largest deck the variant deals: the one for its most players."""
    return variant.deck(variant.max_players)


def cards(
    *, variant: Variant | st.SearchStrategy[Variant] = PAGAT, jokers: bool = True
) -> st.SearchStrategy[Card]:
    """Any card of the variant's deck; ``jokers=False`` leaves the jokers out.

    ``variant`` may be a strategy, such as :func:`variants`.

    Raises:
        TypeError: if ``jokers`` is not a bool, or ``variant`` neither a variant nor a
            strategy.
    """
    if not isinstance(jokers, bool):
        raise TypeError(f"jokers must be a bool, got {jokers!r}")
    if isinstance(variant, st.SearchStrategy):
        return variant.flatmap(lambda chosen: cards(variant=chosen, jokers=jokers))
    pool = sorted(set(_deck(check_variant(variant))))
    if not jokers:
        pool = [card for card in pool if not card.is_joker]
    return st.sampled_from(pool)


def hands(
    *,
    variant: Variant | st.SearchStrategy[Variant] = PAGAT,
    min_size: int = 0,
    max_size: int | None = None,
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands in canonical order, never with more copies of a card than the deck holds.

    Args:
        variant: The rules whose deck (for the most players) the cards come from, or a
            strategy of them, such as :func:`variants`.
        min_size: The fewest cards a hand holds.
        max_size: The most cards a hand holds, at most the deck's size (107 in
            :data:`~contract_rummy.PAGAT`); ``None`` for the deck's size.

    With a strategy of variants, the deck is known only once a variant is drawn: the sizes
    are checked when the strategy is made against the largest deck a variant may have
    (:data:`~contract_rummy.variants.MAX_DECKS` decks and
    :data:`~contract_rummy.variants.MAX_JOKERS` jokers, 220 cards); then ``max_size`` is
    capped at the drawn variant's deck, and a ``min_size`` above it raises
    :class:`ValueError` when the variant is drawn.

    Raises:
        TypeError: if ``min_size`` or ``max_size`` is not an int (a bool is not one).
        ValueError: unless ``0 <= min_size <= max_size <=`` the deck's size.

    >>> from contract_rummy.testing.strategies import hands, variants
    >>> hands(max_size=1000)
    Traceback (most recent call last):
    ...
    ValueError: max_size must be in 0..107, got 1000
    >>> hands(variant=variants(), max_size=1000)
    Traceback (most recent call last):
    ...
    ValueError: max_size must be in 0..220, got 1000
    """
    if isinstance(variant, st.SearchStrategy):
        check_int("min_size", min_size, minimum=0, maximum=_LARGEST_DECK)
        if max_size is not None:
            check_int("max_size", max_size, minimum=0, maximum=_LARGEST_DECK)
            _check_sizes(min_size, max_size, _LARGEST_DECK)
        return variant.flatmap(lambda chosen: _drawn_hands(chosen, min_size, max_size))
    deck = _deck(check_variant(variant))
    check_int("min_size", min_size, minimum=0, maximum=len(deck))
    top = (
        len(deck)
        if max_size is None
        else check_int("max_size", max_size, minimum=0, maximum=len(deck))
    )
    _check_sizes(min_size, top, len(deck))
    return _hands_of(deck, min_size, top)


def _check_sizes(min_size: int, max_size: int, deck: int) -> None:
    if min_size > max_size:
        raise ValueError(f"need 0 <= min_size <= max_size <= {deck}, got {min_size}, {max_size}")


def _drawn_hands(
    variant: Variant, min_size: int, max_size: int | None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """The hands of a variant drawn by a strategy: ``max_size`` capped at its deck."""
    deck = _deck(check_variant(variant))
    if min_size > len(deck):
        raise ValueError(
            f"min_size must be at most the deck's size, {len(deck)} cards in the "
            f"variant {variant.name!r} drawn, got {min_size}"
        )
    top = len(deck) if max_size is None else min(max_size, len(deck))
    return _hands_of(deck, min_size, top)


def _hands_of(
    deck: tuple[Card, ...], min_size: int, max_size: int
) -> st.SearchStrategy[tuple[Card, ...]]:
    def pick(indices: list[int]) -> tuple[Card, ...]:
        return tuple(sorted(deck[i] for i in indices))

    return st.lists(
        st.integers(0, len(deck) - 1), unique=True, min_size=min_size, max_size=max_size
    ).map(pick)


def _wilds(variant: Variant, deck: Counter[Card], excluding: Rank | None = None) -> list[Card]:
    """Every physical wild card of the deck, one entry per copy."""
    return [
        card
        for card, copies in sorted(deck.items())
        for _ in range(copies)
        if variant.is_wild(card) and (excluding is None or card.rank is not excluding)
    ]


@st.composite
def _groups(draw: st.DrawFn, variant: Variant) -> Group:
    deck = Counter(_deck(variant))
    rank = draw(st.sampled_from(list(Rank)))
    naturals = [card for card, n in sorted(deck.items()) for _ in range(n) if card.rank is rank]
    pool = naturals + _wilds(variant, deck, excluding=rank)
    low = variant.min_group_length
    size = draw(st.integers(low, max(low, min(len(pool), low + 5))))
    if size > len(pool):
        reject()  # this rank cannot make a group from this deck
    chosen = draw(
        st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=size, max_size=size)
    )
    return Group(rank, [pool[i] for i in chosen], variant=variant)


@st.composite
def _runs(draw: st.DrawFn, variant: Variant) -> Run:
    deck = Counter(_deck(variant))
    lowest = 2 if variant.aces is AceRule.HIGH else 1
    highest = 13 if variant.aces is AceRule.LOW else 14
    longest = min(variant.max_run_length, highest - lowest + 1)
    length = draw(st.integers(variant.min_run_length, longest))
    low = draw(st.integers(lowest, highest - length + 1))
    suit = draw(st.sampled_from(list(Suit)))
    wilds = _wilds(variant, deck)
    chosen: list[Card] = []
    for position in range(low, low + length):
        natural = Card(1 if position == 14 else position, suit)
        can_be_wild = bool(wilds)
        if deck[natural] and (not can_be_wild or not draw(st.booleans())):
            deck[natural] -= 1
            if natural in wilds:  # a card of a wild rank, played as itself
                wilds.remove(natural)
            chosen.append(natural)
        elif can_be_wild:
            wild = wilds.pop(draw(st.integers(0, len(wilds) - 1)))
            deck[wild] -= 1
            chosen.append(wild)
        else:
            reject()  # neither the natural card nor a wild one is left for this position
    return Run(suit, low, chosen, variant=variant)


def melds(
    *,
    variant: Variant | st.SearchStrategy[Variant] = PAGAT,
    kind: type[Group] | type[Run] | None = None,
) -> st.SearchStrategy[Group | Run]:
    """Valid groups and runs of the variant (R7-R10), wild cards included.

    Args:
        variant: The rules the melds follow, or a strategy of them, such as
            :func:`variants`.
        kind: :class:`~contract_rummy.Group` or :class:`~contract_rummy.Run` (the classes)
            for one kind only; ``None`` for both.
    """
    given: object = kind  # the annotation is what to pass, not a check
    if given not in (None, Group, Run):
        said = f"the str {given!r}" if isinstance(given, str) else repr(given)
        raise ValueError(f"kind must be None or the class Group or Run, got {said}")
    if isinstance(variant, st.SearchStrategy):
        return variant.flatmap(lambda chosen: melds(variant=chosen, kind=kind))
    check_variant(variant)
    groups = _groups(variant)
    runs = _runs(variant)
    chosen: st.SearchStrategy[Group | Run]
    if kind is Group:
        chosen = groups
    elif kind is Run:
        chosen = runs
    else:
        chosen = st.one_of(groups, runs)
    return chosen


def contracts(
    *, max_groups: int = 3, max_runs: int = 3, max_length: int = 7
) -> st.SearchStrategy[Contract]:
    """Contracts of up to ``max_groups`` groups and ``max_runs`` runs, one meld at least (R11).

    Each group asks for 3 to ``max_length`` cards (R7: at least 3), each run for 4 to
    ``max_length`` (R8: at least 4), so with ``max_length=3`` the contracts have groups
    only.

    Args:
        max_groups: The most groups in a contract; 0 for runs only.
        max_runs: The most runs in a contract; 0 for groups only.
        max_length: The most cards any meld of the contract asks for: at least 3, a
            group's shortest length (R7).

    Raises:
        TypeError: if an argument is not an int (a bool is not one).
        ValueError: if an argument is negative, if ``max_length`` is below 3, or if the
            arguments leave no contract to draw: ``max_groups`` and ``max_runs`` both 0, or
            ``max_groups`` 0 with ``max_length`` 3, too short for a run (R8).

    >>> from contract_rummy.testing.strategies import contracts
    >>> contracts(max_length=2)
    Traceback (most recent call last):
    ...
    ValueError: max_length must be at least 3, the shortest group (R7), got 2
    >>> contracts(max_groups=0, max_runs=0)
    Traceback (most recent call last):
    ...
    ValueError: R11: a contract needs a group or a run, but max_groups and max_runs are both 0
    """
    check_int("max_groups", max_groups, minimum=0)
    check_int("max_runs", max_runs, minimum=0)
    check_int("max_length", max_length)
    if max_length < 3:
        raise ValueError(
            f"max_length must be at least 3, the shortest group (R7), got {max_length}"
        )
    if max_groups == 0 and max_runs == 0:
        raise ValueError(
            "R11: a contract needs a group or a run, but max_groups and max_runs are both 0"
        )
    most_runs = max_runs if max_length >= 4 else 0
    if max_groups == 0 and most_runs == 0:
        raise ValueError(
            "R8: a run needs at least 4 cards, so with max_groups 0 max_length must be at "
            f"least 4, got {max_length}"
        )
    # One kind alone must be drawn at least once; with both, a contract must have one meld.
    groups = st.lists(
        st.integers(3, max_length), min_size=int(most_runs == 0), max_size=max_groups
    )
    runs = st.lists(  # (with no run to draw, max(4, ...) only keeps the bounds in order)
        st.integers(4, max(4, max_length)), min_size=int(max_groups == 0), max_size=most_runs
    )
    pairs = st.tuples(groups, runs).filter(lambda pair: bool(pair[0] or pair[1]))
    return pairs.map(lambda pair: Contract(groups=pair[0], runs=pair[1]))


def penalties() -> st.SearchStrategy[Penalties]:
    """The preset penalty tables and custom ones: 0-50 points a joker, 0-25 a rank (R25).

    >>> from hypothesis import given
    >>> import contract_rummy as cr
    >>> from contract_rummy.testing.strategies import penalties
    >>> @given(penalties())
    ... def test_no_card_scores_below_zero(table):
    ...     assert table.of(cr.JOKER) >= 0 and min(table.ranks) >= 0
    >>> test_no_card_scores_below_zero()
    """
    custom = st.builds(
        Penalties,
        joker=st.integers(0, 50),
        ranks=st.lists(st.integers(0, 25), min_size=13, max_size=13),
    )
    return st.one_of(st.sampled_from([PAGAT_PENALTIES, PROGRESSIVE_PENALTIES]), custom)


@st.composite
def _custom_variant(draw: st.DrawFn) -> Variant:
    fewest = draw(st.integers(2, 6))
    most = draw(st.integers(fewest, min(fewest + 3, 8)))
    decks = draw(st.integers(1, 2))
    jokers: int | JokerRule = draw(
        st.one_of(st.integers(0, 4), st.just(JokerRule.PLAYERS_MINUS_ONE))
    )
    base = Variant(
        name="custom",
        min_players=fewest,
        max_players=most,
        decks=decks,
        jokers=jokers,
        ladder=((Contract(groups=(3,)), 3),),
    )
    # The deal must leave a card to turn up and one for the stock, for every player count,
    # and stay within the bound on cards dealt.
    deal_cap = min(
        MAX_CARDS_DEALT,
        *((base.deck_counts(p).cards - 2) // p for p in range(fewest, most + 1)),
    )
    aces = draw(st.sampled_from(list(AceRule)))
    min_run = draw(st.integers(3, 5))
    rounds = draw(st.integers(1, 8))
    at_once = draw(st.booleans())
    final_discard = draw(st.booleans())
    ladder = []
    for number in range(1, rounds + 1):
        groups = draw(st.lists(st.integers(3, 4), max_size=2))
        runs = draw(
            st.lists(
                st.integers(min_run, min_run + 2),
                min_size=0 if groups else 1,
                max_size=2 if groups else 3,
            )
        )
        contract = Contract(groups=groups, runs=runs)
        last = at_once and number == rounds
        needed = contract.min_cards - 1 + (0 if last else int(final_discard))
        if needed > deal_cap:
            contract, needed = Contract(groups=(3,)), 3
        dealt = draw(st.integers(max(1, needed), max(1, min(deal_cap, needed + 6))))
        ladder.append((contract, dealt))
    # A wild rank only with one deck: every wild card multiplies the go-downs a hand can
    # make, and a state with a dozen wild cards can have tens of thousands of them.
    ranks = draw(st.frozensets(st.sampled_from(list(Rank)), max_size=1 if decks == 1 else 0))
    settings: dict[str, Any] = {
        "name": "custom",
        "min_players": fewest,
        "max_players": most,
        "decks": decks,
        "jokers": jokers,
        "wild_ranks": ranks,
        "wilds_score_as_jokers": draw(st.booleans()),
        "aces": aces,
        "min_run_length": min_run,
        "ladder": ladder,
        "exact_first_meld": draw(st.booleans()),
        "runs_may_touch": draw(st.booleans()),
        "last_round_at_once": at_once,
        "final_discard": final_discard,
        "lay_off_on_going_down_turn": draw(st.booleans()),
        "discard_taken_card": draw(st.booleans()),
        "buying": draw(st.booleans()),
        "max_buys": draw(st.one_of(st.none(), st.integers(0, 4))),
        "buy_penalty": draw(st.integers(0, 2)),
        "down_players_may_buy": draw(st.booleans()),
        "discarder_may_buy": draw(st.booleans()),
        "joker_swap": draw(st.sampled_from(list(JokerSwap))),
        "penalties": draw(penalties()),
        "tie_break": draw(st.sampled_from(list(TieBreak))),
        "cut_bonus": draw(st.sampled_from([0, 50])),
        "shanghai_call": draw(st.booleans()),
        "max_reshuffles": draw(st.one_of(st.none(), st.integers(0, 4))),
        "max_turns": draw(st.one_of(st.none(), st.integers(1, 12), st.just(500))),
    }
    if not at_once:
        return Variant(**settings)
    # The last round lays the whole hand at once (R24), which a deck may hold too few
    # cards of one kind for: then it deals one card fewer than the contract takes, so that
    # the hand is the contract at its minimum, which every deck here can lay.
    try:
        variant = Variant(**settings)
    except ValueError:
        variant = None
    if variant is None or not _every_count_plays(variant):
        contract, _ = ladder[-1]
        settings["ladder"] = [*ladder[:-1], (contract, max(1, contract.min_cards - 1))]
        variant = Variant(**settings)
    return variant


def _every_count_plays(variant: Variant) -> bool:
    """Whether every number of players ``variant`` allows can meet every contract."""
    try:
        for players in range(variant.min_players, variant.max_players + 1):
            variant.check_players(players)
    except ValueError:
        return False
    return True


def variants() -> st.SearchStrategy[Variant]:
    """The named rule sets of :data:`~contract_rummy.VARIANTS`, and valid custom ones.

    Custom ones stay within the bounds of :class:`~contract_rummy.Variant`, and every
    number of players they allow can play them: a hand from the deck can meet each
    round's contract (:meth:`~contract_rummy.Variant.check_players`).
    """
    return st.one_of(st.sampled_from(list(VARIANTS.values())), _custom_variant())


@st.composite
def _moves(draw: st.DrawFn, max_actions: int) -> tuple[int, random.Random]:
    """How many actions to play, up to ``max_actions``, and the seeded chooser among them.

    The number is drawn as a whole, not action by action: a list of choices would hold a
    handful of actions whatever its bound (Hypothesis keeps lists short), where a game of
    ``pagat`` takes some 1,400 actions. It shrinks towards fewer actions along the same
    choices, and the chooser's seed towards 0.
    """
    length = draw(st.integers(0, max_actions))
    return length, random.Random(draw(st.integers(0, 2**32 - 1)))


@st.composite
def _states(draw: st.DrawFn, variant: Variant, max_actions: int) -> RoundState:
    seed = draw(st.integers(0, 2**64 - 1))
    players = draw(st.integers(variant.min_players, variant.max_players))
    state = new_game(variant, seed=seed, players=players)
    length, chooser = draw(_moves(max_actions))
    for _ in range(length):
        if state.phase is Phase.GAME_OVER:
            break
        legal = legal_actions(state)
        state = apply(state, legal[chooser.randrange(len(legal))])
    return state


def states(
    *, variant: Variant | st.SearchStrategy[Variant] = PAGAT, max_actions: int = 200
) -> st.SearchStrategy[RoundState]:
    """States reached by up to ``max_actions`` legal actions from a seeded deal.

    The number of actions is drawn from 0 to ``max_actions``, each action chosen at random
    among the legal ones by a seeded chooser: whole games are within reach of a large
    enough bound (a game of ``pagat`` takes some 1,400 actions, a round some 200), game
    over included. The states shrink towards fewer actions of the same game. ``variant``
    may be a strategy, such as :func:`variants`.

    Raises:
        TypeError: if ``max_actions`` is not an int (a bool is not one).
        ValueError: if ``max_actions`` is negative.

    >>> from contract_rummy.testing.strategies import states
    >>> states(max_actions="5")
    Traceback (most recent call last):
    ...
    TypeError: max_actions must be an int, got '5'
    """
    check_int("max_actions", max_actions, minimum=0)
    if isinstance(variant, st.SearchStrategy):
        return variant.flatmap(lambda chosen: _states(chosen, max_actions))
    return _states(check_variant(variant), max_actions)


def views(
    *, variant: Variant | st.SearchStrategy[Variant] = PAGAT, max_actions: int = 200
) -> st.SearchStrategy[PlayerView]:
    """What one player sees of a state of :func:`states` (same arguments).

    The player is any player of the game, the one to act or not.

    >>> from hypothesis import given
    >>> import contract_rummy as cr
    >>> from contract_rummy.testing.strategies import views
    >>> @given(views(max_actions=30))
    ... def test_a_view_shows_its_own_hand(seen):
    ...     assert len(seen.hand) == seen.hand_sizes[seen.player]
    >>> test_a_view_shows_its_own_hand()
    """
    return states(variant=variant, max_actions=max_actions).flatmap(
        lambda state: st.integers(0, state.players - 1).map(lambda player: view(state, player))
    )


@st.composite
def _game_records(draw: st.DrawFn, variant: Variant, max_actions: int) -> GameRecord:
    seed = draw(st.integers(0, 2**64 - 1))
    players = draw(st.integers(variant.min_players, variant.max_players))
    recorder = Recorder(new_game(variant, seed=seed, players=players), seed=seed)
    length, chooser = draw(_moves(max_actions))
    for _ in range(length):
        if recorder.state.phase is Phase.GAME_OVER:
            break
        legal = legal_actions(recorder.state)
        recorder.apply(legal[chooser.randrange(len(legal))])
    return recorder.record()


def game_records(
    *, variant: Variant | st.SearchStrategy[Variant] = PAGAT, max_actions: int = 200
) -> st.SearchStrategy[GameRecord]:
    """Records of seeded games of up to ``max_actions`` legal actions (as :func:`states`).

    >>> from hypothesis import given
    >>> import contract_rummy as cr
    >>> from contract_rummy.testing.strategies import game_records
    >>> @given(game_records(max_actions=20))
    ... def test_a_record_reloads(game):
    ...     assert cr.records.loads(cr.records.dumps(game)) == game
    >>> test_a_record_reloads()
    """
    check_int("max_actions", max_actions, minimum=0)
    if isinstance(variant, st.SearchStrategy):
        return variant.flatmap(lambda chosen: _game_records(chosen, max_actions))
    return _game_records(check_variant(variant), max_actions)


def actions(state: RoundState) -> st.SearchStrategy[Action]:
    """One of the legal actions of ``state`` (nothing at all once the game is over).

    Raises:
        TypeError: if ``state`` is neither a :class:`~contract_rummy.RoundState` nor a
            :class:`~contract_rummy.PlayerView`.
    """
    legal = tuple(legal_actions(state))
    return st.sampled_from(legal) if legal else st.nothing()


def any_actions(state: RoundState) -> st.SearchStrategy[Action]:
    """Arbitrary actions for ``state``, legal or not.

    Besides the legal actions, it draws every kind of action in every phase, cards the
    player does not hold, table targets out of range, ends that do not fit, and go-downs of
    melds that break the contract or use cards not held.

    Raises:
        TypeError: as :func:`actions`, if ``state`` is neither a
            :class:`~contract_rummy.RoundState` nor a :class:`~contract_rummy.PlayerView`.

    >>> from contract_rummy.testing.strategies import any_actions
    >>> any_actions(None)
    Traceback (most recent call last):
    ...
    TypeError: expected a RoundState or a PlayerView, got None
    """
    legal = tuple(legal_actions(state))  # first: it refuses what is not a state or a view
    variant = state.variant
    any_card = cards(variant=variant)
    targets = st.integers(0, len(state.table) + 2)  # (a negative index is no action)
    ends = st.sampled_from([None, End.LOW, End.HIGH])
    choices: list[st.SearchStrategy[Action]] = [
        st.sampled_from([DrawStock(), TakeDiscard(), Buy(), Pass(), NextRound()]),
        st.builds(Discard, any_card),
        st.builds(LayOff, any_card, targets, ends),
        st.builds(SwapJoker, any_card, targets, targets, ends),
        st.builds(GoDown, st.lists(melds(variant=variant), max_size=4)),
    ]
    go_downs = [action for action in legal if isinstance(action, GoDown)]
    if go_downs:
        choices.append(
            st.sampled_from(go_downs).flatmap(
                lambda action: st.sets(
                    st.sampled_from(range(len(action.melds))), max_size=len(action.melds)
                ).map(lambda keep: GoDown([action.melds[i] for i in sorted(keep)]))
            )
        )
    if legal:
        choices.insert(0, st.sampled_from(legal))
    return st.one_of(choices)
