"""Chance as steps: the deal (R4, R5), the cut (R32) and the reshuffle (R27) dealt by hand.

A game made with ``auto_chance=False`` stops at each chance point (phase CHANCE) and takes
chance's outcomes as actions. Dealt the orders the seeded shuffler drew, it plays the very
game the seed deals.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import history, notation, records
from contract_rummy.cards import CARDS
from contract_rummy.engine import STEPS, check_chance_point, waiting_state
from contract_rummy.render import view_text
from scenario import dry, ended, reshuffle_point, typeless

#: Enough actions for any game these tests play; a game reaching it fails the test.
_CAP = 20_000


def _seeded_game(
    variant: cr.Variant, seed: int, players: int
) -> Iterator[tuple[cr.RoundState, cr.Action, cr.RoundState, tuple[cr.Event, ...]]]:
    """Each step of a seeded game played by a random bot: before, action, after, events."""
    bot = cr.RandomBot(seed=seed)
    state = cr.new_game(variant, seed=seed, players=players)
    for _ in range(_CAP):
        if state.phase is cr.Phase.GAME_OVER:
            return
        action = bot.choose(state)
        after, events = cr.step(state, action)
        yield state, action, after, events
        state = after
    pytest.fail("the game did not end within the cap")


def _order(state: cr.RoundState) -> tuple[cr.Card, ...]:
    """The deck order that dealt the round ``state`` begins (R5)."""
    deal = records.Deal.of(state)
    return tuple(deal.order(state.variant.cards_dealt(state.round_number)))


def _deal_by_hand(
    recorder: records.Recorder, dealt: cr.RoundState, *, by_card: bool
) -> tuple[cr.RoundState, tuple[cr.Event, ...]]:
    """Resolve the deal's chance points with the cards ``dealt`` has, recording them."""
    state = recorder.state
    events: tuple[cr.Event, ...] = ()
    order = _order(dealt)
    for _ in range(len(order) + 3):
        point = cr.chance_point(state)
        if point is None:
            return state, events
        if point.kind is cr.ChanceKind.DEALER:
            state, events = recorder.step(cr.FirstDealer(dealt.dealer))
        elif point.kind is cr.ChanceKind.CUT:
            assert dealt.cut is not None
            state, events = recorder.step(cr.CutDeck(dealt.cut))
        elif by_card:
            state, events = recorder.step(cr.DealCard(order[len(point.placed)]))
        else:
            state, events = recorder.deal(order[len(point.placed) :])
    pytest.fail("the deal did not end")


def _same_game(by_hand: cr.RoundState, seeded: cr.RoundState) -> None:
    """The two states are the same position: everything but chance and the count of moves."""
    assert by_hand.chance.pending is None
    assert by_hand.shuffler == cr.engine.STEPS
    assert by_hand.replace(chance=seeded.chance, moves=seeded.moves) == seeded


def _replay_by_hand(
    variant: cr.Variant, seed: int, players: int, *, by_card: bool
) -> tuple[int, int, records.Recorder]:
    """Play the seeded game again, its chance dealt by hand and recorded.

    Returns how many deals and reshuffles it had, and its recorder.
    """
    recorder = records.Recorder(cr.new_game(variant, players=players, auto_chance=False))
    deals = reshuffles = 0
    for number, (before, action, after, events) in enumerate(_seeded_game(variant, seed, players)):
        if number == 0:
            state, _ = _deal_by_hand(recorder, before, by_card=by_card)
            deals += 1
            _same_game(state, before)
        state, got = recorder.step(action)
        if state.phase is cr.Phase.CHANCE:
            point = cr.chance_point(state)
            assert point is not None
            if point.kind is cr.ChanceKind.RESHUFFLE:
                reshuffles += 1
                stock = next(e.stock for e in events if isinstance(e, cr.Reshuffled))
                assert Counter(point.remaining) == Counter(stock)
                assert state.stock == before.stock
                assert state.discard == before.discard
                if by_card:
                    for card in stock[:-1]:
                        state, got = recorder.step(cr.DealCard(card))
                        assert got == ()
                    state, got = recorder.step(cr.DealCard(stock[-1]))
                else:
                    state, got = recorder.deal(stock)
            else:
                deals += 1
                state, got = _deal_by_hand(recorder, after, by_card=by_card)
                assert got == events
                _same_game(state, after)
                continue
            # A second reshuffle in the same action (a buy's penalty, then a draw) stops
            # again; these games have none.
            assert state.phase is not cr.Phase.CHANCE
        assert got == events
        _same_game(state, after)
    return deals, reshuffles, recorder


def test_r5_a_game_dealt_by_hand_a_whole_order_at_a_time_is_the_seeded_game() -> None:
    deals, reshuffles, _ = _replay_by_hand(cr.PAGAT, 0, 4, by_card=False)
    assert deals == 7
    assert reshuffles > 0


def test_r5_a_game_dealt_by_hand_card_by_card_is_the_seeded_game() -> None:
    deals, reshuffles, _ = _replay_by_hand(cr.LIVERPOOL_CUT, 2, 4, by_card=True)
    assert (deals, reshuffles) == (7, 1)


def test_r32_the_cut_is_a_chance_point_after_the_deal_order() -> None:
    deals, _, _ = _replay_by_hand(cr.LIVERPOOL_CUT, 46, 4, by_card=False)
    assert deals == cr.LIVERPOOL_CUT.rounds
    state = cr.apply(cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False), cr.FirstDealer(0))
    state = cr.deal(state, state.stock)
    point = cr.chance_point(state)
    assert point is not None
    assert point.kind is cr.ChanceKind.CUT
    size = len(state.stock)
    assert point.bound == size - 1
    assert [a for a, _ in cr.chance_outcomes(state)] == [cr.CutDeck(n) for n in range(1, size)]
    with pytest.raises(cr.IllegalActionError, match=rf"^R32: the cut lifts 1 to {size - 1}"):
        cr.apply(state, cr.CutDeck(size))
    with pytest.raises(cr.IllegalActionError, match=r"^R32: DealCard"):
        cr.apply(state, cr.DealCard(state.stock[0]))
    exact = cr.LIVERPOOL_CUT.cards_dealt(1) * 4 + 1
    after, events = cr.step(state, cr.CutDeck(exact))
    assert after.cut == exact
    assert after.scores == (0, 0, 0, -cr.LIVERPOOL_CUT.cut_bonus)
    assert events == (cr.Dealt(1, 0, after.discard[-1], 3, exact),)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([cr.PAGAT, cr.LIVERPOOL, cr.MAY_I]))
def test_r5_the_deal_point_offers_each_card_left_with_its_odds(
    seed: int, variant: cr.Variant
) -> None:
    players = variant.min_players
    state = cr.apply(cr.new_game(variant, players=players, auto_chance=False), cr.FirstDealer(1))
    order = cr.new_game(variant, seed=seed, players=players).stock  # any order of cards
    for placed, card in enumerate(order[:5]):
        outcomes = dict(cr.chance_outcomes(state))
        left = len(state.stock) - placed
        assert sum(outcomes.values()) == pytest.approx(1.0)
        assert outcomes[cr.DealCard(card)] == pytest.approx(
            (Counter(state.stock)[card] - list(order[:placed]).count(card)) / left
        )
        listed: list[object] = list(cr.legal_actions(state))
        assert listed == list(outcomes)
        state = cr.apply(state, cr.DealCard(card))
        # The deck stays whole: every card still in the stock until the order is dealt.
        assert Counter(state.stock) == Counter(variant.deck(players))


def test_r5_a_card_not_left_to_deal_is_refused() -> None:
    state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(0))
    jokers = state.stock.count(cr.JOKER)
    for _ in range(jokers):
        state = cr.apply(state, cr.DealCard(cr.JOKER))
    with pytest.raises(cr.IllegalActionError, match=r"^R5: JK is not among the cards still"):
        cr.apply(state, cr.DealCard(cr.JOKER))
    with pytest.raises(cr.IllegalActionError, match=r"^R5: the order dealt must place exactly"):
        cr.deal(state, state.stock)
    assert not cr.is_legal(state, cr.DealCard(cr.JOKER))
    with pytest.raises(cr.IllegalActionError, match=r"^R5: .* chance deals the deal's order"):
        cr.apply(state, cr.DrawStock())
    with pytest.raises(cr.IllegalActionError, match=r"^R5: chance deals now"):
        cr.apply(state, cr.DealCard("2C"), player=0)
    assert cr.chooser(state) is None
    assert state.to_act is None
    assert list(cr.legal_actions(cr.view(state, 0))) == []


def test_r5_the_first_dealer_is_a_chance_point() -> None:
    state = cr.new_game(auto_chance=False)
    assert state.phase is cr.Phase.CHANCE
    assert state.moves == 0
    assert cr.chance_outcomes(state) == tuple((cr.FirstDealer(p), 1 / 4) for p in range(4))
    with pytest.raises(cr.IllegalActionError, match=r"^R4: the first dealer is a player, 0-3"):
        cr.apply(state, cr.FirstDealer(4))
    with pytest.raises(ValueError, match="takes no seed nor shuffler"):
        cr.new_game(seed=1, auto_chance=False)
    after = cr.apply(state, cr.FirstDealer(2))
    assert after.moves == 1
    assert cr.chance_outcomes(state) != cr.chance_outcomes(after)


def test_r27_a_reshuffle_waits_for_chance_then_draws_from_the_new_stock() -> None:
    deck = list(cr.PAGAT.deck(4))
    hands = [deck[i * 10 : i * 10 + 10] for i in range(4)]
    discard = deck[40:]
    state = cr.start_round(hands=hands, stock=[], discard=discard, auto_chance=False)
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:  # nobody buys: the active player draws
        before = state
        state = cr.apply(state, cr.Pass())
    point = cr.chance_point(state)
    assert point is not None
    assert point.kind is cr.ChanceKind.RESHUFFLE
    assert point.action == cr.Pass()
    assert point.phase is cr.Phase.BUY
    assert Counter(point.remaining) == Counter(discard[:-1])
    assert (state.hands, state.stock, state.discard) == (before.hands, (), before.discard)
    new_stock = sorted(discard[:-1], key=str)
    after, events = cr.deal_step(state, new_stock)
    assert after.phase is cr.Phase.PLAY
    assert new_stock[0] in after.hands[after.active]
    assert after.stock == tuple(new_stock[1:])
    assert after.reshuffles == 1
    assert events[0] == cr.Reshuffled(len(new_stock), 1, tuple(new_stock))
    # One step a card: the order's last plays the draw waiting for it.
    assert after.moves == state.moves + len(new_stock) == before.moves + 1 + len(new_stock)


def test_r27_a_buy_whose_penalty_needs_a_reshuffle_then_gives_the_active_player_the_draw() -> None:
    # Two players: once the only other player buys, nobody is left to ask (R20), and the
    # active player draws from the stock the penalty's reshuffle made (R21, R27).
    variant = attrs.evolve(cr.PAGAT, min_players=2)
    deck = list(variant.deck(2))
    hands = [deck[:11], deck[11:22]]
    state = cr.start_round(variant, hands=hands, stock=[], discard=deck[22:], seed=0)
    state = cr.apply(state, cr.DrawStock())
    assert (state.phase, state.to_act, state.stock) == (cr.Phase.BUY, 0, ())
    top = state.top_discard
    assert top is not None
    after, events = cr.step(state, cr.Buy())
    reshuffled, bought, drew = events
    assert isinstance(reshuffled, cr.Reshuffled)
    penalty, drawn, *rest = reshuffled.stock
    assert bought == cr.Bought(0, top, (penalty,))
    assert drew == cr.Drew(1, drawn)
    assert (after.phase, after.to_act, after.stock) == (cr.Phase.PLAY, 1, tuple(rest))
    assert Counter(after.hands[0]) == Counter([*state.hands[0], top, penalty])
    assert Counter(after.hands[1]) == Counter([*state.hands[1], drawn])


def test_r27_a_seeded_game_pays_no_chance_point() -> None:
    for _, _, after, _ in _seeded_game(cr.PAGAT, 5, 4):
        assert after.phase is not cr.Phase.CHANCE
        assert after.chance.pending is None


# -- records ---------------------------------------------------------------------------------


@functools.cache
def _hand_dealt() -> tuple[str, cr.RoundState]:
    """The record of a game dealt by hand card by card (a reshuffle and cuts included)."""
    _, _, recorder = _replay_by_hand(cr.LIVERPOOL_CUT, 2, 4, by_card=True)
    return records.dumps(recorder.record()), recorder.state


def test_r5_a_game_dealt_by_hand_card_by_card_replays_from_its_record() -> None:
    text, final = _hand_dealt()
    data = json.loads(text)
    assert (data["seed"], data["start"], data["chance"]) == (None, None, "steps")
    first = _seeded_first(2)
    assert data["actions"][:2] == [f"FirstDealer {first.dealer}", f"DealCard {_order(first)[0]}"]
    assert sum(entry.startswith("DealCard") for entry in data["actions"]) > 7 * 100
    game = records.loads(text)
    assert game.chance_steps
    assert list(records.replay(game))[-1] == final
    assert final.phase is cr.Phase.GAME_OVER
    assert records.loads(records.dumps(game)) == game


def _seeded_first(seed: int) -> cr.RoundState:
    return cr.new_game(cr.LIVERPOOL_CUT, seed=seed)


def _entries(kind: str) -> list[int]:
    text, _ = _hand_dealt()
    return [i for i, entry in enumerate(json.loads(text)["actions"]) if entry.startswith(kind)]


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_r5_a_changed_chance_entry_is_refused_or_deals_another_valid_game(
    data: st.DataObject,
) -> None:
    text, final = _hand_dealt()
    document = json.loads(text)
    index = data.draw(st.sampled_from(_entries("DealCard")), label="entry")
    card = data.draw(st.sampled_from(sorted(set(_order(_seeded_first(2))), key=str)), label="card")
    document["actions"][index] = f"DealCard {card}"
    try:
        game = records.loads(json.dumps(document))
    except cr.RecordError as error:
        refusal = str(error)
    else:
        assert list(records.replay(game))[-1] != final or document == json.loads(text)
        return
    # Refused where the game stops holding up, citing the rule, or at its result.
    assert re.match(r"actions\[\d+\]: .*R\d+|result: ", refusal), refusal


def test_r5_a_chance_entry_that_deals_a_card_not_left_is_refused_with_its_rule() -> None:
    text, _ = _hand_dealt()
    document = json.loads(text)
    # The last card of the first deal: the only card left to place.
    last = next(
        i for i in _entries("DealCard") if not document["actions"][i + 1].startswith("Deal")
    )
    left = document["actions"][last].split()[1]
    other = "JK" if left != "JK" else "2C"
    document["actions"][last] = f"DealCard {other}"
    with pytest.raises(
        cr.RecordError, match=rf"^actions\[{last}\]: DealCard {other} is refused: R5: "
    ):
        records.loads(json.dumps(document))


def test_r27_a_reshuffle_entry_that_deals_a_card_not_discarded_is_refused() -> None:
    text, _ = _hand_dealt()
    document = json.loads(text)
    game = records.loads(text)
    states = list(records.replay(game))
    at = next(
        i
        for i, state in enumerate(states[1:])
        if state.phase is cr.Phase.CHANCE
        and state.pending is not None
        and state.pending.kind is cr.ChanceKind.RESHUFFLE
    )
    point = states[at + 1].pending
    assert point is not None
    absent = next(card for card in _order(_seeded_first(2)) if card not in point.remaining)
    document["actions"][at + 1] = f"DealCard {absent}"
    with pytest.raises(cr.RecordError, match=rf"^actions\[{at + 1}\]: .* is refused: R27: "):
        records.loads(json.dumps(document))


def test_r32_a_cut_entry_out_of_range_is_refused() -> None:
    text, _ = _hand_dealt()
    document = json.loads(text)
    at = _entries("CutDeck")[0]
    document["actions"][at] = "CutDeck 0"
    with pytest.raises(cr.RecordError, match=rf"^actions\[{at}\]: CutDeck 0 is refused: R32: "):
        records.loads(json.dumps(document))


def test_r27_a_round_set_up_by_hand_records_its_reshuffles_as_entries() -> None:
    deck = list(cr.PAGAT.deck(4))
    hands = [deck[i * 10 : i * 10 + 10] for i in range(4)]
    first = cr.start_round(hands=hands, stock=[], discard=deck[40:], auto_chance=False)
    recorder = records.Recorder(first)
    state = recorder.apply(cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = recorder.apply(cr.Pass())
    point = cr.chance_point(state)
    assert point is not None
    assert point.kind is cr.ChanceKind.RESHUFFLE
    state, _ = recorder.deal(point.remaining)
    text = records.dumps(recorder.record())
    data = json.loads(text)
    assert data["chance"] == "steps"
    assert data["start"]["shuffler"] == "steps"
    assert data["deals"] == data["reshuffles"] == []
    assert data["actions"][-len(point.remaining) :] == [
        f"DealCard {card}" for card in point.remaining
    ]
    assert list(records.replay(records.loads(text)))[-1] == state
    with pytest.raises(cr.RecordError, match="logs chance among its actions"):
        records.loads(text.replace('"reshuffles": []', '"reshuffles": [["2C"]]'))


@settings(max_examples=30, deadline=None)
@given(st.one_of(*(st.from_type(kind) for kind in (cr.FirstDealer, cr.CutDeck, cr.DealCard))))
@example(cr.CutDeck(0))  # refused when read (R32)
def test_r5_chance_outcomes_read_back_from_json_and_notation(outcome: cr.ChanceAction) -> None:
    assert cr.from_dict(json.loads(json.dumps(cr.to_dict(outcome)))) == outcome
    text = cr.format_action(outcome)
    if isinstance(outcome, cr.CutDeck) and outcome.lifted == 0:
        with pytest.raises(cr.IllegalActionError, match="R32"):
            notation.parse_outcome(text)
    else:
        assert notation.parse_outcome(text) == outcome


def test_r5_the_encoding_refuses_a_chance_point() -> None:
    from contract_rummy import encoding

    state = cr.new_game(auto_chance=False)
    state = cr.apply(state, cr.chance_outcomes(state)[0][0])  # the dealer: the deal waits
    assert cr.chance_point(state) is not None
    enc = encoding.encoding_for(state.variant, state.players)
    for call in (encoding.legal_ids, encoding.legal_mask, enc.go_down_count):
        with pytest.raises(ValueError, match="R5: a state at a chance point"):
            call(state)
    with pytest.raises(ValueError, match="R5: a state at a chance point"):
        encoding.id_action(state, 0)
    with pytest.raises(ValueError, match="R5: a state at a chance point"):
        encoding.action_id(state, cr.DrawStock())


def test_r5_the_game_loop_refuses_a_game_dealt_step_by_step_up_front() -> None:
    from contract_rummy.playing import steps

    def choose(player: int, state: cr.RoundState) -> cr.Action:
        return cr.legal_actions(state)[0]  # pragma: no cover - never asked

    dealt = cr.new_game(auto_chance=False)
    dealt = cr.apply(dealt, cr.FirstDealer(0))
    point = cr.chance_point(dealt)
    assert point is not None
    dealt = cr.deal(dealt, point.remaining)
    assert cr.chance_point(dealt) is None
    for state in (cr.new_game(auto_chance=False), dealt):
        for players in (choose, [cr.RandomBot(seed=1)] * 4):
            with pytest.raises(ValueError, match=r"^R5: this game is dealt step by step"):
                steps(state, players)


def _a_deal_point() -> cr.RoundState:
    state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(1))
    assert state.pending is not None
    assert state.pending.kind is cr.ChanceKind.DEAL
    return state


def test_r5_a_chance_point_built_by_hand_needs_the_steps_shuffler() -> None:
    from contract_rummy.state import Chance

    state = _a_deal_point()
    assert attrs.evolve(state) == state  # the engine's own chance point is valid
    with pytest.raises(cr.InvalidStateError, match=r"^R5: .*shuffler must be"):
        attrs.evolve(state, chance=Chance(0, cr.SEEDED, state.pending))
    seeded = cr.new_game(seed=1)
    point = cr.ChancePoint(
        cr.ChanceKind.DEAL, (cr.Card.parse("AC"),), (), 0, None, (1,), cr.Phase.DRAW, None
    )
    with pytest.raises(cr.InvalidStateError, match=r"^R5: "):
        attrs.evolve(seeded, phase=cr.Phase.CHANCE, to_act=None, pending=point)


def test_r5_a_deal_point_built_by_hand_places_the_whole_deck() -> None:
    state = _a_deal_point()
    point = state.pending
    assert point is not None
    short = attrs.evolve(point, remaining=point.remaining[1:])
    with pytest.raises(cr.InvalidStateError, match=r"^R5: a deal places the whole deck"):
        attrs.evolve(state, pending=short)
    wrong = attrs.evolve(point, bound=4)
    with pytest.raises(cr.InvalidStateError, match=r"^R5: a deal point's bound must be 0"):
        attrs.evolve(state, pending=wrong)


def test_r4_a_dealer_point_built_by_hand_has_one_outcome_per_player() -> None:
    state = cr.new_game(auto_chance=False)
    point = state.pending
    assert point is not None
    with pytest.raises(cr.InvalidStateError, match=r"^R4: a dealer point's bound must be 4"):
        attrs.evolve(state, pending=attrs.evolve(point, bound=9))
    with pytest.raises(cr.InvalidStateError, match=r"^R4: chance draws a number"):
        attrs.evolve(state, pending=attrs.evolve(point, remaining=(cr.JOKER,)))


def test_r5_a_round_dealt_step_by_step_takes_no_seed_nor_shuffler() -> None:
    deck = list(cr.PAGAT.deck(4))
    cards = {
        "hands": [deck[i * 10 : i * 10 + 10] for i in range(4)],
        "stock": deck[41:],
        "discard": deck[40:41],
    }
    stepped = cr.start_round(**cards, auto_chance=False)  # type: ignore[arg-type]
    assert stepped.chance.shuffler is STEPS
    for extra in ({"seed": 5}, {"shuffler": cr.SYSTEM}):
        with pytest.raises(ValueError, match="takes no seed nor shuffler"):
            cr.new_game(**extra, auto_chance=False)
        with pytest.raises(ValueError, match="takes no seed nor shuffler"):
            cr.start_round(**cards, **extra, auto_chance=False)  # type: ignore[arg-type]


def test_r5_a_refused_outcome_lists_at_most_30_cards() -> None:
    state = _a_deal_point()
    point = state.pending
    assert point is not None
    for _ in range(state.stock.count(cr.JOKER)):
        state = cr.apply(state, cr.DealCard(cr.JOKER))
    refused: list[Callable[[], object]] = [
        lambda: cr.apply(state, cr.DealCard(cr.JOKER)),
        lambda: cr.deal(state, (cr.JOKER,)),
    ]
    for play in refused:
        with pytest.raises(cr.IllegalActionError) as caught:
            play()
        message = str(caught.value)
        assert re.search(r" and [0-9]+ more", message)
        assert len(re.findall(r"\b(?:[2-9]|10|[AJQK])[CDHS]\b", message)) <= 2 * 30


def test_r5_outcome_notation_reads_one_card_at_a_time_and_refuses_empty_cuts() -> None:
    assert notation.parse_outcome("dealcard 7s") == cr.DealCard("7S")
    for text in ("DealOrder 7S 8S", "DealOrder"):  # an order is dealt a card at a time
        assert not notation.is_outcome(text)
        with pytest.raises(cr.NotationError, match="'DealOrder' is not one of chance's"):
            notation.parse_outcome(text)
    with pytest.raises(cr.NotationError, match="'8S' is extra"):
        notation.parse_outcome("DealCard 7S 8S")
    with pytest.raises(cr.IllegalActionError, match=r"^R32: a cut lifts at least 1 card"):
        notation.parse_outcome("CutDeck 0")
    with pytest.raises(cr.NotationError, match="'x' is not a player"):
        notation.parse_outcome("FirstDealer x")


# -- legal_actions and apply agree at chance points ------------------------------------------

#: A player's actions, none of which chance may play.
_PLAYERS_ACTIONS: tuple[cr.Action, ...] = (
    cr.DrawStock(),
    cr.TakeDiscard(),
    cr.Buy(),
    cr.Pass(),
    cr.NextRound(),
    cr.Discard("7S"),
)


def _not_listed(state: cr.RoundState, listed: set[object], rnd: random.Random) -> list[object]:
    """Actions to try at ``state``'s chance point that ``listed`` does not hold.

    Chance's, of the wrong kind, out of bounds or of cards not left to place (a few of
    those), and players'.
    """
    point = state.pending
    assert point is not None
    bound = max(point.bound, state.players)
    absent = [cr.DealCard(card) for card in CARDS if card not in point.remaining]
    tried = [
        *rnd.sample(absent, min(4, len(absent))),
        *(cr.FirstDealer(p) for p in (0, bound - 1, bound, bound + 1)),
        *(cr.CutDeck(n) for n in (0, 1, bound, bound + 1)),
        *_PLAYERS_ACTIONS,
        cr.DealCard,  # not an action: the class
        None,
    ]
    return [action for action in tried if action not in listed]


def _check_chance_point(state: cr.RoundState, rnd: random.Random) -> None:
    """At a chance point, legal_actions lists chance's outcomes, and apply takes those only.

    Every action tried that is not listed is refused; a few of those listed are played.
    """
    legal = cr.legal_actions(state)
    listed = list(legal)
    outcomes = [action for action, _ in cr.chance_outcomes(state)]
    assert len(legal) == len(listed) == len(set(listed)) == len(outcomes)
    assert set(listed) == set(outcomes)  # type: ignore[comparison-overlap] # both chance's
    assert all(action in legal for action in listed)
    for action in _not_listed(state, set(listed), rnd):
        assert action not in legal
        if isinstance(action, type):  # a class for the action: refused, not answered no
            with pytest.raises(TypeError, match=r"^expected an action, got the class "):
                cr.is_legal(state, action)
        else:
            assert not cr.is_legal(state, action)
        wrong_type = action is None or isinstance(action, type)
        refusal: type[Exception] = TypeError if wrong_type else cr.IllegalActionError
        with pytest.raises(refusal, match=r"^R(4|5|27|32): |^expected an action"):
            cr.apply(state, action)  # type: ignore[arg-type]
    for action in rnd.sample(listed, min(3, len(listed))):
        assert cr.is_legal(state, action)
        assert cr.apply(state, action).moves == state.moves + 1


@pytest.mark.parametrize("name", ["pagat", "liverpool-cut", "shanghai-11"])  # the rest: slow
def test_r5_r27_legal_actions_agree_with_apply_at_the_chance_points_of_a_deal_and_a_reshuffle(
    name: str,
) -> None:
    variant = cr.VARIANTS[name]
    rnd = random.Random(name)
    for first in (cr.new_game(variant, auto_chance=False), reshuffle_point(variant)):
        state = first
        for _ in range(len(variant.deck(variant.max_players)) + 3):
            if state.pending is None:
                break
            _check_chance_point(state, rnd)
            state = cr.apply(state, rnd.choice(cr.chance_outcomes(state))[0])
        else:
            pytest.fail("chance did not end within the cap")
        assert state.phase is not cr.Phase.CHANCE


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(cr.VARIANTS))
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_r27_every_chance_point_of_a_game_dealt_by_hand_passes_the_checks(
    name: str, seed: int
) -> None:
    """Each chance point is a valid state, and apply takes exactly what legal_actions lists."""
    rnd = random.Random(seed)
    state = cr.new_game(cr.VARIANTS[name], auto_chance=False)
    action: cr.Action | cr.ChanceAction
    for _ in range(_CAP):
        if state.phase is cr.Phase.GAME_OVER or state.round_number > 2:
            return
        if state.pending is not None:
            assert attrs.evolve(state) == state
            _check_chance_point(state, rnd)
            action = rnd.choice(cr.chance_outcomes(state))[0]
        else:
            action = rnd.choice(list(cr.legal_actions(state)))
        state = cr.apply(state, action)
    pytest.fail("the game did not end within the cap")


# -- deal: a whole order, a card at a time ----------------------------------------------------


def test_r5_deal_plays_a_deal_card_a_card_and_refuses_any_other_order() -> None:
    state = _a_deal_point()
    order = sorted(state.stock, key=str)
    by_card = state
    for card in order:
        by_card = cr.apply(by_card, cr.DealCard(card))
    assert cr.deal(state, order) == by_card
    assert cr.deal(state, " ".join(map(str, order))) == by_card  # notation, as parse_cards
    after, events = cr.deal_step(state, order)
    assert after == by_card
    assert events == (cr.Dealt(1, 1, by_card.discard[-1]),)
    placed = cr.apply(state, cr.DealCard(order[0]))
    assert cr.deal(placed, order[1:]) == by_card  # the rest of an order begun
    for position, wrong, said in (
        (state, order[1:], f"exactly the 107 cards .*: missing {order[0]}; not to place none"),
        (state, [*order, cr.JOKER], "exactly the 107 cards .*: missing none; not to place JK"),
        (placed, order, f"exactly the 106 cards .*: missing none; not to place {order[0]}"),
        (state, [], "exactly the 107 cards .*: missing .* and 77 more; not to place none"),
    ):
        with pytest.raises(
            cr.IllegalActionError, match=rf"^R5: the order dealt must place {said}"
        ):
            cr.deal(position, wrong)
    with pytest.raises(TypeError, match="card must be a Card or card notation"):
        cr.deal(state, [7])  # type: ignore[list-item]


def test_r27_deal_refuses_where_no_order_is_dealt() -> None:
    with pytest.raises(cr.IllegalActionError, match=r"^R5: no order is to be dealt now"):
        cr.deal(cr.new_game(seed=1), [])
    with pytest.raises(cr.IllegalActionError, match=r"^R4: no order .*first dealer"):
        cr.deal(cr.new_game(auto_chance=False), [])
    state = cr.apply(cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False), cr.FirstDealer(0))
    cut = cr.deal(state, state.stock)
    with pytest.raises(cr.IllegalActionError, match=r"^R32: no order .*the cut"):
        cr.deal(cut, cut.stock)
    reshuffle = reshuffle_point(cr.PAGAT)
    point = reshuffle.pending
    assert point is not None
    with pytest.raises(cr.IllegalActionError, match=r"^R27: the order dealt must place"):
        cr.deal(reshuffle, point.remaining[1:])
    with pytest.raises(TypeError, match="expected a RoundState"):
        cr.deal(None, [])  # type: ignore[arg-type]


def test_r5_a_recorder_deals_a_whole_order_or_records_nothing() -> None:
    recorder = records.Recorder(cr.new_game(auto_chance=False))
    recorder.apply(cr.FirstDealer(1))
    order = sorted(recorder.state.stock, key=str)
    with pytest.raises(cr.IllegalActionError, match=r"^R5: the order dealt must place"):
        recorder.deal(iter(order[1:]))
    assert len(recorder.record().actions) == 1
    state, events = recorder.deal(iter(order))  # any iterable: read once
    assert state == cr.deal(cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(1)), order)
    assert events == (cr.Dealt(1, 1, state.discard[-1]),)
    game = recorder.record()
    assert game.actions == (cr.FirstDealer(1), *map(cr.DealCard, order))
    assert list(records.replay(records.loads(records.dumps(game))))[-1] == state


@pytest.mark.parametrize("point", ["deal", "reshuffle"])
def test_r5_r27_determinize_refuses_a_view_at_a_chance_point(point: str) -> None:
    # The order chance is dealing is hidden from every player: no state can be dealt behind
    # the view until the order is whole.
    if point == "deal":
        state = cr.new_game(auto_chance=False)
        state = cr.apply(state, cr.chance_outcomes(state)[0][0])  # the dealer: the deal waits
    else:
        state = reshuffle_point(cr.PAGAT)
    assert cr.chance_point(state) is not None
    for player in range(state.players):
        with pytest.raises(ValueError, match=r"^R5, R27: a view at a chance point"):
            cr.determinize(cr.view(state, player), 1)
    # Once chance has dealt, the view has a state behind it again.
    while cr.chance_point(state) is not None:
        state = cr.apply(state, cr.chance_outcomes(state)[0][0])
    mine = cr.view(state, 0)
    assert cr.view(cr.determinize(mine, 1), 0) == mine


def test_r5_the_step_shuffler_is_asked_for_with_auto_chance_false() -> None:
    """STEPS given as a shuffler leaked the engine's own signal (NeedChance: 4)."""
    refused = r"^STEPS is where a game dealt step by step stops"
    with pytest.raises(ValueError, match=refused):
        cr.new_game(shuffler=STEPS)
    rest = _deck_rest()
    with pytest.raises(ValueError, match=refused):
        cr.start_round(hands=_deck_hands(), stock=rest[1:], discard=rest[:1], shuffler=STEPS)
    for flag in ("no", 0, None):
        with pytest.raises(TypeError, match=rf"^auto_chance must be True or False, got {flag!r}"):
            cr.new_game(auto_chance=typeless(flag))
    assert cr.new_game(auto_chance=False).phase is cr.Phase.CHANCE


def _deck_hands() -> list[list[cr.Card]]:
    deck = list(cr.PAGAT.deck(4))
    return [deck[i * 10 : i * 10 + 10] for i in range(4)]


def _deck_rest() -> list[cr.Card]:
    return list(cr.PAGAT.deck(4))[40:]


# == the dealer while chance deals (R4) =======================================================


def _dealer_shown(state: cr.RoundState) -> set[int]:
    """The dealer every player's view names, and the one its rendered text names, as seats."""
    shown = set()
    for player in range(state.players):
        seen = cr.view(state, player)
        shown.add(seen.dealer)
        line = next(line for line in view_text(seen).splitlines() if "Dealer: " in line)
        named = line.split("Dealer: ")[1].split(".")[0]
        shown.add(player if named == "you" else int(named.removeprefix("player ")))
    return shown


def _deal_out(state: cr.RoundState, dealer: int) -> cr.RoundState:
    """Deal the order (a card, then the rest) and the cut, if any: ``dealer`` named throughout."""
    point = cr.chance_point(state)
    assert point is not None
    assert point.kind is cr.ChanceKind.DEAL
    state = cr.apply(state, cr.DealCard(point.remaining[0]))
    assert (state.phase, state.dealer, _dealer_shown(state)) == (cr.Phase.CHANCE, dealer, {dealer})
    point = cr.chance_point(state)
    assert point is not None
    state = cr.deal(state, point.remaining)
    if state.variant.cut_bonus:
        point = cr.chance_point(state)
        assert point is not None
        assert point.kind is cr.ChanceKind.CUT
        assert (state.dealer, _dealer_shown(state)) == (dealer, {dealer})
        state = cr.apply(state, cr.CutDeck(1))
    assert state.phase is not cr.Phase.CHANCE
    assert (state.dealer, state.active) == (dealer, (dealer + 1) % state.players)
    return state


@pytest.mark.parametrize("variant", [cr.PAGAT, cr.LIVERPOOL_CUT], ids=lambda v: v.name)
def test_r4_the_first_dealer_is_named_as_soon_as_chance_draws_them(variant: cr.Variant) -> None:
    """The first deal's states named the new game's player 0 as the dealer, not player 3."""
    state = cr.apply(cr.new_game(variant, auto_chance=False), cr.FirstDealer(3))
    assert (state.phase, state.dealer, _dealer_shown(state)) == (cr.Phase.CHANCE, 3, {3})
    assert "; dealer 3; chance," in str(cr.view(state, 1))
    dealt = _deal_out(state, 3)
    assert dealt.round_number == 1


@pytest.mark.parametrize("variant", [cr.PAGAT, cr.LIVERPOOL_CUT], ids=lambda v: v.name)
def test_r4_a_later_rounds_deal_names_its_dealer_from_its_start(variant: cr.Variant) -> None:
    """Round 2's deal named round 1's dealer, player 3, until it ended: player 0 deals it."""
    hands = ("4S", "", "", "")
    over = ended(dry(*hands, dealer=3, fill=(0, 1, 2, 3), variant=variant, auto_chance=False))
    assert (over.phase, over.dealer, cr.chooser(over)) == (cr.Phase.ROUND_OVER, 3, 3)
    dealing = cr.apply(over, cr.NextRound(), player=3)
    point = cr.chance_point(dealing)
    assert point is not None
    assert (point.kind, point.action) == (cr.ChanceKind.DEAL, cr.NextRound())
    assert (dealing.dealer, _dealer_shown(dealing)) == (0, {0})
    # The state NextRound() was played in is round 1's, dealt by player 3.
    waited = waiting_state(dealing)
    assert waited is not None
    assert waited.replace(moves=over.moves) == over
    dealt = _deal_out(dealing, 0)
    assert dealt.round_number == 2


def test_r4_histories_credit_a_deals_chance_steps_to_its_dealer() -> None:
    """Histories credited the first deal's steps to player 0, round 2's to round 1's dealer."""
    first = cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False)
    kept = history.Histories(first)
    recorder = records.Recorder(first)
    for outcome in (cr.FirstDealer(3), cr.DealCard("7S")):
        kept.step(outcome)
        recorder.apply(outcome)
    point = cr.chance_point(kept.state)
    assert point is not None
    for card in point.remaining:
        kept.step(cr.DealCard(card))
    recorder.deal(point.remaining)
    for played in (kept, recorder):
        played.step(cr.CutDeck(5))
    mine = kept.history(1)
    # The first dealer is drawn before anyone deals: that step is the new game's player 0's.
    assert mine.steps[0] == history.Seen(0, 0, cr.FirstDealer(3), ())
    assert len(mine.steps) == 1 + len(cr.LIVERPOOL_CUT.deck(4)) + 1
    assert {seen.player for seen in mine.steps[1:]} == {3}
    assert recorder.record().history(1) == mine
    assert history.loads(history.dumps(mine)) == mine
    assert list(mine.views())[-1] == cr.view(kept.state, 1)

    over = ended(dry("4S", "", "", "", dealer=3, fill=(0, 1, 2, 3), auto_chance=False))
    kept = history.Histories(over)
    kept.step(cr.NextRound(), player=3)
    point = cr.chance_point(kept.state)
    assert point is not None
    for card in point.remaining:
        kept.step(cr.DealCard(card))
    assert kept.state.round_number == 2
    mine = kept.history(2)
    # Round 1's dealer starts the deal; player 0, on their left, deals round 2.
    assert [seen.player for seen in mine.steps] == [3] + [0] * 107
    assert history.loads(history.dumps(mine)) == mine
    assert list(mine.views())[-1] == cr.view(kept.state, 2)


def test_r4_a_deal_point_naming_another_dealer_than_chance_drew_is_refused() -> None:
    state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(3))
    check_chance_point(state)
    for dealer in (0, 1):
        other = attrs.evolve(state, dealer=dealer)
        with pytest.raises(
            cr.InvalidStateError,
            match=rf"^R5: this chance point is not one the game reaches: player 3 deals \(R4\), "
            rf"but the state names player {dealer} as the dealer$",
        ):
            check_chance_point(other)
        data = cr.to_dict(state)
        data["dealer"] = dealer
        with pytest.raises(cr.RecordError, match=r"^R5: .*player 3 deals \(R4\)"):
            cr.from_dict(data, cr.RoundState)
    refusal = r"^R4: .*: until chance draws the first dealer, a new game names player 0 as the "
    with pytest.raises(cr.InvalidStateError, match=refusal + r"dealer \(R4\), not player 2$"):
        check_chance_point(attrs.evolve(cr.new_game(auto_chance=False), dealer=2))
