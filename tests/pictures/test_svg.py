"""Each game's SVG picture, parsed as XML: structure, what a seat may see, escaping, snapshots."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.record.errors import UsageError
from planets_log.engine.rules import Rules
from planets_log.engine.svg import esc

from tests.support.pictures import NS, ROOT, count_class, outline, panels, parse, position, texts

CASES = [
    ("four-planets/table-game.jsonl", 4), ("four-planets/table-game.jsonl", 40), ("four-planets/table-game.jsonl", None),
    ("space-planets/seeded-3p.jsonl", 2), ("space-planets/seeded-3p.jsonl", 30), ("space-planets/seeded-3p.jsonl", None),
    ("planetopia/seeded-3p.jsonl", 4), ("planetopia/seeded-3p.jsonl", 30), ("planetopia/seeded-3p.jsonl", None),
    ("planetarium/seeded-3p.jsonl", 4), ("planetarium/seeded-3p.jsonl", 30), ("planetarium/seeded-3p.jsonl", None),
    ("planetship-2491/seeded-3p.jsonl", 4), ("planetship-2491/seeded-3p.jsonl", 40),
    ("planetship-2491/seeded-3p.jsonl", None),
]
CODE = re.compile(r"^[RYGPB][0-2](v[0-9]+)?s+$")


@pytest.mark.parametrize("seat", [None, 1])
@pytest.mark.parametrize("record,seq", CASES)
def test_picture_structure_and_snapshot(record, seq, seat, snapshot):
    rules, pos = position(record, seq)
    root = parse(rules.picture(pos.state, seat))
    assert root.tag == f"{NS}svg" and root.get("viewBox").startswith("0 0 ")
    assert root.find(f"{NS}title").text and root.find(f"{NS}desc").text
    names = rules.seat_names(pos.state)
    assert len(panels(root, "seat")) == len(names), "one panel per seat"
    head = " ".join(texts(panels(root, "header")[0]))
    assert all(name in head for name in names)
    assert ("as " + names[seat] + " sees it" if seat is not None else "everything (scorekeeper)") in head
    assert all(t.strip() for t in texts(root)), "no empty text element"
    assert outline(root) == snapshot


def test_four_planets_opponent_hand_is_drawn_as_backs_without_codes():
    rules, pos = position("four-planets/table-game.jsonl", 40)
    ann_hand = pos.state.seats[0].hand
    assert ann_hand, "the position must have a hidden hand to test"
    seen_by_ben = parse(rules.picture(pos.state, 1))
    ann_panel = panels(seen_by_ben, "seat")[0]
    hidden = len(ann_hand) + sum(len(col) for col in pos.state.seats[0].down)
    assert count_class(ann_panel, "card-back") == hidden
    face_up = sorted(code for col in pos.state.seats[0].up for code in col)
    assert sorted(t for t in texts(ann_panel) if CODE.match(t)) == face_up, "only face-up codes in the opponent's panel"
    everything = panels(parse(rules.picture(pos.state, None)), "seat")[0]
    assert set(ann_hand) <= set(texts(everything)), "the scorekeeper sees the hand"


def test_four_planets_unexplored_colour_bonus_is_hidden_and_scores_too():
    rules, pos = position("four-planets/table-game.jsonl", 40)
    root = parse(rules.picture(pos.state, 1))
    bonus = panels(root, "bonus")[0]
    unseen = [b for b in rules.view(pos.state, 1)["bonus"] if b.startswith("bp")]
    assert unseen and count_class(bonus, "card-back") == len(unseen)
    head = texts(panels(root, "header")[0])
    assert "Ann: —" in head and "Ben: —" in " ".join(head), "no provisional totals a seat may not know (Colour Bonus)"


def test_four_planets_planet_cards_are_all_drawn():
    rules, pos = position("four-planets/table-game.jsonl", 40)
    root = parse(rules.picture(pos.state, None))
    for i, planet in enumerate(pos.state.planets):
        g = panels(root, "planet")[i]
        assert [t for t in texts(g) if CODE.match(t)] == list(planet.cards[:3])
        assert count_class(g, "card") == len(planet.cards[:3])


def test_planetopia_other_hands_show_only_their_size():
    rules, pos = position("planetopia/seeded-3p.jsonl", 30)
    root = parse(rules.picture(pos.state, 0))
    for i, seat in enumerate(pos.state.seats):
        g = panels(root, "seat")[i]
        if i == 0:
            assert count_class(g, "card-back") == 0
        else:
            assert count_class(g, "card-back") == min(len(seat.hand), 8)
            assert f"Hand: {len(seat.hand)} cards, face down" in texts(g)


def test_space_planets_grid_has_nine_spaces():
    rules, pos = position("space-planets/seeded-3p.jsonl", 30)
    grid = panels(parse(rules.picture(pos.state, None)), "grid")[0]
    filled = sum(1 for code in pos.state.grid if code is not None)
    assert count_class(grid, "card") == filled
    assert [t for t in texts(grid) if t.isdigit()] == [str(i) for i in range(1, 10)]


def test_hostile_names_are_escaped_into_real_text(tmp_path):
    log = tmp_path / "g.jsonl"
    nasty = '<script>alert(1)</script>&"x'
    res = CliRunner().invoke(cli, ["new", "four-planets", "--player", nasty, "--player", "Ben", "--seed", "1", str(log)])
    assert res.exit_code == 0, res.output
    out = tmp_path / "p.svg"
    res = CliRunner().invoke(cli, ["render", str(log), "--svg", str(out)])
    assert res.exit_code == 0, res.output
    root = parse(out.read_text())
    assert root.find(f".//{NS}script") is None
    assert any(nasty in t for t in texts(root))


def test_control_characters_never_reach_the_xml():
    assert esc("a\x01b\x1bc<\n") == "a\\x01b\\x1bc&lt;\\x0a"
    parse(f"<svg xmlns='http://www.w3.org/2000/svg'><text>{esc('x' + chr(0) + chr(0x9f))}</text></svg>")


def test_a_game_without_a_picture_says_so():
    class Bare(Rules):
        title = "Bare"

    with pytest.raises(UsageError, match="no picture for Bare yet"):
        Bare().picture(None)


def test_the_readme_picture_is_what_render_makes(tmp_path):
    out = tmp_path / "readme.svg"
    res = CliRunner().invoke(cli, ["render", str(ROOT / "fixtures/four-planets/table-game.jsonl"), "--at", "40",
                                   "--as", "Ben", "--svg", str(out)])
    assert res.exit_code == 0, res.output
    committed = ROOT / "docs/images/four-planets-seq-40-as-ben.svg"
    assert out.read_text() == committed.read_text(), "re-make the README picture with the command in README.md"


GAME_RECORDS = sorted(str(p.relative_to(ROOT / "fixtures")) for p in (ROOT / "fixtures").rglob("*.jsonl")
                      if "invalid" not in p.parts and "format" not in p.parts and p.name != "campaign.jsonl")


@pytest.mark.parametrize("record", GAME_RECORDS)
def test_positions_of_every_fixture_draw_valid_svg_for_every_view(record):
    """Every fourth position and the last, every view (the export tests draw every position of some)."""
    from planets_log.engine.replay import Replay

    rep = Replay(str(ROOT / "fixtures" / record))
    rules, players = rep.session.rules, len(rep.header.players)
    states = [rep.start.state] + [step.after.state for step in rep.steps()]
    for i in sorted(set(range(0, len(states), 4)) | {len(states) - 1}):
        for seat in [None, *range(players)]:
            root = parse(rules.picture(states[i], seat))
            assert len(panels(root, "seat")) == players, f"position {i}, view {seat}"


def test_four_planets_professional_buildings_dealt_to_the_other_seat_are_backs(tmp_path):
    res = CliRunner().invoke(cli, ["selfplay", "four-planets", "--seed", "5", "--option", "professional=true",
                                   "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    from planets_log.engine.replay import Replay

    rep = Replay(str(next(tmp_path.glob("*.jsonl"))))
    state = next(s.after.state for s in rep.steps() if s.after.state.pro and s.after.state.pro.step == "choose")
    ann = state.pro.dealt[0]
    assert ann, "Ann has buildings dealt"
    seen_by_ben = panels(parse(rep.session.rules.picture(state, 1)), "buildings")[0]
    assert count_class(seen_by_ben, "card-back") == len(ann)
    assert not any(b in t for b in ann for t in texts(seen_by_ben))
    everything = panels(parse(rep.session.rules.picture(state, None)), "buildings")[0]
    assert all(any(b in t for t in texts(everything)) for b in ann)
