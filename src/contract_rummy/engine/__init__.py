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
:class:`~contract_rummy.PlayerView`: a player's legal actions depend only on what they see,
and the engine reads them from the view itself (a :class:`Position`), as it reads a
state's. :func:`chooser` says who chooses now.

Chance is resolved inside :func:`apply` by the state's shuffler, unless the game was made
with ``auto_chance=False``: it then stops at each chance point (phase CHANCE, R4, R5, R27,
R32), :func:`chance_point` says what is to be dealt and :func:`chance_outcomes` what
chance may deal, and chance's outcomes are played as actions; such a game keeps the
shuffler :data:`~contract_rummy.shuffler.STEPS`.
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Final, Protocol, cast, overload

import attrs

from contract_rummy._checks import as_int
from contract_rummy._hands import BY_INDEX, Hand
from contract_rummy.actions import ACTION_TYPES, Action, ChanceAction, not_an_action
from contract_rummy.cards import Card
from contract_rummy.engine._buy import BUY
from contract_rummy.engine._chance import (
    STEPS,
    NeedChance,
    StepShuffler,
    chance_outcomes,
    chance_point,
    check_outcome,
    checked_steps,
    legal_outcomes,
    order_to_deal,
    resolve,
    stop,
    waiting_facts,
    waiting_state,
)
from contract_rummy.engine._common import (
    Outcome,
    PhaseRules,
    Play,
    Position,
    refuse,
    wrong_phase,
)
from contract_rummy.engine._draw import DRAW
from contract_rummy.engine._play import PLAY, lay_offs_and_swaps
from contract_rummy.engine._round import GAME_OVER, ROUND_OVER, end_round, winners_of
from contract_rummy.engine._setup import first_deal, new_game, start_round
from contract_rummy.errors import (
    ContractRummyError,
    IllegalActionError,
    InvalidStateError,
    Refusal,
)
from contract_rummy.events import Step
from contract_rummy.state import Chance, ChanceKind, ChancePoint, Phase, RoundState, not_a_state

__all__ = [
    "STEPS",
    "LegalActions",
    "Outcome",
    "PlayerPosition",
    "Position",
    "StepShuffler",
    "advance",
    "apply",
    "chance_outcomes",
    "chance_point",
    "check_chance_point",
    "chooser",
    "deal",
    "deal_step",
    "end_round",
    "is_legal",
    "lay_offs_and_swaps",
    "legal_actions",
    "new_game",
    "start_round",
    "step",
    "waiting_state",
    "winners_of",
]


def _resolve(state: RoundState, action: Action) -> Outcome:
    """Phase CHANCE: play chance's outcome, then the action waiting for it (R4, R5, R27, R32)."""
    return resolve(state, action, _play_waiting, first_deal)


def _play_waiting(state: RoundState, action: Action) -> Outcome:
    return _RULES[state.phase].play(state, action)


def check_chance_point(state: RoundState) -> None:
    """Refuse a state whose chance point the game could not have reached (R4, R5, R27, R32).

    The state's own checks see that a chance point's cards and bound fit the state; this
    plays the action it waits for (``pending.action``; the first deal when ``None``) in
    the phase it waits in, with what chance drew before (``pending.drawn``), and checks that
    the action is legal there, that each draw is of what was due, and that the action
    stops for exactly this draw: its kind, its bound, and the cards to place, of which
    ``pending.placed`` are placed. What :func:`~contract_rummy.from_dict` checks a state at
    a chance point against, since its input may come from anywhere. A state with no chance
    point passes.

    Raises:
        TypeError: if ``state`` is not a :class:`~contract_rummy.RoundState`.
        InvalidStateError: if the chance point is not one the game reaches, citing the
            rule of its kind.

    >>> import attrs
    >>> import contract_rummy as cr
    >>> from contract_rummy.engine import check_chance_point
    >>> state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(1))
    >>> check_chance_point(state)
    >>> point = state.pending
    >>> check_chance_point(attrs.evolve(state, pending=attrs.evolve(point, drawn=(4,))))
    Traceback (most recent call last):
    ...
    contract_rummy.errors.InvalidStateError: R5: this chance point is not one the game reaches: ...
    """
    if not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    point = state.chance.pending
    if point is None:
        return
    rule = {
        ChanceKind.DEALER: "R4",
        ChanceKind.DEAL: "R5",
        ChanceKind.CUT: "R32",
        ChanceKind.RESHUFFLE: "R27",
    }[point.kind]
    problem = _chance_point_problem(state, point)
    if problem is not None:
        raise InvalidStateError(
            Refusal(rule, f"this chance point is not one the game reaches: {problem}")
        )


def _chance_point_problem(state: RoundState, point: ChancePoint) -> str | None:
    """Why the game does not reach ``point`` in ``state``, or ``None`` when it does."""
    given = Chance(0, checked_steps(point.drawn))
    waiting = point.action
    facts = waiting_facts(state, point)
    if waiting is None:
        fresh = new_game(state.variant, players=state.players, auto_chance=False)
        start = fresh.pending
        assert start is not None  # a new game dealt step by step waits for its dealer
        if state.replace(facts=facts, chance=fresh.chance, moves=fresh.moves) != fresh:
            return "the first deal waits in a new game, its deck in the stock"
        if (point.phase, point.to_act) != (start.phase, start.to_act):
            return f"the first deal waits in phase {start.phase.name}, with nobody to act"
        before = fresh.replace(chance=given, moves=state.moves)
    else:
        if point.phase is Phase.CHANCE:
            return "an action never waits in phase CHANCE"
        try:
            before = attrs.evolve(
                state.replace(facts=facts),
                phase=point.phase,
                to_act=point.to_act,
                chance=Chance(0, STEPS),
            )
        except (InvalidStateError, TypeError, ValueError) as error:
            return f"the state {waiting!r} waits in is not valid: {error}"
        if not is_legal(before, waiting):
            return f"{waiting!r} is not legal in the state it waits in"
        before = before.replace(chance=given)
    try:
        if waiting is None:
            first_deal(before, given, state.moves)
        else:
            _play_waiting(before, waiting)
    except NeedChance as need:
        made = stop(before, waiting, point.drawn, need, state.moves)
    except ContractRummyError as error:
        return str(error)
    else:
        return "chance has drawn all the action waiting needs"
    reached = made.chance.pending
    assert reached is not None  # stop() makes a chance point
    cards = tuple(sorted((*point.remaining, *point.placed), key=BY_INDEX))
    if (reached.kind, reached.bound) != (point.kind, point.bound):
        return f"the action waits for a {reached.kind.value} of bound {reached.bound}"
    if reached.remaining != cards:
        return f"the {point.kind.value} places other cards than the {len(reached.remaining)} due"
    if made.dealer != state.dealer:
        if point.kind is ChanceKind.DEALER:
            return (
                f"until chance draws the first dealer, a new game names player {made.dealer} "
                f"as the dealer (R4), not player {state.dealer}"
            )
        return (
            f"player {made.dealer} deals (R4), but the state names player {state.dealer} "
            "as the dealer"
        )
    return None


#: The rules of each phase.
_RULES: Final[Mapping[Phase, PhaseRules]] = {
    Phase.DRAW: DRAW,
    Phase.BUY: BUY,
    Phase.PLAY: PLAY,
    Phase.ROUND_OVER: ROUND_OVER,
    Phase.GAME_OVER: GAME_OVER,
    # Any action goes to chance's outcomes, which refuse a player's (R5).
    Phase.CHANCE: PhaseRules(
        legal=legal_outcomes,
        check=check_outcome,
        plays=dict.fromkeys(ACTION_TYPES, _resolve),
    ),
}
#: Each phase's ``plays``, looked up once: the engine plays every action through one of these.
_PLAYS: Final[Mapping[Phase, Mapping[type, Play]]] = {
    phase: rules.plays for phase, rules in _RULES.items()
}


#: Makes a :class:`Step` of a pair without the checks of ``Step._make``: the engine's
#: outcomes are always pairs.
_new_step: Final[Callable[[type[Step], Outcome], Step]] = tuple.__new__


def _check_state(state: object) -> RoundState:
    if not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    return state


_STATE_OR_VIEW: Final = "a RoundState or a PlayerView"
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER


class PlayerPosition(Position, Protocol):
    """One player's position: what :class:`~contract_rummy.PlayerView` holds of a game.

    A :class:`Position` seen by one player, with that player's hand: enough to list and
    check the actions of that player, and of nobody else.
    """

    @property
    def player(self) -> int:
        """The player whose position this is."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The player's own cards."""

    def canonical_state(self) -> RoundState:
        """One fixed state behind the position."""


def chooser(position: RoundState | Position) -> int | None:
    """Who chooses now: ``to_act``, or in ROUND_OVER the dealer, who deals the next round.

    ``None`` once the game is over, when nobody may act (R28). This is the player whose
    action :func:`apply` takes next (with ``player=``), and whose legal actions
    :func:`legal_actions` lists; ``to_act`` itself is ``None`` between rounds, when the
    dealer starts the next deal (R4).

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> cr.chooser(state) == state.to_act == state.active
    True
    >>> final = cr.play_game([cr.GreedyBot()] * 4, seed=5)
    >>> final.phase, cr.chooser(final)
    (Phase.GAME_OVER, None)
    """
    try:
        phase = position.phase
    except AttributeError:
        raise TypeError(f"expected {_STATE_OR_VIEW}, got {position!r}") from None
    if phase is _ROUND_OVER:
        return position.facts.dealer
    if phase is _GAME_OVER:
        return None
    return position.to_act


def _may_act(position: Position, player: int) -> bool:
    """Whether ``player`` is the one to act now: ``to_act``, or the dealer in ROUND_OVER."""
    return player == chooser(position)


class LegalActions(Sequence[Action]):
    """Every legal action of a state, or of a player's view, computed when first needed.

    Iterate it, take its ``len``, index it (``legal[i]``, handy for a random choice), or ask
    ``action in legal``: membership checks that one action directly, with the same checks
    :func:`apply` runs, without listing the others. A value that is not an action, an
    action's class (``DrawStock`` for ``DrawStock()``) included, is in no listing, as in
    no list: :func:`is_legal` refuses the class. The actions are listed once, on first
    use; go-downs are built as they are read. The order is deterministic and no two
    actions are equal.

    Made from a :class:`~contract_rummy.PlayerView`, it holds the actions of the view's
    player: those of every state behind the view when that player is the one to act, and
    none otherwise. They are read from the view itself: no state is made behind it.
    """

    __slots__ = ("_actions", "_hand", "_player", "_position")

    def __init__(self, position: RoundState | PlayerPosition) -> None:
        self._position = position
        if type(position) is RoundState:
            self._actions: Sequence[Action] | None = None
            self._hand = position.hands[position.active]
            self._player: int | None = None
            return
        view = cast(PlayerPosition, position)
        self._hand = _view_hand(view)
        self._player = player = view.player
        self._actions = None if player == chooser(view) else ()

    @property
    def position(self) -> RoundState | PlayerPosition:
        """The state or the view whose actions these are."""
        return self._position

    @property
    def state(self) -> RoundState:
        """The state whose actions these are.

        Deprecated for the actions of a view, which are read from the view itself: this
        then gives the state behind the view whose unseen cards are dealt in canonical
        order (:func:`~contract_rummy.views.canonical_state`), with a
        :class:`DeprecationWarning`; use :attr:`position`.
        """
        position = self._position
        if type(position) is RoundState:
            return position
        warnings.warn(
            "LegalActions.state of a view's actions is deprecated: use .position (the view), "
            "or contract_rummy.views.canonical_state(view) for a state behind it",
            DeprecationWarning,
            stacklevel=2,
        )
        return position.canonical_state()  # type: ignore[union-attr] # a view

    @property
    def view(self) -> PlayerPosition | None:
        """The view whose player's actions these are, or ``None`` for a state's actions."""
        position = self._position
        return None if type(position) is RoundState else position  # type: ignore[return-value]

    def _all(self) -> Sequence[Action]:
        actions = self._actions
        if actions is None:
            position = self._position
            actions = self._actions = _RULES[position.phase].legal(position, self._hand)
        return actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def __len__(self) -> int:
        actions = self._actions
        if actions is None:  # what _all() does, inline: most callers count them first
            position = self._position
            actions = self._actions = _RULES[position.phase].legal(position, self._hand)
        return len(actions)

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
        """Whether ``action`` is one of these actions: checked alone, none listed.

        A value that is not an action, an action's class included (``DrawStock`` for
        ``DrawStock()``), is not in it, as it is in no list of actions:
        ``value in legal`` always answers as ``value in list(legal)`` would.
        :func:`is_legal` refuses an action's class.

        >>> import contract_rummy as cr
        >>> legal = cr.legal_actions(cr.new_game(seed=3))
        >>> cr.DrawStock() in legal, cr.DrawStock in legal, cr.DrawStock in list(legal)
        (True, False, False)
        """
        return _is_legal(self._position, self._hand, action, self._player)

    def __eq__(self, other: object) -> bool:
        """Equal to another listing of equal actions in the same order, as tuples are.

        Not to a list or a tuple (as a tuple is not equal to a list): compare
        ``list(legal)`` with a list.

        >>> import contract_rummy as cr
        >>> state = cr.new_game(seed=3)
        >>> cr.legal_actions(state) == cr.legal_actions(cr.view(state, state.to_act))
        True
        >>> cr.legal_actions(state) == cr.legal_actions(cr.apply(state, cr.DrawStock()))
        False
        """
        if not isinstance(other, LegalActions):
            return NotImplemented
        if self is other:
            return True
        mine, theirs = self._all(), other._all()
        return len(mine) == len(theirs) and all(map(operator.eq, mine, theirs))

    #: Unhashable, as a list is: equal listings must hash alike, and hashing would list.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        of = "" if self._player is None else f" for player {self._player}'s view"
        return f"<LegalActions of {len(self)}{of} in phase {self._position.phase.name}>"


def _view_hand(position: object) -> Hand:
    """The hand of a player's view; :class:`TypeError` for anything else."""
    try:
        hand: Hand = position.hand  # type: ignore[attr-defined]
        position.player  # type: ignore[attr-defined] # noqa: B018 - a view has one
    except AttributeError:
        raise TypeError(f"expected {_STATE_OR_VIEW}, got {position!r}") from None
    return hand


def legal_actions(state: RoundState | PlayerPosition) -> LegalActions:
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


def step(state: RoundState, action: Action | ChanceAction, *, player: int | None = None) -> Step:
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


def advance(state: RoundState, action: Action | ChanceAction) -> Outcome:
    """:func:`step` as a plain pair ``(after, events)``, played for the player to act.

    The same next state and events as ``step(state, action)``, without the
    :class:`~contract_rummy.events.Step` around them: for loops that play every action of
    millions of games and unpack each step at once, such as
    :func:`contract_rummy.playing.steps`.

    >>> import contract_rummy as cr
    >>> from contract_rummy.engine import advance
    >>> state = cr.new_game(seed=3)
    >>> advance(state, cr.DrawStock()) == tuple(cr.step(state, cr.DrawStock()))
    True
    """
    return _play(state, action)


def apply(
    state: RoundState, action: Action | ChanceAction, *, player: int | None = None
) -> RoundState:
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
    if player is None and type(state) is RoundState:
        # Most calls: an action played for whoever is to act. A value of no action's type
        # is no phase's play either, so this look-up leaves every refusal to _play.
        play = _PLAYS[state.phase].get(type(action))
        if play is not None:
            try:
                return play(state, action)[0]
            except NeedChance as need:
                return stop(state, cast(Action, action), (), need, state.moves + 1)
    return _play(state, action, player)[0]


def _play(state: RoundState, action: Action | ChanceAction, player: int | None = None) -> Outcome:
    if type(state) is not RoundState:
        _check_state(state)
    if type(action) not in ACTION_TYPES:
        raise TypeError(not_an_action(action))
    if player is not None:
        _check_player(state, player)
    # The phase's code numbers the state it makes: ``moves`` one more (see ``Outcome``).
    play = _PLAYS[state.phase].get(type(action))
    if play is None:
        wrong_phase(state, action)
    try:
        return play(state, action)
    except NeedChance as need:
        # Only a game dealt step by step gets here: the action waits for chance.
        # (Chance's own outcomes stop inside phase CHANCE: the action is a player's.)
        return stop(state, cast(Action, action), (), need, state.moves + 1), ()


def deal(state: RoundState, cards: Iterable[Card | str] | str) -> RoundState:
    """The state once chance has dealt ``cards``, the rest of an order, a card at a time.

    The same as ``deal_step(state, cards).state``: a :class:`~contract_rummy.DealCard` of
    each card in turn, for a deal or a reshuffle entered after the fact, as the cards came.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(0))
    >>> state = cr.deal(state, sorted(state.stock, key=str))
    >>> state.phase, state.active, [len(hand) for hand in state.hands]
    (Phase.DRAW, 1, [10, 10, 10, 10])
    """
    return deal_step(state, cards).state


def deal_step(state: RoundState, cards: Iterable[Card | str] | str) -> Step:
    """Deal ``cards``, the rest of an order, one :class:`~contract_rummy.DealCard` a card.

    ``cards`` (a list of cards, or notation such as ``"7S 8S JK"``) must be exactly the
    cards still to place in the order chance deals in ``state``: a deal's, top of the deck
    first (R5), or a reshuffle's, top of the new stock first (R27). It is checked whole
    before any card is dealt. Returns the state after the last card, and the events of
    its step: those of the action the order was waiting for (the deal of a round, a draw
    from the new stock, ...).

    Raises:
        IllegalActionError: if ``state`` is at no chance point dealing an order, or
            ``cards`` are not exactly the cards still to place, listing what is missing
            and what is not to place (R5, R27).
        TypeError: if ``state`` is not a state, or a card neither a card nor notation.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(0))
    >>> after, events = cr.deal_step(state, sorted(state.stock, key=str))
    >>> events
    (Dealt(round_number=1, dealer=0, top_discard=Card.parse('6C'), exact_cut=None, cut=None),)
    >>> cr.deal(state, state.stock[1:])
    Traceback (most recent call last):
    ...
    contract_rummy.errors.IllegalActionError: R5: the order dealt must place exactly the 107 ...
    """
    outcome: Outcome = (state, ())
    for action in order_to_deal(state, cards):
        outcome = _play(outcome[0], action)
    return _new_step(Step, outcome)


def _check_player(position: Position, given: object) -> None:
    """Refuse an action sent by anyone but the player to act now (R6, R19, R4, R28)."""
    player = as_int("player", given)  # NumPy's integers too
    players = len(position.board.down)
    if not 0 <= player < players:
        refuse("R1", f"there is no player {player}: the players are 0-{players - 1}")
    phase = position.phase
    if phase is Phase.GAME_OVER:
        refuse("R28", f"the game is over: no player may act, player {player} included")
    if phase is Phase.CHANCE:
        refuse("R5", f"chance deals now: no player acts, player {player} included")
    facts = position.facts
    if phase is Phase.ROUND_OVER:
        if player != facts.dealer:
            refuse(
                "R4",
                f"round {facts.round_number} is over: its dealer, player {facts.dealer}, "
                f"starts the next deal (NextRound), not player {player}",
            )
        return
    if player == position.to_act:
        return
    if phase is Phase.BUY:
        rule = "R31" if facts.variant.shanghai_call else "R19"
        asked = position.to_act
        refuse(rule, f"player {asked} is asked about the top discard now, not player {player}")
    refuse("R6", f"it is player {position.active}'s turn, not player {player}'s")


def is_legal(
    state: RoundState | PlayerPosition, action: object, *, player: int | None = None
) -> bool:
    """Whether :func:`apply` would accept ``action`` (sent by ``player``) in ``state``.

    It runs the checks of :func:`apply` without making the next state. ``state`` may be a
    :class:`~contract_rummy.PlayerView`: the action is then sent by the view's player, and
    is legal in every state behind the view or in none.

    Any other value than an action is not one, and is answered ``False``, but for an
    action's class given for the action (``DrawStock`` for ``DrawStock()``): that is
    refused as :func:`apply` refuses it, since ``False`` would say that the rules refuse
    the action.

    Raises:
        TypeError: if ``state`` is neither a state nor a view, ``player`` not an int, or
            ``action`` an action's class.
        ValueError: if ``state`` is a view and ``player`` another player than its own.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=3)
    >>> cr.is_legal(state, cr.DrawStock()), cr.is_legal(state, cr.DrawStock(), player=0)
    (True, False)
    >>> mine, theirs = cr.view(state, 3), cr.view(state, 0)
    >>> cr.is_legal(mine, cr.DrawStock()), cr.is_legal(theirs, cr.DrawStock())
    (True, False)
    >>> cr.is_legal(state, cr.DrawStock)
    Traceback (most recent call last):
    ...
    TypeError: expected an action, got the class DrawStock: call it, as in DrawStock()
    """
    if isinstance(state, RoundState):
        # An action's class is looked for only once the answer is no: never for a legal one.
        return _is_legal(state, state.hands[state.active], action, player) or _no_class(action)
    hand = _view_hand(state)
    if player is not None:
        player = as_int("player", player)
        if player != state.player:
            raise ValueError(
                f"a view's actions are sent by its player, {state.player}, not player {player}"
            )
    return _is_legal(state, hand, action, state.player) or _no_class(action)


def _no_class(action: object) -> bool:
    """``False``, for a value that is not a legal action; a ``TypeError`` for an action's class.

    ``DrawStock`` given for ``DrawStock()`` is a mistake that ``False`` would hide.
    """
    if isinstance(action, type) and action in ACTION_TYPES:
        raise TypeError(not_an_action(action))
    return False


def _is_legal(position: Position, hand: Hand, action: object, player: int | None) -> bool:
    if type(action) not in ACTION_TYPES:
        return False
    try:
        if player is not None:
            _check_player(position, player)
        _RULES[position.phase].check(position, hand, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True
