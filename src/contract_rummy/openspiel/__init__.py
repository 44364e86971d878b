"""Contract Rummy as an OpenSpiel game: ``pyspiel.load_game("python_contract_rummy")``.

This module needs the ``openspiel`` extra (``pip install 'contract_rummy[openspiel]'``),
which brings OpenSpiel and numpy; importing :mod:`contract_rummy` alone imports neither.
Importing this module registers the game with OpenSpiel under :data:`GAME_NAME`, so import
it before loading the game:

>>> import pyspiel
>>> import contract_rummy.openspiel
>>> game = pyspiel.load_game("python_contract_rummy(rounds=1,shuffle=seeded,seed=3)")
>>> state = game.new_initial_state()
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(3, ['DrawStock', 'TakeDiscard'])
>>> state.apply_action(1)
>>> [state.action_to_string(a) for a in state.legal_actions()][:3]
['Discard AC', 'Discard 3D', 'Discard 4D']

The game is exactly the library's game: every action goes through
:func:`~contract_rummy.apply`, and every random draw of the engine (the first dealer, each
deal, the Liverpool cut, each reshuffle) is either a chance node or, with
``shuffle=seeded``, the library's own seeded shuffler.

Parameters
----------
=============  ===============  ===========================================================
parameter      default          meaning
=============  ===============  ===========================================================
``variant``    ``pagat``        the preset played, a name of
                                :data:`~contract_rummy.VARIANTS`
``players``    4                how many players; the variant must allow it (R1)
``rounds``     0                play only the first ``rounds`` rounds of the variant; 0
                                plays every round
``returns``    ``penalties``    ``penalties``: each player's return is their total penalty
                                points, negated; ``win_loss``: the players with the lowest
                                total share a return of 1 (each gets ``1/k`` when ``k``
                                tie), the others get 0
``shuffle``    ``chance``       ``chance``: every random draw is a chance node;
                                ``seeded``: the deals and reshuffles come from the
                                library's seeded shuffler, and the game has no chance node
``seed``       0                with ``shuffle=seeded``, the seed of the game: the game is
                                ``new_game(variant, seed=seed, players=players)``; unused
                                with ``chance``. At most :data:`MAX_SEED`, ``2**31 - 1``
                                (see below)
=============  ===============  ===========================================================

A bad value raises :class:`ValueError` naming the allowed ones (an unknown parameter, or
a value of the wrong type, is refused by OpenSpiel itself):

>>> pyspiel.load_game("python_contract_rummy(returns=points)")
Traceback (most recent call last):
...
ValueError: returns must be one of penalties, win_loss; got 'points'

OpenSpiel keeps a game's int parameters as C++ ints of 32 bits, so ``seed`` goes up to
``2**31 - 1`` (:data:`MAX_SEED`), though :func:`~contract_rummy.new_game` takes larger
seeds. OpenSpiel refuses a larger seed before the game sees it, in its own words: a
``SpielError`` (``CHECK_TRUE(success)``, where the game string's value is read) from
``load_game("python_contract_rummy(shuffle=seeded,seed=3000000000)")``, a
``RuntimeError`` (``Unable to cast Python instance of type <class 'int'>``) from a dict of
parameters. A game made as ``ContractRummyGame(params)`` refuses it naming the bound:

>>> contract_rummy.openspiel.ContractRummyGame({"shuffle": "seeded", "seed": 3_000_000_000})
Traceback (most recent call last):
...
ValueError: seed must be an int from 0 to 2147483647 (2**31 - 1: ...); got 3000000000

A game of a larger seed cannot be loaded: below ``2**64`` each seed starts the library's
shuffler in a state of its own (:func:`~contract_rummy.shuffler.seed_state`), so that no
smaller seed stands for it.

A game cut short by ``rounds`` ends when its last round is scored, and its winners are
the players the library would name if the game ended there (R28, with the variant's
tie-break, R34). With ``returns=win_loss`` the game is constant-sum (the returns add up
to 1); with ``penalties`` it is general-sum, the returns ranging from minus the penalty
points of the whole deck in every round to the Liverpool cut's bonus in every round (R32).

Players and actions
-------------------
Player ids are the seats, ``0..players-1``. The player to act is the engine's
``to_act``: the active player in phases DRAW and PLAY, the player offered the top discard
in the buy window (R19-R22, or asked before the draw with the Shanghai call, R31), one
ordinary sequential decision after another, and in phase ROUND_OVER the dealer, whose
only action deals the next round. Action ids are those of
:mod:`contract_rummy.encoding` for the variant and number of players, and
``num_distinct_actions`` is the encoding's: ``legal_actions()`` is
:meth:`~contract_rummy.encoding.Encoding.legal_ids`, and ``action_to_string`` writes the
action in :func:`~contract_rummy.format_action` notation. A hand that can go down in
more ways than the encoding's go-down bound offers only the first of them (see the
encoding).

Chance
------
With ``shuffle=chance`` (the default) the engine deals chance step by step
(``new_game(auto_chance=False)``): when an action needs a random draw, the engine stops at
a chance point (:func:`~contract_rummy.chance_point`), which is a chance node here;
chance chooses each outcome (:func:`~contract_rummy.chance_outcomes`), and the action is
played with what it drew. The draws, in the order the engine asks for them:

- the first dealer (R4): ``players`` outcomes, each of probability ``1/players``;
- each deal (R5): the shuffled deck, chosen one card at a time from the top, each
  outcome a card's :attr:`~contract_rummy.Card.index` (0-52, the joker 52) with the
  probability of drawing it from the cards not yet placed: its copies left over the
  cards left. Every order of the deck has the probability of a uniform shuffle, as with
  the library's shuffler; the deck is then dealt as R5 says;
- the Liverpool cut (R32, ``liverpool-cut`` only): the number of cards lifted, less 1,
  each of the ``deck - 1`` outcomes equally likely;
- each reshuffle of the discards into a new stock (R27): the new stock chosen card by
  card from the top, as for a deal.

``max_chance_outcomes`` is therefore the larger of 53, ``players``, and, with the cut,
the deck's size less 1. With ``shuffle=seeded``, these draws come from the library's
seeded shuffler (:data:`~contract_rummy.SEEDED`) from the ``seed`` parameter, as in
:func:`~contract_rummy.new_game`: the game then has no chance node, and is the same
game every time. Since the seed is a parameter of the game, a program that knows it can
work out every hidden card; the seeded game is for replaying and comparing the library's
own games, not for training.

Information states and observations
-----------------------------------
A player's information state is their history, with perfect recall in OpenSpiel's sense:
two states give a player the same information state only if the player saw the same
things happen and chose the same actions in both. Their observation is what they see now.
Everything comes from what the player may see (their view, and each action's events as
:func:`~contract_rummy.censor` gives them to the player), never from a card they cannot
see, so it is the same in every state that differs only in hidden cards:

- ``information_state_string(player)`` is ``player N``, then a line a thing the player
  saw happen, in order, as :mod:`contract_rummy.history` keeps it: every action (all
  actions are public) as ``chooser: action`` in :func:`~contract_rummy.format_action`
  notation, each of its events as the player may see it (another player's draw is a
  :class:`~contract_rummy.DrewUnseen`, another buyer's penalty cards a
  :class:`~contract_rummy.BoughtUnseen`, a reshuffle without the new stock), and after
  each deal (its :class:`~contract_rummy.Dealt`: the round, the dealer, the card turned
  up, the cut) the hand the player was dealt. The order of a deal or a reshuffle, drawn
  by chance card by card, shows only in the hands it gives. A game with
  ``shuffle=seeded`` starts with the player's whole first view (``start:``). While
  chance draws for an action, the action is written already, and a last line says it
  waits for chance;
- ``observation_string(player)`` is the player's view now, as
  :func:`contract_rummy.render.view_text` writes it with ``details`` (each player called
  by their number): the round, the scores, the turn, the buy window, the table, the
  discard pile with who discarded each card, the sizes of the hands and of the stock, the
  buys, and last the player's hand;
- ``observation_tensor(player)`` is :meth:`~contract_rummy.encoding.Encoding.observation`
  of the view, as 32-bit floats; :class:`Observer` gives each of its fields by name, and
  also the public part of an observation (the same for every player) and a player's
  private part (their hand and the card R17 keeps in it) on their own, as OpenSpiel's
  playthroughs ask for them;
- there is no information state tensor: the game's type says
  ``provides_information_state_tensor=False`` (and ``information_state_tensor_size()`` is
  0), since a history grows with the game and no tensor of a fixed size holds a whole
  game's. Algorithms that need numbers can read the observation tensor, which does not
  recall, or build their own encoding from the string.

:class:`Observer` with ``perfect_recall`` gives the history in parts too: its public part
(every action and what everyone saw of its events, the same for every player) or its
private part (the cards only the player saw: their draws, their buys' penalty cards, their
hands). The game's steps are kept once, as an immutable chain shared by every copy of a
state and grown by one link an action, and each player's text is written when asked for,
so that copying a state (which OpenSpiel's searches do at every step) costs nothing more.

While chance draws the cards an action needs, the observation says which action waits
for them, and the observation tensor is that of the state before it; before the first
deal it is all zero.

OpenSpiel's algorithms that key on information states run on the game.

Outcome sampling
----------------
Outcome-sampling MCCFR (``open_spiel.python.algorithms.outcome_sampling_mccfr``) runs as
long as the episodes it samples stay short: in practice, on seeded one-round games
(``rounds=1,shuffle=seeded``) of the presets where buying is not capped, ``pagat``,
``contract``, ``liverpool-cut``, ``shanghai-11``, ``may-i`` and ``deuces-wild``.

An episode is one game played from the start, each decision and each chance outcome
sampled. The solver multiplies the probabilities with which it sampled them, then divides
by that product, and it recurses once a node. In these games each decision multiplies the
product by about ``10**-0.6``, and a deck dealt card by card by chance (``shuffle=chance``)
by about ``1e-156`` (``pagat``'s 107 cards; a reshuffle likewise, by its cards). Past some
500 decisions the product falls below the smallest float (``5e-324``) to 0: the solver
divides by zero (NumPy's ``RuntimeWarning``) and keeps infinite or NaN regrets and
average policies from then on. Past Python's recursion limit (1000 frames), an episode
raises :class:`RecursionError`; raising the limit (``sys.setrecursionlimit``) does not
help, since an episode that long has underflowed already.

How long the episodes are depends on how a round ends under sampled play, which almost
never goes out: when the stock runs dry after the last reshuffle the variant allows (R27,
R29). Where buying is not capped, each buy takes a penalty card from the stock, which runs
dry soon: 100 iterations ran without an underflow on four seeds of each of those presets
with 4 players (and 30 with 3 and with 5 players of ``contract``), the longest episodes of
250 to 470 decisions. Where buys are capped (``progressive``, ``shanghai``,
``california``, ``double-progressive``: 3 a round) or there is no buying (``liverpool``,
``no-buy``), a round runs to 600-1000 decisions, and the solver underflowed within the
first 1 to 26 iterations. So did two seeded rounds of ``pagat`` (``rounds=2``), in the
first iteration, and with ``shuffle=chance``, whose deal alone takes half of a float's
range, one-round games of ``pagat`` and ``contract`` in four runs of five, within 1 to 29
iterations. The game's ``max_game_length`` bounds an episode's decisions, far above what
sampled play reaches.

Run the solver under ``np.errstate(all="raise")``: it then stops at the first underflow
with a :class:`FloatingPointError`, before it learns from it:

>>> import numpy as np
>>> from open_spiel.python.algorithms import outcome_sampling_mccfr
>>> game = pyspiel.load_game("python_contract_rummy(rounds=1,shuffle=seeded,seed=3)")
>>> np.random.seed(1)
>>> solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
>>> with np.errstate(all="raise"):
...     for _ in range(5):
...         solver.iteration()
>>> state = game.new_initial_state()
>>> sorted(solver.average_policy().action_probabilities(state)) == state.legal_actions()
True

OpenSpiel's C++ solver, ``pyspiel.OutcomeSamplingMCCFRSolver``, has the same bounds and
stops there on its own (a ``SpielError``: ``CHECK_FALSE(std::isnan(increment) ||
std::isinf(increment))``).

Resampling and search
---------------------
``resample_from_infostate(player, sampler)`` draws a seed from ``sampler`` (a callable
giving a float in ``[0, 1)``, such as ``pyspiel.UniformProbabilitySampler``) and returns
the state whose engine state is :func:`~contract_rummy.determinize` of the player's view
with that seed, so that OpenSpiel's information-set Monte Carlo tree search
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) can play the game. The new state has
an empty OpenSpiel history; it keeps the player's information state. Since the hidden
cards of the past are not dealt again, another player's information state in it is the
public part of their history, then their view of the new state (``resampled:``).
:class:`Evaluator` gives that search cheap leaf values, and :class:`LibraryBot` lets the
library's bots play among OpenSpiel bots;
``python -m benchmarks.openspiel_ismcts`` plays ISMCTS against the heuristic bot.

Game length
-----------
Random play almost never goes out, but every round is finite (R29): with ``T`` the
variant's ``max_turns``, a round begins at most ``T`` turns. OpenSpiel's
``max_game_length`` counts the players' decisions (chance outcomes are counted apart, by
``max_chance_nodes_in_history``). Per round, with ``n`` players, ``d`` cards dealt each
and ``b`` penalty cards a buy:

- at most ``T`` draws, one a turn;
- at most ``B = T + 1`` buys: each takes a card from the discard pile, which receives one
  card at the deal and at most one a turn (fewer under a buy cap: ``n`` times the cap;
  none without buying);
- at most ``n - 1`` questions (buy or pass) each time a discard is offered: once a turn
  and again after each buy, so ``(n - 1)(T + B)``; with the Shanghai call (R31), at most
  ``n - 1`` a turn;
- at most ``n d + T + B (1 + b)`` decisions in phase PLAY, since each (a go-down, a
  lay-off, a swap, a discard) takes at least one card out of a hand, and cards come into
  hands only by the deal, the draws and the buys.

``max_game_length`` adds these up over the rounds played, plus one ``NextRound`` decision
between rounds. Chance nodes are at most one for the first dealer and, per round, the
deck's size for the deal, one for the cut, and the deck's size less 1 for each reshuffle
the variant allows (``max_reshuffles``).

Serialization
-------------
OpenSpiel serializes a Python state as its history and a pickle of its attributes, and
:class:`ContractRummyState` keeps two, immutable values: one holding the engine's state,
and the chain of the game's steps that leads to it (pickled as a flat list, however long
the game); copying a state shares them. ``game.deserialize_state(text)`` refuses, with a
:class:`ValueError` naming what the text holds and what the game is, the state of another
game: another variant, number of players or shuffle, or a round past the game's last. The
text does not hold a seeded game's seed (the engine's state holds its shuffler's state,
not the seed it started from), so a state of the same preset under another seed is taken.
The check is in Python's ``deserialize_state``: OpenSpiel's C++ code deserializes on its
own, as ``pyspiel.deserialize_game_and_state`` does, which loads the game its text names.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401 - the extra's, checked here for every module of the package
    import pyspiel
except ImportError as error:
    raise ImportError(
        "contract_rummy.openspiel needs OpenSpiel and NumPy, which come with the openspiel "
        "extra: pip install 'contract_rummy[openspiel]'"
    ) from error

from contract_rummy.openspiel import _chance
from contract_rummy.openspiel._bot import LibraryBot
from contract_rummy.openspiel._bounds import max_chance_nodes, max_game_length
from contract_rummy.openspiel._evaluator import Evaluator
from contract_rummy.openspiel._game import (
    GAME_NAME,
    MAX_SEED,
    PARAMETERS,
    RETURNS,
    SHUFFLES,
    ContractRummyGame,
    game_type,
)
from contract_rummy.openspiel._observer import Observer
from contract_rummy.openspiel._state import ContractRummyState

__all__ = [
    "GAME_NAME",
    "MAX_SEED",
    "PARAMETERS",
    "RETURNS",
    "SHUFFLES",
    "ContractRummyGame",
    "ContractRummyState",
    "Evaluator",
    "LibraryBot",
    "Observer",
    "max_chance_nodes",
    "max_game_length",
]

# The states pickled by earlier versions name this class as this module's.
_Core = _chance.Core

pyspiel.register_game(game_type(stochastic=True, constant_sum=False), ContractRummyGame)
