"""The bots play on their player's view: legal choices, and nothing hidden used."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.bots import UnknownBotError
from contract_rummy.playing import GameTooLongError
from contract_rummy.testing import strategies as crst


def _actor(state: cr.RoundState) -> int:
    return state.dealer if state.to_act is None else state.to_act


@settings(max_examples=3 * settings().max_examples, deadline=None)  # 150, or 6000
@given(state=crst.states(variant=crst.variants(), max_actions=120), seed=st.integers(0, 99))
def test_bots_choose_legal_actions_from_views_of_every_variant(
    state: cr.RoundState, seed: int
) -> None:
    if state.phase is cr.Phase.GAME_OVER:
        return
    seen = cr.view(state, _actor(state))
    for name in cr.BOTS:
        bot = cr.make_bot(name, seed)
        action = bot.choose(seen)
        assert cr.is_legal(state, action, player=seen.player), (bot, action)


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(cr.VARIANTS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_bot_chooses_legal_actions_in_every_preset(preset: str, data: st.DataObject) -> None:
    variant = cr.VARIANTS[preset]
    state = data.draw(crst.states(variant=variant, max_actions=200))
    if state.phase is cr.Phase.GAME_OVER:
        return
    seen = cr.view(state, _actor(state))
    for name in cr.BOTS:
        action = cr.make_bot(name, data.draw(st.integers(0, 99))).choose(seen)
        assert cr.is_legal(state, action, player=seen.player), (preset, name, action)


@settings(max_examples=60, deadline=None)
@given(state=crst.states(variant=crst.variants(), max_actions=120), seed=st.integers(0, 99))
def test_a_bot_given_a_state_plays_as_on_the_view_of_the_player_to_act(
    state: cr.RoundState, seed: int
) -> None:
    if state.phase is cr.Phase.GAME_OVER:
        return
    seen = cr.view(state, _actor(state))
    for name in cr.BOTS:
        # The Bot protocol takes a view; the library's own bots also take a whole state.
        on_state = cr.make_bot(name, seed).choose(state)  # type: ignore[arg-type]
        assert on_state == cr.make_bot(name, seed).choose(seen)


class _Watcher:
    """A bot that keeps what it is shown, and plays like the greedy bot."""

    def __init__(self) -> None:
        self.shown: list[object] = []

    def choose(self, view: cr.PlayerView) -> cr.Action:
        self.shown.append(view)
        return cr.GreedyBot().choose(view)


def test_play_shows_each_bot_only_its_own_players_view() -> None:
    watchers = [_Watcher() for _ in range(4)]
    final = cr.play_game(watchers, seed=1)
    assert final == cr.play_game([cr.GreedyBot()] * 4, seed=1)
    for player, watcher in enumerate(watchers):
        assert watcher.shown
        assert all(isinstance(seen, cr.PlayerView) for seen in watcher.shown)
        assert all(seen.player == player for seen in watcher.shown)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(cr.BOTS))
def test_r28_no_bot_chooses_once_the_game_is_over(name: str) -> None:
    final = cr.play_game([cr.HeuristicBot()] * 4, seed=2)
    with pytest.raises(ValueError, match=r"^R28: the game is over"):
        cr.make_bot(name).choose(final)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^R28: the game is over"):
        cr.make_bot(name).choose(cr.view(final, 0))


@pytest.mark.parametrize("name", sorted(cr.BOTS))
def test_r5_no_bot_chooses_while_chance_deals(name: str) -> None:
    waiting = cr.new_game(auto_chance=False)  # the first dealer is drawn first (R4)
    with pytest.raises(ValueError, match=r"^R5: chance deals now: no player chooses"):
        cr.make_bot(name).choose(waiting)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(cr.BOTS))
def test_r6_every_bot_refuses_a_view_whose_player_is_not_to_choose(name: str) -> None:
    state = cr.new_game(seed=3)
    idle = next(p for p in range(4) if p != state.to_act)
    message = f"^player {idle} has nothing to choose in this view: player {state.to_act} chooses"
    with pytest.raises(ValueError, match=message):
        cr.make_bot(name).choose(cr.view(state, idle))


@pytest.mark.parametrize("name", sorted(cr.BOTS))
def test_r4_in_round_over_only_the_dealers_bot_chooses(name: str) -> None:
    state = cr.new_game(seed=3)
    while state.phase is not cr.Phase.ROUND_OVER:
        state = cr.apply(state, cr.GreedyBot().choose(state))
    dealer = state.dealer
    assert cr.make_bot(name).choose(cr.view(state, dealer)) == cr.NextRound()
    other = (dealer + 1) % 4
    with pytest.raises(ValueError, match=f"^player {other} has nothing to choose"):
        cr.make_bot(name).choose(cr.view(state, other))


@pytest.mark.parametrize(
    ("make", "message", "error"),
    [
        (lambda: cr.RandomBot(seed="x"), "seed must be an int", TypeError),  # type: ignore[arg-type]
        (lambda: cr.RandomBot(seed=-1), "seed must not be negative", ValueError),
        (lambda: cr.GreedyBot(max_buys=-1), "max_buys must not be negative", ValueError),
        (lambda: cr.GreedyBot(max_buys=True), "max_buys must be an int", TypeError),
        (lambda: cr.HeuristicBot(max_buys=-1), "max_buys must not be negative", ValueError),
    ],
)
def test_bot_settings_are_checked_alike(
    make: Callable[[], object], message: str, error: type[Exception]
) -> None:
    with pytest.raises(error, match=message):
        make()


def test_play_takes_bots_by_name_as_play_game_does() -> None:
    state = cr.new_game(seed=2)
    by_name = [action for _, action, _ in cr.play(state, ["greedy", "random"] * 2)]
    bots: list[cr.Bot] = [
        cr.GreedyBot(),
        cr.RandomBot(seed=1),
        cr.GreedyBot(),
        cr.RandomBot(seed=3),
    ]
    assert by_name == [action for _, action, _ in cr.play(state, bots)]


def test_a_bot_class_is_refused_as_a_player_and_told_to_make_one() -> None:
    with pytest.raises(TypeError, match=r"^bots\[0\] is the class GreedyBot, not a bot: make"):
        cr.play_game([cr.GreedyBot] * 4, seed=1)  # type: ignore[list-item]


@pytest.mark.parametrize("name", sorted(cr.BOTS))
def test_every_named_bot_is_made_without_a_seed_as_with_seed_0(name: str) -> None:
    state = cr.new_game(seed=4)
    unseeded, seeded = cr.BOTS[name](), cr.make_bot(name, seed=0)
    assert repr(unseeded) == repr(seeded)
    assert [action for _, action, _ in cr.play(state, [unseeded] * 4, stop_after=40)] == [
        action for _, action, _ in cr.play(state, [seeded] * 4, stop_after=40)
    ]


def test_a_name_that_is_no_bots_is_refused_listing_the_bots() -> None:
    listed = r"^no bot is called 'nope'; the bots are greedy, heuristic, random$"
    with pytest.raises(UnknownBotError, match=listed):
        cr.BOTS["nope"]
    with pytest.raises(KeyError):  # as any mapping refuses a missing key
        cr.BOTS["nope"]
    with pytest.raises(ValueError, match=listed):  # as the library refuses bad input
        cr.make_bot("nope")
    assert "nope" not in cr.BOTS
    assert cr.BOTS.get("nope") is None


def test_play_stops_quietly_after_stop_after_and_max_actions_is_its_deprecated_name() -> None:
    state = cr.new_game(seed=2)
    first = [action for _, action, _ in cr.play(state, ["greedy"] * 4, stop_after=3)]
    assert len(first) == 3
    with pytest.warns(DeprecationWarning, match=r"play\(max_actions=\) is deprecated: it stops"):
        old = cr.play(state, ["greedy"] * 4, max_actions=3)  # warned when called
    assert [action for _, action, _ in old] == first
    with pytest.raises(ValueError, match=r"^stop_after must not be negative, got -1$"):
        cr.play(state, ["greedy"] * 4, stop_after=-1)
    with pytest.raises(GameTooLongError):  # the others raise at their max_actions
        cr.play_game(["greedy"] * 4, seed=2, max_actions=3)
