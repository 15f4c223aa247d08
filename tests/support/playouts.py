"""The playout configurations of the contract suite: each game declares once which games it is played in.

A configuration is a player count, options and a policy: `uniform` (core self-play) or a
game's own seeded policy (`module:function(seed, players, options) -> Builder`) that reaches
what uniform play rarely does (Planetopia's combos, Planetarium's final turns). A game may
also name a `probe` (`module:function(state) -> events`): a wider net of plausible actions
than its `candidates`, tried every `stride` positions, so `check` is seen to refuse what
`legal` leaves out. `seeds`, `first_seed` and `every` keep slow policies affordable. A game
not listed here plays its smallest, largest and a middle player count with its self-play
options.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from planets_log.engine.play import selfplay
from planets_log.engine.registry import get_rules


@dataclass(frozen=True)
class Playout:
    """One way a game is played by the contract suite."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    policy: str = "uniform"
    seeds: int | None = None  # at most this many of the seeds a test asks for (slow policies)
    first_seed: int = 0  # added to every seed (a policy's games that are known to end)
    probe: str | None = None
    stride: int = 5
    every: int = 1  # the legality and hidden-information sweeps visit every `every`-th position (long games)
    name: str = ""  # the test id's tail, when the options are too long to spell out

    @property
    def id(self) -> str:
        """A short test id: `3p`, `2p-eager-first_game`."""
        if self.name:
            return f"{self.players}p-{self.name}"
        words = [f"{self.players}p"] + ([self.policy.rpartition(":")[2]] if self.policy != "uniform" else [])
        return "-".join(words + [k if v is True else f"{k}={v}" for k, v in sorted(self.options.items())])


FP = "tests.games.four_planets.helpers"
PROBE_FP = "tests.games.four_planets.probe:probe"
PROBE_SP = "tests.games.space_planets.probe:probe"
PROBE_PT = "tests.games.planetopia.probe:probe"
PT_GREEDY = "tests.games.planetopia.helpers:greedy"
PM_GREEDY = "tests.games.planetarium.helpers:greedy"
FP_CAMPAIGN = {"professional": True, "buildings": "greenhouse,tower/galactic-bank,tech-tornillo", "orienter": 2}

TABLE: dict[str, tuple[Playout, ...]] = {
    "four-planets": (
        Playout(2, probe=PROBE_FP),
        Playout(2, policy=f"{FP}:eager", probe=PROBE_FP),
        Playout(2, {"first_game": True}, policy=f"{FP}:eager", seeds=3),
        Playout(2, {"professional": True}, probe=PROBE_FP),
        Playout(2, FP_CAMPAIGN, seeds=2, name="campaign-buildings"),
    ),
    "space-planets": (
        Playout(2, probe=PROBE_SP),
        Playout(3, {"first": 1}, probe=PROBE_SP),
        Playout(4, {"first": 3, "miss_percent": 20}, probe=PROBE_SP),
    ),
    "planetopia": (
        *(Playout(n) for n in (2, 3, 4, 5)),
        Playout(2, policy=PT_GREEDY, seeds=1, probe=PROBE_PT, stride=9),
        Playout(5, policy=PT_GREEDY, seeds=1, probe=PROBE_PT, stride=9),
    ),
    "planetship-2491": tuple(Playout(n) for n in (2, 3, 4, 5)),
    "planetarium": (
        Playout(1), Playout(2, seeds=2), Playout(3), Playout(4),
        *(Playout(n, policy=PM_GREEDY, seeds=1, every=3, first_seed=s) for n, s in ((1, 0), (2, 0), (3, 2), (4, 2))),
    ),
}


def configurations(game: str) -> tuple[Playout, ...]:
    """The game's configurations from the table, or its smallest, largest and a middle player count."""
    if game in TABLE:
        return TABLE[game]
    rules = get_rules(game)
    counts = {rules.min_players, rules.max_players, max(rules.min_players, min(3, rules.max_players))}
    return tuple(Playout(n) for n in sorted(counts))


def default(game: str) -> Playout:
    """The game's first configuration: the one a test that plays once uses."""
    return configurations(game)[0]


def load(path: str) -> Callable:
    """The function named by `module:function`."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def build(game: str, config: Playout, seed: int):
    """The seeded playout of `game` under `config`."""
    players = [f"P{i + 1}" for i in range(config.players)]
    if config.policy == "uniform":  # seeds chosen for version-1 draws (test_rng_versions.py plays both versions)
        return selfplay(game, seed, players, dict(config.options), rng_version=1)
    return load(config.policy)(seed, players, dict(config.options))


def seeds_for(config: Playout, seeds: range) -> range:
    """The seeds a configuration plays of those a test asks for."""
    chosen = seeds if config.seeds is None else seeds[: config.seeds]
    return range(chosen.start + config.first_seed, chosen.stop + config.first_seed, chosen.step)
