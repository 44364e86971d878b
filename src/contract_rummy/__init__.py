"""contract_rummy: the reference rules engine for Contract Rummy.

Contract Rummy is also played as Liverpool, Progressive, Shanghai and May I?. This package
holds its cards, melds, contracts and rule sets as immutable typed values, with every rule
numbered (R1-R34, see the documentation's rules page) and every open rule a
:class:`Variant` setting.

>>> import contract_rummy as cr
>>> cr.parse_cards("7C 10H JK")
(Card.parse('7C'), Card.parse('10H'), JOKER)
>>> cr.meld("7C 7D JK")
Group(Rank.SEVEN, '7C 7D JK')
>>> str(cr.PAGAT.contract(6))
'a group of 3 and two runs of 4'
"""

# The deprecated module contract_rummy.simulate is loaded before the function of that name
# is imported below, which then takes the name: imported later, the module would.
from contract_rummy import simulate as deprecated_simulate_module
from contract_rummy import testing
from contract_rummy.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    NextRound,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from contract_rummy.bots import (
    BOTS,
    Bot,
    GreedyBot,
    HeuristicBot,
    RandomBot,
    make_bot,
    play,
    play_game,
)
from contract_rummy.cards import (
    JOKER,
    NATURALS,
    Card,
    Rank,
    Suit,
    as_cards,
    build_deck,
    format_cards,
    parse_cards,
)
from contract_rummy.codec import SCHEMA_VERSION, from_dict, to_dict
from contract_rummy.contracts import SHANGHAI_EIGHTH, STANDARD_CONTRACTS, Contract
from contract_rummy.engine import (
    LegalActions,
    apply,
    chooser,
    is_legal,
    legal_actions,
    new_game,
    start_round,
    step,
)
from contract_rummy.errors import (
    ContractRummyError,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    RecordError,
    Refusal,
)
from contract_rummy.events import (
    Bought,
    BoughtUnseen,
    Dealt,
    Drew,
    DrewUnseen,
    Event,
    GameEnded,
    Reshuffled,
    RoundEnd,
    RoundEnded,
    SeenEvent,
    Step,
    TookDiscard,
    WildFreed,
    censor,
    censored,
)
from contract_rummy.melds import End, Group, Meld, Run, meld
from contract_rummy.notation import format_action, format_meld, parse_action, parse_meld
from contract_rummy.presets import (
    CALIFORNIA,
    CONTRACT,
    DEUCES_WILD,
    DOUBLE_PROGRESSIVE,
    LIVERPOOL,
    LIVERPOOL_CUT,
    MAY_I,
    NO_BUY,
    PROGRESSIVE,
    SHANGHAI,
    SHANGHAI_11,
    VARIANTS,
)
from contract_rummy.records import GameRecord, Recorder, replay
from contract_rummy.shuffler import (
    SEEDED,
    SYSTEM,
    SeededShuffler,
    Shuffler,
    SystemShuffler,
    seed_state,
)
from contract_rummy.simulation import (
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
from contract_rummy.state import (
    NEW_TURN,
    NO_WINDOW,
    Board,
    BuyWindow,
    Chance,
    Phase,
    RoundFacts,
    RoundState,
    TableMeld,
    Totals,
    Turn,
)
from contract_rummy.variants import (
    PAGAT,
    PAGAT_PENALTIES,
    PROGRESSIVE_PENALTIES,
    AceRule,
    DeckCounts,
    JokerRule,
    JokerSwap,
    Penalties,
    TieBreak,
    Variant,
)
from contract_rummy.views import PlayerView, determinize, view

del deprecated_simulate_module

# With Hypothesis imported first, its entry point found no contract_rummy to register the
# strategies for ``st.from_type`` with: they are registered now, the package complete.
testing.register_if_hypothesis_imported()

__version__ = "0.1.0"

__all__ = [
    "BOTS",
    "CALIFORNIA",
    "CONTRACT",
    "DEUCES_WILD",
    "DOUBLE_PROGRESSIVE",
    "JOKER",
    "LIVERPOOL",
    "LIVERPOOL_CUT",
    "MAY_I",
    "NATURALS",
    "NEW_TURN",
    "NO_BUY",
    "NO_WINDOW",
    "PAGAT",
    "PAGAT_PENALTIES",
    "PROGRESSIVE",
    "PROGRESSIVE_PENALTIES",
    "SCHEMA_VERSION",
    "SEEDED",
    "SHANGHAI",
    "SHANGHAI_11",
    "SHANGHAI_EIGHTH",
    "STANDARD_CONTRACTS",
    "SYSTEM",
    "VARIANTS",
    "AceRule",
    "Action",
    "Board",
    "Bot",
    "Bought",
    "BoughtUnseen",
    "Buy",
    "BuyWindow",
    "Card",
    "Chance",
    "Contract",
    "ContractRummyError",
    "Dealt",
    "DeckCounts",
    "Discard",
    "DrawStock",
    "Drew",
    "DrewUnseen",
    "End",
    "Estimate",
    "Event",
    "GameEnded",
    "GameRecord",
    "GameResult",
    "GoDown",
    "GreedyBot",
    "Group",
    "HeuristicBot",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidStateError",
    "JokerRule",
    "JokerSwap",
    "LayOff",
    "LegalActions",
    "Meld",
    "NextRound",
    "NotationError",
    "Pass",
    "Penalties",
    "Phase",
    "PlayerView",
    "RandomBot",
    "Rank",
    "RecordError",
    "Recorder",
    "Refusal",
    "Reshuffled",
    "RoundEnd",
    "RoundEnded",
    "RoundFacts",
    "RoundResult",
    "RoundState",
    "RoundSummary",
    "Run",
    "SeatSummary",
    "SeededShuffler",
    "SeenEvent",
    "Shuffler",
    "Simulation",
    "Step",
    "Suit",
    "Summarizer",
    "Summary",
    "SwapJoker",
    "SystemShuffler",
    "TableMeld",
    "TakeDiscard",
    "TieBreak",
    "TookDiscard",
    "Totals",
    "Turn",
    "Variant",
    "WildFreed",
    "apply",
    "as_cards",
    "build_deck",
    "censor",
    "censored",
    "chooser",
    "dask_executor",
    "derive_seed",
    "determinize",
    "format_action",
    "format_cards",
    "format_meld",
    "from_dict",
    "is_legal",
    "legal_actions",
    "make_bot",
    "meld",
    "new_game",
    "parse_action",
    "parse_cards",
    "parse_meld",
    "play",
    "play_game",
    "replay",
    "seed_state",
    "simulate",
    "start_round",
    "step",
    "summarize",
    "to_dict",
    "view",
]
