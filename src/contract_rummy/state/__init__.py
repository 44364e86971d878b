"""The state of a game at one moment: a frozen, hashable, picklable value made of parts.

A :class:`RoundState` holds everything: the variant, the current round, every hand, the
stock, the discard pile, the table, the running totals and the shuffler's state (a plain
integer), so that the same seed and the same actions always give equal states. The engine
(:mod:`contract_rummy.engine`) makes new states from old ones; nothing here changes.

A state is made of small typed parts, each field written once, in its part: the round's
fixed facts (:class:`RoundFacts`), the melds on the table and the round's counts
(:class:`Board`), the totals (:class:`Totals`), the shuffler (:class:`Chance`), the turn
(:class:`Turn`) and the buy window (:class:`BuyWindow`), beside the fields that change at
nearly every action (the hands, the stock, the discard pile, whose turn it is). An action
replaces the parts it changes and shares the rest with the state before; a player's view
holds the public parts by reference. Every field of a part
also reads by its own name: ``state.table`` is ``state.board.table``.

Built directly, a state is checked: every field's type, and that the fields agree with one
another and with the rules (the whole deck present exactly once, valid melds on the table,
a phase consistent with who acts, a finished round's penalties and winners as its hands and
totals give them). A state that breaks them is refused with a
:class:`~contract_rummy.InvalidStateError` (or a :class:`TypeError` for a field of the wrong
type) saying what is wrong, so :func:`attrs.evolve` is a safe way to pose a puzzle, naming
the fields of the parts directly if you like:

>>> import attrs
>>> import contract_rummy as cr
>>> state = cr.new_game(seed=1)
>>> attrs.evolve(state, active=9)
Traceback (most recent call last):
...
contract_rummy.errors.InvalidStateError: active must be a player, 0-3, got 9
>>> attrs.evolve(state, stock=state.stock[1:])
Traceback (most recent call last):
...
contract_rummy.errors.InvalidStateError: R2: every card of the pagat deck for 4 players ...

Who may buy the top discard, and in what order (R19-R21), is decided in one place,
:func:`buyers`, which the engine asks and against which a state built by hand is checked;
so are what a round's end scores, :func:`penalties_of` (R25), and who wins the game,
:func:`winners_of` (R28, R34).
"""

from contract_rummy.state._build import FLAT, KEEP, assemble, builder, replaceable, updater
from contract_rummy.state._buying import buy_refusal, buyers, buyers_of, can_draw, priority
from contract_rummy.state._checks import check_types, deck_difference, describe_type
from contract_rummy.state._parts import (
    NEW_TURN,
    NO_WINDOW,
    OMIT_DEFAULT,
    Board,
    BuyWindow,
    Chance,
    ChanceKind,
    ChancePoint,
    RoundFacts,
    TableMeld,
    Totals,
    Turn,
)
from contract_rummy.state._phase import Phase
from contract_rummy.state._round import PublicParts, RoundState, build_state, not_a_state
from contract_rummy.state._scoring import penalties_of, winners_of

__all__ = [
    "FLAT",
    "KEEP",
    "NEW_TURN",
    "NO_WINDOW",
    "OMIT_DEFAULT",
    "Board",
    "BuyWindow",
    "Chance",
    "ChanceKind",
    "ChancePoint",
    "Phase",
    "PublicParts",
    "RoundFacts",
    "RoundState",
    "TableMeld",
    "Totals",
    "Turn",
    "assemble",
    "build_state",
    "builder",
    "buy_refusal",
    "buyers",
    "buyers_of",
    "can_draw",
    "check_types",
    "deck_difference",
    "describe_type",
    "not_a_state",
    "penalties_of",
    "priority",
    "replaceable",
    "updater",
    "winners_of",
]
