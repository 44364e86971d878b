"""Deprecated: the old name of :mod:`contract_rummy.simulation`.

``from contract_rummy.simulate import MAX_CHUNK`` still works, with a
:class:`DeprecationWarning`: import from :mod:`contract_rummy.simulation` instead. The
package's attribute ``contract_rummy.simulate`` is the function
:func:`~contract_rummy.simulate`, so ``import contract_rummy.simulate as m`` binds the
function, as Python reads the attribute first; ``import contract_rummy.simulation as m``
binds the module.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from contract_rummy import simulation

if TYPE_CHECKING:  # the names this module had, for type checkers
    from contract_rummy.simulation import (
        DEFAULT_MAX_ACTIONS,
        IN_FLIGHT,
        MAX_CHUNK,
        BotSpec,
        Estimate,
        GameResult,
        RoundResult,
        RoundSummary,
        SeatSummary,
        Simulation,
        Summarizer,
        Summary,
        dask_executor,
        derive_seed,
        simulate,
        summarize,
    )

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "IN_FLIGHT",
    "MAX_CHUNK",
    "BotSpec",
    "Estimate",
    "GameResult",
    "RoundResult",
    "RoundSummary",
    "SeatSummary",
    "Simulation",
    "Summarizer",
    "Summary",
    "dask_executor",
    "derive_seed",
    "simulate",
    "summarize",
]


def __getattr__(name: str) -> Any:
    """A name of :mod:`contract_rummy.simulation`, with a :class:`DeprecationWarning`."""
    if name not in simulation.__all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"contract_rummy.simulate.{name} is deprecated: import it from contract_rummy.simulation",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(simulation, name)
