"""A stored record cut to what one player may see, and a player's history checked on loading.

- :meth:`GameRecord.history <contract_rummy.records.GameRecord.history>` gives a player's
  history of a stored record, seeded, dealt by :data:`~contract_rummy.SYSTEM` or dealt step
  by step (chance's outcomes among its actions): its views are the player's view of each
  state the record replays, and its JSON names no card the player could not see (two
  records that differ only in such cards give equal JSON).
- :func:`contract_rummy.history.loads` replays the steps: a history changed in one place is
  refused, naming the step and the rule, or loads to views that each follow from the one
  before.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import history, records
from contract_rummy.history import ChanceUnseen

PRESETS: Final = sorted(cr.VARIANTS)
MODES: Final = ("seeded", "system", "steps")
SOME: Final = max(20, settings().max_examples)


def _recorded(preset: str, mode: str, actions: int, seed: int = 1) -> records.GameRecord:
    """A stored record of ``actions`` random choices (chance's outcomes included)."""
    variant = cr.VARIANTS[preset]
    players = (variant.min_players + variant.max_players) // 2
    if mode == "seeded":
        recorder = records.Recorder(cr.new_game(variant, seed=seed, players=players), seed=seed)
    elif mode == "system":
        recorder = records.Recorder(cr.new_game(variant, players=players, shuffler=cr.SYSTEM))
    else:
        recorder = records.Recorder(cr.new_game(variant, players=players, auto_chance=False))
    rng = random.Random(f"{preset} {mode} {seed}")
    for _ in range(actions):
        state = recorder.state
        if state.phase is cr.Phase.GAME_OVER:
            break
        if state.phase is cr.Phase.CHANCE:
            point = cr.chance_point(state)
            assert point is not None
            if point.remaining and rng.random() < 0.2:  # the rest of the order at once
                order = list(point.remaining)
                rng.shuffle(order)
                recorder.deal(order)
                continue
            outcomes = [outcome for outcome, _ in cr.chance_outcomes(state)]
            recorder.apply(outcomes[rng.randrange(len(outcomes))])
        else:
            legal = cr.legal_actions(state)
            recorder.apply(legal[rng.randrange(len(legal))])
    return records.loads(records.dumps(recorder.record()))


def _hidden_names(text: str, player: int) -> list[str]:
    """What the JSON of ``player``'s history names that only another could see."""
    found = []
    for seen in json.loads(text)["steps"]:
        if seen["action"]["type"] == "DealCard":
            found.append(seen["action"]["type"])
        for event in seen["events"]:
            if event["type"] in ("Drew", "Bought") and event["player"] != player:
                found.append(event["type"])
            if event["type"] == "Reshuffled" and event.get("stock"):
                found.append("a reshuffled stock")
    return found


def _check_cut(game: records.GameRecord) -> None:
    states = list(records.replay(game))
    for player in range(game.players):
        mine = game.history(player)
        assert mine.player == player
        assert mine.chance_steps == game.chance_steps
        assert mine.start == cr.view(states[0], player)
        assert len(mine.steps) == len(game.actions)
        assert list(mine.views()) == [cr.view(state, player) for state in states[1:]]
        text = history.dumps(mine)
        assert _hidden_names(text, player) == []
        assert history.loads(text) == mine


@pytest.mark.parametrize("mode", MODES)
def test_a_records_cut_gives_each_player_the_views_they_had(mode: str) -> None:
    _check_cut(_recorded("pagat", mode, 200))


#: The actions of each preset's game: a round or two, past a reshuffle in most; more when
#: the profile draws many examples.
ACTIONS: Final = 1000 if settings().max_examples >= 1000 else 400
#: Each preset under one way of dealing, the three in turn; every way of every preset when
#: the profile draws many examples (``nox -s thorough``).
PRESET_MODES: Final = [
    (preset, mode)
    for at, preset in enumerate(PRESETS)
    for mode in (MODES if settings().max_examples >= 1000 else MODES[at % 3 : at % 3 + 1])
]


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "mode"), PRESET_MODES)
def test_a_records_cut_gives_the_views_in_every_preset(preset: str, mode: str) -> None:
    _check_cut(_recorded(preset, mode, ACTIONS, seed=2))


def test_r5_a_deals_order_is_hidden_from_every_player_but_the_first_dealer_and_cut_are_not() -> (
    None
):
    game = _recorded("liverpool-cut", "steps", 130)
    chance = [a for a in game.actions if isinstance(a, cr.FirstDealer | cr.CutDeck)]
    dealt = [a for a in game.actions if isinstance(a, cr.DealCard)]
    assert chance
    assert dealt
    mine = game.history(1)
    shown = [seen.action for seen in mine.steps]
    assert [a for a in shown if isinstance(a, cr.FirstDealer | cr.CutDeck)] == chance
    assert [a for a in shown if isinstance(a, ChanceUnseen)] == [ChanceUnseen()] * len(dealt)
    assert not any(isinstance(a, cr.DealCard) for a in shown)
    # The deal reaches the player as their new hand.
    dealt_hands = [seen.hand for seen in mine.steps if seen.hand is not None]
    assert dealt_hands[0] == next(s for s in records.replay(game) if s.hands[1]).hands[1]


def test_a_records_cut_refuses_a_player_not_in_the_game() -> None:
    game = _recorded("pagat", "seeded", 3)
    with pytest.raises(ValueError, match="player must be a player of the game, 0-3, got 4"):
        game.history(4)
    with pytest.raises(ValueError, match="player must not be negative"):
        game.history(-1)


# == what the cut may not tell ================================================================


def _used(actions: list[cr.Action]) -> set[cr.Card]:
    """Every card any action names: a card played, laid off, swapped in or discarded."""
    cards: set[cr.Card] = set()
    for action in actions:
        if isinstance(action, cr.Discard | cr.LayOff | cr.SwapJoker):
            cards.add(action.card)
        elif isinstance(action, cr.GoDown):
            cards.update(card for meld in action.melds for card in meld.cards)
    return cards


def _round_one(
    state: cr.RoundState, rng: random.Random, length: int
) -> tuple[list[cr.Action], int]:
    """The first ``length`` random actions of round 1, fewer if it ends or must reshuffle.

    Returns the actions and how many cards they drew from the stock.
    """
    actions: list[cr.Action] = []
    drawn = 0
    while len(actions) < length and state.phase not in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER):
        legal = cr.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        after, events = cr.step(state, action)
        if any(isinstance(event, cr.Reshuffled) for event in events):
            break
        actions.append(action)
        drawn += sum(isinstance(e, cr.Drew) for e in events)
        drawn += sum(len(e.penalty) for e in events if isinstance(e, cr.Bought))
        state = after
    return actions, drawn


def _twin(
    state: cr.RoundState, viewer: int, actions: list[cr.Action], drawn: int, rng: random.Random
) -> cr.RoundState:
    """``state`` with cards hidden from ``viewer`` swapped where the actions never reach.

    Only cards no action names, in the other hands or deep in the stock (below the cards
    drawn), are swapped, each with one of the same penalty: a round's end scores the
    hands in the open (R25).
    """
    used = _used(actions)
    places = [
        (player, index)
        for player, hand in enumerate(state.hands)
        if player != viewer
        for index, card in enumerate(hand)
        if card not in used
    ]
    places += [(-1, index) for index in range(drawn, len(state.stock))]
    hands = [list(hand) for hand in state.hands]
    stock = list(state.stock)

    def card(place: tuple[int, int]) -> cr.Card:
        return stock[place[1]] if place[0] < 0 else hands[place[0]][place[1]]

    def put(place: tuple[int, int], value: cr.Card) -> None:
        if place[0] < 0:
            stock[place[1]] = value
        else:
            hands[place[0]][place[1]] = value

    rng.shuffle(places)
    penalty = state.variant.penalty
    for first in places:
        for second in places:
            one, other = card(first), card(second)
            if one != other and penalty(one) == penalty(other) and first[0] != second[0]:
                put(first, other)
                put(second, one)
                break
    return state.replace(hands=tuple(tuple(sorted(hand)) for hand in hands), stock=tuple(stock))


def _stepped(state: cr.RoundState, actions: list[cr.Action]) -> list[cr.Action | cr.ChanceAction]:
    """The actions of a game dealt step by step that deals ``state`` and plays ``actions``."""
    dealt = len(state.hands[0])
    order = records.Deal.of(state).order(dealt)
    return [cr.FirstDealer(state.dealer), *map(cr.DealCard, order), *actions]


@pytest.mark.parametrize("preset", ["pagat", "shanghai", "may-i", "no-buy"])
def test_records_that_differ_only_in_cards_hidden_from_a_player_cut_to_equal_json(
    preset: str,
) -> None:
    variant = cr.VARIANTS[preset]
    rng = random.Random(preset)
    differed = 0
    for seed in range(3):
        first = cr.new_game(variant, players=4, shuffler=cr.SYSTEM)
        actions, drawn = _round_one(first, rng, 60)
        viewer = seed % first.players
        twin = _twin(first, viewer, actions, drawn, rng)
        assert cr.view(twin, viewer) == cr.view(first, viewer)
        if twin == first:
            continue
        differed += 1
        pair = [
            records.GameRecord(variant=variant, players=4, start=start, actions=actions)
            for start in (first, twin)
        ]
        stepped = [
            records.GameRecord(
                variant=variant, players=4, actions=_stepped(start, actions), chance_steps=True
            )
            for start in (first, twin)
        ]
        for one, other in (pair, stepped):
            texts = [history.dumps(game.history(viewer)) for game in (one, other)]
            assert texts[0] == texts[1]
            # Not idle: a player who holds a swapped card sees the games differ.
            holders = [p for p in range(4) if p != viewer and first.hands[p] != twin.hands[p]]
            for holder in holders:
                assert one.history(holder) != other.history(holder)
    assert differed


# == loading checks every step ================================================================


@functools.cache
def _base(mode: str) -> str:
    return history.dumps(_recorded("liverpool-cut", mode, 300, seed=3).history(1))


_CARDS: Final = st.sampled_from(["AH", "7S", "JK", "2C", "QD", "10H"])
_INTS: Final = st.sampled_from([0, 1, 2, 3, -1, 5, 100])


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every leaf of ``data`` under ``steps``, by its path."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in _paths(value, (*path, key))]
    if isinstance(data, list):
        return [p for index, value in enumerate(data) for p in _paths(value, (*path, index))]
    return [path]


@st.composite
def _mutations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    document = json.loads(_base(draw(st.sampled_from(MODES))))
    steps = document["steps"]
    kind = draw(st.sampled_from(["leaf", "drop", "swap", "copy event", "drop event"]))
    index = draw(st.integers(0, len(steps) - 1))
    if kind == "drop":
        del steps[index]
    elif kind == "swap":
        other = draw(st.integers(0, len(steps) - 1))
        steps[index], steps[other] = steps[other], steps[index]
        steps[index]["moves"], steps[other]["moves"] = steps[other]["moves"], steps[index]["moves"]
    elif kind == "copy event":
        source = draw(st.sampled_from([s for s in steps if s["events"]]))
        steps[index]["events"].append(draw(st.sampled_from(source["events"])))
    elif kind == "drop event":
        with_events = [s for s in steps if s["events"]]
        chosen = draw(st.sampled_from(with_events))
        del chosen["events"][draw(st.integers(0, len(chosen["events"]) - 1))]
    else:
        path = draw(st.sampled_from(_paths(steps)))
        holder: Any = steps
        for key in path[:-1]:
            holder = holder[key]
        old = holder[path[-1]]
        if isinstance(old, str) and path[-1] != "type":
            holder[path[-1]] = draw(_CARDS)
        elif isinstance(old, bool) or old is None:
            holder[path[-1]] = draw(st.sampled_from([0, True, None]))
        elif isinstance(old, int):
            holder[path[-1]] = old + draw(_INTS.filter(bool))
        kind = f"steps{list(path)}: {old!r} -> {holder[path[-1]]!r}"
    return kind, document


@pytest.mark.slow
@settings(max_examples=SOME // 2, deadline=None)
@given(mutation=_mutations())
def test_a_history_changed_in_one_place_is_refused_or_still_follows_step_by_step(
    mutation: tuple[str, dict[str, Any]],
) -> None:
    what, document = mutation
    try:
        loaded = history.loads(json.dumps(document))
    except cr.RecordError:
        return
    # What loads holds up: each view follows from the one before by its step (the engine
    # plays it, R6-R34), each is a valid view, and the history writes back as it was read.
    views = [loaded.start, *loaded.views()]
    assert len(views) == len(loaded.steps) + 1
    for before, after, seen in zip(views[:-1], views[1:], loaded.steps, strict=True):
        assert seen.moves == before.moves, what
        assert after.moves == before.moves + 1, what
        assert sum(after.hand_sizes) + after.stock_size + len(after.discard) + sum(
            len(meld.cards) for meld in after.table
        ) == len(after.variant.deck(after.players)), what
        if after.phase is not cr.Phase.CHANCE:
            assert attrs.evolve(after) == after, what
    assert history.loads(history.dumps(loaded)) == loaded


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["steps"][0].update(player=0), r"steps\[0\]: R6: player 0 does not choose"),
        (
            lambda d: d["steps"][0].update(action={"type": "Discard", "version": 1, "card": "AH"}),
            r"steps\[0\]: R1[0-9]",
        ),
        (lambda d: d["steps"][5].update(events=[]), r"steps\[5\]: R1[39]: the step's events"),
        (
            lambda d: d["steps"][0].update(
                action={"type": "DealCard", "version": 1, "card": "AH"}
            ),
            r"steps\[0\].action: names cards no player may see",
        ),
        (
            lambda d: d["steps"][0].update(action={"type": "ChanceUnseen"}),
            r"steps\[0\]: R5: ChanceUnseen\(\) is not possible now",
        ),
        (lambda d: d.update(chance="cards"), "chance: expected 'steps'"),
    ],
)
def test_r6_a_step_that_does_not_follow_is_refused_naming_the_step_and_the_rule(
    change: Any, message: str
) -> None:
    document = json.loads(_base("seeded"))
    change(document)
    with pytest.raises(cr.RecordError, match=message):
        history.loads(json.dumps(document))


def test_r25_a_round_ends_penalties_must_add_up_to_the_scores() -> None:
    state = cr.new_game(seed=1)
    recorder = records.Recorder(state, seed=1)
    bot = cr.GreedyBot()
    while recorder.state.round_number == 1:
        recorder.apply(bot.choose(recorder.state))
    document = json.loads(history.dumps(recorder.record().history(0)))
    ended = next(
        event
        for seen in document["steps"]
        for event in seen["events"]
        if event["type"] == "RoundEnded"
    )
    other = next(p for p, points in enumerate(ended["penalties"]) if points and p != 0)
    ended["penalties"][other] += 5
    with pytest.raises(cr.RecordError, match=r"R25: the step's event RoundEnded"):
        history.loads(json.dumps(document))
    ended["scores"][other] += 5  # the other hands' worth is not the player's to see
    assert history.loads(json.dumps(document)).steps


def test_r4_a_view_waiting_for_chance_is_only_a_new_game_dealt_step_by_step() -> None:
    document = json.loads(_base("steps"))
    assert document["chance"] == "steps"
    assert document["start"]["phase"] == "chance"
    document["start"]["stock_size"] = 3
    with pytest.raises(cr.RecordError, match=r"start: a view waiting for chance \(R4\)"):
        history.loads(json.dumps(document))
    document = json.loads(_base("steps"))
    del document["chance"]
    with pytest.raises(cr.RecordError, match=r"R4: start: a game waiting for chance"):
        history.loads(json.dumps(document))


def test_r5_a_card_chance_placed_reads_as_one_card_unseen_and_nothing_more() -> None:
    document = json.loads(_base("steps"))
    at = next(
        i for i, seen in enumerate(document["steps"]) if seen["action"]["type"] != "FirstDealer"
    )
    assert document["steps"][at]["action"] == {"type": "ChanceUnseen"}
    assert history.loads(json.dumps(document)).steps[at].action == ChanceUnseen()
    document["steps"][at]["action"]["cards"] = 2  # a card is placed a step at a time (R5)
    with pytest.raises(cr.RecordError, match=rf"^steps\[{at}\]\.action\.cards: not a field"):
        history.loads(json.dumps(document))
