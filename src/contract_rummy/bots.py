"""Simple players, and a loop that plays whole games with them.

A bot is anything with a ``choose(view) -> action`` method that returns one of
``legal_actions(view)``: it plays on what its player may see (:class:`PlayerView`), never
on the other hands or the stock. Two come with the library: :class:`RandomBot`, a seeded
uniform choice, and :class:`GreedyBot`, a plain heuristic player that goes down as soon as
it can. Both also take a whole state, and then play for the player to act in it.

>>> import contract_rummy as cr
>>> final = cr.play_game([cr.GreedyBot()] * 4, seed=5)
>>> final.phase, len(final.winners) >= 1
(Phase.GAME_OVER, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

import attrs

from contract_rummy._checks import check_int
from contract_rummy.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from contract_rummy.cards import Card
from contract_rummy.engine import apply, legal_actions, new_game
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import PAGAT, Variant
from contract_rummy.views import PlayerView, view

__all__ = ["Bot", "GreedyBot", "RandomBot", "play", "play_game"]


class Bot(Protocol):
    """A player: picks one of its legal actions, seeing what its player may see.

    :func:`play` and :func:`play_game` call ``choose`` with the acting player's view.
    """

    def choose(self, view: PlayerView) -> Action:
        """Return one of ``legal_actions(view)``."""
        ...  # pragma: no cover


def _seen(state: RoundState | PlayerView) -> PlayerView:
    """The view a bot plays on: a view as it is, a state as its player to act sees it."""
    if isinstance(state, PlayerView):
        return state
    return view(state, state.dealer if state.to_act is None else state.to_act)


@attrs.define
class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    >>> import contract_rummy as cr
    >>> bot = RandomBot(seed=1)
    >>> state = cr.new_game(seed=1)
    >>> bot.choose(cr.view(state, state.to_act)) in cr.legal_actions(state)
    True
    """

    seed: int = 0
    _random: random.Random = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, seen: PlayerView | RoundState) -> Action:
        """A uniformly random legal action of the view (or of the player to act)."""
        legal = legal_actions(seen)
        return legal[self._random.randrange(len(legal))]


@attrs.frozen
class GreedyBot:
    """A plain heuristic player, deterministic and quick.

    Before going down it collects pairs: it takes the discard or buys (twice a round at
    most) when the card matches two it holds, and discards its loneliest, costliest card.
    It goes down as soon as it can, then swaps jokers and lays off whenever it may, takes
    the discard only to lay it off, and discards its costliest card.

    With the Shanghai call (R31) it asks for the discard when it would buy it, and answers
    a request by taking the card itself when it wants it, or when the card would help a
    requester who is already down (who asks only to lay off and go out) and costs the bot
    little to keep; otherwise it grants the request.
    """

    max_buys: int = 2

    def choose(self, seen: PlayerView | RoundState) -> Action:
        """The bot's action, seeing ``seen`` (or what the player to act in it sees)."""
        seen = _seen(seen)
        phase = seen.phase
        if phase is Phase.ROUND_OVER:
            return NextRound()
        player = seen.player
        hand = seen.hand
        top = seen.top_discard
        if phase is Phase.DRAW:
            if top is not None and len(hand) > 1:
                if _wanted(seen, top):
                    return TakeDiscard()
                requester = seen.window.requester
                if requester is not None and _blocks(seen, requester, top):
                    return TakeDiscard()  # R31: taking the card blocks the request
            return DrawStock()
        if phase is Phase.BUY:
            buy = (
                top is not None
                and not seen.down[player]
                and seen.buys[player] < self.max_buys
                and _matches(top, hand) >= 2
            )
            return Buy() if buy else Pass()
        legal = legal_actions(seen)
        first = next(iter(legal))
        if isinstance(first, GoDown | SwapJoker | LayOff):
            return first  # go-downs, then swaps, then lay-offs come first
        variant = seen.variant
        discards = [action for action in legal if isinstance(action, Discard)]
        return max(
            discards,
            key=lambda d: (
                not variant.is_wild(d.card),
                -_matches(d.card, hand),
                variant.penalty(d.card),
                d.card.index,
            ),
        )


def _matches(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards in ``hand`` share the card's rank (or count as its neighbours)."""
    if card.rank is None:
        return len(hand)
    near = 0
    for other in hand:
        if other is card:
            continue
        if other.rank == card.rank:
            near += 2
        elif (
            other.suit is card.suit and other.rank is not None and abs(other.rank - card.rank) == 1
        ):
            near += 1
    return near


def _wanted(seen: PlayerView, card: Card) -> bool:
    if seen.variant.is_wild(card):
        return True
    if seen.down[seen.player]:
        return any(placed.meld.accepts(card) for placed in seen.table)
    return _matches(card, seen.hand) >= 2


def _blocks(seen: PlayerView, requester: int, card: Card) -> bool:
    """R31: whether to block ``requester``'s request for ``card`` by taking it."""
    if not seen.down[requester] or seen.variant.penalty(card) > 10:
        return False
    return any(placed.meld.accepts(card) for placed in seen.table)


def play(
    state: RoundState, bots: Sequence[Bot], *, max_actions: int | None = None
) -> Iterator[tuple[RoundState, Action, RoundState]]:
    """Play from ``state`` with one bot per player; yield each (before, action, after).

    Each bot chooses from its player's view (:func:`~contract_rummy.view`). In ROUND_OVER
    the dealer's bot deals the next round. Stops at the end of the game, or after
    ``max_actions`` actions.
    """
    if len(bots) != state.players:
        raise ValueError(f"need one bot per player ({state.players}), got {len(bots)}")
    count = 0
    while state.phase is not Phase.GAME_OVER and (max_actions is None or count < max_actions):
        player = state.dealer if state.to_act is None else state.to_act
        action = bots[player].choose(view(state, player))
        after = apply(state, action, player=player)
        yield state, action, after
        state = after
        count += 1


def play_game(
    bots: Sequence[Bot],
    *,
    variant: Variant = PAGAT,
    seed: int | None = None,
    on_step: Callable[[RoundState, Action, RoundState], None] | None = None,
    max_actions: int | None = None,
) -> RoundState:
    """Play a whole seeded game with one bot per player and return the final state.

    With a turn limit (R29, as in every named variant) every game ends; a caller who wants
    a tighter bound, or plays without one, passes ``max_actions``.

    Raises:
        RuntimeError: if the game is not over after ``max_actions`` actions.

    >>> import contract_rummy as cr
    >>> cr.play_game([cr.RandomBot(seed=p) for p in range(4)], seed=2, max_actions=10)
    Traceback (most recent call last):
    ...
    RuntimeError: the game (seed 2) is not over after 10 actions: round 1, phase ...
    """
    if max_actions is not None:
        check_int("max_actions", max_actions, minimum=0)
    state = new_game(variant, seed=seed, players=len(bots))
    for before, action, after in play(state, bots, max_actions=max_actions):
        if on_step is not None:
            on_step(before, action, after)
        state = after
    if state.phase is not Phase.GAME_OVER:
        raise RuntimeError(
            f"the game (seed {seed}) is not over after {max_actions} actions: "
            f"round {state.round_number}, phase {state.phase.name}"
        )
    return state
