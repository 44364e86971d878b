"""The chance bridge: the engine's random draws as OpenSpiel's chance nodes.

The engine asks its shuffler for every random draw (the first dealer, each deal, the
Liverpool cut, each reshuffle). A game dealt by chance gives the engine a shuffler that
draws nothing: asked for a draw, it stops the engine with :class:`NeedShuffle` or
:class:`NeedNumber` before anything changes. The action is then kept waiting in a
:class:`Core` while chance draws, outcome by outcome, and is played again from the start
with what chance drew (:class:`Replay`) once the engine has all it asked for.

The rest of the package knows the bridge by its boundary: a :class:`Core` (what an
OpenSpiel state holds), :func:`first`, :func:`play`, :func:`draw` and :func:`redeal`
(which make the next one), :func:`outcomes`, and the texts of what chance draws
(:func:`waiting`, :func:`outcome_text`, :func:`drawn_texts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeAlias, TypeVar

import attrs

from contract_rummy.actions import Action, NextRound
from contract_rummy.cards import JOKER, NATURALS, Card, format_cards
from contract_rummy.engine import apply, new_game
from contract_rummy.notation import format_action
from contract_rummy.state import Chance, RoundState
from contract_rummy.variants import Variant

T = TypeVar("T")

#: Every distinct card by its index: a chance outcome of a shuffle is a card's index.
CARDS: Final = (*NATURALS, JOKER)
#: How many outcomes a shuffle's chance node has at most: 53.
CARD_COUNT: Final = len(CARDS)
_NEXT_ROUND: Final = NextRound()


class NeedShuffle(Exception):  # noqa: N818 - a signal, not an error
    """The engine asks for a shuffle of ``items`` that chance has not drawn yet."""

    def __init__(self, items: Sequence[Card]) -> None:
        super().__init__(len(items))
        counts = [0] * CARD_COUNT
        for card in items:
            counts[card.index] += 1
        self.counts = tuple(counts)


class NeedNumber(Exception):  # noqa: N818 - a signal, not an error
    """The engine asks for a number in ``range(bound)`` that chance has not drawn yet."""

    def __init__(self, bound: int) -> None:
        super().__init__(bound)
        self.bound = bound


@attrs.frozen
class ChanceShuffler:
    """The shuffler of a game dealt by chance: it draws nothing, it asks chance.

    The engine's states keep it, so that an action needing a random draw stops with
    :class:`NeedShuffle` or :class:`NeedNumber` before changing anything.
    """

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """Stop the engine: chance must choose the order of ``items``."""
        raise NeedShuffle(items)  # type: ignore[arg-type]

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """Stop the engine: chance must choose a number below ``bound``."""
        raise NeedNumber(bound)


#: The one chance shuffler, kept by the engine's states of games dealt by chance.
CHANCE: Final = ChanceShuffler()

#: What chance drew for one request of the engine: a shuffle's order, or a number.
Draw: TypeAlias = tuple[Card, ...] | int


class Replay:
    """A shuffler that gives the engine what chance drew, in order, then asks for more."""

    def __init__(self, draws: Sequence[Draw]) -> None:
        self._draws = draws
        self._next = 0

    def _take(self) -> Draw | None:
        if self._next == len(self._draws):
            return None
        draw = self._draws[self._next]
        self._next += 1
        return draw

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        """The order chance drew for ``items``; stop the engine if it has drawn none yet."""
        draw = self._take()
        if draw is None:
            raise NeedShuffle(items)  # type: ignore[arg-type]
        assert isinstance(draw, tuple), "the engine asked for draws in another order"
        assert len(draw) == len(items), "the engine shuffled other cards than chance drew"
        order: list[Any] = list(draw)
        return order, state

    def below(self, bound: int, state: int) -> tuple[int, int]:
        """The number chance drew below ``bound``; stop the engine if it has drawn none yet."""
        draw = self._take()
        if draw is None:
            raise NeedNumber(bound)
        assert isinstance(draw, int), "the engine asked for draws in another order"
        assert 0 <= draw < bound, "the engine asked for another range than chance drew"
        return draw, state


@attrs.frozen
class Core:
    """Everything an OpenSpiel state holds: immutable, so copies share it.

    Attributes:
        engine: The engine's state; ``None`` until the first deal, with ``shuffle=chance``.
        pending: The action waiting for chance (``None`` with no engine state: the new
            game waits for its first deal).
        draws: What chance drew so far for the pending action, one item per request.
        drawn: The cards chance placed so far in the open shuffle.
        left: The open request: for a shuffle, the copies of each card (by index) still
            to place; for a number, the bound; ``None`` when no chance node is open.
    """

    engine: RoundState | None
    pending: Action | None = None
    draws: tuple[Draw, ...] = ()
    drawn: tuple[Card, ...] = ()
    left: tuple[int, ...] | int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        return self


# -- moving on ------------------------------------------------------------------------------


def first(variant: Variant, players: int, *, seed: int | None) -> Core:
    """A new game: waiting for chance to draw its first dealer, or seeded with ``seed``."""
    if seed is None:
        return Core(None, left=players)
    return Core(new_game(variant, seed=seed, players=players))


def play(variant: Variant, players: int, engine: RoundState, action: Action) -> Core:
    """Play ``action``, legal in ``engine``: the next state, or chance's turn to draw."""
    return _run(variant, players, engine, action, ())


def draw(variant: Variant, players: int, core: Core, outcome: int) -> Core:
    """Chance draws ``outcome`` for ``core``'s open request.

    Raises:
        ValueError: if ``outcome`` is not one of :func:`outcomes`.
    """
    left = core.left
    if left is None:
        raise ValueError("not a chance node: no chance outcome")
    if isinstance(left, int):
        if not 0 <= outcome < left:
            raise ValueError(f"chance outcome {outcome} is not in range({left})")
        return _run(variant, players, core.engine, core.pending, (*core.draws, outcome))
    if not 0 <= outcome < CARD_COUNT or not left[outcome]:
        raise ValueError(f"chance outcome {outcome} is not a card left to place")
    drawn = (*core.drawn, CARDS[outcome])
    rest = (*left[:outcome], left[outcome] - 1, *left[outcome + 1 :])
    if any(rest):
        return attrs.evolve(core, drawn=drawn, left=rest)
    return _run(variant, players, core.engine, core.pending, (*core.draws, drawn))


def redeal(
    variant: Variant, players: int, engine: RoundState, pending: Action | None, *, chance: bool
) -> Core:
    """``engine`` (a state made anew, its hidden cards dealt again), with ``pending`` kept.

    In a game dealt by chance, the state gets the chance shuffler, and chance draws again
    for the action that was waiting for it, if any.
    """
    if chance:
        engine = engine.replace(chance=Chance(engine.rng, CHANCE))
    return Core(engine) if pending is None else _run(variant, players, engine, pending, ())


def outcomes(core: Core) -> list[tuple[int, float]]:
    """The outcomes of ``core``'s chance node and their probabilities (see the package).

    Raises:
        ValueError: if no chance node is open.
    """
    left = core.left
    if left is None:
        raise ValueError("not a chance node: no chance outcome")
    if isinstance(left, int):
        return [(number, 1.0 / left) for number in range(left)]
    total = sum(left)
    return [(index, copies / total) for index, copies in enumerate(left) if copies]


def _run(
    variant: Variant,
    players: int,
    engine: RoundState | None,
    action: Action | None,
    draws: tuple[Draw, ...],
) -> Core:
    """Play ``action`` (the new game's deal when ``None``) with what chance drew for it.

    The engine is given the draws in the order it asks for them; when it asks for one more,
    the result is the chance node that draws it.
    """
    replay = Replay(draws)
    try:
        if engine is None or action is None:
            after = new_game(variant, seed=0, players=players, shuffler=replay)
        elif draws:
            after = apply(engine.replace(chance=Chance(engine.rng, replay)), action)
        else:
            after = apply(engine, action)
    except NeedShuffle as need:
        return Core(engine, action, draws, (), need.counts)
    except NeedNumber as need:
        return Core(engine, action, draws, (), need.bound)
    # The engine's states keep the chance shuffler, never the replay of one action.
    if after.shuffler is replay:
        after = after.replace(chance=Chance(after.rng, CHANCE))
    return Core(after)


# -- what chance draws, as text -------------------------------------------------------------


def waiting(core: Core) -> str:
    """What a chance node draws for: the action waiting, or the first deal."""
    if core.pending is None:
        return "the first deal"
    return format_action(core.pending, core.engine)


def outcome_text(core: Core, outcome: int) -> str:
    """The name of a chance outcome of ``core``'s open request."""
    left = core.left
    if isinstance(left, int):
        if not 0 <= outcome < left:
            return f"outcome {outcome} (not possible here)"
        if core.engine is None and not core.draws:  # a new game draws its dealer first
            return f"first dealer: player {outcome}"
        return f"cut: {outcome + 1} cards lifted"
    assert left is not None
    if not 0 <= outcome < CARD_COUNT or not left[outcome]:
        return f"outcome {outcome} (not possible here)"
    dealing = core.pending is None or core.engine is None or core.pending == _NEXT_ROUND
    return f"{'deal' if dealing else 'reshuffle'} {CARDS[outcome]}"


def drawn_texts(core: Core) -> list[str]:
    """What chance drew so far for the waiting action, a text a request."""
    drawn = [*core.draws, core.drawn] if core.drawn else core.draws
    return [format_cards(item) if isinstance(item, tuple) else str(item) for item in drawn]
