"""contract_rummy: the reference rules engine for Contract Rummy.

Contract Rummy is also played as Liverpool, Progressive, Shanghai and May I?. This package
holds its cards, melds, contracts and rule sets as immutable typed values, with every rule
of ``RULES.md`` (R1-R28) numbered and every open rule a :class:`Variant` setting.

>>> import contract_rummy as cr
>>> cr.parse_cards("7C 10H JK")
(Card.parse('7C'), Card.parse('10H'), JOKER)
>>> cr.meld("7C 7D JK")
Group(Rank.SEVEN, '7C 7D JK')
>>> str(cr.PAGAT.contract(6))
'a group of 3 and two runs of 4'
"""

from contract_rummy.cards import (
    JOKER,
    NATURALS,
    Card,
    Rank,
    Suit,
    build_deck,
    format_cards,
    parse_cards,
)
from contract_rummy.contracts import SHANGHAI_EIGHTH, STANDARD_CONTRACTS, Contract
from contract_rummy.errors import IllegalActionError, InvalidMeldError, NotationError
from contract_rummy.melds import End, Group, Meld, Run, meld
from contract_rummy.shuffler import (
    SEEDED,
    SYSTEM,
    SeededShuffler,
    Shuffler,
    SystemShuffler,
    seed_state,
)
from contract_rummy.variants import (
    PAGAT,
    PAGAT_PENALTIES,
    PROGRESSIVE_PENALTIES,
    VARIANTS,
    AceRule,
    JokerRule,
    JokerSwap,
    Penalties,
    TieBreak,
    Variant,
)

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "NATURALS",
    "PAGAT",
    "PAGAT_PENALTIES",
    "PROGRESSIVE_PENALTIES",
    "SEEDED",
    "SHANGHAI_EIGHTH",
    "STANDARD_CONTRACTS",
    "SYSTEM",
    "VARIANTS",
    "AceRule",
    "Card",
    "Contract",
    "End",
    "Group",
    "IllegalActionError",
    "InvalidMeldError",
    "JokerRule",
    "JokerSwap",
    "Meld",
    "NotationError",
    "Penalties",
    "Rank",
    "Run",
    "SeededShuffler",
    "Shuffler",
    "Suit",
    "SystemShuffler",
    "TieBreak",
    "Variant",
    "build_deck",
    "format_cards",
    "meld",
    "parse_cards",
    "seed_state",
]
