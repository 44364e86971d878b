"""Listing a player's legal actions through their view, beside listing them through the state.

A bot plays on its player's view (:func:`contract_rummy.view`), and
:func:`contract_rummy.legal_actions` takes the view itself: the engine lists a view's
actions from the view, with no state made behind it. This section plays seeded games of
uniform random play, keeps every state (and the view of the player who chooses in it), and
times, for each state, listing every legal action through the state and through the view,
and making the view; figures are medians, in CPU time, of several runs taken in turn.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

import contract_rummy as cr


def positions(
    variant: cr.Variant, games: int, first: int
) -> list[tuple[cr.RoundState, cr.PlayerView]]:
    """Every state of ``games`` seeded games of uniform random play, with its chooser's view."""
    found: list[tuple[cr.RoundState, cr.PlayerView]] = []
    for seed in range(first, first + games):
        rng = random.Random(seed)
        state = cr.new_game(variant, seed=seed)
        while state.phase is not cr.Phase.GAME_OVER:
            player = cr.chooser(state)
            assert player is not None
            found.append((state, cr.view(state, player)))
            legal = cr.legal_actions(state)
            state = cr.apply(state, legal[rng.randrange(len(legal))])
    return found


def _cpu(work: Callable[[], object], repeats: int) -> float:
    """The median CPU time of ``work`` over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def compare(
    pairs: Sequence[tuple[cr.RoundState, cr.PlayerView]], repeats: int
) -> tuple[float, float, float]:
    """Median seconds per position: listing through the state, through the view, a view."""
    states = [state for state, _ in pairs]
    views = [seen for _, seen in pairs]
    players = [seen.player for seen in views]
    through_state: list[float] = []
    through_view: list[float] = []
    for _ in range(repeats):  # in turn, so that both see the same machine
        through_state.append(_cpu(lambda: [len(cr.legal_actions(s)) for s in states], 1))
        through_view.append(_cpu(lambda: [len(cr.legal_actions(v)) for v in views], 1))
    making = _cpu(lambda: [cr.view(s, p) for s, p in zip(states, players, strict=True)], repeats)
    count = len(pairs)
    return (
        statistics.median(through_state) / count,
        statistics.median(through_view) / count,
        making / count,
    )


def report(games: int, repeats: int, say: Callable[[str], None]) -> None:
    """Print, for pagat and deuces-wild, the listing through views against states."""
    say(
        f"listing every legal action through the chooser's view and through the state "
        f"({games} games of uniform random play per variant; CPU time, medians of {repeats} "
        "runs taken in turn):"
    )
    for name in ("pagat", "deuces-wild"):
        state_time, view_time, making = compare(positions(cr.VARIANTS[name], games, 3000), repeats)
        say(
            f"  {name:<12} state {state_time * 1e6:6.1f} µs, view {view_time * 1e6:6.1f} µs "
            f"(view/state {view_time / state_time:.2f}); making the view {making * 1e6:.1f} µs"
        )
