"""What a simulated game leaves behind: its result, round by round, and as JSON.

:class:`GameResult` holds one game, with a :class:`RoundResult` for each round. A result
holds plain values only (numbers, text, tuples, a :class:`~contract_rummy.RoundEnd`), so
that it pickles small on its way back from a worker and writes as one line of JSON
(:meth:`GameResult.to_json`) for a JSON Lines file, which :func:`load_results` reads back.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from contract_rummy._json import (
    Fields,
    at,
    check_file,
    list_of,
    optional,
    read_bool,
    read_enum,
    read_int,
    read_str,
    shown,
)
from contract_rummy.errors import RecordError
from contract_rummy.events import RoundEnd

__all__ = ["GameResult", "RoundResult", "load_results"]

#: The most players a result may name: more than any variant seats.
_MOST_PLAYERS = 64


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
        >>> RoundResult.from_dict(played) == game.rounds[0]
        True
        """
        return _to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, players: int | None = None) -> RoundResult:
        """The round :meth:`to_dict` wrote, every field checked; ``players`` seats, if known.

        Raises:
            RecordError: if ``data`` is not such a round, saying which field and why.
        """
        return _read_round(data, "", players)


@attrs.frozen
class GameResult:
    """One simulated game: who played, how each round went, and who won.

    Attributes:
        index: The game's number in the run, from 0 (or from ``start``).
        seed: The seed it was dealt from: ``new_game(variant, seed=seed)`` deals it.
        variant: The name of its rules (:attr:`Variant.name`).
        rules: ``None`` when those rules are the preset of that name as it is; else their
            fingerprint (:func:`~contract_rummy.codec.rules_fingerprint`), which tells
            apart rules that share a name, such as ``attrs.evolve(PAGAT, max_buys=0)``,
            still named ``"pagat"``. Results written before it was kept read as ``None``.
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
    rules: str | None = attrs.field(default=None, kw_only=True)
    bots: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    rounds: tuple[RoundResult, ...]

    def to_dict(self) -> dict[str, object]:
        """The game as a JSON object, its keys in the order of the attributes above.

        Each round is an object as :meth:`RoundResult.to_dict` writes it; tuples become
        lists and a round's ``end`` its text (``"went out"``). ``rules`` is written only
        when it is not ``None``: a preset's games are written as before it was kept.
        """
        written = _to_dict(self)
        if self.rules is None:
            del written["rules"]
        return written

    def to_json(self) -> str:
        """The game as one line of JSON (no newline), for a JSON Lines file.

        Seeds are 64-bit integers, written exactly: a reader must keep them so to deal the
        game again (Python's ``json`` does; JavaScript's ``JSON.parse`` rounds those past
        2**53).

        >>> import contract_rummy as cr
        >>> (game,) = cr.simulate(["greedy"] * 4, 1, seed=3, workers=1)
        >>> game.to_json()[:40]
        '{"index": 0, "seed": 9134788556910979167'
        >>> GameResult.from_json(game.to_json()) == game
        True
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameResult:
        """The game :meth:`to_dict` wrote, every field checked.

        Raises:
            RecordError: if ``data`` is not such a game, saying which field and why
                (``rounds[2].end: expected one of ...``).
        """
        return _read_game(data, "")

    @classmethod
    def from_json(cls, text: str | bytes) -> GameResult:
        """The game :meth:`to_json` wrote: one line of a results file.

        Raises:
            RecordError: if ``text`` is not JSON, or not such a game.
            TypeError: if ``text`` is neither a str nor bytes.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise TypeError(f"from_json reads a str or bytes, got {shown(text)}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise RecordError(f"not a JSON document: {error}") from None
        return _read_game(data, "")


def load_results(fp: Iterable[str | bytes]) -> Iterator[GameResult]:
    r"""Read the games of a results file (JSON Lines, one :meth:`GameResult.to_json` a line).

    Blank lines are skipped. The games come one at a time, as :func:`summarize` reads
    them: a file of any length is summed up in constant memory.

    Raises:
        RecordError: for the first line that is not such a game, with its line number.
        TypeError: for a path (or a whole text) rather than an open file or its lines.

    >>> import io
    >>> import contract_rummy as cr
    >>> from contract_rummy.simulation import load_results
    >>> games = list(cr.simulate(["greedy"] * 4, 2, seed=3, workers=1))
    >>> file = io.StringIO("".join(game.to_json() + "\n" for game in games))
    >>> list(load_results(file)) == games
    True
    >>> cr.summarize(load_results(io.StringIO(games[0].to_json()))).games
    1
    """
    check_file(fp, "load_results reads", otherwise=", or pass a text's lines (splitlines())")
    for number, line in enumerate(fp, start=1):
        if not line.strip():
            continue
        try:
            yield GameResult.from_json(line)
        except RecordError as error:
            raise RecordError(f"line {number}: {error}") from error


def _players(value: Any, path: str, players: int | None) -> int:
    """Check that a per-player list at ``path`` has ``players`` items; its length else."""
    if players is not None and len(value) != players:
        raise RecordError(f"{path}: expected one item per player ({players}), got {len(value)}")
    return len(value)


def _read_player(players: int) -> Any:
    """A reader of a player's number, 0 to ``players - 1``."""

    def read(value: Any, path: str) -> int:
        player = read_int(value, path)
        if not 0 <= player < players:
            raise RecordError(f"{path}: expected a player, 0-{players - 1}, got {player}")
        return player

    return read


def _read_round(data: Any, path: str, players: int | None) -> RoundResult:
    names = tuple(field.name for field in attrs.fields(RoundResult))
    fields = Fields(data, path, names)
    penalties = fields.get("penalties", list_of(read_int, _MOST_PLAYERS, "players"))
    count = _players(penalties, at(path, "penalties"), players)

    def each(name: str, read: Any) -> Any:
        found = fields.get(name, list_of(read, _MOST_PLAYERS, "players"))
        _players(found, at(path, name), count)
        return found

    player = _read_player(count)
    return RoundResult(
        number=fields.get("number", read_int),
        dealer=fields.get("dealer", player),
        contract=fields.get("contract", read_str),
        met_on_deal=each("met_on_deal", read_bool),
        went_down=each("went_down", optional(read_int)),
        went_out=fields.get("went_out", optional(player)),
        end=fields.get("end", read_enum(RoundEnd)),
        penalties=penalties,
        buys=each("buys", read_int),
        turns=fields.get("turns", read_int),
        actions=fields.get("actions", read_int),
        reshuffles=fields.get("reshuffles", read_int),
        exact_cut=fields.get("exact_cut", optional(player)),
    )


def _read_fingerprint(value: Any, path: str) -> str:
    """A fingerprint of rules: 16 hexadecimal digits, lowercase."""
    text = read_str(value, path)
    if len(text) != 16 or text.strip("0123456789abcdef"):
        raise RecordError(f"{path}: expected 16 hexadecimal digits, got {shown(text)}")
    return text


def _read_game(data: Any, path: str) -> GameResult:
    names = tuple(field.name for field in attrs.fields(GameResult))
    fields = Fields(data, path, names)
    bots = fields.get("bots", list_of(read_str, _MOST_PLAYERS, "players"))
    players = len(bots)
    bot_seeds = fields.get("bot_seeds", list_of(read_int, _MOST_PLAYERS, "players"))
    scores = fields.get("scores", list_of(read_int, _MOST_PLAYERS, "players"))
    _players(bot_seeds, at(path, "bot_seeds"), players)
    _players(scores, at(path, "scores"), players)

    def read_round(value: Any, where: str) -> RoundResult:
        return _read_round(value, where, players)

    return GameResult(
        index=fields.get("index", read_int),
        seed=fields.get("seed", read_int),
        variant=fields.get("variant", read_str),
        rules=fields.get("rules", optional(_read_fingerprint), None),
        bots=bots,
        bot_seeds=bot_seeds,
        scores=scores,
        winners=fields.get("winners", list_of(_read_player(players), players, "players")),
        actions=fields.get("actions", read_int),
        rounds=fields.get("rounds", list_of(read_round)),
    )
