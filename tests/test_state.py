"""RoundState as a value: built by hand it is checked; built by the engine it is trusted."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.testing import strategies as crst
from scenario import cards, deal, play

#: The fields of a state's parts, each read and given by its own name too.
FLAT_NAMES = (
    "variant", "round_number", "dealer", "cut", "phase", "active", "to_act", "hands", "stock",
    "discard", "discarded_by", "table", "down", "buys", "reshuffles", "known", "turns", "scores",
    "penalties", "winners", "turn", "window", "rng", "shuffler", "pending", "moves",
)  # fmt: skip


def test_a_state_is_built_from_the_fields_of_its_parts_by_name() -> None:
    state = _play_state()
    flat = {name: getattr(state, name) for name in FLAT_NAMES}
    assert cr.RoundState(**flat) == state
    assert attrs.evolve(state, active=state.active, hands=state.hands) == state
    with pytest.raises(TypeError, match="unexpected keyword argument 'hand'"):
        cr.RoundState(**flat, hand=state.hands[0])  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^RoundState is missing reshuffles; a game's first"):
        cr.RoundState(**{name: value for name, value in flat.items() if name != "reshuffles"})


def test_a_state_built_by_hand_names_every_field_missing_and_where_states_come_from() -> None:
    with pytest.raises(TypeError) as raised:
        cr.RoundState()
    assert str(raised.value) == (
        "RoundState is missing facts (or variant, round_number, dealer), phase, active, "
        "to_act, hands, stock, discard, discarded_by, board (or table, down, buys, "
        "reshuffles), totals (or scores), turn, window, turns, chance (or rng); a game's "
        "first state comes from contract_rummy.new_game() or contract_rummy.start_round(), "
        "every later one from contract_rummy.apply()"
    )
    state = _play_state()
    given = {name: getattr(state, name) for name in ("variant", "table", "phase", "stock")}
    with pytest.raises(TypeError, match=r"^RoundState is missing round_number, dealer, active,"):
        cr.RoundState(**given)
    with pytest.raises(TypeError, match=r", down, buys, reshuffles, totals \(or scores\),"):
        cr.RoundState(**given)
    with pytest.raises(TypeError) as raised:
        cr.PlayerView()
    assert str(raised.value).startswith("PlayerView is missing facts (or variant, round_number")
    assert str(raised.value).endswith("; a view comes from contract_rummy.view(state, player)")


def _fields(state: cr.RoundState) -> dict[str, Any]:
    return {field.name: getattr(state, field.name) for field in attrs.fields(cr.RoundState)
            if field.init}  # fmt: skip


def _play_state() -> cr.RoundState:
    """Player 0 has drawn the discard 7H (kept, R17) and holds 7C 7D 9S 9D 9H KS."""
    state = deal("7C 7D 9S 9D 9H KS", "2C", "3C", "4C", discard="7H")
    return play(state, cr.TakeDiscard())


def test_a_state_built_from_its_own_fields_is_equal() -> None:
    state = _play_state()
    rebuilt = cr.RoundState(**_fields(state))
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)
    assert attrs.evolve(state) == state


@given(crst.states(variant=crst.variants(), max_actions=120))
@settings(deadline=None)
def test_every_state_the_engine_makes_passes_the_checks(state: cr.RoundState) -> None:
    assert cr.RoundState(**_fields(state)) == state


def test_fields_of_the_wrong_type_are_refused_with_their_name() -> None:
    with pytest.raises(TypeError, match="variant must be a Variant"):
        cr.RoundState(**dict.fromkeys(FLAT_NAMES, "x"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="facts must be a RoundFacts"):
        cr.RoundState(*["x"] * 15)  # type: ignore[arg-type]
    state = _play_state()
    for name, value in [
        ("round_number", "1"),
        ("phase", "play"),
        ("to_act", 1.0),
        ("hands", [list(hand) for hand in state.hands]),
        ("stock", ("7C",)),
        ("discarded_by", ("0",)),
        ("table", (cr.meld("7C 7D 7H"),)),
        ("down", (0, 0, 0, 0)),
        ("scores", (0, 0, 0, True)),
        ("penalties", (0, 0, 0, "0")),
        ("turn", None),
        ("window", ()),
        ("shuffler", "SEEDED"),
    ]:
        changes: dict[str, Any] = {name: value}
        with pytest.raises(TypeError, match=f"^{name} must be"):
            attrs.evolve(state, **changes)
    with pytest.raises(TypeError, match="kept_card"):
        attrs.evolve(state, turn=cr.Turn(kept_card="7H"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="went_down"):
        attrs.evolve(state, turn=cr.Turn(went_down=1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^window\.queue must be a tuple of ints"):
        attrs.evolve(state, window=cr.BuyWindow(("1",)))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^table\[0\]\.meld must be a Group or a Run"):
        attrs.evolve(state, table=(cr.TableMeld("7C 7D 7H", 0),))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"active": 9}, "active must be a player, 0-3, got 9"),
        ({"dealer": -1}, "dealer must be a player"),
        ({"round_number": 8}, "round_number must be 1-7"),
        ({"scores": (0, 0, 0)}, "scores must have one entry per player"),
        ({"rng": 2**64}, "rng must be a shuffler state"),
        ({"buys": (0, -1, 0, 0)}, "must not be negative"),
        ({"discarded_by": (None,)}, "discarded_by must name who discarded each card"),
        ({"phase": cr.Phase.DRAW}, "the turn has only begun in phase DRAW"),
        ({"to_act": 2}, "to_act must be the active player"),
        ({"penalties": (0, 0, 0, 0)}, "penalties must be set exactly when the round is over"),
        ({"down": (True, False, False, False)}, r"down\[0\] is True"),
        ({"turn": cr.Turn(cards("2C")[0])}, "the kept card 2C is neither in the active"),
        ({"turn": cr.Turn(went_down=True)}, "turn.went_down is set"),
        ({"window": cr.BuyWindow((2,))}, "no buy window is open in phase PLAY"),
    ],
)
def test_inconsistent_fields_are_refused_saying_what_is_wrong(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(cr.InvalidStateError, match=message):
        attrs.evolve(_play_state(), **changes)


def test_r2_a_card_missing_or_extra_is_refused() -> None:
    state = _play_state()
    with pytest.raises(cr.InvalidStateError, match=f"R2: .* missing {state.stock[0]}$"):
        attrs.evolve(state, stock=state.stock[1:])
    with pytest.raises(cr.InvalidStateError, match="extra JK"):
        attrs.evolve(state, stock=(*state.stock, cr.JOKER))


def test_r14_table_melds_must_be_melds_of_the_variant_and_owned_by_down_players() -> None:
    state = _play_state()
    down = play(state, cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")]))
    assert cr.RoundState(**_fields(down)) == down
    with pytest.raises(cr.InvalidStateError, match=r"down\[0\] is False"):
        attrs.evolve(down, down=(False, False, False, False))
    with pytest.raises(cr.InvalidStateError, match=r"table\[0\] is owned by player 7"):
        attrs.evolve(down, table=(cr.TableMeld(down.table[0].meld, 7), down.table[1]))
    # 7C 7D 2S is a group where 2s are wild, not in pagat (R7).
    deuces = attrs.evolve(cr.PAGAT, wild_ranks={cr.Rank.TWO})
    foreign = cr.Group(cr.Rank.SEVEN, "7C 7D 2S", variant=deuces)
    two, seven = cards("2S")[0], cards("7H")[0]
    stock = list(down.stock)
    stock[stock.index(two)] = seven
    with pytest.raises(cr.InvalidStateError, match=r"table\[0\] is not a meld of pagat: R7"):
        attrs.evolve(
            down,
            stock=tuple(stock),
            table=(cr.TableMeld(foreign, 0), down.table[1]),
            turn=cr.Turn(went_down=True),
        )


def test_r14_the_melds_a_player_owns_on_the_table_are_the_rounds_contract() -> None:
    state = _play_state()
    down = play(state, cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")]))
    # Round 2 asks for a group and a run (R11): round 1's two groups cannot be on its table.
    with pytest.raises(cr.InvalidStateError) as raised:
        attrs.evolve(down, round_number=2)
    assert str(raised.value) == (
        "player 0 owns 2 groups (of 3, 3) and no run on the table, which are not round 2's "
        "contract, a group of 3 and a run of 4 (R14: a player goes down with exactly the "
        "contract's melds and never starts another)"
    )
    # Half the contract on the table, the other group's cards back in the stock.
    nines = down.table[1].meld.cards
    with pytest.raises(cr.InvalidStateError, match=r"player 0 owns 1 group \(of 3\) and no run"):
        attrs.evolve(down, table=down.table[:1], stock=(*down.stock, *nines))
    # Groups shorter than the contract asks.
    fours = cr.Contract(groups=(4, 4))
    longer = attrs.evolve(cr.PAGAT, ladder=[(fours, 10)] * 7, last_round_at_once=False)
    with pytest.raises(
        cr.InvalidStateError, match=r"which are not round 1's contract, two groups of 4"
    ):
        attrs.evolve(down, variant=longer)
    # A group lengthened by a lay-off is still the contract's group (R15).
    stock = list(down.stock)
    stock.remove(cards("7S")[0])
    laid = attrs.evolve(
        down, table=(cr.TableMeld(cr.meld("7C 7D 7H 7S"), 0), down.table[1]), stock=tuple(stock)
    )
    assert [len(placed.meld) for placed in laid.table] == [4, 3]


def test_the_phase_must_agree_with_who_acts() -> None:
    state = deal("7C 7D", "8C", "9C", "KS", discard="4D")
    buying = cr.apply(state, cr.DrawStock())
    assert buying.phase is cr.Phase.BUY
    assert cr.RoundState(**_fields(buying)) == buying
    with pytest.raises(cr.InvalidStateError, match="in phase BUY, to_act must be a player"):
        attrs.evolve(buying, to_act=buying.active)
    with pytest.raises(cr.InvalidStateError, match="buy queue"):
        attrs.evolve(buying, window=cr.BuyWindow((buying.active,)))
    with pytest.raises(cr.InvalidStateError, match="not in the game"):
        attrs.evolve(buying, window=cr.BuyWindow((7,)))


def test_hands_must_be_in_canonical_order() -> None:
    state = _play_state()
    hands = (tuple(reversed(state.hands[0])), *state.hands[1:])
    with pytest.raises(cr.InvalidStateError, match=r"hands\[0\] must be in canonical order"):
        attrs.evolve(state, hands=hands)


def _round_over() -> cr.RoundState:
    """Player 0 goes down with two groups and goes out by discarding KS (R16, R25)."""
    state = deal("7C 7D 7H 9S 9D 9H", "2C", "3C", "4C", stock="KS", discard="4D")
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    melds = [cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")]
    return play(state, cr.GoDown(melds), cr.Discard(cards("KS")[0]))


def test_a_round_over_needs_its_penalties_and_nobody_to_act() -> None:
    over = _round_over()
    assert over.phase is cr.Phase.ROUND_OVER
    assert cr.RoundState(**_fields(over)) == over
    with pytest.raises(cr.InvalidStateError, match="to_act must be None"):
        attrs.evolve(over, to_act=0)
    with pytest.raises(cr.InvalidStateError, match="penalties must be set exactly"):
        attrs.evolve(over, penalties=None)
    with pytest.raises(cr.InvalidStateError, match="the game ends after round 7, not 1"):
        attrs.evolve(over, phase=cr.Phase.GAME_OVER, winners=(0,))
    with pytest.raises(cr.InvalidStateError, match="winners must be set exactly"):
        attrs.evolve(over, winners=(0,))


def test_the_number_of_players_must_be_the_variants() -> None:
    state = _play_state()
    with pytest.raises(
        cr.InvalidStateError, match="R1: pagat is played by 4 players, but hands has 3"
    ):
        attrs.evolve(state, hands=state.hands[:3])


def test_the_engines_replace_makes_the_state_attrs_evolve_makes() -> None:
    # replace is made from the fields, unchecked; attrs.evolve is the checked way.
    dealt = cr.new_game(cr.VARIANTS["liverpool-cut"], seed=1)
    state = cr.apply(dealt, cr.DrawStock())  # player 3 is asked, then 0 and 1
    assert state.cut is not None
    offered = cr.BuyWindow(queue=(1,))
    asked = state.replace(phase=cr.Phase.BUY, to_act=0, window=offered)
    _same_fields(asked, attrs.evolve(state, phase=cr.Phase.BUY, to_act=0, window=offered))
    drawn = cr.apply(dealt, cr.DrawStock())
    board = drawn.board.replace(reshuffles=2, buys=(0, 1, 0, 0))
    assert board == attrs.evolve(drawn.board, reshuffles=2, buys=(0, 1, 0, 0))
    assert board.table is drawn.board.table


@given(crst.states(variant=crst.variants(), max_actions=60), st.data())
@settings(deadline=None, max_examples=40)
def test_replace_changes_exactly_the_fields_given(
    state: cr.RoundState, data: st.DataObject
) -> None:
    names = [field.name for field in attrs.fields(cr.RoundState)]
    other = cr.new_game(state.variant, seed=7, players=state.players)
    changed = data.draw(st.sets(st.sampled_from(names)), "changed")
    changes = {name: getattr(other, name) for name in changed}
    replaced = state.replace(**changes)
    assert type(replaced) is cr.RoundState
    for name in names:
        expected = changes[name] if name in changes else getattr(state, name)
        assert getattr(replaced, name) is expected, name
    # A new value, its hash worked out afresh, not the hash of the state it came from.
    from contract_rummy.state import build_state

    rebuilt = build_state(**{name: getattr(replaced, name) for name in names})
    assert replaced == rebuilt
    assert hash(replaced) == hash(rebuilt)


def _same_fields(built: cr.RoundState, replaced: cr.RoundState) -> None:
    """``built`` holds the very objects ``replaced`` holds, field by field."""
    for name in (*(field.name for field in attrs.fields(cr.RoundState)), "players"):
        assert getattr(built, name) is getattr(replaced, name), name
    assert built == replaced
    assert hash(built) == hash(replaced)


def test_a_replace_whose_signature_is_not_the_fields_is_refused() -> None:
    from contract_rummy.state import KEEP, replaceable

    with pytest.raises(TypeError, match=r"replace must take the fields \('left', 'right'\)"):

        @replaceable
        @attrs.frozen(weakref_slot=False)
        class Pair:
            left: int
            right: int

            def replace(self, right: int = KEEP, left: int = KEEP) -> Pair:
                raise NotImplementedError


def test_an_updater_makes_what_replace_makes_and_refuses_other_signatures() -> None:
    from contract_rummy.state import updater

    @updater(cr.RoundState)
    def moved(state: cr.RoundState, *, to_act: int | None, moves: int) -> cr.RoundState:
        raise NotImplementedError

    state = _play_state()
    updated = moved(state, to_act=None, moves=7)
    assert type(updated) is cr.RoundState
    _same_fields(updated, state.replace(to_act=None, moves=7))
    with pytest.raises(TypeError, match=r"keyword-only, fields of RoundState in the order"):

        @updater(cr.RoundState)
        def backwards(state: cr.RoundState, *, moves: int, to_act: int) -> cr.RoundState:
            raise NotImplementedError

    with pytest.raises(TypeError, match=r"keyword-only, fields of RoundState in the order"):

        @updater(cr.RoundState)
        def positional(state: cr.RoundState, moves: int) -> cr.RoundState:
            raise NotImplementedError

    with pytest.raises(TypeError, match=r"got \('phse',\)"):  # no such field

        @updater(cr.RoundState)
        def misspelled(state: cr.RoundState, *, phse: cr.Phase) -> cr.RoundState:
            raise NotImplementedError


def test_the_engines_builders_make_what_the_checked_constructors_make() -> None:
    from contract_rummy.state import build_state, builder

    state = _play_state()
    parts: tuple[Any, ...] = (state.facts, state.board, state.totals, state.chance)
    for part in parts:
        kind = type(part)
        values = [getattr(part, field.name) for field in attrs.fields(kind)]
        built = builder(kind, kind.__init__)(*values)
        assert type(built) is kind
        assert built == kind(*values)
        assert hash(built) == hash(kind(*values))
    fields = {field.name: getattr(state, field.name) for field in attrs.fields(cr.RoundState)}
    assert build_state(**fields) == state == cr.RoundState(**fields)
    assert hash(build_state(**fields)) == hash(state)


def test_states_pickle_and_copy_to_equal_values_with_equal_hashes() -> None:
    state = _play_state()
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert other == state
        assert hash(other) == hash(state)
    assert {state: 1}[pickle.loads(pickle.dumps(state))] == 1


def test_the_turn_and_the_buy_window_can_be_read_field_by_field() -> None:
    state = _play_state()
    assert state.kept_card is state.turn.kept_card is cards("7H")[0]
    assert state.went_down_this_turn is state.turn.went_down is False
    assert state.buy_queue == state.window.queue == ()
    assert state.last_buyer is state.window.last_buyer is None
    assert state.window == cr.NO_WINDOW


def test_counts_and_winners_are_checked_against_the_rules() -> None:
    state = _play_state()
    with pytest.raises(cr.InvalidStateError, match="R29: turns counts"):
        attrs.evolve(state, turns=0)
    with pytest.raises(cr.InvalidStateError, match="R29: turns counts"):
        attrs.evolve(state, turns=501)
    with pytest.raises(cr.InvalidStateError, match="R29: pagat allows 3 reshuffles"):
        attrs.evolve(state, reshuffles=4)
    capped = attrs.evolve(cr.PAGAT, max_buys=1)
    with pytest.raises(cr.InvalidStateError, match="R21: pagat allows 1 buys a round"):
        attrs.evolve(state, variant=capped, buys=(2, 0, 0, 0))
    over = _round_over()
    with pytest.raises(cr.InvalidStateError, match="penalties must not be negative"):
        attrs.evolve(over, penalties=(-1, 2, 3, 10))
    # The last round of a ladder whose every round asks for the two groups on the table.
    ladder = [(over.contract, 10)] * 7
    same = attrs.evolve(cr.PAGAT, ladder=ladder, last_round_at_once=False)
    last = attrs.evolve(over, variant=same, round_number=7)
    for winners in [(), (9,), (1, 1)]:
        with pytest.raises(cr.InvalidStateError, match="R28: winners must be players"):
            attrs.evolve(last, phase=cr.Phase.GAME_OVER, winners=winners)
    assert attrs.evolve(last, phase=cr.Phase.GAME_OVER, winners=(0,)).winners == (0,)


def test_r20_the_last_buyer_is_not_asked_again_at_once() -> None:
    state = deal("7C 7D", "8C", "9C", "KS", discard="4D")
    buying = cr.apply(state, cr.DrawStock())
    assert buying.phase is cr.Phase.BUY
    with pytest.raises(cr.InvalidStateError, match="R20: player 1 made the last buy"):
        attrs.evolve(buying, window=cr.BuyWindow(buying.window.queue, buying.to_act))
    with pytest.raises(cr.InvalidStateError, match="the last buyer 9 is not in the game"):
        attrs.evolve(buying, window=cr.BuyWindow(buying.window.queue, 9))


def test_every_field_has_its_type_check() -> None:
    # The checks are read from the fields' annotations: the flat names are every field.
    parts = {"facts", "board", "totals", "chance"}
    own = [field.name for field in attrs.fields(cr.RoundState) if field.name not in parts]
    inner = [
        field.name for name in parts for field in attrs.fields(type(getattr(_play_state(), name)))
    ]
    assert sorted(own + inner) == sorted(FLAT_NAMES)
    state = _play_state()
    for name in FLAT_NAMES:
        with pytest.raises(TypeError, match=f"^{name} must be "):
            attrs.evolve(state, **{name: object()})  # type: ignore[arg-type]


# == the buy window asks only who may buy, in order (R19, R21) ================================


def _buy_window() -> cr.RoundState:
    """Round 1 of pagat: player 1 chose the stock, player 2 is asked, then 3 and 0."""
    deck = sorted(cr.PAGAT.deck(4))
    state = cr.start_round(
        cr.PAGAT,
        round_number=1,
        dealer=0,
        hands=[deck[0:10], deck[10:20], deck[20:30], deck[30:40]],
        stock=deck[41:],
        discard=[deck[40]],
    )
    state = cr.apply(state, cr.DrawStock())
    assert (state.phase, state.to_act, state.buy_queue) == (cr.Phase.BUY, 2, (3, 0))
    return state


def test_r21_a_buy_window_without_a_penalty_card_is_refused() -> None:
    state = _buy_window()
    everything = tuple(sorted(state.hands[0] + state.stock))
    with pytest.raises(cr.InvalidStateError, match="R21: no penalty card can be drawn"):
        attrs.evolve(state, stock=(), hands=(everything, *state.hands[1:]))


def test_r21_a_buy_window_without_buying_is_refused() -> None:
    state = _buy_window()
    with pytest.raises(cr.InvalidStateError, match=r"R21: .* has no buying"):
        attrs.evolve(state, variant=attrs.evolve(cr.PAGAT, buying=False))


def test_r21_a_buy_window_asking_the_discarder_who_may_not_buy_back_is_refused() -> None:
    state = _buy_window()
    variant = attrs.evolve(cr.PAGAT, discarder_may_buy=False)
    with pytest.raises(cr.InvalidStateError, match="discarded the top card and may not buy"):
        attrs.evolve(state, variant=variant, discarded_by=(2,))


def test_r19_a_buy_queue_out_of_order_is_refused() -> None:
    state = _buy_window()
    with pytest.raises(cr.InvalidStateError, match="R19: buyers are asked from the active"):
        attrs.evolve(state, window=cr.BuyWindow((0, 3)))
    assert attrs.evolve(state, window=cr.BuyWindow((3, 0))) == state


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"scores": (-5, 0, 0, 0)}, "R26: totals cannot fall below 0 in pagat by round 1"),
        ({"moves": 10**100}, "^moves must be at most 2\\*\\*53 - 1 in size$"),
        ({"scores": (10**100, 0, 0, 0)}, "^scores must be at most 2\\*\\*53 - 1 in size$"),
        ({"buys": (2**53, 0, 0, 0)}, "^buys must be at most 2\\*\\*53 - 1 in size$"),
    ],
)
def test_counts_that_cannot_have_happened_are_refused(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(cr.InvalidStateError, match=message):
        attrs.evolve(cr.new_game(seed=1), **changes)


def test_counts_a_variant_does_not_limit_are_held_to_2_to_the_53_less_1() -> None:
    unlimited = attrs.evolve(cr.PAGAT, name="unlimited", max_reshuffles=None, max_turns=None)
    state = cr.new_game(unlimited, seed=1)
    assert unlimited.max_buys is None
    most = 2**53 - 1
    assert attrs.evolve(state, buys=(most, 0, 0, 0)).buys == (most, 0, 0, 0)
    assert attrs.evolve(state, reshuffles=most).reshuffles == most
    with pytest.raises(cr.InvalidStateError, match=r"^buys must be at most 2\*\*53 - 1"):
        attrs.evolve(state, buys=(0, 0, most + 1, 0))
    with pytest.raises(cr.InvalidStateError, match=r"^reshuffles must be at most 2\*\*53 - 1"):
        attrs.evolve(state, reshuffles=most + 1)
    with pytest.raises(cr.InvalidStateError, match=r"^turns must be at most 2\*\*53 - 1"):
        attrs.evolve(state, turns=10**20)


def test_r32_a_cut_may_lower_a_total_below_zero() -> None:
    cutting = cr.VARIANTS["liverpool-cut"]
    state = cr.new_game(cutting, seed=1)
    least = -cutting.cut_bonus
    assert attrs.evolve(state, scores=(least, 0, 0, 0)).scores[0] == least
    with pytest.raises(cr.InvalidStateError, match="R26: totals cannot fall below"):
        attrs.evolve(state, scores=(least - 1, 0, 0, 0))
    deck = list(cr.PAGAT.deck(4))
    hands = [deck[p * 10 : p * 10 + 10] for p in range(4)]
    with pytest.raises(ValueError, match="R26: totals cannot fall below 0 in pagat"):
        cr.start_round(hands=hands, stock=deck[40:], discard="", scores=(-1, 0, 0, 0))
