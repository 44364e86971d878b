"""Rule sets as data: :class:`Variant` holds a setting for every rule left open (R1-R34).

:data:`PAGAT` is the default profile, rules R1-R29. Every other rule set is a
``Variant`` too, made with :func:`attrs.evolve`, and checked when it is built: a variant that
cannot be played, or not in reasonable time, is refused with a message saying why. That
includes a round whose contract no hand from the deck could meet: a group longer than a
rank's cards and every wild card (R7), a run longer than its positions allow (R8), melds
needing more cards of one kind than the deck holds for them all (R9), or a round played
at once whose whole hand its melds cannot take (R24). Where only some numbers of players
get a deck too small for a round, those are refused when a game starts
(:meth:`Variant.check_players`). The named rule sets are in :mod:`contract_rummy.presets`.

>>> import attrs
>>> from contract_rummy.contracts import Contract
>>> five = attrs.evolve(PAGAT, min_players=3, max_players=5, jokers=JokerRule.PLAYERS_MINUS_ONE)
>>> five.deck_counts(5)
DeckCounts(decks=2, jokers=4)
>>> attrs.evolve(PAGAT, ladder=())
Traceback (most recent call last):
...
ValueError: the ladder of contracts is empty: a variant needs at least one round
>>> attrs.evolve(PAGAT, ladder=[*PAGAT.ladder[:6], (Contract(runs=(14,)), 13)], aces=AceRule.HIGH)
Traceback (most recent call last):
...
ValueError: R8: round 7's run of 14 cannot be made: with aces high only a run has at most 13 cards
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Iterable
from itertools import groupby
from typing import Any, Final, NamedTuple

import attrs

from contract_rummy._checks import check_int, integer, is_int, joined
from contract_rummy._meetable import EXACT, Deck, Layout, Totals, fewest_wilds, rank_at
from contract_rummy.cards import NATURALS, Card, Rank, as_card, build_deck
from contract_rummy.contracts import STANDARD_CONTRACTS, Contract

__all__ = [
    "MAX_BUYS",
    "MAX_BUY_PENALTY",
    "MAX_CARDS_DEALT",
    "MAX_CONTRACT_MELDS",
    "MAX_CUT_BONUS",
    "MAX_DECKS",
    "MAX_JOKERS",
    "MAX_PENALTY",
    "MAX_PLAYERS",
    "MAX_RESHUFFLES",
    "MAX_ROUNDS",
    "MAX_TURNS",
    "MAX_WILD_CARDS",
    "MAX_WILD_RANKS",
    "PAGAT",
    "PAGAT_PENALTIES",
    "PROGRESSIVE_PENALTIES",
    "AceRule",
    "DeckCounts",
    "JokerRule",
    "JokerSwap",
    "Penalties",
    "TieBreak",
    "Variant",
    "check_variant",
]


# -- bounds ----------------------------------------------------------------------------------
# What a variant may ask for and still be played in reasonable time: every listing of legal
# actions stays small, and every game ends after a bounded number of actions. A variant
# beyond any of them is refused with a message naming the setting and its bound.

#: The most players at one table (``max_players``).
MAX_PLAYERS: Final = 8
#: The most 52-card decks shuffled together, the extra deck included (``decks``,
#: ``extra_deck_from``).
MAX_DECKS: Final = 4
#: The most jokers in the deck, for any number of players the variant allows, the extra
#: deck's included (``jokers``, ``extra_deck_jokers``).
MAX_JOKERS: Final = 12
#: The most wild ranks (``wild_ranks``): each one adds four wild cards per deck.
MAX_WILD_RANKS: Final = 2
#: The most wild cards in the deck, jokers and cards of wild ranks together, for any number
#: of players the variant allows: every wild card multiplies the go-downs a hand can make.
MAX_WILD_CARDS: Final = 16
#: The most rounds in a game (the length of ``ladder``).
MAX_ROUNDS: Final = 16
#: The most cards dealt to each player in a round (the ``ladder``'s cards dealt).
MAX_CARDS_DEALT: Final = 20
#: The most melds in a round's contract (the ``ladder``'s contracts): each one more
#: multiplies the go-downs a hand can make.
MAX_CONTRACT_MELDS: Final = 6
#: The most turns a round may be given (``max_turns``, when not ``None``).
MAX_TURNS: Final = 10_000
#: The most reshuffles of the discards in a round (``max_reshuffles``, when not ``None``).
MAX_RESHUFFLES: Final = 100
#: The most penalty cards a buy costs (``buy_penalty``).
MAX_BUY_PENALTY: Final = 5
#: The highest cap on buys per player per round (``max_buys``, when not ``None``).
MAX_BUYS: Final = 100
#: The largest cut bonus (``cut_bonus``).
MAX_CUT_BONUS: Final = 1000
#: The most penalty points a single card may cost (:class:`Penalties`).
MAX_PENALTY: Final = 1000


class AceRule(enum.Enum):
    """Where an ace may stand in a run (R8)."""

    #: Low (A-2-3-4) or high (J-Q-K-A), never in the middle: the default.
    LOW_OR_HIGH = "low or high"
    #: Only below the two.
    LOW = "low"
    #: Only above the king.
    HIGH = "high"


class JokerRule(enum.Enum):
    """A number of jokers that depends on the number of players (R2)."""

    #: One joker fewer than there are players.
    PLAYERS_MINUS_ONE = "players - 1"


class JokerSwap(enum.Enum):
    """Which wild cards on the table a player may win back by a swap (R23)."""

    #: No swaps at all.
    NEVER = "never"
    #: Wilds in runs only: the default.
    RUNS = "runs"
    #: Wilds in runs and in groups.
    ANY_MELD = "any meld"

    # Members are singletons compared by identity: hash them as objects, which is faster
    # than Enum's hash of the name (every listing of a player down looks one up).
    __hash__ = object.__hash__


class TieBreak(enum.Enum):
    """How players tied for the lowest total are separated at the end (R28)."""

    #: Tied players share the win: the default.
    SHARE = "share"
    #: The lowest score in the last round wins; players still tied share.
    LAST_ROUND = "last round"


def _not_a_collection(value: object) -> bool:
    """Whether ``value`` cannot be read as a collection of items (text is not one)."""
    return isinstance(value, str | bytes) or not hasattr(value, "__iter__")


def _rank_values(value: Iterable[int]) -> tuple[int, ...]:
    if _not_a_collection(value):
        raise TypeError(f"ranks must be 13 ints, ace to king, got {value!r}")
    return tuple(value)


def _wild_cards(count: int, *, at_least: bool = False) -> str:
    """``count`` wild cards in words: "no wild card", "1 wild card", "at least 3 wild cards"."""
    if count == 0:
        return "no wild card"
    return f"{'at least ' if at_least else ''}{count} wild card{'s' * (count != 1)}"


def _rounds(numbers: list[int]) -> str:
    """Round numbers, in order, in words: runs of consecutive rounds as ranges.

    >>> _rounds([3]), _rounds([1, 2, 3, 4]), _rounds([1, 2, 3, 5, 7, 8])
    ('round 3', 'rounds 1-4', 'rounds 1-3, 5 and 7-8')
    """
    spans = []
    # Consecutive numbers keep the same difference from their place in the list.
    for _, run in groupby(enumerate(numbers), lambda pair: pair[1] - pair[0]):
        span = [number for _, number in run]
        first, last = span[0], span[-1]
        spans.append(str(first) if first == last else f"{first}-{last}")
    return f"round {spans[0]}" if len(numbers) == 1 else f"rounds {joined(spans)}"


def _copies(decks: int) -> str:
    """How many of each card ``decks`` 52-card decks hold, in words (R2)."""
    if decks == 1:
        return "one 52-card deck holds one of each"
    return f"{decks} 52-card decks hold {decks} of each"


class DeckCounts(NamedTuple):
    """How many 52-card decks and jokers are shuffled together for a game (R2).

    What :meth:`Variant.deck_counts` returns; a tuple, so ``decks, jokers = counts`` reads
    it as well.

    >>> counts = PAGAT.deck_counts(4)
    >>> counts
    DeckCounts(decks=2, jokers=3)
    >>> counts.decks, counts.jokers, counts.cards
    (2, 3, 107)
    """

    #: The 52-card decks, the extra deck of a large table included.
    decks: int
    #: The jokers, the extra deck's included.
    jokers: int

    @property
    def cards(self) -> int:
        """The cards in the deck: 52 a deck, and the jokers."""
        return 52 * self.decks + self.jokers


@attrs.frozen
class Penalties:
    """Penalty points for a card left in hand at the end of a round (R25).

    Args:
        joker: Points for a joker.
        ranks: Points for each rank, ace first and king last (13 numbers).

    Raises:
        TypeError: naming the argument, if a value is not an int (a bool is not one).
        ValueError: if there are not 13 rank values, or a value is negative or above
            :data:`MAX_PENALTY`.

    >>> PAGAT_PENALTIES.of(Card.parse("KC")), PAGAT_PENALTIES.of(Card.parse("7D"))
    (10, 7)
    >>> PROGRESSIVE_PENALTIES.of(Card.parse("JK"))
    25
    """

    joker: int = 15
    ranks: tuple[int, ...] = attrs.field(
        default=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), converter=_rank_values
    )

    def __attrs_post_init__(self) -> None:
        names = ["joker", *(f"ranks[{index}]" for index in range(len(self.ranks)))]
        points = (self.joker, *self.ranks)
        for name, value in zip(names, points, strict=True):
            check_int(name, value)
        if len(self.ranks) != 13:
            raise ValueError(f"penalties need one value per rank, ace to king; got {self.ranks}")
        for name, value in zip(names, points, strict=True):
            check_int(name, value, minimum=0)  # penalty points must not be negative
            check_int(name, value, maximum=MAX_PENALTY)  # nor beyond any sensible score

    def of(self, card: Card | str) -> int:
        """The points ``card`` (a card, or its notation such as ``"AH"``) costs in hand.

        Raises:
            TypeError: if ``card`` is neither a :class:`~contract_rummy.Card` nor a str.
            NotationError: if the str is not a card's notation.
        """
        try:
            return self.joker if card.rank is None else self.ranks[card.rank - 1]  # type: ignore[union-attr]
        except (AttributeError, TypeError):  # no rank: maybe notation
            return self.of(as_card(card))


#: R25: K Q J 10 score 10, an ace 15, a joker 15, number cards their face value.
PAGAT_PENALTIES: Final = Penalties()
#: Progressive Rummy's penalties: joker 25, ace 15, 10 J Q K 10, every other card 5.
PROGRESSIVE_PENALTIES: Final = Penalties(joker=25, ranks=(15, *(5,) * 8, 10, 10, 10, 10))

#: R5, R11: the seven contracts with 10 cards dealt in rounds 1-3 and 12 in rounds 4-7.
PAGAT_LADDER: Final = tuple(
    (contract, 10 if number <= 3 else 12)
    for number, contract in enumerate(STANDARD_CONTRACTS, start=1)
)


def _ladder(value: Iterable[tuple[Contract, int]]) -> tuple[tuple[Contract, int], ...]:
    """The ladder as a tuple of ``(contract, cards dealt)`` pairs, each of the right types.

    A contract that is not a :class:`Contract`, or cards dealt that are not an integer (a
    str, a float, a bool), are a ``TypeError`` naming the round (R5, R11); an integer such
    as NumPy's is kept as a plain int. Whether the rounds can be played is checked after.
    """
    if _not_a_collection(value):
        raise TypeError(f"ladder must be (contract, cards dealt) pairs, got {value!r}")
    rungs = []
    for number, rung in enumerate(value, start=1):
        try:
            contract, given = rung
        except (TypeError, ValueError):
            raise TypeError(
                f"ladder must be (contract, cards dealt) pairs, got {rung!r}"
            ) from None
        if not isinstance(contract, Contract):
            raise TypeError(f"round {number}: the contract must be a Contract, got {contract!r}")
        dealt = integer(given)
        if dealt is None:
            raise TypeError(f"round {number}: cards dealt must be an int, got {given!r}")
        rungs.append((contract, dealt))
    return tuple(rungs)


def _wild_ranks(value: Iterable[Rank | int]) -> frozenset[Rank]:
    if _not_a_collection(value):
        raise TypeError(f"wild_ranks must be a set of Ranks, got {value!r}")
    ranks = set()
    for rank in value:
        if not is_int(rank):
            raise TypeError(f"wild_ranks must hold Ranks, got {rank!r}")
        if rank not in range(1, 14):
            raise ValueError(f"wild_ranks must hold Ranks (1-13), got {rank!r}")
        ranks.add(Rank(rank))
    return frozenset(ranks)


def _round_numbers(value: Iterable[int]) -> frozenset[int]:
    if _not_a_collection(value):
        raise TypeError(f"rounds_at_once must be a set of round numbers, got {value!r}")
    numbers = set()
    for number in value:
        if not is_int(number):
            raise TypeError(f"rounds_at_once must hold round numbers (ints), got {number!r}")
        numbers.add(number)
    return frozenset(numbers)


def _integer(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    # attrs' instance_of(int) lets True through; a bool is not a count (R1, R2).
    check_int(attribute.name, value)


def _jokers(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    # A count of jokers or a rule for it (R2); a bool is neither, though it is an int.
    if not isinstance(value, JokerRule) and not is_int(value):
        raise TypeError(f"{attribute.name} must be an int or a JokerRule, got {value!r}")


def _instance_of(kinds: type | tuple[type, ...], described: str) -> Any:
    """A validator like attrs' ``instance_of``, with a message that reads as a sentence."""

    def check(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kinds):
            raise TypeError(f"{attribute.name} must be {described}, got {value!r}")

    return check


_BOOL = _instance_of(bool, "True or False")
#: R27 as the library resolves it: three reshuffles a round, then the round ends.
_RESHUFFLES: int | None = 3
#: R29 as the library resolves it: a round ends, unscored by anyone going out, after this
#: many turns.
_TURNS: int | None = 500


def _int_field(default: int, *, minimum: int = 1) -> int:
    def check(_: object, attribute: attrs.Attribute[int], value: object) -> None:
        check_int(attribute.name, value, minimum=minimum)

    return attrs.field(default=default, validator=check)


def _bool_field(default: bool) -> bool:
    return attrs.field(default=default, validator=_BOOL)


#: The named presets, by name, as :mod:`contract_rummy.presets` registers them: a variant
#: equal to the preset of its name is shown by that name (:meth:`Variant.__repr__`).
_PRESETS: dict[str, Variant] = {}


#: The settings that decide which contracts the deck can meet (and the name, which the
#: messages say): variants alike in them share one check, kept in ``_CONTRACTS_CHECKED``.
_CONTRACT_SETTINGS: Final = (
    "name",
    "min_players",
    "max_players",
    "decks",
    "jokers",
    "extra_deck_from",
    "extra_deck_jokers",
    "wild_ranks",
    "aces",
    "max_run_length",
    "ladder",
    "exact_first_meld",
    "runs_may_touch",
    "last_round_at_once",
    "rounds_at_once",
    "final_discard",
    "buying",
    "max_buys",
    "buy_penalty",
)
#: How many checks ``_CONTRACTS_CHECKED`` keeps before it starts afresh.
_CONTRACTS_KEPT: Final = 256
_CONTRACTS_CHECKED: dict[tuple[object, ...], tuple[str | None, tuple[tuple[int, str], ...]]] = {}


def register_presets(presets: Iterable[Variant]) -> None:
    """Name ``presets`` in the repr of the variants equal to them: ``VARIANTS['pagat']``.

    :mod:`contract_rummy.presets` registers its variants; a variant of your own keeps the
    whole repr of its settings.
    """
    for preset in presets:
        _PRESETS[preset.name] = preset


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Variant:
    """A complete, validated rule set: one setting for every rule the rules leave open.

    The defaults are the ``pagat`` profile (:data:`PAGAT`); each field names the rule it
    configures. Build other rule sets with :func:`attrs.evolve`; a rule set that cannot be
    played raises :class:`ValueError` at construction, saying why, and a setting of the
    wrong type raises :class:`TypeError` naming it.

    A rule set cannot be played when some round's contract cannot be met by any hand from
    the deck, even the deck for the most players: the refusal names the round, the meld and
    the rule (R7, R8, R9, R24). The check is exact: it refuses only what no hand could lay
    (each card in one meld, R9; no two runs of a suit contiguous, R12; the contract at its
    minimum lengths, R14, or longer, R33; at once the whole hand, however many cards buys
    have added to it, R24). A contract that only a larger deck can meet leaves the variant
    playable by those numbers of players only: :meth:`check_players` refuses the others.

    So that every game can be played in reasonable time, settings are bounded, each by a
    module constant that the refusal names: :data:`MAX_PLAYERS` players (8),
    :data:`MAX_DECKS` decks with the extra deck (4), :data:`MAX_JOKERS` jokers (12) and
    :data:`MAX_WILD_CARDS` wild cards in all (16) for any allowed number of players,
    :data:`MAX_WILD_RANKS` wild ranks (2), :data:`MAX_ROUNDS` rounds (16),
    :data:`MAX_CARDS_DEALT` cards dealt a round (20), :data:`MAX_TURNS` turns (10,000),
    :data:`MAX_RESHUFFLES` reshuffles (100), :data:`MAX_BUY_PENALTY` penalty cards a buy
    (5), :data:`MAX_BUYS` as a buy cap (100), :data:`MAX_CUT_BONUS` points of cut bonus
    (1,000), :data:`MAX_CONTRACT_MELDS` melds in a round's contract (6), and
    :data:`MAX_PENALTY` points a card (1,000, in :class:`Penalties`).

    Attributes:
        name: A name for messages and listings.
        min_players: The fewest players (R1: 4).
        max_players: The most players (R1: 4).
        decks: Standard 52-card decks shuffled together (R2: 2).
        jokers: Jokers added to them: a number, or a :class:`JokerRule` (R2: 3).
        extra_deck_from: From this many players on, one more deck is shuffled in, with
            ``extra_deck_jokers`` more jokers; ``None`` never (R2). At most
            :data:`MAX_PLAYERS`; it may be above ``max_players``, for a table the variant
            does not seat (``progressive`` narrowed to six players keeps its rule for
            seven), and then no game of the variant adds the deck.
        extra_deck_jokers: Jokers that come with the extra deck.
        wild_ranks: Ranks that are wild as well as jokers (R2: none); a wild-rank card may
            still be played as itself.
        wilds_score_as_jokers: Whether a card of a wild rank scores as a joker (R25).
        aces: Where an ace may stand in a run (R8).
        min_group_length: The shortest group (R7: 3).
        min_run_length: The shortest run (R8: 4).
        max_run_length: The longest run (R8: 14, ace to ace); with aces only low or only
            high, no run is longer than 13 whatever this says.
        ladder: One ``(contract, cards dealt)`` pair per round, in order (R5, R11).
        exact_first_meld: Whether going down takes the contract at exactly its minimum
            lengths with no extra cards (R14); if not, the melds may be longer.
        runs_may_touch: Whether two runs of one suit in a go-down may be contiguous (R12: no).
        last_round_at_once: Whether the last round is played as R24 says: going down takes
            the whole hand at once and ends the round, with no lay-offs and no swaps.
        rounds_at_once: Other rounds played at once as R24 says, by number (``shanghai``
            plays rounds 7 and 8 at once: ``{7}`` with ``last_round_at_once``). Each must
            be a round of the ladder. :meth:`at_once` tells whether a round is.
        final_discard: Whether a player may go out only by discarding their last card (R16).
            Without it a player goes out as soon as their hand is empty, but may still never
            be left holding only the card R17 keeps.
        lay_off_on_going_down_turn: Whether lay-offs are allowed on the turn a player goes
            down (R15: no, from their next turn).
        discard_taken_card: Whether the card taken from the discard pile may be discarded
            on the same turn (R17: no).
        buying: Whether players may buy out of turn (R18-R22).
        max_buys: The most buys per player per round; ``None`` for no cap (R21).
        buy_penalty: Cards drawn from the stock as the penalty for a buy (R19: 1).
        down_players_may_buy: Whether players who are down may buy (R21: yes).
        discarder_may_buy: Whether the player who discarded the card may buy it back, with
            the lowest priority (R21: yes).
        joker_swap: Which wilds on the table may be won back by a swap (R23).
        penalties: Points for cards left in hand (R25).
        tie_break: How a tie for the lowest total ends (R28).
        cut_bonus: Points taken off the total of a player whose cut is exact (0: no cut);
            the state records each cut (``RoundState.cut``, R32).
        shanghai_call: Whether other players ask to buy before the active player draws, who
            may answer by taking the discard themselves and so block the buy, or grant it
            by drawing from the stock (R31); the call replaces the buy window after the
            draw (R18, R20), while R19's order and R21's conditions (caps, penalty card,
            down players, the discarder) still decide who is asked. A blocked request
            costs nothing and does not count towards a cap.
        max_reshuffles: How many times per round the discards may be shuffled into a new
            stock (R27); once they all are used, the next card that cannot be drawn ends
            the round as R27 says. ``None`` for no limit, which lets a round in which nobody
            can go out run for ever.
        max_turns: How many turns a round may last (R29): when the last of them ends
            without anyone going out, the round ends as R27 says, every hand scored.
            ``None`` for no limit, which lets players who only ever take the discard play
            for ever.
        wild_by_index: Worked out from the settings, not set: whether each card is wild,
            by :attr:`Card.index` (what :meth:`is_wild` looks up).
    """

    name: str = attrs.field(default="custom", validator=_instance_of(str, "a str"))
    min_players: int = _int_field(4)
    max_players: int = _int_field(4)
    decks: int = _int_field(2)
    jokers: int | JokerRule = attrs.field(default=3, validator=_jokers)
    extra_deck_from: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(_integer)
    )
    extra_deck_jokers: int = _int_field(0, minimum=0)
    wild_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=_wild_ranks)
    wilds_score_as_jokers: bool = _bool_field(False)
    aces: AceRule = attrs.field(
        default=AceRule.LOW_OR_HIGH, validator=_instance_of(AceRule, "an AceRule")
    )
    min_group_length: int = _int_field(3)
    min_run_length: int = _int_field(4)
    max_run_length: int = _int_field(14)
    ladder: tuple[tuple[Contract, int], ...] = attrs.field(default=PAGAT_LADDER, converter=_ladder)
    exact_first_meld: bool = _bool_field(True)
    runs_may_touch: bool = _bool_field(False)
    last_round_at_once: bool = _bool_field(True)
    rounds_at_once: frozenset[int] = attrs.field(default=frozenset(), converter=_round_numbers)
    final_discard: bool = _bool_field(True)
    lay_off_on_going_down_turn: bool = _bool_field(False)
    discard_taken_card: bool = _bool_field(False)
    buying: bool = _bool_field(True)
    max_buys: int | None = attrs.field(default=None, validator=attrs.validators.optional(_integer))
    buy_penalty: int = _int_field(1, minimum=0)
    down_players_may_buy: bool = _bool_field(True)
    discarder_may_buy: bool = _bool_field(True)
    joker_swap: JokerSwap = attrs.field(
        default=JokerSwap.RUNS, validator=_instance_of(JokerSwap, "a JokerSwap")
    )
    penalties: Penalties = attrs.field(
        default=PAGAT_PENALTIES, validator=_instance_of(Penalties, "a Penalties")
    )
    tie_break: TieBreak = attrs.field(
        default=TieBreak.SHARE, validator=_instance_of(TieBreak, "a TieBreak")
    )
    cut_bonus: int = _int_field(0, minimum=0)
    shanghai_call: bool = _bool_field(False)
    max_reshuffles: int | None = attrs.field(
        default=_RESHUFFLES, validator=attrs.validators.optional(_integer)
    )
    max_turns: int | None = attrs.field(
        default=_TURNS, validator=attrs.validators.optional(_integer)
    )

    # Derived lookup tables, indexed by Card.index (and by round); not part of the value.
    wild_by_index: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    _points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _at_once: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Why each number of players whose deck cannot meet some round's contract cannot
    #: play (what :meth:`check_players` says), by number.
    _unmet: dict[int, str] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise ValueError("; ".join(problems))
        object.__setattr__(self, "_at_once", self._rounds_at_once())
        object.__setattr__(self, "_unmet", self._unmet_contracts())
        wild = (*(card.rank in self.wild_ranks for card in NATURALS), True)
        joker_points = self.penalties.joker
        points = (
            *(
                joker_points
                if wild[card.index] and self.wilds_score_as_jokers
                else self.penalties.of(card)
                for card in NATURALS
            ),
            joker_points,
        )
        object.__setattr__(self, "wild_by_index", wild)
        object.__setattr__(self, "_points", points)

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle or a copy keeps: the settings, not the tables worked out from them.

        A variant pickled (alone or inside a state) by one version of the library then
        loads under another, whose tables may differ (see :meth:`__setstate__`).
        """
        return {field.name: getattr(self, field.name) for field in _SETTINGS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled variant from its settings, checked, with its tables made again.

        A pickle made by an older version may hold that version's tables: they are
        dropped. A setting it lacks takes its default.

        >>> import pickle
        >>> pickle.loads(pickle.dumps(PAGAT)) == PAGAT
        True
        """
        settings = {field.name: state[field.name] for field in _SETTINGS if field.name in state}
        Variant.__init__(self, **settings)

    def _rounds_at_once(self) -> tuple[bool, ...]:
        """Whether each round, first to last, is played at once (R24)."""
        rounds = len(self.ladder)
        return tuple(
            number in self.rounds_at_once or (self.last_round_at_once and number == rounds)
            for number in range(1, rounds + 1)
        )

    def _problems(self) -> Iterable[str]:
        if self.min_players > self.max_players:
            yield f"min_players ({self.min_players}) is above max_players ({self.max_players})"
        if self.min_players < 2:
            yield f"a game needs at least 2 players, got min_players={self.min_players}"
        if self.max_players > MAX_PLAYERS:
            yield f"max_players must be at most {MAX_PLAYERS}, got {self.max_players}"
        yield from self._bound_problems()
        if is_int(self.jokers) and self.jokers < 0:
            yield f"jokers must not be negative, got {self.jokers}"
        if self.extra_deck_from is not None and not 2 <= self.extra_deck_from <= MAX_PLAYERS:
            # Above max_players (but not MAX_PLAYERS) it is a rule for tables this variant
            # does not seat, as a preset narrowed with attrs.evolve keeps it: accepted.
            yield (
                f"extra_deck_from must be None or a number of players, 2-{MAX_PLAYERS}, "
                f"got {self.extra_deck_from}"
            )
        if self.max_reshuffles is not None and self.max_reshuffles < 0:
            yield f"max_reshuffles must be None or >= 0, got {self.max_reshuffles}"
        if self.max_turns is not None and self.max_turns < 1:
            yield f"max_turns must be None or >= 1, got {self.max_turns}"
        if self.max_buys is not None and self.max_buys < 0:
            yield f"max_buys must be None or >= 0, got {self.max_buys}"
        if self.min_run_length > self.max_run_length:
            yield (
                f"min_run_length ({self.min_run_length}) is above "
                f"max_run_length ({self.max_run_length})"
            )
        if self.max_run_length > 14:
            yield f"max_run_length {self.max_run_length} is longer than a run from ace to ace (14)"
        if not self.ladder:
            yield "the ladder of contracts is empty: a variant needs at least one round"
        if len(self.ladder) > MAX_ROUNDS:
            yield f"the ladder must have at most {MAX_ROUNDS} rounds, got {len(self.ladder)}"
            return
        outside = sorted(n for n in self.rounds_at_once if not 1 <= n <= len(self.ladder))
        if outside:
            yield (
                f"rounds_at_once must name rounds of the ladder (1-{len(self.ladder)}), "
                f"got {', '.join(map(str, outside))}"
            )
        for number, (contract, dealt) in enumerate(self.ladder, start=1):
            yield from self._rung_problems(number, contract, dealt)
        yield from self._deal_problems()

    def _bound_problems(self) -> Iterable[str]:
        """Settings beyond what can be played in reasonable time (the ``MAX_`` bounds)."""
        bounded = (
            ("max_turns", self.max_turns, MAX_TURNS),
            ("max_reshuffles", self.max_reshuffles, MAX_RESHUFFLES),
            ("max_buys", self.max_buys, MAX_BUYS),
            ("buy_penalty", self.buy_penalty, MAX_BUY_PENALTY),
            ("cut_bonus", self.cut_bonus, MAX_CUT_BONUS),
            ("wild_ranks", len(self.wild_ranks), MAX_WILD_RANKS),
        )
        for name, value, bound in bounded:
            if value is not None and value > bound:
                counted = " ranks" if name == "wild_ranks" else ""
                yield f"{name} must be at most {bound}{counted}, got {value}{counted}"
        if self.decks > MAX_DECKS:
            yield f"decks must be at most {MAX_DECKS}, got {self.decks}"
            return
        if is_int(self.jokers) and self.jokers > MAX_JOKERS:
            yield f"jokers must be at most {MAX_JOKERS}, got {self.jokers}"
            return
        if (
            self.min_players > self.max_players
            or self.min_players < 2
            or (is_int(self.jokers) and self.jokers < 0)
            or (self.extra_deck_from is not None and self.extra_deck_from < 2)
        ):
            return  # refused already: the deck cannot be counted
        for players in range(self.min_players, min(self.max_players, MAX_PLAYERS) + 1):
            decks, jokers = self.deck_counts(players)
            if decks > MAX_DECKS:
                yield (
                    f"decks must be at most {MAX_DECKS}, the extra deck included; "
                    f"{players} players get {decks}"
                )
                return
            if jokers > MAX_JOKERS:
                yield (
                    f"jokers must be at most {MAX_JOKERS}, the extra deck's included; "
                    f"{players} players get {jokers}"
                )
                return
            wilds = jokers + 4 * decks * len(self.wild_ranks)
            if wilds > MAX_WILD_CARDS:
                ranks = len(self.wild_ranks)
                yield (
                    f"the deck must hold at most {MAX_WILD_CARDS} wild cards; for {players} "
                    f"players it holds {wilds}: {jokers} joker{'s' * (jokers != 1)} and "
                    f"{4 * decks * ranks} cards of {ranks} wild rank{'s' * (ranks != 1)} "
                    f"({decks} deck{'s' * (decks != 1)})"
                )
                return

    def _rung_problems(self, number: int, contract: Contract, dealt: int) -> Iterable[str]:
        # (the types are the ladder's converter's to check: a Contract, an int)
        if dealt < 1:
            yield f"round {number}: cards dealt must be a positive int, got {dealt!r}"
            return
        if dealt > MAX_CARDS_DEALT:
            yield f"round {number}: cards dealt must be at most {MAX_CARDS_DEALT}, got {dealt}"
            return
        if contract.melds > MAX_CONTRACT_MELDS:
            yield (
                f"round {number}: a contract in the ladder must have at most "
                f"{MAX_CONTRACT_MELDS} melds, got {contract.melds} ({contract})"
            )
        for length in dict.fromkeys(contract.groups):  # each length once: one line each
            if length < self.min_group_length:
                yield (
                    f"round {number}: a group of {length} is shorter than "
                    f"min_group_length ({self.min_group_length})"
                )
        for length in dict.fromkeys(contract.runs):
            if not self.min_run_length <= length <= self.max_run_length:
                yield (
                    f"round {number}: a run of {length} is outside the run lengths "
                    f"{self.min_run_length}-{self.max_run_length}"
                )
        at_once = number in self.rounds_at_once or (
            self.last_round_at_once and number == len(self.ladder)
        )
        # With the drawn card, the hand must be able to hold the contract (and, before the
        # last round, keep a card to discard, R16).
        keep = not at_once and self.final_discard
        if dealt + 1 < contract.min_cards + keep:
            yield (
                f"R14: round {number}: {dealt} cards dealt and the one drawn cannot make "
                f"{contract} ({contract.min_cards} cards)"
                + (" and keep a card to discard (R16)" if keep else "")
            )

    def _deal_problems(self) -> Iterable[str]:
        """R5: the rounds whose deal leaves no stock, those alike in one line.

        The cards dealt and the one turned up must leave a stock, for every number of
        players. The line names the number of players who can be dealt the fewest cards
        each, and how many that is.
        """
        counts = range(self.min_players, min(self.max_players, MAX_PLAYERS) + 1)
        if not counts:
            return  # refused already
        sizes = {players: self.deck_counts(players).cards for players in counts}
        # The most cards each that every number of players can be dealt (a card turned up
        # and one left in the stock), and the first number of players it binds.
        most, binding = min(((size - 2) // players, players) for players, size in sizes.items())
        size = sizes[binding]
        short: dict[int, list[int]] = {}
        for number, (_, dealt) in enumerate(self.ladder, start=1):
            if is_int(dealt) and max(most, 0) < dealt <= MAX_CARDS_DEALT:
                short.setdefault(dealt, []).append(number)
        if short:
            deals = [f"{dealt} cards in {_rounds(numbers)}" for dealt, numbers in short.items()]
            yield (
                f"R5: dealing {joined(deals)} to {binding} players and turning one up needs "
                f"more than the {size} cards in the deck"
                + (f" (at most {most} cards each leave a stock)" if most > 0 else "")
            )

    # -- contracts the deck can meet ---------------------------------------------------

    def _unmet_contracts(self) -> dict[int, str]:
        """Why each number of players cannot play, for those whose deck misses a contract.

        A contract that no deck of the variant can meet refuses the variant (a
        :class:`ValueError` naming the round, the meld and the rule). More players never
        get fewer cards of any kind (R2), so the deck for the most players decides that;
        the decks for fewer players are checked for the rounds they cannot meet, which
        :meth:`check_players` then names. Variants alike in the settings that decide it
        share one answer, worked out once.
        """
        key = tuple(getattr(self, name) for name in _CONTRACT_SETTINGS)
        found = _CONTRACTS_CHECKED.get(key)
        if found is None:
            found = self._check_contracts()
            if len(_CONTRACTS_CHECKED) >= _CONTRACTS_KEPT:
                _CONTRACTS_CHECKED.clear()
            _CONTRACTS_CHECKED[key] = found
        refusal, unmet = found
        if refusal is not None:
            raise ValueError(refusal)
        return dict(unmet)

    def _check_contracts(self) -> tuple[str | None, tuple[tuple[int, str], ...]]:
        """The refusal of the variant, if any; else why each number of players cannot play."""
        counts = {players: self.deck_counts(players) for players in self._player_range()}
        largest = counts[self.max_players]
        alike = len(set(counts.values())) == 1
        deck = "the deck" if alike else f"the deck for {self.max_players} players (the largest)"
        problems = [
            f"{rule}: {reason}"
            for number in range(1, self.rounds + 1)
            if (found := self._unmet_round(number, largest, deck)) is not None
            for rule, reason in (found,)
        ]
        if problems:
            return "; ".join(problems), ()
        unmet: list[tuple[int, str, str]] = []
        for players, dealt_from in counts.items():
            if dealt_from == largest:
                continue
            for number in range(1, self.rounds + 1):
                found = self._unmet_round(number, dealt_from, f"the deck for {players} players")
                if found is not None:
                    unmet.append((players, *found))
                    break
        # More players never get fewer cards (R2): all above the last who cannot play can.
        fewest = max((players for players, _, _ in unmet), default=self.min_players - 1) + 1
        can = str(fewest) if fewest == self.max_players else f"{fewest}-{self.max_players}"
        refusals = []
        for players, rule, reason in unmet:
            who = f"{self.name} cannot be played by {players} players, only by {can}"
            refusals.append((players, f"{rule}: {who}: {reason}"))
        return None, tuple(refusals)

    def _player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def _unmet_round(
        self, number: int, counts: DeckCounts, deck_name: str
    ) -> tuple[str, str] | None:
        """Why no hand from a deck of ``counts`` can meet round ``number``'s contract.

        ``(rule, reason)``, or ``None`` when some hand can. ``deck_name`` names the deck
        in the reason. The melds must be made from the deck's cards, each in one meld
        (R9), as long as R7 and R8 let them be; going down lays exactly the contract
        (R14, R33), or the whole hand at once (R24), which buys may make longer (R19).
        """
        contract, dealt = self.ladder[number - 1]
        decks, jokers = counts
        wilds = jokers + 4 * decks * len(self.wild_ranks)
        held = _wild_cards(wilds)
        deck = self._meld_deck(decks)
        for length in dict.fromkeys(contract.runs):
            if length > self.longest_run:  # (not beyond max_run_length: refused already)
                return "R8", (
                    f"round {number}'s run of {length} cannot be made: with aces "
                    f"{self.aces.value} only a run has at most {self.longest_run} cards"
                )
        most = 4 * decks + wilds
        for length in dict.fromkeys(contract.groups):
            if length > most:
                return "R7", (
                    f"round {number}'s group of {length} cannot be made: a group holds at "
                    f"most {most} cards of {deck_name}: {4 * decks} of one rank and {held}"
                )
        for length in dict.fromkeys(contract.runs):
            alone = fewest_wilds((), (length,), deck, EXACT, wilds)
            if alone is not None and alone.wilds > wilds:
                # (a run of 14, from ace to ace, has one place: 13 or fewer, more than one)
                places = self.highest_position - self.lowest_position + 2 - length
                where = "wherever it lies it needs" if places > 1 else "it needs"
                return "R8", (
                    f"round {number}'s run of {length} cannot be made: {where} "
                    f"{_wild_cards(alone.wilds)} ({self._why_wild(alone, decks)}), "
                    f"and {deck_name} holds {held}"
                )
        at_once = self.at_once(number)
        first = dealt + 1
        totals = self._go_down_totals(number)
        found = fewest_wilds(contract.groups, contract.runs, deck, totals, wilds)
        if found is not None and found.wilds <= wilds:
            return None
        least = fewest_wilds(contract.groups, contract.runs, deck, EXACT, wilds)
        if at_once and least is not None and least.wilds <= wilds:
            cards = max(
                total
                for total in range(contract.min_cards, first)
                if (
                    made := fewest_wilds(
                        contract.groups,
                        contract.runs,
                        deck,
                        Totals(whole=True, first=total, most=total),
                        wilds,
                    )
                )
                is not None
                and made.wilds <= wilds
            )
            more = ", or more after buys" if totals.most != first else ""
            # Fewer cards always fit where more do (a meld gives up a card at its end), so
            # a hand of ``cards`` cards, ``cards - 1`` dealt, is the largest that fits.
            fewer = f": deal at most {cards - 1} cards" if cards > 1 else ""
            return "R24", (
                f"round {number} is played at once, so going down lays the whole hand: "
                f"{first} cards ({dealt} dealt and the one drawn){more}; but {contract} "
                f"can hold at most {cards} cards of {deck_name}{fewer}"
            )
        needed = min(layout.wilds for layout in (found, least) if layout is not None)
        return "R9", (
            f"round {number}'s contract, {contract}, cannot be made: a card is in one "
            f"meld only, so together its melds need {_wild_cards(needed, at_least=True)}, "
            f"and {deck_name} holds {held}"
        )

    def _meld_deck(self, decks: int) -> Deck:
        """The deck of ``decks`` decks, and this variant's runs, as the search sees them."""
        return Deck(
            decks,
            frozenset(self.wild_ranks),
            self.lowest_position,
            self.highest_position,
            self.longest_run,
            self.runs_may_touch,
        )

    def _go_down_totals(self, number: int) -> Totals:
        """How many cards going down lays in round ``number`` (R14, R16, R19, R24, R33).

        The hand holds the cards dealt and the one drawn, and each buy adds the bought
        card and its penalty cards (R19), up to the cap on buys (R21).
        """
        first = self.cards_dealt(number) + 1
        step = 1 + self.buy_penalty
        buys = self.max_buys if self.buying else 0
        most = None if buys is None else first + buys * step
        if self.at_once(number):
            return Totals(whole=True, first=first, step=step, most=most)
        if self.exact_first_meld:
            return EXACT
        return Totals(most=None if most is None else most - int(self.final_discard))

    def _why_wild(self, alone: Layout, decks: int) -> str:
        """Why the run ``alone`` lays needs wild cards where it lies (R8, R30)."""
        ((_, low, length),) = alone.runs
        ranks = [rank_at(position) for position in range(low, low + length)]
        reasons = []
        if any(rank in self.wild_ranks for rank in ranks):
            reasons.append("a card of a wild rank is a wild card")
        if ranks.count(Rank.ACE) > decks and Rank.ACE not in self.wild_ranks:
            reasons.append(
                f"from ace to ace a run takes two aces of its suit, and {_copies(decks)}"
            )
        return "; ".join(reasons)

    # -- the deck ------------------------------------------------------------------------

    def deck_counts(self, players: int) -> DeckCounts:
        """How many decks and jokers are shuffled together for ``players`` players (R2).

        Raises:
            ValueError: if the variant is not played by ``players`` players (R1), as
                :meth:`deck` refuses them.

        >>> PAGAT.deck_counts(4)
        DeckCounts(decks=2, jokers=3)
        >>> PAGAT.deck_counts(4).cards
        107
        >>> PAGAT.deck_counts(9)
        Traceback (most recent call last):
        ...
        ValueError: R1: pagat is played by 4 players, not 9
        """
        self._check_count(players)
        decks = self.decks
        jokers = players - 1 if self.jokers is JokerRule.PLAYERS_MINUS_ONE else self.jokers
        assert isinstance(jokers, int)
        if self.extra_deck_from is not None and players >= self.extra_deck_from:
            decks += 1
            jokers += self.extra_deck_jokers
        return DeckCounts(decks, jokers)

    def deck_size(self, players: int) -> DeckCounts:
        """Deprecated: the name of :meth:`deck_counts`, which it returns with a warning.

        It never gave a size, but the decks and jokers, ``(2, 3)`` for :data:`PAGAT` with
        four players; the size is ``deck_counts(players).cards``. A
        :class:`DeprecationWarning` says so.
        """
        warnings.warn(
            "Variant.deck_size(players) is deprecated: use Variant.deck_counts(players), "
            "the same (decks, jokers), and .cards for the number of cards",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.deck_counts(players)

    def deck(self, players: int) -> tuple[Card, ...]:
        """The cards shuffled for ``players`` players, in canonical order (R2).

        >>> len(PAGAT.deck(4))
        107
        """
        return build_deck(*self.deck_counts(players))  # (which checks the players, R1)

    def __repr__(self) -> str:
        """A named preset by its name (``VARIANTS['pagat']``), any other by its settings."""
        if _PRESETS.get(self.name) == self:
            return f"VARIANTS[{self.name!r}]"
        settings = ", ".join(
            f"{field.name}={getattr(self, field.name)!r}"
            for field in attrs.fields(Variant)
            if field.repr
        )
        return f"Variant({settings})"

    def check_players(self, players: int) -> None:
        """Raise :class:`ValueError` unless this variant is played by ``players`` players.

        R1 allows them, and the deck they get can meet every round's contract: where more
        players get more decks or jokers (R2), fewer players may hold too few cards of some
        kind for a round. The message then names the numbers of players who can play, the
        round, the meld and the rule.

        >>> PAGAT.check_players(4)
        >>> PAGAT.check_players(5)
        Traceback (most recent call last):
        ...
        ValueError: R1: pagat is played by 4 players, not 5
        >>> import attrs
        >>> from contract_rummy.contracts import Contract
        >>> tens = attrs.evolve(
        ...     PAGAT, name="tens", min_players=2, max_players=5,
        ...     jokers=JokerRule.PLAYERS_MINUS_ONE, ladder=[(Contract(groups=(10,)), 11)],
        ...     last_round_at_once=False,
        ... )
        >>> tens.check_players(2)
        Traceback (most recent call last):
        ...
        ValueError: R7: tens cannot be played by 2 players, only by 3-5: round 1's group of 10
        cannot be made: a group holds at most 9 cards of the deck for 2 players: 8 of one rank
        and 1 wild card
        """
        self._check_count(players)
        unmet = self._unmet.get(players)
        if unmet is not None:
            raise ValueError(unmet)

    def _check_count(self, players: int) -> None:
        """Raise :class:`ValueError` unless R1 lets ``players`` players play this variant."""
        check_int("players", players)
        if not self.min_players <= players <= self.max_players:
            allowed = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise ValueError(f"R1: {self.name} is played by {allowed} players, not {players}")

    # -- the cards' roles ----------------------------------------------------------------

    def is_wild(self, card: Card | str) -> bool:
        """Whether ``card`` (a card, or its notation) is wild: a joker, or of a wild rank (R2).

        >>> PAGAT.is_wild(Card.parse("JK")), PAGAT.is_wild("2S")
        (True, False)
        """
        try:
            return self.wild_by_index[card.index]  # type: ignore[index]
        except (AttributeError, TypeError):  # no index, or a str's or a tuple's index method
            return self.wild_by_index[as_card(card).index]

    def penalty(self, card: Card | str) -> int:
        """The penalty points ``card`` (a card, or its notation) costs left in hand (R25).

        >>> PAGAT.penalty(Card.parse("AH")), PAGAT.penalty("JK")
        (15, 15)
        """
        try:
            return self._points[card.index]  # type: ignore[index]
        except (AttributeError, TypeError):  # no index, or a str's or a tuple's index method
            return self._points[as_card(card).index]

    # -- the rounds ----------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """How many rounds a game lasts (R3: 7)."""
        return len(self.ladder)

    def contract(self, round_number: int) -> Contract:
        """The contract of round ``round_number`` (1-based, R11).

        >>> str(PAGAT.contract(2))
        'a group of 3 and a run of 4'
        """
        return self.ladder[self._rung(round_number)][0]

    def cards_dealt(self, round_number: int) -> int:
        """How many cards each player is dealt in round ``round_number`` (R5).

        >>> PAGAT.cards_dealt(3), PAGAT.cards_dealt(4)
        (10, 12)
        """
        return self.ladder[self._rung(round_number)][1]

    # -- runs -----------------------------------------------------------------------------

    @property
    def lowest_position(self) -> int:
        """The lowest run position a card may take (R8).

        1, the ace below the two, unless aces are high only: then 2.

        >>> PAGAT.lowest_position, PAGAT.highest_position
        (1, 14)
        """
        return 2 if self.aces is AceRule.HIGH else 1

    @property
    def highest_position(self) -> int:
        """The highest run position a card may take (R8).

        14, the ace above the king, unless aces are low only: then 13.
        """
        return 13 if self.aces is AceRule.LOW else 14

    @property
    def longest_run(self) -> int:
        """The most cards a run can hold: ``max_run_length``, within the positions (R8)."""
        return min(self.max_run_length, self.highest_position - self.lowest_position + 1)

    def at_once(self, round_number: int) -> bool:
        """Whether round ``round_number`` is played by going out at once (R24).

        The last round with ``last_round_at_once``, and every round of ``rounds_at_once``.

        >>> PAGAT.at_once(6), PAGAT.at_once(7)
        (False, True)
        """
        return self._at_once[self._rung(round_number)]

    def _rung(self, round_number: int) -> int:
        if type(round_number) is int and 0 < round_number <= len(self.ladder):
            return round_number - 1  # the engine's own calls, on its hot path
        check_int("round_number", round_number)
        if not 1 <= round_number <= len(self.ladder):
            raise ValueError(
                f"round_number must be 1-{len(self.ladder)} for {self.name}, got {round_number}"
            )
        return round_number - 1


#: The fields a variant is built from, which make its value (the others are its tables).
_SETTINGS: Final = tuple(field for field in attrs.fields(Variant) if field.init)


def check_variant(value: object) -> Variant:
    """``value`` itself if it is a :class:`Variant`; else a :class:`TypeError` says so."""
    if not isinstance(value, Variant):
        raise TypeError(f"variant must be a Variant, got {value!r}")
    return value


#: The default profile: rules R1-R29, after Pagat's Contract Rummy for four players.
#:
#: R1 four players; R2 two decks and three jokers, only jokers wild; R5 and R11 the seven
#: contracts with 10 then 12 cards; R7-R8 groups of 3 and runs of 4 up to 14 cards, aces low
#: or high; R12 same-suit runs never contiguous; R14 exact first melds; R15 lay-offs from the
#: next turn; R16 a final discard; R17 the taken discard stays; R18-R22 unlimited buys with one
#: penalty card, by anyone, the discarder last; R23 joker swaps in runs; R24 the last round
#: at once; R25 penalties K Q J 10 = 10, A 15, joker 15, others face value; R28 ties share;
#: R29 three reshuffles and 500 turns at most in a round.
PAGAT: Final[Variant] = Variant(name="pagat")
