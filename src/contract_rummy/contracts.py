"""Contracts: what a player must lay down to go down (R11, R14).

A contract is a list of groups and runs, each with its minimum length. The seven standard
contracts are :data:`STANDARD_CONTRACTS`; any other ("a run of 7") is one constructor away.

>>> str(Contract(groups=(3,), runs=(4, 4)))
'a group of 3 and two runs of 4'
>>> str(Contract(runs=(7,)))
'a run of 7'
"""

from __future__ import annotations

from typing import Final

import attrs

from contract_rummy._checks import check_int, integer, joined

__all__ = ["SHANGHAI_EIGHTH", "STANDARD_CONTRACTS", "Contract"]

_WORDS: Final = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _lengths(value: object) -> tuple[int, ...]:
    if isinstance(value, (int, str)) or not hasattr(value, "__iter__"):
        raise TypeError(f"meld lengths must be a sequence of ints, got {value!r}")
    lengths = []
    for length in value:
        found = integer(length)
        if found is None:
            raise TypeError(f"meld lengths must be ints, got {length!r}")
        lengths.append(found)
    return tuple(sorted(lengths, reverse=True))


@attrs.frozen
class Contract:
    """The melds a player must lay down to go down in a round.

    Args:
        groups: The minimum length of each group, one entry per group (R7: at least 3).
        runs: The minimum length of each run, one entry per run (R8: at least 4).

    Lengths are kept longest first, so equal contracts compare equal whatever order their
    lengths were given in.

    >>> Contract(groups=(3, 3), runs=(4,))
    Contract(groups=(3, 3), runs=(4,))
    >>> Contract.standard(groups=1, runs=2) == Contract(groups=(3,), runs=(4, 4))
    True
    >>> Contract(groups=(3,), runs=(4, 4)).min_cards
    11
    """

    groups: tuple[int, ...] = attrs.field(default=(), converter=_lengths)
    runs: tuple[int, ...] = attrs.field(default=(), converter=_lengths)

    def __attrs_post_init__(self) -> None:
        if not self.groups and not self.runs:
            raise ValueError("a contract needs at least one group or run")
        for length in self.groups + self.runs:
            if length < 1:
                raise ValueError(f"meld lengths must be at least 1, got {length}")

    @classmethod
    def standard(cls, *, groups: int = 0, runs: int = 0) -> Contract:
        """A contract of ``groups`` groups of 3 and ``runs`` runs of 4 (R11)."""
        check_int("groups", groups, minimum=0)
        check_int("runs", runs, minimum=0)
        return cls(groups=(3,) * groups, runs=(4,) * runs)

    @property
    def min_cards(self) -> int:
        """How many cards the contract takes at its minimum lengths."""
        return sum(self.groups) + sum(self.runs)

    @property
    def melds(self) -> int:
        """How many melds the contract asks for."""
        return len(self.groups) + len(self.runs)

    def __str__(self) -> str:
        return joined(_describe("group", self.groups) + _describe("run", self.runs))


def _describe(kind: str, lengths: tuple[int, ...]) -> list[str]:
    parts = []
    for length in sorted(set(lengths), reverse=True):
        count = lengths.count(length)
        word = _WORDS[count] if count < len(_WORDS) else str(count)
        plural = "s" if count > 1 else ""
        parts.append(f"{word} {kind}{plural} of {length}")
    return parts


#: The seven contracts of R11, round 1 first.
STANDARD_CONTRACTS: Final[tuple[Contract, ...]] = (
    Contract.standard(groups=2),
    Contract.standard(groups=1, runs=1),
    Contract.standard(runs=2),
    Contract.standard(groups=3),
    Contract.standard(groups=2, runs=1),
    Contract.standard(groups=1, runs=2),
    Contract.standard(runs=3),
)

#: Shanghai's eighth contract: three groups of 3 and a run of 4.
SHANGHAI_EIGHTH: Final[Contract] = Contract.standard(groups=3, runs=1)
