"""Setting up: a new game, a round dealt as the caller chooses, and the deal itself (R4, R5)."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Iterable, Sequence
from typing import Final

from contract_rummy._checks import as_int, integer
from contract_rummy._hands import BY_INDEX, Hand
from contract_rummy.cards import Card, as_cards, build_deck
from contract_rummy.engine._chance import NEW_GAME_DEALER, STEPS
from contract_rummy.engine._common import Outcome, begin_turn
from contract_rummy.events import Dealt
from contract_rummy.presets import as_variant
from contract_rummy.shuffler import SEEDED, Shuffler, StepShuffler, seed_state
from contract_rummy.state import (
    NEW_TURN,
    NO_WINDOW,
    Board,
    Chance,
    ChanceKind,
    ChancePoint,
    Phase,
    RoundFacts,
    RoundState,
    Totals,
    build_state,
    deck_difference,
)
from contract_rummy.variants import PAGAT, Variant

__all__ = ["deal", "first_deal", "fresh_round", "new_game", "start_round"]


def new_game(
    variant: Variant | str = PAGAT,
    *,
    seed: int | None = None,
    players: int | None = None,
    shuffler: Shuffler = SEEDED,
    auto_chance: bool = True,
) -> RoundState:
    """Deal round 1 of a new game from the seeded shuffler (R4, R5).

    The same seed deals the same game on every platform and Python version. The first
    dealer is drawn at random from the same seed (R4).

    Args:
        variant: The rules (default :data:`~contract_rummy.PAGAT`), or a preset's name
            (``"shanghai"``).
        seed: Any int >= 0; ``None`` draws one from the operating system.
        players: How many players; by default 4 if the variant allows it, else its minimum.
        shuffler: Where shuffles come from; :data:`~contract_rummy.SYSTEM` for servers that
            must not be predictable.
        auto_chance: ``False`` to deal chance step by step, as with real cards: the game
            stops at each chance point (phase CHANCE: the first dealer, each deal, each
            cut, each reshuffle), and chance's outcomes are played as actions
            (:func:`~contract_rummy.chance_point`). No seed nor shuffler is then given.

    Raises:
        ValueError: if ``auto_chance`` is ``False`` and a seed or a shuffler is given, or
            the shuffler is :data:`~contract_rummy.shuffler.STEPS` (ask for a game dealt
            step by step with ``auto_chance=False``).
        TypeError: if ``auto_chance`` is not a bool, or ``shuffler`` not a shuffler.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> state.round_number, state.players, len(state.stock), len(state.discard)
    (1, 4, 66, 1)
    >>> cr.new_game(seed=1) == state
    True
    >>> cr.new_game(auto_chance=False).phase
    Phase.CHANCE
    """
    variant = as_variant(variant)
    _check_shuffler(shuffler, auto_chance)
    if players is None:
        players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
    players = as_int("players", players)  # NumPy's integers too, as plain ints
    variant.check_players(players)
    if seed is not None:
        seed = as_int("a seed", seed, minimum=0)
    if not auto_chance:
        if seed is not None or shuffler != SEEDED:
            raise ValueError(_STEPS_TAKE_NO_SEED)
        return _before_first_deal(variant, players)
    rng = seed_state(secrets.randbits(64) if seed is None else seed)
    return _first(variant, players, Chance(rng, shuffler), 0)[0]


def _first(
    variant: Variant, players: int, chance: Chance, moves: int
) -> tuple[RoundState, int | None]:
    """Draw the first dealer (R4), then deal round 1 (R5), as :func:`deal` does."""
    dealer, rng = chance.shuffler.below(players, chance.rng)
    return deal(variant, players, 1, dealer, (0,) * players, Chance(rng, chance.shuffler), moves)


def first_deal(state: RoundState, chance: Chance, moves: int) -> Outcome:
    """Deal the first round of ``state``'s game with ``chance``, and say so (:class:`Dealt`)."""
    after, exact = _first(state.variant, state.players, chance, moves)
    return after, (Dealt(1, after.dealer, after.discard[-1], exact, after.cut),)


def _before_first_deal(variant: Variant, players: int) -> RoundState:
    """A new game waiting for chance to draw its first dealer: the deck in the stock.

    Until chance draws the first dealer (R4), the state names ``NEW_GAME_DEALER``.
    """
    return build_state(
        facts=RoundFacts(variant, 1, NEW_GAME_DEALER, None),
        phase=Phase.CHANCE,
        active=(NEW_GAME_DEALER + 1) % players,
        to_act=None,
        hands=((),) * players,
        stock=tuple(sorted(variant.deck(players), key=BY_INDEX)),
        discard=(),
        discarded_by=(),
        board=Board(table=(), down=(False,) * players, buys=(0,) * players, reshuffles=0),
        totals=Totals((0,) * players),
        turn=NEW_TURN,
        window=NO_WINDOW,
        turns=1,
        chance=Chance(
            0, STEPS, ChancePoint(ChanceKind.DEALER, (), (), players, None, (), Phase.DRAW, None)
        ),
        moves=0,
    )


#: Why a game dealt step by step refuses a seed or a shuffler: chance deals it.
_STEPS_TAKE_NO_SEED: Final = (
    "a game dealt step by step (auto_chance=False) takes no seed nor shuffler"
)


def start_round(
    variant: Variant | str = PAGAT,
    *,
    round_number: int = 1,
    dealer: int = 0,
    hands: Sequence[Iterable[Card] | str],
    stock: Iterable[Card] | str,
    discard: Iterable[Card] | str,
    scores: Sequence[int] | None = None,
    seed: int = 0,
    shuffler: Shuffler = SEEDED,
    auto_chance: bool = True,
) -> RoundState:
    """Start a round dealt as you choose: for tests, puzzles and teaching.

    Cards may be given as notation. Every card of the variant's deck must appear exactly
    once across ``hands``, ``stock`` (top first) and ``discard`` (bottom first). The round
    starts in phase DRAW with the player on the dealer's left active (R6); with the
    Shanghai call (``Variant.shanghai_call``, R31) and a card on the discard pile, the
    other players are first asked whether they want it (phase BUY). ``seed`` seeds the
    shuffles a stock exhaustion needs (R27). The round records no cut (R32). With
    ``auto_chance=False`` the reshuffles and later deals stop at chance points instead
    (see :func:`new_game`): such a round takes no ``seed`` nor ``shuffler``.

    Raises:
        ValueError: if the cards are not exactly the deck, naming what is missing or extra,
            or a ``seed`` or ``shuffler`` is given with ``auto_chance=False``.

    >>> import contract_rummy as cr
    >>> deck = list(cr.PAGAT.deck(4))
    >>> hands = [deck[i * 10 : i * 10 + 10] for i in range(4)]
    >>> state = cr.start_round(hands=hands, stock=deck[41:], discard=deck[40:41])
    >>> state.active, state.top_discard
    (1, Card.parse('8D'))
    """
    variant = as_variant(variant)
    _check_shuffler(shuffler, auto_chance)
    if not auto_chance and (seed != 0 or shuffler != SEEDED):
        raise ValueError(_STEPS_TAKE_NO_SEED)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per player")
    players = len(hands)
    variant.check_players(players)
    variant.contract(round_number)  # raises for a round the variant does not have
    chosen = integer(dealer)  # NumPy's integers too
    if chosen is None:
        raise TypeError(f"dealer must be a player, an int 0-{players - 1}, got {dealer!r}")
    if not 0 <= chosen < players:
        raise ValueError(f"dealer must be a player, 0-{players - 1}, got {dealer!r}")
    dealer = chosen
    hand_cards = [as_cards(hand, f"hands[{p}]") for p, hand in enumerate(hands)]
    stock_cards = as_cards(stock, "stock")
    discard_cards = as_cards(discard, "discard")
    _check_deck(
        variant, players, [*(c for h in hand_cards for c in h), *stock_cards, *discard_cards]
    )
    if scores is None:
        totals = (0,) * players
    elif isinstance(scores, str | bytes | bytearray):
        raise TypeError(f"scores must be {players} ints, one per player, got {scores!r}")
    else:
        given = tuple(map(integer, scores))  # NumPy's integers too
        if len(given) != players or None in given:
            raise ValueError(f"scores must be {players} ints, one per player, got {scores!r}")
        totals = tuple(x for x in given if x is not None)
        least = -variant.cut_bonus * round_number  # R26, R32: only a cut lowers a total
        if min(totals) < least:
            raise ValueError(
                f"R26: totals cannot fall below {least} in {variant.name} by round "
                f"{round_number} (cut_bonus is {variant.cut_bonus}), got {totals}"
            )
    return fresh_round(
        variant,
        round_number,
        dealer,
        hand_cards,
        stock_cards,
        discard_cards,
        totals,
        Chance(seed_state(as_int("a seed", seed, minimum=0)), shuffler)
        if auto_chance
        else Chance(0, STEPS),
        0,
    )


def _check_shuffler(shuffler: object, auto_chance: object) -> None:
    if type(auto_chance) is not bool:
        raise TypeError(f"auto_chance must be True or False, got {auto_chance!r}")
    if isinstance(shuffler, StepShuffler):
        raise ValueError(
            "STEPS is where a game dealt step by step stops for chance: ask for such a game "
            "with auto_chance=False (and no shuffler), and play chance's outcomes "
            "(contract_rummy.chance_outcomes)"
        )
    if isinstance(shuffler, type):  # its methods are the class's functions, not a shuffler's
        raise TypeError(
            f"shuffler must be a Shuffler, got the class {shuffler.__name__}: pass one "
            "(such as SEEDED or SYSTEM), or make one"
        )
    if not isinstance(shuffler, Shuffler):
        raise TypeError(
            f"shuffler must be a Shuffler (such as SEEDED or SYSTEM), got {shuffler!r}"
        )


def _check_deck(variant: Variant, players: int, cards: list[Card]) -> None:
    difference = deck_difference(variant, players, cards)
    if difference:
        raise ValueError(
            f"R2: the cards must be the {variant.name} deck for {players} players exactly once: "
            + difference
        )


def deal(
    variant: Variant,
    players: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
    chance: Chance,
    moves: int,
) -> tuple[RoundState, int | None]:
    """Shuffle everything afresh and deal one card at a time from the dealer's left (R5).

    With a cut bonus (R32), the player on the dealer's right first cuts the shuffled deck,
    and the round records the cut (``RoundState.cut``). ``moves`` numbers the round's first
    state. Returns the round, and the player whose exact cut lowered their total, if any.
    """
    shuffler = chance.shuffler
    deck, rng = shuffler.shuffle(_deck(*variant.deck_counts(players)), chance.rng)
    dealt = variant.cards_dealt(round_number)
    needed = dealt * players + 1
    exact: int | None = None
    cut: int | None = None
    if variant.cut_bonus:
        # R32: the player on the dealer's right lifts 1 to len(deck) - 1 cards, uniformly;
        # lifting exactly the cards dealt and the face-up card lowers their total.
        lifted, rng = shuffler.below(len(deck) - 1, rng)
        cut = lifted + 1
        if cut == needed:
            cutter = exact = (dealer - 1) % players
            scores = tuple(
                total - variant.cut_bonus if p == cutter else total
                for p, total in enumerate(scores)
            )
    # One card at a time from the dealer's left: player p gets every players-th card, from
    # the (p - dealer - 1)-th.
    end = dealt * players
    hands = [deck[(p - dealer - 1) % players : end : players] for p in range(players)]
    state = fresh_round(
        variant,
        round_number,
        dealer,
        hands,
        tuple(deck[needed:]),
        (deck[needed - 1],),
        scores,
        Chance(rng, shuffler),
        moves,
        cut,
    )
    return state, exact


#: The deck of each count of decks and jokers, built once (a handful of counts exist).
_deck: Final = functools.lru_cache(maxsize=64)(build_deck)


def fresh_round(
    variant: Variant,
    round_number: int,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    stock: Hand,
    discard: Hand,
    scores: tuple[int, ...],
    chance: Chance,
    moves: int,
    cut: int | None = None,
) -> RoundState:
    """A round about to begin: the player on the dealer's left to play (R6).

    Phase DRAW, or with the Shanghai call the asking before the first draw (R31). ``moves``
    numbers the state (0 for a new game).
    """
    players = len(hands)
    active = (dealer + 1) % players
    dealt = build_state(
        facts=RoundFacts(variant, round_number, dealer, cut),
        phase=Phase.DRAW,
        active=active,
        to_act=active,
        hands=tuple(tuple(sorted(hand, key=BY_INDEX)) for hand in hands),
        stock=stock,
        discard=discard,
        discarded_by=(None,) * len(discard),
        board=Board(table=(), down=(False,) * players, buys=(0,) * players, reshuffles=0),
        totals=Totals(scores),
        turn=NEW_TURN,
        window=NO_WINDOW,
        turns=1,
        chance=chance,
        moves=moves,
    )
    return begin_turn(dealt)
