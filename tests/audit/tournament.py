"""Building a sealed fixture tournament from self-play, and planting problems in it.

Every plant is game-agnostic: it works on the lines and positions of whatever game the
record is, through the game's own `legal`, `chance` and `score` hooks. Each plant records
the problems the audit must report for it: {(code, line)}.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
import pytest

from planets_log.engine import registry
from planets_log.engine.replay import Replay, Step
from planets_log.record.events import Action, Chance, Note, Result, strip_place
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import Builder, selfplay
from planets_log.record.lines import line_hash
from planets_log.engine.rng import rng
from planets_log.audit.seal import Key, keygen, seal_record
from planets_log.engine.scoring import adjusted_sheet


def game_params() -> list:
    """Every registered game, decided at collection time; one that does not import is
    skipped with its error shown, never dropped. The toy game is always there."""
    ids = registry.game_ids()
    assert "countdown" in ids, "the toy game must be registered (tests/conftest.py)"
    out = []
    for game in ids:
        try:
            registry.get_rules(game)
        except Exception as exc:  # a game being written right now may not import yet
            out.append(pytest.param(game, id=game, marks=pytest.mark.skip(
                reason=f"{game} does not import: {type(exc).__name__}: {exc}")))
        else:
            out.append(pytest.param(game, id=game))
    return out


def importable_games() -> list[str]:
    out = []
    for game in registry.game_ids():
        try:
            registry.get_rules(game)
        except Exception:
            continue
        out.append(game)
    return out


def write_lines(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def read_lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def steps(path: Path) -> list[Step]:
    """Every line of a valid record, replayed (index i is line i + 2)."""
    return list(Replay(str(path)).steps())


@dataclass
class Keys:
    good: Key
    good_pub: str
    wrong: Key
    wrong_pub: str
    hmac: Key
    hmac_file: str


def make_keys(folder: Path) -> Keys:
    folder.mkdir(parents=True, exist_ok=True)
    good, _ = keygen(str(folder / "organiser"))
    wrong, _ = keygen(str(folder / "intruder"))
    secret, _ = keygen(str(folder / "secret.json"), use_hmac=True)
    return Keys(good, str(folder / "organiser.pub"), wrong, str(folder / "intruder.pub"), secret,
                str(folder / "secret.json"))


def sealed(path: Path, build: Builder, key: Key, edition: str | None = None) -> Path:
    write_lines(path, build.lines)
    seal_record(str(path), key, edition, fsync=False)
    return path


def other_edition(game: str, folder: Path) -> str:
    """A copy of the game's reference edition with the same values but other bytes (a
    printed edition of its own): its sha256 differs from the reference's."""
    rules = registry.get_rules(game)
    src = Path(rules.edition_dir) / "reference.toml"
    dst = folder / f"{game}-house-edition.toml"
    shutil.copyfile(src, dst)
    with open(dst, "a") as fh:
        fh.write("\n# a house copy: the same values as the reference edition\n")
    return str(dst)


def play_with_edition(game: str, seed: int, edition: str) -> Builder:
    """Self-play on another edition file."""
    return selfplay(game, seed, edition_path=edition, log_id=f"edition-{game}-{seed}")


def cut_point(build: Builder, path: Path) -> int:
    """A number of lines to keep, about half the record, that ends at a seat's turn."""
    write_lines(path, build.lines)
    session = build.session
    best = None
    for st in steps(path):
        n = st.line.number
        if n > len(build.lines) // 2 and best is not None:
            break
        if session.to_move(st.after) not in (CHANCE, TERMINAL):
            best = n
    assert best is not None
    path.unlink()
    return best


@dataclass
class Tournament:
    folder: Path
    keys: Keys
    expected: dict[str, set[tuple[str, int]]] = field(default_factory=dict)

    def expect(self, path: Path, *problems: tuple[str, int]) -> None:
        self.expected[str(path)] = set(problems)


def build_tournament(game: str, folder: Path, keys: Keys) -> Tournament:
    """Untouched sealed records and one record for each planted problem, of `game`."""
    folder.mkdir(parents=True, exist_ok=True)
    t = Tournament(folder, keys)
    key = keys.good
    seeds = iter(range(100, 200))

    def fresh(name: str) -> tuple[Path, Builder]:
        return folder / name, selfplay(game, next(seeds))

    # Untouched: plain, with a matching declared result, with an arbiter's override.
    for name in ("ok-1.jsonl", "ok-2.jsonl"):
        path, build = fresh(name)
        t.expect(sealed(path, build, key))
    path, build = fresh("ok-3-result.jsonl")
    build.add(Result(winners=sorted(adjusted_sheet(build.session, build.pos).winners)))
    t.expect(sealed(path, build, key))
    path, build = fresh("ok-4-override.jsonl")
    build.add(Result(winners=[wrong_winners(build)[0]], declared_by="arbiter", reason="the other player conceded"))
    t.expect(sealed(path, build, key))

    # An edited chance outcome: another outcome the game allows, at the same place.
    path, build = fresh("p01-chance.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    index, alt = other_outcome(build, lines)
    lines[index] = alt
    write_lines(path, lines)
    t.expect(path, ("chance.tampered", index + 1))

    # An edited action: another legal action at the same place (the chain shows it).
    path, build = fresh("p02-action.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    index, alt = other_action(path, lines)
    lines[index] = alt
    write_lines(path, lines)
    t.expect(path, ("chain", index + 1))

    # A deleted line (in the middle).
    path, build = fresh("p03-deleted.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    index = len(lines) // 2
    del lines[index]
    write_lines(path, lines)
    t.expect(path, ("seq", index + 1))

    # Two swapped lines.
    path, build = fresh("p04-swapped.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    index = len(lines) // 2
    lines[index], lines[index + 1] = lines[index + 1], lines[index]
    write_lines(path, lines)
    t.expect(path, ("seq", index + 1))

    # A truncated record: cut in the middle of the game (the seal goes with the cut).
    path, build = fresh("p05-truncated.jsonl")
    keep = cut_point(build, path)
    sealed(path, build, key)
    write_lines(path, read_lines(path)[:keep])
    t.expect(path, ("seal.missing", keep), ("game.unfinished", keep))

    # A sealed record extended after its seal (chain and seq kept right).
    path, build = fresh("p06-extended.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    extra = Note(target=0, text="added after the seal", seq=len(lines), prev=line_hash(lines[-1]))
    lines.append(msgspec.json.encode(extra))
    write_lines(path, lines)
    t.expect(path, ("seal.extended", len(lines)))

    # The very last line before the seal, re-serialised: same event, other bytes.
    path, build = fresh("p07-last-line.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    lines[-2] = json.dumps(json.loads(lines[-2])).encode()  # ", " and ": " separators
    write_lines(path, lines)
    t.expect(path, ("chain", len(lines) - 1))

    # A wrong declared result.
    path, build = fresh("p08-result.jsonl")
    build.add(Result(winners=wrong_winners(build)))
    t.expect(sealed(path, build, key), ("result.mismatch", len(build.lines)))

    # An unfinished game, sealed.
    path, build = fresh("p09-unfinished.jsonl")
    keep = cut_point(build, path)
    build.lines = build.lines[:keep]
    write_lines(path, build.lines)
    seal_record(str(path), key, fsync=False)
    t.expect(path, ("game.unfinished", keep + 1))

    # A record of another edition.
    path = folder / "p10-edition.jsonl"
    edition = other_edition(game, folder.parent)
    sealed(path, play_with_edition(game, next(seeds), edition), key, edition)
    t.expect(path, ("edition.other", 1))

    # A record sealed with a key that is not the tournament's.
    path, build = fresh("p11-wrong-key.jsonl")
    sealed(path, build, keys.wrong)
    t.expect(path, ("seal.key", len(build.lines) + 1))

    # A forged signature: the tournament's key id, a signature that does not verify.
    path, build = fresh("p12-forged.jsonl")
    sealed(path, build, key)
    lines = read_lines(path)
    seal = json.loads(lines[-1])
    seal["sig"] = ("0" if seal["sig"][0] != "0" else "1") + seal["sig"][1:]
    lines[-1] = json.dumps(seal, separators=(",", ":")).encode()
    write_lines(path, lines)
    t.expect(path, ("seal.signature", len(lines)))

    # A duplicate (byte for byte) and a prefix of untouched records: the later copy and
    # the shorter record are reported, the originals are not.
    shutil.copyfile(folder / "ok-1.jsonl", folder / "zz-copy-of-ok-1.jsonl")
    t.expect(folder / "zz-copy-of-ok-1.jsonl", ("duplicate.copy", 1))
    lines = read_lines(folder / "ok-2.jsonl")
    keep = len(lines) // 2
    write_lines(folder / "zz-prefix-of-ok-2.jsonl", lines[:keep])
    t.expect(folder / "zz-prefix-of-ok-2.jsonl", ("duplicate.prefix", keep))
    return t


def wrong_winners(build: Builder) -> list[int]:
    """A set of winners the rules do not give."""
    right = sorted(adjusted_sheet(build.session, build.pos).winners)
    seats = range(len(build.session.header.players))
    losers = [s for s in seats if s not in right]
    return losers[:1] if losers else right[:1]


def other_outcome(build: Builder, lines: list[bytes]) -> tuple[int, bytes]:
    """A chance line in the middle and another outcome possible there: (index, new line)."""
    session, rules = build.session, build.session.rules
    pos = session.start(lines[0])
    candidates = []
    for i, raw in enumerate(lines[1:], start=1):
        event = session.decode(raw)
        if isinstance(event, Chance):
            for k in range(50):
                alt = rules.chance(pos.state, rng(999, f"alt/{k}"))
                if strip_place(alt) != strip_place(event):
                    candidates.append((i, msgspec.structs.replace(alt, seq=event.seq, prev=event.prev)))
                    break
        pos = session.step(pos, event, line_hash(raw))
    assert candidates, "no chance outcome with an alternative in the record"
    i, alt = candidates[len(candidates) // 2]
    return i, session.encode(alt)


def other_action(path: Path, lines: list[bytes]) -> tuple[int, bytes]:
    """An action line in the middle with another legal action there: (index, new line)."""
    replay = Replay(str(path))
    rules, session = replay.session.rules, replay.session
    found = []
    for st in replay.steps():
        if isinstance(st.event, Action):
            alts = [a for a in rules.legal(st.before.state) if strip_place(a) != strip_place(st.event)]
            if alts:
                found.append((st.line.number - 1, msgspec.structs.replace(alts[0], seq=st.event.seq, prev=st.event.prev)))
    found = [f for f in found if f[0] < len(lines) - 2] or found
    assert found, "no action with a legal alternative in the record"
    index, alt = found[len(found) // 2]
    return index, session.encode(alt)
