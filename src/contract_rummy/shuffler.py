"""The seeded shuffler: the same seed deals the same cards everywhere (R4, R5, R27).

The generator is PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output) as published by Melissa
O'Neill, written out here so that no Python release can change the cards a seed deals.
Its whole state is one integer below ``2**64``: a frozen game state carries it as a plain
number, and each draw returns the next state instead of changing anything.

Shuffling is Fisher-Yates, with Lemire's multiply-and-reject method for the unbiased choice
of each index.

>>> state = seed_state(42)
>>> cards, state = SEEDED.shuffle("abcdef", state)
>>> "".join(cards)
'fdabce'

A server that must not be predictable passes :data:`SYSTEM` (or its own :class:`Shuffler`),
which draws from the operating system and ignores the state:

>>> sorted(SYSTEM.shuffle("abc", 0)[0])
['a', 'b', 'c']

A game dealt step by step (``new_game(auto_chance=False)``) keeps :data:`STEPS`, which
draws nothing itself: the engine stops at each draw for the caller to deal (R4, R5, R27,
R32). It is also ``contract_rummy.engine.STEPS``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar, runtime_checkable

import attrs

from contract_rummy._checks import check_int
from contract_rummy.cards import Card
from contract_rummy.errors import InvalidStateError, Refusal

__all__ = [
    "SEEDED",
    "STEPS",
    "SYSTEM",
    "NeedChance",
    "SeededShuffler",
    "Shuffler",
    "StepShuffler",
    "SystemShuffler",
    "below",
    "next_u32",
    "seed_state",
]

T = TypeVar("T")

_MASK64: Final = (1 << 64) - 1
_MASK32: Final = (1 << 32) - 1
_MULTIPLIER: Final = 6364136223846793005
#: A 32-bit value times this is the value written twice, side by side: shifted right by
#: ``r`` and masked to 32 bits, it is the value rotated right by ``r``.
_TWICE: Final = (1 << 32) + 1
#: PCG's default stream (its increment must be odd).
_INCREMENT: Final = 1442695040888963407


def _step(state: int) -> int:
    return (state * _MULTIPLIER + _INCREMENT) & _MASK64


def _output(state: int) -> int:
    xorshifted = (((state >> 18) ^ state) >> 27) & _MASK32
    rotation = state >> 59
    return ((xorshifted >> rotation) | (xorshifted << (-rotation & 31))) & _MASK32


def seed_state(seed: int) -> int:
    """Turn a seed (any int >= 0, of any size) into a shuffler state.

    Seeds below ``2**64`` follow PCG32's reference seeding; larger ones are folded 64 bits
    at a time, so a 128-bit secret keeps all its entropy in play.

    >>> seed_state(0) != seed_state(1)
    True
    """
    check_int("a seed", seed, minimum=0)
    state = 0
    while True:
        state = _step(_step(state) + (seed & _MASK64))
        seed >>= 64
        if not seed:
            return state


def _check_items(items: object) -> None:
    """Refuse ``items`` that are not a sequence to shuffle, naming the argument."""
    if not isinstance(items, Sequence):
        raise TypeError(f"items must be a sequence to shuffle (a list, a tuple), got {items!r}")


def _check_state(state: int) -> int:
    """``state`` itself if it is a shuffler state: an int from 0 to ``2**64 - 1``."""
    check_int("state", state)
    if not 0 <= state <= _MASK64:
        raise ValueError(f"state must be in 0..2**64-1 (seed_state makes one), got {state}")
    return state


def next_u32(state: int) -> tuple[int, int]:
    """The next 32-bit output and the state after it.

    Raises:
        TypeError: if ``state`` is not an int (a bool is not one).
        ValueError: if ``state`` is not a shuffler state, from 0 to ``2**64 - 1``.

    >>> from contract_rummy.shuffler import next_u32, seed_state
    >>> next_u32(seed_state(42))[0]
    3270867926
    """
    _check_state(state)
    return _output(state), _step(state)


def below(bound: int, state: int) -> tuple[int, int]:
    """An unbiased integer in ``range(bound)``, and the next state (Lemire's method).

    Raises:
        TypeError: if ``bound`` or ``state`` is not an int (a bool is not one).
        ValueError: if ``bound`` is not from 1 to ``2**32 - 1``, or ``state`` is not a
            shuffler state, from 0 to ``2**64 - 1``.

    >>> from contract_rummy.shuffler import below, seed_state
    >>> below(52, seed_state(7))[0]
    15
    """
    check_int("bound", bound)
    _check_state(state)
    if not 0 < bound <= _MASK32:
        raise ValueError(f"bound must be in 1..2**32-1, got {bound}")
    threshold = (1 << 32) % bound
    while True:
        product = _output(state) * bound
        state = _step(state)
        if product & _MASK32 >= threshold:
            return product >> 32, state


@runtime_checkable
class Shuffler(Protocol):
    """A source of shuffles: anything with this method can deal a game."""

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """Return ``items`` in random order and the shuffler state to use next."""
        ...  # pragma: no cover

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """Return a random int in ``range(bound)`` and the next state."""
        ...  # pragma: no cover


@attrs.frozen
class SeededShuffler:
    """The default shuffler: PCG32 and Fisher-Yates, reproducible from a seed."""

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """Fisher-Yates over a copy of ``items``; the input is not changed.

        Raises:
            TypeError: if ``items`` is not a sequence, or ``state`` is not an int (a bool
                is not one).
            ValueError: if ``state`` is not a shuffler state, from 0 to ``2**64 - 1``.

        >>> SEEDED.shuffle([1, 2, 3, 4, 5], seed_state(1))[0]
        [4, 3, 1, 5, 2]
        >>> SEEDED.shuffle(None, 0)
        Traceback (most recent call last):
        ...
        TypeError: items must be a sequence to shuffle (a list, a tuple), got None
        """
        _check_items(items)
        _check_state(state)
        result = list(items)
        # below() and PCG32's step, written out: a deal draws a hundred numbers.
        for top in range(len(result) - 1, 0, -1):
            bound = top + 1
            threshold = (1 << 32) % bound
            while True:
                xorshifted = (((state >> 18) ^ state) >> 27) & _MASK32
                # The 32-bit rotation of _output(), in three operations rather than six.
                output = ((xorshifted * _TWICE) >> (state >> 59)) & _MASK32
                product = output * bound
                state = (state * _MULTIPLIER + _INCREMENT) & _MASK64
                if product & _MASK32 >= threshold:
                    break
            pick = product >> 32
            result[top], result[pick] = result[pick], result[top]
        return result, state

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """An unbiased int in ``range(bound)`` and the next state.

        Raises:
            TypeError: if ``bound`` or ``state`` is not an int (a bool is not one).
            ValueError: if ``bound`` is not from 1 to ``2**32 - 1``, or ``state`` is not a
                shuffler state, from 0 to ``2**64 - 1``.
        """
        return below(bound, state)


@attrs.frozen
class SystemShuffler:
    """Shuffles from the operating system's randomness: unpredictable, not reproducible.

    The state passes through unchanged, so games dealt with it are still plain values.
    """

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """Fisher-Yates over a copy of ``items``, with :func:`secrets.randbelow`.

        ``state`` is returned unchanged, but must be a shuffler state all the same, so that
        a game dealt with this shuffler holds the same kind of state as a seeded one.

        Raises:
            TypeError: if ``items`` is not a sequence, or ``state`` is not an int (a bool
                is not one).
            ValueError: if ``state`` is not a shuffler state, from 0 to ``2**64 - 1``.
        """
        _check_items(items)
        _check_state(state)
        result = list(items)
        for top in range(len(result) - 1, 0, -1):
            pick = secrets.randbelow(top + 1)
            result[top], result[pick] = result[pick], result[top]
        return result, state

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """A random int in ``range(bound)`` from :func:`secrets.randbelow`.

        Raises:
            TypeError: if ``bound`` or ``state`` is not an int (a bool is not one).
            ValueError: if ``bound`` is not positive, or ``state`` is not a shuffler state,
                from 0 to ``2**64 - 1``.
        """
        check_int("bound", bound, minimum=1)
        return secrets.randbelow(bound), _check_state(state)


#: The default, reproducible shuffler.
SEEDED: Final = SeededShuffler()
#: The unpredictable shuffler, for servers.
SYSTEM: Final = SystemShuffler()


class NeedChance(Exception):  # noqa: N818 - a signal inside the engine, not an error
    """The engine asks chance for a draw it has not made yet: an order, or a number.

    Raised by :class:`StepShuffler` inside the engine, which turns it into a chance point;
    it never leaves the engine.
    """

    def __init__(self, items: Sequence[Card] | None = None, bound: int = 0) -> None:
        super().__init__(bound if items is None else len(items))
        self.items = items
        self.bound = bound


@attrs.frozen
class StepShuffler:
    """The shuffler of a game whose chance is dealt step by step (``auto_chance=False``).

    It draws nothing itself: it gives the engine what chance drew for the action being
    played (``drawn``, in the order the engine asks), the shuffler state counting the
    draws given; asked for one more, it stops the action. :data:`STEPS`, with nothing
    drawn, is the shuffler such games keep.
    """

    drawn: tuple[tuple[Card, ...] | int, ...] = ()

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """The order chance drew for ``items``, or stop: chance must draw it first."""
        if state < len(self.drawn):
            order = self.drawn[state]
            if not isinstance(order, tuple):
                raise InvalidStateError(
                    Refusal("R5", f"chance drew a number ({order}) where an order is due")
                )
            given: list[T] = list(order)  # type: ignore[arg-type] # the cards of items
            return given, state + 1
        raise NeedChance(items=items)  # type: ignore[arg-type] # the engine shuffles cards

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """The number chance drew below ``bound``, or stop: chance must draw it first."""
        if state < len(self.drawn):
            number = self.drawn[state]
            if not isinstance(number, int):
                raise InvalidStateError(
                    Refusal("R4, R32", "chance drew an order where a number is due")
                )
            return number, state + 1
        raise NeedChance(bound=bound)


#: The shuffler of a game whose chance is dealt step by step: the engine stops at each draw.
STEPS: Final = StepShuffler()
