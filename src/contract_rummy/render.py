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
  player's view.

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

from collections.abc import Iterable
from itertools import groupby
from typing import Final

from contract_rummy.cards import Card, Suit
from contract_rummy.melds import Group, Run
from contract_rummy.notation import format_meld
from contract_rummy.variants import Variant
from contract_rummy.views import PlayerView

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
_SUIT_NAMES: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def player_name(player: int, viewer: int | None) -> str:
    """How the text calls ``player``: "you" when they are ``viewer``, else "player 2".

    >>> player_name(2, 0), player_name(0, 0), player_name(0, None)
    ('player 2', 'you', 'player 0')
    """
    return "you" if player == viewer else f"player {player}"


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces, or "-" for none.

    >>> import contract_rummy as cr
    >>> cards_text(cr.parse_cards("7C JK")), cards_text([])
    ('7C JK', '-')
    """
    return " ".join(map(str, cards)) or "-"


def meld_text(meld: Group | Run, variant: Variant) -> str:
    """A meld for people to read: its notation, natural wild cards shown as what they are.

    A wild card of a wild rank (R30) standing for another card is written with what it
    stands for, as ``2S=6C`` in a run or ``2C=4`` in a group; jokers are as in the
    notation (:func:`~contract_rummy.format_meld`), where their place says what they stand
    for.

    >>> import contract_rummy as cr
    >>> meld_text(cr.meld("2S 7C 8C 9C", variant=cr.DEUCES_WILD), cr.DEUCES_WILD)
    '2S=6C 7C 8C 9C'
    >>> meld_text(cr.Group(cr.Rank.SEVEN, "7S JK JK JK"), cr.PAGAT)
    'group 7: 7S JK JK JK'
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


def _names(players: Iterable[int], viewer: int | None) -> str:
    return ", ".join(player_name(player, viewer) for player in players)


def _viewer(seen: PlayerView, you: bool) -> int | None:
    return seen.player if you else None


def _suit_line(cards: list[Card]) -> str:
    """The cards of one suit, low to high, with stretches of 3 ranks or more bracketed."""
    ranks = sorted({card.rank for card in cards if card.rank is not None})
    parts = []
    for _, run in groupby(enumerate(ranks), lambda item: item[1] - item[0]):
        stretch = {rank for _, rank in run}
        shown = " ".join(str(card) for card in cards if card.rank in stretch)
        parts.append(f"[{shown}]" if len(stretch) >= _STRETCH else shown)
    return " ".join(parts)


def hand_lines(seen: PlayerView, *, you: bool = True) -> list[str]:
    r"""The player's hand: a line a suit, wild cards apart, ranks held twice or more named.

    Stretches of three ranks or more in a suit are bracketed; the card R17 keeps in the
    hand is named. ``you`` calls the player "you" (see the module).

    >>> import contract_rummy as cr
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
    viewer = _viewer(seen, you)
    wild = [card for card in seen.hand if seen.variant.is_wild(card)]
    natural = [card for card in seen.hand if not seen.variant.is_wild(card)]
    size = _count(len(seen.hand), "card")
    if you:
        down = ", you are down" if seen.down[seen.player] else ""
        lines = [f"Your hand ({size}{down}):"]
    else:
        down = ", down" if seen.down[seen.player] else ""
        lines = [f"Hand of player {seen.player} ({size}{down}):"]
    for suit, cards in groupby(natural, lambda card: card.suit):
        lines.append(f"  {_SUIT_NAMES[suit]:9} {_suit_line(list(cards))}")
    if wild:
        lines.append(f"  {'wild':9} {' '.join(map(str, wild))}")
    counted = sorted(
        (card.rank for card in natural if card.rank is not None), key=lambda rank: rank.value
    )
    sets = [(rank, len(list(same))) for rank, same in groupby(counted)]
    pairs = [f"{rank.symbol} x{count}" for rank, count in sets if count > 1]
    if pairs:
        lines.append(f"  {'same rank':9} {', '.join(pairs)}")
    if seen.turn.kept_card is not None and seen.active == seen.player:
        kept = seen.turn.kept_card
        taker = player_name(seen.player, viewer)
        lines.append(f"  ({taker} took {kept}: it may not be discarded this turn, R17)")
    return lines


def table_lines(seen: PlayerView, *, you: bool = True) -> list[str]:
    """The melds on the table, with their indexes (for lay-offs and swaps) and owners.

    >>> import contract_rummy as cr
    >>> table_lines(cr.view(cr.new_game(seed=3), 0))
    ['Table: no melds yet']
    """
    if not seen.table:
        return ["Table: no melds yet"]
    viewer = _viewer(seen, you)
    lines = ["Table:"]
    for index, laid in enumerate(seen.table):
        owner = player_name(laid.owner, viewer)
        lines.append(f"  [{index}] {owner:9} {meld_text(laid.meld, seen.variant)}")
    return lines


def pile_line(seen: PlayerView) -> str:
    """The top of the discard pile and its size, and the size of the stock.

    >>> import contract_rummy as cr
    >>> pile_line(cr.view(cr.new_game(seed=3), 0))
    'Discard pile: 8H on top (1 card).  Stock: 66 cards.'
    """
    top = seen.top_discard
    size = len(seen.discard)
    pile = f"{top} on top ({_count(size, 'card')})" if top is not None else "empty"
    return f"Discard pile: {pile}.  Stock: {_count(seen.stock_size, 'card')}."


def _title(seen: PlayerView) -> str:
    variant = seen.variant
    title = f"--- Round {seen.round_number} of {variant.rounds} ({variant.name}): {seen.contract}"
    if variant.at_once(seen.round_number):
        title += ", all at once (R24)"
    return f"{title} ".ljust(WIDTH, "-")


def _turn_line(seen: PlayerView, viewer: int | None) -> str:
    scores = ", ".join(
        f"{player_name(player, viewer)} {score}" for player, score in enumerate(seen.scores)
    )
    return (
        f"Turn: {player_name(seen.active, viewer)}.  "
        f"Dealer: {player_name(seen.dealer, viewer)}.  Scores: {scores}"
    )


def _hands_line(seen: PlayerView, viewer: int | None, *, others: bool) -> str:
    parts = []
    for player, size in enumerate(seen.hand_sizes):
        if not (others and player == seen.player):
            down = ", down" if seen.down[player] else ""
            parts.append(f"{player_name(player, viewer)}: {_count(size, 'card')}{down}")
    return f"{'Others' if others else 'Hands'}: {'; '.join(parts)}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _play_lines(seen: PlayerView, viewer: int | None) -> list[str]:
    """The details of the play: the phase, who chooses, the turn, the buy window."""
    chooser = "nobody" if seen.to_act is None else player_name(seen.to_act, viewer)
    cut = "" if seen.cut is None else f"  Cut: {_count(seen.cut, 'card')} lifted (R32)."
    phase = f"Phase: {seen.phase.value}.  To choose: {chooser}."
    lines = [f"{phase}  Turns begun: {seen.turns}.  Reshuffles: {seen.reshuffles}.{cut}"]
    if seen.turn.went_down:
        lines.append(f"{_sentence(player_name(seen.active, viewer))} went down this turn (R15).")
    window = seen.window
    if window.queue or window.last_buyer is not None or window.requester is not None:
        last = "nobody" if window.last_buyer is None else player_name(window.last_buyer, viewer)
        asker = "nobody" if window.requester is None else player_name(window.requester, viewer)
        lines.append(
            f"Buy window: still to be asked: {_names(window.queue, viewer) or 'nobody'}; "
            f"last buyer: {last}; asked for the top discard: {asker}."
        )
    return lines


def _pile_details(seen: PlayerView, viewer: int | None) -> str:
    cards = [
        f"{card} turned up" if by is None else f"{card} from {player_name(by, viewer)}"
        for card, by in zip(seen.discard, seen.discarded_by, strict=True)
    ]
    return f"Discards, bottom first: {', '.join(cards) or 'none'}."


def _score_lines(seen: PlayerView, viewer: int | None) -> list[str]:
    """The details of the scores: the buys, and the penalties and winners once known."""
    buys = ", ".join(
        f"{player_name(player, viewer)} {count}" for player, count in enumerate(seen.buys)
    )
    lines = [f"Buys this round: {buys}"]
    if seen.penalties is not None:
        penalties = ", ".join(
            f"{player_name(player, viewer)} {points}"
            for player, points in enumerate(seen.penalties)
        )
        lines.append(f"Penalties of round {seen.round_number}: {penalties}")
    if seen.winners is not None:
        lines.append(f"Winners: {_names(seen.winners, viewer)}")
    return lines


def view_lines(
    seen: PlayerView,
    *,
    public: bool = True,
    private: bool = True,
    details: bool = False,
    moves: bool = False,
    you: bool = True,
) -> list[str]:
    """What ``seen``'s player sees, a line a part: :func:`view_text`'s lines.

    >>> import contract_rummy as cr
    >>> view_lines(cr.view(cr.new_game(seed=3), 0), public=False)[0]
    'Your hand (10 cards):'
    """
    viewer = _viewer(seen, you)
    lines: list[str] = []
    if public:
        lines.append(_title(seen))
        if moves:
            lines.append(f"Move {seen.moves}.")
        lines.append(_turn_line(seen, viewer))
        if details:
            lines += _play_lines(seen, viewer)
        lines += table_lines(seen, you=you)
        lines.append(pile_line(seen))
        if details:
            lines.append(_pile_details(seen, viewer))
        lines.append(_hands_line(seen, viewer, others=you and private))
        if details:
            lines += _score_lines(seen, viewer)
    if private:
        lines += hand_lines(seen, you=you)
    return lines


def view_text(
    seen: PlayerView,
    *,
    public: bool = True,
    private: bool = True,
    details: bool = False,
    moves: bool = False,
    you: bool = True,
) -> str:
    """What ``seen``'s player sees, as text: see the module for what each option shows.

    Args:
        seen: The view, from :func:`~contract_rummy.view`.
        public: Show the part every player sees alike.
        private: Show the player's own part: their hand, and the card R17 keeps in it.
        details: Write out every field of the view, not only what a person looks at.
        moves: Show the number of actions played since the game began.
        you: Call the viewer "you"; otherwise every player by their number.
    """
    return "\n".join(
        view_lines(seen, public=public, private=private, details=details, moves=moves, you=you)
    )
