"""The encoding of one variant and number of players, and the functions that find it."""

from __future__ import annotations

import functools
from typing import Final, SupportsIndex

from contract_rummy._checks import as_int
from contract_rummy.actions import Action
from contract_rummy.encoding import _ids, _observations
from contract_rummy.encoding._ids import (
    CARDS,
    DISCARD_BASE,
    MAX_ACTION_IDS,
    StateOrView,
    default_max_go_downs,
)
from contract_rummy.encoding._observations import FIELDS, SEAT, SLOT, Field, layout
from contract_rummy.engine import legal_actions
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import JokerSwap, Variant, check_variant
from contract_rummy.views import PlayerView

_NATURALS: Final = len(CARDS) - 1


class Encoding:
    """Action ids and observations for one variant and number of players.

    Args:
        variant: The rules of the games to encode.
        players: How many players they have; the variant must allow it (R1). Any integer:
            an int or a NumPy integer.
        max_go_downs: How many go-downs of one state have ids (see the module);
            ``None`` for the variant's :func:`default_max_go_downs`. Any integer, as
            ``players``.

    Raises:
        TypeError: if ``variant`` is not a :class:`~contract_rummy.Variant`, or
            ``players`` or ``max_go_downs`` not an integer (an int, or a value with
            ``__index__`` such as a NumPy integer; a bool is not one).
        ValueError: if the variant is not played by ``players`` players, or
            ``max_go_downs`` is below 1 or so large that some ids would not fit a signed
            32-bit int (:data:`MAX_ACTION_IDS` ids at most: OpenSpiel counts a game's
            actions in one, and a mask of so many ids is already 2 GB).

    Two encodings are equal when their variants, players and ``max_go_downs`` are: they
    give the same ids and observations.

    Attributes:
        variant: The rules of the games it encodes.
        players: Their number of players.
        targets: The bound ``T`` on the table index of a lay-off or swap: the most melds
            the table can hold in a round not played at once.
        table_slots: How many melds the observation has room for: the most the table can
            hold in any round.
        max_go_downs: How many go-downs of one state have ids (``G``).
        lay_off_base: The first lay-off id.
        swap_base: The first joker-swap id.
        go_down_base: The first go-down id.
        num_distinct_actions: How many ids there are: every id is in
            ``range(num_distinct_actions)``.
        observation_size: How many numbers an observation holds.

    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import Encoding
    >>> enc = Encoding(cr.PAGAT, 4)
    >>> enc.targets, enc.lay_off_base, enc.swap_base
    (12, 58, 1966)
    >>> enc.action_id(cr.new_game(seed=3), cr.DrawStock())
    0
    """

    __slots__ = (
        "_fields",
        "_seat_fields",
        "_seat_size",
        "_slot_fields",
        "_slot_size",
        "go_down_base",
        "lay_off_base",
        "max_go_downs",
        "num_distinct_actions",
        "observation_size",
        "players",
        "swap_base",
        "table_slots",
        "targets",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        players: SupportsIndex,
        *,
        max_go_downs: SupportsIndex | None = None,
    ) -> None:
        check_variant(variant)
        players = as_int("players", players)
        variant.check_players(players)
        if max_go_downs is None:
            max_go_downs = default_max_go_downs(variant)
        max_go_downs = as_int("max_go_downs", max_go_downs, minimum=1)
        self.variant: Final[Variant] = variant
        self.players: Final[int] = players
        rounds = range(1, variant.rounds + 1)
        melds = [variant.contract(number).melds for number in rounds]
        at_once = [variant.at_once(number) for number in rounds]
        targets = max(
            [m * players for m, once in zip(melds, at_once, strict=True) if not once] or [0]
        )
        self.targets: Final[int] = targets
        self.table_slots: Final[int] = max(
            [targets, *(m for m, once in zip(melds, at_once, strict=True) if once)]
        )
        self.max_go_downs: Final[int] = max_go_downs
        cards = len(CARDS)
        self.lay_off_base: Final[int] = DISCARD_BASE + cards
        swaps = 0 if variant.joker_swap is JokerSwap.NEVER else _NATURALS * targets * targets * 3
        self.swap_base: Final[int] = self.lay_off_base + cards * targets * 3
        self.go_down_base: Final[int] = self.swap_base + swaps
        most = MAX_ACTION_IDS - self.go_down_base
        if max_go_downs > most:
            raise ValueError(
                f"max_go_downs must be at most {most} for {variant.name} with {players} "
                f"players, got {max_go_downs}: {MAX_ACTION_IDS} action ids at most"
            )
        self.num_distinct_actions: Final[int] = self.go_down_base + max_go_downs
        # The observation's layout, read from its spec: a seat's and a table slot's first.
        self._seat_fields: Final[tuple[Field, ...]] = layout(SEAT, self)
        self._seat_size: Final[int] = self._seat_fields[-1].stop
        self._slot_fields: Final[tuple[Field, ...]] = layout(SLOT, self)
        self._slot_size: Final[int] = self._slot_fields[-1].stop
        self._fields: Final[tuple[Field, ...]] = layout(FIELDS, self)
        self.observation_size: Final[int] = self._fields[-1].stop

    def __repr__(self) -> str:
        return (
            f"Encoding({self.variant.name!r} with {self.players} players: "
            f"{self.num_distinct_actions} action ids, {self.max_go_downs} for go-downs; "
            f"observations of {self.observation_size})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Encoding):
            return NotImplemented
        return (self.variant, self.players, self.max_go_downs) == (
            other.variant,
            other.players,
            other.max_go_downs,
        )

    def __hash__(self) -> int:
        return hash((self.variant, self.players, self.max_go_downs))

    def _check(self, subject: object) -> StateOrView:
        """``subject`` itself if it is a state or view of this encoding's games."""
        if isinstance(subject, RoundState):
            players = len(subject.hands)
        elif isinstance(subject, PlayerView):
            players = len(subject.hand_sizes)
        else:
            raise TypeError(f"expected a RoundState or a PlayerView, got {subject!r}")
        if subject.phase is Phase.CHANCE:
            raise ValueError(
                "R5: a state at a chance point (phase CHANCE) has no action ids nor "
                "observations: chance's outcomes are no player's actions; resolve the "
                "chance point first (contract_rummy.chance_outcomes)"
            )
        variant = subject.variant
        if players != self.players or (variant is not self.variant and variant != self.variant):
            # Two variants may share a name (attrs.evolve keeps the preset's): say so.
            other = (
                f"another variant named {variant.name}"
                if variant.name == self.variant.name and variant != self.variant
                else variant.name
            )
            raise ValueError(
                f"this encoding is for {self.variant.name} with {self.players} players; got "
                f"a {type(subject).__name__} of {other} with {players} players"
            )
        return subject

    # -- action ids -----------------------------------------------------------------------

    def go_down_count(self, state_or_view: StateOrView) -> int:
        """How many go-downs are legal: ids exist for the first :attr:`max_go_downs`.

        Counted without listing them (the go-down search counts the ways to place wild
        cards); 0 unless a player not yet down is to play (or, for a view, unless that
        player is its own).

        Raises:
            TypeError: if ``state_or_view`` is neither a state nor a view.
            ValueError: if it is of another variant or number of players, or at a chance
                point (phase CHANCE, R5).
        """
        return _ids.go_down_count(legal_actions(self._check(state_or_view)))

    def action_id(self, state_or_view: StateOrView, action: Action) -> int:
        """The id of ``action``, which must be legal in ``state_or_view``.

        For a view, the action is its player's (see
        :func:`~contract_rummy.legal_actions`). A go-down's rank is found by reading the
        state's go-downs in order up to it, so its id costs more the later it comes;
        :meth:`id_action` finds the go-down of an id directly.

        Raises:
            TypeError: if ``action`` is not an action, or ``state_or_view`` neither a
                state nor a view.
            IllegalActionError: if the rules refuse ``action`` here (the rule's message).
            ValueError: if ``state_or_view`` is of another variant or number of players,
                or ``action`` is a go-down beyond the first :attr:`max_go_downs`.

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> enc.action_id(cr.new_game(seed=3), cr.Buy())
        Traceback (most recent call last):
        ...
        contract_rummy.errors.IllegalActionError: R13: Buy() is not possible now: ...
        """
        return _ids.action_id(self, state_or_view, action)

    def id_action(self, state_or_view: StateOrView, action_id: SupportsIndex) -> Action:
        """The legal action whose id is ``action_id`` in ``state_or_view``.

        ``action_id`` may be any integer: an int, or a value with ``__index__`` such as the
        NumPy integer ``np.argmax(mask)`` gives.

        Raises:
            TypeError: if ``action_id`` is not an integer (a bool, a float and a string
                are not), or ``state_or_view`` neither a state nor a view.
            ValueError: if ``action_id`` is outside ``range(num_distinct_actions)``, or
                ``state_or_view`` of another variant or number of players.
            IllegalActionError: if the rules refuse the id's action here, or the id is a
                go-down's and the state has fewer go-downs (the message ends with the
                id).

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> enc.id_action(cr.new_game(seed=3), 1)
        TakeDiscard()
        >>> enc.id_action(cr.new_game(seed=3), 1.0)
        Traceback (most recent call last):
        ...
        TypeError: an action id must be an int, got 1.0
        >>> enc.id_action(cr.new_game(seed=3), enc.num_distinct_actions)
        Traceback (most recent call last):
        ...
        ValueError: action id 26430 is outside range(26430) of pagat with 4 players
        """
        return _ids.id_action(self, state_or_view, action_id)

    def legal_ids(self, state_or_view: StateOrView) -> list[int]:
        """The ids of every legal action, in increasing order.

        The go-downs beyond the first :attr:`max_go_downs` have no id and are left out;
        the go-downs are counted, never listed one by one.

        Raises:
            TypeError: if ``state_or_view`` is neither a state nor a view.
            ValueError: if it is of another variant or number of players, or at a chance
                point (phase CHANCE, R5).

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> state = cr.apply(cr.new_game(seed=3), cr.TakeDiscard())
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> enc.legal_ids(state)[:3]
        [5, 20, 21]
        >>> [str(enc.id_action(state, i).card) for i in enc.legal_ids(state)][:3]
        ['AC', '3D', '4D']
        """
        return _ids.legal_ids(self, state_or_view)

    def legal_mask(self, state_or_view: StateOrView) -> list[bool]:
        """``num_distinct_actions`` flags: ``mask[i]`` tells whether id ``i`` is legal.

        The same ids as :meth:`legal_ids`.

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> mask = Encoding(cr.PAGAT, 4).legal_mask(cr.new_game(seed=3))
        >>> len(mask), mask[:5]
        (26430, [True, True, False, False, False])
        """
        mask = [False] * self.num_distinct_actions
        for action_id in self.legal_ids(state_or_view):
            mask[action_id] = True
        return mask

    # -- observations ---------------------------------------------------------------------

    def observation_fields(self) -> tuple[Field, ...]:
        """The fields of an observation, in order, with where each lies (see the module).

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding, Field
        >>> Encoding(cr.PAGAT, 4).observation_fields()[:2]
        (Field(name='hand', start=0, size=53), Field(name='kept_card', start=53, size=53))
        """
        return self._fields

    def observation_bounds(self) -> tuple[list[float], list[float]]:
        """The least and the greatest value of each number of an observation: ``(low, high)``.

        Every observation of the encoding's games lies within them (``low[i] <=
        observation[i] <= high[i]``), as the rules and the variant bound each number; they
        are not tight. Each ``high[i]`` is above ``low[i]``, also for a number that cannot
        change in this variant (a flag is 0 to 1, a count 0 to at least 1). With ``d``
        decks and ``j`` jokers (:meth:`Variant.deck_counts
        <contract_rummy.Variant.deck_counts>`), ``N`` cards in all and ``P`` the penalty
        points of the whole deck:

        - copies of a card: up to ``d`` (the joker: ``j``); card and pile sizes, a
          player's buys this round (a buy brings at least one card into a hand for good,
          R19): up to ``N``;
        - a round's penalty: up to ``P`` (a hand is part of the deck, R25); a total: from
          minus the cut bonus times the rounds (R32) to ``P`` times the rounds;
        - buys left: from -1 to the cap (R21); the contract's numbers: up to their largest
          over the rounds;
        - turns begun and reshuffles this round: up to ``max_turns`` and
          ``max_reshuffles`` (R29, R27), or ``math.inf`` when the variant sets no limit;
        - a meld's low and high positions: up to 14 (R8); its length: up to the longest
          run, or a rank's ``4 * d`` cards and every wild card; its wild cards: up to
          every wild card of the deck.

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> low, high = enc.observation_bounds()
        >>> hand = enc.observation_fields()[0]
        >>> high[hand.start], high[hand.stop - 1]  # two copies of AC, three jokers
        (2.0, 3.0)
        >>> seen = enc.observation(cr.view(cr.new_game(seed=1), 0))
        >>> all(lo <= x <= hi for lo, x, hi in zip(low, seen, high))
        True
        """
        return _observations.bounds(self)

    def observation(self, view: PlayerView) -> list[float]:
        """What ``view``'s player sees, as :attr:`observation_size` numbers (see the module).

        It reads the view alone: the cards its player cannot see never change it.

        Raises:
            TypeError: if ``view`` is not a :class:`~contract_rummy.PlayerView` (make one
                with :func:`~contract_rummy.view`).
            ValueError: if it is of another variant or number of players, or at a chance
                point (phase CHANCE, R5).

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> seen = cr.view(cr.new_game(seed=1), 0)
        >>> numbers = enc.observation(seen)
        >>> hand = enc.observation_fields()[0]
        >>> sum(numbers[hand.start : hand.stop]), len(numbers) == enc.observation_size
        (10.0, True)
        """
        return _observations.observation(self, view)


@functools.lru_cache(maxsize=64, typed=True)
def encoding_for(variant: Variant, players: SupportsIndex) -> Encoding:
    """The :class:`Encoding` of ``variant`` with ``players`` players, made once and kept.

    It has the variant's :func:`default_max_go_downs`. ``players`` may be any integer, as
    for :class:`Encoding`.

    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import encoding_for
    >>> encoding_for(cr.PAGAT, 4) is encoding_for(cr.PAGAT, 4)
    True
    """
    if type(players) is not int:
        # Kept by type as well as value (4.0 equals 4): another integer finds the int's
        # encoding, and anything else is refused.
        return encoding_for(variant, as_int("players", players))
    return Encoding(variant, players)


def _encoding_of(subject: object) -> Encoding:
    if isinstance(subject, RoundState):
        return encoding_for(subject.variant, len(subject.hands))
    if isinstance(subject, PlayerView):
        return encoding_for(subject.variant, len(subject.hand_sizes))
    raise TypeError(f"expected a RoundState or a PlayerView, got {subject!r}")


def num_distinct_actions(variant: Variant, players: SupportsIndex) -> int:
    """How many action ids ``variant`` with ``players`` players has (see the module).

    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import encoding_for, num_distinct_actions
    >>> num_distinct_actions(cr.PAGAT, 4) == encoding_for(cr.PAGAT, 4).num_distinct_actions
    True
    """
    return encoding_for(variant, as_int("players", players)).num_distinct_actions


def observation_size(variant: Variant, players: SupportsIndex) -> int:
    """How many numbers an observation of ``variant`` with ``players`` players holds."""
    return encoding_for(variant, as_int("players", players)).observation_size


def action_id(state_or_view: StateOrView, action: Action) -> int:
    """The id of a legal ``action``: :meth:`Encoding.action_id` for the state's game."""
    return _encoding_of(state_or_view).action_id(state_or_view, action)


def id_action(state_or_view: StateOrView, action_id: SupportsIndex) -> Action:
    """The legal action of id ``action_id``: :meth:`Encoding.id_action` for the game."""
    return _encoding_of(state_or_view).id_action(state_or_view, action_id)


def legal_ids(state_or_view: StateOrView) -> list[int]:
    """The ids of every legal action: :meth:`Encoding.legal_ids` for the state's game."""
    return _encoding_of(state_or_view).legal_ids(state_or_view)


def legal_mask(state_or_view: StateOrView) -> list[bool]:
    """The flags of the legal ids: :meth:`Encoding.legal_mask` for the state's game."""
    return _encoding_of(state_or_view).legal_mask(state_or_view)


def observation(view: PlayerView) -> list[float]:
    """What ``view``'s player sees, as numbers: :meth:`Encoding.observation`."""
    return _encoding_of(view).observation(view)
