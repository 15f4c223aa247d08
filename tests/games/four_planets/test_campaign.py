"""The mini-campaign (Mini-Campaign): a test per campaign rule, the golden campaigns, status snapshots, tampering."""

from __future__ import annotations

import json
import shutil

import msgspec
import pytest
from click.testing import CliRunner

from planets_log.audit.campaign import Campaign, CampaignHeader
from planets_log.audit.campaign_links import validate_campaign
from planets_log.cli.main import cli
from planets_log.engine.play import Builder, make_header
from planets_log.games.four_planets import RULES as R
from planets_log.games.four_planets.campaign import (
    CDealt,
    CFinished,
    CKept,
    CPicked,
    CStarted,
    CState,
    due,
    totals,
    winner,
)
from planets_log.record.errors import IllegalEvent

from . import campaign

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


@pytest.mark.parametrize("name", NAMES)
def test_golden_campaign_validates(name):
    """A whole campaign: its record and its three linked games are valid."""
    assert validate_campaign(campaign.ROOT / name / "campaign.jsonl") == []


@pytest.mark.parametrize("name", NAMES)
def test_status_after_each_game(name, tmp_path, snapshot):
    """Snapshots of `campaign status --json` after each game's finish line."""
    src = campaign.ROOT / name
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
    shutil.copytree(campaign.ROOT / name, folder)
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
    from planets_log.record.lines import line_hash
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
    from planets_log.record.lines import line_hash
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


def _replace_game(path, old_header: dict, options: dict, **changes) -> None:
    """Write a new, valid seeded game in place of `path`, with the same log id and other options (or `changes`:
    players, seed, edition_path)."""
    from planets_log.engine.rng import rng

    from .campaign import play_out

    kept = {"players": old_header["players"], "seed": old_header["seed"], **changes}
    players = kept.pop("players")
    header, session = make_header("four-planets", players, options=options, meta=old_header["meta"],
                                  log_id=old_header["log_id"], **kept)
    build = Builder.new(header, session)
    build.draw_chance()
    path.write_bytes(b"".join(line + b"\n" for line in build.lines))
    play_out(path, rng(1, "tamper"))


def test_status_escapes_control_characters(tmp_path):
    """A name with a control character is refused, at `campaign new` and in a crafted header, and printed escaped."""
    path = tmp_path / "c.jsonl"
    res = CliRunner().invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann\x1b[2J", "--player", "Ben",
                                   "--seed", "1", str(path)])
    assert res.exit_code == 2 and "holds a control character" in res.output and not path.exists()
    header = CampaignHeader(log_id="x", game="four-planets", players=["Ann\x1b[2J", "Ben"], seed=1)
    path.write_bytes(msgspec.json.encode(header) + b"\n")
    out = CliRunner().invoke(cli, ["campaign", "status", str(path)]).output
    assert "\x1b" not in out and "Ann\\e[2J" in out and "[header.players]" in out


def test_a_campaign_needs_two_different_players(tmp_path):
    """Mini-Campaign: two players, with different names."""
    res = CliRunner().invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ann",
                                   str(tmp_path / "c.jsonl")])
    assert res.exit_code == 2 and "different" in res.output and not (tmp_path / "c.jsonl").exists()


@pytest.mark.parametrize("target", ["outside", "inside"])
def test_a_symlinked_game_is_not_followed(tmp_path, target):
    """A linked game that is a symbolic link (to a copy outside the folder, or to a file inside it) is refused at its
    start line, not read, and not reported again at its finish line."""
    folder = copy(tmp_path)
    game1 = folder / "campaign-game1.jsonl"
    elsewhere = (tmp_path / "elsewhere.jsonl") if target == "outside" else (folder / "real-game1.jsonl")
    game1.rename(elsewhere)
    game1.symlink_to(elsewhere)
    errors = validate_campaign(folder / "campaign.jsonl")
    assert [(e.line, e.code) for e in errors] == [(6, "campaign.file")]
    assert "symbolic link" in str(errors[0])


def test_a_symlinked_folder_is_not_followed(tmp_path):
    """`campaign next --out` refuses to start a game through a symbolic link to a folder, writing nothing."""
    path = tmp_path / "c.jsonl"
    (tmp_path / "away").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "away")
    runner = CliRunner()
    assert runner.invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3",
                               str(path)]).exit_code == 0
    assert runner.invoke(cli, ["campaign", "next", str(path)]).exit_code == 0  # deals, then waits for the keeps
    hands = Campaign(path).state.hands
    keeps = ["--keep", f"Ann={hands[0][0]}", "--keep", f"Ben={hands[1][0]}"]
    result = runner.invoke(cli, ["campaign", "next", str(path), "--out", "link/g1.jsonl", *keeps])
    assert result.exit_code == 1 and "symbolic link" in result.output, result.output
    assert not list((tmp_path / "away").iterdir())


def test_a_first_keep_is_hidden_until_both_have_kept():
    """Mini-Campaign (before the first game, and after a tied total): each player chooses 1 of 3; the first choice
    shows as '?' to the other player and to the room until both have chosen."""
    state = play(fresh(), CDealt(seat=0, buildings=("tower", "museum", "mine")),
                 CDealt(seat=1, buildings=("mint", "harbour", "laboratory")), CKept(by=0, building="tower"))
    assert RULES.status(state)["buildings"] == [["?"], []]
    assert RULES.status(state, 1)["buildings"] == [["?"], []]
    assert RULES.status(state, 0)["buildings"] == [["tower"], []]
    state = play(state, CKept(by=1, building="mint"))
    assert RULES.status(state)["buildings"] == [["tower"], ["mint"]]
    state = game(state, 1, (20, 20))
    state = play(state, CDealt(seat=0, buildings=("museum", "mine", "harbour")),
                 CDealt(seat=1, buildings=("laboratory", "shipyard", "telescope")), CKept(by=0, building="mine"))
    assert RULES.status(state, 1)["buildings"] == [["tower", "?"], ["mint"]]
    assert RULES.status(state, 0)["buildings"] == [["mine", "tower"], ["mint"]]


def test_a_loser_keep_is_face_up_once_passing_starts():
    """Mini-Campaign (after the first game): the loser keeps 1 and passes 2; the kept building is placed face up."""
    state = play(game(first_draft(), 1, (10, 30)), CDealt(seat=0, buildings=("museum", "mine", "harbour")),
                 CKept(by=0, building="mine"))
    assert RULES.status(state)["buildings"] == [["mine", "tower"], ["mint"]]


def test_dealt_buildings_show_only_to_their_seat(tmp_path):
    """Mini-Campaign: the 3 buildings dealt to a player are shown only by `status --seat PLAYER`; `next` names the
    decision without them."""
    path = tmp_path / "c.jsonl"
    runner = CliRunner()
    assert runner.invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3",
                               str(path)]).exit_code == 0
    waiting = runner.invoke(cli, ["campaign", "next", str(path)]).output
    hands = Campaign(path).state.hands
    assert all(len(h) == 3 for h in hands)
    assert "--seat Ann" in waiting and not any(b in waiting for h in hands for b in h)
    room = runner.invoke(cli, ["campaign", "status", str(path), "--json"]).output
    assert not any(b in room for h in hands for b in h) and "hand" not in json.loads(room)
    for seat, name in enumerate(("ann", "Ben")):
        seen = runner.invoke(cli, ["campaign", "status", str(path), "--seat", name])
        assert seen.exit_code == 0, seen.output
        assert all(b in seen.output for b in hands[seat]) and not any(b in seen.output for b in hands[1 - seat])


def _start_header(folder, n: int) -> dict:
    return json.loads((folder / f"campaign-game{n}.jsonl").read_bytes().splitlines()[0])


def test_a_game_with_the_players_swapped_is_caught_at_its_start_line(tmp_path):
    """Tampering: game 1 replayed with Ben in seat 1 would give Ann's buildings and VP to Ben: caught at its start."""
    folder = copy(tmp_path)
    old = _start_header(folder, 1)
    _replace_game(folder / "campaign-game1.jsonl", old, old["options"], players=old["players"][::-1])
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.players") == (6, 5)


def test_a_game_with_another_seed_is_caught_at_its_start_line(tmp_path):
    """Tampering: a seeded campaign's game 2 played again on a seed of one's choosing: caught at its start line."""
    folder = copy(tmp_path)
    old = _start_header(folder, 2)
    _replace_game(folder / "campaign-game2.jsonl", old, old["options"], seed=old["seed"] + 1)
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.seed") == (11, 10)
    assert f"seed {old['seed']}" in str([e for e in errors if e.code == "campaign.seed"][0])


def test_a_game_with_first_game_tiles_is_caught(tmp_path):
    """Mini-Campaign (before the second game): set up with random boost tiles, not the first-game ones."""
    folder = copy(tmp_path)
    old = _start_header(folder, 2)
    _replace_game(folder / "campaign-game2.jsonl", old, {**old["options"], "first_game": True})
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.game") == (11, 10) and "first-game" in str(errors[0])


def test_a_game_with_another_edition_is_caught(tmp_path):
    """Tampering: game 1 played with an edition whose Galactic Bank is worth 3 coins: caught at its start line."""
    from .campaign import ROOT

    folder = copy(tmp_path)
    toml = (R.edition_dir / "professional.toml").read_text()
    edition = tmp_path / "rich.toml"
    edition.write_text(toml.replace('id = "galactic-bank"', 'id = "galactic-bank"\namount = 3', 1))
    assert edition.read_text() != toml and ROOT.exists()
    old = _start_header(folder, 1)
    header, session = make_header("four-planets", old["players"], seed=old["seed"], options=old["options"],
                                  meta=old["meta"], log_id=old["log_id"], edition_path=str(edition))
    build = Builder.new(header, session)
    build.draw_chance()
    (folder / "campaign-game1.jsonl").write_bytes(b"".join(line + b"\n" for line in build.lines))
    errors = validate_campaign(folder / "campaign.jsonl")
    assert line_of(errors, "campaign.edition") == (6, 5)


def test_an_arbiters_penalty_counts_in_the_campaign_totals(tmp_path):
    """Mini-Campaign (add up the VP of all three games): a penalty the arbiter gave in game 1 before it was linked
    counts in the totals, as `planets-log score` shows it."""
    from planets_log.audit.campaign_links import finished_game
    from planets_log.engine.rng import rng

    from .campaign import play_out

    path = tmp_path / "c.jsonl"
    runner = CliRunner()
    assert runner.invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3",
                               str(path)]).exit_code == 0
    runner.invoke(cli, ["campaign", "next", str(path)])
    hands = Campaign(path).state.hands
    started = runner.invoke(cli, ["campaign", "next", str(path), "--keep", f"Ann={hands[0][0]}", "--keep",
                                  f"Ben={hands[1][0]}"])
    assert started.exit_code == 0, started.output
    game1 = tmp_path / "c-game1.jsonl"
    play_out(game1, rng(1, "penalty"))
    plain = finished_game(game1).totals
    res = runner.invoke(cli, ["penalty", str(game1), "--seat", "Ann", "--points", "-3", "--reason", "slow play"])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["campaign", "next", str(path)]).exit_code == 0
    assert totals(Campaign(path).state) == [plain[0] - 3, plain[1]]
    assert validate_campaign(path) == []


def test_next_says_who_passes_and_when_the_campaign_is_over(tmp_path):
    """Mini-Campaign (after the first game): `next` tells the loser that the 2 not kept go to the winner; once the
    campaign is over it points to the score, and status says nothing is due."""
    folder = copy(tmp_path)
    camp = Campaign(folder / "campaign.jsonl")
    lines = (folder / "campaign.jsonl").read_bytes().splitlines(keepends=True)
    after_game1 = next(i for i, (_, e) in enumerate(camp.lines) if isinstance(e, CFinished))
    short = folder / "short.jsonl"
    short.write_bytes(b"".join(lines[:after_game1 + 2]))  # game 1 linked, the loser's deal made
    state = Campaign(short).state
    loser, winner_ = due(state)[1], 1 - due(state)[1]
    waiting = CliRunner().invoke(cli, ["campaign", "next", str(short)]).output
    assert f"passing the other 2 to {state.players[winner_]}" in waiting and state.players[loser] in waiting
    over = CliRunner().invoke(cli, ["campaign", "next", str(folder / "campaign.jsonl")])
    assert over.exit_code == 0 and "the campaign is over; the result: planets-log campaign score" in over.output
    shown = CliRunner().invoke(cli, ["campaign", "status", str(folder / "campaign.jsonl")]).output
    assert "next: nothing, the campaign is over" in shown


def test_a_linked_pipe_is_not_read(tmp_path):
    """A linked game replaced by a named pipe is refused at its start line instead of blocking validate."""
    import os

    folder = copy(tmp_path)
    game1 = folder / "campaign-game1.jsonl"
    game1.unlink()
    os.mkfifo(game1)
    errors = validate_campaign(folder / "campaign.jsonl")
    assert [(e.line, e.code) for e in errors] == [(6, "campaign.file")] and "not a plain file" in str(errors[0])


def test_the_game_being_played_is_validated_so_far(tmp_path):
    """`campaign validate` during an evening: the game started and not yet linked must be valid so far."""
    folder = copy(tmp_path)
    path = folder / "campaign.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:11]))  # up to game 2's start line
    assert validate_campaign(path) == []
    game2 = folder / "campaign-game2.jsonl"
    game2.write_bytes(game2.read_bytes() + b'{"type":"pass"}\n')
    errors = validate_campaign(path)
    assert [(e.line, e.code) for e in errors] == [(11, "campaign.game-invalid")] and "game2" in str(errors[0])


@pytest.mark.parametrize("players", [["Ann", "Ann"], ["Ann", "Ben", "Cy"], ["Ann"]])
def test_a_crafted_header_with_other_players_is_refused(tmp_path, players):
    """Mini-Campaign (two players): a campaign file whose header names other players is refused at line 1."""
    path = tmp_path / "c.jsonl"
    header = CampaignHeader(log_id="x", game="four-planets", players=players, seed=1)
    path.write_bytes(msgspec.json.encode(header) + b"\n")
    errors = validate_campaign(path)
    assert [(e.line, e.code) for e in errors] == [(1, "campaign.players")]
    result = CliRunner().invoke(cli, ["campaign", "status", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output and "2 players" in result.output


def test_a_decision_given_before_it_is_due_is_refused_and_nothing_written(tmp_path):
    """Mini-Campaign (before the first game): Ben's keep typed before Ann's, or Ben's deal before Ann's, is refused
    as `record` refuses a move: exit 1, the rule named, the campaign file byte for byte as it was; both given in
    their order are recorded."""
    path = tmp_path / "c.jsonl"
    runner = CliRunner()
    assert runner.invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--table",
                               str(path)]).exit_code == 0
    before = path.read_bytes()
    early = runner.invoke(cli, ["campaign", "next", str(path), "--deal", "Ben=tower,mint,museum"])
    assert early.exit_code == 1 and path.read_bytes() == before
    assert "[campaign.due]: --deal Ben is not due now" in early.output and early.output.rstrip().endswith(
        "(Mini-Campaign)") and "Ann is dealt 3 buildings" in early.output and "Traceback" not in early.output
    dealt = runner.invoke(cli, ["campaign", "next", str(path), "--deal", "Ann=tower,mint,museum", "--deal",
                                "Ben=mine,harbour,laboratory"])
    assert dealt.exit_code == 0, dealt.output
    before = path.read_bytes()
    early = runner.invoke(cli, ["campaign", "next", str(path), "--keep", "Ben=mine"])
    assert early.exit_code == 1 and path.read_bytes() == before and Campaign(path).state.owned == ((), ())
    assert "[campaign.due]: --keep Ben is not due now" in early.output and "Ann keeps 1 of the 3" in early.output
    assert f"campaign status {path} --seat Ann" in early.output and "(Mini-Campaign)" in early.output
    both = runner.invoke(cli, ["campaign", "next", str(path), "--keep", "Ann=tower", "--keep", "Ben=mine"])
    assert both.exit_code == 0 and Campaign(path).state.owned == (("tower",), ("mine",))
    late = runner.invoke(cli, ["campaign", "next", str(path), "--keep", "Ann=museum"])
    assert late.exit_code == 1 and "not over yet" in late.output and "(Mini-Campaign)" in late.output


def test_an_arbiters_declared_result_decides_the_games_winner(tmp_path):
    """Mini-Campaign (after the third game: tied totals go to the winner of game 3): a game result the arbiter
    declared instead of the computed one, with a reason, is the game's winner the campaign links."""
    from planets_log.audit.campaign_links import finished_game
    from planets_log.engine.rng import rng

    from .campaign import play_out

    path = tmp_path / "c.jsonl"
    runner = CliRunner()
    runner.invoke(cli, ["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3",
                        str(path)])
    runner.invoke(cli, ["campaign", "next", str(path)])
    hands = Campaign(path).state.hands
    runner.invoke(cli, ["campaign", "next", str(path), "--keep", f"Ann={hands[0][0]}", "--keep", f"Ben={hands[1][0]}"])
    game1 = tmp_path / "c-game1.jsonl"
    play_out(game1, rng(1, "result"))
    computed = finished_game(game1).winners
    loser = "Ben" if computed == (0,) else "Ann"
    res = runner.invoke(cli, ["result", str(game1), "--winner", loser, "--by", "arbiter", "--reason", "forfeit"])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["campaign", "next", str(path)]).exit_code == 0
    assert Campaign(path).state.results[0].winners == ((1,) if loser == "Ben" else (0,))
    assert validate_campaign(path) == []


# --- two readings the rulebook leaves open (docs/games/four-planets.md, Mini-Campaign decisions) -------------


def test_the_leader_cannot_decline_both_buildings_passed(tmp_path):
    """Mini-Campaign, after the first game: the winner *may choose* 1 of the 2 passed, read as a choice between the
    two, never of neither: before the second game each player has 2 buildings. A pick of none is refused at the
    command line (exit 1, the rule named, nothing written) with the reason."""
    folder = tmp_path / "c"
    shutil.copytree(fp_campaign.ROOT / "campaign-table", folder)
    path = folder / "campaign.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:9]))  # up to Ben's pick after game 1 (Ben won it 15 to 1)
    state = Campaign(path).state
    assert due(state) == ("pick", 1) and len(state.passed) == 2
    for declined in ("none", "-"):
        result = CliRunner().invoke(cli, ["campaign", "next", str(path), "--keep", f"Ben={declined}"])
        assert result.exit_code == 1 and "[campaign.pick]" in result.output, result.output
        assert "cannot decline both" in result.output and "start game 2 with 2 buildings" in result.output
        assert result.output.rstrip().endswith("(Mini-Campaign)") and path.read_bytes() == b"".join(lines[:9])
    assert refused(state, CPicked(by=1, building="")) == "campaign.pick"
    picked = play(state, CPicked(by=1, building=state.passed[0]))
    assert [len(o) for o in picked.owned] == [2, 2]


def test_a_game_won_on_the_colour_bonus_with_equal_vp_leaves_the_totals_tied():
    """Mini-Campaign, note on a tie in total VP: the campaign adds VP, and a game whose VP tie the colour bonus
    broke (Game End) adds the same to both, so the totals are tied: after game 1 there is no loser to draw, both are
    dealt 3 and keep 1, and the start tile is random; after game 2 the same. Only the campaign's own tie after game
    3 asks who won a game (game 3's winner, the colour bonus included)."""
    state = game(first_draft(), 1, (15, 15), winners=(1,))  # Ben won game 1 on the colour bonus
    assert totals(state) == [15, 15] and due(state) == ("deal", 0) and state.orienter == 0
    assert state.todo == (("deal", 0), ("deal", 1), ("keep", 0), ("keep", 1))
    state = play(state, CDealt(seat=0, buildings=("harbour", "laboratory", "mine")),
                 CDealt(seat=1, buildings=("museum", "shipyard", "telescope")),
                 CKept(by=0, building="mine"), CKept(by=1, building="museum"))
    state = game(state, 2, (10, 10), winners=(0,))  # Ann won game 2 on the colour bonus: 25 to 25
    assert due(state) == ("deal", 0) and state.todo[2:] == (("keep", 0), ("keep", 1)) and RULES.give(state)[1] == 0
    assert RULES.status(state)["next_orienter"] == "chance"
