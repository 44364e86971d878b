"""Actions as text: :func:`format_action` writes one, :func:`parse_action` reads one.

The notation is short, case-insensitive and stable: a record written today reads the same
in every later version. Each action is its name, then what it needs::

    DrawStock                     take the top of the stock (R13)
    TakeDiscard                   take the top of the discard pile (R13)
    Buy                           buy the top discard, or ask for it (R18-R22, R31)
    Pass                          let it go
    Discard 7S                    discard a card
    GoDown 7C 7D 7H | 9S 9S JK    go down: the melds, separated by "|" (R14)
    LayOff JK -> 3 high           lay a card off on table[3], at the run's high end (R15)
    SwapJoker 7S in 2, JK -> 4    put 7S in place of the joker in table[2] and lay that
                                  joker off on table[4] (R23)
    NextRound                     deal the next round (R4, R5)

The grammar, with ``card`` as in :func:`~contract_rummy.parse_cards` and ``index`` a table
index from 0::

    action  = "DrawStock" | "TakeDiscard" | "Buy" | "Pass" | "NextRound"
            | "Discard" card
            | "GoDown" meld { "|" meld }
            | "LayOff" card "->" index [ end ]
            | "SwapJoker" card "in" index [ "," card ] "->" index [ end ]
    meld    = card card card { card }
            | "group" rank ":" card { card }
            | "run" suit "from" rank ":" card { card }
    end     = "low" | "high"

Names and keywords are read in any case, and a few short forms are accepted when reading:
``draw``, ``take``, ``next``, ``down``, ``lay``, ``swap``. A run's cards are listed low to
high. A meld is written as its cards when :func:`~contract_rummy.meld` reads them back as
that meld, and otherwise says what it is, ``group 7: JK JK JK`` or
``run S from 3: JK JK 5S 6S`` (the suit's letter and the rank its first card stands for).
The card after the comma of a ``SwapJoker`` names the wild card the swap frees; it is
written when the state is known, and checked when it is read with a state. ``end`` is
given exactly when the card could go to either end of a run, as in
:class:`~contract_rummy.LayOff`.

>>> import contract_rummy as cr
>>> cr.parse_action("godown 7c 7d 7h | 9s 9s jk")
GoDown(melds=(Group(Rank.SEVEN, '7C 7D 7H'), Group(Rank.NINE, '9S 9S JK')))
>>> cr.format_action(cr.LayOff(cr.JOKER, 3, cr.End.HIGH))
'LayOff JK -> 3 high'

Text that is not an action raises :class:`~contract_rummy.NotationError` naming the bad
token; cards that do not form the meld written raise
:class:`~contract_rummy.IllegalActionError` citing the rule, as the engine refuses a
well-formed action that the rules do not allow.

>>> cr.parse_action("LayOff JK -> three")
Traceback (most recent call last):
...
contract_rummy.errors.NotationError: 'three' is not a table index: expected a number from 0
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from contract_rummy.actions import (
    CHANCE_ACTIONS,
    Action,
    Buy,
    ChanceAction,
    CutDeck,
    DealCard,
    Discard,
    DrawStock,
    FirstDealer,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
    not_an_action,
)
from contract_rummy.cards import Card, Rank, Suit
from contract_rummy.engine import is_legal
from contract_rummy.errors import (
    IllegalActionError,
    InvalidMeldError,
    NotationError,
    Refusal,
    quoted,
)
from contract_rummy.melds import End, Group, Run, best_readings, meld
from contract_rummy.presets import as_variant
from contract_rummy.state import RoundState
from contract_rummy.variants import PAGAT, Variant
from contract_rummy.views import PlayerView

__all__ = [
    "format_action",
    "format_meld",
    "is_outcome",
    "parse_action",
    "parse_meld",
    "parse_outcome",
]

_SIMPLE: Final[dict[str, Action]] = {
    "drawstock": DrawStock(),
    "draw": DrawStock(),
    "takediscard": TakeDiscard(),
    "take": TakeDiscard(),
    "buy": Buy(),
    "pass": Pass(),
    "nextround": NextRound(),
    "next": NextRound(),
}
_NAMES: Final = {
    "discard": "Discard",
    "godown": "GoDown",
    "down": "GoDown",
    "layoff": "LayOff",
    "lay": "LayOff",
    "swapjoker": "SwapJoker",
    "swap": "SwapJoker",
}
_EXPECTED: Final = (
    "DrawStock, TakeDiscard, Buy, Pass, Discard, GoDown, LayOff, SwapJoker or NextRound"
)
_RANKS: Final = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}
#: A run's suit, by its letter or its symbol (as cards read them).
_SUITS: Final = {**{suit.letter: suit for suit in Suit}, **{suit.symbol: suit for suit in Suit}}
_ENDS: Final = {end.value: end for end in End}
#: Punctuation is a token of its own, whatever the spacing around it.
_TOKEN: Final = re.compile(r"->|[|,:]|[^\s|,:]+")
#: No table holds a billion melds: a longer number is no index (nor worth converting).
_INDEX_DIGITS: Final = 9


# == writing ==================================================================================


def format_meld(meld_: Group | Run, variant: Variant | str = PAGAT) -> str:
    """A meld in the notation: its cards when they read back as this meld, else explicit.

    ``variant`` (the rules, or a preset's name) is the one the text is read back under.

    >>> import contract_rummy as cr
    >>> cr.format_meld(cr.meld("3S 4S JK 6S"))
    '3S 4S JK 6S'
    >>> cr.format_meld(cr.Group(cr.Rank.SEVEN, "JK JK JK"))
    'group 7: JK JK JK'
    """
    if not isinstance(meld_, Group | Run):
        raise TypeError(
            f"format_meld writes a Group or a Run (meld(text) builds one), got {meld_!r}"
        )
    variant = as_variant(variant)
    text = str(meld_)
    try:
        plain = meld(text, variant=variant)
    except InvalidMeldError:
        plain = None
    if plain == meld_:
        return text
    if isinstance(meld_, Group):
        return f"group {meld_.rank.symbol}: {text}"
    return f"run {meld_.suit.letter} from {Rank(meld_.low).symbol}: {text}"


def format_action(
    action: Action | ChanceAction, state: RoundState | PlayerView | Variant | str | None = None
) -> str:
    """The notation of ``action``.

    Given the state the action is played in (or the view of the player who plays it), a
    meld is written in the form that reads back under that state's variant (wild ranks
    change how cards read), and a legal ``SwapJoker`` names the wild card it frees. Given
    only the variant (or a preset's name), melds are written for it, as
    :func:`parse_action` reads them.

    Raises:
        TypeError: if ``action`` is not an action, or ``state`` neither a state, a view, a
            variant nor a preset's name.

    >>> import contract_rummy as cr
    >>> cr.format_action(cr.Discard(cr.Card.parse("10h")))
    'Discard 10H'
    >>> cr.format_action(cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("9S 9S JK")]))
    'GoDown 7C 7D 7H | 9S 9S JK'
    """
    position, variant = _position_and_variant(state)
    match action:
        case DrawStock() | TakeDiscard() | Buy() | Pass() | NextRound():
            return type(action).__name__
        case Discard(card=card):
            return f"Discard {card}"
        case GoDown(melds=melds):
            return "GoDown " + " | ".join(format_meld(m, variant) for m in melds)
        case LayOff(card=card, target=target, end=end):
            return f"LayOff {card} -> {target}{_end(end)}"
        case SwapJoker(card=card, target=target, joker_target=joker_target, joker_end=end):
            wild = None if position is None else _freed(position, action)
            freed = "" if wild is None else f", {wild}"
            return f"SwapJoker {card} in {target}{freed} -> {joker_target}{_end(end)}"
        case FirstDealer(player=player):
            return f"FirstDealer {player}"
        case CutDeck(lifted=lifted):
            return f"CutDeck {lifted}"
        case DealCard(card=card):
            return f"DealCard {card}"
    raise TypeError(not_an_action(action) or f"expected an action, got {action!r}")


def _position_and_variant(
    state: RoundState | PlayerView | Variant | str | None,
) -> tuple[RoundState | PlayerView | None, Variant]:
    """The position (if a state or a view is given) and the variant that ``state`` names."""
    if state is None:
        return None, PAGAT
    if isinstance(state, RoundState | PlayerView):
        return state, state.variant
    if isinstance(state, Variant | str):
        return None, as_variant(state)
    raise TypeError(
        f"state must be a RoundState, a PlayerView, a Variant or a preset's name, got {state!r}"
    )


def _end(end: End | None) -> str:
    return "" if end is None else f" {end.value}"


def _freed(position: RoundState | PlayerView, action: SwapJoker) -> Card | None:
    """The wild card ``action`` frees in ``position`` (R23), or ``None`` if it is illegal.

    A view's swaps are its player's: ``None`` unless that player may play it now.
    """
    if not is_legal(position, action):
        return None
    swapped = position.board.table[action.target].meld.swap(action.card)
    return None if swapped is None else swapped[1]


# == reading ==================================================================================


class _Tokens:
    """The tokens of one action's text, read left to right."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.items = _TOKEN.findall(text.replace("->", " -> "))
        self.at = 0

    def peek(self) -> str | None:
        return self.items[self.at] if self.at < len(self.items) else None

    def next(self, wanted: str) -> str:
        """The next token, or a NotationError saying ``wanted`` is missing."""
        token = self.peek()
        if token is None:
            raise NotationError(f"{quoted(self.text)} ends too soon: expected {wanted}", token="")
        self.at += 1
        return token

    def keyword(self, word: str) -> None:
        token = self.next(repr(word))
        if token.lower() != word:
            raise NotationError(f"{quoted(token)} is out of place: expected {word!r}", token=token)

    def card(self) -> Card:
        return Card.parse(self.next("a card"))

    def index(self, what: str = "a table index") -> int:
        token = self.next(what)
        if not token.isascii() or not token.isdigit() or len(token) > _INDEX_DIGITS:
            raise NotationError(
                f"{quoted(token)} is not {what}: expected a number from 0", token=token
            )
        return int(token)

    def end(self) -> End | None:
        token = self.peek()
        if token is None:
            return None
        self.at += 1
        found = _ENDS.get(token.lower())
        if found is None:
            raise NotationError(
                f"{quoted(token)} is not an end: expected low or high", token=token
            )
        return found

    def finish(self) -> None:
        token = self.peek()
        if token is not None:
            raise NotationError(
                f"{quoted(token)} is extra: the action ended before it", token=token
            )

    def until(self, stop: str) -> Iterator[str]:
        """The tokens up to (not including) ``stop`` or the end."""
        while (token := self.peek()) is not None and token != stop:
            self.at += 1
            yield token


def parse_action(
    text: str, state: RoundState | PlayerView | Variant | str | None = None
) -> Action:
    """Read an action written in the notation (see the module), case-insensitively.

    Args:
        text: One action.
        state: The state the action is for (or the view of the player who sends it), or
            only its variant (or a preset's name), if known: melds are read under the
            variant (with natural wild cards, R30, cards can read differently; the default
            is :data:`~contract_rummy.PAGAT`), and given a state or a view, the wild card a
            ``SwapJoker`` names is checked against the one it would free.

    Reading is not judging: the action read may still be illegal in ``state``, which
    :func:`~contract_rummy.apply` (or :func:`~contract_rummy.is_legal`) decides, with
    :class:`~contract_rummy.IllegalActionError` citing the rule.

    Raises:
        NotationError: if the text is not an action, naming the bad token.
        IllegalActionError: if a meld's cards do not form the meld written (R7-R10), or
            a swap names a wild card other than the one it frees (R23).
        TypeError: if ``text`` is not a str, or ``state`` none of the kinds above.

    >>> import contract_rummy as cr
    >>> cr.parse_action("LayOff JK -> 3 high")
    LayOff(card=JOKER, target=3, end=End.HIGH)
    >>> cr.parse_action("swap 7s in 2 -> 4")
    SwapJoker(card=Card.parse('7S'), target=2, joker_target=4, joker_end=None)
    >>> cr.parse_action("Discrad 7S")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.NotationError: 'Discrad' is not an action: expected DrawStock, ...
    """
    if not isinstance(text, str):
        raise TypeError(f"expected an action's notation as a str, got {type(text).__name__}")
    position, variant = _position_and_variant(state)
    tokens = _Tokens(text)
    head = tokens.next("an action")
    simple = _SIMPLE.get(head.lower())
    if simple is not None:
        tokens.finish()
        return simple
    name = _NAMES.get(head.lower())
    if name is None:
        raise NotationError(f"{quoted(head)} is not an action: expected {_EXPECTED}", token=head)
    action: Action
    if name == "Discard":
        action = Discard(tokens.card())
    elif name == "GoDown":
        melds = [_meld(tokens, variant)]
        while tokens.peek() == "|":
            tokens.next("|")
            melds.append(_meld(tokens, variant))
        action = GoDown(melds)
    elif name == "LayOff":
        card = tokens.card()
        tokens.keyword("->")
        action = LayOff(card, tokens.index(), tokens.end())
    else:
        action = _swap(tokens, position)
    tokens.finish()
    return action


#: Chance's outcomes by their names in lower case, as :func:`parse_outcome` reads them.
_OUTCOMES: Final = {kind.__name__.lower(): kind for kind in CHANCE_ACTIONS}


def is_outcome(text: str) -> bool:
    """Whether ``text`` names one of chance's outcomes (to read with :func:`parse_outcome`)."""
    head = text.split(maxsplit=1)[:1]
    return bool(head) and head[0].lower() in _OUTCOMES


def parse_outcome(text: str) -> ChanceAction:
    """Read one of chance's outcomes, as records write them (R4, R5, R27, R32).

    ``FirstDealer 2``, ``CutDeck 12``, ``DealCard 7S`` (see
    :func:`~contract_rummy.chance_point`); names are read in any case.

    Raises:
        NotationError: if the text is not one of chance's outcomes, naming the bad token.
        IllegalActionError: for a cut of no card (R32).
        TypeError: if ``text`` is not a str.

    >>> from contract_rummy.notation import parse_outcome
    >>> parse_outcome("dealcard 10h")
    DealCard(card=Card.parse('10H'))
    >>> parse_outcome("CutDeck 12")
    CutDeck(lifted=12)
    >>> parse_outcome("DealOrder 7S 8S")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.NotationError: 'DealOrder' is not one of chance's outcomes: ...
    """
    if not isinstance(text, str):
        raise TypeError(f"expected an outcome's notation as a str, got {type(text).__name__}")
    tokens = _Tokens(text)
    head = tokens.next("one of chance's outcomes")
    kind = _OUTCOMES.get(head.lower())
    if kind is None:
        raise NotationError(
            f"{quoted(head)} is not one of chance's outcomes: expected FirstDealer, CutDeck "
            "or DealCard (an order is dealt a card at a time)",
            token=head,
        )
    outcome: ChanceAction
    if kind is FirstDealer:
        outcome = FirstDealer(tokens.index("a player"))
    elif kind is CutDeck:
        lifted = tokens.index("a number of cards")
        if lifted < 1:
            raise IllegalActionError(Refusal("R32", "a cut lifts at least 1 card, got 0"))
        outcome = CutDeck(lifted)
    else:
        outcome = DealCard(tokens.card())
    tokens.finish()
    return outcome


def _swap(tokens: _Tokens, state: RoundState | PlayerView | None) -> SwapJoker:
    card = tokens.card()
    tokens.keyword("in")
    target = tokens.index()
    wild: tuple[str, Card] | None = None
    if tokens.peek() == ",":
        tokens.next(",")
        token = tokens.next("the freed wild card")
        wild = token, Card.parse(token)
    tokens.keyword("->")
    action = SwapJoker(card, target, tokens.index(), tokens.end())
    if wild is not None and state is not None:
        freed = _freed(state, action)
        if freed is not None and freed != wild[1]:
            raise IllegalActionError(
                Refusal(
                    "R23", f"swapping {card} into table[{target}] frees {freed}, not {wild[0]}"
                )
            )
    return action


def _meld(tokens: _Tokens, variant: Variant) -> Group | Run:
    """A meld of a go-down; cards that do not form it are refused as the engine would."""
    try:
        return _read_meld(tokens, variant)
    except InvalidMeldError as error:
        raise IllegalActionError(error.refusal) from error


def _read_meld(tokens: _Tokens, variant: Variant) -> Group | Run:
    first = tokens.peek()
    if first is None:
        raise NotationError(f"{quoted(tokens.text)} ends too soon: expected a meld", token="")
    if first == "|":
        raise NotationError("'|' is out of place: expected a meld's cards before it", token="|")
    kind = first.lower()
    if kind == "group":
        tokens.next("group")
        rank = _rank(tokens.next("a rank"))
        tokens.keyword(":")
        return Group(rank, _cards(tokens), variant=variant)
    if kind == "run":
        tokens.next("run")
        suit_token = tokens.next("a suit")
        suit = _SUITS.get(suit_token.replace("\ufe0f", "").upper())  # (an emoji's selector)
        if suit is None:
            raise NotationError(
                f"{suit_token!r} is not a suit: expected C, D, H or S", token=suit_token
            )
        tokens.keyword("from")
        low = _rank(tokens.next("a rank"))
        tokens.keyword(":")
        return Run(suit, low.value, _cards(tokens), variant=variant)
    cards = _cards(tokens)
    best = best_readings(cards, variant)
    if len(best) == 1:
        return best[0]
    if best:  # R10: the cards do not say which meld they are
        shown = " ".join(map(str, cards))
        raise NotationError(
            f"{shown!r} reads as more than one meld: write it as "
            "'group <rank>: <cards>' or 'run <suit> from <rank>: <cards>'",
            token=shown,
        )
    return meld(cards, variant=variant)  # no reading: meld says which rule refuses them


def _cards(tokens: _Tokens) -> tuple[Card, ...]:
    """A meld's cards, up to the next ``|``: separated by spaces or commas."""
    return tuple(Card.parse(token) for token in tokens.until("|") if token != ",")


def _rank(token: str) -> Rank:
    rank = _RANKS.get(token.upper())
    if rank is None:
        raise NotationError(
            f"{quoted(token)} is not a rank: expected A, 2-10, J, Q or K", token=token
        )
    return rank


def parse_meld(text: str, variant: Variant | str = PAGAT) -> Group | Run:
    """Read a meld written by :func:`format_meld`: its cards, or its explicit form.

    ``variant`` is the rules (or a preset's name) the cards are read under.

    Raises:
        NotationError: if the text is not a meld's notation, or its cards read as more
            than one meld (write it explicitly then).
        InvalidMeldError: if the cards do not form the meld (R7-R10).
        TypeError: if ``text`` is not a str, or ``variant`` neither a variant nor a name.

    >>> import contract_rummy as cr
    >>> cr.parse_meld("run s from 3: jk jk 5s 6s")
    Run(Suit.SPADES, 3, 'JK JK 5S 6S')
    """
    if not isinstance(text, str):
        raise TypeError(f"expected a meld's notation as a str, got {type(text).__name__}")
    tokens = _Tokens(text)
    found = _read_meld(tokens, as_variant(variant))
    tokens.finish()
    return found
