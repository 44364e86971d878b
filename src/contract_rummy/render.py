"""What a player sees, as text: one rendering of a :class:`~contract_rummy.PlayerView`.

:func:`view_text` writes a view as a person at the table reads it: the round and its
contract, whose turn it is, the scores, the melds on the table, the discard pile and the
stock, how many cards the others hold, and the player's own hand, a line a suit. Its
options choose the parts a reader needs:

- ``public`` and ``private``: the part every player sees alike, and the player's own
  part, their hand and the card R17 keeps in it;
- ``details``: every field of the view besides, written out (the phase, who must choose,
  the turns and reshuffles of the round, the Liverpool cut, the whole discard pile with
  who discarded each card, the buy window, the buys, the penalties and the winners), so
  that two views differ in their text whenever they differ;
- ``moves``: the number of actions played since the game began;
- ``you``: the viewer called "you", as a person reads their own screen; otherwise every
  player is called by their number, and the public part is the same text in every
  player's view;
- ``names``: the players' names, one per player, to call the others by rather than
  their number.

The command line's ``play`` shows :func:`view_lines` as the position, PettingZoo's
``render`` shows it to the agent to act, and OpenSpiel's information states and
observations are :func:`view_text` with ``details``. The parts are also given on their
own (:func:`hand_lines`, :func:`table_lines`, :func:`pile_line`), as are the texts of
cards and melds (:func:`cards_text`, :func:`meld_text`). The text is plain: a terminal
may colour it, this module never does.

>>> import contract_rummy as cr
>>> from contract_rummy import render
>>> seen = cr.view(cr.new_game(seed=10), 0)
>>> print(render.view_text(seen))
--- Round 1 of 7 (pagat): two groups of 3 --------------------------------------
Turn: player 2.  Dealer: player 1.  Scores: you 0, player 1 0, player 2 0, player 3 0
Table: no melds yet
Discard pile: 8D on top (1 card).  Stock: 66 cards.
Others: player 1: 10 cards; player 2: 10 cards; player 3: 10 cards
Your hand (10 cards):
  clubs     AC AC 6C 10C
  diamonds  [4D 5D 6D] 10D
  hearts    2H
  spades    7S
  same rank A x2, 6 x2, 10 x2
>>> print(render.view_text(seen, private=False, details=True, moves=True, you=False))
--- Round 1 of 7 (pagat): two groups of 3 --------------------------------------
Move 0.
Turn: player 2.  Dealer: player 1.  Scores: player 0 0, player 1 0, player 2 0, player 3 0
Phase: draw.  To choose: player 2.  Turns begun: 1.  Reshuffles: 0.
Table: no melds yet
Discard pile: 8D on top (1 card).  Stock: 66 cards.
Discards, bottom first: 8D turned up.
Hands: player 0: 10 cards; player 1: 10 cards; player 2: 10 cards; player 3: 10 cards
Buys this round: player 0 0, player 1 0, player 2 0, player 3 0
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from contract_rummy._checks import check_names
from contract_rummy.cards import JOKER, NATURALS, Card, Rank, Suit, format_cards
from contract_rummy.melds import Group, Run
from contract_rummy.notation import format_meld
from contract_rummy.variants import Variant
from contract_rummy.views import PlayerView, not_a_view

__all__ = [
    "WIDTH",
    "cards_text",
    "hand_lines",
    "meld_text",
    "pile_line",
    "player_name",
    "table_lines",
    "view_lines",
    "view_text",
]

#: The width the text is laid out for: the round's title is ruled out to it.
WIDTH: Final = 80
#: The shortest stretch of ranks in one suit marked as a possible run.
_STRETCH: Final = 3
#: Each card's notation, written once.
_TEXT: Final = {card: str(card) for card in (*NATURALS, JOKER)}
_SUIT_NAMES: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def player_name(player: int, viewer: int | None, names: Sequence[str] | None = None) -> str:
    """How the text calls ``player``: "you" when they are ``viewer``, else "player 2".

    With ``names`` (one per player), the others are called by their name.

    >>> from contract_rummy.render import player_name
    >>> player_name(2, 0), player_name(0, 0), player_name(0, None)
    ('player 2', 'you', 'player 0')
    >>> player_name(2, 0, ["Ann", "Bo", "Cy", "Di"]), player_name(0, 0, ["Ann", "Bo", "Cy", "Di"])
    ('Cy', 'you')
    """
    if player == viewer:
        return "you"
    return f"player {player}" if names is None else names[player]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces, or "-" for none.

    >>> import contract_rummy as cr
    >>> from contract_rummy.render import cards_text
    >>> cards_text(cr.parse_cards("7C JK")), cards_text([])
    ('7C JK', '-')
    """
    return format_cards(cards) or "-"


def meld_text(meld: Group | Run, variant: Variant) -> str:
    """A meld for people to read: its notation, natural wild cards shown as what they are.

    A wild card of a wild rank (R30) standing for another card is written with what it
    stands for, as ``2S=6C`` in a run or ``2C=4`` in a group; jokers are as in the
    notation (:func:`~contract_rummy.format_meld`), where their place says what they stand
    for.

    >>> import contract_rummy as cr
    >>> from contract_rummy.render import meld_text
    >>> meld_text(cr.meld("2S 7C 8C 9C", variant=cr.DEUCES_WILD), cr.DEUCES_WILD)
    '2S=6C 7C 8C 9C'
    >>> meld_text(cr.Group(cr.Rank.SEVEN, "7S JK JK JK"), cr.PAGAT)
    'group 7: 7S JK JK JK'
    """
    return _meld_text(meld, variant)


@functools.lru_cache(maxsize=4096)
def _meld_text(meld: Group | Run, variant: Variant) -> str:
    """:func:`meld_text`, kept for the melds met last.

    A meld stays on the table from state to state, and writing it reads its notation back
    (:func:`~contract_rummy.format_meld`).
    """
    plain = format_meld(meld, variant)
    wilds = [p for p in meld.wild_positions() if not meld.cards[p].is_joker]
    if not wilds:
        return plain
    cards = [str(card) for card in meld.cards]
    for position in wilds:
        stands = meld.stands_for(position)
        shown = stands if isinstance(stands, Card) else stands.symbol
        cards[position] += f"={shown}"
    # Marked cards say what they stand for: only jokers can leave the reading open.
    explicit = plain != str(meld) and any(card.is_joker for card in meld.cards)
    prefix = plain[: -len(str(meld))] if explicit else ""
    return prefix + " ".join(cards)


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' * (number != 1)}"


def _seat_names(seen: PlayerView, you: bool, names: Sequence[str] | None) -> list[str]:
    """How the text calls each player, by seat (see :func:`player_name`).

    ``names`` must be str, each its own, one per player.
    """
    _check_view(seen)
    players = len(seen.hand_sizes)
    names = check_names(names, players)
    viewer = seen.player if you else None
    return [player_name(player, viewer, names) for player in range(players)]


def _check_view(seen: object) -> None:
    """Refuse what is not a :class:`~contract_rummy.PlayerView`: a whole state, most often."""
    if not isinstance(seen, PlayerView):
        raise TypeError(not_a_view(seen))


def _listed(names: list[str], players: Iterable[int]) -> str:
    return ", ".join([names[player] for player in players])


def _suit_line(cards: list[Card]) -> str:
    """The cards of one suit, in order, with stretches of 3 ranks or more bracketed.

    The cards are in canonical order (a hand's), so one pass finds the stretches.
    """
    parts = []
    stretch: list[str] = []
    ranks = 0
    last = -1
    for card in cards:
        value = card.index % 13  # the rank, ace low, 0-12, within the suit
        if stretch and value > last + 1:
            parts.append(_stretch_text(stretch, ranks))
            stretch, ranks = [], 0
        ranks += value != last
        stretch.append(_TEXT[card])
        last = value
    if stretch:
        parts.append(_stretch_text(stretch, ranks))
    return " ".join(parts)


def _stretch_text(cards: list[str], ranks: int) -> str:
    shown = " ".join(cards)
    return f"[{shown}]" if ranks >= _STRETCH else shown


def hand_lines(
    seen: PlayerView, *, you: bool = True, names: Sequence[str] | None = None
) -> list[str]:
    r"""The player's hand: a line a suit, wild cards apart, ranks held twice or more named.

    Stretches of three ranks or more in a suit are bracketed; the card R17 keeps in the
    hand is named. ``you`` calls the player "you" (see the module); otherwise they are
    called by their name in ``names`` when given, else by their number.

    >>> import contract_rummy as cr
    >>> from contract_rummy.render import hand_lines
    >>> state = cr.apply(cr.new_game(seed=1), cr.TakeDiscard())
    >>> print("\n".join(hand_lines(cr.view(state, 2), you=False)))
    Hand of player 2 (11 cards):
      diamonds  [AD 2D 3D 4D] 7D JD
      hearts    AH 5H
      spades    2S 7S
      wild      JK
      same rank A x2, 2 x2, 7 x2
      (player 2 took 4D: it may not be discarded this turn, R17)
    """
    return _hand_lines(seen, you, _seat_names(seen, you, names)[seen.player])


def _hand_lines(seen: PlayerView, you: bool, name: str) -> list[str]:
    """:func:`hand_lines` of the player the text calls ``name``."""
    size = _count(len(seen.hand), "card")
    if you:
        down = ", you are down" if seen.down[seen.player] else ""
        lines = [f"Your hand ({size}{down}):"]
    else:
        down = ", down" if seen.down[seen.player] else ""
        lines = [f"Hand of {name} ({size}{down}):"]
    lines += _hand_cards(seen.hand, seen.variant)
    kept = seen.turn.kept_card
    if kept is not None and seen.active == seen.player:
        lines.append(f"  ({name} took {kept}: it may not be discarded this turn, R17)")
    return lines


@functools.lru_cache(maxsize=1024)
def _hand_cards(hand: tuple[Card, ...], variant: Variant) -> tuple[str, ...]:
    """The lines of a hand's cards, kept for the hands met last.

    A hand changes less often than the rest of a view.
    """
    is_wild = variant.is_wild
    wild: list[Card] = []
    suits: dict[Suit, list[Card]] = {}
    held: Counter[Rank] = Counter()
    for card in hand:
        if is_wild(card) or card.suit is None or card.rank is None:
            wild.append(card)
        else:
            suits.setdefault(card.suit, []).append(card)
            held[card.rank] += 1
    lines = [f"  {_SUIT_NAMES[suit]:9} {_suit_line(cards)}" for suit, cards in suits.items()]
    if wild:
        lines.append(f"  {'wild':9} {format_cards(wild)}")
    pairs = [f"{rank.symbol} x{count}" for rank, count in sorted(held.items()) if count > 1]
    if pairs:
        lines.append(f"  {'same rank':9} {', '.join(pairs)}")
    return tuple(lines)


def table_lines(
    seen: PlayerView, *, you: bool = True, names: Sequence[str] | None = None
) -> list[str]:
    """The melds on the table, with their indexes (for lay-offs and swaps) and owners.

    The owners are called as :func:`player_name` calls them, by ``names`` when given.

    >>> import contract_rummy as cr
    >>> from contract_rummy.render import table_lines
    >>> table_lines(cr.view(cr.new_game(seed=3), 0))
    ['Table: no melds yet']
    """
    return _table_lines(seen, _seat_names(seen, you, names))


def _table_lines(seen: PlayerView, names: list[str]) -> list[str]:
    if not seen.table:
        return ["Table: no melds yet"]
    lines = ["Table:"]
    for index, laid in enumerate(seen.table):
        owner = names[laid.owner]
        lines.append(f"  [{index}] {owner:9} {meld_text(laid.meld, seen.variant)}")
    return lines


def pile_line(seen: PlayerView) -> str:
    """The top of the discard pile and its size, and the size of the stock.

    >>> import contract_rummy as cr
    >>> from contract_rummy.render import pile_line
    >>> pile_line(cr.view(cr.new_game(seed=3), 0))
    'Discard pile: 8H on top (1 card).  Stock: 66 cards.'
    """
    _check_view(seen)
    top = seen.top_discard
    size = len(seen.discard)
    pile = f"{top} on top ({_count(size, 'card')})" if top is not None else "empty"
    return f"Discard pile: {pile}.  Stock: {_count(seen.stock_size, 'card')}."


@functools.lru_cache(maxsize=256)
def _title(variant: Variant, number: int) -> str:
    """The title of round ``number``, ruled out to :data:`WIDTH`: made once a round."""
    title = f"--- Round {number} of {variant.rounds} ({variant.name}): {variant.contract(number)}"
    if variant.at_once(number):
        title += ", all at once (R24)"
    return f"{title} ".ljust(WIDTH, "-")


def _turn_line(seen: PlayerView, names: list[str]) -> str:
    scores = ", ".join([f"{names[player]} {score}" for player, score in enumerate(seen.scores)])
    return f"Turn: {names[seen.active]}.  Dealer: {names[seen.dealer]}.  Scores: {scores}"


def _hands_line(seen: PlayerView, names: list[str], *, others: bool) -> str:
    parts = []
    for player, size in enumerate(seen.hand_sizes):
        if not (others and player == seen.player):
            down = ", down" if seen.down[player] else ""
            parts.append(f"{names[player]}: {_count(size, 'card')}{down}")
    return f"{'Others' if others else 'Hands'}: {'; '.join(parts)}"


def _play_lines(seen: PlayerView, names: list[str]) -> list[str]:
    """The details of the play: the phase, who chooses, the turn, the buy window."""
    chooser = "nobody" if seen.to_act is None else names[seen.to_act]
    cut = "" if seen.cut is None else f"  Cut: {_count(seen.cut, 'card')} lifted (R32)."
    phase = f"Phase: {seen.phase.value}.  To choose: {chooser}."
    lines = [f"{phase}  Turns begun: {seen.turns}.  Reshuffles: {seen.reshuffles}.{cut}"]
    if seen.turn.went_down:
        active = names[seen.active]
        lines.append(f"{active[:1].upper()}{active[1:]} went down this turn (R15).")
    window = seen.window
    if window.queue or window.last_buyer is not None or window.requester is not None:
        last = "nobody" if window.last_buyer is None else names[window.last_buyer]
        asker = "nobody" if window.requester is None else names[window.requester]
        lines.append(
            f"Buy window: still to be asked: {_listed(names, window.queue) or 'nobody'}; "
            f"last buyer: {last}; asked for the top discard: {asker}."
        )
    return lines


def _pile_details(seen: PlayerView, names: list[str]) -> str:
    cards = [
        f"{_TEXT[card]} turned up" if by is None else f"{_TEXT[card]} from {names[by]}"
        for card, by in zip(seen.discard, seen.discarded_by, strict=True)
    ]
    return f"Discards, bottom first: {', '.join(cards) or 'none'}."


def _score_lines(seen: PlayerView, names: list[str]) -> list[str]:
    """The details of the scores: the buys, and the penalties and winners once known."""
    buys = ", ".join([f"{names[player]} {count}" for player, count in enumerate(seen.buys)])
    lines = [f"Buys this round: {buys}"]
    if seen.penalties is not None:
        penalties = ", ".join(
            [f"{names[player]} {points}" for player, points in enumerate(seen.penalties)]
        )
        lines.append(f"Penalties of round {seen.round_number}: {penalties}")
    if seen.winners is not None:
        lines.append(f"Winners: {_listed(names, seen.winners)}")
    return lines


def view_lines(
    seen: PlayerView,
    *,
    public: bool = True,
    private: bool = True,
    details: bool = False,
    moves: bool = False,
    you: bool = True,
    names: Sequence[str] | None = None,
) -> list[str]:
    """What ``seen``'s player sees, a line a part: :func:`view_text`'s lines.

    >>> import contract_rummy as cr
    >>> from contract_rummy.render import view_lines
    >>> view_lines(cr.view(cr.new_game(seed=3), 0), public=False)[0]
    'Your hand (10 cards):'
    """
    called = _seat_names(seen, you, names)
    lines: list[str] = []
    if public:
        lines.append(_title(seen.variant, seen.round_number))
        if moves:
            lines.append(f"Move {seen.moves}.")
        lines.append(_turn_line(seen, called))
        if details:
            lines += _play_lines(seen, called)
        lines += _table_lines(seen, called)
        lines.append(pile_line(seen))
        if details:
            lines.append(_pile_details(seen, called))
        lines.append(_hands_line(seen, called, others=you and private))
        if details:
            lines += _score_lines(seen, called)
    if private:
        lines += _hand_lines(seen, you, called[seen.player])
    return lines


def view_text(
    seen: PlayerView,
    *,
    public: bool = True,
    private: bool = True,
    details: bool = False,
    moves: bool = False,
    you: bool = True,
    names: Sequence[str] | None = None,
) -> str:
    """What ``seen``'s player sees, as text: see the module for what each option shows.

    Args:
        seen: The view, from :func:`~contract_rummy.view`.
        public: Show the part every player sees alike.
        private: Show the player's own part: their hand, and the card R17 keeps in it.
        details: Write out every field of the view, not only what a person looks at.
        moves: Show the number of actions played since the game began.
        you: Call the viewer "you"; otherwise every player by their number.
        names: The players' names, one per player: the others are called by them.
    """
    return "\n".join(
        view_lines(
            seen,
            public=public,
            private=private,
            details=details,
            moves=moves,
            you=you,
            names=names,
        )
    )
