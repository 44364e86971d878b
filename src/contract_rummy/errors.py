"""The library's exceptions: every one is a :class:`ValueError` that says what was wrong.

Five kinds, one for each way input can be refused:

- :class:`NotationError`: text that is not card notation.
- :class:`InvalidMeldError`: cards that do not form the meld they claim to (R7-R10).
- :class:`IllegalActionError`: a well-formed action that the rules refuse in this state;
  its message starts with the number of the rule that refused it, as in ``"R16: ..."``.
- :class:`InvalidStateError`: a game state, built by hand, whose fields contradict each
  other or the rules.
- :class:`RecordError`: serialized data (a dict, JSON, a game record) that is not a valid
  value or game, loaded from outside.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidStateError",
    "NotationError",
    "RecordError",
]


class NotationError(ValueError):
    """Text that is not card notation; the message names the bad token.

    Attributes:
        token: The offending piece of text, when there is one.
    """

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class InvalidMeldError(ValueError):
    """Cards that break the meld rules (R7-R10); the message says which rule and why."""


class IllegalActionError(ValueError):
    """An action the rules refuse in the current state.

    The message starts with the rule that refused it, e.g. ``"R17: ..."``.

    Attributes:
        rule: The number of the rule, such as ``"R17"``, when one is known.
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class InvalidStateError(ValueError):
    """A :class:`~contract_rummy.RoundState` whose fields contradict each other or the rules.

    Raised when a state is built by hand (or with :func:`attrs.evolve`) and, say, a card is
    missing from the deck, a meld on the table breaks R7-R10, or the phase disagrees with who
    is to act; the message says what is wrong.
    """


class RecordError(ValueError):
    """Serialized input that is not a valid value or game: the message says where and what.

    Raised by :func:`~contract_rummy.from_dict` and the record loaders for anything wrong
    with their input: bad JSON, a missing or unknown field, a bad card, a meld that breaks
    R7-R10, a state that contradicts itself, an action the rules refuse, a stated result
    that the replay does not reach. The path in the message, such as
    ``table[2].meld.cards[1]`` or ``actions[41]``, says where.
    """
