"""The seeds of a run: each game's deal and each of its bots, from the run's one seed.

A game of a run is played again from its seeds alone, on any machine: :func:`derive_seed`
reads them from a hash, the same on every platform and Python version.
"""

from __future__ import annotations

import hashlib

from contract_rummy._checks import check_int

__all__ = ["derive_seed"]


def derive_seed(seed: int, game: int, seat: int | None = None) -> int:
    """The seed of game ``game``'s deal (``seat=None``), or of its bot at ``seat``.

    The first 63 bits of the SHA-256 digest of the text ``"contract_rummy.simulate
    {seed} {game} deal"`` (or ``... {seat}`` for a bot), read as a big-endian number: the
    same on every platform and Python version, and unrelated from one game or seat to the
    next. :func:`~contract_rummy.simulate` deals game ``i`` with ``new_game(variant,
    seed=derive_seed(seed, i))`` and makes the bot at seat ``p`` with
    ``derive_seed(seed, i, p)``.

    Raises:
        TypeError: if an argument is not an int.
        ValueError: if an argument is negative.

    >>> derive_seed(0, 0), derive_seed(0, 0, 0)
    (6944550659213501034, 1525856214096584379)
    >>> derive_seed(0, 1) != derive_seed(1, 0)
    True
    """
    check_int("seed", seed, minimum=0)
    check_int("game", game, minimum=0)
    if seat is not None:
        check_int("seat", seat, minimum=0)
    # The text names the old module, as it always has: changing it would change every seed.
    text = f"contract_rummy.simulate {seed} {game} {'deal' if seat is None else seat}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 1
