"""The mini-campaign (Mini-Campaign): a test per campaign rule, the golden campaigns, status snapshots, tampering."""

from __future__ import annotations

import json
import shutil

import msgspec
import pytest
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.core.campaign import Campaign, CampaignHeader, validate_campaign
from planets_log.core.errors import IllegalEvent, PlanetsLogError, RecordError
from planets_log.core.play import Builder, make_header
from planets_log.games.four_planets import RULES as R
from planets_log.games.four_planets.campaign import (CDealt, CFinished, CKept, CPicked, CStarted, CState, due,
                                                     totals, winner)

from . import fp_campaign

RULES = R.campaign
NAMES = ("campaign-seeded", "campaign-table")
ALL = ("botanic-garden", "galactic-bank", "greenhouse", "harbour", "laboratory", "market-hall", "mine", "mint",
       "museum", "observatorium", "shipyard", "tech-tornillo", "telescope", "tower", "trading-post")


def fresh() -> CState:
    """A campaign before the first draft."""
    return RULES.start(CampaignHeader(log_id="t", game="four-planets", players=["Ann", "Ben"], seed=None))


def play(state: CState, *events) -> CState:
    """Check and apply campaign lines."""
    for event in events:
        RULES.check(state, event)
        state = RULES.apply(state, event)
    return state


def first_draft() -> CState:
    """Both dealt 3, Ann keeps tower, Ben keeps mint."""
    return play(fresh(), CDealt(seat=0, buildings=("tower", "museum", "mine")),
                CDealt(seat=1, buildings=("mint", "harbour", "laboratory")),
                CKept(by=0, building="tower"), CKept(by=1, building="mint"))


def game(state: CState, n: int, totals_: tuple[int, int], winners=None) -> CState:
    """Start and finish game n with these totals."""
    given, orienter = RULES.give(state)
    state = play(state, CStarted(game=n, file=f"g{n}.jsonl", log_id=f"g{n}", buildings=given, orienter=orienter))
    wins = winners if winners is not None else (0,) if totals_[0] > totals_[1] else (1,) if totals_[1] > totals_[0] else (0, 1)
    return play(state, CFinished(game=n, log_id=f"g{n}", head="h", totals=totals_, winners=wins))


def refused(state: CState, event) -> str:
    """The code of the rule an event breaks."""
    with pytest.raises(IllegalEvent) as caught:
        RULES.check(state, event)
    return caught.value.code


# --- the campaign rules ----------------------------------------------------------------------


def test_before_game_one_each_keeps_one_of_three_and_two_are_set_apart():
    """Mini-Campaign, before the first game: 3 dealt each, 1 kept, the other 2 set apart."""
    state = first_draft()
    assert state.owned == (("tower",), ("mint",))
    assert state.apart == ("harbour", "laboratory", "mine", "museum") and len(state.box) == 9
    assert due(state) == ("start", 1) and RULES.give(state) == ("tower/mint", 0)
    assert refused(fresh(), CDealt(seat=0, buildings=("tower", "museum"))) == "campaign.deal"
    assert refused(play(fresh(), CDealt(seat=0, buildings=("tower", "museum", "mine")),
                        CDealt(seat=1, buildings=("mint", "harbour", "laboratory"))),
                   CKept(by=0, building="mint")) == "campaign.keep"


def test_after_game_one_the_loser_draws_keeps_one_and_passes_two():
    """Mini-Campaign, after the first game: the loser draws 3 (set-apart first), keeps 1; the winner picks 1 of 2."""
    state = game(first_draft(), 1, (20, 14))
    assert due(state) == ("deal", 1)
    assert refused(state, CDealt(seat=1, buildings=("shipyard", "mint", "museum"))) == "campaign.deal"
    assert refused(state, CDealt(seat=1, buildings=("shipyard", "telescope", "museum"))) == "campaign.deal"
    state = play(state, CDealt(seat=1, buildings=("museum", "mine", "harbour")), CKept(by=1, building="mine"))
    assert state.passed == ("harbour", "museum") and due(state) == ("pick", 0)
    assert refused(state, CPicked(by=0, building="mine")) == "campaign.pick"
    state = play(state, CPicked(by=0, building="harbour"))
    assert state.owned == (("harbour", "tower"), ("mine", "mint")) and "museum" in state.box


def test_before_game_two_the_loser_turns_the_start_tile():
    """Mini-Campaign, before the second game: 2 buildings each; the loser of game 1 orients the start tile."""
    state = play(game(first_draft(), 1, (20, 14)), CDealt(seat=1, buildings=("museum", "mine", "harbour")),
                 CKept(by=1, building="mine"), CPicked(by=0, building="harbour"))
    assert RULES.give(state) == ("harbour,tower/mine,mint", 2)
    wrong = CStarted(game=2, file="g2.jsonl", log_id="g2", buildings="harbour,tower/mine,mint", orienter=1)
    assert refused(state, wrong) == "campaign.orienter"
    other = CStarted(game=2, file="g2.jsonl", log_id="g2", buildings="harbour,tower/mine,museum", orienter=2)
    assert refused(state, other) == "campaign.buildings"


def test_after_game_two_the_lower_total_draws():
    """Mini-Campaign, after the second game: the lower total (games 1 + 2) draws; before game 3 it orients."""
    state = play(game(first_draft(), 1, (20, 14)), CDealt(seat=1, buildings=("museum", "mine", "harbour")),
                 CKept(by=1, building="mine"), CPicked(by=0, building="harbour"))
    state = game(state, 2, (10, 30))  # Ben now leads 44 to 30
    assert totals(state) == [30, 44] and due(state) == ("deal", 0)
    state = play(state, CDealt(seat=0, buildings=("laboratory", "shipyard", "telescope")), CKept(by=0, building="shipyard"),
                 CPicked(by=1, building="telescope"))
    assert [len(o) for o in state.owned] == [3, 3] and RULES.give(state)[1] == 1


def test_a_tied_total_deals_three_each_and_the_start_tile_is_random():
    """Mini-Campaign, note: a tie in total VP: each is dealt 3 and keeps 1; the start tile at random."""
    state = game(first_draft(), 1, (15, 15), winners=(0,))  # the colour bonus broke the game's tie: totals still tie
    assert state.todo == (("deal", 0), ("deal", 1), ("keep", 0), ("keep", 1))
    state = play(state, CDealt(seat=0, buildings=("harbour", "laboratory", "mine")),
                 CDealt(seat=1, buildings=("museum", "shipyard", "telescope")),
                 CKept(by=0, building="mine"), CKept(by=1, building="museum"))
    assert RULES.give(state) == ("mine,tower/mint,museum", 0)
    assert {"harbour", "laboratory", "shipyard", "telescope"} <= set(state.box)


def test_campaign_winner_is_the_higher_total_else_the_winner_of_game_three():
    """Mini-Campaign, after the third game: the higher total wins; tied, the winner of game 3."""
    state = first_draft()
    for n, t in ((1, (20, 10)), (2, (10, 20))):
        state = game(state, n, t)
        step, seat = due(state)
        while step in ("deal", "keep", "pick"):
            held = state.hands[seat] if step == "keep" else state.passed
            if step == "deal":
                pool = state.apart + state.box
                event = CDealt(seat=seat, buildings=pool[:3])
            else:
                event = (CKept if step == "keep" else CPicked)(by=seat, building=held[0])
            state = play(state, event)
            step, seat = due(state)
    tied = game(state, 3, (5, 5), winners=(1,))
    assert totals(tied) == [35, 35] and due(tied) == ("over", 0) and winner(tied) == [1]
    assert winner(game(state, 3, (6, 5))) == [0]


def test_lines_out_of_order_are_refused():
    """Mini-Campaign: each step in its turn: no game before the draft, no keep for the wrong seat."""
    assert refused(fresh(), CStarted(game=1, file="g", log_id="g", buildings="/", orienter=0)) == "campaign.due"
    state = play(fresh(), CDealt(seat=0, buildings=("tower", "museum", "mine")),
                 CDealt(seat=1, buildings=("mint", "harbour", "laboratory")))
    assert refused(state, CKept(by=1, building="mint")) == "campaign.turn"


# --- golden campaigns and their status after each game ----------------------------------------


def test_campaign_fixtures_are_what_the_generator_builds():
    """Fixtures: the campaign folders are exactly what fp_campaign builds."""
    for path, data in fp_campaign.texts().items():
        assert path.read_bytes() == data, f"{path} is stale: run python -m tests.games.four_planets.fp_campaign"


@pytest.mark.parametrize("name", NAMES)
def test_golden_campaign_validates(name):
    """A whole campaign: its record and its three linked games are valid."""
    assert validate_campaign(fp_campaign.ROOT / name / "campaign.jsonl") == []


@pytest.mark.parametrize("name", NAMES)
def test_status_after_each_game(name, tmp_path, snapshot):
    """Snapshots of `campaign status --json` after each game's finish line."""
    src = fp_campaign.ROOT / name
    lines = (src / "campaign.jsonl").read_bytes().splitlines(keepends=True)
    shots = []
    for i, line in enumerate(lines):
        if json.loads(line)["type"] == "finish":
            (tmp_path / "c.jsonl").write_bytes(b"".join(lines[:i + 1]))
            result = CliRunner().invoke(cli, ["campaign", "status", str(tmp_path / "c.jsonl"), "--json"])
            assert result.exit_code == 0, result.output
            shots.append(json.loads(result.output))
    assert len(shots) == 3 and shots == snapshot


# --- tampering -------------------------------------------------------------------------------


def copy(tmp_path, name="campaign-seeded"):
    """A copy of a golden campaign folder."""
    folder = tmp_path / name
    shutil.copytree(fp_campaign.ROOT / name, folder)
    return folder


def line_of(errors, code):
    """(line, seq) of the first error with this code."""
    found = [(e.line, e.seq) for e in errors if e.code == code]
    assert found, [str(e) for e in errors]
    return found[0]


def test_a_game_changed_after_linking_is_caught_at_its_finish_line(tmp_path):
    """Tampering: a linked game changed afterwards (a note appended, still a valid game) is caught at its link."""
    folder = copy(tmp_path)
    game2 = folder / "campaign-game2.jsonl"
    result = CliRunner().invoke(cli, ["annotate", str(game2), "--at", "3", "a note added after the link"])
    assert result.exit_code == 0, result.output
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.changed") == (12, 11)


def test_a_game_with_buildings_not_given_is_caught_at_its_start_line(tmp_path):
    """Tampering: game 1 replaced by a valid game played with other buildings: caught at game 1's start line."""
    folder = copy(tmp_path)
    game1 = folder / "campaign-game1.jsonl"
    old = json.loads(game1.read_bytes().splitlines()[0])
    options = {**old["options"], "buildings": "galactic-bank/botanic-garden"}
    _replace_game(game1, old, options)
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.buildings") == (6, 5)
    assert "galactic-bank/botanic-garden" in str(errors[0]) and "campaign.jsonl:6: seq 5" in str(errors[0])


def test_a_wrong_orientation_chooser_is_caught_at_its_start_line(tmp_path):
    """Tampering: game 2 played with the start tile turned by the winner of game 1: caught at game 2's start line."""
    folder = copy(tmp_path)
    game2 = folder / "campaign-game2.jsonl"
    old = json.loads(game2.read_bytes().splitlines()[0])
    assert old["options"]["orienter"] == 2
    _replace_game(game2, old, {**old["options"], "orienter": 1})
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.orienter") == (11, 10)


def test_a_changed_campaign_line_breaks_the_chain(tmp_path):
    """Tampering: a kept building changed in the campaign file: the next line's chain is caught."""
    folder = copy(tmp_path)
    path = folder / "campaign.jsonl"
    text = path.read_text().replace('"building":"greenhouse"', '"building":"tower"', 1)
    path.write_text(text)
    errors = validate_campaign(path)
    assert errors and errors[0].line == 5 and errors[0].code == "chain"


def test_a_seeded_deal_not_from_the_seed_is_caught(tmp_path):
    """A seeded campaign: a deal changed (and the chain re-made) is not the one the seed gives."""
    folder = copy(tmp_path)
    path = folder / "campaign.jsonl"
    lines = path.read_bytes().splitlines()
    camp_lines = [lines[0]]
    from planets_log.core.record import line_hash
    for raw in lines[1:]:
        obj = json.loads(raw)
        if obj["seq"] == 1:
            obj["buildings"] = ["tower", "shipyard", "mint"]
        obj["prev"] = line_hash(camp_lines[-1])
        camp_lines.append(json.dumps(obj, separators=(",", ":")).encode())
    path.write_bytes(b"".join(line + b"\n" for line in camp_lines))
    errors = validate_campaign(path)
    assert errors[0].code == "chance.tampered" and errors[0].line == 2


def test_next_refuses_a_building_not_offered(tmp_path):
    """`campaign next` checks the draft decision before writing anything."""
    path = tmp_path / "c.jsonl"
    runner = CliRunner()
    assert runner.invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3",
                               str(path)]).exit_code == 0
    before = path.read_bytes()
    result = runner.invoke(cli, ["campaign", "next", str(path), "--keep", "Ann=not-a-building"])
    assert result.exit_code == 1 and "campaign.keep" in result.output
    assert b"not-a-building" not in path.read_bytes() and path.read_bytes().startswith(before)


def test_linked_files_stay_inside_the_campaign_folder(tmp_path):
    """A crafted start line cannot make validate read a file outside the campaign's folder."""
    folder = copy(tmp_path)
    path = folder / "campaign.jsonl"
    from planets_log.core.record import line_hash
    lines = path.read_bytes().splitlines()
    out = [lines[0]]
    for raw in lines[1:]:
        obj = json.loads(raw)
        if obj["type"] == "start" and obj["game"] == 1:
            obj["file"] = "../../etc/passwd"
        obj["prev"] = line_hash(out[-1])
        out.append(json.dumps(obj, separators=(",", ":")).encode())
    path.write_bytes(b"".join(line + b"\n" for line in out))
    errors = validate_campaign(path)
    assert line_of(errors, "campaign.file") == (6, 5)


def _replace_game(path, old_header: dict, options: dict) -> None:
    """Write a new, valid seeded game in place of `path`, with the same log id and other options."""
    from .fp_campaign import play_out
    from planets_log.core.rng import rng

    header, session = make_header("four-planets", old_header["players"], seed=old_header["seed"], options=options,
                                  meta=old_header["meta"], log_id=old_header["log_id"])
    build = Builder.new(header, session)
    build.draw_chance()
    path.write_bytes(b"".join(line + b"\n" for line in build.lines))
    play_out(path, rng(1, "tamper"))


def test_status_escapes_control_characters(tmp_path):
    """Names from a record are printed with their control characters escaped."""
    path = tmp_path / "c.jsonl"
    res = CliRunner().invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann\x1b[2J", "--player", "Ben",
                                   "--seed", "1", str(path)])
    assert res.exit_code == 0, res.output
    out = CliRunner().invoke(cli, ["campaign", "status", str(path)]).output
    assert "\x1b" not in out and "Ann\\x1b[2J" in out


def test_a_campaign_needs_two_different_players(tmp_path):
    """Mini-Campaign: two players, with different names."""
    res = CliRunner().invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ann",
                                   str(tmp_path / "c.jsonl")])
    assert res.exit_code == 2 and "different" in res.output and not (tmp_path / "c.jsonl").exists()
