"""The library's exceptions, and :class:`Refusal`, the value behind each of them.

Every exception is a :class:`ValueError` that says what was wrong, and carries the same as
a small frozen value, its :attr:`~ContractRummyError.refusal`: the number of the rule that
refused the input (``"R17"``), or ``None`` when no rule of the game is at stake, and the
message. A server sends ``error.refusal.to_dict()`` to its client as it is, without
reading the text:

>>> import contract_rummy as cr
>>> try:
...     cr.apply(cr.new_game(seed=3), cr.Pass())
... except cr.IllegalActionError as error:
...     error.refusal.to_dict()["rule"], error.rule
('R13', 'R13')

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

from typing import Final

import attrs

__all__ = [
    "MAX_QUOTED",
    "ContractRummyError",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidStateError",
    "NotationError",
    "RecordError",
    "Refusal",
    "quoted",
]

#: The most characters of a caller's text that a message quotes: longer text is cut short
#: and its length given, so that a message stays short whatever it was given.
MAX_QUOTED: Final = 60


def quoted(text: str) -> str:
    """``text`` quoted for a message (as ``repr`` quotes it), cut short past :data:`MAX_QUOTED`.

    >>> from contract_rummy.errors import quoted
    >>> quoted("7X")
    "'7X'"
    >>> quoted("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (1,000 characters)"
    """
    if len(text) <= MAX_QUOTED:
        return repr(text)
    return f"{text[:MAX_QUOTED]!r}"[:-1] + f"...' ({len(text):,} characters)"


@attrs.frozen
class Refusal:
    """Why the library refused something: the rule that refused it, and what is wrong.

    Attributes:
        rule: The number of the rule (``"R17"``; ``"R7, R8"`` when rules refuse together),
            or ``None`` when no rule of the game is at stake (bad notation, a wrong
            argument, a record that is not valid JSON).
        message: What is wrong, without the rule's number.

    >>> refusal = Refusal("R17", "7H was taken from the discard pile this turn")
    >>> str(refusal)
    'R17: 7H was taken from the discard pile this turn'
    >>> refusal.to_dict()
    {'rule': 'R17', 'message': '7H was taken from the discard pile this turn'}
    >>> str(Refusal(None, "'7X' is not a card"))
    "'7X' is not a card"
    """

    rule: str | None
    message: str

    def __str__(self) -> str:
        return self.message if self.rule is None else f"{self.rule}: {self.message}"

    def to_dict(self) -> dict[str, str | None]:
        """The refusal as a JSON-safe dict: ``{"rule": ..., "message": ...}``."""
        return {"rule": self.rule, "message": self.message}


class ContractRummyError(ValueError):
    """An input the library refuses: the base of its five exceptions.

    Made from a :class:`Refusal`, or from a message and the rule that refused it (the
    message may then start with the rule's number, which is not repeated). ``str(error)``
    is ``str(error.refusal)``.

    Attributes:
        refusal: The rule and the message, as a value.

    >>> error = ContractRummyError("R16: no card left to discard", rule="R16")
    >>> error.refusal
    Refusal(rule='R16', message='no card left to discard')
    >>> str(error), error.rule, error.message
    ('R16: no card left to discard', 'R16', 'no card left to discard')
    """

    def __init__(self, reason: Refusal | str, *, rule: str | None = None) -> None:
        if not isinstance(reason, Refusal):
            text = str(reason)
            if rule is not None:
                text = text.removeprefix(f"{rule}: ")
            reason = Refusal(rule, text)
        super().__init__(str(reason))
        self.refusal = reason

    @property
    def rule(self) -> str | None:
        """The number of the rule that refused the input (``"R17"``), or ``None``."""
        return self.refusal.rule

    @property
    def message(self) -> str:
        """What is wrong, without the rule's number."""
        return self.refusal.message


class NotationError(ContractRummyError):
    """Text that is not card notation; the message names the bad token.

    Attributes:
        token: The offending piece of text, when there is one.
    """

    def __init__(self, message: Refusal | str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class InvalidMeldError(ContractRummyError):
    """Cards that break the meld rules (R7-R10); the message says which rule and why."""


class IllegalActionError(ContractRummyError):
    """An action the rules refuse in the current state.

    The message starts with the rule that refused it, e.g. ``"R17: ..."``, and
    :attr:`~ContractRummyError.rule` gives it alone.
    """


class InvalidStateError(ContractRummyError):
    """A :class:`~contract_rummy.RoundState` whose fields contradict each other or the rules.

    Raised when a state is built by hand (or with :func:`attrs.evolve`) and, say, a card is
    missing from the deck, a meld on the table breaks R7-R10, or the phase disagrees with who
    is to act; the message says what is wrong.
    """


class RecordError(ContractRummyError):
    """Serialized input that is not a valid value or game: the message says where and what.

    Raised by :func:`~contract_rummy.from_dict` and the record loaders for anything wrong
    with their input: bad JSON, a missing or unknown field, a bad card, a meld that breaks
    R7-R10, a state that contradicts itself, an action the rules refuse, a stated result
    that the replay does not reach. The path in the message, such as
    ``table[2].meld.cards[1]`` or ``actions[41]``, says where; when a rule of the game
    refused the input, :attr:`~ContractRummyError.rule` names it.
    """
