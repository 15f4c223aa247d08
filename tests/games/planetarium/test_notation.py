"""The notation: every event both ways, seats by name or number, and errors that say what to write."""

from __future__ import annotations

import pytest

from planets_log.record.errors import NotationError, UsageError
from planets_log.engine.play import Builder, make_header

from .helpers import GAME, MATTER, RULES, board, play, state_of, table


@pytest.mark.parametrize("text", [
    "3.6-3.7", "3.6-3.7-3.8", "play H18 B", "play L9 A marker C", "play L9 A marker -",
    "play L2 A gravity 7.20 D", "final F1 B", "downgrade H1", "draw low", "draw final", "keep F5",
    "keep ? discard F9", "end", "discard F2", "drawn L9", "drawn F5 F9", "drawn ?", "roll 3 4", "first Ben",
    "deal Ann F1 F2 H1 H2 L1 L2",
])
def test_format_reads_back(text):
    """parse(format(e)) == e for every kind of event."""
    state = state_of(table())
    event = RULES.parse(text, state)
    assert RULES.parse(RULES.format(event, state), state) == event


def test_a_planet_letter_names_its_space():
    """Notation: B-3.9 is the planet on its space; it is written back as the space."""
    build = board(table())
    event = RULES.parse("B-3.9", state_of(build))
    assert (event.frm, event.to) == ("3.4", "3.9") and RULES.format(event, state_of(build)) == "3.4-3.9"


def test_seats_by_name_or_number_from_one():
    """Seats are a player's name or a number counted from 1."""
    state = state_of(table(("Ann", "Ben", "Cal"), discards={0: "F5", 1: "F4", 2: "F11"},
                           deals={0: "L1 L2 H1 H2 F1 F5", 1: "L3 L4 H3 H4 F3 F4", 2: "L5 L6 H5 H6 F6 F11"}))
    assert RULES.parse("first 3", state) == RULES.parse("first Cal", state)
    with pytest.raises(NotationError):
        RULES.parse("first 4", state)


def test_a_keyword_or_spaced_name_is_written_as_its_number():
    """Names that would not read back (spaces, keywords) are written as seat numbers."""
    build = table(("Ann Lee", "end"))
    for seat in (0, 1):
        event = RULES.parse(f"first {seat + 1}", state_of(build))
        assert RULES.format(event, state_of(build)) == f"first {seat + 1}"


@pytest.mark.parametrize("text,words", [
    ("", "empty"), ("jump 3.5", "FROM-TO"), ("3.5", "FROM-TO"), ("play X1 A", "card id"),
    ("play H18 E", "planet"), ("play H18 B marker", "after the planet"), ("draw medium", "draw low"),
    ("roll 3", "roll D D"), ("matter GRX", "Matter letters"), ("keep", "keep CARD"),
])
def test_bad_notation_says_what_to_write(text, words):
    """Notation errors quote the input and say what is expected."""
    with pytest.raises(NotationError) as info:
        RULES.parse(text, state_of(table()))
    assert words in str(info.value)


def test_chance_hint_names_what_to_type():
    """Table games: the hint at each chance point says what to type."""
    build = board(table(("Sol",)), G="3.6")
    assert RULES.chance_hint(state_of(build)) == "no chance outcome is due"
    play(build, "3.6-3.7", "end")
    assert RULES.chance_hint(state_of(build)) == "roll D D (the two dice)"


def test_numeric_names_are_refused_so_a_number_always_names_a_seat():
    """Seats are a number counted from 1: players named 2 and 1 would make `first 1` ambiguous, so no record
    may name them (the name rules hold at `new` and on every read)."""
    with pytest.raises(UsageError, match="a player's name may not be a number"):
        make_header(GAME, ["2", "1"], seed=None, log_id="numeric-names")


# --- the opening matter line, orbit by orbit (issue 24) ------------------------------------------------------------

def _opening():
    """The table before the opening matter line, and that line's orbit words (1:… … 7:…) for MATTER."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="matter-by-orbit")
    state = Builder.new(header, session).pos.state
    words = RULES.format(RULES.parse(f"matter {MATTER}", state), state).split()[1:]
    return state, words


def test_the_matter_line_is_written_and_read_orbit_by_orbit():
    """Set-Up: one letter per white dot; a word per orbit (labelled in any order, or plain from orbit 1) is the
    same outcome as the 68 letters in the edition's dot order."""
    state, words = _opening()
    assert [w.split(":")[0] for w in words] == ["1", "2", "3", "4", "5", "6", "7"]
    counts = [len(w.split(":")[1]) for w in words]
    dots = [state.board.names[i] for i in state.board.dots]
    assert counts == [sum(d.startswith(f"{k}.") for d in dots) for k in range(1, 8)] and sum(counts) == 68
    flat = RULES.parse(f"matter {MATTER}", state)
    for line in (" ".join(words), " ".join(reversed(words)), " ".join(w.split(":")[1] for w in words)):
        assert RULES.parse(f"matter {line}", state).tokens == flat.tokens, line


def test_a_matter_line_short_of_orbits_says_the_count_so_far_and_what_comes_next():
    state, words = _opening()
    with pytest.raises(NotationError) as info:
        RULES.parse("matter " + " ".join(words[:3]), state)
    text = str(info.value)
    typed = "".join(w.split(":")[1] for w in words[:3])
    assert f"orbits 1, 2, 3 read: {len(typed)} of 68 letters" in text
    assert f"{typed.count('G')} G {typed.count('R')} R {typed.count('W')} W {typed.count('M')} M, of 22 G" in text
    fourth = " ".join(state.board.names[i] for i in sorted(state.board.dots) if state.board.orbit[i] == 4)
    assert f"orbit 4 next: {len(words[3]) - 2} letters for {fourth}" in text


def test_an_orbit_word_of_the_wrong_length_names_the_orbit_and_its_dots():
    state, words = _opening()
    short = words[2][:-1]
    with pytest.raises(NotationError) as info:
        RULES.parse("matter " + " ".join(words[:2] + [short] + words[3:]), state)
    assert f"orbit 3 has {len(words[2]) - 2} white dots (3.1 " in str(info.value)
    assert f"{short} gives {len(short) - 2} letters" in str(info.value)
    for line, words_said in [("1:GG 1:GG", "typed twice"), ("9:GG", "orbits with white dots are 1, 2"),
                             ("GGGGGG 2:GG", "label every orbit"), ("GGGG", "or all 68 as one word")]:
        with pytest.raises(NotationError, match=words_said):
            RULES.parse(f"matter {line}", state)


def test_orbit_words_go_clockwise_whatever_the_editions_dot_order():
    """An edition may list its dots in any order: a word per orbit still reads clockwise from the orbit's space 1,
    so the same words lay the same Matter on the same spaces."""
    from msgspec.structs import replace

    state, words = _opening()
    ed = state.edition
    shuffled = replace(state, edition=replace(ed, board=replace(ed.board, dots=tuple(reversed(ed.board.dots)))))
    line = "matter " + " ".join(words)
    laid = [RULES.apply(s, RULES.parse(line, s)).cells for s in (state, shuffled)]
    assert laid[0] == laid[1]
    assert RULES.format(RULES.parse(line, shuffled), shuffled) == line


def test_the_matter_hint_gives_each_orbits_count_of_white_dots():
    state, words = _opening()
    hint = RULES.chance_hint(state)
    counts = ", ".join(f"{w.split(':')[0]}: {len(w) - 2}" for w in words)
    assert hint.startswith("matter 1:LETTERS 2:LETTERS") and f"white dots per orbit {counts} (68 in all)" in hint


def test_a_refused_matter_line_leaves_the_record_unchanged(tmp_path):
    from click.testing import CliRunner

    from planets_log.cli.main import cli

    log = tmp_path / "pm.jsonl"
    res = CliRunner().invoke(cli, ["new", GAME, "--player", "Ann", "--player", "Ben", "--table", str(log)])
    assert res.exit_code == 0, res.output
    before = log.read_bytes()
    state, words = _opening()
    res = CliRunner().invoke(cli, ["record", str(log), "matter " + " ".join(words[:2])])
    assert res.exit_code != 0 and "orbit 3 next" in res.output and "Traceback" not in res.output
    assert log.read_bytes() == before
    res = CliRunner().invoke(cli, ["record", str(log), "matter " + " ".join(words)])
    assert res.exit_code == 0, res.output
