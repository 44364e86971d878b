"""``contract-rummy rules --variant NAME``: a rule set, setting by setting, with rule numbers.

Every line is worked out from the :class:`~contract_rummy.Variant`, so a rule set made with
:func:`attrs.evolve` reads as correctly as a named one.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Iterator
from itertools import groupby
from typing import Final

from contract_rummy.cards import JOKER, Card, Rank, Suit
from contract_rummy.cli._common import (
    Commands,
    add_command,
    add_variant_options,
    variant_for,
)
from contract_rummy.variants import AceRule, JokerSwap, TieBreak, Variant

__all__ = ["register", "rules_text"]

_LABEL: Final = 15
_WIDTH: Final = 88
_FACE_NAMES: Final = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
#: The shortest stretch of ranks scoring their face value that the penalties call so.
_FACE_STRETCH: Final = 3
_ACES: Final = {
    AceRule.LOW_OR_HIGH: "aces low or high, never in the middle: K-A-2 is no run",
    AceRule.LOW: "aces low only: A-2-3-4, never Q-K-A",
    AceRule.HIGH: "aces high only: Q-K-A, never A-2-3",
}
_SWAPS: Final = {
    JokerSwap.NEVER: "never: a wild card on the table stays there (R23)",
    JokerSwap.RUNS: "a wild card in a run, ",
    JokerSwap.ANY_MELD: "a wild card in a run or a group, ",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _span(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


def _players(variant: Variant) -> str:
    return f"{_span(sorted({variant.min_players, variant.max_players}))} (R1)"


def _deck(variant: Variant) -> str:
    counts = range(variant.min_players, variant.max_players + 1)
    parts = []
    for (decks, jokers), same in groupby(counts, variant.deck_counts):
        jokers_text = f"{_plural(jokers, 'joker')}" if jokers else "no jokers"
        deck = f"{_plural(decks, 'deck')} and {jokers_text}: {52 * decks + jokers} cards"
        parts.append((list(same), deck))
    if len(parts) == 1:
        return f"{parts[0][1]} (R2)"
    return "; ".join(f"{_span(players)} players, {deck}" for players, deck in parts) + " (R2)"


def _has_jokers(variant: Variant) -> bool:
    players = range(variant.min_players, variant.max_players + 1)
    return any(variant.deck_counts(count).jokers for count in players)


def _rank_name(rank: Rank, *, plural: bool) -> str:
    name = _FACE_NAMES.get(rank, rank.symbol)
    if plural:
        return f"{name}s"
    return f"{'an' if name in {'ace', '8'} else 'a'} {name}"


def _wilds(variant: Variant) -> str:
    ranks = sorted(variant.wild_ranks)
    named = ["the jokers"] if _has_jokers(variant) else []
    named += [f"the {_rank_name(rank, plural=True)}" for rank in ranks]
    if not named:
        return "none (R2)"
    text = " and ".join(named) + " (R2)"
    if ranks:
        each = " or ".join(_rank_name(rank, plural=False) for rank in ranks)
        text += f"; {each} may also be played as itself (R30)"
    return text


def _melds(variant: Variant) -> str:
    return (
        f"groups of {variant.min_group_length} or more cards of one rank (R7); runs of "
        f"{variant.min_run_length} to {variant.longest_run} cards in sequence in one suit, "
        f"{_ACES[variant.aces]} (R8); a wild card stands for the card it replaces (R10)"
    )


def _going_down(variant: Variant) -> str:
    if variant.exact_first_meld:
        text = "the contract exactly, each meld at its minimum length, no more (R14)"
    else:
        text = "the contract's melds and no others, each as long as you like (R14, R33)"
    touch = "may" if variant.runs_may_touch else "may not"
    return f"{text}; two runs of one suit {touch} be contiguous (R12)"


def _laying_off(variant: Variant) -> str:
    when = "the turn" if variant.lay_off_on_going_down_turn else "the turn after"
    return f"from {when} going down, on any meld on the table (R15)"


def _going_out(variant: Variant) -> str:
    out = (
        "by discarding the last card" if variant.final_discard else "as soon as the hand is empty"
    )
    kept = "may" if variant.discard_taken_card else "may not"
    return (
        f"{out} (R16); a card taken from the discard pile {kept} be thrown back on the "
        "same turn (R17)"
    )


def _buying(variant: Variant) -> str:
    if not variant.buying:
        return "no buying (R18)"
    when = (
        "by asking before the active player draws (R31)"
        if variant.shanghai_call
        else "when the active player draws from the stock (R18, R19)"
    )
    cap = (
        "any number of buys a round"
        if variant.max_buys is None
        else f"at most {_plural(variant.max_buys, 'buy')} per player a round"
    )
    cost = (
        f"{_plural(variant.buy_penalty, 'penalty card')} from the stock"
        if variant.buy_penalty
        else "no penalty card"
    )
    down = "may" if variant.down_players_may_buy else "may not"
    back = "may buy it back, last" if variant.discarder_may_buy else "may not buy it back"
    return (
        f"the top discard, out of turn, {when}; {cap} (R21); each buy costs {cost} (R19); "
        f"players who are down {down} buy; the player who discarded the card {back} (R21)"
    )


def _shanghai(variant: Variant) -> str:
    if not variant.shanghai_call:
        return "no (R31)"
    return (
        "yes: the other players ask for the top discard before the active player draws; "
        "the active player may take it themselves, blocking the request, or draw from the "
        "stock and let the first to ask buy it; at most one buy a turn (R31)"
    )


def _swaps(variant: Variant) -> str:
    text = _SWAPS[variant.joker_swap]
    if variant.joker_swap is JokerSwap.NEVER:
        return text
    return (
        f"{text}won back with the natural card it stands for by a player who may lay off, "
        "and laid off at once; never in a round played at once (R23)"
    )


def _face_values(points: dict[Rank, int]) -> set[Rank]:
    """The ranks in a stretch of number cards that score their face value."""
    face = [rank for rank in Rank if points[rank] == rank and Rank.ACE < rank < Rank.JACK]
    found: set[Rank] = set()
    for _, stretch in groupby(enumerate(face), lambda item: item[1] - item[0]):
        ranks = [rank for _, rank in stretch]
        if len(ranks) >= _FACE_STRETCH:
            found.update(ranks)
    return found


def _penalties(variant: Variant) -> str:
    points = {rank: variant.penalty(Card(rank, Suit.SPADES)) for rank in Rank}
    face = _face_values(points)
    parts = []
    for shown, ranks in groupby(Rank, lambda r: "face value" if r in face else str(points[r])):
        names = [rank.symbol for rank in ranks]
        label = names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}"
        parts.append(f"{label}: {shown}")
    if _has_jokers(variant):
        parts.append(f"joker: {variant.penalty(JOKER)}")
    text = ", ".join(parts) + " (R25)"
    if variant.wild_ranks and variant.wilds_score_as_jokers:
        text += "; a wild card of a wild rank scores as a joker (R30)"
    return text


def _stock(variant: Variant) -> str:
    text = "when the stock runs out, the discards under the top card become a new stock"
    if variant.max_reshuffles is None:
        return f"{text}, as often as needed (R27)"
    return (
        f"{text}, at most {_plural(variant.max_reshuffles, 'time')} a round; after that, a "
        "draw from an empty stock ends the round, every hand scored (R27, R29)"
    )


def _turn_limit(variant: Variant) -> str:
    if variant.max_turns is None:
        return "none (R29)"
    return f"a round ends with every hand scored after {variant.max_turns} turns (R29)"


def _cut(variant: Variant) -> str:
    if not variant.cut_bonus:
        return "no (R32)"
    return (
        "before each deal the player on the dealer's right cuts; a cut of exactly the "
        f"cards dealt and the face-up card takes {variant.cut_bonus} points off their "
        "total (R32)"
    )


def _winner(variant: Variant) -> str:
    text = f"the lowest total after round {variant.rounds}"
    if variant.tie_break is TieBreak.LAST_ROUND:
        return (
            f"{text} (R28); a tie goes to the lower score in round {variant.rounds}, "
            "then is shared (R34)"
        )
    return f"{text}; players tied share the win (R28)"


#: The settings after the ladder of contracts, each with its label.
_SETTINGS: Final[tuple[tuple[str, Callable[[Variant], str]], ...]] = (
    ("Going down", _going_down),
    ("Laying off", _laying_off),
    ("Going out", _going_out),
    ("Buying", _buying),
    ("Shanghai call", _shanghai),
    ("Wild swaps", _swaps),
    ("Penalties", _penalties),
    ("Stock", _stock),
    ("Turn limit", _turn_limit),
    ("Liverpool cut", _cut),
    ("Winner", _winner),
)


def _ladder(variant: Variant) -> Iterator[str]:
    numbers = range(1, variant.rounds + 1)
    contracts = [str(variant.contract(number)) for number in numbers]
    width = max(36, *(len(contract) + 2 for contract in contracts))
    yield f"{'':{_LABEL}}round  {'contract':{width}}dealt"
    for number, contract in zip(numbers, contracts, strict=True):
        at_once = "  at once (R24)" if variant.at_once(number) else ""
        yield (
            f"{'':{_LABEL}}{number:>5}  {contract:{width}}"
            f"{variant.cards_dealt(number):>5}{at_once}"
        )
    if any(variant.at_once(number) for number in numbers):
        yield from _setting(
            "",
            "at once: going down takes the whole hand, in exactly the contract's melds, "
            "and ends the round; no lay-offs, no swaps (R24)",
        )


def _setting(label: str, text: str) -> list[str]:
    return textwrap.wrap(
        text,
        _WIDTH,
        initial_indent=f"{label:{_LABEL}}",
        subsequent_indent=" " * _LABEL,
        break_on_hyphens=False,
    )


def rules_text(variant: Variant) -> str:
    """The rules of ``variant``, one setting a line (or a few), citing the rules' numbers.

    >>> from contract_rummy import PAGAT
    >>> print(rules_text(PAGAT))
    The rules of pagat
    Players        4 (R1)
    Deck           2 decks and 3 jokers: 107 cards (R2)
    ...
    Rounds         7 (R3): the contracts (R11) and the cards dealt (R5)
                   round  contract                            dealt
                       1  two groups of 3                        10
    ...
                       7  three runs of 4                        12  at once (R24)
    ...
    """
    lines = [f"The rules of {variant.name}"]
    lines += _setting("Players", _players(variant))
    lines += _setting("Deck", _deck(variant))
    lines += _setting("Wild cards", _wilds(variant))
    lines += _setting("Melds", _melds(variant))
    lines += _setting(
        "Rounds", f"{variant.rounds} (R3): the contracts (R11) and the cards dealt (R5)"
    )
    lines += _ladder(variant)
    for label, describe in _SETTINGS:
        lines += _setting(label, describe(variant))
    return "\n".join(lines)


def register(commands: Commands[argparse.ArgumentParser]) -> None:
    """Add ``rules`` to the program's commands."""
    parser = add_command(commands, "rules", _run, help="print a rule set, setting by setting")
    add_variant_options(parser)


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    print(rules_text(variant_for(parser, args)))
    return 0
