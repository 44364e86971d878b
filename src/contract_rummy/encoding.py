"""Fixed integer action ids and observation vectors, per variant and number of players.

Game-playing frameworks want actions as integers in a fixed range and observations as
vectors of a fixed length. :class:`Encoding` gives both for one
:class:`~contract_rummy.Variant` and player count, in pure Python (plain lists of numbers,
no array library):

- :meth:`Encoding.action_id` and :meth:`Encoding.id_action` turn the legal actions of a
  state, or of a player's :class:`~contract_rummy.PlayerView`, into ids in
  ``range(num_distinct_actions)`` and back; :meth:`Encoding.legal_ids` and
  :meth:`Encoding.legal_mask` give the ids of every legal action at once, without listing
  the go-downs one by one;
- :meth:`Encoding.observation` turns a player's view into ``observation_size`` numbers.

The module's functions (:func:`action_id`, :func:`id_action`, :func:`legal_ids`,
:func:`legal_mask`, :func:`observation`, :func:`num_distinct_actions`,
:func:`observation_size`) do the same with the encoding of the state's own variant and
player count (:func:`encoding_for`, made once and kept).

>>> import contract_rummy as cr
>>> from contract_rummy import encoding
>>> state = cr.new_game(seed=3)
>>> encoding.legal_ids(state)
[0, 1]
>>> encoding.id_action(state, 0), encoding.action_id(state, cr.TakeDiscard())
(DrawStock(), 1)
>>> state = cr.apply(state, cr.TakeDiscard())
>>> encoding.legal_ids(state)[:4], encoding.id_action(state, 21)
([5, 20, 21, 23], Discard(card=Card.parse('4D')))
>>> state = cr.apply(cr.apply(state, cr.Discard("AC")), cr.DrawStock())
>>> state.phase, encoding.legal_ids(state), encoding.action_id(state, cr.Pass())
(Phase.BUY, [2, 3], 3)
>>> seen = cr.view(state, 0)
>>> len(encoding.observation(seen)) == encoding.observation_size(cr.PAGAT, 4)
True

Action ids
----------
An id means the same action in every state wherever it can: only the go-downs, whose
number and cards depend on the hand, are numbered state by state. With ``T`` the
encoding's :attr:`~Encoding.targets` (the most melds a lay-off or swap can aim at) and ``G``
its :attr:`~Encoding.max_go_downs`, the ids are, in order:

======================  ======================  ============================================
ids                     count                   action
======================  ======================  ============================================
0, 1, 2, 3, 4           5                       ``DrawStock()``, ``TakeDiscard()``,
                                                ``Buy()``, ``Pass()``, ``NextRound()``
from 5                  53                      ``Discard(card)``: 5 + ``card.index`` (0-52,
                                                the joker 52)
from ``lay_off_base``   53 * T * 3              ``LayOff(card, target, end)``:
                                                ``(card.index * T + target) * 3 + end``
from ``swap_base``      52 * T * T * 3          ``SwapJoker(card, target, joker_target,
                                                joker_end)``: ``((card.index * T + target)
                                                * T + joker_target) * 3 + joker_end``
from ``go_down_base``   G                       the go-down at this rank in the state's
                                                listing
======================  ======================  ============================================

An end counts 0 for ``None``, 1 for ``End.LOW`` and 2 for ``End.HIGH``. A variant
without joker swaps (``JokerSwap.NEVER``) has no swap ids, and one whose every round is
played at once (R24) no lay-off ids. ``num_distinct_actions`` is ``go_down_base + G``.

**Go-downs** are numbered by their rank in the engine's canonical order:
:func:`~contract_rummy.legal_actions` lists a player's go-downs first, in the order of the
go-down search (``GoDowns`` of ``contract_rummy.godown``), and the go-down at index ``i``
of that listing has id ``go_down_base + i``. The order depends only on the variant, the
round, the hand and the card taken from the discard pile this turn, so it is the same in
a state and in each of its players' views. A hand with many wild cards can go down in
millions of ways (R30), so the ids stop at a bound ``G`` per variant: the first ``G``
go-downs of a state always have ids, and the others have none. Beyond the bound,
:meth:`~Encoding.action_id` raises :class:`ValueError` naming the bound,
:meth:`~Encoding.legal_ids` and :meth:`~Encoding.legal_mask` leave those go-downs out (an
agent that plays by id never chooses them; :meth:`~Encoding.go_down_count` tells how many
there are), and the first ``G`` and every other action keep their ids.

**Table bound**: a player goes down once a round, with exactly their contract's melds
(R14), so the table never holds more than ``players`` times the largest contract's melds.
Lay-offs and swaps happen only in rounds not played at once (R24), so ``T`` is the most
melds of a round not played at once, times the players; in a round played at once the
player who goes down ends it, so the observation's :attr:`~Encoding.table_slots` is the
larger of ``T`` and the most melds of a round played at once.

**Go-down bound**: the largest number of go-downs seen in one state, over every state in
which a player not yet down plays (phase PLAY), in seeded games of every preset and every
player count it allows: 30 games each between random bots (who buy whatever they are
offered, so their hands grow large) and 30 between heuristic bots
(:func:`~contract_rummy.make_bot`), one bot a player; ``python -m benchmarks.go_downs``
measures it again.
The bound is the smallest 1, 2 or 5 times a power of ten that is at least twice the
largest count, but at most 100000, so that no variant's action masks grow past that many
go-down ids. Only ``deuces-wild``, whose eleven wild cards let a hand go down in millions
of ways, reaches that cap: 3 of its 10292 states measured had more go-downs than it, and
keep ids for their first 100000 only. "states" counts the states measured, "random" and
"heur." the most go-downs of one state in the random and the heuristic games, "over" the
states beyond the bound:

====================  ======  =======  ======  ====  ======
preset                states  random   heur.   over  bound
====================  ======  =======  ======  ====  ======
pagat                  16722      594     210     0    2000
contract               48666     1502     210     0    5000
progressive           216003      949     438     0    2000
liverpool             464257       72     113     0     500
liverpool-cut          16770      699     207     0    2000
shanghai              266999      949     438     0    2000
shanghai-11            18022      364      90     0    1000
california            135732    38720   10359     0  100000
no-buy                464257       72     113     0     500
double-progressive    224874      304     438     0    1000
may-i                  16499     1196     458     0    5000
deuces-wild            10292  2401818  123018     3  100000
====================  ======  =======  ======  ====  ======

A variant that is not a preset gets :data:`DEFAULT_MAX_GO_DOWNS` when it has no wild
ranks and :data:`WILD_RANK_MAX_GO_DOWNS` when it does, unless the encoding is made with
its own ``max_go_downs``.

The resulting sizes of every preset at its fewest and most players (``T`` equals the
table slots for every preset):

====================  =======  ====  ====================  ================
preset                players  T     num_distinct_actions  observation_size
====================  =======  ====  ====================  ================
pagat                       4    12                 26430              1418
contract                    3     9                 19125              1113
contract                    5    15                 42543              1729
progressive                 3     9                 16125              1113
progressive                 8    24                 95730              2698
liverpool                   3     9                 14625              1113
liverpool                   8    24                 94230              2698
liverpool-cut               4    12                 26430              1418
shanghai                    3     9                 16125              1114
shanghai                    8    24                 95730              2699
shanghai-11                 4    12                 25430              1418
california                  3     9                114125              1113
california                  8    24                193730              2698
no-buy                      3     9                 14625              1113
no-buy                      8    24                 94230              2698
double-progressive          3     9                 15125              1113
double-progressive          8    24                 94730              2698
may-i                       4    12                 29430              1418
deuces-wild                 4    12                124430              1418
====================  =======  ====  ====================  ================

Illegal actions have no id: :meth:`~Encoding.action_id` of an action the rules refuse, and
:meth:`~Encoding.id_action` of an id whose action they refuse, raise
:class:`~contract_rummy.IllegalActionError` (a :class:`ValueError`) with the rule that
refuses it, as :func:`~contract_rummy.apply` would. An id outside
``range(num_distinct_actions)`` raises :class:`ValueError`, a non-int :class:`TypeError`.

Observations
------------
:meth:`Encoding.observation` reads a :class:`~contract_rummy.PlayerView` only, so two
states that differ only in cards the player cannot see give the same observation. Seats
are counted from the viewer: seat 0 is the viewer, seat 1 the player on their left (who
plays next), and so on; "one-hot over the seats" means ``players`` numbers, 1 at the
seat's place and 0 elsewhere (all 0 when there is no such player). Cards are counted by
:attr:`Card.index <contract_rummy.Card>`: 53 numbers, ``AC`` to ``KS`` then the joker.
Every number is a count, a flag (0 or 1) or a score, unscaled
(:meth:`Encoding.observation_bounds` gives the least and greatest value of each). The
fields, in order (:meth:`Encoding.observation_fields` gives each one's start and size):

=================  ==============  ========================================================
field              size            content
=================  ==============  ========================================================
``hand``           53              the viewer's hand: copies of each card
``kept_card``      53              one-hot: the card the viewer took from the discard
                                   pile this turn and must keep (R17); all 0 in the
                                   others' views, which do not show it
``discard_top``    53              one-hot: the face-up top of the discard pile
``discard_pile``   53              copies of each card in the discard pile, top included
``discard_size``   1               cards in the discard pile
``stock_size``     1               cards in the stock
``seats``          players * 8     for each seat in turn: cards in hand; 1 if down (R14);
                                   total score; this round's penalty points once the
                                   round is over, else 0 (R25); buys this round; buys
                                   left under the variant's cap (R21), -1 without a cap,
                                   0 in a variant without buying; 1 if among the winners
                                   (R28); 1 if they discarded the top card (R21)
``dealer``         players         one-hot over the seats: this round's dealer
``active``         players         one-hot over the seats: whose turn it is
``to_act``         players         one-hot over the seats: who must choose now
``buy_queue``      players         1 for each seat still to be offered the top discard
                                   in the open buy window (R19, R31)
``last_buyer``     players         one-hot over the seats: the last buyer of the window
                                   (R20)
``requester``      players         one-hot over the seats: who asked for the top discard,
                                   with the Shanghai call (R31)
``phase``          5               one-hot: DRAW, BUY, PLAY, ROUND_OVER, GAME_OVER
``round``          rounds          one-hot: the round number
``contract``       5               this round's groups, runs, cards dealt, cards of the
                                   contract at its minimum lengths, and 1 if the round is
                                   played at once (R24)
``turn``           3               1 if the active player went down this turn (R15);
                                   turns begun this round (R29); reshuffles this round
                                   (R27)
``table``          slots * slot    one slot per meld, in the order of ``view.table`` (the
                                   ``target`` of a lay-off), then empty slots of zeros
=================  ==============  ========================================================

A table slot holds ``90 + players`` numbers: 2 for its kind (group, run; both 0 when the
slot is empty), ``players`` one-hot over the seats for its owner, 13 one-hot for a group's
rank (ace to king), 4 one-hot for a run's suit (clubs, diamonds, hearts, spades), a run's
low and high positions (1-14, the high ace 14; 0 for a group), the meld's length, how
many of its cards are wild cards standing for another card (R10), 14 flags for the run
positions 1-14 that such a wild card holds (the places a swap can win back, R23), and
53 copies of each physical card in it.

The view's ``moves`` (which grows without bound) and ``cut`` (R32, whose bonus is already
in the scores) are not encoded, nor is anything the variant fixes for the whole game.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, NamedTuple, TypeAlias

from contract_rummy._checks import check_int, is_int
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
from contract_rummy.cards import _ALL
from contract_rummy.engine import apply, is_legal, legal_actions
from contract_rummy.errors import IllegalActionError
from contract_rummy.melds import End, Group, Run
from contract_rummy.presets import VARIANTS
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import JokerSwap, Variant, check_variant
from contract_rummy.views import PlayerView, canonical_state

__all__ = [
    "BUY",
    "DEFAULT_MAX_GO_DOWNS",
    "DISCARD_BASE",
    "DRAW_STOCK",
    "MAX_GO_DOWNS",
    "NEXT_ROUND",
    "PASS",
    "TAKE_DISCARD",
    "WILD_RANK_MAX_GO_DOWNS",
    "Encoding",
    "Field",
    "StateOrView",
    "action_id",
    "default_max_go_downs",
    "encoding_for",
    "id_action",
    "legal_ids",
    "legal_mask",
    "num_distinct_actions",
    "observation",
    "observation_size",
]

#: A whole state, or what one player sees of it.
StateOrView: TypeAlias = RoundState | PlayerView
#: The seat of a player counted from the viewer.
_Seat: TypeAlias = Callable[[int], int]

#: The id of ``DrawStock()``.
DRAW_STOCK: Final = 0
#: The id of ``TakeDiscard()``.
TAKE_DISCARD: Final = 1
#: The id of ``Buy()``.
BUY: Final = 2
#: The id of ``Pass()``.
PASS: Final = 3
#: The id of ``NextRound()``.
NEXT_ROUND: Final = 4
#: The id of ``Discard(card)`` is ``DISCARD_BASE + card.index``.
DISCARD_BASE: Final = 5

#: The go-down bound of each preset, by name (see the module's measurements).
MAX_GO_DOWNS: Final[Mapping[str, int]] = MappingProxyType(
    {
        "pagat": 2_000,
        "contract": 5_000,
        "progressive": 2_000,
        "liverpool": 500,
        "liverpool-cut": 2_000,
        "shanghai": 2_000,
        "shanghai-11": 1_000,
        "california": 100_000,
        "no-buy": 500,
        "double-progressive": 1_000,
        "may-i": 5_000,
        "deuces-wild": 100_000,
    }
)
#: The go-down bound of a variant that is not a preset and has no wild ranks.
DEFAULT_MAX_GO_DOWNS: Final = 5_000
#: The go-down bound of a variant that is not a preset and has wild ranks (R30).
WILD_RANK_MAX_GO_DOWNS: Final = 100_000

_CARDS: Final = len(_ALL)  # 53: the naturals, then the joker
_NATURALS: Final = _CARDS - 1
_FIXED: Final[Mapping[type, int]] = MappingProxyType(
    {DrawStock: DRAW_STOCK, TakeDiscard: TAKE_DISCARD, Buy: BUY, Pass: PASS, NextRound: NEXT_ROUND}
)
_FIXED_ACTIONS: Final = (DrawStock(), TakeDiscard(), Buy(), Pass(), NextRound())
_ENDS: Final = (None, End.LOW, End.HIGH)
_END_CODE: Final[Mapping[End | None, int]] = MappingProxyType({None: 0, End.LOW: 1, End.HIGH: 2})
_ACTION_TYPES: Final = (*_FIXED, Discard, LayOff, SwapJoker, GoDown)
_PHASES: Final = tuple(Phase)
#: Per seat: hand size, down, score, penalty, buys, buys left, winner, discarded the top.
_SEAT: Final = 8
#: A table slot without its owner's seats: kind 2, rank 13, suit 4, low/high/length 3,
#: wild count 1, wild positions 14, cards 53.
_SLOT_FIXED: Final = 2 + 13 + 4 + 3 + 1 + 14 + _CARDS


class Field(NamedTuple):
    """One field of an observation: its name, and where it lies in the vector."""

    #: The field's name, as the module's table of fields lists it.
    name: str
    #: The index of its first number.
    start: int
    #: How many numbers it holds.
    size: int

    @property
    def stop(self) -> int:
        """The index just past its last number: ``observation[field.start:field.stop]``."""
        return self.start + self.size


def default_max_go_downs(variant: Variant) -> int:
    """The go-down bound an :class:`Encoding` of ``variant`` takes unless told otherwise.

    A preset's own measured bound (:data:`MAX_GO_DOWNS`) for a variant equal to that
    preset; else :data:`WILD_RANK_MAX_GO_DOWNS` for a variant with wild ranks (R30) and
    :data:`DEFAULT_MAX_GO_DOWNS` for one without.

    >>> import attrs
    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import DEFAULT_MAX_GO_DOWNS, MAX_GO_DOWNS
    >>> from contract_rummy.encoding import default_max_go_downs
    >>> default_max_go_downs(cr.PAGAT) == MAX_GO_DOWNS["pagat"]
    True
    >>> default_max_go_downs(attrs.evolve(cr.PAGAT, name="mine")) == DEFAULT_MAX_GO_DOWNS
    True
    """
    check_variant(variant)
    preset = VARIANTS.get(variant.name)
    if preset is not None and preset == variant:
        return MAX_GO_DOWNS[variant.name]
    return WILD_RANK_MAX_GO_DOWNS if variant.wild_ranks else DEFAULT_MAX_GO_DOWNS


class Encoding:
    """Action ids and observations for one variant and number of players.

    Args:
        variant: The rules of the games to encode.
        players: How many players they have; the variant must allow it (R1).
        max_go_downs: How many go-downs of one state have ids (see the module);
            ``None`` for the variant's :func:`default_max_go_downs`.

    Raises:
        TypeError: if ``variant`` is not a :class:`~contract_rummy.Variant`, or
            ``players`` or ``max_go_downs`` not an int.
        ValueError: if the variant is not played by ``players`` players, or
            ``max_go_downs`` is below 1.

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

    def __init__(self, variant: Variant, players: int, *, max_go_downs: int | None = None) -> None:
        check_variant(variant)
        check_int("players", players)
        variant.check_players(players)
        if max_go_downs is None:
            max_go_downs = default_max_go_downs(variant)
        check_int("max_go_downs", max_go_downs, minimum=1)
        self.variant: Final = variant
        self.players: Final = players
        rounds = range(1, variant.rounds + 1)
        melds = [variant.contract(number).melds for number in rounds]
        at_once = [variant.at_once(number) for number in rounds]
        targets = max(
            [m * players for m, once in zip(melds, at_once, strict=True) if not once] or [0]
        )
        self.targets: Final = targets
        self.table_slots: Final = max(
            [targets, *(m for m, once in zip(melds, at_once, strict=True) if once)]
        )
        self.max_go_downs: Final = max_go_downs
        self.lay_off_base: Final = DISCARD_BASE + _CARDS
        swaps = 0 if variant.joker_swap is JokerSwap.NEVER else _NATURALS * targets * targets * 3
        self.swap_base: Final = self.lay_off_base + _CARDS * targets * 3
        self.go_down_base: Final = self.swap_base + swaps
        self.num_distinct_actions: Final = self.go_down_base + max_go_downs
        self._slot_size: Final = _SLOT_FIXED + players
        sizes = (
            ("hand", _CARDS),
            ("kept_card", _CARDS),
            ("discard_top", _CARDS),
            ("discard_pile", _CARDS),
            ("discard_size", 1),
            ("stock_size", 1),
            ("seats", players * _SEAT),
            ("dealer", players),
            ("active", players),
            ("to_act", players),
            ("buy_queue", players),
            ("last_buyer", players),
            ("requester", players),
            ("phase", len(_PHASES)),
            ("round", variant.rounds),
            ("contract", 5),
            ("turn", 3),
            ("table", self.table_slots * self._slot_size),
        )
        fields = []
        start = 0
        for name, size in sizes:
            fields.append(Field(name, start, size))
            start += size
        self._fields: Final = tuple(fields)
        self.observation_size: Final = start

    def __repr__(self) -> str:
        return (
            f"Encoding({self.variant.name!r} with {self.players} players: "
            f"{self.num_distinct_actions} action ids, {self.max_go_downs} for go-downs; "
            f"observations of {self.observation_size})"
        )

    # -- what a state is ----------------------------------------------------------------

    def _check(self, subject: object) -> StateOrView:
        """``subject`` itself if it is a state or view of this encoding's games."""
        if isinstance(subject, RoundState):
            players = len(subject.hands)
        elif isinstance(subject, PlayerView):
            players = len(subject.hand_sizes)
        else:
            raise TypeError(f"expected a RoundState or a PlayerView, got {subject!r}")
        variant = subject.variant
        if players != self.players or (variant is not self.variant and variant != self.variant):
            raise ValueError(
                f"this encoding is for {self.variant.name} with {self.players} players; got "
                f"a {type(subject).__name__} of {variant.name} with {players} players"
            )
        return subject

    def go_down_count(self, state_or_view: StateOrView) -> int:
        """How many go-downs are legal: ids exist for the first :attr:`max_go_downs`.

        Counted without listing them (the go-down search counts the ways to place wild
        cards); 0 unless a player not yet down is to play (or, for a view, unless that
        player is its own).

        Raises:
            TypeError: if ``state_or_view`` is neither a state nor a view.
            ValueError: if it is of another variant or number of players.
        """
        return _go_down_count(legal_actions(self._check(state_or_view)))

    # -- actions to ids -----------------------------------------------------------------

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
        subject = self._check(state_or_view)
        if type(action) not in _ACTION_TYPES:
            raise TypeError(f"expected an action, got {action!r}")
        if not is_legal(subject, action):
            raise _refusal(subject, action)
        if isinstance(action, GoDown):
            return self.go_down_base + self._go_down_rank(subject, action)
        return self._plain_id(action)

    def _plain_id(self, action: Action) -> int:
        """The id of an action that is not a go-down: it depends on the action alone."""
        if isinstance(action, Discard):
            return DISCARD_BASE + action.card.index
        targets = self.targets
        if isinstance(action, LayOff):
            self._check_target(action, action.target)
            slot = action.card.index * targets + action.target
            return self.lay_off_base + slot * 3 + _END_CODE[action.end]
        if isinstance(action, SwapJoker):
            self._check_target(action, max(action.target, action.joker_target))
            slot = (action.card.index * targets + action.target) * targets + action.joker_target
            return self.swap_base + slot * 3 + _END_CODE[action.joker_end]
        assert not isinstance(action, GoDown)
        return _FIXED[type(action)]

    def _check_target(self, action: Action, target: int) -> None:
        if target >= self.targets:  # the bound holds for every legal action: a safeguard
            raise ValueError(
                f"{action!r} aims at table[{target}], beyond the encoding's bound of "
                f"{self.targets} melds for {self.variant.name} with {self.players} players"
            )

    def _go_down_rank(self, subject: StateOrView, action: GoDown) -> int:
        legal = legal_actions(subject)
        count = _go_down_count(legal)
        bound = min(count, self.max_go_downs)
        for rank, listed in enumerate(legal):
            if rank >= bound:
                break
            if listed == action:
                return rank
        raise ValueError(
            f"{action!r} is legal here but has no id: it is not among the first "
            f"{self.max_go_downs} of the {count} go-downs of this hand, and only those have "
            f"ids (max_go_downs={self.max_go_downs} for {self.variant.name})"
        )

    # -- ids to actions -----------------------------------------------------------------

    def id_action(self, state_or_view: StateOrView, action_id: int) -> Action:
        """The legal action whose id is ``action_id`` in ``state_or_view``.

        Raises:
            TypeError: if ``action_id`` is not an int, or ``state_or_view`` neither a
                state nor a view.
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
        >>> enc.id_action(cr.new_game(seed=3), enc.num_distinct_actions)
        Traceback (most recent call last):
        ...
        ValueError: action id 26430 is outside range(26430) of pagat with 4 players
        """
        subject = self._check(state_or_view)
        if not is_int(action_id):
            raise TypeError(f"an action id must be an int, got {action_id!r}")
        if not 0 <= action_id < self.num_distinct_actions:
            raise ValueError(
                f"action id {action_id} is outside range({self.num_distinct_actions}) of "
                f"{self.variant.name} with {self.players} players"
            )
        if action_id >= self.go_down_base:
            rank = action_id - self.go_down_base
            legal = legal_actions(subject)
            count = _go_down_count(legal)
            if rank < count:
                return legal[rank]
            raise IllegalActionError(
                f"R14: action id {action_id} is go-down {rank} (from 0), but "
                f"{_no_go_downs(count)} here",
                rule="R14",
            )
        action = self._plain_action(action_id)
        if not is_legal(subject, action):
            error = _refusal(subject, action)
            raise IllegalActionError(f"{error} (action id {action_id})", rule=error.rule)
        return action

    def _plain_action(self, action_id: int) -> Action:
        """The action an id below :attr:`go_down_base` stands for, legal or not."""
        if action_id < DISCARD_BASE:
            return _FIXED_ACTIONS[action_id]
        if action_id < self.lay_off_base:
            return Discard(_ALL[action_id - DISCARD_BASE])
        targets = self.targets
        if action_id < self.swap_base:
            slot, end = divmod(action_id - self.lay_off_base, 3)
            card, target = divmod(slot, targets)
            return LayOff(_ALL[card], target, _ENDS[end])
        slot, end = divmod(action_id - self.swap_base, 3)
        slot, joker_target = divmod(slot, targets)
        card, target = divmod(slot, targets)
        return SwapJoker(_ALL[card], target, joker_target, _ENDS[end])

    # -- every legal id -----------------------------------------------------------------

    def legal_ids(self, state_or_view: StateOrView) -> list[int]:
        """The ids of every legal action, in increasing order.

        The go-downs beyond the first :attr:`max_go_downs` have no id and are left out;
        the go-downs are counted, never listed one by one.

        Raises:
            TypeError: if ``state_or_view`` is neither a state nor a view.
            ValueError: if it is of another variant or number of players.

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> state = cr.apply(cr.new_game(seed=3), cr.TakeDiscard())
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> enc.legal_ids(state)[:3]
        [5, 20, 21]
        >>> [str(enc.id_action(state, i).card) for i in enc.legal_ids(state)][:3]
        ['AC', '3D', '4D']
        """
        legal = legal_actions(self._check(state_or_view))
        count = _go_down_count(legal)
        plain = legal[count:] if count else legal
        ids = sorted(self._plain_id(action) for action in plain)
        base = self.go_down_base
        ids.extend(range(base, base + min(count, self.max_go_downs)))
        return ids

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

    # -- observations -------------------------------------------------------------------

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
        decks and ``j`` jokers (:meth:`Variant.deck_size
        <contract_rummy.Variant.deck_size>`), ``N`` cards in all and ``P`` the penalty
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
        variant = self.variant
        decks, jokers = variant.deck_size(self.players)
        deck = variant.deck(self.players)
        size = float(len(deck))
        points = float(max(sum(map(variant.penalty, deck)), 1))
        rounds = variant.rounds
        wilds = sum(map(variant.is_wild, deck))
        copies = [float(max(decks, 1))] * _NATURALS + [float(max(jokers, 1))]
        contracts = [variant.contract(number) for number in range(1, rounds + 1)]
        low: list[float] = []
        high: list[float] = []

        def add(lowest: float, highest: float, count: int = 1) -> None:
            low.extend([lowest] * count)
            high.extend([highest] * count)

        def add_cards() -> None:
            low.extend([0.0] * _CARDS)
            high.extend(copies)

        def limit(value: int | None) -> float:
            return math.inf if value is None else float(max(value, 1))

        add_cards()  # hand
        add(0, 1, 2 * _CARDS)  # kept_card, discard_top
        add_cards()  # discard_pile
        add(0, size, 2)  # discard_size, stock_size
        for _ in range(self.players):  # seats
            add(0, size)  # cards in hand
            add(0, 1)  # down
            add(-float(variant.cut_bonus * rounds), points * rounds)  # total
            add(0, points)  # this round's penalty
            add(0, size)  # buys this round
            add(-1, float(max(variant.max_buys or 0, 1)))  # buys left
            add(0, 1, 2)  # winner, discarded the top
        add(0, 1, 6 * self.players + len(_PHASES) + rounds)  # the seats' one-hots, phase, round
        add(0, float(max(len(c.groups) for c in contracts) or 1))
        add(0, float(max(len(c.runs) for c in contracts) or 1))
        add(0, float(max(variant.cards_dealt(number) for number in range(1, rounds + 1))))
        add(0, float(max(c.min_cards for c in contracts)))
        add(0, 1)  # played at once
        add(0, 1)  # went down this turn
        add(0, limit(variant.max_turns))
        add(0, limit(variant.max_reshuffles))
        longest = float(max(variant.longest_run, 4 * decks + wilds))
        for _ in range(self.table_slots):
            add(0, 1, 2 + self.players + 13 + 4)  # kind, owner, rank, suit
            add(0, float(variant.highest_position), 2)  # low, high
            add(0, longest)  # length
            add(0, float(max(wilds, 1)))  # wild cards
            add(0, 1, 14)  # wild positions
            add_cards()
        assert len(low) == len(high) == self.observation_size
        return low, high

    def observation(self, view: PlayerView) -> list[float]:
        """What ``view``'s player sees, as :attr:`observation_size` numbers (see the module).

        It reads the view alone: the cards its player cannot see never change it.

        Raises:
            TypeError: if ``view`` is not a :class:`~contract_rummy.PlayerView` (make one
                with :func:`~contract_rummy.view`).
            ValueError: if it is of another variant or number of players.

        >>> import contract_rummy as cr
        >>> from contract_rummy.encoding import Encoding
        >>> enc = Encoding(cr.PAGAT, 4)
        >>> seen = cr.view(cr.new_game(seed=1), 0)
        >>> numbers = enc.observation(seen)
        >>> hand = enc.observation_fields()[0]
        >>> sum(numbers[hand.start : hand.stop]), len(numbers) == enc.observation_size
        (10.0, True)
        """
        given: object = view  # the annotation rules out what a caller may still pass
        if not isinstance(given, PlayerView):
            if isinstance(given, RoundState):
                raise TypeError(
                    "an observation is made from what one player sees: pass "
                    "contract_rummy.view(state, player), not the whole state"
                )
            raise TypeError(f"expected a PlayerView, got {view!r}")
        self._check(view)
        out = [0.0] * self.observation_size
        fields = iter(self._fields)
        n = self.players
        me = view.player

        def seat(player: int) -> int:
            return (player - me) % n

        start = next(fields).start  # hand
        for card in view.hand:
            out[start + card.index] += 1
        start = next(fields).start  # kept_card
        kept = view.turn.kept_card
        if kept is not None:
            out[start + kept.index] = 1.0
        start = next(fields).start  # discard_top
        if view.discard:
            out[start + view.discard[-1].index] = 1.0
        start = next(fields).start  # discard_pile
        for card in view.discard:
            out[start + card.index] += 1
        out[next(fields).start] = len(view.discard)
        out[next(fields).start] = view.stock_size
        self._seats(view, out, next(fields).start, seat)
        for player in (view.dealer, view.active, view.to_act):
            start = next(fields).start
            if player is not None:
                out[start + seat(player)] = 1.0
        window = view.window
        start = next(fields).start  # buy_queue
        for player in window.queue:
            out[start + seat(player)] = 1.0
        for player in (window.last_buyer, window.requester):
            start = next(fields).start
            if player is not None:
                out[start + seat(player)] = 1.0
        out[next(fields).start + _PHASES.index(view.phase)] = 1.0
        out[next(fields).start + view.round_number - 1] = 1.0
        start = next(fields).start  # contract
        variant = view.variant
        contract = variant.contract(view.round_number)
        out[start : start + 5] = [
            len(contract.groups),
            len(contract.runs),
            variant.cards_dealt(view.round_number),
            contract.min_cards,
            float(variant.at_once(view.round_number)),
        ]
        start = next(fields).start  # turn
        out[start : start + 3] = [float(view.turn.went_down), view.turns, view.reshuffles]
        self._table(view, out, next(fields).start, seat)
        return out

    def _seats(self, view: PlayerView, out: list[float], start: int, seat: _Seat) -> None:
        variant = view.variant
        cap = variant.max_buys
        winners = view.winners or ()
        top_by = view.discarded_by[-1] if view.discarded_by else None
        for player in range(self.players):
            at = start + seat(player) * _SEAT
            buys = view.buys[player]
            if not variant.buying:
                left = 0
            elif cap is None:
                left = -1
            else:
                left = max(cap - buys, 0)
            out[at : at + _SEAT] = [
                view.hand_sizes[player],
                float(view.down[player]),
                view.scores[player],
                view.penalties[player] if view.penalties is not None else 0,
                buys,
                left,
                float(player in winners),
                float(player == top_by),
            ]

    def _table(self, view: PlayerView, out: list[float], start: int, seat: _Seat) -> None:
        if len(view.table) > self.table_slots:  # the bound holds in every game: a safeguard
            raise ValueError(
                f"the table holds {len(view.table)} melds, beyond the encoding's "
                f"{self.table_slots} slots"
            )
        size = self._slot_size
        n = self.players
        for index, placed in enumerate(view.table):
            at = start + index * size
            meld = placed.meld
            out[at + 2 + seat(placed.owner)] = 1.0
            at += 2 + n  # rank, suit, low, high, length, wilds, wild positions, cards
            wilds = meld.wild_positions()
            if isinstance(meld, Group):
                out[at - 2 - n] = 1.0
                out[at + meld.rank.value - 1] = 1.0
            else:
                assert isinstance(meld, Run)
                out[at - 2 - n + 1] = 1.0
                out[at + 13 + meld.suit.index] = 1.0
                out[at + 17] = meld.low
                out[at + 18] = meld.high
                for position in wilds:
                    out[at + 21 + meld.low + position - 1] = 1.0
            out[at + 19] = len(meld.cards)
            out[at + 20] = len(wilds)
            cards = at + 35
            for card in meld.cards:
                out[cards + card.index] += 1


def _go_down_count(legal: Sequence[Action]) -> int:
    """How many go-downs open ``legal``: the engine lists a player's go-downs first.

    Counted from the end, past the other actions (a player's discards), so that no
    go-down but the last is built.
    """
    if not legal or not isinstance(legal[0], GoDown):
        return 0
    index = len(legal)
    while not isinstance(legal[index - 1], GoDown):
        index -= 1
    return index


def _no_go_downs(count: int) -> str:
    if count == 0:
        return "no go-down is legal"
    return f"only {count} go-down{'s' * (count != 1)} {'are' if count != 1 else 'is'} legal"


def _refusal(subject: StateOrView, action: Action) -> IllegalActionError:
    """The engine's refusal of ``action`` in ``subject``: what :func:`apply` would raise."""
    if isinstance(subject, PlayerView):
        state, player = canonical_state(subject), subject.player
    else:
        state, player = subject, None
    try:
        apply(state, action, player=player)
    except IllegalActionError as error:
        return error
    # The engine refuses exactly the actions legal_actions leaves out.
    raise AssertionError(f"{action!r} is not listed as legal, yet apply accepts it")


@functools.lru_cache(maxsize=64)
def encoding_for(variant: Variant, players: int) -> Encoding:
    """The :class:`Encoding` of ``variant`` with ``players`` players, made once and kept.

    It has the variant's :func:`default_max_go_downs`.

    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import encoding_for
    >>> encoding_for(cr.PAGAT, 4) is encoding_for(cr.PAGAT, 4)
    True
    """
    return Encoding(variant, players)


def _encoding_of(subject: object) -> Encoding:
    if isinstance(subject, RoundState):
        return encoding_for(subject.variant, len(subject.hands))
    if isinstance(subject, PlayerView):
        return encoding_for(subject.variant, len(subject.hand_sizes))
    raise TypeError(f"expected a RoundState or a PlayerView, got {subject!r}")


def num_distinct_actions(variant: Variant, players: int) -> int:
    """How many action ids ``variant`` with ``players`` players has (see the module).

    >>> import contract_rummy as cr
    >>> from contract_rummy.encoding import encoding_for, num_distinct_actions
    >>> num_distinct_actions(cr.PAGAT, 4) == encoding_for(cr.PAGAT, 4).num_distinct_actions
    True
    """
    return encoding_for(variant, players).num_distinct_actions


def observation_size(variant: Variant, players: int) -> int:
    """How many numbers an observation of ``variant`` with ``players`` players holds."""
    return encoding_for(variant, players).observation_size


def action_id(state_or_view: StateOrView, action: Action) -> int:
    """The id of a legal ``action``: :meth:`Encoding.action_id` for the state's game."""
    return _encoding_of(state_or_view).action_id(state_or_view, action)


def id_action(state_or_view: StateOrView, action_id: int) -> Action:
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
