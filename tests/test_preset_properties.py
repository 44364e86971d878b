"""Every preset played to its end by seeded random choices: the API's invariants at each step.

For each preset of :data:`contract_rummy.VARIANTS`, with the fewest and the most players it
allows, Hypothesis draws seeds, and each seed plays a whole game: ``random.Random(seed)``
chooses ``legal[rng.randrange(len(legal))]`` every time (``NextRound()`` included). A game
that is not over after :data:`MAX_ACTIONS` actions fails. At every step:

- the deck is conserved: every card of ``variant.deck(players)`` is in a hand, the stock,
  the discard pile or the table, exactly once;
- the listing is empty exactly when the game is over;
- the chosen action is ``in`` the listing (which asks the rules directly), ``is_legal``
  agrees, and ``apply`` accepts it.

At a sample of steps (and at every end of a round), a few random indexes of the listing
give legal, distinct actions that apply, and actions that are *not* legal (a discard of a
card not held, an action of another phase) are refused with an
:class:`~contract_rummy.IllegalActionError` citing a rule, leaving the state as it was. On
presets without wild ranks, where listings stay small, the whole listing is also iterated
at some steps: it must equal its indexing, and every listed action must apply. Listings of
the wild presets (``deuces-wild``, ``california``) are only ever indexed: their go-downs
are counted, not listed, and may number in the hundreds of thousands.

Each game is then replayed from its seed with the same chosen indexes: the states must be
equal, and hash alike, at every step.

The default Hypothesis profile (``fast``) plays a game per preset and player count;
``thorough`` (``HYPOTHESIS_PROFILE=thorough``) plays sixty-six times as many.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.state import deck_difference

#: Whole games per preset and player count: 1 under ``fast``, 66 under ``thorough``.
EXAMPLES = max(1, settings().max_examples // 30)

#: No game needs this many actions: uniform random games take about 1,300 to 6,000 (the
#: presets without buying take longest, some rounds ending by the turn limit, R29).
MAX_ACTIONS = 20_000

#: The share of steps that get the sampled checks (the ends of rounds always do).
SAMPLED = 0.05
#: Random indexes of the listing tried at a sampled step.
INDEXES = 4
#: The most listed actions iterated and applied at a sampled step (non-wild presets only).
MAX_LISTED = 400

RULE = re.compile(r"(R\d+): ")


def _players(variant: cr.Variant) -> list[int]:
    return sorted({variant.min_players, variant.max_players})


PRESETS = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, variant in cr.VARIANTS.items()
    for players in _players(variant)
]


@attrs.define
class Game:
    """A game played to its end: its states, and the index of each chosen action."""

    states: list[cr.RoundState]
    indexes: list[int]
    #: Illegal actions tried at sampled steps, by kind, each refused by a rule.
    refused: dict[str, int]


def is_wild_preset(variant: cr.Variant) -> bool:
    return bool(variant.wild_ranks)


def check_deck(state: cr.RoundState) -> None:
    cards = [
        *(card for hand in state.hands for card in hand),
        *state.stock,
        *state.discard,
        *(card for placed in state.table for card in placed.cards),
    ]
    difference = deck_difference(state.variant, state.players, cards)
    assert difference is None, f"the deck is not conserved ({difference}) in\n{state}"


def check_indexes(state: cr.RoundState, legal: cr.LegalActions, rng: random.Random) -> None:
    """A few random indexes give legal, distinct actions, each accepted by ``apply``."""
    count = len(legal)
    indexes = rng.sample(range(count), min(count, INDEXES))
    actions = [legal[i] for i in indexes]
    assert len(set(actions)) == len(actions), f"indexes {indexes} repeat an action: {actions}"
    for action in actions:
        assert action in legal
        assert cr.is_legal(state, action)
        cr.apply(state, action)
    with pytest.raises(IndexError):
        legal[count]


def check_listing(state: cr.RoundState, legal: cr.LegalActions) -> None:
    """Iteration and indexing agree; every listed action applies (small listings only)."""
    listed = list(legal)
    assert listed == [legal[i] for i in range(len(legal))]
    assert len(set(listed)) == len(listed)
    for action in listed:
        assert cr.is_legal(state, action)
        cr.apply(state, action)


def illegal_actions(state: cr.RoundState, rng: random.Random) -> Iterator[tuple[str, cr.Action]]:
    """Actions the rules must refuse in ``state``, each tagged with its kind."""
    if state.phase is not cr.Phase.ROUND_OVER:
        yield "NextRound outside ROUND_OVER", cr.NextRound()
    else:
        yield "DrawStock in ROUND_OVER", cr.DrawStock()
        yield "Discard in ROUND_OVER", cr.Discard(rng.choice(state.variant.deck(state.players)))
        return
    if state.phase is not cr.Phase.BUY:
        yield "Pass outside BUY", cr.Pass()
    if state.phase is cr.Phase.PLAY:
        yield "DrawStock in PLAY", cr.DrawStock()
    player = state.to_act
    assert player is not None
    held = set(state.hands[player])
    unheld = [
        card for card in dict.fromkeys(state.variant.deck(state.players)) if card not in held
    ]
    if unheld:
        yield "Discard of a card not held", cr.Discard(rng.choice(unheld))
    if state.table and unheld:
        yield "LayOff of a card not held", cr.LayOff(rng.choice(unheld), 0)


def check_refused(
    state: cr.RoundState, legal: cr.LegalActions, kind: str, action: cr.Action
) -> None:
    before = hash(state)
    with pytest.raises(cr.IllegalActionError) as caught:
        cr.apply(state, action)
    message = str(caught.value)
    match = RULE.match(message)
    assert match is not None, f"{kind}: {action!r} refused without citing a rule: {message!r}"
    assert caught.value.rule == match[1], message
    assert not cr.is_legal(state, action), kind
    assert action not in legal, kind
    assert hash(state) == before


def play(name: str, players: int, seed: int) -> Game:
    """Play the preset's game from ``seed`` to its end, checking every step."""
    variant = cr.VARIANTS[name]
    wild = is_wild_preset(variant)
    chooser = random.Random(seed)
    sampler = random.Random(seed ^ 0x5EED)
    state = cr.new_game(variant, seed=seed, players=players)
    game = Game([state], [], {})
    while True:
        check_deck(state)
        legal = cr.legal_actions(state)
        count = len(legal)
        assert (count == 0) == (state.phase is cr.Phase.GAME_OVER), str(state)
        if state.phase is cr.Phase.GAME_OVER:
            return game
        if len(game.indexes) >= MAX_ACTIONS:
            pytest.fail(
                f"{name}, {players} players, seed {seed}: the game is not over after "
                f"{MAX_ACTIONS} actions (round {state.round_number}, {state.phase.name})"
            )
        if state.phase is cr.Phase.ROUND_OVER or sampler.random() < SAMPLED:
            check_indexes(state, legal, sampler)
            for kind, action in illegal_actions(state, sampler):
                check_refused(state, legal, kind, action)
                game.refused[kind] = game.refused.get(kind, 0) + 1
            if not wild and count <= MAX_LISTED:
                check_listing(state, legal)
        index = chooser.randrange(count)
        action = legal[index]
        assert action in legal
        assert cr.is_legal(state, action)
        state = cr.apply(state, action)
        game.states.append(state)
        game.indexes.append(index)


def check_replay(name: str, players: int, seed: int, game: Game) -> None:
    """The same seed and the same chosen indexes give equal states, which hash alike."""
    state = cr.new_game(cr.VARIANTS[name], seed=seed, players=players)
    assert state == game.states[0]
    for step, (index, expected) in enumerate(zip(game.indexes, game.states[1:], strict=True)):
        state = cr.apply(state, cr.legal_actions(state)[index])
        assert state == expected, f"the replay differs at step {step + 1}"
        assert hash(state) == hash(expected), f"the replay hashes differently at step {step + 1}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), PRESETS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_of_every_preset_keep_every_invariant(
    name: str, players: int, seed: int
) -> None:
    game = play(name, players, seed)
    final = game.states[-1]
    assert final.phase is cr.Phase.GAME_OVER
    assert final.round_number == final.variant.rounds
    assert final.winners
    check_replay(name, players, seed, game)


def test_presets_and_player_counts_cover_each_range() -> None:
    covered: dict[str, list[int]] = {}
    for param in PRESETS:
        name, players = param.values
        assert isinstance(name, str)
        assert isinstance(players, int)
        covered.setdefault(name, []).append(players)
    assert list(covered) == list(cr.VARIANTS)
    for name, counts in covered.items():
        variant = cr.VARIANTS[name]
        assert min(counts) == variant.min_players
        assert max(counts) == variant.max_players


def test_one_game_tries_every_kind_of_illegal_action() -> None:
    game = play("shanghai-11", 4, 7)
    assert set(game.refused) == {
        "NextRound outside ROUND_OVER",
        "DrawStock in ROUND_OVER",
        "Discard in ROUND_OVER",
        "Pass outside BUY",
        "DrawStock in PLAY",
        "Discard of a card not held",
        "LayOff of a card not held",
    }, game.refused
