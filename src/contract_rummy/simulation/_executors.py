"""Where the games are played: a pool of processes of the run's own, or a Dask cluster.

:class:`ProcessPool` is the pool :func:`~contract_rummy.simulate` starts when no executor
is given: one process per worker, each told to stop after the game it is playing when the
run stops (:meth:`ProcessPool.stop`, read by :func:`stopped`). :func:`dask_executor`
connects to a Dask cluster instead, and :func:`cores` counts the cores this process may
run on.

:func:`dask_executor` is public; the other names are the package's own.
"""

from __future__ import annotations

import gc
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, Future
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event

__all__ = ["ProcessPool", "cores", "dask_executor", "stopped"]


def cores() -> int:
    """How many cores this process may run on: one worker each, by default.

    >>> cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


class _Worker:
    """What a worker process of a :class:`ProcessPool` knows of its run."""

    #: Set for every worker of the pool when the run is stopped.
    stop: Event | None = None
    #: Whether this worker was sent Ctrl-C (SIGINT) itself.
    interrupted = False


def _interrupted(number: int, frame: FrameType | None) -> None:
    """Ctrl-C in a worker: remember it, for the chunk played to stop between two games."""
    _Worker.interrupted = True


def _start_worker(stop: Event) -> None:
    """Run first in each worker process of a :class:`ProcessPool`."""
    _Worker.stop = stop
    signal.signal(signal.SIGINT, _interrupted)


def stopped() -> bool:
    """Whether the worker process calling it should stop playing its chunk of games.

    True once its :class:`ProcessPool` is stopped, or once the worker was sent Ctrl-C;
    always false outside such a pool (in this process, on threads, on a cluster).

    >>> stopped()
    False
    """
    stop = _Worker.stop
    return _Worker.interrupted or (stop is not None and stop.is_set())


class ProcessPool:
    """A pool of ``workers`` processes for one run, started safely even from a threaded program.

    Processes are forked from a server process where the system has one (``forkserver``),
    else started afresh (``spawn``): never forked from this process, whose other threads
    (a Dask client's, a web server's) could leave a forked child deadlocked.

    Ctrl-C at a terminal reaches every process of the command: a worker does not die of it
    (an idle worker would, with a traceback, and break the pool) but notes it, and the
    chunk it is playing stops between two games (see :func:`stopped`).

    Attributes:
        executor: The pool's executor, to submit chunks of games to.
    """

    def __init__(self, workers: int) -> None:
        import multiprocessing  # noqa: PLC0415 - only when a pool is needed
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self._stop = context.Event()
        self.executor: Executor = ProcessPoolExecutor(
            workers, mp_context=context, initializer=_start_worker, initargs=(self._stop,)
        )

    def stop(self) -> None:
        """Stop the run and shut the pool down: no chunk waiting is started.

        The chunks not yet started are cancelled; every worker stops after the game it is
        playing, and the chunks already handed to the workers end at once. Returns when
        the workers have exited.
        """
        self._stop.set()
        self.executor.shutdown(wait=True, cancel_futures=True)


class _ClosingExecutor(Executor):
    """A Dask client's executor that closes the client when it is shut down."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._executor: Executor = client.get_executor(pure=False)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._executor.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._executor.shutdown(wait=wait and not cancel_futures)
        self.client.close()


def dask_executor(address: str | None = None, **client_options: Any) -> Executor:
    """An executor that runs :func:`~contract_rummy.simulate`'s games on a Dask cluster.

    It connects a ``distributed.Client`` to the scheduler at ``address`` (a
    ``"tcp://host:8786"`` address, or a ``LocalCluster``; ``None`` starts a local
    cluster) and returns its executor, whose ``shutdown()`` also closes the client: use it
    in a ``with`` block. The cluster's workers need this library installed, and the bot
    factories (pickled with ``cloudpickle``); tell :func:`~contract_rummy.simulate` how
    many workers the cluster has (``workers=``) so that it keeps them all busy.

    Args:
        address: Where the scheduler is, as ``distributed.Client`` takes it.
        client_options: More arguments for ``distributed.Client``.

    Raises:
        ImportError: if Dask's ``distributed`` package is not installed; it comes with
            the ``dask`` extra: ``pip install 'contract_rummy[dask]'``.

    Example (not run here)::

        with cr.dask_executor("tcp://scheduler:8786") as executor:
            summary = cr.summarize(cr.simulate(bots, 100_000, executor=executor, workers=64))
    """
    try:
        import distributed  # noqa: PLC0415 - an optional extra, never imported otherwise
    except ImportError as error:
        raise ImportError(
            "dask_executor needs Dask's distributed package, which comes with the dask "
            "extra: pip install 'contract_rummy[dask]'"
        ) from error
    client: Any = distributed.Client  # untyped: its arguments are distributed's business
    failure: BaseException | None = None
    try:
        made = client(address, **client_options)
    except Exception as error:  # raised again below, without the frames that hold the client
        failure = error
    if failure is not None:
        # A client that could not connect still holds its event loop, which it stops when
        # it is collected; collected later, inside another client's or cluster's start,
        # that stop waits for the start and never returns. Drop the frames that hold it
        # and collect it now.
        chained: set[int] = set()
        cause: BaseException | None = failure
        while cause is not None and id(cause) not in chained:
            chained.add(id(cause))
            cause.__traceback__ = None
            cause = cause.__cause__ or cause.__context__
        gc.collect()
        raise failure
    return _ClosingExecutor(made)
