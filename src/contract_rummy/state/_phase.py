"""Where a round stands: :class:`Phase`, what kind of choice is due and who makes it."""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where a round stands: who must choose, and among what."""

    #: The active player takes the top of the stock or of the discard pile (R13). With the
    #: Shanghai call (``Variant.shanghai_call``, R31) the asking is over by then: when
    #: ``window.requester`` is set, the active player answers that player's request,
    #: ``TakeDiscard()`` blocking it and ``DrawStock()`` granting it; otherwise nobody
    #: asked, and choosing the stock opens no buy window.
    DRAW = "draw"
    #: ``to_act`` may buy the top discard or pass (R18-R22). With the Shanghai call (R31)
    #: this is the asking before the active player's draw: ``Buy()`` asks for the top
    #: discard (and closes the asking, the active player then answering in phase DRAW),
    #: ``Pass()`` leaves it to the next player who may ask.
    BUY = "buy"
    #: The active player melds, lays off, swaps, and discards (R13-R17, R23, R24).
    PLAY = "play"
    #: The round is scored, after a player went out (R25), the stock ran out (R27) or the
    #: round reached its turn limit (R29); the only legal action is ``NextRound()``, played
    #: for the table by this round's dealer.
    ROUND_OVER = "round over"
    #: The game is over and ``winners`` is set; no action is legal (R28).
    GAME_OVER = "game over"
    #: Chance deals now (R4, R5, R27, R32): only in a game whose chance is resolved step by
    #: step (``new_game(auto_chance=False)``); ``to_act`` is ``None``, ``chance.pending``
    #: says what is to be dealt, and the legal actions are chance's outcomes.
    CHANCE = "chance"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    # Members are singletons compared by identity: hash them as objects, which is faster
    # than Enum's hash of the name (phases key the engine's dispatch).
    __hash__ = object.__hash__
