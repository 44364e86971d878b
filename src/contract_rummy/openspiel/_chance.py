"""The chance bridge: the engine's chance points as OpenSpiel's chance nodes.

A game dealt by chance is the engine's game dealt step by step
(``new_game(auto_chance=False)``): where an action needs a random draw (the first dealer,
each deal, the Liverpool cut, each reshuffle), the engine stops at a chance point
(:func:`~contract_rummy.chance_point`), and each of chance's outcomes
(:func:`~contract_rummy.chance_outcomes`) is a chance node's outcome here: a card's index
for an order dealt card by card, the number itself for a first dealer, the cards lifted
less 1 for a cut.

The rest of the package knows the bridge by its boundary: a :class:`Core` (what an
OpenSpiel state holds), :func:`first`, :func:`play`, :func:`draw` and :func:`redeal`
(which make the next one), :func:`before`, :func:`waiting_action`, :func:`outcomes`, and
the texts of what chance draws (:func:`waiting`, :func:`outcome_text`,
:func:`drawn_texts`).
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from contract_rummy.actions import Action, ChanceAction, CutDeck, DealCard, FirstDealer
from contract_rummy.cards import JOKER, NATURALS, format_cards
from contract_rummy.engine import STEPS, advance, chance_outcomes, new_game, waiting_state
from contract_rummy.events import Event
from contract_rummy.notation import format_action
from contract_rummy.state import Chance, ChanceKind, ChancePoint, Phase, RoundState
from contract_rummy.variants import Variant

#: Every distinct card by its index: a chance outcome of a shuffle is a card's index.
CARDS: Final = (*NATURALS, JOKER)
#: How many outcomes a shuffle's chance node has at most: 53.
CARD_COUNT: Final = len(CARDS)
_CHANCE: Final = Phase.CHANCE


@attrs.frozen
class Core:
    """Everything an OpenSpiel state holds: immutable, so copies share it.

    Attributes:
        engine: The engine's state; at a chance node, its chance point (phase CHANCE).
        moves: At a chance node, the number of actions played before the action waiting
            for chance: OpenSpiel's states do not count chance's outcomes as actions,
            which the engine does.
    """

    engine: RoundState
    moves: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        return self

    @property
    def point(self) -> ChancePoint | None:
        """The chance point of a chance node, else ``None``."""
        return self.engine.chance.pending


# -- moving on ------------------------------------------------------------------------------


def first(variant: Variant, players: int, *, seed: int | None) -> Core:
    """A new game: waiting for chance to draw its first dealer, or seeded with ``seed``."""
    if seed is None:
        return Core(new_game(variant, players=players, auto_chance=False))
    return Core(new_game(variant, seed=seed, players=players))


def play(
    variant: Variant, players: int, engine: RoundState, action: Action
) -> tuple[Core, tuple[Event, ...]]:
    """Play ``action``, legal in ``engine``: the next state, or chance's turn to draw.

    And the action's events (none while it waits for chance).
    """
    after, events = advance(engine, action)
    return (Core(after, engine.moves) if after.phase is _CHANCE else Core(after)), events


def draw(
    variant: Variant, players: int, core: Core, outcome: int
) -> tuple[Core, tuple[Event, ...]]:
    """Chance draws ``outcome`` for ``core``'s chance node.

    And, when chance has drawn all the waiting action needs, what the action did.

    Raises:
        ValueError: if ``outcome`` is not one of :func:`outcomes`.
    """
    point = core.point
    if point is None:
        raise ValueError("not a chance node: no chance outcome")
    action = _outcome(point, outcome)
    after, events = advance(core.engine, action)
    if after.phase is _CHANCE:
        return Core(after, core.moves), events
    # The first deal is the new game's state; a waiting action's state is one more.
    moves = core.moves if point.action is None else core.moves + 1
    return Core(after.replace(moves=moves)), events


def _outcome(point: ChancePoint, outcome: int) -> ChanceAction:
    """The engine's action for chance's ``outcome`` at ``point``, or :class:`ValueError`."""
    if point.kind in (ChanceKind.DEALER, ChanceKind.CUT):
        if not 0 <= outcome < point.bound:
            raise ValueError(f"chance outcome {outcome} is not in range({point.bound})")
        return FirstDealer(outcome) if point.kind is ChanceKind.DEALER else CutDeck(outcome + 1)
    if not 0 <= outcome < CARD_COUNT or CARDS[outcome] not in point.remaining:
        raise ValueError(f"chance outcome {outcome} is not a card left to place")
    return DealCard(CARDS[outcome])


def redeal(
    variant: Variant, players: int, engine: RoundState, pending: Action | None, *, chance: bool
) -> Core:
    """``engine`` (a state made anew, its hidden cards dealt again), with ``pending`` kept.

    In a game dealt by chance, the state deals step by step, and chance draws again for
    the action that was waiting for it, if any.
    """
    if chance:
        engine = engine.replace(chance=Chance(0, STEPS))
    return Core(engine) if pending is None else play(variant, players, engine, pending)[0]


def before(core: Core) -> RoundState | None:
    """The engine's state before the action waiting for chance, or ``core``'s own.

    ``None`` before the first deal.
    """
    engine = core.engine
    if engine.chance.pending is None:
        return engine
    waiting = waiting_state(engine)
    return None if waiting is None else waiting.replace(moves=core.moves)


def waiting_action(core: Core) -> Action | None:
    """The action waiting for chance (``None`` for the first deal, or no chance node)."""
    point = core.point
    return None if point is None else point.action


def outcomes(core: Core) -> list[tuple[int, float]]:
    """The outcomes of ``core``'s chance node and their probabilities (see the package).

    Raises:
        ValueError: if no chance node is open.
    """
    point = core.point
    if point is None:
        raise ValueError("not a chance node: no chance outcome")
    found: list[tuple[int, float]] = []
    for action, probability in chance_outcomes(core.engine):
        if isinstance(action, DealCard):
            found.append((action.card.index, probability))
        elif isinstance(action, CutDeck):
            found.append((action.lifted - 1, probability))
        else:
            assert isinstance(action, FirstDealer)
            found.append((action.player, probability))
    return found


# -- what chance draws, as text -------------------------------------------------------------


def waiting(core: Core) -> str:
    """What a chance node draws for: the action waiting, or the first deal."""
    action = waiting_action(core)
    if action is None:
        return "the first deal"
    shown = before(core)
    assert shown is not None
    return format_action(action, shown)


def outcome_text(core: Core, outcome: int) -> str:
    """The name of a chance outcome of ``core``'s chance node."""
    point = core.point
    assert point is not None
    try:
        _outcome(point, outcome)
    except ValueError:
        return f"outcome {outcome} (not possible here)"
    if point.kind is ChanceKind.DEALER:
        return f"first dealer: player {outcome}"
    if point.kind is ChanceKind.CUT:
        return f"cut: {outcome + 1} cards lifted"
    return f"{point.kind.value} {CARDS[outcome]}"


def drawn_texts(core: Core) -> list[str]:
    """What chance drew so far for the waiting action, a text a request."""
    point = core.point
    if point is None:
        return []
    drawn = [*point.drawn, point.placed] if point.placed else point.drawn
    return [format_cards(item) if isinstance(item, tuple) else str(item) for item in drawn]
