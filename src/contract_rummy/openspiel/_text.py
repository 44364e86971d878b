"""What a player knows of an OpenSpiel state, and the whole state, as text (see the package).

A player's part is their view as :func:`contract_rummy.render.view_text` writes it with
every field (``details``), each player called by their number, so that the public part is
the same text for every player.
"""

from __future__ import annotations

from contract_rummy import render
from contract_rummy.cards import format_cards
from contract_rummy.openspiel import _chance as chance
from contract_rummy.openspiel._chance import Core
from contract_rummy.views import view


def known(core: Core, player: int, *, public: bool, private: bool, moves: bool) -> str:
    """What ``player`` knows, as text: the public part, their private part, or both.

    ``moves`` adds the number of actions played to the public part.
    """
    engine = chance.before(core)
    if engine is None:
        lines = [f"player {player}"] if private else []
    else:
        seen = view(engine, player)
        lines = render.view_lines(
            seen, public=public, private=private, details=True, moves=moves, you=False
        )
    if public and core.point is not None:
        lines.append(f"waiting for chance: {chance.waiting(core)}")
    return "\n".join(lines)


def whole(core: Core) -> str:
    """The whole state, every hidden card included, and what chance is drawing."""
    engine = chance.before(core)
    lines = ["not dealt yet"] if engine is None else [str(engine)]
    if engine is not None:
        lines.append(f"stock: {format_cards(engine.stock)}")
        lines.append(f"discard: {format_cards(engine.discard)}")
    if core.point is not None:
        lines.append(f"chance: {chance.waiting(core)}")
        lines.extend(f"drawn: {drawn}" for drawn in chance.drawn_texts(core))
    return "\n".join(lines)
