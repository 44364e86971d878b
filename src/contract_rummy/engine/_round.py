"""The end of a round and of the game (R25-R29), and the phases ROUND_OVER and GAME_OVER."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

from contract_rummy._hands import Hand
from contract_rummy.actions import Action, NextRound
from contract_rummy.engine._common import Outcome, PhaseRules, Position, next_dealer, wrong_phase
from contract_rummy.engine._setup import deal
from contract_rummy.events import Dealt, Event, GameEnded, RoundEnd, RoundEnded
from contract_rummy.state import (
    NEW_TURN,
    NO_WINDOW,
    Phase,
    RoundState,
    Totals,
    penalties_of,
    winners_of,
)

__all__ = ["GAME_OVER", "ROUND_OVER", "end_round", "winners_of"]

_NEXT_ROUND: Final[tuple[Action, ...]] = (NextRound(),)


def end_round(
    state: RoundState, reason: RoundEnd, moves: int, events: tuple[Event, ...] = ()
) -> Outcome:
    """Score every hand (R25, R26) and close the round, or the game after the last (R28).

    ``moves`` numbers the state made (the action's number); ``events`` are what the action
    did before the round ended; the round's end follows.
    """
    facts = state.facts
    variant = facts.variant
    penalties = penalties_of(variant, state.hands)
    scores = tuple(map(operator.add, state.totals.scores, penalties))
    last = facts.round_number == variant.rounds
    winners = winners_of(variant, scores, penalties) if last else None
    went_out = state.active if reason is RoundEnd.WENT_OUT else None
    ended: tuple[Event, ...] = (
        RoundEnded(facts.round_number, reason, went_out, penalties, scores),
    )
    if winners is not None:
        ended = (*ended, GameEnded(winners, scores))
    after = state.replace(
        phase=Phase.GAME_OVER if last else Phase.ROUND_OVER,
        to_act=None,
        totals=Totals(scores, penalties, winners),
        turn=NEW_TURN,
        window=NO_WINDOW,
        moves=moves,
    )
    return after, (*events, *ended)


def _round_over_legal(position: Position, hand: Hand) -> Sequence[Action]:
    return _NEXT_ROUND


def _round_over_check(position: Position, hand: Hand, action: Action) -> None:
    if not isinstance(action, NextRound):
        wrong_phase(position, action)


def _next_round(state: RoundState, action: NextRound) -> Outcome:
    """Deal the next round, the deal passing to the left (R4, R5)."""
    facts = state.facts
    players = state.players
    after, exact_cut = deal(
        facts.variant,
        players,
        facts.round_number + 1,
        next_dealer(facts.dealer, players),
        state.totals.scores,
        state.chance,
        state.moves + 1,
    )
    dealt = Dealt(after.round_number, after.dealer, after.discard[-1], exact_cut, after.cut)
    return after, (dealt,)


def _game_over_legal(position: Position, hand: Hand) -> Sequence[Action]:
    return ()


def _game_over_check(position: Position, hand: Hand, action: Action) -> None:
    wrong_phase(position, action)


#: Phase ROUND_OVER: the dealer of the round just scored deals the next (R4, R5).
ROUND_OVER: Final = PhaseRules(
    legal=_round_over_legal, check=_round_over_check, plays={NextRound: _next_round}
)
#: Phase GAME_OVER: nothing more is legal (R28).
GAME_OVER: Final = PhaseRules(legal=_game_over_legal, check=_game_over_check, plays={})
