"""The lines the recorder writes by itself, exactly (docs/format.md, lines the recorder wrote): a declined step
it writes before a typed line carries `implied`, so `undo` takes back the last typed line and only the lines
written for it; a line naming nobody passes only the steps of the seat to move; `rule` reads a move as `record`
does; validate refuses a mark on a line that is not the declined step due."""

from __future__ import annotations

import json

from planets_log.cli.main import cli
from planets_log.engine.session import Session
from planets_log.games.planetship_2491 import events as E
from planets_log.record.errors import IllegalEvent
from planets_log.record.events import Ruling
from planets_log.record.lines import line_hash

from .fixtures_gen import ROUND, SCAN
from .test_only_decisions import OPENING, events, marked, new_table, record
from .helpers import table, play


def undo(runner, path):
    res = runner.invoke(cli, ["undo", str(path)])
    assert res.exit_code == 0, res.output
    return res.output


def validate(runner, path):
    return runner.invoke(cli, ["validate", str(path)])


def rewrite(path, seq, change):
    """Change the line at `seq` with `change(dict)`, then chain every later line again (only seals would notice)."""
    lines = path.read_bytes().split(b"\n")[:-1]
    edited = json.loads(lines[seq])
    change(edited)
    lines[seq] = json.dumps(edited, separators=(",", ":")).encode()
    for i in range(seq + 1, len(lines)):
        later = json.loads(lines[i])
        later["prev"] = line_hash(lines[i - 1])
        lines[i] = json.dumps(later, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(lines) + b"\n")


def test_undo_keeps_a_probe_minus_that_was_typed(runner, tmp_path):
    """Probes: `probe -` typed, then Red's placement typed: undo takes back the placement only."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING, "probe -")
    record(runner, path, "R4 0.II")
    out = undo(runner, path)
    assert "retract seq 7\n" in out and "Red places a character next" in out


def test_undo_after_a_line_that_passed_steps_keeps_the_probe_minus_typed_before(runner, tmp_path):
    """Round End > #1 - Resolving a Zone: `Red: scan` passes three abilities; undo takes back those four lines,
    not the `probe -` typed at seq 18."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *ROUND)
    out = record(runner, path, "Red: scan")
    assert marked(path) == [19, 20, 21] and "  22  Red: scan" in out
    assert "retract seq 19–22" in undo(runner, path)
    assert "Red: done" in record(runner, path, "done")  # the zone resolves again from its first character


def test_the_mark_keeps_records_without_implied_steps_byte_for_byte(runner, tmp_path):
    """Every line typed: no line carries the mark, so the record is what it always was."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *SCAN)
    assert b'"implied"' not in path.read_bytes() and validate(runner, path).exit_code == 0


def test_a_line_naming_nobody_passes_only_the_seat_to_moves_steps(runner, tmp_path):
    """Round End > #1 - Resolving a Zone: `scan` after Red's ability may pass Red's step, never Blue's next: read for
    Blue's character, it is refused and nothing is written."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *ROUND)
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), "scan"])
    assert res.exit_code == 1 and "[scan.unusable]" in res.output and "B4 on 0.II" in res.output
    assert "(read after the 1 step(s) it passes: Red: done)" in res.output and path.read_bytes() == before


def test_a_line_naming_its_player_passes_steps_only_up_to_that_players_decision(runner, tmp_path):
    """turn order: `Red: scan` declines Red's and Blue's steps up to Red's scan, and no step after it."""
    short, full = new_table(runner, tmp_path / "s.jsonl"), new_table(runner, tmp_path / "f.jsonl")
    record(runner, short, *ROUND, "Red: scan")
    record(runner, full, *SCAN)
    assert events(short) == events(full)


def test_a_ruled_move_after_a_step_the_seat_to_move_declines_writes_the_step_first(runner, tmp_path):
    """Probes and arbiter rulings: `rule "R4 4.I"` while Blue may place a probe is Red's placement, after `probe -`."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING)
    res = runner.invoke(cli, ["rule", str(path), "R4 4.I", "--reason", "the table agreed"])
    assert res.exit_code == 0, res.output
    assert "   6  Blue: probe -\n   7  ruling: seq 8 stands (the table agreed)\n   8  Red: R4 4.I" in res.output
    assert marked(path) == [6]
    checked = validate(runner, path)
    assert checked.exit_code == 0 and "seq 8: ruled [place.unreachable]" in checked.output
    assert "retract seq 6–8" in undo(runner, path)


def test_a_ruled_move_the_rules_cannot_carry_out_is_refused_in_words_of_the_record():
    """arbiter rulings: a ruling on Blue placing Red's card lets the check pass, but no move can be made of it."""
    build = play(table(), "R6 2.I", "B6 2.II")
    session: Session = build.session
    pos = build.pos
    ruling = session.seal(pos, Ruling(target=pos.seq + 2, reason="agreed"))
    pos = session.step(pos, ruling, line_hash(session.encode(ruling)))
    placed = session.seal(pos, E.Placed(by=0, card="B1", zone=0, space=0))
    try:
        session.step(pos, placed, "")
    except IllegalEvent as exc:
        assert exc.code == "ruling.unplayable" and "tuple" not in exc.message and "(" not in exc.message
    else:
        raise AssertionError("a move the rules cannot carry out was let stand")


def _ruled(build, event):
    """The position after a ruling lets `event` stand (Session.step, as `rule` and a record's reader do)."""
    session: Session = build.session
    ruling = session.seal(build.pos, Ruling(target=build.pos.seq + 2, reason="the table agreed"))
    pos = session.step(build.pos, ruling, line_hash(session.encode(ruling)))
    move = session.seal(pos, event)
    return session.step(pos, move, line_hash(session.encode(move)))


def test_a_ruled_ability_while_characters_are_placed_is_refused_not_used_by_some_character():
    """arbiter rulings, Character Abilities: no character resolves during placement, so a `scan` let stand there has
    no user; the last space of zone 9 holding a character must not become its user."""
    build = play(table(2, layout="layout 9 1 / 2 3 / 4 5 reserve 0 6 7 8"), "R6 9.II", "B6 1.I", "R5 9.III")
    assert build.pos.state.phase == "place" and build.pos.state.zones[9].spaces[-1] is not None
    try:
        _ruled(build, E.Scanned(by=1))
    except IllegalEvent as exc:
        assert exc.code == "ruling.unplayable"
    else:
        raise AssertionError("a ruled scan was used by a character that is not resolving")


def test_a_ruled_placement_instead_of_a_probe_declines_the_probe():
    """arbiter rulings, Probes: Blue places a second character while a probe is due; the ruling lets it stand, and
    the probe is declined with it: the turn passes to Red, who places a character, not a probe."""
    from planets_log.engine.play import Builder, make_header

    from .fixtures_gen import worked_moves

    header, session = make_header("planetship-2491", ["Red", "Blue"], seed=None, log_id="ruled-probe")
    build = play(Builder.new(header, session), *worked_moves()[:5])  # ... Red: R6 2.I, Blue: B6 7.II (probe icon)
    assert build.pos.state.pending == "probe"
    state = _ruled(build, E.Placed(by=1, card="B5", zone=0, space=1)).state
    assert (state.pending, state.at, state.turn) == (None, (-1, -1), 0)


def test_validate_refuses_a_mark_on_a_line_somebody_typed(runner, tmp_path):
    """format.md, lines the recorder wrote: marking Red's typed placement `implied` would let undo pass over a
    decision; validate refuses it even with the chain made whole again."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING, "probe 0.I", "R4 0.II", "B3 6.I")
    rewrite(path, 7, lambda e: e.update(implied=True))
    res = validate(runner, path)
    assert res.exit_code == 1 and "seq 7: illegal [implied.forged]" in res.output
    assert "no step is due" in res.output


def test_validate_refuses_a_mark_on_a_probe_placed(runner, tmp_path):
    """Probes: a probe placed is a decision even where `probe -` could be implied; only `probe -` may be marked."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING, "probe 0.I", "R4 0.II")
    rewrite(path, 6, lambda e: e.update(implied=True))
    res = validate(runner, path)
    assert res.exit_code == 1 and "[implied.forged]" in res.output and "the step due is 'probe -'" in res.output


def test_validate_refuses_a_marked_step_no_typed_line_follows(runner, tmp_path):
    """A typed `probe -` marked, then a note: the mark says a typed line implied it, and none did."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING, "probe -")
    assert runner.invoke(cli, ["annotate", str(path), "--at", "6", "no probe"]).exit_code == 0
    rewrite(path, 6, lambda e: e.update(implied=True))
    res = validate(runner, path)
    assert res.exit_code == 1 and "seq 7: illegal [implied.dangling]" in res.output


def test_the_mark_is_only_ever_true(runner, tmp_path):
    """format.md: `implied` is `true` or absent; `false` is no spelling of a typed line."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING, "probe -", "R4 0.II")
    rewrite(path, 6, lambda e: e.update(implied=False))
    res = validate(runner, path)
    assert res.exit_code != 0 and "implied" in res.output
