"""The figure of a run (``--plot``): each seat's final scores and each round's contracts met.

It is drawn with matplotlib (the ``plot`` extra), imported only when a figure is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from contract_rummy.simulation import Estimate, Summary

__all__ = ["plot_summary"]


def plot_summary(
    path: Path,
    summary: Summary,
    scores: Sequence[Sequence[int]],
    *,
    seed: int | None = None,
    source: Path | None = None,
) -> None:
    """Draw each seat's final scores and each round's contracts met; save it to ``path``.

    ``scores[seat]`` are the seat's final totals, one per game. The title names the run's
    ``seed`` when given, and the name of the ``source`` file the results were read from
    (``simulate --from``) when given. The figure has two parts:
    box plots of the final scores, a box per seat, and for each round the rates of
    player-rounds whose cards met the contract straight off the deal and that met it at
    all, with their 95% intervals. It is drawn with matplotlib's Agg backend, without
    pyplot, in the format that the file name's suffix says (PNG when it has none), to
    ``path`` itself: no suffix is added to it.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(11, 4.6), layout="constrained")
    FigureCanvasAgg(figure)
    left, right = figure.subplots(1, 2, width_ratios=(2, 3))
    _draw_scores(left, summary, scores)
    _draw_contracts(right, summary)
    title = [f"{summary.games} {summary.rule_set} games"]
    if seed is not None:
        title.append(f"seed {seed}")
    if source is not None:
        title.append(f"from {source.name}")
    figure.suptitle(", ".join(title))
    figure.savefig(path, dpi=90, format=path.suffix.removeprefix(".").lower() or "png")


def _draw_scores(axes: Any, summary: Summary, scores: Sequence[Sequence[int]]) -> None:
    axes.boxplot([list(column) for column in scores], showmeans=True, widths=0.6)
    labels = [f"{seat.seat}\n{seat.bot}" for seat in summary.seats]
    axes.set_xticks(range(1, len(labels) + 1), labels)
    axes.set_title("Final scores (lower wins); triangles: means")
    axes.set_xlabel("seat")
    axes.set_ylabel("points")
    axes.grid(axis="y", alpha=0.3)


def _draw_contracts(axes: Any, summary: Summary) -> None:
    rounds = summary.rounds
    places = range(len(rounds))
    for offset, name, label in (
        (-0.2, "met_on_deal", "straight off the deal"),
        (0.2, "went_down", "at all (went down)"),
    ):
        estimates: list[Estimate] = [getattr(played, name) for played in rounds]
        values = [100 * estimate.value for estimate in estimates]
        errors = [
            [100 * (e.value - e.low) for e in estimates],
            [100 * (e.high - e.value) for e in estimates],
        ]
        axes.barh(
            [p + offset for p in places],
            values,
            height=0.4,
            xerr=errors,
            error_kw={"elinewidth": 1, "capsize": 2, "ecolor": "0.3"},
            label=label,
        )
    axes.set_yticks(list(places), [f"{p.number}. {p.contract}" for p in rounds])
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("% of player-rounds, with 95% intervals")
    axes.set_title("Contract met, by round")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2, frameon=False)
    axes.grid(axis="x", alpha=0.3)
