"""The statistics of a set of games: rates and means with their 95% confidence intervals.

:class:`Summarizer` reads :class:`GameResult` values one at a time, in constant memory, and
sums them up (:class:`Summary`): each seat's win rate and mean final score
(:class:`SeatSummary`), and for each round of the ladder how often the contract was met
straight off the deal and at all, how long rounds last and how they end
(:class:`RoundSummary`). :func:`summarize` does the same for a whole iterable. Each figure
is an :class:`Estimate`: a value with its interval.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from contract_rummy._checks import check_int
from contract_rummy.events import RoundEnd
from contract_rummy.presets import VARIANTS
from contract_rummy.simulation._results import GameResult

__all__ = ["Estimate", "RoundSummary", "SeatSummary", "Summarizer", "Summary", "summarize"]

#: The two-sided 95% quantile of the standard normal distribution.
_Z95: Final = statistics.NormalDist().inv_cdf(0.975)


@attrs.frozen
class Estimate:
    """A point estimate with its 95% confidence interval: ``low <= value <= high``.

    Attributes:
        value: The estimate (a rate or a mean).
        low: The interval's lower bound (``-inf`` for a mean of one value).
        high: The interval's upper bound (``inf`` for a mean of one value).
    """

    value: float
    low: float
    high: float

    @classmethod
    def rate(cls, hits: int, trials: int) -> Estimate:
        """The rate ``hits / trials`` with its Wilson score interval, within [0, 1].

        Raises:
            ValueError: if there are no trials, or hits out of 0..trials.

        >>> Estimate.rate(7, 10)
        Estimate(value=0.7, low=0.3967..., high=0.8922...)
        """
        check_int("trials", trials, minimum=1)
        check_int("hits", hits, minimum=0, maximum=trials)
        p = hits / trials
        z2 = _Z95 * _Z95
        centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
        spread = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
        spread /= 1 + z2 / trials
        # The interval always holds p; the bounds are clamped against rounding.
        return cls(p, max(0.0, min(p, centre - spread)), min(1.0, max(p, centre + spread)))

    @classmethod
    def mean(cls, count: int, mean: float, variance: float) -> Estimate:
        """A mean with the normal approximation's interval, ``mean ± 1.96 s / √count``.

        ``variance`` is the sample variance (``s²``, dividing by ``count - 1``); with one
        value the interval is unbounded.

        >>> Estimate.mean(4, 10.0, 4.0)
        Estimate(value=10.0, low=8.04..., high=11.95...)
        """
        check_int("count", count, minimum=1)
        if count == 1:
            return cls(mean, -math.inf, math.inf)
        half = _Z95 * math.sqrt(variance / count)
        return cls(mean, mean - half, mean + half)

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval."""
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, float | None]:
        """``{"value": ..., "low": ..., "high": ...}``; an infinite bound as ``None``."""
        return {
            "value": self.value,
            "low": self.low if math.isfinite(self.low) else None,
            "high": self.high if math.isfinite(self.high) else None,
        }


@attrs.define
class _Moments:
    """A running count, sum and sum of squares of whole numbers: exact, in constant memory."""

    count: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def estimate(self) -> Estimate:
        count = self.count
        # The sample variance, from exact integer sums: no rounding until the division.
        spread = count * self.squares - self.total * self.total
        variance = spread / (count * (count - 1)) if count > 1 else 0.0
        return Estimate.mean(count, self.total / count, variance)


@attrs.frozen
class SeatSummary:
    """How the bot at one seat did over the games summed up.

    Attributes:
        seat: The seat (the player's number).
        bot: The bot's name.
        wins: How many games it won; a shared win (R28) counts as a win for each of the
            players sharing it, so the seats' wins may add up to more than the games.
        win_rate: Its share of the games won, with the Wilson interval.
        score: Its mean final total, with the normal approximation's interval.
    """

    seat: int
    bot: str
    wins: int
    win_rate: Estimate
    score: Estimate

    def to_dict(self) -> dict[str, object]:
        """The seat as a JSON object, its keys in the order of the attributes above."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "wins": self.wins,
            "win_rate": self.win_rate.to_dict(),
            "score": self.score.to_dict(),
        }


@attrs.frozen(eq=True, hash=False)
class RoundSummary:
    """How one round of the ladder went over the games summed up.

    Rates over player-rounds count each player of each game once: with 4 players and 100
    games, 400 of them.

    Attributes:
        number: The round's number.
        contract: Its contract, as text.
        rounds: How many times it was played (one per game).
        met_on_deal: The rate of player-rounds whose dealt cards met the contract.
        went_down: The rate of player-rounds in which the player went down.
        turns: The mean length of the round, in turns.
        ends: For each way a round ends (every :class:`~contract_rummy.RoundEnd`, in its
            order), the rate of rounds that ended that way.
    """

    number: int
    contract: str
    rounds: int
    met_on_deal: Estimate
    went_down: Estimate
    turns: Estimate
    ends: Mapping[RoundEnd, Estimate]

    def to_dict(self) -> dict[str, object]:
        """The round as a JSON object, its keys in the order of the attributes above."""
        return {
            "number": self.number,
            "contract": self.contract,
            "rounds": self.rounds,
            "met_on_deal": self.met_on_deal.to_dict(),
            "went_down": self.went_down.to_dict(),
            "turns": self.turns.to_dict(),
            "ends": {end.value: rate.to_dict() for end, rate in self.ends.items()},
        }


@attrs.frozen
class Summary:
    """The statistics of a set of games (see :class:`Summarizer`).

    Attributes:
        variant: The name of the games' rules.
        rules: Their fingerprint when they are not the preset of that name
            (:attr:`GameResult.rules`), else ``None``.
        games: How many games.
        seats: Each seat's figures, in seat order.
        rounds: Each round's figures, in round order.
    """

    variant: str
    rules: str | None = attrs.field(default=None, kw_only=True)
    games: int
    seats: tuple[SeatSummary, ...]
    rounds: tuple[RoundSummary, ...]

    @property
    def rule_set(self) -> str:
        """The games' rules in words: their name, fingerprinted if they are not its preset's.

        Rules under a preset's name that are not the preset's show their fingerprint.

        >>> import attrs
        >>> import contract_rummy as cr
        >>> no_buying = attrs.evolve(cr.PAGAT, max_buys=0)
        >>> cr.summarize(cr.simulate(["greedy"] * 4, 1, variant=no_buying, workers=1)).rule_set
        "pagat (rules 8a0fe989a45dc11a, not the preset's)"
        """
        return _rules(self.variant, self.rules)

    def to_dict(self) -> dict[str, object]:
        """The summary as a JSON object, its keys in the order of the attributes above.

        ``rules`` is written only when it is not ``None``, as :meth:`GameResult.to_dict`
        writes it.
        """
        return {
            "variant": self.variant,
            **({} if self.rules is None else {"rules": self.rules}),
            "games": self.games,
            "seats": [seat.to_dict() for seat in self.seats],
            "rounds": [summary.to_dict() for summary in self.rounds],
        }


@attrs.define
class _RoundTally:
    contract: str
    rounds: int = 0
    player_rounds: int = 0
    met_on_deal: int = 0
    went_down: int = 0
    turns: _Moments = attrs.Factory(_Moments)
    ends: Counter[RoundEnd] = attrs.Factory(Counter)


class Summarizer:
    """Sums up games as they come, one :class:`GameResult` at a time, in constant memory.

    The first game fixes the variant and the seats' bots; every later game must have the
    same (a game of other rules or bots raises :class:`ValueError`): the same name and the
    same rules (:attr:`GameResult.rules`), as custom rules may keep a preset's name.
    :meth:`summary` can be taken at any point, as often as wanted.

    >>> import contract_rummy as cr
    >>> summarizer = cr.Summarizer()
    >>> for game in cr.simulate(["greedy"] * 4, 2, seed=2, workers=1):
    ...     summarizer.add(game)
    >>> summary = summarizer.summary()
    >>> summary.games, len(summary.rounds), summary.rounds[0].contract
    (2, 7, 'two groups of 3')
    """

    def __init__(self) -> None:
        self._games = 0
        self._variant: str | None = None
        self._rules: str | None = None
        self._bots: tuple[str, ...] = ()
        self._wins: list[int] = []
        self._scores: list[_Moments] = []
        self._rounds: list[_RoundTally] = []

    @property
    def games(self) -> int:
        """How many games have been added."""
        return self._games

    def add(self, game: GameResult) -> None:
        """Add one game's result.

        Raises:
            TypeError: if ``game`` is not a :class:`GameResult`.
            ValueError: if its variant, bots or rounds differ from the first game's.
        """
        if not isinstance(game, GameResult):
            raise TypeError(f"expected a GameResult, got {game!r}")
        if self._variant is None:
            self._variant = game.variant
            self._rules = game.rules
            self._bots = game.bots
            self._wins = [0] * len(game.bots)
            self._scores = [_Moments() for _ in game.bots]
            self._rounds = [_RoundTally(played.contract) for played in game.rounds]
        elif (game.variant, game.rules, game.bots) != (self._variant, self._rules, self._bots):
            alike = game.variant == self._variant  # then the fingerprints tell them apart
            raise ValueError(
                f"game {game.index} is {_rules(game.variant, game.rules, fingerprint=alike)} "
                f"with bots {list(game.bots)}, but the games summed up are "
                f"{_rules(self._variant, self._rules, fingerprint=alike)} with bots "
                f"{list(self._bots)}"
            )
        if [played.contract for played in game.rounds] != [t.contract for t in self._rounds]:
            raise ValueError(f"game {game.index} has other rounds than the games summed up")
        self._games += 1
        for winner in game.winners:
            self._wins[winner] += 1
        for moments, score in zip(self._scores, game.scores, strict=True):
            moments.add(score)
        for tally, played in zip(self._rounds, game.rounds, strict=True):
            tally.rounds += 1
            tally.player_rounds += len(played.met_on_deal)
            tally.met_on_deal += sum(played.met_on_deal)
            tally.went_down += sum(turn is not None for turn in played.went_down)
            tally.turns.add(played.turns)
            tally.ends[played.end] += 1

    def summary(self) -> Summary:
        """The statistics of the games added so far.

        Raises:
            ValueError: if no game has been added.
        """
        if self._variant is None:
            raise ValueError("there is nothing to sum up: no game has been added")
        games = self._games
        seats = tuple(
            SeatSummary(
                seat=seat,
                bot=bot,
                wins=self._wins[seat],
                win_rate=Estimate.rate(self._wins[seat], games),
                score=self._scores[seat].estimate(),
            )
            for seat, bot in enumerate(self._bots)
        )
        rounds = tuple(
            RoundSummary(
                number=number,
                contract=tally.contract,
                rounds=tally.rounds,
                met_on_deal=Estimate.rate(tally.met_on_deal, tally.player_rounds),
                went_down=Estimate.rate(tally.went_down, tally.player_rounds),
                turns=tally.turns.estimate(),
                ends={end: Estimate.rate(tally.ends[end], tally.rounds) for end in RoundEnd},
            )
            for number, tally in enumerate(self._rounds, start=1)
        )
        return Summary(
            variant=self._variant, rules=self._rules, games=games, seats=seats, rounds=rounds
        )


def _rules(variant: str, rules: str | None, *, fingerprint: bool = False) -> str:
    """A game's rules in words: their name, with their fingerprint where it tells them apart.

    The fingerprint is given for rules under a preset's name that are not the preset's,
    and for any other rules if ``fingerprint``.
    """
    if rules is None:
        return variant
    if variant in VARIANTS:
        return f"{variant} (rules {rules}, not the preset's)"
    return f"{variant} (rules {rules})" if fingerprint else variant


def summarize(games: Iterable[GameResult]) -> Summary:
    """The statistics of ``games``, read one at a time (see :class:`Summarizer`).

    Raises:
        TypeError: if ``games`` is not an iterable, or holds something other than a
            :class:`GameResult`.
        ValueError: if there are no games, or they differ in variant or bots.

    >>> import contract_rummy as cr
    >>> summary = cr.summarize(cr.simulate(["greedy"] * 4, 2, workers=1))
    >>> summary.games, [seat.seat for seat in summary.seats]
    (2, [0, 1, 2, 3])
    >>> cr.summarize(None)
    Traceback (most recent call last):
    ...
    TypeError: games must be an iterable of GameResults (simulate gives them), got None
    """
    given: object = games  # the annotation is what a caller should pass, not a check
    if not isinstance(given, Iterable):
        raise TypeError(
            f"games must be an iterable of GameResults (simulate gives them), got {given!r}"
        )
    summarizer = Summarizer()
    for game in games:
        summarizer.add(game)
    return summarizer.summary()
