"""What a player knows of an OpenSpiel state, and the whole state, as text (see the package)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from contract_rummy.cards import Card, Rank, format_cards
from contract_rummy.melds import Group, Run
from contract_rummy.openspiel import _chance as chance
from contract_rummy.openspiel._chance import CARDS, Core
from contract_rummy.views import PlayerView, view


def known(core: Core, player: int, *, public: bool, private: bool, moves: bool) -> str:
    """What ``player`` knows, as text: the public part, their private part, or both.

    ``moves`` adds the number of actions played to the public part.
    """
    engine = core.engine
    if engine is None:
        lines = [f"player {player}"] if private else []
    else:
        seen = view(engine, player)
        lines = _view_lines(seen, public=public, private=private, moves=moves)
    if public and core.left is not None:
        lines.append(f"waiting for chance: {chance.waiting(core)}")
    return "\n".join(lines)


def whole(core: Core) -> str:
    """The whole state, every hidden card included, and what chance is drawing."""
    engine = core.engine
    lines = ["not dealt yet"] if engine is None else [str(engine)]
    if engine is not None:
        lines.append(f"stock: {format_cards(engine.stock)}")
        lines.append(f"discard: {format_cards(engine.discard)}")
    if core.left is not None:
        lines.append(f"chance: {chance.waiting(core)}")
        lines.extend(f"drawn: {drawn}" for drawn in chance.drawn_texts(core))
    return "\n".join(lines)


def _who(player: int | None) -> str:
    return "-" if player is None else str(player)


def _view_lines(seen: PlayerView, *, public: bool, private: bool, moves: bool) -> list[str]:
    """The fields of ``seen`` (but its variant), a line a part: public, private, or both.

    The private part is the player, their hand and the card R17 keeps in it (shown to its
    taker only); the public part, everything else (with
    the number of actions played when ``moves`` is set), is the same in every player's
    view.
    """
    lines = [f"player {seen.player}"] if private else []
    if public:
        if moves:
            lines.append(f"move {seen.moves}")
        cut = "" if seen.cut is None else f"; cut {seen.cut}"
        lines.append(
            f"round {seen.round_number} of {seen.variant.rounds}: {seen.contract}; dealer "
            f"{seen.dealer}; turn {seen.turns}; reshuffles {seen.reshuffles}{cut}"
        )
        lines.append(f"phase {seen.phase.value}; active {seen.active}; to act {_who(seen.to_act)}")
    if private:
        lines.append(f"hand: {_cards_text(seen.hand)}")
        lines.append(f"kept: {seen.turn.kept_card or '-'}")  # R17: shown to the taker only
    if public:
        lines.extend(_public_lines(seen))
    return lines


def _public_lines(seen: PlayerView) -> list[str]:
    """The public fields of ``seen`` but the round and the phase, a line a part."""
    turn, window = seen.turn, seen.window
    pile = " ".join(
        [
            f"{_CARD_TEXT[card.index]}/{_who(by)}"
            for card, by in zip(seen.discard, seen.discarded_by, strict=True)
        ]
    )
    lines = [
        f"went down this turn: {'yes' if turn.went_down else 'no'}",
        (
            f"window: next {' '.join(map(str, window.queue)) or '-'}; last buyer "
            f"{_who(window.last_buyer)}; requester {_who(window.requester)}"
        ),
        f"stock: {seen.stock_size}",
        f"discard: {pile or '-'}",
    ]
    for player, size in enumerate(seen.hand_sizes):
        down = "down" if seen.down[player] else "not down"
        lines.append(
            f"seat {player}: {size} cards; {down}; total {seen.scores[player]}; "
            f"buys {seen.buys[player]}"
        )
    if seen.penalties is not None:
        lines.append(f"penalties: {' '.join(map(str, seen.penalties))}")
    if seen.winners is not None:
        lines.append(f"winners: {' '.join(map(str, seen.winners))}")
    lines.extend(
        f"table[{index}]: {_meld_text(placed.meld)} (player {placed.owner})"
        for index, placed in enumerate(seen.table)
    )
    return lines


#: Each card's notation, by :attr:`Card.index <contract_rummy.Card>`: written once.
_CARD_TEXT: Final = tuple(map(str, CARDS))


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join([_CARD_TEXT[card.index] for card in cards]) or "-"


def _meld_text(meld: Group | Run) -> str:
    """A meld with what its wild cards stand for: its rank, or its suit and first place."""
    if isinstance(meld, Group):
        return f"group {meld.rank.symbol}: {_cards_text(meld.cards)}"
    return f"run {meld.suit.letter} from {_LOW[meld.low]}: {_cards_text(meld.cards)}"


#: A run's first place as its rank reads (1 is the low ace).
_LOW: Final = {rank.value: rank.symbol for rank in Rank}
