"""The encoding's numbers, pinned: every preset and player count encodes as it always has.

Each case plays two seeded games (from the deal, and from a deal of the last round, to the
end of the game) with a simple policy written here, and hashes the encoding's fields and
bounds, and every player's observation of every fourth state: each number as a double,
and whether it is a float or an int. The digests were computed once; a change that moves
a single number of an observation, or changes its type, changes them. A change to the
engine that makes these games play otherwise changes them too: then compute them again
from the encoding as it was before that change.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from itertools import repeat

import pytest

import contract_rummy as cr
from contract_rummy.encoding import Encoding

#: The first 16 hex digits of each case's digest, by preset and number of players.
DIGESTS = {
    ("pagat", 4): "a4bbc11f7b41a4da",
    ("contract", 3): "6218a76e5d6f7ac8",
    ("contract", 4): "a4bbc11f7b41a4da",
    ("contract", 5): "23367377ab20eb8a",
    ("progressive", 3): "cea844f2a0c82dc4",
    ("progressive", 4): "4ca0aabff301967f",
    ("progressive", 5): "cc8e6be9e9d13a63",
    ("progressive", 6): "93357eee810225b7",
    ("progressive", 7): "04199feccc33e541",
    ("progressive", 8): "0fc4850da1f0b912",
    ("liverpool", 3): "2d74dae3f49bb08b",
    ("liverpool", 4): "8429fd5f04124636",
    ("liverpool", 5): "4a33c2d719fb6efd",
    ("liverpool", 6): "b6dd7d8ae4347528",
    ("liverpool", 7): "6c00f9b077e311be",
    ("liverpool", 8): "c5aa4b51ef0c647e",
    ("liverpool-cut", 4): "f77ebd9fef118d87",
    ("shanghai", 3): "6c6372f4571c3241",
    ("shanghai", 4): "991598b590446704",
    ("shanghai", 5): "6dc4b064a70758f3",
    ("shanghai", 6): "710d5b9f36fc5c92",
    ("shanghai", 7): "a13c0d81c2b0f278",
    ("shanghai", 8): "cd26f2efd337c052",
    ("shanghai-11", 4): "c5a3d0e59750af39",
    ("california", 3): "6ac527df4aeefbad",
    ("california", 4): "35c7f2b4a6c4ce57",
    ("california", 5): "e37f3f747825a696",
    ("california", 6): "81da12385d6d174b",
    ("california", 7): "d017b2c2053aa81a",
    ("california", 8): "563957ada9f78ce8",
    ("no-buy", 3): "2d74dae3f49bb08b",
    ("no-buy", 4): "8429fd5f04124636",
    ("no-buy", 5): "4a33c2d719fb6efd",
    ("no-buy", 6): "b6dd7d8ae4347528",
    ("no-buy", 7): "6c00f9b077e311be",
    ("no-buy", 8): "c5aa4b51ef0c647e",
    ("double-progressive", 3): "020b5068035fa027",
    ("double-progressive", 4): "c2667a2f900972ec",
    ("double-progressive", 5): "020b878d7495d53f",
    ("double-progressive", 6): "fb905a11e17307e2",
    ("double-progressive", 7): "064e7e490b8299aa",
    ("double-progressive", 8): "053fb6cb9c64c781",
    ("may-i", 4): "8bda620a66f2e942",
    ("deuces-wild", 4): "d7a24adbc0982884",
}

#: How many actions each game plays at most, and how often its states are observed.
STEPS = 400
EVERY = 4


def _choose(state: cr.RoundState, enc: Encoding, rng: random.Random) -> cr.Action:
    """The first go-down if any, mostly a lay-off or a swap if any, else a random action.

    Chosen from the legal actions sorted by their text, so that the order in which the
    engine lists them plays no part (but for the go-downs, whose first is canonical).
    """
    legal = cr.legal_actions(state)
    if enc.go_down_count(state):
        return legal[0]
    plain = sorted(legal, key=repr)
    melds = [action for action in plain if isinstance(action, cr.LayOff | cr.SwapJoker)]
    if melds and rng.random() < 0.9:
        return melds[0]
    return plain[rng.randrange(len(plain))]


def _last_round(variant: cr.Variant, players: int, rng: random.Random) -> cr.RoundState:
    """A random deal of the variant's last round, the totals random too."""
    number = variant.rounds
    deck = list(variant.deck(players))
    rng.shuffle(deck)
    dealt = variant.cards_dealt(number)
    hands = [deck[p * dealt : (p + 1) * dealt] for p in range(players)]
    rest = deck[players * dealt :]
    return cr.start_round(
        variant,
        round_number=number,
        dealer=rng.randrange(players),
        hands=hands,
        stock=rest[:-1],
        discard=rest[-1:],
        scores=[rng.randrange(200) for _ in range(players)],
    )


def _update(digest: hashlib._Hash, enc: Encoding, state: cr.RoundState, seed: int) -> None:
    rng = random.Random(seed)
    for step in range(STEPS):
        over = state.phase in {cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER}
        if step % EVERY == 0 or over:
            for player in range(state.players):
                numbers = enc.observation(cr.view(state, player))
                digest.update(array("d", numbers).tobytes())
                digest.update(bytes(map(isinstance, numbers, repeat(float))))
        if state.phase is cr.Phase.GAME_OVER:
            return
        state = cr.apply(state, _choose(state, enc, rng))


def observation_digest(name: str, players: int) -> str:
    """The digest of one case: the encoding's layout and bounds, and its observations."""
    variant = cr.VARIANTS[name]
    enc = Encoding(variant, players)
    digest = hashlib.sha256()
    low, high = enc.observation_bounds()
    digest.update(repr(enc.observation_fields()).encode())
    digest.update(array("d", low).tobytes() + array("d", high).tobytes())
    _update(digest, enc, cr.new_game(variant, seed=players, players=players), players)
    _update(digest, enc, _last_round(variant, players, random.Random(players)), players + 1)
    return digest.hexdigest()[:16]


CASES = [
    (name, players)
    for name, variant in cr.VARIANTS.items()
    for players in range(variant.min_players, variant.max_players + 1)
]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(cr.VARIANTS))
def test_observations_are_those_of_before(name: str) -> None:
    variant = cr.VARIANTS[name]
    for players in range(variant.min_players, variant.max_players + 1):
        assert observation_digest(name, players) == DIGESTS[name, players], (name, players)
