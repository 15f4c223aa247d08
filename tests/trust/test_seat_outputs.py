"""Issue 25, no secret to the wrong seat in any output: the prompt, refusals, a tampered line's
message in `diff` and `export --lenient`, a seat's score sheet, and a guessed draw of a secret seed.

Each test is one attack from outside, on a Four Planets table record cut after the first play
phase's cards (P2 to move, holding B0s G0s; the colour bonus B1v1s B0s Y2v3s P0s, of which P1
has seen only the 1st), or on a 2491 Planetship table record mid-game.
"""

from __future__ import annotations

import json

import pytest

from planets_log.engine.play import selfplay
from tests.support.helpers import rechain, write_lines
from tests.support.pictures import page_data

from .conftest import run

HIDDEN_BONUS = ("B0s", "Y2v3s", "P0s")  # colour-bonus cards 2..4: P1 has not seen them


def _table(game: str, seed: int, cut: int, players: int = 2) -> list[bytes]:
    """The first `cut` lines of a seeded self-played game, as a table record (seed null)."""
    names = [f"P{i + 1}" for i in range(players)]
    lines = selfplay(game, seed, names, rng_version=1).text().encode().splitlines()[:cut]
    header = json.loads(lines[0])
    header["seed"] = None
    return rechain([json.dumps(header, separators=(",", ":")).encode()] + lines[1:])


@pytest.fixture
def fp(tmp_path):
    """Four Planets after seq 15: P2 to play, holding B0s G0s."""
    return write_lines(tmp_path / "fp.jsonl", _table("four-planets", 5, 16))


def _interactive(runner, path, seat: str | None, typed: str):
    return run(runner, "record", path, "-i", *(["--as", seat] if seat else []), input=typed + "quit\n")


def test_the_prompt_shows_and_lists_only_what_its_seat_may_know(runner, fp):
    full = _interactive(runner, fp, None, "show\n?\n").output
    assert "2:B0s" in full and "discard 4 B2v3s G1v1s Y1v1s Y2v1ss" in full and "p B0s  p G0s" in full
    ann = _interactive(runner, fp, "P1", "show\n?\n").output
    assert "2:?bp1  3:?bp3  4:?bp1" in ann and "discard 4 ·" in ann
    assert not any(card in ann for card in HIDDEN_BONUS + ("B2v3s", "G1v1s", "Y2v1ss"))
    assert "p B0s" not in ann and "(not shown to P1: the moves could tell what it may not know)" in ann
    ben = _interactive(runner, fp, "P2", "?\n").output  # the seat to move gets its own moves
    assert "p B0s  p G0s  done  done keep B0s  done keep G0s" in ben


def test_tab_completes_only_what_its_seat_may_know(fp):
    from planets_log.cli.interactive import Completions
    from planets_log.engine.recorder import Recorder

    rec = Recorder(str(fp))
    assert Completions(rec).matching("p") == ["p B0s", "p G0s"]
    rec.seat = 0
    assert Completions(rec).matching("p") == [] and Completions(rec).matching("") == ["?", "show", "undo", "note ",
                                                                                     "quit"]
    rec.seat = 1
    assert Completions(rec).matching("p") == ["p B0s", "p G0s"]


REFUSALS = [  # (typed, the scorekeeper's message, what a seat reads)
    ("P2: p R0s", "P2 plays R0s but holds B0s G0s", "P2 does not hold R0s"),
    ("P2: done keep R0s", "P2 keeps R0s but holds B0s G0s", "P2 does not hold the card named to keep"),
    ("P2: p G0s -R0s", "P2 discards R0s but besides G0s holds B0s", "P2 does not hold the cards discarded besides G0s"),
]


@pytest.mark.parametrize("typed,full,seen", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refusal_for_a_seat_says_only_what_it_may_know(runner, fp, typed, full, seen):
    before = fp.read_bytes()
    for seat in ("P1", "P2"):
        res = run(runner, "record", fp, typed, "--as", seat)
        assert res.exit_code == 1 and seen in res.output and "B0s" not in res.output.replace(typed, ""), res.output
        prompt = _interactive(runner, fp, seat, typed + "\n").output
        assert f"refused: {fp}:17: seq 16: illegal" in prompt and seen in prompt and full not in prompt
    res = run(runner, "record", fp, typed)
    assert res.exit_code == 1 and full in res.output  # the scorekeeper's message stays full
    assert fp.read_bytes() == before


@pytest.fixture
def tampered(tmp_path):
    """The Four Planets record and a copy whose colour bonus names a card twice (the deck holds one)."""
    lines = _table("four-planets", 5, 16)
    bonus = json.loads(lines[1])
    bonus["cards"] = ["R2v3s", "R2v3s", "G1v1s", "B0s"]
    bad = list(lines)
    bad[1] = json.dumps(bonus, separators=(",", ":")).encode()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    return write_lines(tmp_path / "a" / "g.jsonl", lines), write_lines(tmp_path / "b" / "g.jsonl", rechain(bad))


def test_diff_as_a_seat_does_not_quote_a_tampered_outcome(runner, tampered):
    good, bad = tampered
    full = run(runner, "diff", good, bad).output
    assert "the outcome was R2v3s R2v3s G1v1s B0s" in full
    for seat, unseen in (("P1", HIDDEN_BONUS), ("P2", ("B1v1s", "B0s", "Y2v3s"))):
        for extra in ((), ("--json",)):
            res = run(runner, "diff", good, bad, "--as", seat, *extra)
            assert res.exit_code == 1 and "bonus.card" in res.output, res.output
            assert not any(card in res.output for card in ("R2v3s", "G1v1s") + unseen), res.output


def test_a_lenient_export_as_a_seat_does_not_embed_a_tampered_outcome(runner, tampered, tmp_path):
    _, bad = tampered
    res = run(runner, "export", bad, "--html", tmp_path / "all.html", "--lenient")
    assert "the outcome was R2v3s R2v3s G1v1s B0s" in page_data((tmp_path / "all.html").read_text())["error"]
    res = run(runner, "export", bad, "--html", tmp_path / "p1.html", "--lenient", "--as", "P1")
    assert res.exit_code == 0 and "bonus.card" in res.output
    data = json.dumps(page_data((tmp_path / "p1.html").read_text()))
    for text in (res.output, data):
        assert not any(card in text for card in ("R2v3s", "G1v1s")), text[:400]


def test_every_command_as_a_seat_reads_a_tampered_line_as_the_seat(runner, tampered):
    _, bad = tampered
    for command in (("replay",), ("moves",), ("score",), ("annotate", "--list"), ("record", "d1")):
        res = run(runner, command[0], bad, *command[1:], "--as", "P1")
        assert res.exit_code == 1 and "bonus.card" in res.output, (command, res.output)
        assert "R2v3s" not in res.output, (command, res.output)
        assert "R2v3s" in run(runner, command[0], bad, *command[1:]).output, command


@pytest.fixture
def planetship(tmp_path):
    """2491 Planetship (3 players) placing in round 1: characters face down, every hand holding cards."""
    return write_lines(tmp_path / "ps.jsonl", _table("planetship-2491", 3, 20, players=3))


def test_a_planetship_seat_sheet_withholds_hands_missions_and_totals(runner, planetship):
    full = json.loads(run(runner, "score", planetship, "--json").output)
    assert all(s["total"] is not None and s["breakdown"]["hand"] > 0 for s in full["scores"])
    for seat in range(3):
        mine = json.loads(run(runner, "score", planetship, "--json", "--as", str(seat + 1)).output)
        for i, line in enumerate(mine["scores"]):
            assert line["total"] is None, "a total rests on the missions, which compare every hand"
            known = full["scores"][i]
            assert line["breakdown"]["missions"] is None and line["tiebreak"]["missions achieved"] is None
            assert line["breakdown"]["discarded"] == known["breakdown"]["discarded"]
            assert line["breakdown"]["hand"] == (known["breakdown"]["hand"] if i == seat else None)
            assert line["tiebreak"]["VP in hand"] == (known["tiebreak"]["VP in hand"] if i == seat else None)
            assert line["tiebreak"]["clockwise from first player"] == known["tiebreak"]["clockwise from first player"]
        assert mine["leaders"] == [] and mine["winners"] == []
    text = run(runner, "score", planetship, "--as", "1").output
    total = next(line for line in text.splitlines() if line.startswith("total"))
    assert total.split() == ["total", "?", "?", "?"] and "who leads is not known to this seat" in text


def test_a_planetship_seat_sheet_depends_on_nothing_the_seat_cannot_see(planetship):
    """Hands and face-down cards redrawn as the seat cannot tell (resample_hidden) change the full sheet, never the
    seat's own, nor the totals its export plots."""
    from planets_log.engine.replay import Replay
    from planets_log.engine.rng import rng

    rep = Replay(str(planetship))
    state, rules = rep.final().state, rep.session.rules
    changed = 0
    for seat in range(3):
        others = [rules.resample_hidden(state, seat, rng(k, "sheet")) for k in range(12)]
        changed += sum(rules.score(o) != rules.score(state) for o in others)
        assert all(rules.score(o, seat) == rules.score(state, seat) for o in others)
        assert rules.public_scores(state, seat) == [None, None, None]
    assert changed, "the resamples change the full sheet"


def _committed_before_a_hidden_draw(runner, tmp_path):
    """A secret-seed Four Planets game played by the recorder up to an action whose draw some seat cannot see;
    that action, and the position it leads to."""
    from planets_log.engine.recorder import Recorder
    from planets_log.engine.redact import format_as
    from planets_log.engine.rng import rng
    from planets_log.engine.rules import CHANCE

    from planets_log.engine.play import Builder, make_header
    from planets_log.record.commit import commitment, write_secret
    from planets_log.record.events import Commit

    path, secret = tmp_path / "g.jsonl", bytes.fromhex("ab" * 32)  # as `new` makes it, with a secret fixed here
    header, session = make_header("four-planets", ["Ann", "Ben"], seed=None, log_id="guessed",
                                  commit=Commit(sha256=commitment(secret)))
    session.secret = secret
    build = Builder.new(header, session)
    build.draw_chance()
    path.write_text(build.text())
    write_secret(path, header.log_id, secret)
    rec = Recorder(str(path))
    session, rules, policy = rec.session, rec.rules, rng(2, "seat-outputs")
    for _ in range(600):
        for action in rules.legal(rec.pos.state):
            after = session.step(rec.pos, session.seal(rec.pos, action), "-")
            if session.to_move(after) == CHANCE:
                want = session.expected_chance(after)
                if any("?" in format_as(rules, want, after.state, seat) for seat in (0, 1)):
                    return path, rec, action, after, want
        rec.add(policy.choice(rules.legal(rec.pos.state)))
    raise AssertionError("no hidden draw in 600 moves")


def test_a_guessed_draw_is_not_answered_with_the_secret_outcome(runner, tmp_path):
    from planets_log.engine.rng import rng
    from planets_log.record.commit import seed_path
    from planets_log.record.events import strip_place
    from planets_log.record.lines import line_hash

    path, rec, action, after, want = _committed_before_a_hidden_draw(runner, tmp_path)
    session, rules = rec.session, rec.rules
    outcomes = rules.chance_outcomes(after.state)
    guesses = outcomes.events() or [outcomes.sampler(rng(k, "guess")) for k in range(20)]
    guess = next(g for g in guesses if strip_place(g) != strip_place(want))
    # someone without the side file appends the move and a guessed draw by hand, chain and all
    moved = session.seal(rec.pos, action)
    drawn = session.seal(after.advanced(moved.seq, line_hash(session.encode(moved))), guess)
    with open(path, "ab") as handle:
        handle.write(session.encode(moved) + b"\n" + session.encode(drawn) + b"\n")
    secret_text = rules.format(want, after.state)
    res = run(runner, "record", path, "d1")  # the seed holder's next writing command
    assert res.exit_code == 1 and "chance.tampered" in res.output and secret_text not in res.output, res.output
    assert "the seed gives:" not in res.output and "stays unsaid until the seed is revealed" in res.output
    res = run(runner, "validate", path, "--seed-file", seed_path(path))
    assert "chance.tampered" in res.output and secret_text not in res.output, res.output
    seed_path(path).rename(tmp_path / "kept.seed")
    res = run(runner, "validate", path)
    assert res.exit_code == 0 and "chance outcome(s) that nobody can check yet" in res.output, res.output
