"""What one player may know of a game: :class:`PlayerView`, :func:`view`, :func:`determinize`.

A :class:`~contract_rummy.RoundState` holds every card: the other players' hands, the
stock in its order, the shuffler's state. A player sees less: their own hand, how many
cards each player holds and how many are left in the stock, the discard pile, the table,
and what everyone saw happen (the buys, the melds laid, the scores). A
:class:`PlayerView` holds exactly that, and nothing from which a hidden card could be read
back: two states that differ only in hidden cards give equal views.

>>> import contract_rummy as cr
>>> state = cr.new_game(seed=1)
>>> seen = cr.view(state, 0)
>>> seen.hand == state.hands[0], seen.hand_sizes, seen.stock_size
(True, (10, 10, 10, 10), 66)
>>> hasattr(seen, "stock"), hasattr(seen, "hands")
(False, False)

:func:`determinize` deals the cards the player cannot see at random into a whole state
that agrees with the view, for a bot that plays out guesses of what it cannot see, and
:func:`~contract_rummy.legal_actions` takes a view: its player's actions depend only on
what they see, so a bot needs nothing more to choose one:

>>> guess = cr.determinize(seen, seed=5)
>>> cr.view(guess, 0) == seen
True
>>> mine = cr.view(state, state.to_act)
>>> list(cr.legal_actions(mine)) == list(cr.legal_actions(state))
True
>>> seen.to_act, list(cr.legal_actions(seen))
(2, [])

Built directly (or with :func:`attrs.evolve`), a view is checked: it is valid exactly when
some valid state lies behind it, and is refused with
:class:`~contract_rummy.InvalidStateError` otherwise (or a :class:`TypeError` for a field
of the wrong type):

>>> import attrs
>>> attrs.evolve(seen, stock_size=60)
Traceback (most recent call last):
...
contract_rummy.errors.InvalidStateError: R2: player 0 cannot see 96 cards, but the other
hands (30 cards) and the stock (60) hold 90
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from itertools import chain, repeat
from typing import Final

import attrs

from contract_rummy._checks import as_int
from contract_rummy._hands import BY_INDEX
from contract_rummy.cards import CARDS, Card, format_cards
from contract_rummy.errors import InvalidStateError, Refusal
from contract_rummy.shuffler import SEEDED, STEPS, Shuffler, seed_state
from contract_rummy.state import (
    FLAT,
    KEEP,
    Board,
    BuyWindow,
    Chance,
    ChanceKind,
    ChancePoint,
    Phase,
    PublicParts,
    RoundFacts,
    RoundState,
    TableMeld,
    Totals,
    Turn,
    assemble,
    build_state,
    builder,
    check_types,
    not_a_state,
)
from contract_rummy.variants import Variant

__all__ = ["PlayerView", "canonical_state", "determinize", "not_a_view", "view"]


@attrs.frozen(cache_hash=True, weakref_slot=False)
class _ViewFields(PublicParts):
    """The fields of a :class:`PlayerView`, written once (see :class:`PlayerView`)."""

    facts: RoundFacts = attrs.field(metadata=FLAT)
    player: int
    phase: Phase
    active: int
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    discarded_by: tuple[int | None, ...]
    board: Board = attrs.field(metadata=FLAT)
    totals: Totals = attrs.field(metadata=FLAT)
    turn: Turn
    window: BuyWindow
    turns: int
    moves: int = 0

    def __attrs_post_init__(self) -> None:
        # Only a view built by hand comes here: view() builds its own unchecked.
        check_types(self)
        problem = _problem(self)  # type: ignore[arg-type] # always a PlayerView
        if problem is not None:
            raise InvalidStateError(problem)
        try:
            _behind(self, _free(self), 0, SEEDED, checked=True)  # type: ignore[arg-type]
        except InvalidStateError as error:
            # The state behind the view has the view's public fields under the same names,
            # and _problem has said all there is to say about the hidden ones.
            raise InvalidStateError(error.refusal) from None


class PlayerView(_ViewFields):
    """What player ``player`` may know of a game at one moment: a frozen, hashable value.

    Make one with :func:`view`. It holds the public parts of the
    :class:`~contract_rummy.RoundState` it was made from, the very same values
    (:class:`~contract_rummy.state.RoundFacts`, :class:`~contract_rummy.state.Board`,
    :class:`~contract_rummy.state.Totals`, the buy window), whose fields read by their own
    names as a state's do (``seen.discard``, ``seen.scores``, ...); the player's own hand;
    and only the sizes of the other hands and of the stock: never another player's card,
    the order of the stock, nor the shuffler and its state. Built directly (or with
    :func:`attrs.evolve`, which may name the fields of the parts directly), a view is
    checked, and refused with :class:`~contract_rummy.InvalidStateError` unless some valid
    state lies behind it (see the module).

    Attributes:
        facts: What stays the same all round: ``variant``, ``round_number``, ``dealer``,
            ``cut``.
        player: The player whose view this is.
        phase: What kind of choice is due (:class:`~contract_rummy.Phase`).
        active: Whose turn it is (R6).
        to_act: Who must choose now, or ``None`` when nobody must (round or game over).
        hand: The player's own cards, in canonical order.
        hand_sizes: How many cards each player holds, this player included.
        stock_size: How many cards are left in the face-down stock.
        discard: The discard pile, bottom first: ``discard[-1]`` is the face-up top.
        discarded_by: Who discarded each card of the pile (``None`` for the card turned up
            at the deal).
        board: The melds on the table and the round's counts: ``table``, ``down``,
            ``buys``, ``reshuffles``.
        totals: ``scores``, ``penalties``, ``winners``.
        turn: What the active player has done this turn. The card they took from the
            discard pile that R17 keeps in their hand (``turn.kept_card``) is shown to
            them only: R17 keeps it unless they already held a copy, which the others
            cannot see, so the others' views show ``None`` there.
        window: The buy window while one is open, else :data:`~contract_rummy.NO_WINDOW`.
        turns: How many turns this round has begun, the current one included (R29).
        moves: How many actions have been applied since the game began: the state's
            ``moves``, the number of the position.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(seed=1), cr.TakeDiscard())
    >>> mine = cr.view(state, 1)
    >>> mine.player, mine.active, mine.hand_sizes, mine.turn.kept_card, mine.moves
    (1, 2, (10, 10, 11, 10), None, 1)
    >>> cr.view(state, 2).turn.kept_card
    Card.parse('4D')
    >>> mine == cr.view(state, 1), hash(mine) == hash(cr.view(state, 1))
    (True, True)
    """

    __slots__ = ()

    def __init__(
        self,
        facts: RoundFacts = KEEP,
        player: int = KEEP,
        phase: Phase = KEEP,
        active: int = KEEP,
        to_act: int | None = KEEP,
        hand: tuple[Card, ...] = KEEP,
        hand_sizes: tuple[int, ...] = KEEP,
        stock_size: int = KEEP,
        discard: tuple[Card, ...] = KEEP,
        discarded_by: tuple[int | None, ...] = KEEP,
        board: Board = KEEP,
        totals: Totals = KEEP,
        turn: Turn = KEEP,
        window: BuyWindow = KEEP,
        turns: int = KEEP,
        moves: int = KEEP,
        *,
        variant: Variant = KEEP,
        round_number: int = KEEP,
        dealer: int = KEEP,
        cut: int | None = KEEP,
        table: tuple[TableMeld, ...] = KEEP,
        down: tuple[bool, ...] = KEEP,
        buys: tuple[int, ...] = KEEP,
        reshuffles: int = KEEP,
        known: tuple[tuple[Card, ...], ...] = KEEP,
        scores: tuple[int, ...] = KEEP,
        penalties: tuple[int, ...] | None = KEEP,
        winners: tuple[int, ...] | None = KEEP,
    ) -> None:
        given = {name: value for name, value in locals().items() if value is not KEEP}
        del given["self"]
        _ViewFields.__init__(
            self,
            **assemble(PlayerView, given, "a view comes from contract_rummy.view(state, player)"),
        )

    @property
    def players(self) -> int:
        """How many players the game has.

        >>> import contract_rummy as cr
        >>> cr.view(cr.new_game(seed=1), 0).players
        4
        """
        return len(self.hand_sizes)

    def canonical_state(self) -> RoundState:
        """One fixed state behind this view: :func:`canonical_state`."""
        return canonical_state(self)

    def __str__(self) -> str:
        lines = [
            (
                f"Round {self.round_number} of {self.variant.rounds} ({self.variant.name}): "
                f"{self.contract}; dealer {self.dealer}; {self.phase.value}, "
                f"player {self.active} active, to act: {self.to_act}"
            ),
            f"stock {self.stock_size}, discard top {self.top_discard or '-'}",
        ]
        for player, size in enumerate(self.hand_sizes):
            mine = player == self.player
            status = [word for word, yes in (("down", self.down[player]), ("you", mine)) if yes]
            shown = format_cards(self.hand) if mine else f"{size} card{'s' * (size != 1)}"
            marks = f" ({', '.join(status)})" if status else ""
            lines.append(f"player {player}{marks}: total {self.scores[player]}: {shown}")
        lines.extend(f"table[{index}]: {meld}" for index, meld in enumerate(self.table))
        return "\n".join(lines)


#: Builds a view from its fields, unchecked: a valid state gives a valid view.
_view: Final = builder(PlayerView, _ViewFields.__init__)
#: The turn as the players who are not active see it, by whether the active player went
#: down: never the card R17 keeps in the active player's hand, since whether it keeps one
#: depends on whether that player already held a copy, which the others cannot see.
_UNSEEN: Final = (Turn(), Turn(went_down=True))
#: The last hands a view was made of and their sizes: the hands stay the same object over
#: the many actions that change no hand (buy offers and passes), and the views of
#: consecutive actions share the sizes instead of counting them again. One entry.
_SIZES: list[tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]] = [((), ())]


def not_a_view(value: object) -> str:
    """Why ``value``, given where a :class:`PlayerView` goes, is not one: for a ``TypeError``.

    A whole state is named as such, not shown whole, with the call that makes a view.

    >>> import contract_rummy as cr
    >>> print(not_a_view(cr.new_game(seed=1)))
    expected a PlayerView, got a whole RoundState: what one player sees is ...
    >>> not_a_view(None)
    'expected a PlayerView, got None'
    """
    if isinstance(value, RoundState):
        return (
            "expected a PlayerView, got a whole RoundState: what one player sees is "
            "contract_rummy.view(state, player)"
        )
    return f"expected a PlayerView, got {value!r}"


def view(state: RoundState, player: int) -> PlayerView:
    """What ``player`` may know of ``state``: :class:`PlayerView`.

    Cheap: the view is made without the checks of a view built by hand, since a valid
    state gives a valid view.

    Raises:
        TypeError: if ``state`` is not a :class:`~contract_rummy.RoundState`, or ``player``
            not an int (a bool is not one).
        ValueError: if ``player`` is not a player of the game.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> print(cr.view(state, 2))
    Round 1 of 7 (pagat): two groups of 3; dealer 1; draw, player 2 active, to act: 2
    stock 66, discard top 4D
    player 0: total 0: 10 cards
    player 1: total 0: 10 cards
    player 2 (you): total 0: AD 2D 3D 7D JD AH 5H 2S 7S JK
    player 3: total 0: 10 cards
    >>> cr.view(state, 4)
    Traceback (most recent call last):
    ...
    ValueError: player must be a player of the game, 0-3, got 4
    """
    if type(state) is not RoundState and not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    hands = state.hands
    if type(player) is not int:  # a plain int skips the call
        player = as_int("player", player)  # NumPy's integers too
    if not 0 <= player < len(hands):
        raise ValueError(f"player must be a player of the game, 0-{len(hands) - 1}, got {player}")
    turn = state.turn
    if turn.kept_card is not None and player != state.active:
        turn = _UNSEEN[turn.went_down]
    last, sizes = _SIZES[0]
    if last is not hands:  # held in the entry, so never another tuple at the same address
        sizes = tuple(map(len, hands))
        _SIZES[0] = (hands, sizes)
    return _view(
        state.facts,
        player,
        state.phase,
        state.active,
        state.to_act,
        hands[player],
        sizes,
        len(state.stock),
        state.discard,
        state.discarded_by,
        state.board,
        state.totals,
        turn,
        state.window,
        state.turns,
        state.moves,
    )


def determinize(view: PlayerView, seed: int) -> RoundState:
    """A whole state behind ``view``: the cards its player cannot see, dealt at random.

    The unseen cards (the deck less the player's hand, the discard pile and the table) are
    shuffled with :data:`~contract_rummy.SEEDED` from ``seed`` and dealt into the other
    players' hands, each to its size, and the stock. Every such deal is equally likely,
    but behind a finished round: there each hidden hand must be worth the penalty the view
    shows (R25), and takes, of every penalty value, the first cards of the shuffle that
    have it (as many as near as it can to the number the plain deal gives it).
    The state agrees with the view (``view(determinize(v, seed), v.player) == v``), and
    the same seed gives the same state; its shuffler state comes from the seed too, so
    later reshuffles replay alike.

    Raises:
        TypeError: if ``view`` is not a :class:`PlayerView`, or ``seed`` not an int.
        ValueError: if ``seed`` is negative, or ``view`` is at a chance point (phase
            CHANCE): the order chance is dealing there is hidden from every player (R5,
            R27), so no state behind the view can be dealt until it is whole.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> mine = cr.view(state, 0)
    >>> guess = cr.determinize(mine, 7)
    >>> guess.hands[0] == state.hands[0], guess.stock == state.stock
    (True, False)
    >>> cr.view(guess, 0) == mine, guess == cr.determinize(mine, 7)
    (True, True)
    """
    given: object = view
    if not isinstance(given, PlayerView):
        if isinstance(given, RoundState):  # the whole state: nothing hidden to deal
            raise TypeError(
                "determinize deals what a player's view hides, and got a whole RoundState: "
                "pass a view, such as view(state, player)"
            )
        raise TypeError(f"expected a PlayerView, got {view!r}")
    if view.phase is Phase.CHANCE:
        raise ValueError(
            "R5, R27: a view at a chance point has no state to deal behind it: the order "
            "chance is dealing is hidden from every player; determinize the view after it"
        )
    seed = as_int("a seed", seed, minimum=0)  # NumPy's integers too
    shuffled, rng = SEEDED.shuffle(_free(view), seed_state(seed))
    return _behind(view, shuffled, rng, SEEDED, checked=False)


@functools.lru_cache(maxsize=64)
def _deck_counts(variant: Variant, players: int) -> tuple[int, ...]:
    """How many copies of each card (by :attr:`Card.index`) the deck holds (R2)."""
    counts = [0] * len(CARDS)
    for card in variant.deck(players):
        counts[card.index] += 1
    return tuple(counts)


def _unseen_counts(view: PlayerView) -> list[int]:
    """How many copies of each card (by index) the player cannot see.

    The deck less the player's hand, the discard pile and the table: a count below zero
    means the player sees more copies than the deck holds.
    """
    counts = list(_deck_counts(view.variant, len(view.hand_sizes)))
    for card in view.hand:
        counts[card.index] -= 1
    for card in view.discard:
        counts[card.index] -= 1
    for placed in view.table:
        for card in placed.cards:
            counts[card.index] -= 1
    return counts


def _free_counts(view: PlayerView) -> list[int]:
    """How many copies of each card (by index) the player can place nowhere yet.

    The cards the player cannot see (:func:`_unseen_counts`) less those known to be in the
    other players' hands (``known``, taken from the discard pile or bought), which stay
    where everyone saw them go. A count below zero means the view is not valid.
    """
    counts = _unseen_counts(view)
    for other, cards in enumerate(view.board.known):
        if other != view.player:
            for card in cards:
                counts[card.index] -= 1
    return counts


def _free(view: PlayerView) -> list[Card]:
    """The cards to deal at random behind a valid view, in canonical order.

    The cards the player cannot see, less those known to be in the other hands: with
    nothing known, exactly the cards the player cannot see.
    """
    return list(chain.from_iterable(map(repeat, CARDS, _free_counts(view))))


def _behind(
    view: PlayerView, free: Sequence[Card], rng: int, shuffler: Shuffler, *, checked: bool
) -> RoundState:
    """The state behind ``view`` whose free cards are dealt as ``free`` lists them.

    ``free`` holds the cards :func:`_free` gives, in any order. Each other player's hand
    holds the cards known to be there (``known``) and is filled from the first of ``free``
    in seat order, each to its size; the rest is the stock, top first. ``checked`` builds
    the state through :class:`~contract_rummy.RoundState`'s checks.
    """
    free = _worth_order(view, free)
    at = 0
    hands: list[tuple[Card, ...]] = []
    known = view.board.known
    for player, size in enumerate(view.hand_sizes):
        if player == view.player:
            hands.append(view.hand)
            continue
        mine = known[player] if player < len(known) else ()
        fill = size - len(mine)
        hands.append(tuple(sorted((*mine, *free[at : at + fill]), key=BY_INDEX)))
        at += fill
    build = RoundState if checked else build_state
    return build(
        facts=view.facts,
        phase=view.phase,
        active=view.active,
        to_act=view.to_act,
        hands=tuple(hands),
        stock=tuple(free[at:]),
        discard=view.discard,
        discarded_by=view.discarded_by,
        board=view.board,
        totals=view.totals,
        turn=view.turn,
        window=view.window,
        turns=view.turns,
        chance=_chance_behind(view)
        if checked and view.phase is Phase.CHANCE
        else Chance(rng, shuffler),
        moves=view.moves,
    )


def _chance_behind(view: PlayerView) -> Chance:
    """A chance part that fits the state behind ``view``, at a chance point, for its checks.

    Behind a view at a chance point (phase CHANCE) lies a state whose chance is dealt step
    by step (``contract_rummy.engine.STEPS``). The view shows nothing of what chance deals
    (the orders are hidden), so the checks stand a deal of the whole deck there (R5), which
    the cards of any such state allow.
    """
    deck = tuple(sorted(view.variant.deck(view.players), key=BY_INDEX))
    point = ChancePoint(ChanceKind.DEAL, deck, (), 0, None, (), Phase.DRAW, None)
    return Chance(0, STEPS, point)


#: How many steps the search for hidden hands worth a finished round's penalties may take
#: before it gives up (:func:`_worth_order`): far more than any real round needs.
_WORTH_STEPS: Final = 200_000


class _TooLongError(Exception):
    """The search for hidden hands worth their penalties took too many steps."""


def _worth_order(view: PlayerView, unseen: Sequence[Card]) -> Sequence[Card]:
    """``unseen`` ordered so that dealt in seat order, each hidden hand is worth its penalty.

    ``unseen`` are the free cards (:func:`_free`): each hidden hand holds its known cards
    and is filled from them. Only a finished round's view says what the hidden hands are
    worth: its penalties, what the hands left cost (R25). Each hidden hand then takes, of
    every penalty value, the first cards of ``unseen`` that have it, as many as near as the
    penalties allow to the number the plain deal of ``unseen`` gives it; the stock keeps the
    rest in their order. ``unseen`` comes back as it is when its plain deal fits, and when
    no deal does (the view is then refused by the state's checks).
    """
    penalties = view.totals.penalties
    if penalties is None:
        return unseen
    worth = view.facts.variant.penalty
    known = view.board.known
    others = [p for p in range(len(view.hand_sizes)) if p != view.player]
    if len(penalties) != len(view.hand_sizes) or len(known) != len(view.hand_sizes):
        return unseen  # the checks say what is wrong
    # What each hidden hand takes from ``unseen``, and what that must be worth, beside the
    # cards known to be in it.
    sizes = [size - len(cards) for size, cards in zip(view.hand_sizes, known, strict=True)]
    penalties = tuple(
        points - sum(map(worth, cards)) for points, cards in zip(penalties, known, strict=True)
    )
    if len(unseen) < sum(sizes[p] for p in others) or min(sizes) < 0:
        return unseen  # the checks say what is wrong
    plain: list[Sequence[Card]] = []
    at = 0
    for p in others:
        plain.append(unseen[at : at + sizes[p]])
        at += sizes[p]
    if all(sum(map(worth, hand)) == penalties[p] for p, hand in zip(others, plain, strict=True)):
        return unseen
    values = sorted({worth(card) for card in unseen})
    column = {value: j for j, value in enumerate(values)}
    counts = [0] * len(values)
    for card in unseen:
        counts[column[worth(card)]] += 1
    wanted = []
    for hand in plain:
        row = [0] * len(values)
        for card in hand:
            row[column[worth(card)]] += 1
        wanted.append(row)
    targets = [(sizes[p], penalties[p]) for p in others]
    try:
        plan = _split(values, tuple(counts), targets, wanted)
    except _TooLongError:
        plan = None
    if plan is None:
        return unseen
    pools: list[list[Card]] = [[] for _ in values]
    for card in unseen:
        pools[column[worth(card)]].append(card)
    taken = [0] * len(values)
    ordered: list[Card] = []
    for row in plan:
        for j, n in enumerate(row):
            ordered.extend(pools[j][taken[j] : taken[j] + n])
            taken[j] += n
    for card in unseen:  # the stock: the cards no hand took, in their order
        j = column[worth(card)]
        if taken[j]:
            taken[j] -= 1
        else:
            ordered.append(card)
    return ordered


def _split(
    values: list[int],
    counts: tuple[int, ...],
    targets: list[tuple[int, int]],
    wanted: list[list[int]],
) -> list[list[int]] | None:
    """How many cards of each penalty value each hidden hand takes, or ``None`` if no way.

    ``values`` are the penalty values, lowest first, and ``counts`` how many unseen cards
    have each; hand ``i`` must hold ``targets[i]``, its size and its penalty, and takes of
    each value as near to ``wanted[i]`` as it can. A depth-first search, which remembers
    the hands and pools that failed; it raises :class:`_TooLongError` past :data:`_WORTH_STEPS`.
    """
    failed: set[tuple[int, tuple[int, ...]]] = set()
    steps = 0

    def bounds(j: int, size: int, pool: tuple[int, ...]) -> tuple[int, int] | None:
        """The least and the most ``size`` cards of values ``j`` on are worth."""
        if sum(pool[j:]) < size:
            return None
        low = high = 0
        left = size
        for k in range(j, len(values)):
            n = min(left, pool[k])
            low += n * values[k]
            left -= n
        left = size
        for k in range(len(values) - 1, j - 1, -1):
            n = min(left, pool[k])
            high += n * values[k]
            left -= n
        return low, high

    def rows(i: int, j: int, size: int, points: int, pool: tuple[int, ...]) -> Iterator[list[int]]:
        nonlocal steps
        steps += 1
        if steps > _WORTH_STEPS:
            raise _TooLongError
        if j == len(values):
            if size == 0 and points == 0:
                yield []
            return
        reach = bounds(j, size, pool)
        if reach is None or not reach[0] <= points <= reach[1]:
            return
        near = wanted[i][j]
        for n in sorted(range(min(pool[j], size) + 1), key=lambda n: (abs(n - near), n)):
            for rest in rows(i, j + 1, size - n, points - n * values[j], pool):
                yield [n, *rest]

    def fill(i: int, pool: tuple[int, ...]) -> list[list[int]] | None:
        if i == len(targets):
            return []
        if (i, pool) in failed:
            return None
        size, points = targets[i]
        for row in rows(i, 0, size, points, pool):
            tail = fill(i + 1, tuple(c - n for c, n in zip(pool, row, strict=True)))
            if tail is not None:
                return [row, *tail]
        failed.add((i, pool))
        return None

    return fill(0, counts)


def canonical_state(view: PlayerView) -> RoundState:
    """One fixed state behind a valid ``view``: its unseen cards dealt in canonical order.

    Behind a finished round, each hidden hand is worth the penalty the view shows (R25),
    taking of every penalty value the first unseen cards in canonical order that have it.

    Whatever can be decided from the view alone (such as the legal actions of its player)
    is the same in this state as in every other state behind the view.

    >>> import contract_rummy as cr
    >>> from contract_rummy.views import canonical_state
    >>> mine = cr.view(cr.new_game(seed=1), 0)
    >>> behind = canonical_state(mine)
    >>> cr.view(behind, 0) == mine, cr.format_cards(behind.hands[1][:4])
    (True, 'AC AC 2C 2C')
    """
    return _behind(view, _free(view), 0, SEEDED, checked=False)


# == checking a view built by hand ============================================================


def _problem(view: PlayerView) -> Refusal | str | None:
    """What keeps a view's hidden cards from being dealt, or ``None``.

    These are the checks that need the view's own words (hand sizes, the stock's size,
    what the player sees); every other check is the state's, run on the state behind.
    """
    variant = view.variant
    players = len(view.hand_sizes)
    if not variant.min_players <= players <= variant.max_players:
        fewest, most = variant.min_players, variant.max_players
        allowed = str(fewest) if fewest == most else f"{fewest}-{most}"
        return Refusal(
            "R1", f"{variant.name} is played by {allowed} players, but hand_sizes has {players}"
        )
    player = view.player
    if not 0 <= player < players:
        return f"player must be a player, 0-{players - 1}, got {player}"
    if min(view.hand_sizes) < 0 or view.stock_size < 0:
        return (
            f"hand_sizes and stock_size must not be negative, got {view.hand_sizes} "
            f"and {view.stock_size}"
        )
    if view.hand_sizes[player] != len(view.hand):
        return (
            f"hand_sizes[{player}] is {view.hand_sizes[player]}, but player {player}'s hand "
            f"holds {len(view.hand)} cards"
        )
    if any(a.index > b.index for a, b in itertools.pairwise(view.hand)):
        return "hand must be in canonical order (sorted)"
    counts = _unseen_counts(view)
    extra = [card for card, copies in zip(CARDS, counts, strict=True) for _ in range(-copies)]
    if extra:
        return Refusal(
            "R2",
            f"the cards player {player} sees (hand, discard pile, table) hold more copies "
            f"than the {variant.name} deck for {players} players: extra {format_cards(extra)}",
        )
    unseen = sum(counts)
    others = sum(view.hand_sizes) - len(view.hand)
    if unseen != others + view.stock_size:
        return Refusal(
            "R2",
            f"player {player} cannot see {unseen} cards, but the other hands "
            f"({others} cards) and the stock ({view.stock_size}) hold {others + view.stock_size}",
        )
    return _known_problem(view) or _kept_problem(view)


def _known_problem(view: PlayerView) -> str | None:
    """Why the cards known to be in the other hands cannot be there, or ``None``.

    The state behind the view checks that the player's own known cards are in their hand.
    """
    known, sizes = view.board.known, view.hand_sizes
    if len(known) != len(sizes):
        return f"known must have one entry per player ({len(sizes)})"
    for other, cards in enumerate(known):
        if other != view.player and len(cards) > sizes[other]:
            return (
                f"known[{other}] holds {len(cards)} cards, but player {other} holds {sizes[other]}"
            )
    extra = [card for card, copies in zip(CARDS, _free_counts(view), strict=True) if copies < 0]
    if extra:
        return (
            f"the cards known to be in the other hands ({format_cards(extra)} among them) "
            f"are not all among the cards player {view.player} cannot see"
        )
    return None


def _kept_problem(view: PlayerView) -> Refusal | str | None:
    """Why the card R17 keeps in hand this turn cannot be as the view shows it, or ``None``.

    Only its taker sees it: whether R17 keeps it depends on whether they held a copy.
    """
    kept, active = view.turn.kept_card, view.active
    if kept is None or not 0 <= active < len(view.hand_sizes):
        return None  # an active player out of range is the state's to report
    if active != view.player:
        return (
            f"turn.kept_card is shown to the player who took it, {active}, only, "
            f"not to player {view.player} (R17)"
        )
    if kept in view.hand or any(kept in placed.cards for placed in view.table):
        return None
    return f"the kept card {kept} is neither in player {active}'s hand nor melded (R17)"
