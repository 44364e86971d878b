"""Phase PLAY: the active player goes down, lays off, swaps, and discards (R13-R17, R23, R24).

The listing gives, in order: the go-downs of a player not yet down; or, for a player who
may lay off, the joker swaps then the lay-offs; then the discards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

import attrs

from contract_rummy._hands import Hand, find, keeps_a_discard, remove, without
from contract_rummy.actions import Action, Discard, GoDown, LayOff, SwapJoker
from contract_rummy.cards import CARDS, JOKER, Card
from contract_rummy.engine._common import (
    DISCARDS,
    Outcome,
    PhaseRules,
    Position,
    opening,
    pile_with,
    refuse,
    with_item,
    with_known,
    wrong_phase,
)
from contract_rummy.engine._known import forget
from contract_rummy.engine._round import end_round
from contract_rummy.errors import IllegalActionError, InvalidMeldError
from contract_rummy.events import Event, RoundEnd, WildFreed
from contract_rummy.godown import NOTHING, GoDowns, godown_problem, search
from contract_rummy.melds import End, Group, Run, under
from contract_rummy.state import (
    NEW_TURN,
    Board,
    BuyWindow,
    Phase,
    RoundState,
    TableMeld,
    Turn,
    updater,
)
from contract_rummy.variants import JokerSwap

__all__ = ["PLAY", "lay_offs_and_swaps"]

_PLAY: Final = Phase.PLAY


# == the listing ==============================================================================


class _Lazy(Sequence[Action]):
    """A listing whose actions are made when read, indexed and sliced as a tuple is."""

    __slots__ = ()

    def _at(self, index: int) -> Action:
        """The action at ``index``, from 0: past the last one, an :class:`IndexError`."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            # Never the whole listing: a hand with many wild cards has millions of go-downs.
            return [self._at(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("legal action index out of range")
        return self._at(index)


class _Listing(_Lazy):
    """The go-downs of a player not yet down, then their discards."""

    __slots__ = ("_discards", "_go_downs", "_position")

    def __init__(self, position: Position, found: GoDowns, discards: tuple[Action, ...]) -> None:
        self._position = position  # what it lists the actions of
        self._go_downs = found
        self._discards = discards

    def __len__(self) -> int:
        return len(self._go_downs) + len(self._discards)

    def __bool__(self) -> bool:
        return True  # a listing is only made for a hand with a go-down

    def _at(self, index: int) -> Action:
        count = len(self._go_downs)
        if index < count:
            go_down = self._go_downs[index]
            _READ[0] = (self._position, go_down)
            return go_down
        return self._discards[index - count]

    def __iter__(self) -> Iterator[Action]:
        yield from self._go_downs
        yield from self._discards


class _Playing(_Lazy):
    """The swaps, then the lay-offs, then the discards, of a player already down.

    Counted when made, each action built when read: a hand with a wild card may lay it off
    or free a wild onto every meld, yet a player plays one action of the listing. The
    discards too are only counted, and listed when one is read.
    """

    __slots__ = (
        "_count",
        "_discards",
        "_hand",
        "_kept",
        "_lay_offs",
        "_position",
        "_spots",
        "_swaps",
    )

    def __init__(
        self,
        position: Position,
        hand: Hand,
        swaps: list[tuple[Card, int]],
        spots: list[tuple[int, End | None]],
        lay_offs: list[tuple[Card, int, tuple[End | None, ...]]],
        count: int,
        kept: Card | None,
        discards: bool,
    ) -> None:
        self._position = position  # what it lists the actions of
        self._hand = hand  # the active player's: its discards (see _discarded)
        self._swaps = swaps  # (card, target): each swapped in frees a wild to every spot
        self._spots = spots
        self._lay_offs = lay_offs  # (card, target, places): one lay-off a place
        self._count = count
        self._kept = kept  # the card that may not be discarded (see _discards)
        # The discards, once listed; none when the listing is only of lay-offs and swaps.
        self._discards: tuple[Action, ...] | None = None if discards else ()

    def _discarded(self) -> tuple[Action, ...]:
        """The discards, the last part of the listing: listed once, when first read."""
        discards = self._discards
        if discards is None:
            discards = self._discards = _discards(self._hand, self._kept)
        return discards

    def __len__(self) -> int:
        return self._count

    def _at(self, index: int) -> Action:
        spots = self._spots
        swaps = len(self._swaps) * len(spots)
        if index < swaps:
            card, target = self._swaps[index // len(spots)]
            joker_target, end = spots[index % len(spots)]
            swap = _SWAPS.get((card.index, target, joker_target, end)) or _make_swap(
                card, target, joker_target, end
            )
            _READ[0] = (self._position, swap)
            return swap
        index -= swaps
        for card, target, ends in self._lay_offs:
            if index < len(ends):
                lay_off = _lay_offs(card, target, ends)[index]
                _READ[0] = (self._position, lay_off)
                return lay_off
            index -= len(ends)
        return self._discarded()[index]  # the last part: past it, an IndexError

    def __iter__(self) -> Iterator[Action]:
        spots = self._spots
        for card, target in self._swaps:
            yield from _swaps(card, target, spots)
        for card, target, ends in self._lay_offs:
            yield from _lay_offs(card, target, ends)
        yield from self._discarded()


def _legal(position: Position, hand: Hand) -> Sequence[Action]:
    player = position.active
    kept = position.turn.kept_card
    if position.board.down[player]:
        return _fitting(position, player, hand, kept, discards=True) or _discards(hand, kept)
    discards = _discards(hand, kept)
    facts = position.facts
    variant = facts.variant
    result = search(variant, facts.round_number, hand, kept)
    if result is NOTHING:  # most hands: turned down before any search
        return discards
    found = GoDowns(variant, result)
    return _Listing(position, found, discards) if found else discards


def _discards(hand: Hand, kept: Card | None) -> tuple[Action, ...]:
    """A discard of each different card of ``hand`` but ``kept`` (R13, R17), in its order."""
    # One pass over the hand: its distinct cards are not needed as a list here.
    found: list[Action] = []
    previous = None
    for card in hand:
        if card is not previous:
            previous = card
            if card is not kept:
                found.append(DISCARDS[card.index])
    return tuple(found)


def _fitting(
    position: Position, player: int, hand: Hand, kept: Card | None, *, discards: bool
) -> _Playing | None:
    """The swaps, then the lay-offs, of the cards of ``hand``, then, if asked, its discards.

    ``hand`` is the active player's, ``player``, and ``kept`` the card they may not discard
    (see :func:`_discards`). ``None`` when they may not lay off now (R15, R24), or have
    nothing to lay off or swap in. One pass over the table gives both, in the meld's
    order: its ``swappable`` and ``lay_offs`` of the hand, read from what it keeps
    (``swaps``, ``fits``).
    """
    if _lay_off_refusal(position, player, "lay-offs") is not None:
        return None
    held = {card.index for card in hand}  # each card once: copies are interchangeable (R2)
    # The discards are counted, not listed: a discard of each card held but the kept one.
    discarded = len(held) - (kept is not None and kept.index in held) if discards else 0
    if len(hand) <= 2:  # R16: only cards whose lay-off leaves a card to discard
        held = {i for i in held if _leaves_discard(position, remove(hand, CARDS[i]))}
    table = position.board.table
    kinds = _SWAPPABLE[position.facts.variant.joker_swap]
    swaps: list[tuple[Card, int]] = []
    lay_offs: list[tuple[Card, int, tuple[End | None, ...]]] = []
    count = discarded
    for target, placed in enumerate(table):
        meld = placed.meld
        if meld.reach().isdisjoint(held):
            continue  # on most melds none of the cards may go
        if isinstance(meld, kinds):
            for card, _wild in meld.swaps():
                if card.index in held:
                    swaps.append((card, target))
        for card, ends in meld.fits():
            if card.index in held:
                lay_offs.append((card, target, ends))
                count += len(ends)
    spots = _spots(table) if swaps else []
    count += len(swaps) * len(spots)
    if count == discarded:
        return None
    return _Playing(position, hand, swaps, spots, lay_offs, count, kept, discards)


def lay_offs_and_swaps(position: Position, hand: Hand) -> list[Action]:
    """The joker swaps, then the lay-offs, that the active player may play now.

    ``hand`` is the active player's hand: a state's ``hands[active]``, or the hand of the
    view of the active player. In the order :func:`~contract_rummy.legal_actions` lists
    them: empty unless the position is in phase PLAY and its active player may lay off
    (R15, R23, R24).

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> from contract_rummy.engine import lay_offs_and_swaps
    >>> lay_offs_and_swaps(state, state.hands[state.active])
    []
    """
    player = position.active
    if position.phase is not _PLAY or not position.board.down[player]:
        return []
    return list(_fitting(position, player, hand, None, discards=False) or ())


#: The last go-down, lay-off or swap read from a listing by its index, with the position it
#: was listed for: the move a random or searching player most often plays next. Read only
#: (a position is immutable), so that playing it there skips the checks its listing made.
#: One entry, replaced whole (a tuple): a reader never sees parts of two; it holds the
#: position, whose identity no other object can take meanwhile.
_READ: Final[list[tuple[Position | None, Action | None]]] = [(None, None)]


def _listed(state: RoundState, action: Action) -> bool:
    """Whether ``action`` was read from the listing of ``state`` (by its index, the last).

    Then it is legal there (R14-R16, R23, R24): a listed action is one ``_check`` passes.
    """
    position, listed = _READ[0]
    return action is listed and position is state


def _leaves_discard(position: Position, left: Hand) -> bool:
    """R16, R17: whether ``left`` (the hand after a meld, lay-off or swap) can end a turn."""
    return keeps_a_discard(
        len(left),
        only_kept_left=len(left) == 1 and left[0] is position.turn.kept_card,
        final_discard=position.facts.variant.final_discard,
    )


#: The most lay-offs, and the most swaps, kept in :data:`_LAY_OFFS` and :data:`_SWAPS`.
_MADE_BOUND: Final = 4096
#: Each lay-off the listing gives, by its card's index, target and places: actions are
#: immutable values, and making one costs several times a look-up, so listings share them.
#: Keyed by the table's index, not the meld, it outlives the many changes of the melds;
#: emptied when it holds :data:`_MADE_BOUND` entries.
_LAY_OFFS: Final[dict[tuple[int, int, tuple[End | None, ...]], tuple[LayOff, ...]]] = {}
#: Each swap the listing gives, by its card's index, its target, and where the wild goes;
#: as :data:`_LAY_OFFS`.
_SWAPS: Final[dict[tuple[int, int, int, End | None], SwapJoker]] = {}


def _lay_offs(card: Card, target: int, ends: tuple[End | None, ...]) -> tuple[LayOff, ...]:
    """The lay-offs of ``card`` on ``table[target]`` at each of ``ends``, kept for later."""
    actions = _LAY_OFFS.get((card.index, target, ends))
    if actions is not None:
        return actions
    if len(_LAY_OFFS) >= _MADE_BOUND:
        _LAY_OFFS.clear()
    actions = tuple([LayOff._trusted(card, target, end) for end in ends])
    _LAY_OFFS[card.index, target, ends] = actions
    return actions


def _spots(table: tuple[TableMeld, ...]) -> list[tuple[int, End | None]]:
    """Where a wild card freed by a swap may go on ``table`` (R23), as ``(target, end)``.

    The same for every wild card (each fits where the joker does), and on the changed meld
    as on the meld itself (the swap keeps its rank, or its suit, ends and length).
    """
    seen, spots = _LAST_SPOTS[0]
    if seen is table:
        return spots
    spots = [
        (joker_target, end)
        for joker_target, other in enumerate(table)
        for end in other.meld.placements(JOKER)
    ]
    _LAST_SPOTS[0] = (table, spots)
    return spots


#: The last table :func:`_spots` was asked about, and its answer (read only): a table
#: often stays as it is from one turn to the next (a turn that only draws and discards).
_LAST_SPOTS: Final[list[tuple[tuple[TableMeld, ...], list[tuple[int, End | None]]]]] = [((), [])]


def _swaps(card: Card, target: int, spots: list[tuple[int, End | None]]) -> list[SwapJoker]:
    """The swaps of ``card`` on ``table[target]``, the freed wild to each of ``spots``."""
    index = card.index
    made = _SWAPS
    found: list[SwapJoker] = []
    for joker_target, end in spots:
        swap = made.get((index, target, joker_target, end))
        found.append(swap or _make_swap(card, target, joker_target, end))
    return found


def _make_swap(card: Card, target: int, joker_target: int, end: End | None) -> SwapJoker:
    """The swap of ``card`` on ``table[target]``, its wild to ``joker_target``, kept for later."""
    if len(_SWAPS) >= _MADE_BOUND:
        _SWAPS.clear()
    swap = _SWAPS[card.index, target, joker_target, end] = SwapJoker._trusted(
        card, target, joker_target, end
    )
    return swap


#: R23: the kinds of meld the variant lets wild cards be won back from, by its policy.
_SWAPPABLE: Final[dict[JokerSwap, tuple[type[Group | Run], ...]]] = {
    JokerSwap.NEVER: (),
    JokerSwap.RUNS: (Run,),
    JokerSwap.ANY_MELD: (Group, Run),
}


def _swappable(position: Position, meld: Group | Run) -> bool:
    """R23: whether the variant lets wild cards be won back from ``meld``."""
    return isinstance(meld, _SWAPPABLE[position.facts.variant.joker_swap])


# == checks ===================================================================================


def _lay_off_refusal(position: Position, player: int, what: str) -> tuple[str, str] | None:
    """R15, R24: why ``player``, the active player, may not lay off (or swap) now, or ``None``."""
    facts = position.facts
    variant = facts.variant
    if variant.at_once(facts.round_number):
        return "R24", f"round {facts.round_number} is played at once: it has no {what}"
    if not position.board.down[player]:
        return "R15", f"player {player} must go down before any {what}"
    if position.turn.went_down and not variant.lay_off_on_going_down_turn:
        return "R15", f"player {player} went down this turn; {what} start on their next turn"
    return None


def _check_may_lay_off(position: Position, what: str) -> None:
    refusal = _lay_off_refusal(position, position.active, what)
    if refusal is not None:
        refuse(*refusal)


def _target(table: tuple[TableMeld, ...], target: int, rule: str) -> TableMeld:
    if not 0 <= target < len(table):
        refuse(rule, f"there is no meld {target} on the table ({len(table)} melds)")
    return table[target]


def _hold(position: Position, hand: Hand, card: Card, rule: str) -> Hand:
    """``hand``, the active player's, without ``card``; refused if they do not hold it."""
    at = find(hand, card)
    if at < 0:
        refuse(rule, f"player {position.active} does not hold {card}")
    return hand[:at] + hand[at + 1 :]


def _check_end(meld: Group | Run, card: Card, end: End | None, rule: str) -> End | None:
    """Refuse ``card`` at ``end`` of ``meld`` unless it is the one form (R15).

    Returns ``end``, for ``meld.add``: ``None`` only where the card fits one place, which
    ``add`` then finds itself.
    """
    placements = meld.placements(card)
    if not placements:
        refuse(rule, f"{card} does not fit on {meld}")
    if end not in placements:
        if end is None:
            refuse(rule, f"{card} fits both ends of {meld}: say which End")
        refuse(rule, f"{card} goes on {meld} with end=None: it fits one place only")
    return end


@attrs.frozen
class _GoingDown:
    melds: tuple[Group | Run, ...]
    cards: list[Card]  # the melds' cards
    left: Hand


def _check_go_down(position: Position, hand: Hand, action: GoDown) -> _GoingDown:
    player = position.active
    facts = position.facts
    variant = facts.variant
    if position.board.down[player]:
        refuse("R14", f"player {player} is already down; once down, no new meld is started")
    try:  # each meld checked once, against this variant (a no-op for the listed ones)
        melds = tuple(under(meld, variant) for meld in action.melds)
    except InvalidMeldError as error:
        raise IllegalActionError(error.refusal) from None
    problem = godown_problem(variant, facts.round_number, hand, position.turn.kept_card, melds)
    if problem is not None:
        raise IllegalActionError(problem)
    return _going_down(melds, hand)


def _going_down(melds: tuple[Group | Run, ...], hand: Hand) -> _GoingDown:
    """What laying ``melds`` from ``hand`` takes and leaves (the go-down is legal)."""
    cards = [card for meld in melds for card in meld.cards]
    return _GoingDown(melds, cards, without(hand, cards))


def _check_lay_off(position: Position, hand: Hand, action: LayOff) -> tuple[Group | Run, Hand]:
    """The meld once ``action`` laid its card off, and the hand left (R15, R16).

    A plain pair, not a class: every lay-off played makes one.
    """
    _check_may_lay_off(position, "lay-offs")
    placed = _target(position.board.table, action.target, "R15")
    left = _hold(position, hand, action.card, "R15")
    end = _check_end(placed.meld, action.card, action.end, "R15")
    if not _leaves_discard(position, left):
        refuse("R16", f"laying off {action.card} would leave no card to discard")
    return placed.meld.add(action.card, end), left


def _check_swap(
    position: Position, hand: Hand, action: SwapJoker
) -> tuple[tuple[TableMeld, ...], Hand, Card]:
    """The table once ``action`` swapped, the hand left, and the freed wild (R23, R16).

    A plain triple, not a class: every swap played makes one.
    """
    variant = position.facts.variant
    if variant.joker_swap is JokerSwap.NEVER:
        refuse("R23", f"{variant.name} has no joker swaps")
    _check_may_lay_off(position, "joker swaps")
    table = position.board.table
    placed = _target(table, action.target, "R23")
    if not _swappable(position, placed.meld):
        refuse("R23", "jokers in groups are never taken back")
    left = _hold(position, hand, action.card, "R23")
    swapped = placed.meld.swap(action.card)
    if swapped is None:
        refuse("R23", f"no wild card in {placed.meld} stands for {action.card}")
    meld, wild = swapped
    table = with_item(table, action.target, TableMeld(meld, placed.owner))
    landing = _target(table, action.joker_target, "R23")
    try:
        end = _check_end(landing.meld, wild, action.joker_end, "R23")
    except IllegalActionError as error:
        refuse("R23", f"the freed {wild} must be laid off at once: {error.message}")
    if not _leaves_discard(position, left):
        refuse("R16", f"swapping in {action.card} would leave no card to discard")
    return _laid(table, action.joker_target, wild, end), left, wild


def _swapped(
    table: tuple[TableMeld, ...], action: SwapJoker
) -> tuple[tuple[TableMeld, ...], Card]:
    """The table once a listed swap is played, and the freed wild (R23): no checks."""
    placed = table[action.target]
    swapped = placed.meld.swap(action.card)
    assert swapped is not None, action  # listed: a wild there stands for the card
    meld, wild = swapped
    table = with_item(table, action.target, TableMeld(meld, placed.owner))
    return _laid(table, action.joker_target, wild, action.joker_end), wild


def _laid(
    table: tuple[TableMeld, ...], target: int, card: Card, end: End | None
) -> tuple[TableMeld, ...]:
    """``table`` once ``card`` went onto its meld ``target`` at ``end`` (R15, R23)."""
    placed = table[target]
    return with_item(table, target, TableMeld(placed.meld.add(card, end), placed.owner))


def _check_discard(position: Position, hand: Hand, action: Discard) -> Hand:
    left = _hold(position, hand, action.card, "R13")
    if action.card is position.turn.kept_card:
        refuse(
            "R17", f"{action.card} was taken from the discard pile this turn and must stay in hand"
        )
    return left


def _check(position: Position, hand: Hand, action: Action) -> object:
    if isinstance(action, Discard):
        return _check_discard(position, hand, action)
    if isinstance(action, GoDown):
        return _check_go_down(position, hand, action)
    if isinstance(action, LayOff):
        return _check_lay_off(position, hand, action)
    if isinstance(action, SwapJoker):
        return _check_swap(position, hand, action)
    return wrong_phase(position, action)


# == playing ==================================================================================


def _go_down(state: RoundState, action: GoDown) -> Outcome:
    player = state.active
    board = state.board
    hands = state.hands
    hand = hands[player]
    if _listed(state, action):  # found by the search for this hand (R14, R16, R17)
        going = _going_down(action.melds, hand)
    else:
        going = _check_go_down(state, hand, action)
    after = state.replace(
        hands=with_item(hands, player, going.left),
        board=board.replace(
            table=board.table + tuple(TableMeld(meld, player) for meld in going.melds),
            down=with_item(board.down, player, True),
            known=forget(board.known, player, going.cards),
        ),
        turn=Turn(state.turn.kept_card, went_down=True),
        moves=state.moves + 1,
    )
    return _melded(after, going.left, ())


def _lay_off(state: RoundState, action: LayOff) -> Outcome:
    hand = state.hands[state.active]
    table = state.board.table
    if _listed(state, action):  # its end is one of its card's places (R15)
        meld = table[action.target].meld.add(action.card, action.end)
        left = remove(hand, action.card)
    else:
        meld, left = _check_lay_off(state, hand, action)
    placed = TableMeld(meld, table[action.target].owner)
    after = _played(state, left, with_item(table, action.target, placed), action.card)
    return _melded(after, left, ())


def _swap(state: RoundState, action: SwapJoker) -> Outcome:
    player = state.active
    hand = state.hands[player]
    if _listed(state, action):
        table, wild = _swapped(state.board.table, action)
        left = remove(hand, action.card)
    else:
        table, left, wild = _check_swap(state, hand, action)
    after = _played(state, left, table, action.card)
    freed = WildFreed(player, action.card, wild, action.target, action.joker_target)
    return _melded(after, left, (freed,))


@updater(RoundState)
def _melding(
    state: RoundState, *, hands: tuple[Hand, ...], board: Board, moves: int
) -> RoundState:
    """``state`` once the active player put cards on the table: the fields that changes."""
    raise NotImplementedError  # made from the fields by updater()


@updater(Board)
def _board_melded(
    board: Board, *, table: tuple[TableMeld, ...], known: tuple[tuple[Card, ...], ...]
) -> Board:
    """``board`` once a card went onto the table: the fields a lay-off or swap changes."""
    raise NotImplementedError  # made from the fields by updater()


def _played(state: RoundState, left: Hand, table: tuple[TableMeld, ...], card: Card) -> RoundState:
    """The state once the active player put ``card`` on the table, now ``table``."""
    player = state.active
    board = state.board
    return _melding(
        state,
        hands=with_item(state.hands, player, left),
        board=_board_melded(board, table=table, known=forget(board.known, player, (card,))),
        moves=state.moves + 1,
    )


def _melded(after: RoundState, left: Hand, events: tuple[Event, ...]) -> Outcome:
    """The outcome of a go-down, lay-off or swap that leaves ``left`` in hand."""
    if not left:  # R24, or a variant without R16: an empty hand goes out
        return end_round(after, RoundEnd.WENT_OUT, after.moves, events)
    return after, events


@updater(RoundState)
def _next_turn(
    state: RoundState,
    *,
    phase: Phase,
    active: int,
    to_act: int,
    hands: tuple[Hand, ...],
    discard: tuple[Card, ...],
    discarded_by: tuple[int | None, ...],
    board: Board,
    turn: Turn,
    window: BuyWindow,
    turns: int,
    moves: int,
) -> RoundState:
    """``state`` once a discard began the next player's turn: the fields a discard changes."""
    raise NotImplementedError  # made from the fields by updater()


def _discard(state: RoundState, action: Discard) -> Outcome:
    """End the turn with a card on the pile (R13); the last card goes out (R16, R25)."""
    player = state.active
    hands = state.hands
    left = _check_discard(state, hands[player], action)
    card = action.card
    discard, discarded_by = pile_with(state, card, player)
    hands = with_item(hands, player, left)
    board = state.board
    board = with_known(board, forget(board.known, player, (card,)))  # everyone saw it leave
    variant = state.facts.variant
    limit = variant.max_turns
    turns = state.turns
    if not left or (limit is not None and turns >= limit):
        # R16, R25: the last card goes out; R29: the round has had every turn it may.
        after = state.replace(hands=hands, discard=discard, discarded_by=discarded_by, board=board)
        ended = RoundEnd.TURN_LIMIT if left else RoundEnd.WENT_OUT
        return end_round(after, ended, state.moves + 1)
    following = (player + 1) % len(hands)
    # R13, R31: the next turn begins, with the asking first when the variant has the call.
    phase, to_act, offer = opening(variant, following, state.stock, discard, discarded_by, board)
    after = _next_turn(
        state,
        phase=phase,
        active=following,
        to_act=to_act,
        hands=hands,
        discard=discard,
        discarded_by=discarded_by,
        board=board,
        turn=NEW_TURN,
        window=offer,
        turns=turns + 1,
        moves=state.moves + 1,
    )
    return after, ()


#: Phase PLAY (R13-R17, R23, R24).
PLAY: Final = PhaseRules(
    legal=_legal,
    check=_check,
    plays={Discard: _discard, GoDown: _go_down, LayOff: _lay_off, SwapJoker: _swap},
)
