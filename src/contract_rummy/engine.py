"""The rules engine: :func:`legal_actions` and :func:`apply`.

Inside, each phase has its own pair of functions, one listing its actions and one playing
each kind of action, so that the code reads like the rules.

This is the only module that decides rules. Every rule reads its setting from the state's
:class:`~contract_rummy.Variant`; every refusal raises :class:`IllegalActionError` whose
message starts with the rule's number. ``apply`` is pure: it returns a new state and never
changes the one it is given, and :func:`legal_actions` checks membership (``in``) by the very
same code; the listing is checked against ``apply`` by the test suite, action by action.

>>> import contract_rummy as cr
>>> state = cr.new_game(seed=7)
>>> state.phase, state.to_act == state.active, len(state.hands[state.active])
(Phase.DRAW, True, 10)
>>> list(cr.legal_actions(state))
[DrawStock(), TakeDiscard()]
>>> state = cr.apply(state, cr.TakeDiscard())
>>> state.phase, len(state.hands[state.active])
(Phase.PLAY, 11)
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, NoReturn, TypeAlias, TypeVar

from contract_rummy._checks import is_int
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
from contract_rummy.cards import JOKER, NATURALS, Card, format_cards, parse_cards
from contract_rummy.errors import IllegalActionError
from contract_rummy.godown import godown_problem, iter_go_downs
from contract_rummy.melds import End, Group, Run
from contract_rummy.shuffler import SEEDED, Shuffler, seed_state
from contract_rummy.state import Phase, RoundState, TableMeld, replace
from contract_rummy.variants import PAGAT, JokerSwap, TieBreak, Variant, check_variant

__all__ = [
    "LegalActions",
    "apply",
    "is_legal",
    "legal_actions",
    "new_game",
    "start_round",
]

#: Sorting by this key gives the canonical order of cards without calling Card.__lt__.
_BY_INDEX: Final = operator.attrgetter("index")
_DRAW_STOCK: Final = DrawStock()
_TAKE_DISCARD: Final = TakeDiscard()
_BUY: Final = Buy()
_PASS: Final = Pass()
_NEXT_ROUND: Final = NextRound()
#: One Discard value per card: actions are immutable, so the listing can share them.
_DISCARDS: Final = tuple(Discard(card) for card in (*NATURALS, JOKER))

Hand: TypeAlias = tuple[Card, ...]
A = TypeVar("A")


def _refuse(rule: str, message: str) -> NoReturn:
    raise IllegalActionError(f"{rule}: {message}", rule=rule)


# == setting up ===============================================================================


def new_game(
    variant: Variant = PAGAT,
    *,
    seed: int | None = None,
    players: int | None = None,
    shuffler: Shuffler = SEEDED,
) -> RoundState:
    """Deal round 1 of a new game from the seeded shuffler (R4, R5).

    The same seed deals the same game on every platform and Python version. The first
    dealer is drawn at random from the same seed (R4).

    Args:
        variant: The rules (default :data:`~contract_rummy.PAGAT`).
        seed: Any int >= 0; ``None`` draws one from the operating system.
        players: How many players; by default 4 if the variant allows it, else its minimum.
        shuffler: Where shuffles come from; :data:`~contract_rummy.SYSTEM` for servers that
            must not be predictable.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> state.round_number, state.players, len(state.stock), len(state.discard)
    (1, 4, 66, 1)
    >>> cr.new_game(seed=1) == state
    True
    """
    _check_variant(variant)
    _check_shuffler(shuffler)
    if players is None:
        players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
    variant.check_players(players)
    rng = seed_state(secrets.randbits(64) if seed is None else seed)
    dealer, rng = shuffler.below(players, rng)
    return _deal(variant, players, 1, dealer, (0,) * players, rng, shuffler)


def start_round(
    variant: Variant = PAGAT,
    *,
    round_number: int = 1,
    dealer: int = 0,
    hands: Sequence[Iterable[Card] | str],
    stock: Iterable[Card] | str,
    discard: Iterable[Card] | str,
    scores: Sequence[int] | None = None,
    seed: int = 0,
    shuffler: Shuffler = SEEDED,
) -> RoundState:
    """Start a round dealt as you choose: for tests, puzzles and teaching.

    Cards may be given as notation. Every card of the variant's deck must appear exactly
    once across ``hands``, ``stock`` (top first) and ``discard`` (bottom first). The round
    starts in phase DRAW with the player on the dealer's left active (R6). ``seed`` seeds
    the shuffles a stock exhaustion needs (R27).

    Raises:
        ValueError: if the cards are not exactly the deck, naming what is missing or extra.

    >>> import contract_rummy as cr
    >>> deck = list(cr.PAGAT.deck(4))
    >>> hands = [deck[i * 10 : i * 10 + 10] for i in range(4)]
    >>> state = cr.start_round(hands=hands, stock=deck[41:], discard=deck[40:41])
    >>> state.active, state.top_discard
    (1, Card.parse('8D'))
    """
    _check_variant(variant)
    _check_shuffler(shuffler)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per player")
    players = len(hands)
    variant.check_players(players)
    variant.contract(round_number)  # raises for a round the variant does not have
    if not is_int(dealer) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a player, 0-{players - 1}, got {dealer!r}")
    hand_cards = [_card_list(hand, f"hands[{p}]") for p, hand in enumerate(hands)]
    stock_cards = _card_list(stock, "stock")
    discard_cards = _card_list(discard, "discard")
    _check_deck(
        variant, players, [*(c for h in hand_cards for c in h), *stock_cards, *discard_cards]
    )
    if scores is None:
        totals = (0,) * players
    elif isinstance(scores, str | bytes | bytearray):
        raise TypeError(f"scores must be {players} ints, one per player, got {scores!r}")
    else:
        totals = tuple(scores)
        if len(totals) != players or not all(is_int(x) for x in totals):
            raise ValueError(f"scores must be {players} ints, one per player, got {scores!r}")
    return _fresh_round(
        variant,
        round_number,
        dealer,
        hand_cards,
        tuple(stock_cards),
        tuple(discard_cards),
        totals,
        seed_state(seed),
        shuffler,
    )


def _check_shuffler(shuffler: object) -> None:
    if not isinstance(shuffler, Shuffler):
        raise TypeError(
            f"shuffler must be a Shuffler (such as SEEDED or SYSTEM), got {shuffler!r}"
        )


def _check_variant(value: object) -> None:
    variant = check_variant(value)
    if variant.shanghai_call:
        raise ValueError(
            "the Shanghai call (shanghai_call=True) is not implemented: no game can be dealt "
            "with it"
        )


def _card_list(value: object, name: str) -> list[Card]:
    if isinstance(value, str):
        return list(parse_cards(value))
    if not isinstance(value, Iterable):
        raise TypeError(f"{name} must be cards or card notation, got {value!r}")
    cards = list(value)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{name} must hold Cards, got {card!r}")
    return cards


def _check_deck(variant: Variant, players: int, cards: list[Card]) -> None:
    expected = dict.fromkeys(variant.deck(players), 0)
    for card in variant.deck(players):
        expected[card] += 1
    for card in cards:
        expected[card] = expected.get(card, 0) - 1
    missing = [card for card, n in expected.items() for _ in range(max(n, 0))]
    extra = [card for card, n in expected.items() for _ in range(max(-n, 0))]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"missing {format_cards(sorted(missing))}")
        if extra:
            parts.append(f"extra {format_cards(sorted(extra))}")
        raise ValueError(
            f"R2: the cards must be the {variant.name} deck for {players} players exactly once: "
            + "; ".join(parts)
        )


def _deal(
    variant: Variant,
    players: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
    rng: int,
    shuffler: Shuffler,
) -> RoundState:
    """Shuffle everything afresh and deal one card at a time from the dealer's left (R5)."""
    deck, rng = shuffler.shuffle(variant.deck(players), rng)
    dealt = variant.cards_dealt(round_number)
    needed = dealt * players + 1
    if variant.cut_bonus:
        # The player on the dealer's right cuts; an exact cut lowers their total.
        cut, rng = shuffler.below(len(deck) - 1, rng)
        if cut + 1 == needed:
            cutter = (dealer - 1) % players
            scores = tuple(
                total - variant.cut_bonus if p == cutter else total
                for p, total in enumerate(scores)
            )
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(dealt * players):
        hands[(dealer + 1 + i) % players].append(deck[i])
    return _fresh_round(
        variant,
        round_number,
        dealer,
        hands,
        tuple(deck[needed:]),
        (deck[needed - 1],),
        scores,
        rng,
        shuffler,
    )


def _fresh_round(
    variant: Variant,
    round_number: int,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    stock: Hand,
    discard: Hand,
    scores: tuple[int, ...],
    rng: int,
    shuffler: Shuffler,
) -> RoundState:
    players = len(hands)
    active = (dealer + 1) % players
    return RoundState(
        variant=variant,
        round_number=round_number,
        dealer=dealer,
        phase=Phase.DRAW,
        active=active,
        to_act=active,
        hands=tuple(tuple(sorted(hand, key=_BY_INDEX)) for hand in hands),
        stock=stock,
        discard=discard,
        discarded_by=(None,) * len(discard),
        table=(),
        down=(False,) * players,
        scores=scores,
        penalties=None,
        winners=None,
        buys=(0,) * players,
        last_buyer=None,
        buy_queue=(),
        went_down_this_turn=False,
        kept_card=None,
        reshuffles=0,
        rng=rng,
        shuffler=shuffler,
    )


# == the public core ==========================================================================


class LegalActions(Sequence[Action]):
    """Every legal action of a state, computed lazily.

    Iterate it, take its ``len``, index it (``legal[i]``, handy for a random choice), or ask
    ``action in legal``: membership checks that one action directly, with the same code
    :func:`apply` runs, without generating the others. Iteration lists the actions as they
    are found; ``len`` and indexing list them all once. The order is deterministic and no
    two actions are equal.
    """

    __slots__ = ("_actions", "_state")

    def __init__(self, state: RoundState) -> None:
        if not isinstance(state, RoundState):
            raise TypeError(f"expected a RoundState, got {state!r}")
        self._state = state
        self._actions: tuple[Action, ...] | None = None

    @property
    def state(self) -> RoundState:
        """The state whose actions these are."""
        return self._state

    def _all(self) -> tuple[Action, ...]:
        if self._actions is None:
            self._actions = tuple(_GENERATORS[self._state.phase](self._state))
        return self._actions

    def __iter__(self) -> Iterator[Action]:
        if self._actions is not None:
            return iter(self._actions)
        return self._lazy()

    def _lazy(self) -> Iterator[Action]:
        found: list[Action] = []
        for action in _GENERATORS[self._state.phase](self._state):
            found.append(action)
            yield action
        self._actions = tuple(found)

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        if self._actions is not None:
            return bool(self._actions)
        return next(iter(self), None) is not None  # finds the first action only

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        return self._all()[index]

    def __contains__(self, action: object) -> bool:
        return is_legal(self._state, action)

    def __repr__(self) -> str:
        return f"<LegalActions of {len(self)} in phase {self._state.phase.name}>"


def legal_actions(state: RoundState) -> LegalActions:
    """Every legal action for ``state.to_act`` (in ROUND_OVER, the ``NextRound()``).

    >>> import contract_rummy as cr
    >>> legal = cr.legal_actions(cr.new_game(seed=3))
    >>> len(legal), cr.TakeDiscard() in legal, cr.Pass() in legal
    (2, True, False)
    """
    return LegalActions(state)


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises:
        IllegalActionError: if the rules refuse the action here; the message starts with
            the rule's number, such as ``"R17: ..."``.
        TypeError: if ``action`` is not an action or ``state`` not a state.

    >>> import contract_rummy as cr
    >>> cr.apply(cr.new_game(seed=3), cr.Pass())
    Traceback (most recent call last):
    ...
    contract_rummy.errors.IllegalActionError: R13: Pass() is not possible now: player 3 must ...
    """
    if not isinstance(state, RoundState):
        raise TypeError(f"expected a RoundState, got {state!r}")
    entry = _HANDLERS.get(type(action))
    if entry is None:
        raise TypeError(f"expected an action, got {action!r}")
    phase, handler = entry
    if state.phase is not phase:
        _wrong_phase(state, action)
    return handler(state, action)


def is_legal(state: RoundState, action: object) -> bool:
    """Whether :func:`apply` would accept ``action`` in ``state``.

    >>> import contract_rummy as cr
    >>> cr.is_legal(cr.new_game(seed=3), cr.DrawStock())
    True
    """
    if type(action) not in _HANDLERS:
        return False
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True


def _wrong_phase(state: RoundState, action: object) -> NoReturn:
    phase = state.phase
    if phase is Phase.DRAW:
        _refuse(
            "R13",
            f"{action!r} is not possible now: player {state.active} must take the top card "
            "of the stock or of the discard pile",
        )
    if phase is Phase.BUY:
        _refuse("R19", f"{action!r} is not possible now: player {state.to_act} may buy or pass")
    if phase is Phase.PLAY:
        _refuse(
            "R13",
            f"{action!r} is not possible now: player {state.active} is playing their turn "
            "(meld, lay off, discard)",
        )
    if phase is Phase.ROUND_OVER:
        _refuse("R25", f"{action!r} is not possible now: the round is over; play NextRound()")
    _refuse("R28", f"{action!r} is not possible now: the game is over")


# == DRAW =====================================================================================


def _draw_actions(state: RoundState) -> Iterator[Action]:
    yield _DRAW_STOCK
    if state.discard and state.hands[state.active]:
        yield _TAKE_DISCARD


def _take_discard(state: RoundState, action: TakeDiscard) -> RoundState:
    player = state.active
    if not state.discard:
        _refuse("R13", "the discard pile is empty: take the top card of the stock")
    hand = state.hands[player]
    if not hand:
        _refuse("R17", f"player {player} holds no other card to discard after taking it")
    card = state.discard[-1]
    # R17: the taken card stays in hand this turn, unless a copy was held before.
    kept = None if state.variant.discard_taken_card or card in hand else card
    return replace(
        state,
        phase=Phase.PLAY,
        hands=_with(state.hands, player, _add(hand, (card,))),
        discard=state.discard[:-1],
        discarded_by=state.discarded_by[:-1],
        kept_card=kept,
    )


def _draw_stock(state: RoundState, action: DrawStock) -> RoundState:
    # R18-R19: choosing the stock opens the buy window on the top discard. (No buy window
    # is open in the draw phase, so there is no last buyer yet: R20.)
    queue = _buyers(state)
    if queue:
        return replace(state, phase=Phase.BUY, to_act=queue[0], buy_queue=queue[1:])
    return _active_draws(state)


def _active_draws(state: RoundState) -> RoundState:
    """The active player draws the top of the stock and plays (R20); R27 if it is empty."""
    drawn = _draw(state, 1)
    if drawn is None:
        return _end_round(state)  # R27: no card can be drawn; nobody wins the round
    cards, state = drawn
    player = state.active
    return replace(
        state,
        phase=Phase.PLAY,
        to_act=player,
        hands=_with(state.hands, player, _add(state.hands[player], cards)),
        last_buyer=None,
        buy_queue=(),
    )


def _draw(state: RoundState, count: int) -> tuple[Hand, RoundState] | None:
    """Draw ``count`` cards from the stock, reshuffling the discards under the top (R27).

    Returns the cards and the state after the draw, or ``None`` when the cards cannot be
    drawn: the discards under the top are too few, or the round has had all the
    reshuffles its variant allows.
    """
    stock, discard, discarded_by = state.stock, state.discard, state.discarded_by
    rng, reshuffles = state.rng, state.reshuffles
    limit = state.variant.max_reshuffles
    drawn: list[Card] = []
    while len(drawn) < count:
        if not stock:
            if len(discard) < 2 or (limit is not None and reshuffles >= limit):
                return None
            shuffled, rng = state.shuffler.shuffle(discard[:-1], rng)
            stock = tuple(shuffled)
            discard, discarded_by = discard[-1:], discarded_by[-1:]
            reshuffles += 1
        drawn.append(stock[0])
        stock = stock[1:]
    after = replace(
        state,
        stock=stock,
        discard=discard,
        discarded_by=discarded_by,
        rng=rng,
        reshuffles=reshuffles,
    )
    return tuple(drawn), after


def _can_draw(state: RoundState, count: int) -> bool:
    """Whether ``count`` cards can be drawn after the top discard is bought (R21, R27)."""
    limit = state.variant.max_reshuffles
    refill = limit is None or state.reshuffles < limit
    return len(state.stock) + (max(0, len(state.discard) - 2) if refill else 0) >= count


# == BUY ======================================================================================


def _buyers(state: RoundState) -> tuple[int, ...]:
    """Who may buy the top discard, in priority order (R19-R21)."""
    variant = state.variant
    if not variant.buying or not state.discard:
        return ()
    # R21: the bought card leaves first, then the penalty is drawn, reshuffling if need be.
    if not _can_draw(state, variant.buy_penalty):
        return ()
    players = state.players
    order = [(state.active + k) % players for k in range(1, players)]
    discarder = state.discarded_by[-1]
    if discarder is not None and discarder in order:
        order.remove(discarder)
        if variant.discarder_may_buy:
            order.append(discarder)  # R21: the discarder buys back with the lowest priority
    return tuple(
        p
        for p in order
        if p != state.last_buyer
        and (variant.max_buys is None or state.buys[p] < variant.max_buys)
        and (variant.down_players_may_buy or not state.down[p])
    )


def _buy_actions(state: RoundState) -> Iterator[Action]:
    yield _BUY
    yield _PASS


def _buy(state: RoundState, action: Buy) -> RoundState:
    buyer = state.to_act
    assert buyer is not None
    card = state.discard[-1]
    state = replace(state, discard=state.discard[:-1], discarded_by=state.discarded_by[:-1])
    drawn = _draw(state, state.variant.buy_penalty)
    assert drawn is not None, "R21: buyers are only asked when a penalty card can be drawn"
    penalty, state = drawn
    state = replace(
        state,
        hands=_with(state.hands, buyer, _add(state.hands[buyer], (card, *penalty))),
        buys=_with(state.buys, buyer, state.buys[buyer] + 1),
        last_buyer=buyer,
    )
    # R20: the next discard is offered again from the active player's left.
    queue = _buyers(state)
    if queue:
        return replace(state, to_act=queue[0], buy_queue=queue[1:])
    return _active_draws(state)


def _pass(state: RoundState, action: Pass) -> RoundState:
    if state.buy_queue:
        return replace(state, to_act=state.buy_queue[0], buy_queue=state.buy_queue[1:])
    return _active_draws(state)


# == PLAY =====================================================================================


def _play_actions(state: RoundState) -> Iterator[Action]:
    player = state.active
    hand = state.hands[player]
    variant = state.variant
    if not state.down[player]:
        for melds in iter_go_downs(variant, state.round_number, hand, state.kept_card):
            yield GoDown._trusted(melds)
    elif _lay_off_refusal(state, "lay-offs") is None:
        yield from _swap_actions(state)
        yield from _lay_off_actions(state)
    for card in _distinct(hand):
        if card is not state.kept_card:
            yield _DISCARDS[card.index]


def _lay_off_refusal(state: RoundState, what: str) -> tuple[str, str] | None:
    """R15, R24: why the active player may not lay off (or swap) now, or ``None``."""
    player = state.active
    if state.variant.at_once(state.round_number):
        return "R24", f"the last round has no {what}"
    if not state.down[player]:
        return "R15", f"player {player} must go down before any {what}"
    if state.went_down_this_turn and not state.variant.lay_off_on_going_down_turn:
        return "R15", f"player {player} went down this turn; {what} start on their next turn"
    return None


def _leaves_discard(state: RoundState, hand: Hand) -> bool:
    """R16: whether ``hand`` (after a meld, lay-off or swap) still has a card to discard.

    Without a final discard an empty hand goes out; a hand holding only the card R17 keeps
    is refused either way, since its player could do nothing more.
    """
    if not hand:
        return not state.variant.final_discard
    return len(hand) > 1 or hand[0] is not state.kept_card


def _spendable(state: RoundState, hand: Hand) -> list[Card]:
    """The different cards the player may lay off or swap in, keeping a discard (R16)."""
    cards = _distinct(hand)
    if len(hand) > 2:
        return cards
    return [card for card in cards if _leaves_discard(state, _remove(hand, (card,)))]


def _go_down(state: RoundState, action: GoDown) -> RoundState:
    player = state.active
    variant = state.variant
    if state.down[player]:
        _refuse("R14", f"player {player} is already down; once down, no new meld is started")
    hand = state.hands[player]
    problem = godown_problem(variant, state.round_number, hand, state.kept_card, action.melds)
    if problem:
        rule, _, message = problem.partition(": ")
        _refuse(rule, message)
    melds = tuple(_under(meld, variant) for meld in action.melds)
    left = _remove(hand, [card for meld in melds for card in meld.cards])
    state = replace(
        state,
        hands=_with(state.hands, player, left),
        table=state.table + tuple(TableMeld(meld, player) for meld in melds),
        down=_with(state.down, player, True),
        went_down_this_turn=True,
    )
    if not left:  # R24: the last round's go-down is going out (or a variant without R16)
        return _end_round(state)
    return state


def _under(meld: Group | Run, variant: Variant) -> Group | Run:
    """The meld checked against ``variant`` (a meld may have been built under another)."""
    if meld.variant is variant:
        return meld
    if isinstance(meld, Group):
        return Group(meld.rank, meld.cards, variant=variant)
    return Run(meld.suit, meld.low, meld.cards, variant=variant)


def _placements(meld: Group | Run, card: Card) -> tuple[End | None, ...]:
    """The one-form ends for laying ``card`` on ``meld``: ``()``, ``(None,)`` or both ends."""
    if isinstance(meld, Group):
        return (None,) if meld.accepts(card) else ()
    ends = meld.ends(card)
    return ends if len(ends) == 2 else (None,) * len(ends)


def _lay_off_actions(state: RoundState) -> Iterator[Action]:
    hand = state.hands[state.active]
    variant = state.variant
    cards = _spendable(state, hand)
    wilds = [card for card in cards if variant.is_wild(card)]
    for target, placed in enumerate(state.table):
        meld = placed.meld
        if isinstance(meld, Group):
            fitting = [card for card in cards if card.rank is meld.rank or variant.is_wild(card)]
        else:
            # Only a run's two neighbours, or a wild, can extend it.
            fitting = [card for card in _neighbours(meld) if card in cards] + wilds
        for card in fitting:
            for end in _placements(meld, card):
                yield LayOff(card, target, end)


def _neighbours(run: Run) -> list[Card]:
    """The natural cards that would extend ``run``: one ace only, for a run from 2 to K."""
    ends = (run.low - 1, run.high + 1)
    cards = dict.fromkeys(run.stands_for_position(p) for p in ends if 1 <= p <= 14)
    return [card for card in cards if not run.variant.is_wild(card)]


def _check_may_lay_off(state: RoundState, what: str) -> None:
    refusal = _lay_off_refusal(state, what)
    if refusal is not None:
        _refuse(*refusal)


def _target(state: RoundState, target: int, rule: str) -> TableMeld:
    if not 0 <= target < len(state.table):
        _refuse(rule, f"there is no meld {target} on the table ({len(state.table)} melds)")
    return state.table[target]


def _hold(state: RoundState, card: Card, rule: str) -> Hand:
    """The active player's hand without ``card``; refused if they do not hold it."""
    hand = state.hands[state.active]
    if card not in hand:
        _refuse(rule, f"player {state.active} does not hold {card}")
    return _remove(hand, (card,))


def _check_end(meld: Group | Run, card: Card, end: End | None, rule: str) -> None:
    placements = _placements(meld, card)
    if not placements:
        _refuse(rule, f"{card} does not fit on {meld}")
    if end not in placements:
        if end is None:
            _refuse(rule, f"{card} fits both ends of {meld}: say which End")
        _refuse(rule, f"{card} goes on {meld} with end=None: it fits one place only")


def _lay_off(state: RoundState, action: LayOff) -> RoundState:
    _check_may_lay_off(state, "lay-offs")
    placed = _target(state, action.target, "R15")
    left = _hold(state, action.card, "R15")
    _check_end(placed.meld, action.card, action.end, "R15")
    if not _leaves_discard(state, left):
        _refuse("R16", f"laying off {action.card} would leave no card to discard")
    meld = placed.meld.add(action.card, _actual_end(placed.meld, action.card, action.end))
    state = replace(
        state,
        hands=_with(state.hands, state.active, left),
        table=_with(state.table, action.target, TableMeld(meld, placed.owner)),
    )
    return state if left else _end_round(state)


def _actual_end(meld: Group | Run, card: Card, end: End | None) -> End | None:
    if end is None and isinstance(meld, Run):
        return meld.ends(card)[0]
    return end


def _swappable(state: RoundState, placed: TableMeld) -> bool:
    policy = state.variant.joker_swap
    return policy is JokerSwap.ANY_MELD or (
        policy is JokerSwap.RUNS and isinstance(placed.meld, Run)
    )


def _freed(meld: Group | Run, card: Card) -> tuple[Group | Run, Card] | None:
    """``meld`` with ``card`` in place of the wild standing for it, and the freed wild."""
    wilds = meld.wild_positions()
    if isinstance(meld, Run):
        for position in wilds:
            if meld.stands_for(position) is card:
                cards = list(meld.cards)
                wild = cards[position]
                cards[position] = card
                return Run(meld.suit, meld.low, cards, variant=meld.variant), wild
        return None
    if not wilds or card.rank is not meld.rank:
        return None
    position = wilds[-1]  # a group gives back its last wild in canonical order: a joker first
    cards = list(meld.cards)
    wild = cards.pop(position)
    return Group(meld.rank, (*cards, card), variant=meld.variant), wild


def _swap_actions(state: RoundState) -> Iterator[Action]:
    if state.variant.joker_swap is JokerSwap.NEVER:
        return
    spendable = _spendable(state, state.hands[state.active])
    for target, placed in enumerate(state.table):
        meld = placed.meld
        wilds = meld.wild_positions()
        if not wilds or not _swappable(state, placed):
            continue
        if isinstance(meld, Run):
            wanted = {meld.stands_for(position) for position in wilds}
            candidates = [card for card in spendable if card in wanted]
        else:
            candidates = [card for card in spendable if card.rank is meld.rank]
        for card in candidates:
            swapped = _freed(meld, card)
            assert swapped is not None
            changed, wild = swapped
            for joker_target, other in enumerate(state.table):
                on = changed if joker_target == target else other.meld
                for end in _placements(on, wild):
                    yield SwapJoker(card, target, joker_target, end)


def _swap_joker(state: RoundState, action: SwapJoker) -> RoundState:
    if state.variant.joker_swap is JokerSwap.NEVER:
        _refuse("R23", f"{state.variant.name} has no joker swaps")
    _check_may_lay_off(state, "joker swaps")
    placed = _target(state, action.target, "R23")
    if not _swappable(state, placed):
        _refuse("R23", "jokers in groups are never taken back")
    left = _hold(state, action.card, "R23")
    swapped = _freed(placed.meld, action.card)
    if swapped is None:
        _refuse("R23", f"no wild card in {placed.meld} stands for {action.card}")
    meld, wild = swapped
    table = _with(state.table, action.target, TableMeld(meld, placed.owner))
    landing = _target(replace(state, table=table), action.joker_target, "R23")
    try:
        _check_end(landing.meld, wild, action.joker_end, "R23")
    except IllegalActionError as error:
        reason = str(error).partition(": ")[2]
        _refuse("R23", f"the freed {wild} must be laid off at once: {reason}")
    if not _leaves_discard(state, left):
        _refuse("R16", f"swapping in {action.card} would leave no card to discard")
    end = _actual_end(landing.meld, wild, action.joker_end)
    table = _with(
        table, action.joker_target, TableMeld(landing.meld.add(wild, end), landing.owner)
    )
    state = replace(state, hands=_with(state.hands, state.active, left), table=table)
    return state if left else _end_round(state)


def _discard(state: RoundState, action: Discard) -> RoundState:
    player = state.active
    card = action.card
    left = _hold(state, card, "R13")
    if card is state.kept_card:
        _refuse("R17", f"{card} was taken from the discard pile this turn and must stay in hand")
    hands = _with(state.hands, player, left)
    discard = (*state.discard, card)
    discarded_by = (*state.discarded_by, player)
    if not left:  # R16, R25: discarding the last card goes out
        return _end_round(replace(state, hands=hands, discard=discard, discarded_by=discarded_by))
    active = (player + 1) % state.players
    return replace(
        state,
        hands=hands,
        discard=discard,
        discarded_by=discarded_by,
        phase=Phase.DRAW,
        active=active,
        to_act=active,
        went_down_this_turn=False,
        kept_card=None,
    )


# == ROUND_OVER and GAME_OVER =================================================================


def _end_round(state: RoundState) -> RoundState:
    """Score every hand (R25, R26, R27) and close the round, or the game after the last."""
    variant = state.variant
    penalties = tuple(sum(map(variant.penalty, hand)) for hand in state.hands)
    scores = tuple(map(operator.add, state.scores, penalties))
    last = state.round_number == variant.rounds
    return replace(
        state,
        phase=Phase.GAME_OVER if last else Phase.ROUND_OVER,
        to_act=None,
        scores=scores,
        penalties=penalties,
        winners=_winners(variant, scores, penalties) if last else None,
        buy_queue=(),
        last_buyer=None,
        kept_card=None,
        went_down_this_turn=False,
    )


def _winners(
    variant: Variant, scores: tuple[int, ...], penalties: tuple[int, ...]
) -> tuple[int, ...]:
    """R28: the lowest total wins; ties share, or go to the lower last round first."""
    best = min(scores)
    tied = [p for p, total in enumerate(scores) if total == best]
    if variant.tie_break is TieBreak.LAST_ROUND and len(tied) > 1:
        lowest = min(penalties[p] for p in tied)
        tied = [p for p in tied if penalties[p] == lowest]
    return tuple(tied)


def _round_over_actions(state: RoundState) -> Iterator[Action]:
    yield _NEXT_ROUND


def _next_round(state: RoundState, action: NextRound) -> RoundState:
    return _deal(
        state.variant,
        state.players,
        state.round_number + 1,
        (state.dealer + 1) % state.players,
        state.scores,
        state.rng,
        state.shuffler,
    )


def _no_actions(state: RoundState) -> Iterator[Action]:
    return iter(())


# == small helpers ============================================================================


def _distinct(hand: Hand) -> list[Card]:
    """The different cards of a hand in canonical order (copies are interchangeable, R2)."""
    return list(dict.fromkeys(hand))


def _add(hand: Hand, cards: Iterable[Card]) -> Hand:
    return tuple(sorted((*hand, *cards), key=_BY_INDEX))


def _remove(hand: Hand, cards: Iterable[Card]) -> Hand:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _with(values: tuple[A, ...], index: int, value: A) -> tuple[A, ...]:
    return (*values[:index], value, *values[index + 1 :])


_GENERATORS: Final[dict[Phase, Callable[[RoundState], Iterator[Action]]]] = {
    Phase.DRAW: _draw_actions,
    Phase.BUY: _buy_actions,
    Phase.PLAY: _play_actions,
    Phase.ROUND_OVER: _round_over_actions,
    Phase.GAME_OVER: _no_actions,
}

_Handler: TypeAlias = Callable[[RoundState, "Action"], RoundState]
_HANDLERS: Final[dict[type, tuple[Phase, _Handler]]] = {
    DrawStock: (Phase.DRAW, _draw_stock),  # type: ignore[dict-item]
    TakeDiscard: (Phase.DRAW, _take_discard),  # type: ignore[dict-item]
    Buy: (Phase.BUY, _buy),  # type: ignore[dict-item]
    Pass: (Phase.BUY, _pass),  # type: ignore[dict-item]
    GoDown: (Phase.PLAY, _go_down),  # type: ignore[dict-item]
    LayOff: (Phase.PLAY, _lay_off),  # type: ignore[dict-item]
    SwapJoker: (Phase.PLAY, _swap_joker),  # type: ignore[dict-item]
    Discard: (Phase.PLAY, _discard),  # type: ignore[dict-item]
    NextRound: (Phase.ROUND_OVER, _next_round),  # type: ignore[dict-item]
}
