"""How long a game can be: the bounds OpenSpiel asks of a game (see the package)."""

from __future__ import annotations

from contract_rummy.variants import Variant


def max_game_length(variant: Variant, players: int, rounds: int | None = None) -> int:
    """The most decisions a game of ``rounds`` rounds can take (see the module).

    ``rounds`` is the number of rounds played, every round of the variant by default.

    Raises:
        ValueError: if the variant has no cap on turns (``max_turns`` is ``None``, R29):
            its games may never end.

    >>> import contract_rummy as cr
    >>> from contract_rummy.openspiel import max_game_length
    >>> max_game_length(cr.PAGAT, 4, 1), max_game_length(cr.VARIANTS["liverpool"], 4, 1)
    (5045, 1040)
    """
    turns = _turn_cap(variant)
    total = 0
    count = variant.rounds if rounds is None else rounds
    for number in range(1, count + 1):
        buys = turns + 1 if variant.buying else 0
        if variant.max_buys is not None:
            buys = min(buys, players * variant.max_buys)
        if not variant.buying:
            asked = 0
        elif variant.shanghai_call:
            asked = (players - 1) * turns
        else:
            asked = (players - 1) * (turns + buys)
        plays = players * variant.cards_dealt(number) + turns + buys * (1 + variant.buy_penalty)
        total += turns + asked + plays
    return total + count - 1


def max_chance_nodes(variant: Variant, players: int, rounds: int | None = None) -> int:
    """The most chance nodes in a game of ``rounds`` rounds dealt by chance (see the module).

    Raises:
        ValueError: if the variant has no cap on turns (``max_turns`` is ``None``, R29).

    >>> import contract_rummy as cr
    >>> from contract_rummy.openspiel import max_chance_nodes
    >>> max_chance_nodes(cr.PAGAT, 4, 1)
    426
    """
    turns = _turn_cap(variant)
    deck = len(variant.deck(players))
    # Each reshuffle needs a card discarded since the last one: at most one a turn.
    reshuffles = turns + 1 if variant.max_reshuffles is None else variant.max_reshuffles
    per_round = deck + (1 if variant.cut_bonus else 0) + reshuffles * (deck - 1)
    return 1 + (variant.rounds if rounds is None else rounds) * per_round


def _turn_cap(variant: Variant) -> int:
    if variant.max_turns is None:
        raise ValueError(
            f"R29: {variant.name} has no cap on turns (max_turns is None), so its games may "
            "never end; OpenSpiel needs a finite game"
        )
    return variant.max_turns
