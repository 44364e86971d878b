"""What a simulated game leaves behind: its result, round by round, and as JSON.

:class:`GameResult` holds one game, with a :class:`RoundResult` for each round. A result
holds plain values only (numbers, text, tuples, a :class:`~contract_rummy.RoundEnd`), so
that it pickles small on its way back from a worker and writes as one line of JSON
(:meth:`GameResult.to_json`) for a JSON Lines file.
"""

from __future__ import annotations

import enum
import json

import attrs

from contract_rummy.events import RoundEnd

__all__ = ["GameResult", "RoundResult"]


def _json_value(value: object) -> object:
    """A field's value as JSON writes it: tuples as lists, enums as their values."""
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, RoundResult):
        return value.to_dict()
    return value


def _to_dict(value: RoundResult | GameResult) -> dict[str, object]:
    """The fields of a result, in their order, as JSON values."""
    return {
        field.name: _json_value(getattr(value, field.name)) for field in attrs.fields(type(value))
    }


@attrs.frozen
class RoundResult:
    """How one round of a simulated game went.

    Attributes:
        number: The round's number, from 1.
        dealer: Who dealt it (R4).
        contract: Its contract, as text (R11), such as ``"two groups of 3"``.
        met_on_deal: For each player, whether the cards dealt to them already met the
            contract, before any draw: whether
            ``go_downs(variant, number, hand, None)`` finds a go-down (R14, R16, R24).
        went_down: For each player, the turn of the round (``RoundState.turns``) in which
            they went down, or ``None`` if they never did (R14; in a round played at once,
            R24, going down is going out).
        went_out: Who went out, or ``None`` if nobody did (R25).
        end: How the round ended: a player went out, a card could not be drawn (R27), or
            the round reached its turn limit (R29).
        penalties: Each player's penalty points for the round (R25).
        buys: How many buys each player made in the round (R19-R21).
        turns: How many turns the round lasted.
        actions: How many actions were played from the deal to the end of the round, the
            ``NextRound()`` that deals the next round included.
        reshuffles: How many times the discards were shuffled into a new stock (R27).
        exact_cut: With a cut bonus (R32), the player whose exact cut before this round's
            deal lowered their total; else ``None``.
    """

    number: int
    dealer: int
    contract: str
    met_on_deal: tuple[bool, ...]
    went_down: tuple[int | None, ...]
    went_out: int | None
    end: RoundEnd
    penalties: tuple[int, ...]
    buys: tuple[int, ...]
    turns: int
    actions: int
    reshuffles: int
    exact_cut: int | None

    def to_dict(self) -> dict[str, object]:
        """The round as a JSON object, its keys in the order of the attributes above.

        >>> import contract_rummy as cr
        >>> (game,) = cr.simulate(["greedy"] * 4, 1, seed=3, workers=1)
        >>> played = game.rounds[0].to_dict()
        >>> played["end"], played["went_down"]
        ('went out', [16, 17, 6, 15])
        """
        return _to_dict(self)


@attrs.frozen
class GameResult:
    """One simulated game: who played, how each round went, and who won.

    Attributes:
        index: The game's number in the run, from 0 (or from ``start``).
        seed: The seed it was dealt from: ``new_game(variant, seed=seed)`` deals it.
        variant: The name of its rules (:attr:`Variant.name`).
        bots: Each seat's bot: its name in :data:`~contract_rummy.BOTS`, or the name of
            the factory that made it.
        bot_seeds: The seed each seat's bot was made from.
        scores: The final totals (R26, with any cut bonus, R32).
        winners: The players sharing the win (R28, R34).
        actions: How many actions the game took.
        rounds: How each round went, in order.

    >>> import contract_rummy as cr
    >>> game = next(iter(cr.simulate(["greedy"] * 4, 1, seed=3, workers=1)))
    >>> game.index, game.variant, len(game.rounds), game.rounds[0].contract
    (0, 'pagat', 7, 'two groups of 3')
    >>> list(game.to_dict())
    ['index', 'seed', 'variant', 'bots', 'bot_seeds', 'scores', 'winners', 'actions', 'rounds']
    """

    index: int
    seed: int
    variant: str
    bots: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    rounds: tuple[RoundResult, ...]

    def to_dict(self) -> dict[str, object]:
        """The game as a JSON object, its keys in the order of the attributes above.

        Each round is an object as :meth:`RoundResult.to_dict` writes it; tuples become
        lists and a round's ``end`` its text (``"went out"``).
        """
        return _to_dict(self)

    def to_json(self) -> str:
        """The game as one line of JSON (no newline), for a JSON Lines file.

        >>> import contract_rummy as cr
        >>> (game,) = cr.simulate(["greedy"] * 4, 1, seed=3, workers=1)
        >>> game.to_json()[:40]
        '{"index": 0, "seed": 9134788556910979167'
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, allow_nan=False)
