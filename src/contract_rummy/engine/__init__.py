"""The rules engine: :func:`legal_actions`, :func:`apply` and :func:`step`.

Inside, each phase of a round has its own module with one function listing its actions,
one checking an action, and one playing it, so that the code reads like the rules: DRAW
(``_draw``), BUY (``_buy``), PLAY (``_play``), and the end of a round and of the game
(``_round``). The check and the play dispatch on the kind of action, so one kind of action
can be legal in more than one phase.

This is the only package that decides rules. Every rule reads its setting from the state's
:class:`~contract_rummy.Variant`; every refusal raises :class:`IllegalActionError` whose
message starts with the rule's number. ``apply`` is pure: it returns a new state and never
changes the one it is given; :func:`step` returns that state together with what happened
(its :mod:`~contract_rummy.events`). :func:`legal_actions` checks membership (``in``) with
the same checks ``apply`` runs; the listing is checked against ``apply`` by the test suite,
action by action.

>>> import contract_rummy as cr
>>> state = cr.new_game(seed=7)
>>> state.phase, state.to_act == state.active, len(state.hands[state.active])
(Phase.DRAW, True, 10)
>>> list(cr.legal_actions(state))
[DrawStock(), TakeDiscard()]
>>> state, events = cr.step(state, cr.TakeDiscard())
>>> state.phase, len(state.hands[state.active]), events
(Phase.PLAY, 11, (TookDiscard(player=2, card=Card.parse('JS'), blocked=None),))

:func:`legal_actions` and :func:`is_legal` also take a player's
:class:`~contract_rummy.PlayerView`: a player's legal actions depend only on what they see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final, overload

from contract_rummy._checks import is_int
from contract_rummy.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from contract_rummy.engine._buy import BUY
from contract_rummy.engine._common import Outcome, PhaseRules, refuse
from contract_rummy.engine._draw import DRAW
from contract_rummy.engine._play import PLAY
from contract_rummy.engine._round import GAME_OVER, ROUND_OVER
from contract_rummy.engine._setup import new_game, start_round
from contract_rummy.errors import IllegalActionError
from contract_rummy.events import Step
from contract_rummy.state import Phase, RoundState
from contract_rummy.views import PlayerView, canonical_state

__all__ = [
    "LegalActions",
    "apply",
    "is_legal",
    "legal_actions",
    "new_game",
    "start_round",
    "step",
]

#: The rules of each phase.
_RULES: Final[Mapping[Phase, PhaseRules]] = {
    Phase.DRAW: DRAW,
    Phase.BUY: BUY,
    Phase.PLAY: PLAY,
    Phase.ROUND_OVER: ROUND_OVER,
    Phase.GAME_OVER: GAME_OVER,
}
#: Each phase's ``play``, looked up once: the engine plays every action through one of these.
_PLAY: Final[Mapping[Phase, Callable[[RoundState, Action], Outcome]]] = {
    phase: rules.play for phase, rules in _RULES.items()
}
_ACTIONS: Final = frozenset(
    (DrawStock, TakeDiscard, Buy, Pass, GoDown, LayOff, SwapJoker, Discard, NextRound)
)


#: Writes a state's ``moves`` slot directly: what ``object.__setattr__`` ends up doing, without
#: first looking the slot up on the class at every action.
_set_moves: Final[Callable[[RoundState, int], None]] = vars(RoundState)["moves"].__set__
#: Makes a :class:`Step` of a pair without the checks of ``Step._make``: the engine's
#: outcomes are always pairs.
_new_step: Final[Callable[[type[Step], Outcome], Step]] = tuple.__new__


def _check_state(state: object, expected: str = "a RoundState") -> RoundState:
    if not isinstance(state, RoundState):
        raise TypeError(f"expected {expected}, got {state!r}")
    return state


_STATE_OR_VIEW: Final = "a RoundState or a PlayerView"


def _may_act(state: RoundState, player: int) -> bool:
    """Whether ``player`` is the one to act now: ``to_act``, or the dealer in ROUND_OVER."""
    phase = state.phase
    if phase is Phase.ROUND_OVER:
        return player == state.dealer
    return phase is not Phase.GAME_OVER and player == state.to_act


class LegalActions(Sequence[Action]):
    """Every legal action of a state, or of a player's view, computed when first needed.

    Iterate it, take its ``len``, index it (``legal[i]``, handy for a random choice), or ask
    ``action in legal``: membership checks that one action directly, with the same checks
    :func:`apply` runs, without listing the others. The actions are listed once, on first
    use; go-downs are built as they are read. The order is deterministic and no two
    actions are equal.

    Made from a :class:`~contract_rummy.PlayerView`, it holds the actions of the view's
    player: those of every state behind the view when that player is the one to act, and
    none otherwise.
    """

    __slots__ = ("_actions", "_player", "_state", "_view")

    def __init__(self, state: RoundState | PlayerView) -> None:
        self._actions: Sequence[Action] | None = None
        self._view: PlayerView | None = None
        self._player: int | None = None
        if type(state) is not RoundState:
            if isinstance(state, PlayerView):
                self._view = state
                self._player = state.player
                state = canonical_state(state)
                if not _may_act(state, self._view.player):
                    self._actions = ()
            else:
                state = _check_state(state, _STATE_OR_VIEW)
        self._state = state

    @property
    def state(self) -> RoundState:
        """The state whose actions these are.

        For the actions of a view, the state behind it whose unseen cards are dealt in
        canonical order, not the real one (see :attr:`view`).
        """
        return self._state

    @property
    def view(self) -> PlayerView | None:
        """The view whose player's actions these are, or ``None`` for a state's actions."""
        return self._view

    def _all(self) -> Sequence[Action]:
        actions = self._actions
        if actions is None:
            state = self._state
            actions = self._actions = _RULES[state.phase].legal(state)
        return actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def __len__(self) -> int:
        actions = self._actions
        return len(self._all() if actions is None else actions)

    def __bool__(self) -> bool:
        return bool(self._all())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        actions = self._actions
        return (self._all() if actions is None else actions)[index]

    def __contains__(self, action: object) -> bool:
        return _is_legal(self._state, action, self._player)

    def __repr__(self) -> str:
        of = "" if self._view is None else f" for player {self._view.player}'s view"
        return f"<LegalActions of {len(self)}{of} in phase {self._state.phase.name}>"


def legal_actions(state: RoundState | PlayerView) -> LegalActions:
    """Every legal action for ``state.to_act`` (in ROUND_OVER, the ``NextRound()``).

    Given a :class:`~contract_rummy.PlayerView`, the actions of the view's player: the same
    as those of the state it was made from when that player is to act (``to_act``, or in
    ROUND_OVER the dealer), since they depend only on the player's hand and on what
    everyone sees; none otherwise.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=3)
    >>> legal = cr.legal_actions(state)
    >>> len(legal), cr.TakeDiscard() in legal, cr.Pass() in legal
    (2, True, False)
    >>> mine, theirs = cr.view(state, state.to_act), cr.view(state, 0)
    >>> list(cr.legal_actions(mine)) == list(legal), list(cr.legal_actions(theirs))
    (True, [])
    """
    return LegalActions(state)


def step(state: RoundState, action: Action, *, player: int | None = None) -> Step:
    """The state after ``action``, and what happened (:mod:`~contract_rummy.events`).

    ``state`` itself is never changed; ``player`` is checked as :func:`apply` checks it.
    The events say what the action alone does not: the cards drawn, a buy's penalty card,
    a reshuffle, the wild card a swap freed, the end of the round with its scores, the end
    of the game, the next deal.

    Raises:
        IllegalActionError: if the rules refuse the action here; the message starts with
            the rule's number, such as ``"R17: ..."``.
        TypeError: if ``action`` is not an action or ``state`` not a state.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(seed=3), cr.DrawStock())
    >>> while state.phase is cr.Phase.BUY:
    ...     state = cr.apply(state, cr.Pass())
    >>> after, events = cr.step(state, cr.Discard(state.hands[state.active][0]))
    >>> after.phase, events
    (Phase.DRAW, ())
    """
    return _new_step(Step, _play(state, action, player))


def apply(state: RoundState, action: Action, *, player: int | None = None) -> RoundState:
    """The state after ``action``; ``state`` itself is never changed.

    The same as ``step(state, action).state``. The new state's ``moves`` is one more than
    ``state.moves``.

    Args:
        state: The position.
        action: The action to play.
        player: Who sends the action, for a server relaying players' moves: the action is
            refused unless that player is the one to act (``state.to_act``, or in phase
            ROUND_OVER the dealer of the round just over, who starts the next deal with
            ``NextRound()``; the deal then passes to the left, R4). ``None`` (the default)
            plays the action for whoever is to act.

    Raises:
        IllegalActionError: if the rules refuse the action here, or ``player`` may not act
            now; the message starts with the rule's number, such as ``"R17: ..."``.
        TypeError: if ``action`` is not an action, ``state`` not a state, or ``player``
            not an int.

    >>> import contract_rummy as cr
    >>> cr.apply(cr.new_game(seed=3), cr.Pass())
    Traceback (most recent call last):
    ...
    contract_rummy.errors.IllegalActionError: R13: Pass() is not possible now: player 3 must ...
    >>> cr.apply(cr.new_game(seed=3), cr.DrawStock(), player=1)
    Traceback (most recent call last):
    ...
    contract_rummy.errors.IllegalActionError: R6: it is player 3's turn, not player 1's
    """
    return _play(state, action, player)[0]


def _play(state: RoundState, action: Action, player: int | None = None) -> Outcome:
    if type(state) is not RoundState:
        _check_state(state)
    if type(action) not in _ACTIONS:
        given: object = action
        if given in _ACTIONS:  # the class itself, such as DrawStock for DrawStock()
            raise TypeError(f"expected an action, got the class {action!r}: call it")
        raise TypeError(f"expected an action, got {action!r}")
    if player is not None:
        _check_player(state, player)
    after, events = _PLAY[state.phase](state, action)
    # The engine built ``after`` for this call alone and nobody has seen or hashed it yet:
    # number it here, once, rather than in every phase's code.
    _set_moves(after, state.moves + 1)
    return after, events


def _check_player(state: RoundState, player: object) -> None:
    """Refuse an action sent by anyone but the player to act now (R6, R19, R4, R28)."""
    if not is_int(player):
        raise TypeError(f"player must be an int, got {player!r}")
    phase = state.phase
    if phase is Phase.GAME_OVER:
        refuse("R28", f"the game is over: no player may act, player {player} included")
    if phase is Phase.ROUND_OVER:
        if player != state.dealer:
            refuse(
                "R4",
                f"round {state.round_number} is over: its dealer, player {state.dealer}, "
                f"starts the next deal (NextRound), not player {player}",
            )
        return
    if player == state.to_act:
        return
    if phase is Phase.BUY:
        rule = "R31" if state.variant.shanghai_call else "R19"
        asked = state.to_act
        refuse(rule, f"player {asked} is asked about the top discard now, not player {player}")
    refuse("R6", f"it is player {state.active}'s turn, not player {player}'s")


def is_legal(state: RoundState | PlayerView, action: object, *, player: int | None = None) -> bool:
    """Whether :func:`apply` would accept ``action`` (sent by ``player``) in ``state``.

    It runs the checks of :func:`apply` without making the next state. ``state`` may be a
    :class:`~contract_rummy.PlayerView`: the action is then sent by the view's player, and
    is legal in every state behind the view or in none.

    Raises:
        TypeError: if ``state`` is neither a state nor a view, or ``player`` not an int.
        ValueError: if ``state`` is a view and ``player`` another player than its own.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=3)
    >>> cr.is_legal(state, cr.DrawStock()), cr.is_legal(state, cr.DrawStock(), player=0)
    (True, False)
    >>> mine, theirs = cr.view(state, 3), cr.view(state, 0)
    >>> cr.is_legal(mine, cr.DrawStock()), cr.is_legal(theirs, cr.DrawStock())
    (True, False)
    """
    if isinstance(state, PlayerView):
        if player is not None:
            if not is_int(player):
                raise TypeError(f"player must be an int, got {player!r}")
            if player != state.player:
                raise ValueError(
                    f"a view's actions are sent by its player, {state.player}, not player {player}"
                )
        return _is_legal(canonical_state(state), action, state.player)
    return _is_legal(_check_state(state, _STATE_OR_VIEW), action, player)


def _is_legal(state: RoundState, action: object, player: int | None) -> bool:
    if type(action) not in _ACTIONS:
        return False
    try:
        if player is not None:
            _check_player(state, player)
        _RULES[state.phase].check(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True
