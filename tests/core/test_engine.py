"""The engine's gates, retractions, notes and the record reader, on the toy game."""

from __future__ import annotations

import json

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.errors import IllegalEvent, RecordError
from planets_log.record.events import Note, Retract
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.record.lines import TornTail, append_lines, iter_lines, line_hash
from planets_log.audit.validate import validate_file
from tests.core.toy import Pile, Take
from tests.helpers import edit_line, rechain, write_lines


def fresh(seed=3):
    header, session = make_header("countdown", ["Ann", "Ben"], seed=seed)
    build = Builder.new(header, session)
    build.draw_chance()
    return build


def test_header_and_first_event_chain():
    build = fresh()
    assert json.loads(build.lines[1])["prev"] == line_hash(build.lines[0])
    assert len(line_hash(b"x")) == 32


def test_gate_whose_turn():
    build = fresh()
    with pytest.raises(IllegalEvent) as err:
        build.add(Take(by=1, n=1))
    assert err.value.code == "turn" and "Ann's turn, not Ben's" in err.value.message


def test_gate_chance_expected_in_table_game():
    header, session = make_header("countdown", ["Ann", "Ben"], seed=None)
    build = Builder.new(header, session)
    with pytest.raises(IllegalEvent) as err:
        build.add(Take(by=0, n=1))
    assert err.value.code == "chance.expected"
    build.add(Pile(size=7))
    with pytest.raises(IllegalEvent) as err:
        build.add(Pile(size=7))
    assert err.value.code == "chance.unexpected"


def test_gate_seeded_chance_must_be_the_seeds():
    header, session = make_header("countdown", ["Ann", "Ben"], seed=3)
    build = Builder.new(header, session)
    with pytest.raises(IllegalEvent) as err:
        build.add(Pile(size=5))
    assert err.value.code == "chance.tampered" and "pile 12" in err.value.message


def test_gate_game_over():
    build = selfplay("countdown", 1)
    with pytest.raises(IllegalEvent) as err:
        build.add(Take(by=0, n=1))
    assert err.value.code == "game-over"


def test_retract_restores_state_and_chance_count():
    build = fresh()
    before = build.pos.state
    build.add(Take(by=0, n=2))
    build.add(Retract(target=2))
    assert build.pos.state == before and build.pos.seq == 3
    build.add(Take(by=0, n=1))
    build.add(Take(by=1, n=1))
    build.add(Retract(target=5))
    build.add(Retract(target=4))
    assert build.pos.state == before
    with pytest.raises(IllegalEvent) as err:
        build.add(Retract(target=2))
    assert err.value.code == "retract.nothing"


def test_retract_takes_back_a_standing_line_and_everything_after_it():
    """format.md: a retract names a standing line; it and every line after it are taken back."""
    build = fresh()
    before = build.pos.state
    build.add(Take(by=0, n=2))
    build.add(Take(by=1, n=2))
    build.add(Retract(target=2))
    assert build.pos.state == before
    with pytest.raises(IllegalEvent) as err:
        build.add(Retract(target=3))  # already taken back
    assert err.value.code == "retract.nothing"
    build.add(Take(by=0, n=1))
    with pytest.raises(IllegalEvent) as err:
        build.add(Retract(target=1))  # the seed's pile goes with no action: not a line to take back
    assert err.value.code == "retract.target" and "seq 5" in err.value.message


def test_note_never_changes_state():
    build = fresh()
    state = build.pos.state
    build.add(Note(target=1, text="big pile", glyph="!", author="Ann"))
    assert build.pos.state == state


def test_reader_reports_chain_break_at_the_line(tmp_path):
    build = selfplay("countdown", 2)
    lines = edit_line(build.lines, 2, n=1)
    path = write_lines(tmp_path / "r.jsonl", lines)
    report = validate_file(str(path))
    assert not report.valid
    err = report.errors[0]
    assert (err.line, err.seq, err.code) == (4, 3, "chain")
    assert str(err).startswith(f"{path}:4: seq 3: illegal [chain]: prev")


def test_reader_reports_deleted_and_swapped_lines(tmp_path):
    build = selfplay("countdown", 2)
    deleted = write_lines(tmp_path / "d.jsonl", build.lines[:2] + build.lines[3:])
    assert validate_file(str(deleted)).errors[0].code == "seq"
    swapped = write_lines(tmp_path / "s.jsonl", build.lines[:2] + [build.lines[3], build.lines[2]] + build.lines[4:])
    assert validate_file(str(swapped)).errors[0].line == 3


def test_torn_tail_is_reported_with_its_offset(tmp_path):
    build = selfplay("countdown", 2)
    path = tmp_path / "t.jsonl"
    data = b"".join(x + b"\n" for x in build.lines)
    path.write_bytes(data + b'{"type":"ta')
    with pytest.raises(TornTail) as err:
        list(iter_lines(path))
    assert err.value.offset == len(data) and err.value.code == "torn-tail"
    report = validate_file(str(path))
    assert report.errors[0].code == "torn-tail"


def test_append_refuses_torn_and_stale(tmp_path):
    build = fresh()
    path = write_lines(tmp_path / "a.jsonl", build.lines)
    with pytest.raises(RecordError) as err:
        append_lines(path, [b"{}"], expect_seq=0, expect_head=line_hash(build.lines[0]))
    assert err.value.code == "append.stale"
    path.write_bytes(path.read_bytes() + b"{")
    before = path.read_bytes()
    with pytest.raises(RecordError) as err:
        append_lines(path, [b"{}"], expect_seq=1, expect_head=line_hash(build.lines[1]))
    assert err.value.code == "torn-tail" and path.read_bytes() == before


def test_unknown_fields_and_types_are_schema_errors(tmp_path):
    build = fresh()
    path = write_lines(tmp_path / "u.jsonl", rechain(edit_line(build.lines, 1, extra=1)))
    err = validate_file(str(path)).errors[0]
    assert err.code == "schema" and err.line == 2 and "extra" in err.message


def test_newer_format_is_refused(tmp_path):
    build = fresh()
    header = json.loads(build.lines[0])
    header["format"] = "planets-log/9"
    path = write_lines(tmp_path / "n.jsonl", rechain([json.dumps(header).encode()] + build.lines[1:]))
    err = validate_file(str(path)).errors[0]
    assert err.code == "header.format" and "newer" in err.message and err.line == 1


def test_empty_file(tmp_path):
    path = tmp_path / "e.jsonl"
    path.write_bytes(b"")
    assert validate_file(str(path)).errors[0].code == "header.missing"


def test_steps_are_one_pass_and_positions_match_final(tmp_path):
    build = selfplay("countdown", 9)
    path = write_lines(tmp_path / "p.jsonl", build.lines)
    steps = list(Replay(str(path)).steps())
    assert [s.after.seq for s in steps] == list(range(1, len(build.lines)))
    assert steps[-1].after.state == Replay(str(path)).final().state == build.pos.state


# --- the fold ---------------------------------------------------------------------------

def test_a_replay_is_reusable_and_every_pass_gives_the_same_positions(tmp_path):
    from planets_log.engine.replay import Replay, Visitor, digest
    from planets_log.engine.play import selfplay
    from tests.helpers import write_lines

    build = selfplay("countdown", 4, ["Ann", "Ben"])
    path = write_lines(tmp_path / "g.jsonl", build.lines)
    rep = Replay(str(path))
    first = rep.final()
    assert digest(rep.final().state) == digest(first.state) == digest(rep.trusted().state)
    assert rep.final().seq == first.seq == len(build.lines) - 1

    class Seqs(Visitor):
        def begin(self, replay):
            super().begin(replay)
            self.seen = []

        def visit(self, step):
            self.seen.append(step.event.seq)
            return step.event.seq == 3

        def result(self):
            return self.seen

    assert rep.fold(Seqs()) == [1, 2, 3]
    assert rep.fold(Seqs(), trusted=True) == [1, 2, 3]


def test_a_later_pass_refuses_a_record_whose_header_changed(tmp_path):
    from planets_log.engine.replay import Replay
    from planets_log.record.errors import RecordError
    from planets_log.engine.play import selfplay
    from tests.helpers import write_lines

    build = selfplay("countdown", 4, ["Ann", "Ben"])
    path = write_lines(tmp_path / "g.jsonl", build.lines)
    rep = Replay(str(path))
    rep.final()
    write_lines(path, [build.lines[0].replace(b'"Ann"', b'"Amy"')] + build.lines[1:])
    with pytest.raises(RecordError) as info:
        rep.final()
    assert info.value.code == "header.changed"


def test_a_lenient_visitor_gets_every_error_and_a_strict_one_the_first(tmp_path):
    from planets_log.engine.replay import Replay, Visitor
    from planets_log.record.errors import RecordError
    from planets_log.engine.play import selfplay
    from tests.helpers import edit_line, write_lines

    build = selfplay("countdown", 4, ["Ann", "Ben"])
    lines = edit_line(edit_line(build.lines, 2, seq=9), 3, seq=9)
    path = write_lines(tmp_path / "bad.jsonl", lines)

    class Lenient(Visitor):
        lenient = True

        def begin(self, replay):
            super().begin(replay)
            self.errors = []

        def handle_error(self, error):
            self.errors.append(error.code)

        def result(self):
            return self.errors

    assert len(Replay(str(path)).fold(Lenient())) >= 2
    with pytest.raises(RecordError):
        Replay(str(path)).fold(Visitor())
