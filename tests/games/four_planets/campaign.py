"""Builds the mini-campaign fixtures: a seeded campaign and a table campaign, each with its three games.

`python -m tests.support.fixtures --write four-planets` rewrites fixtures/four-planets/campaign-*/ (through
fixtures_gen.py); tests/contract/test_fixtures.py checks the files equal what this builds.
"""

from __future__ import annotations

import shutil
from contextlib import contextmanager
from pathlib import Path

from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.audit.campaign import Campaign, new_campaign
from planets_log.engine.replay import Replay
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import Builder
from planets_log.record.lines import iter_lines
from planets_log.engine.rng import rng
from planets_log.games.four_planets import RULES as R

ROOT = Path(__file__).resolve().parents[3] / "fixtures" / "four-planets"
PLAYERS = ["Ann", "Ben"]


def play_out(path: Path, policy) -> None:
    """Play a started game to its end: uniform legal moves; a table game's outcomes drawn from the policy too."""
    replay = Replay(str(path))
    session = replay.session
    build = Builder(session, [line.data for line in iter_lines(path)], replay.final())
    while (mover := session.to_move(build.pos)) != TERMINAL:
        if mover == CHANCE:
            build.add(session.expected_chance(build.pos) if session.seeded else R.chance(build.pos.state, policy))
        else:
            build.add(policy.choice(R.legal(build.pos.state)))
    path.write_bytes(b"".join(line + b"\n" for line in build.lines))


def cli_run(*args: str) -> str:
    """Run a planets-log command; fail loudly if it fails."""
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def build_campaign(folder: Path, *, seed: int | None) -> None:
    """A whole campaign in `folder`: new, then next/play until over."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    path = folder / "campaign.jsonl"
    new_campaign(path, "four-planets", PLAYERS, seed, {"fixture": folder.name}, log_id=f"fp-{folder.name}")
    policy = rng(seed or 99, "campaign-fixture-policy")
    for _ in range(40):
        camp = Campaign(path)
        step, n = camp.rules.due(camp.state)
        if step == "over":
            return
        if step in ("deal", "keep", "pick"):
            args = []
            if step == "deal" and seed is None:
                pool = list(camp.state.apart) + list(camp.state.box)
                args = ["--deal", f"{PLAYERS[n]}={','.join(pool[:3])}"]
            elif step in ("keep", "pick"):
                held = camp.state.hands[n] if step == "keep" else camp.state.passed
                args = ["--keep", f"{PLAYERS[n]}={held[0]}"]
            cli_run("campaign", "next", str(path), *args)
        elif step == "start":
            cli_run("campaign", "next", str(path))
        else:  # finish: play the current game out, `next` links it
            play_out(folder / camp.state.games[-1].file, policy)
            cli_run("campaign", "next", str(path))
    raise AssertionError("the campaign did not end")


@contextmanager
def streams_version(version: int):
    """New seeded records (here the campaign's games, started by `campaign next`) drawn with `version`."""
    from planets_log.engine import rng as streams

    saved, streams.DEFAULT = streams.DEFAULT, version
    try:
        yield
    finally:
        streams.DEFAULT = saved


def texts() -> dict[Path, bytes]:
    """What the generator builds, by path, built in a scratch folder."""
    import tempfile

    out = {}
    with tempfile.TemporaryDirectory() as tmp, streams_version(1):  # the fixtures' games keep their bytes
        for name, seed in (("campaign-seeded", 11), ("campaign-table", None)):
            build_campaign(Path(tmp) / name, seed=seed)
            for file in sorted((Path(tmp) / name).iterdir()):
                out[ROOT / name / file.name] = file.read_bytes()
    return out
