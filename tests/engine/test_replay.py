"""The engine's gates, retractions, notes and passes over a record, on the toy game."""

from __future__ import annotations

import json

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.errors import IllegalEvent
from planets_log.record.events import Note, Retract
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.record.lines import line_hash
from tests.support.toy import Pile, Take
from tests.support.helpers import write_lines


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


def test_steps_are_one_pass_and_positions_match_final(tmp_path):
    build = selfplay("countdown", 9)
    path = write_lines(tmp_path / "p.jsonl", build.lines)
    steps = list(Replay(str(path)).steps())
    assert [s.after.seq for s in steps] == list(range(1, len(build.lines)))
    assert steps[-1].after.state == Replay(str(path)).final().state == build.pos.state


# --- the fold ---------------------------------------------------------------------------

def test_a_replay_is_reusable_and_every_pass_gives_the_same_positions(tmp_path):
    from planets_log.engine.replay import SKIP, BaseVisitor, Replay, digest
    from planets_log.engine.play import selfplay
    from tests.support.helpers import write_lines

    build = selfplay("countdown", 4, ["Ann", "Ben"])
    path = write_lines(tmp_path / "g.jsonl", build.lines)
    rep = Replay(str(path))
    first = rep.final()
    assert digest(rep.final().state) == digest(first.state) == digest(rep.trusted().state)
    assert rep.final().seq == first.seq == len(build.lines) - 1

    class Seqs(BaseVisitor[list[int]]):
        def begin(self, replay):
            super().begin(replay)
            self.seen = []

        def visit(self, step):
            self.seen.append(step.event.seq)
            return SKIP if step.event.seq == 3 else None

        def result(self):
            return self.seen

    assert rep.fold(Seqs()) == [1, 2, 3]
    assert rep.fold(Seqs(), trusted=True) == [1, 2, 3]


def test_a_later_pass_refuses_a_record_whose_header_changed(tmp_path):
    from planets_log.engine.replay import Replay
    from planets_log.record.errors import RecordError
    from planets_log.engine.play import selfplay
    from tests.support.helpers import write_lines

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
    from tests.support.helpers import edit_line, write_lines

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
