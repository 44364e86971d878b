"""Censored events (what each player may see of an event) and per-player histories."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, get_args

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import history, playing, records
from contract_rummy.events import CENSORS
from contract_rummy.history import Histories, History, Seen
from contract_rummy.playing import steps
from scenario import random_games, typeless

PRESETS = sorted(cr.VARIANTS)


# == censoring ================================================================================


def test_every_kind_of_event_has_its_censoring() -> None:
    # A new kind of event is refused by censor() until the table says what each player sees.
    assert set(CENSORS) == set(get_args(cr.Event))


def test_censor_refuses_what_is_not_an_event() -> None:
    with pytest.raises(TypeError, match="expected an event"):
        cr.censor(cr.DrawStock(), 0)  # type: ignore[arg-type]


def test_a_step_or_a_state_given_to_censor_never_shows_its_cards_in_the_refusal() -> None:
    state = cr.apply(cr.new_game(seed=1), cr.DrawStock())
    done = cr.step(state, cr.Buy())
    hidden = [str(card) for card in state.stock[:5]]  # the next cards of the stock
    refusals = []
    for wrong in (lambda: cr.censored(typeless(done), 0),
                  lambda: cr.censored(typeless([state]), 0),
                  lambda: cr.censor(typeless(cr.view(state, 1)), 0)):  # fmt: skip
        with pytest.raises(TypeError) as caught:
            wrong()
        refusals.append(str(caught.value))
    assert refusals[0].startswith("censored takes a step's events: pass step.events")
    assert refusals[1].startswith("expected an event, got a RoundState, which is not shown")
    assert refusals[2].startswith("expected an event, got a PlayerView, which is not shown")
    assert not any(card in refusal for card in hidden for refusal in refusals)
    assert cr.censored(done.events, 0) == cr.censored(done[1], 0)


def test_a_draw_is_the_drawers_to_see_and_a_face_down_card_to_the_others() -> None:
    drew = cr.Drew(2, cr.Card.parse("KC"))
    assert cr.censor(drew, 2) == drew
    for other in (0, 1, 3, None):
        hidden = cr.censor(drew, other)
        assert hidden == cr.DrewUnseen(2)
        assert isinstance(hidden, cr.DrewUnseen)
        assert hidden.cards == 1


def test_r19_the_penalty_cards_are_the_buyers_to_see_the_card_bought_everyones() -> None:
    bought = cr.Bought(1, cr.Card.parse("7H"), cr.parse_cards("AD 2D"))
    assert cr.censor(bought, 1) == bought
    assert cr.censor(bought, 0) == cr.BoughtUnseen(1, cr.Card.parse("7H"), 2)


def test_r27_a_reshuffled_stock_is_nobodys_to_see_but_its_size_is_everyones() -> None:
    shuffled = cr.Reshuffled(3, 1, cr.parse_cards("AD 2D 3D"))
    for player in (0, 1, None):
        assert cr.censor(shuffled, player) == cr.Reshuffled(3, 1)


def test_public_events_are_seen_whole() -> None:
    public: list[cr.Event] = [
        cr.TookDiscard(0, cr.Card.parse("7H")),
        cr.WildFreed(0, cr.Card.parse("7H"), cr.JOKER, 1, 2),
        cr.RoundEnded(1, cr.RoundEnd.WENT_OUT, 0, (0, 5), (0, 5)),
        cr.GameEnded((0,), (0, 5)),
        cr.Dealt(2, 1, cr.Card.parse("7H")),
    ]
    for event in public:
        assert all(cr.censor(event, player) is event for player in (0, 1, None))


def _twin(
    before: cr.RoundState, viewer: int, chooser: int, rng: random.Random, *, shown: bool
) -> cr.RoundState:
    """``before`` with the cards ``viewer`` cannot see dealt again at random.

    The chooser keeps their hand, so that the same action is legal, and every hand keeps
    the cards everyone saw go into it (``known``); every hand is kept when the step ends
    the round (``shown``), since the hands are then scored in the open (R25). When this
    step may draw a card into ``viewer``'s hand (they choose, are active or asked for the
    discard, R31) or deal them a new one, the stock and the shuffler stay as they are;
    otherwise the stock is shuffled with the other hands, and the shuffler's state is new.
    """
    kept = set(range(before.players)) if shown else {viewer, chooser}
    # The step may draw a card into the viewer's hand, or deal them one (R4, R5).
    may_draw = viewer in (chooser, before.active, before.window.requester)
    may_draw = may_draw or before.phase is cr.Phase.ROUND_OVER
    pool = [] if may_draw else list(before.stock)
    fixed: list[list[cr.Card]] = []
    for player, hand in enumerate(before.hands):
        pinned = list(hand) if player in kept else list(before.known[player])
        free = list(hand)
        for card in pinned:
            free.remove(card)
        pool += free
        fixed.append(pinned)
    rng.shuffle(pool)
    hands = []
    for player, hand in enumerate(before.hands):
        size = len(hand) - len(fixed[player])
        hands.append(tuple(sorted(fixed[player] + pool[:size])))
        pool = pool[size:]
    if may_draw:
        return before.replace(hands=tuple(hands))
    chance = attrs.evolve(before.chance, rng=rng.getrandbits(64))
    return before.replace(hands=tuple(hands), stock=tuple(pool), chance=chance)


@pytest.mark.parametrize("preset", PRESETS)
def test_states_that_differ_only_in_hidden_cards_give_equal_censored_events(
    preset: str,
) -> None:
    """The censoring property: a player's copy of the events depends only on what they see."""
    rng = random.Random(preset)
    differed = hidden_draws = 0
    for index, (before, action, after, events) in enumerate(
        random_games([preset], actions=300, seed=4)
    ):
        chooser = cr.chooser(before)
        assert chooser is not None
        viewer = index % before.players
        shown = any(isinstance(event, cr.RoundEnded) for event in events)
        other = _twin(before, viewer, chooser, rng, shown=shown)
        assert cr.view(other, viewer) == cr.view(before, viewer)
        if index % 25 == 0:
            assert attrs.evolve(other) == other  # a valid state
        twin_after, twin_events = cr.step(other, action)
        assert cr.censored(twin_events, viewer) == cr.censored(events, viewer), (index, action)
        assert cr.view(twin_after, viewer) == cr.view(after, viewer)
        differed += twin_events != events
        hidden_draws += any(isinstance(e, cr.DrewUnseen) for e in cr.censored(events, viewer))
    # The twins did differ in what the events name, and the property was not idle.
    assert differed
    assert hidden_draws


# == histories ================================================================================


def test_a_history_is_every_step_censored_for_its_player_round_by_round() -> None:
    state = cr.new_game(cr.VARIANTS["shanghai-11"], seed=3)
    kept = Histories(state)
    played = []
    for one in steps(state, [cr.GreedyBot()] * state.players):
        kept.add(one)
        played.append(one)
        if one[3].round_number == 3:
            break
    assert len(kept) == len(played)
    assert kept.state is played[-1][3]
    for player in range(state.players):
        mine = kept.history(player)
        assert isinstance(mine, History)
        assert mine.player == player
        assert mine.start == cr.view(state, player)
        assert [seen.moves for seen in mine.steps] == [before.moves for before, *_ in played]
        for seen, (_, chooser, action, after, events) in zip(mine.steps, played, strict=True):
            assert (seen.player, seen.action) == (chooser, action)
            assert seen.events == cr.censored(events, player)
            dealt = any(isinstance(event, cr.Dealt) for event in events)
            assert seen.hand == (after.hands[player] if dealt else None)
        rounds = mine.rounds()
        assert len(rounds) == 3
        assert sum(map(len, rounds)) == len(mine.steps)
        # Round 1 ends with its RoundEnded; round 2 opens with the dealer's NextRound.
        assert any(isinstance(e, cr.RoundEnded) for e in rounds[0][-1].events)
        assert rounds[1][0].action == cr.NextRound()
        assert rounds[1][0].hand is not None


def test_r4_a_game_dealt_step_by_step_groups_each_deal_with_its_round() -> None:
    kept = Histories(cr.new_game(auto_chance=False))
    rng = random.Random(5)
    while kept.state.facts.round_number < 3:
        state = kept.state
        assert state.moves < 5_000, "three rounds of random play did not end"
        if state.phase is cr.Phase.CHANCE:
            outcomes = [action for action, _ in cr.chance_outcomes(state)]
            kept.step(rng.choice(outcomes))
        else:
            legal = cr.legal_actions(state)
            kept.step(legal[rng.randrange(len(legal))])
    for player in range(4):
        rounds = kept.history(player).rounds()
        assert sum(map(len, rounds)) == len(kept)
        # The first dealer, then round 1's deal, its play; each later round opens with
        # the dealer's NextRound, and the chance steps that deal it follow.
        assert [type(round_steps[0].action) for round_steps in rounds] == [
            cr.FirstDealer,
            cr.NextRound,
            cr.NextRound,
        ]
        for round_steps in rounds:
            dealt = [i for i, seen in enumerate(round_steps) if seen.hand is not None]
            assert len(dealt) == 1, "each round's group holds the step that dealt it"
            assert all(
                not isinstance(seen.action, cr.Action) for seen in round_steps[1 : dealt[0]]
            ), "no player acts before the deal ends"
        ended = [
            i
            for i, one in enumerate(rounds[:2])
            if any(isinstance(e, cr.RoundEnded) for e in one[-1].events)
        ]
        assert ended == [0, 1], "the step that ended a round closes its group"


def test_a_history_names_no_card_its_player_did_not_see() -> None:
    state = cr.new_game(seed=8)
    kept = Histories(state)
    for one in steps(state, [cr.RandomBot(seed=p) for p in range(4)], max_actions=300):
        kept.add(one)
        if len(kept) == 300:
            break
    mine = kept.history(1)
    for seen in mine.steps:
        for event in seen.events:
            if isinstance(event, cr.Drew):
                assert event.player == 1
            if isinstance(event, cr.Bought):
                assert event.player == 1
            if isinstance(event, cr.Reshuffled):
                assert event.stock == ()


def test_histories_play_a_step_for_the_player_who_chooses_and_refuse_others() -> None:
    state = cr.new_game(seed=1)
    kept = Histories(state)
    done = kept.step(cr.DrawStock(), player=2)
    assert kept.state == done.state
    with pytest.raises(cr.IllegalActionError):
        kept.step(cr.Pass(), player=0)  # player 3 is asked first (R19)
    assert len(kept) == 1
    assert kept.history(0).steps == (Seen(0, 2, cr.DrawStock(), ()),)
    with pytest.raises(ValueError, match="not played from the state"):
        kept.add((state, 2, cr.DrawStock(), done.state, done.events))
    with pytest.raises(ValueError, match="player must be a player of the game, 0-3, got 4"):
        kept.history(4)
    with pytest.raises(TypeError, match="expected a RoundState"):
        Histories(cr.view(state, 0))  # type: ignore[arg-type]


def test_steps_of_other_shapes_are_named_with_what_to_pass() -> None:
    state = cr.new_game(seed=1)
    triple = next(cr.play(state, ["greedy"] * 4))
    for keep in (Histories(state).add, records.Recorder(state, seed=1).add):
        with pytest.raises(TypeError, match=r"^a step \(before, action, after\) as contract_rum"):
            keep(typeless(triple))
        with pytest.raises(TypeError, match=r"^a Step \(the state after an action, and its e"):
            keep(typeless(cr.step(state, cr.DrawStock())))
        with pytest.raises(TypeError, match=r"^None is not a step: pass a step as contract_rum"):
            keep(typeless(None))
    kept = Histories(state)
    kept.add(next(playing.steps(state, [cr.GreedyBot()] * 4)))  # the shape it takes
    assert len(kept) == 1


def test_since_gives_the_steps_a_player_lacks() -> None:
    state = cr.new_game(seed=2)
    kept = Histories(state)
    for one in steps(state, [cr.GreedyBot()] * 4, max_actions=40):
        kept.add(one)
        if len(kept) == 40:
            break
    whole = kept.history(3).steps
    assert kept.since(3, 0) == whole
    assert kept.since(3, 25) == whole[25:]
    assert kept.since(3, 40) == ()
    with pytest.raises(ValueError, match="start must not be negative"):
        kept.since(3, -1)
    with pytest.raises(ValueError, match="player must be a player of the game"):
        kept.since(5, 0)


# == a history built by hand ==================================================================


def _by_hand(made: History) -> History:
    """``made`` built again through the checks of a History built by hand."""
    steps_again = tuple(
        Seen(seen.moves, seen.player, seen.action, seen.events, seen.hand) for seen in made.steps
    )
    return History(made.player, made.start, steps_again, made.chance_steps)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_history_the_library_makes_passes_the_checks_of_one_built_by_hand(
    preset: str,
) -> None:
    kept = _kept(preset, 200)
    for player in range(kept.state.players):
        made = kept.history(player)
        assert _by_hand(made) == made
        assert _by_hand(history.loads(history.dumps(made))) == made


def test_r5_a_history_of_a_game_dealt_step_by_step_passes_the_checks_too() -> None:
    kept = Histories(cr.new_game(cr.VARIANTS["liverpool-cut"], auto_chance=False))
    rng = random.Random(3)
    while kept.state.facts.round_number < 2:
        state = kept.state
        if state.phase is cr.Phase.CHANCE:
            kept.step(rng.choice([action for action, _ in cr.chance_outcomes(state)]))
        else:
            legal = cr.legal_actions(state)
            kept.step(legal[rng.randrange(len(legal))])
    for player in range(kept.state.players):
        made = kept.history(player)
        assert made.chance_steps
        assert any(isinstance(seen.action, cr.CutDeck) for seen in made.steps)  # R32
        assert _by_hand(made) == made


GAME = cr.new_game(seed=1)
START = cr.view(GAME, 0)  # player 2 draws first
DRAW = Seen(0, 2, cr.DrawStock(), ())


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (
            lambda: Seen(typeless("0"), 2, cr.DrawStock(), ()),
            TypeError,
            "moves must be an int, got '0'",
        ),
        (
            lambda: Seen(-1, 2, cr.DrawStock(), ()),
            ValueError,
            "moves must not be negative, got -1",
        ),
        (
            lambda: Seen(0, typeless(True), cr.DrawStock(), ()),
            TypeError,
            "player must be an int, got True",
        ),
        (
            lambda: Seen(0, -2, cr.DrawStock(), ()),
            ValueError,
            "player must not be negative, got -2",
        ),
        (
            lambda: Seen(0, 2, typeless(cr.DrawStock), ()),
            TypeError,
            "action: expected an action, got the class DrawStock: call it, as in DrawStock()",
        ),
        (
            lambda: Seen(0, 2, typeless("DrawStock"), ()),
            TypeError,
            "action: expected an action or ChanceUnseen(), got 'DrawStock'",
        ),
        (
            lambda: Seen(0, 1, cr.DealCard("7S"), ()),
            ValueError,
            (
                "action: DealCard(card=Card.parse('7S')) names a card no player sees (R5, R27): "
                "a history holds ChanceUnseen() for it"
            ),
        ),
        (
            lambda: Seen(0, 2, cr.DrawStock(), typeless([])),
            TypeError,
            "events must be a tuple of events, got []",
        ),
        (
            lambda: Seen(0, 2, cr.DrawStock(), typeless((cr.DrawStock(),))),
            TypeError,
            "events[0] must be an event, got DrawStock()",
        ),
        (
            lambda: Seen(0, 2, cr.DrawStock(), (), hand=typeless("7S 8S")),
            TypeError,
            "hand must be None or a tuple of Cards, got '7S 8S'",
        ),
        (
            lambda: Seen(0, 2, cr.DrawStock(), (), hand=typeless(("7S",))),
            TypeError,
            "hand[0] must be a Card, got '7S'",
        ),
        (lambda: History(typeless("0"), START, ()), TypeError, "player must be an int, got '0'"),
        (
            lambda: History(2, START, ()),
            ValueError,
            "player must be the player whose view start is, 0, got 2",
        ),
        (
            lambda: History(0, START, typeless([DRAW])),
            TypeError,
            (
                "steps must be a tuple of Seen steps, got [Seen(moves=0, player=2, "
                "action=DrawStock(), events=(), hand... (67 characters)"
            ),
        ),
        (
            lambda: History(0, START, typeless((cr.DrawStock(),))),
            TypeError,
            "steps[0] must be a Seen step, got DrawStock()",
        ),
        (
            lambda: History(0, START, (), typeless(1)),
            TypeError,
            "chance_steps must be True or False, got 1",
        ),
        (
            lambda: History(0, START, (DRAW, Seen(0, 3, cr.Pass(), ()))),
            ValueError,
            "steps[1].moves must be 1 or more, got 0",
        ),
        (
            lambda: History(0, START, (Seen(0, 4, cr.DrawStock(), ()),)),
            ValueError,
            "steps[0].player must be a player of the game (R1), 0-3, got 4",
        ),
        (
            lambda: History(0, START, (Seen(0, 1, cr.CutDeck(3), ()),)),
            ValueError,
            (
                "steps[0].action: chance's outcomes are steps only in a game dealt step by "
                "step (chance_steps=True, R4, R5), got CutDeck(lifted=3)"
            ),
        ),
        (
            lambda: History(
                0, START, (Seen(0, 2, cr.DrawStock(), (cr.Drew(2, cr.Card.parse("7S")),)),)
            ),
            ValueError,
            (
                "steps[0].events[0]: names cards player 0 may not see: a history holds each "
                "event as censor(event, 0) gives it"
            ),
        ),
    ],
)
def test_a_history_or_a_step_built_by_hand_is_checked_when_built(
    build: Callable[[], object], error: type[Exception], message: str
) -> None:
    # Before, each was accepted, and failed, if at all, only once views() replayed it.
    with pytest.raises(error) as caught:
        build()
    assert str(caught.value) == message


def test_a_history_built_by_hand_of_what_its_player_saw_is_accepted() -> None:
    own = Seen(0, 2, cr.DrawStock(), (cr.DrewUnseen(2),))
    mine = History(0, START, (own,))
    assert mine.steps == (own,)
    assert History(2, cr.view(GAME, 2), (Seen(0, 2, cr.DrawStock(), ()),)).player == 2


def test_a_refusal_of_a_history_built_by_hand_never_shows_a_state() -> None:
    refusals: list[Callable[[], object]] = [
        lambda: History(0, typeless(GAME), ()),
        lambda: History(0, START, typeless(GAME)),
        lambda: History(0, START, typeless((GAME,))),
        lambda: Seen(0, 2, typeless(GAME), ()),
        lambda: Seen(0, 2, cr.DrawStock(), typeless((GAME,))),
        lambda: Seen(0, 2, cr.DrawStock(), (), hand=typeless(GAME)),
        lambda: Seen(0, 2, cr.DrawStock(), (), hand=typeless((START,))),
    ]
    for refused in refusals:
        with pytest.raises(TypeError) as caught:
            refused()
        said = str(caught.value)
        assert "RoundState" in said or "PlayerView" in said, said
        assert "stock" not in said, said
        assert "Card.parse(" not in said, said  # no card of any hand, nor of the stock
    with pytest.raises(TypeError, match=r"^start: expected a PlayerView, got a whole RoundState"):
        History(0, typeless(GAME), ())


# == a history as JSON ========================================================================


def _kept(preset: str, actions: int) -> Histories:
    variant = cr.VARIANTS[preset]
    state = cr.new_game(variant, seed=6, players=variant.min_players)
    kept = Histories(state)
    for one in steps(state, [cr.GreedyBot()] * state.players, max_actions=None):
        kept.add(one)
        if len(kept) == actions:
            break
    return kept


@pytest.mark.parametrize("preset", PRESETS)
def test_a_history_round_trips_through_json(preset: str) -> None:
    kept = _kept(preset, 160)
    for player in range(kept.state.players):
        mine = kept.history(player)
        assert history.loads(history.dumps(mine)) == mine
    assert history.loads(history.dumps(mine, indent=1).encode()) == mine


def _document() -> dict[str, Any]:
    kept = _kept("pagat", 30)
    data: dict[str, Any] = json.loads(history.dumps(kept.history(1)))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "version: this library reads histories of version 1"),
        (lambda d: d.update(type="GameRecord"), 'expected a JSON object with "type": "History"'),
        (lambda d: d.update(extra=1), "extra: not a field"),
        (lambda d: d.update(player=2), "start.player: expected the history's player 2"),
        (lambda d: d["steps"][3].update(moves=0), r"steps\[3\].moves: expected 3 or more"),
        (lambda d: d["steps"][2].update(player=4), r"steps\[2\].player: expected a player"),
        (lambda d: d["steps"][2]["action"].update(type="Fly"), r"steps\[2\].action"),
        (lambda d: d["steps"][2].update(hand=["7X"]), r"steps\[2\].hand\[0\]: '7X'"),
        (lambda d: d["start"].update(stock_size=3), "start"),
        (
            lambda d: d["steps"][1]["events"].append(
                {"type": "Drew", "version": 1, "player": 3, "card": "7H"}
            ),
            r"steps\[1\].events\[\d\]: names cards player 1 may not see",
        ),
        (
            lambda d: d["steps"][1]["events"].append(
                {"type": "Reshuffled", "version": 1, "cards": 1, "reshuffles": 1, "stock": ["7H"]}
            ),
            "may not see",
        ),
    ],
)
def test_a_tampered_history_is_refused_saying_where(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = _document()
    change(data)
    with pytest.raises(cr.RecordError, match=message):
        history.loads(json.dumps(data))


def test_loads_refuses_what_is_not_a_history_document() -> None:
    with pytest.raises(cr.RecordError, match="not a JSON document"):
        history.loads("{")
    # NaN and the infinities are not JSON: refused as records.loads refuses them.
    with pytest.raises(cr.RecordError, match=r"^not a JSON document: NaN is not a JSON value$"):
        history.loads('{"type": "History", "version": 1, "player": NaN}')
    with pytest.raises(cr.RecordError, match=r'^expected a JSON object with "type": "History"$'):
        history.loads("[]")
    with pytest.raises(cr.RecordError, match=r"^version: this library reads histories of version"):
        history.loads('{"type": "History", "version": 0}')
    with pytest.raises(TypeError, match="str or bytes"):
        history.loads(typeless({}))
    with pytest.raises(TypeError, match="expected a History"):
        history.dumps(typeless(cr.new_game(seed=1)))


# == the views a history gives ================================================================


def _views_hold(kept: Histories, states: list[cr.RoundState]) -> None:
    for player in range(kept.state.players):
        mine = history.loads(history.dumps(kept.history(player)))
        assert list(mine.views()) == [cr.view(after, player) for after in states]


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_a_history_gives_the_views_its_player_had(preset: str) -> None:
    variant = cr.VARIANTS[preset]
    state = cr.new_game(variant, seed=7, players=variant.min_players)
    kept = Histories(state)
    choices = random.Random(preset)
    states = []
    for _ in range(500):
        if kept.state.phase is cr.Phase.GAME_OVER:
            break
        legal = cr.legal_actions(kept.state)
        kept.step(legal[choices.randrange(len(legal))])
        states.append(kept.state)
    _views_hold(kept, states)


def test_a_greedy_games_history_gives_its_views_across_a_deal() -> None:
    state = cr.new_game(cr.VARIANTS["liverpool-cut"], seed=46)
    kept = Histories(state)
    states = []
    for one in steps(state, [cr.GreedyBot()] * 4):
        kept.add(one)
        states.append(one[3])
        if one[3].round_number == 2 and one[3].turns == 3:
            break
    assert any(seen.hand is not None for seen in kept.history(0).steps)
    _views_hold(kept, states)


def test_r6_a_step_kept_by_hand_must_be_chosen_by_the_player_to_act_and_lead_on() -> None:
    state = cr.new_game(seed=1)
    kept = Histories(state)
    after = cr.apply(state, cr.DrawStock())
    other = (state.active + 1) % state.players
    with pytest.raises(ValueError, match=rf"^player {other} did not choose this step: player"):
        kept.add((state, other, cr.DrawStock(), after, ()))
    with pytest.raises(ValueError, match=r"^the step's after state is not the next position"):
        kept.add((state, state.active, cr.DrawStock(), cr.new_game(seed=99), ()))
    kept.add((state, state.active, cr.DrawStock(), after, ()))  # as steps() yields it
    assert kept.state == after
