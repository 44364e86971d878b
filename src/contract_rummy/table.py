"""One person at a table of bots, answering in JSON-ready dicts: :class:`Table`, :func:`explore`.

A :class:`Table` deals a seeded game, seats one person at it and lets the library's bots
(:data:`~contract_rummy.BOTS`) play every other seat. It holds the whole state, as a game
server does, and answers only with what the person's seat may know: their view
(:func:`~contract_rummy.view`, written by :func:`~contract_rummy.to_dict`), their copy of
each step's events (:func:`~contract_rummy.censored`), their legal actions as notation
(:mod:`~contract_rummy.notation`), listed a page at a time since go-downs can be many, and
the scores. Every answer is made of strings, ints, bools, ``None``, lists and dicts, so
``json.dumps`` writes it as it is: the browser playground of the documentation drives a
table through Pyodide, and a server could send the same answers over a socket.

>>> from contract_rummy.table import Table
>>> table = Table("pagat", players=4, seed=7)
>>> table.seat, table.to_act, table.view()["hand"]
(0, 0, ['3C', '4C', '9C', '2D', '6D', 'AH', '2H', '5H', '10H', '10S'])
>>> table.game()["decision"], table.actions()["actions"]
('buy', ['Buy', 'Pass'])
>>> table.act("Discard 3C")["rule"]
'R19'
>>> table.act("pass")["ok"]
True

The bots play as soon as it is not the person's turn to choose: an answer is always about
a moment when the person must choose, or the end of the game. :func:`explore` answers the
rules explorer's question: does a hand meet a round's contract, in how many ways, and why
is a proposed go-down refused.
"""

from __future__ import annotations

import functools
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from contract_rummy._checks import check_int
from contract_rummy.actions import Action, GoDown, NextRound
from contract_rummy.bots import BOTS, Bot, make_bot
from contract_rummy.cards import Card, as_card, format_cards, parse_cards
from contract_rummy.codec import to_dict
from contract_rummy.engine import chooser, legal_actions, new_game, step
from contract_rummy.errors import ContractRummyError, Refusal
from contract_rummy.events import (
    Bought,
    BoughtUnseen,
    Dealt,
    Drew,
    GameEnded,
    Reshuffled,
    RoundEnded,
    SeenEvent,
    TookDiscard,
    WildFreed,
    censored,
)
from contract_rummy.godown import go_downs, godown_problem
from contract_rummy.notation import format_action, format_meld, parse_action
from contract_rummy.playing import steps
from contract_rummy.presets import VARIANTS
from contract_rummy.render import meld_text, player_name
from contract_rummy.state import Phase, RoundState
from contract_rummy.variants import Variant
from contract_rummy.views import PlayerView, view

__all__ = ["DEFAULT_BOT", "PAGE", "SCAN", "Table", "explore", "variant_named"]

#: The bot that plays the other seats unless a table is told otherwise.
DEFAULT_BOT: Final = "heuristic"
#: How many actions :meth:`Table.actions` lists at most in one answer, unless told.
PAGE: Final = 50
#: How many actions a search (:meth:`Table.actions` with ``search``) reads at most: a hand
#: may have millions of go-downs, and a search stops reading there, saying so.
SCAN: Final = 20_000
#: The most actions a table plays for the bots between two of the person's decisions; a
#: game of a named variant ends long before (R29), so reaching it is a bug.
_MAX_BOT_ACTIONS: Final = 100_000


def variant_named(name: str | Variant) -> Variant:
    """The variant of :data:`~contract_rummy.VARIANTS` called ``name`` (or ``name`` itself).

    Raises:
        ValueError: if no preset has that name; the message lists them.

    >>> from contract_rummy.table import variant_named
    >>> variant_named("shanghai-11").rounds
    7
    >>> variant_named("snap")
    Traceback (most recent call last):
    ...
    ValueError: no variant is called 'snap'; the variants are pagat, contract, ...
    """
    if isinstance(name, Variant):
        return name
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        listed = ", ".join(VARIANTS)
        raise ValueError(f"no variant is called {name!r}; the variants are {listed}") from None


def _refused(refusal: Refusal) -> dict[str, Any]:
    return {"ok": False, **refusal.to_dict()}


_OK: Final[Mapping[str, Any]] = {"ok": True, "rule": None, "message": None}


class Table:
    """A seeded game with one person's seat and bots at the others.

    Args:
        variant: A preset's name (:data:`~contract_rummy.VARIANTS`) or a
            :class:`~contract_rummy.Variant`.
        players: How many players (the variant's smallest number when ``None``, R1).
        seed: The seed of the deal: the same seed and the same actions give the same game.
        seat: The person's seat, from 0.
        bot: The name of the bot (:data:`~contract_rummy.BOTS`) at every other seat; each
            is seeded with ``seed`` and its seat, so the game replays exactly.

    Raises:
        ValueError: if the variant, the number of players, the seat or the bot is unknown
            or out of range (R1).

    Attributes:
        variant: The rules played (a :class:`~contract_rummy.Variant`).
        players: How many players.
        seed: The seed of the deal.
        seat: The person's seat.
        bot: The name of the bot at the other seats.

    >>> from contract_rummy.table import Table
    >>> table = Table("shanghai-11", players=4, seed=3, seat=2)
    >>> answer = table.answer()
    >>> sorted(answer)
    ['actions', 'events', 'game', 'rounds', 'standings', 'view']
    >>> answer["game"]["contract"], answer["view"]["player"]
    ('two groups of 3', 2)
    """

    def __init__(
        self,
        variant: str | Variant = "pagat",
        *,
        players: int | None = None,
        seed: int = 0,
        seat: int = 0,
        bot: str = DEFAULT_BOT,
    ) -> None:
        rules = variant_named(variant)
        check_int("seed", seed, minimum=0)
        count = rules.min_players if players is None else players
        check_int("players", count)
        if not rules.min_players <= count <= rules.max_players:
            raise ValueError(
                f"R1: {rules.name} is played by {rules.min_players}-{rules.max_players} "
                f"players, not {count}"
            )
        check_int("seat", seat, minimum=0)
        if seat >= count:
            raise ValueError(f"seat must be a seat of the game, 0-{count - 1}, got {seat}")
        BOTS[bot]  # an UnknownBotError (a ValueError) for a name that is no bot's
        self.variant: Final = rules
        #: Whether the rules are a preset's, which a query can name.
        self._preset: Final = VARIANTS.get(rules.name) == rules
        self.players: Final = count
        self.seed: Final = seed
        self.seat: Final = seat
        self.bot: Final = bot
        self._bots: list[Bot | None] = [
            None if player == seat else make_bot(bot, seed=seed * 16 + player)
            for player in range(count)
        ]
        self._state = new_game(rules, seed=seed, players=count)
        self._events: list[dict[str, Any]] = []
        self._rounds: list[dict[str, Any]] = []
        self._standings: list[dict[str, Any]] | None = None
        self._play_bots()

    @classmethod
    def from_query(cls, query: str) -> Table:
        """The table a page address's query names: ``variant=shanghai&players=5&seed=7``.

        Missing keys take the defaults (``pagat``, the variant's fewest players, seed 0,
        seat 0, the heuristic bot); ``seat`` and ``bot`` may be given too.

        Raises:
            ValueError: as :class:`Table`, or if a number is not a number.

        >>> from contract_rummy.table import Table
        >>> table = Table.from_query("?variant=shanghai&players=5&seed=7")
        >>> table.variant.name, table.players, table.seed, table.query
        ('shanghai', 5, 7, 'variant=shanghai&players=5&seed=7')
        >>> Table.from_query("players=many")
        Traceback (most recent call last):
        ...
        ValueError: players must be a number, got 'many'
        """
        fields = dict(urllib.parse.parse_qsl(query.removeprefix("?")))

        def number(key: str) -> int | None:
            text = fields.get(key)
            if text is None or text == "":
                return None
            if not (text.isascii() and text.isdigit()):  # not "²", nor digits of other scripts
                raise ValueError(f"{key} must be a number, got {text!r}")
            return int(text)

        return cls(
            fields.get("variant", "pagat"),
            players=number("players"),
            seed=number("seed") or 0,
            seat=number("seat") or 0,
            bot=fields.get("bot", DEFAULT_BOT),
        )

    @property
    def query(self) -> str:
        """The query of a page address that deals this table's game again.

        Raises:
            ValueError: if the table plays rules of its own, not a preset's: a query names
                a preset, and would deal the preset's game (``game()`` then gives
                ``None``).
        """
        if not self._preset:
            raise ValueError(
                f"this table plays rules of its own (a variant named {self.variant.name!r} "
                "that is no preset), which a page address cannot name: a query names presets"
            )
        parts = {"variant": self.variant.name, "players": self.players, "seed": self.seed}
        if self.seat:
            parts["seat"] = self.seat
        if self.bot != DEFAULT_BOT:
            parts["bot"] = self.bot
        return urllib.parse.urlencode(parts)

    @property
    def state(self) -> RoundState:
        """The whole state of the game, as a server holds it: never send it to a client.

        Every answer of the table comes from the seat's view; this is for the server's own
        use (storing the game, a record, checks).

        >>> from contract_rummy.table import Table
        >>> table = Table(seed=7)
        >>> table.state.players, len(table.state.hands[1]) == table.view()["hand_sizes"][1]
        (4, True)
        """
        return self._state

    # -- what the person sees -----------------------------------------------------------------

    @property
    def _view(self) -> PlayerView:
        return view(self._state, self.seat)

    @property
    def to_act(self) -> int | None:
        """Who chooses now: the person's seat, until the game is over (then ``None``)."""
        return chooser(self._state)

    @property
    def over(self) -> bool:
        """Whether the game is over (R28)."""
        return self._state.phase is Phase.GAME_OVER

    def view(self) -> dict[str, Any]:
        """The person's view (:func:`~contract_rummy.to_dict` of it): nothing more.

        >>> from contract_rummy.table import Table
        >>> seen = Table(seed=1).view()
        >>> seen["type"], seen["hand_sizes"], "hands" in seen, "stock" in seen
        ('PlayerView', [10, 10, 10, 10], False, False)
        """
        return to_dict(self._view)

    def game(self) -> dict[str, Any]:
        """What the page shows beside the view, worked out from the view alone.

        The contract of the round, each seat's name, the melds on the table as people read
        them (:func:`~contract_rummy.render.meld_text`), the hand sorted by suit and by
        rank, the buy window's offer and whose choice it is, and the address query of the
        game.

        >>> from contract_rummy.table import Table
        >>> game = Table("pagat", seed=1).game()
        >>> game["contract"], game["names"], game["decision"]
        ('two groups of 3', ['you', 'player 1', 'player 2', 'player 3'], 'buy')
        >>> game["by_rank"][:3]
        ['6C', '7C', '7S']
        """
        seen = self._view
        variant = seen.variant
        names = [player_name(player, self.seat) for player in range(seen.players)]
        offer = None
        if seen.phase is Phase.BUY and seen.discard:
            offer = str(seen.discard[-1])
        return {
            "variant": variant.name,
            "players": seen.players,
            "seed": self.seed,
            "seat": self.seat,
            "query": self.query if self._preset else None,
            "rounds": variant.rounds,
            "round": seen.round_number,
            "contract": str(seen.contract),
            "names": names,
            "phase": seen.phase.value,
            "decision": None if self.over else seen.phase.value,
            "active": seen.active,
            "to_act": chooser(seen),
            "offer": offer,
            "top_discard": None if not seen.discard else str(seen.discard[-1]),
            "melds": [
                {"index": index, "owner": meld.owner, "text": meld_text(meld.meld, variant)}
                for index, meld in enumerate(seen.table)
            ],
            "by_suit": [str(card) for card in seen.hand],
            "by_rank": [str(card) for card in sorted(seen.hand, key=_rank_order)],
            "over": self.over,
        }

    def events(self) -> list[dict[str, Any]]:
        """The steps played since the last call, each as the person may see it.

        Each step is ``{"player", "action", "events", "text"}``: who chose, the action in
        notation (every action is public), its events as the person's copy
        (:func:`~contract_rummy.censored`, written by :func:`~contract_rummy.to_dict`),
        and a line for people to read.

        >>> from contract_rummy.table import Table
        >>> table = Table(seed=1)
        >>> [step["text"] for step in table.events()][:2]
        ['player 2: DrawStock', 'player 3: Pass']
        >>> table.events()
        []
        """
        events, self._events = self._events, []
        return events

    def rounds(self) -> list[dict[str, Any]]:
        """Every round played so far, with its scores (R25, R26).

        Each is ``{"round", "reason", "went_out", "penalties", "scores"}``: its number, why it
        ended, who went out (or ``None``), each player's penalty and the running totals.
        """
        return list(self._rounds)

    def standings(self) -> list[dict[str, Any]] | None:
        """The final standings once the game is over (R28), else ``None``.

        Every player from first to last, ``{"player", "score", "place"}``: the lowest total
        wins, and tied totals share a place.
        """
        return self._standings

    def actions(
        self, *, start: int = 0, limit: int = PAGE, search: str = "", scan: int = SCAN
    ) -> dict[str, Any]:
        """The person's legal actions now, in notation, a page at a time.

        The actions are counted without being listed (go-downs are counted by the
        search, ``contract_rummy.godown``) and only those of the page are written.
        With ``search``, the actions whose notation holds every word of it (in any case),
        read in order from the first, reading at most ``scan`` actions: ``complete`` says
        whether every action was read.

        Returns:
            ``{"count", "start", "actions", "more", "matches", "complete"}``: how many legal
            actions there are, where the page starts, the page, whether more follow it,
            and for a search how many matched among those read (``None`` otherwise).

        >>> from contract_rummy.table import Table
        >>> table = Table(seed=1)
        >>> table.actions()
        {'count': 2, 'start': 0, 'actions': ['Buy', 'Pass'], 'more': False, 'matches': None, \
'complete': True}
        >>> table.actions(search="pa")["actions"]
        ['Pass']
        """
        check_int("start", start, minimum=0)
        check_int("limit", limit, minimum=0)
        check_int("scan", scan, minimum=0)
        if not isinstance(search, str):
            raise TypeError(f"search must be a str of words, got {search!r}")
        seen = self._view
        legal = legal_actions(seen)
        count = len(legal)
        words = search.lower().split()
        if not words:
            found = [_notation(action, seen) for action in legal[start : start + limit]]
            total, matches, read = count, None, count
        else:
            found, matches, read = [], 0, 0
            for read, action in enumerate(_first(legal, scan), 1):  # noqa: B007 - counted
                text = _notation(action, seen)
                lowered = text.lower()
                if all(word in lowered for word in words):
                    if start <= matches < start + limit:
                        found.append(text)
                    matches += 1
            total = matches
        return {
            "count": count,
            "start": start,
            "actions": found,
            "more": start + len(found) < total,
            "matches": matches,
            "complete": read == count,
        }

    def act(self, text: str) -> dict[str, Any]:
        """Play the person's action, written in notation; then the bots play.

        Returns:
            ``{"ok": True, ...}`` once played, or ``{"ok": False, "rule", "message"}``
            when the action is refused: bad notation (``rule`` is ``None``) or an action
            the rules refuse, with the number of the rule that refuses it.

        Raises:
            TypeError: if ``text`` is not a str: a program's mistake, not a refusal.

        >>> from contract_rummy.table import Table
        >>> table = Table(seed=1)
        >>> table.act("DrawStock")
        {'ok': False, 'rule': 'R19', 'message': 'DrawStock() is not possible now: player 0 may \
buy or pass'}
        >>> table.act("Pass 7X")
        {'ok': False, 'rule': None, 'message': "'7X' is extra: the action ended before it"}
        >>> table.act("pass")
        {'ok': True, 'rule': None, 'message': None}
        """
        if self.over:
            return _refused(Refusal("R28", "the game is over"))
        seen = self._view
        try:
            action = parse_action(text, seen)
            after, events = step(self._state, action, player=self.seat)
        except ContractRummyError as error:
            return _refused(error.refusal)
        self._record(self._state, self.seat, action, after, events)
        self._play_bots()
        return dict(_OK)

    def answer(self) -> dict[str, Any]:
        """Everything the page shows after a decision, in one dict.

        ``{"view", "game", "events", "actions", "rounds", "standings"}``: :meth:`view`,
        :meth:`game`, :meth:`events` (since the last answer), the first page of
        :meth:`actions`, :meth:`rounds` and :meth:`standings`.
        """
        return {
            "view": self.view(),
            "game": self.game(),
            "events": self.events(),
            "actions": self.actions(),
            "rounds": self.rounds(),
            "standings": self.standings(),
        }

    # -- playing ------------------------------------------------------------------------------

    def _play_bots(self) -> None:
        """Let the bots play until the person chooses or the game is over.

        The steps come from the library's game loop (:func:`~contract_rummy.playing.steps`),
        read one at a time: the person's turn stops the reading before anyone chooses for
        them.
        """
        if self.over or chooser(self._state) == self.seat:
            return
        for before, player, action, after, events in steps(
            self._state, self._bot_choice, max_actions=_MAX_BOT_ACTIONS
        ):
            self._record(before, player, action, after, events)
            if chooser(after) == self.seat:
                return

    def _bot_choice(self, player: int, state: RoundState) -> Action:
        """The action of the bot at ``player``'s seat, chosen from that player's view."""
        bot = self._bots[player]
        assert bot is not None  # the loop is left before the person's turn
        return bot.choose(view(state, player))

    def _record(
        self,
        before: RoundState,
        player: int,
        action: Action,
        after: RoundState,
        events: Sequence[SeenEvent],
    ) -> None:
        self._state = after
        mine = censored(events, self.seat)
        notation = format_action(action, view(before, player))
        self._events.append(
            {
                "player": player,
                "action": notation,
                "events": [to_dict(event) for event in mine],
                "text": _step_text(player, self.seat, notation, action, mine),
            }
        )
        for event in mine:
            if isinstance(event, RoundEnded):
                self._rounds.append(
                    {
                        "round": event.round_number,
                        "reason": event.reason.value,
                        "went_out": event.went_out,
                        "penalties": list(event.penalties),
                        "scores": list(event.scores),
                    }
                )
            elif isinstance(event, GameEnded):
                self._standings = _standings(event.scores)


#: A meld's notation, kept for the melds met last: the go-downs of one hand share their
#: melds, and checking how a meld reads back (wild ranks, R30) is the cost of writing one.
_meld_notation: Final = functools.lru_cache(maxsize=4096)(format_meld)


def _notation(action: Action, seen: PlayerView) -> str:
    """:func:`~contract_rummy.format_action` of ``action`` in ``seen``, melds kept once written."""
    if type(action) is GoDown:
        variant = seen.variant
        return "GoDown " + " | ".join(_meld_notation(meld, variant) for meld in action.melds)
    return format_action(action, seen)


def _first(legal: Sequence[Action], count: int) -> Iterator[Action]:
    """The first ``count`` of ``legal``, read in order (go-downs are built as read)."""
    for index, action in enumerate(legal):
        if index >= count:
            return
        yield action


def _rank_order(card: Card) -> tuple[int, int]:
    """Cards by rank, then suit; jokers last."""
    rank = card.rank
    return (99, 0) if rank is None else (int(rank), card.index)


def _standings(scores: Sequence[int]) -> list[dict[str, Any]]:
    order = sorted(range(len(scores)), key=lambda player: (scores[player], player))
    ranked = sorted(scores)
    return [
        {"player": player, "score": scores[player], "place": 1 + ranked.index(scores[player])}
        for player in order
    ]


def _step_text(
    player: int, seat: int, notation: str, action: Action, events: Sequence[SeenEvent]
) -> str:
    """One line for a step, from the person's copy of its events."""
    who = player_name(player, seat)
    notes: list[str] = []
    for event in events:
        notes.extend(_event_notes(event, seat))
    if isinstance(action, NextRound) and not notes:
        notes.append("next round")
    return f"{who}: {notation}" + (f" ({'; '.join(notes)})" if notes else "")


def _cards(count: int) -> str:
    return f"{count} penalty card{'s' * (count != 1)}"


def _event_notes(event: SeenEvent, seat: int) -> list[str]:
    """What one event adds to a step's line, as the person may see it."""
    match event:
        case Drew(player=player, card=card) if player == seat:
            return [f"you drew {card}"]
        case Bought(card=card, penalty=penalty):
            return [f"{card} and {_cards(len(penalty))}: {format_cards(penalty)}"]
        case BoughtUnseen(card=card, penalty=penalty):
            return [f"{card} and {_cards(penalty)}"]
        case TookDiscard(blocked=blocked) if blocked is not None:
            return [f"blocking player {blocked}'s call"]
        case Reshuffled(cards=cards):
            return [f"the discards were reshuffled into a stock of {cards}"]
        case WildFreed(wild=wild, joker_target=target):
            return [f"{wild} freed onto meld {target}"]
        case RoundEnded(round_number=number, reason=reason, went_out=out):
            ended = f"round {number} over: {reason.value}"
            if out is not None:
                ended += f" by {player_name(out, seat)}"
            return [ended]
        case GameEnded(winners=winners):
            return ["game over; won by " + ", ".join(player_name(w, seat) for w in winners)]
        case Dealt(round_number=number, top_discard=top):
            return [f"round {number} dealt, {top} turned up"]
    return []  # a draw seen by the others, a plain take: the action says it all


def explore(
    hand: str | Sequence[Card | str],
    *,
    variant: str | Variant = "pagat",
    round_number: int = 1,
    go_down: str | None = None,
    limit: int = 5,
    kept: str | Card | None = None,
) -> dict[str, Any]:
    """Whether ``hand`` meets a round's contract, every way it can, and why a go-down is refused.

    The hand is the one a player holds when going down, the card drawn included: before
    the last round a go-down must leave a card to discard (R16), and in the last round the
    whole hand goes down at once (R24). The ways are counted without being listed
    (``contract_rummy.godown``); the first ``limit`` are written.

    Args:
        hand: Cards in notation (``"7C 7D 7H 9S 9D JK KD"``), as cards, or a list of the
            cards' notations (``["7C", "7D", ...]``).
        variant: A preset's name or a :class:`~contract_rummy.Variant`.
        round_number: The round whose contract the hand must meet.
        go_down: A proposed go-down, its melds in notation separated by ``|``
            (``GoDown`` before them is optional): checked against the hand and the
            contract.
        limit: How many ways to write at most.
        kept: The card taken from the discard pile this turn, one of the hand's (notation
            such as ``"9H"``, or a card): R17 keeps it in hand, so no way leaves it as the
            only card to discard. ``None`` (the default): the hand took no such card.

    Returns:
        ``{"ok", "hand", "contract", "meets", "count", "ways", "refusal"}``: ``ok`` is
        ``False`` (with ``refusal`` only) when the hand or the round cannot be read;
        ``refusal`` is otherwise why the proposed go-down is refused (its notation
        included), or ``None``.

    >>> from contract_rummy.table import explore
    >>> found = explore("7C 7D 7H 9S 9D 9H JK KD", round_number=1, limit=2)
    >>> found["contract"], found["meets"], found["count"]
    ('two groups of 3', True, 7)
    >>> found["ways"]
    ['GoDown 7C 7D 7H | 9D 9H 9S', 'GoDown 7C 7D 7H | 9D 9H JK']
    >>> explore("7C 7D 7H 9S 9D 9H KD", kept="KD")["count"]  # R17: KD cannot be the discard
    0
    >>> explore("7C 7D 7H 9S 9D 9H JK KD", go_down="7C 7D 7H | 9S 9D")["refusal"]
    {'rule': 'R7, R8', 'message': "2 cards are too few for a meld: '9S 9D' is neither a group \
nor a run; build Group(rank, cards) or Run(suit, low, cards)"}
    """
    check_int("limit", limit, minimum=0)
    try:
        rules = variant_named(variant)
        if isinstance(hand, str):
            cards = parse_cards(hand)
        else:  # cards, or the notation of each (as a list of "7C" reads)
            cards = tuple(as_card(card, "each card of hand") for card in hand)
        kept_card = _kept_card(kept, cards)
        check_int("round_number", round_number, minimum=1)
        if round_number > rules.rounds:
            raise ContractRummyError(
                Refusal("R11", f"{rules.name} has {rules.rounds} rounds, not {round_number}")
            )
    except ContractRummyError as error:
        return {"ok": False, "refusal": error.refusal.to_dict()}
    except ValueError as error:
        return {"ok": False, "refusal": {"rule": None, "message": str(error)}}
    found = go_downs(rules, round_number, cards, kept_card)
    count = len(found)
    refusal = None
    if go_down is not None and go_down.strip():
        refusal = _go_down_refusal(go_down.strip(), rules, round_number, cards, kept_card)
    return {
        "ok": True,
        "hand": format_cards(cards),
        "contract": str(rules.contract(round_number)),
        "meets": count > 0,
        "count": count,
        "ways": [_go_down_text(action, rules) for action in found[:limit]],
        "refusal": refusal,
    }


def _kept_card(kept: str | Card | None, cards: Sequence[Card]) -> Card | None:
    """:func:`explore`'s ``kept``, read as a card of the hand ``cards`` (R17)."""
    if kept is None:
        return None
    if isinstance(kept, str):
        read = parse_cards(kept)
        if len(read) != 1:
            raise ValueError(f"kept must be one card, got {kept!r}")
        kept = read[0]
    elif not isinstance(kept, Card):
        raise TypeError(f"kept must be a card or its notation, got {kept!r}")
    if kept not in cards:
        raise ContractRummyError(
            Refusal("R17", f"the card kept, {kept}, must be one of the hand's cards")
        )
    return kept


def _go_down_text(action: GoDown, variant: Variant) -> str:
    """A go-down in notation, its melds written as ``variant`` reads them back."""
    return "GoDown " + " | ".join(_meld_notation(meld, variant) for meld in action.melds)


def _go_down_refusal(
    text: str, variant: Variant, round_number: int, cards: Sequence[Card], kept: Card | None
) -> dict[str, str | None] | None:
    """Why the go-down written ``text`` is refused (R7-R10, R12, R14, R16, R24), or ``None``."""
    if not text.lower().startswith(("godown", "down ")):
        text = "GoDown " + text
    try:
        proposed = parse_action(text, variant)
    except ContractRummyError as error:
        return error.refusal.to_dict()
    assert isinstance(proposed, GoDown)  # the text starts as a go-down's
    problem = godown_problem(variant, round_number, cards, kept, proposed.melds)
    return None if problem is None else problem.to_dict()
