"""The named rule sets: :data:`PAGAT` and its eleven neighbours, and :data:`VARIANTS`.

Two of the neighbours, :data:`LIVERPOOL` and :data:`NO_BUY`, are one rule set under two
names; :data:`LIVERPOOL_CUT` is built on :data:`PAGAT`, not on :data:`LIVERPOOL`.

Each preset is a :class:`~contract_rummy.variants.Variant` made from :data:`PAGAT` (or from
:data:`PROGRESSIVE`) with :func:`attrs.evolve`, changing only what its rules say and keeping
the parent's rule wherever they are silent. The documentation's *Variants* page compares
them setting by setting.

>>> VARIANTS["liverpool"] is LIVERPOOL
True
>>> import attrs
>>> attrs.evolve(NO_BUY, name="liverpool") == LIVERPOOL
True
>>> PROGRESSIVE.deck_counts(6), PROGRESSIVE.deck_counts(7)
(DeckCounts(decks=2, jokers=4), DeckCounts(decks=3, jokers=6))
>>> str(SHANGHAI.contract(8)), SHANGHAI.at_once(7), SHANGHAI.at_once(8)
('three groups of 3 and a run of 4', True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import ClassVar, Final, TypeVar

import attrs

from contract_rummy.cards import Rank
from contract_rummy.contracts import SHANGHAI_EIGHTH, STANDARD_CONTRACTS
from contract_rummy.variants import (
    PAGAT,
    PAGAT_PENALTIES,
    PROGRESSIVE_PENALTIES,
    AceRule,
    JokerRule,
    Penalties,
    TieBreak,
    Variant,
    register_presets,
)

__all__ = [
    "CALIFORNIA",
    "CONTRACT",
    "DEUCES_WILD",
    "DOUBLE_PROGRESSIVE",
    "LIVERPOOL",
    "LIVERPOOL_CUT",
    "MAY_I",
    "NO_BUY",
    "PAGAT",
    "PROGRESSIVE",
    "PROGRESSIVE_LADDER",
    "SHANGHAI",
    "SHANGHAI_11",
    "VARIANTS",
    "Named",
    "Presets",
    "UnknownNameError",
    "UnknownVariantError",
    "as_variant",
]

#: R5, R11 as Progressive Rummy deals them: 10 cards in rounds 1-4, 12 in rounds 5-7.
PROGRESSIVE_LADDER: Final = tuple(
    (contract, 10 if number <= 4 else 12)
    for number, contract in enumerate(STANDARD_CONTRACTS, start=1)
)

#: ``contract``: Pagat's Contract Rummy for 3 to 5 players (R1), with one joker fewer than
#: there are players (R2: 2, 3 or 4 jokers); every other rule as :data:`PAGAT`.
CONTRACT: Final[Variant] = attrs.evolve(
    PAGAT, name="contract", min_players=3, max_players=5, jokers=JokerRule.PLAYERS_MINUS_ONE
)

#: ``progressive``: Progressive Rummy. R1 3 to 8 players; R2 two decks and four jokers (108
#: cards) up to six players, three decks and six jokers for seven or eight; R5 10 cards
#: dealt in rounds 1-4 and 12 in rounds 5-7; R21 at most three buys per player per round;
#: R25 penalties joker 25, ace 15, 10 J Q K 10, any other card 5; R34 a tie for the lowest
#: total goes to the lower score in the last round, then is shared.
PROGRESSIVE: Final[Variant] = attrs.evolve(
    PAGAT,
    name="progressive",
    min_players=3,
    max_players=8,
    jokers=4,
    extra_deck_from=7,
    extra_deck_jokers=2,
    ladder=PROGRESSIVE_LADDER,
    penalties=PROGRESSIVE_PENALTIES,
    max_buys=3,
    tie_break=TieBreak.LAST_ROUND,
)

#: ``liverpool``: :data:`PROGRESSIVE` without buying (R18: no buys at all). The same rules
#: as :data:`NO_BUY`, under another name: the two differ only in their names.
LIVERPOOL: Final[Variant] = attrs.evolve(PROGRESSIVE, name="liverpool", buying=False)

#: ``liverpool-cut``: :data:`PAGAT` with the Liverpool cut (R32): before each deal the
#: player on the dealer's right cuts, and an exact cut takes 50 points off their total.
#: Built on :data:`PAGAT`, not on :data:`LIVERPOOL`: four players, buying without a cap,
#: Pagat's deck, ladder and penalties; only the cut is Liverpool's.
LIVERPOOL_CUT: Final[Variant] = attrs.evolve(PAGAT, name="liverpool-cut", cut_bonus=50)

#: ``shanghai``: :data:`PROGRESSIVE` with an eighth round (R11): three groups of 3 and a run
#: of 4, 12 cards dealt. Rounds 7 and 8 are both played at once (R24), so round 8's contract
#: takes the whole hand of 13 cards after the draw; the tie-break (R34) looks at round 8.
SHANGHAI: Final[Variant] = attrs.evolve(
    PROGRESSIVE,
    name="shanghai",
    ladder=(*PROGRESSIVE_LADDER, (SHANGHAI_EIGHTH, 12)),
    rounds_at_once={7},
)

#: ``shanghai-11``: :data:`PAGAT` with 11 cards dealt in every round (R5), the ace high only
#: (R8: ``J-Q-K-A``, so no run is longer than 13 cards) and the Shanghai call (R31).
SHANGHAI_11: Final[Variant] = attrs.evolve(
    PAGAT,
    name="shanghai-11",
    ladder=tuple((contract, 11) for contract in STANDARD_CONTRACTS),
    aces=AceRule.HIGH,
    max_run_length=13,
    shanghai_call=True,
)

#: ``california``: :data:`PROGRESSIVE` with the queens wild instead of jokers (R2, R30):
#: no joker in the deck, the extra deck's included; a queen left in hand scores as a joker
#: would, 25 (R25).
CALIFORNIA: Final[Variant] = attrs.evolve(
    PROGRESSIVE,
    name="california",
    jokers=0,
    extra_deck_jokers=0,
    wild_ranks={Rank.QUEEN},
    wilds_score_as_jokers=True,
)

#: ``no-buy``: :data:`PROGRESSIVE` without buying (R18): the rules of :data:`LIVERPOOL`
#: under a name of their own, equal to it in every setting but the name.
NO_BUY: Final[Variant] = attrs.evolve(PROGRESSIVE, name="no-buy", buying=False)

#: ``double-progressive``: :data:`PROGRESSIVE` with 7 cards dealt in round 1 (R5).
DOUBLE_PROGRESSIVE: Final[Variant] = attrs.evolve(
    PROGRESSIVE,
    name="double-progressive",
    ladder=((STANDARD_CONTRACTS[0], 7), *PROGRESSIVE_LADDER[1:]),
)

#: ``may-i``: :data:`PAGAT` with longer first melds (R14, R33: still the contract's melds
#: only, each may be longer than its minimum) and jokers scoring 25 (R25).
MAY_I: Final[Variant] = attrs.evolve(
    PAGAT,
    name="may-i",
    exact_first_meld=False,
    penalties=Penalties(joker=25, ranks=PAGAT_PENALTIES.ranks),
)

#: ``deuces-wild``: :data:`PAGAT` with the 2s wild as well as the jokers (R2, R30); a 2 may
#: still be played as a natural 2, and one left in hand scores 2 (R25).
DEUCES_WILD: Final[Variant] = attrs.evolve(PAGAT, name="deuces-wild", wild_ranks={Rank.TWO})


class UnknownNameError(KeyError, ValueError):
    """A name that names nothing a :class:`Named` mapping holds: the message lists them.

    A :class:`KeyError` (as any mapping refuses a missing key) and a :class:`ValueError`
    (as the library refuses any bad input).
    """

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownVariantError(UnknownNameError):
    """A variant's name that names none of :data:`VARIANTS`: the message lists them."""


V = TypeVar("V")


class Named(Mapping[str, V]):
    """A read-only mapping by name; a name it lacks is refused, listing the names it has.

    A subclass says what it names (``noun``) and the :class:`UnknownNameError` it raises
    (``unknown``): :class:`Presets` names the variants, :data:`~contract_rummy.BOTS` the
    bots.

    >>> class Pets(Named[int]):
    ...     noun, unknown = "pet", UnknownNameError
    >>> pets = Pets({"cat": 1, "dog": 2})
    >>> pets["cat"], len(pets), pets
    (1, 2, Pets(cat, dog))
    >>> pets["cow"]
    Traceback (most recent call last):
    ...
    contract_rummy.presets.UnknownNameError: no pet is called 'cow'; the pets are cat, dog
    """

    __slots__ = ("_by_name",)

    noun: ClassVar[str]
    unknown: ClassVar[type[UnknownNameError]]

    def __init__(self, items: Mapping[str, V]) -> None:
        self._by_name = dict(items)

    def __getitem__(self, name: str) -> V:
        try:
            return self._by_name[name]
        except (KeyError, TypeError):  # (TypeError: a name that cannot be hashed)
            known = ", ".join(sorted(self._by_name))
            raise self.unknown(
                f"no {self.noun} is called {name!r}; the {self.noun}s are {known}"
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(self._by_name)})"


class Presets(Named[Variant]):
    """The named variants, read-only; a name that is none of them is refused by name.

    >>> VARIANTS["nope"]
    Traceback (most recent call last):
    ...
    contract_rummy.presets.UnknownVariantError: no variant is called 'nope'; the variants ...
    """

    __slots__ = ()

    noun = "variant"
    unknown = UnknownVariantError


#: Every named rule set, by name: ``pagat`` and the eleven variants of the rules' table,
#: in the table's order. The mapping is read-only; a name that is none of them raises
#: :class:`UnknownVariantError` listing them.
VARIANTS: Final[Mapping[str, Variant]] = Presets(
    {
        variant.name: variant
        for variant in (
            PAGAT,
            CONTRACT,
            PROGRESSIVE,
            LIVERPOOL,
            LIVERPOOL_CUT,
            SHANGHAI,
            SHANGHAI_11,
            CALIFORNIA,
            NO_BUY,
            DOUBLE_PROGRESSIVE,
            MAY_I,
            DEUCES_WILD,
        )
    }
)
register_presets(VARIANTS.values())


def as_variant(value: Variant | str) -> Variant:
    """A variant given as a :class:`~contract_rummy.Variant` or by a preset's name.

    What the entry points take wherever they take rules (``new_game``, ``play_game``,
    ``simulate``), as they take bots by name.

    Raises:
        UnknownVariantError: for a name that is no preset's (a ``KeyError`` and a
            ``ValueError``), listing them.
        TypeError: for anything else.

    >>> as_variant("shanghai") is SHANGHAI, as_variant(PAGAT) is PAGAT
    (True, True)
    >>> as_variant("snap")
    Traceback (most recent call last):
    ...
    contract_rummy.presets.UnknownVariantError: no variant is called 'snap'; the variants ...
    """
    if isinstance(value, str):
        return VARIANTS[value]
    if not isinstance(value, Variant):
        raise TypeError(f"variant must be a Variant or a preset's name, got {value!r}")
    return value
