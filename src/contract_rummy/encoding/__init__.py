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
refuses it, as :func:`~contract_rummy.apply` would. An id may be any integer, an int or
a NumPy integer such as ``np.argmax(mask)`` gives (a value with ``__index__``); one
outside ``range(num_distinct_actions)`` raises :class:`ValueError`, and anything else (a
bool, a float, a string) :class:`TypeError`.

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

.. The table of the fields, written in from the layout when the package is imported.

A seat holds 8 numbers:

.. The table of a seat's fields, written in from the layout likewise.

A table slot holds ``90 + players`` numbers, all 0 for an empty slot:

.. The table of a slot's fields, written in from the layout likewise.

The view's ``moves`` (which grows without bound) and ``cut`` (R32, whose bonus is already
in the scores) are not encoded, nor is anything the variant fixes for the whole game.
"""

from __future__ import annotations

from contract_rummy.encoding._encoding import (
    Encoding,
    action_id,
    encoding_for,
    id_action,
    legal_ids,
    legal_mask,
    num_distinct_actions,
    observation,
    observation_size,
)
from contract_rummy.encoding._ids import (
    BUY,
    DEFAULT_MAX_GO_DOWNS,
    DISCARD_BASE,
    DRAW_STOCK,
    MAX_ACTION_IDS,
    MAX_GO_DOWNS,
    NEXT_ROUND,
    PASS,
    TAKE_DISCARD,
    WILD_RANK_MAX_GO_DOWNS,
    StateOrView,
    default_max_go_downs,
)
from contract_rummy.encoding._observations import Field, fields_table, seat_table, slot_table

__all__ = [
    "BUY",
    "DEFAULT_MAX_GO_DOWNS",
    "DISCARD_BASE",
    "DRAW_STOCK",
    "MAX_ACTION_IDS",
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

#: The comments of the documentation above that the layout's tables take the place of.
_TABLES = {
    ".. The table of the fields, written in from the layout when the package is imported.": (
        fields_table()
    ),
    ".. The table of a seat's fields, written in from the layout likewise.": seat_table(),
    ".. The table of a slot's fields, written in from the layout likewise.": slot_table(),
}
if __doc__ is not None:  # None when Python runs without docstrings (-OO)
    for _comment, _table in _TABLES.items():
        __doc__ = __doc__.replace(_comment, _table)
