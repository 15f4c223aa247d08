"""Four Planets records kept by one player, beyond the colour bonus and the green draw: the opponent's
look-at-five cards (The Boost Tiles: drawn and looked at alone, one kept in hand, the rest shuffled back) and
the opponent's four buildings dealt (Professional Mode: dealt face down, the two chosen revealed before setup)."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli
from planets_log.record.errors import IllegalEvent
from planets_log.record.events import UNKNOWN, Meta
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.record.lines import line_hash
from planets_log.games.four_planets import events as E
from planets_log.games.four_planets import pro_events as P
from planets_log.games.four_planets.kept import nearest

LOOK_SEED = 43
"""A seeded game in which Ann (seat 1) takes the look-at-five tile: kept by Ben, her five cards are `?`."""


def kept_lines(full: Builder, keeper: int | None) -> tuple[list[str], list[str]]:
    """The lines the keeper types during the game (`?` for what they cannot see; the card their Observatorium
    shows at setup as soon as it is asked for), and the reveals at the end; keeper None: the scorekeeper's lines
    (everything typed)."""
    rules, session = full.session.rules, full.session
    pos = session.start(full.lines[0])
    typed, down, observed = [], [], set()
    for raw in full.lines[1:]:
        event, state = session.decode(raw), pos.state
        pos = session.step(pos, event, line_hash(raw))
        if isinstance(event, Meta):
            continue
        text = rules.format(event, state)
        if keeper is None:
            pass
        elif isinstance(event, E.BonusDealt):
            text = "bonus " + " ".join(c if i + 1 == nearest(keeper) else "?" for i, c in enumerate(event.cards))
        elif isinstance(event, E.Drawn) and state.turn != keeper:
            text, down = "draw ?", down + [event.card]
        elif isinstance(event, E.Placed) and typed[-1] == "draw ?":
            down[-1] = f"shown {state.players[event.by]} {event.colour} {down[-1]}"
        elif isinstance(event, E.Revealed) and state.turn != keeper:
            text = "reveal" + " ?" * len(event.cards)
        elif isinstance(event, E.Kept) and event.by != keeper:
            text = "keep ?"
        elif isinstance(event, P.BuildingsDealt):
            text = rules.format(event, state, keeper)  # the opponent's four as `?`
        typed.append(text)
        for p in (pos.state.pro.revealed if keeper is not None and pos.state.pro else ()):
            if p != nearest(keeper) and p not in observed:  # Professional Mode > Observatorium: asked for at once
                typed.append(f"shown bonus {p} {pos.state.bonus[p - 1]}")
                observed.add(p)
    bonus = pos.state.bonus
    shown = [f"shown bonus {i + 1} {c}" for i, c in enumerate(bonus)
             if i + 1 != nearest(keeper) and i + 1 not in observed]
    return typed, shown + down


def kept_record(full: Builder, keeper: int) -> Builder:
    """A new table record of the same game kept by `keeper`, every line typed through the gates."""
    head = json.loads(full.lines[0])
    header, session = make_header("four-planets", head["players"], seed=None, options=head["options"],
                                  log_id="kept", kept_by=keeper)
    build = Builder.new(header, session)
    for text in kept_lines(full, keeper)[0]:
        build.add(session.rules.parse(text, build.pos.state))
    return build


def add(build: Builder, *lines: str) -> Builder:
    for text in lines:
        build.add(build.session.rules.parse(text, build.pos.state))
    return build


def refused(build: Builder, text: str) -> str:
    before = build.pos
    with pytest.raises(IllegalEvent) as caught:
        add(build, text)
    assert build.pos is before
    return caught.value.code


def score(build: Builder):
    return build.session.rules.score(build.pos.state)


@pytest.fixture(scope="module")
def looked() -> Builder:
    full = selfplay("four-planets", LOOK_SEED, ["Ann", "Ben"], rng_version=1)  # the seed was chosen for v1 draws
    events = [full.session.decode(raw) for raw in full.lines[1:]]
    assert any(isinstance(e, E.Kept) and e.by == 0 for e in events)  # Ann looks at five
    return full


def test_the_opponents_look_at_five_is_typed_as_unknown_and_the_game_scores_as_the_full_record(looked):
    """The Boost Tiles (look at five): Ben keeps the record and never sees Ann's five cards nor the one she keeps."""
    kept = kept_record(looked, 1)
    lines = [raw for raw in kept.lines if b'"type":"reveal"' in raw or b'"type":"keep"' in raw]
    assert lines and all(b'"?"' in raw for raw in lines)
    _, reveals = kept_lines(looked, 1)
    assert kept.session.rules.missing_reveals(kept.pos.state)  # the colour bonus, Ann's face-down draws
    add(kept, *reveals)
    assert kept.session.rules.missing_reveals(kept.pos.state) == []
    assert score(kept) == score(looked)


def _at_the_look(looked: Builder, keeper: int | None, stop: type) -> tuple[Builder, list[str]]:
    """The kept record typed up to the first event of type `stop`; the rest of the lines."""
    typed, _ = kept_lines(looked, keeper)
    head = json.loads(looked.lines[0])
    header, session = make_header("four-planets", head["players"], seed=None, log_id="kept", kept_by=keeper)
    build = Builder.new(header, session)
    for i, text in enumerate(typed):
        if isinstance(session.rules.parse(text, build.pos.state), stop):
            return build, typed[i:]
        add(build, text)
    raise AssertionError("no such line")


def test_the_keeper_types_what_they_see_and_the_opponents_five_all_unknown(looked):
    """The Boost Tiles: the player who takes the tile looks at the five alone; the keeper types `?` for all or none."""
    build, rest = _at_the_look(looked, 1, E.Revealed)
    assert rest[0] == "reveal ? ? ? ? ?"
    assert refused(build, "reveal ? ? ? ? R0s") == "reveal.mixed"
    assert refused(build, "reveal ? ? ?") == "reveal.count"
    unseen = build.pos.state.unseen
    add(build, rest[0])
    assert build.pos.state.unseen == unseen + 5 and build.pos.state.pending.cards == ("?",) * 5
    assert refused(build, "keep R0s") == "keep.card"  # Ben cannot know which one she keeps
    add(build, "keep ?")
    ann = build.pos.state.seats[0]
    assert UNKNOWN in ann.hand and build.pos.state.unseen == unseen + 1  # the other four are deck cards again
    for seat in ("Ann", "Ben", None):
        view = build.session.rules.view(build.pos.state, None if seat is None else ["Ann", "Ben"].index(seat))
        assert UNKNOWN in json.dumps(view["seats"][0]["hand"])


def test_the_keepers_own_look_is_typed(looked):
    """The Boost Tiles: Ann keeps her own record, so she types the five cards she looks at."""
    build, rest = _at_the_look(looked, 0, E.Revealed)
    assert not rest[0].startswith("reveal ?")
    assert refused(build, "reveal ? ? ? ? ?") == "reveal.seen"


def test_a_look_is_not_unknown_in_a_record_kept_by_the_scorekeeper(looked):
    """'?' belongs to a record kept by one player: a scorekeeper's record types the five cards."""
    build, rest = _at_the_look(looked, None, E.Revealed)
    assert refused(build, "reveal ? ? ? ? ?") == "hidden.not-kept"


def test_the_kept_card_is_named_when_it_is_played_and_must_have_been_possible(looked):
    """Play Specialists: a card played that Ann holds only as '?' is her kept card, now seen; a card every copy of
    which has been seen since cannot be it; paying with the unseen card needs its name (Costs and Buying Power)."""
    build, rest = _at_the_look(looked, 1, E.Kept)
    add(build, rest[0])
    state = build.pos.state
    assert state.turn == 0 and state.pending is None
    seen = next(c for seat in state.seats for col in seat.up for c in col
                if c not in state.deck and c not in state.seats[0].hand)
    assert refused(build, f"p {seen}") == "play.card"
    assert refused(build, "p R0s -?") == "play.hidden"
    with pytest.raises(IllegalEvent) as caught:  # a crafted line: the notation never writes it
        build.add(E.Played(by=0, card=UNKNOWN))
    assert caught.value.code == "play.hidden"
    candidate = next(c for c in sorted(set(state.deck)) if c[1] == "0" and c not in state.seats[0].hand)
    add(build, f"p {candidate}")
    after = build.pos.state
    assert UNKNOWN not in after.seats[0].hand and after.unseen == state.unseen - 1
    assert candidate in after.seats[0].up["RYGPB".index(candidate[0])]


def test_kept_records_of_the_look_through_the_command_line(looked, runner, tmp_path):
    """The whole kept record typed at the command line validates; `score` names the missing reveals, and the
    views `--as` each seat never show the five cards or the kept one (the record does not hold them)."""
    typed, reveals = kept_lines(looked, 1)
    out = tmp_path / "kept.jsonl"
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--table",
                              "--kept-by", "Ben", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["record", str(out), *typed])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["validate", str(out)]).exit_code == 0
    assert "not yet revealed" in runner.invoke(cli, ["score", str(out)]).output
    text = out.read_text()
    look = next(json.loads(line) for line in text.splitlines() if '"type":"reveal"' in line)
    assert look["cards"] == ["?"] * 5
    for seat in ("Ann", "Ben"):
        res = runner.invoke(cli, ["replay", str(out), "--as", seat, "--format", "json"])
        assert res.exit_code == 0 and "Traceback" not in res.output
    res = runner.invoke(cli, ["record", str(out), *reveals])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["validate", str(out)]).exit_code == 0
    mine = json.loads(runner.invoke(cli, ["score", str(out), "--json"]).output)
    assert mine["final"] and "missing_reveals" not in mine
    assert [s["total"] for s in mine["scores"]] == [s.total for s in score(looked).scores]


# --- Professional Mode: the building deal --------------------------------------------------------------------


@pytest.fixture(scope="module")
def pro_game() -> Builder:
    return selfplay("four-planets", 5, ["Ann", "Ben"], {"professional": True}, rng_version=1)


@pytest.mark.parametrize("keeper", [0, 1])
def test_the_opponents_buildings_dealt_are_unknown_and_the_game_scores_as_the_full_record(pro_game, keeper, runner,
                                                                                          tmp_path):
    """Professional Mode: each player looks at the four buildings dealt to them; the two kept are revealed before
    setup (so they are named), the two returned to the box are never seen."""
    kept = kept_record(pro_game, keeper)
    deal = json.loads(kept.lines[1])
    assert deal["type"] == "buildings"
    mine = deal["buildings"][4 * keeper:4 * keeper + 4]
    theirs = deal["buildings"][4 * (1 - keeper):4 * (2 - keeper)]
    assert UNKNOWN not in mine and theirs == [UNKNOWN] * 4
    add(kept, *kept_lines(pro_game, keeper)[1])
    assert kept.pos.state.pro.owned == pro_game.pos.state.pro.owned
    assert score(kept) == score(pro_game)
    view = kept.session.rules.view(kept.pos.state, keeper)
    assert UNKNOWN not in json.dumps(view["pro"]["seats"][1 - keeper]["buildings"])
    path = tmp_path / "kept.jsonl"
    path.write_text(kept.text())
    res = runner.invoke(cli, ["validate", str(path)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["replay", str(path), "--at", "1", "--as", ["Ann", "Ben"][1 - keeper], "--format", "json"])
    dealt = json.loads(res.output)["state"]["pro"]["seats"]
    assert dealt[keeper]["dealt"] == ["?"] * 4 and dealt[1 - keeper]["dealt"] == ["?"] * 4  # the record holds no more


def _pro(keeper: int) -> Builder:
    header, session = make_header("four-planets", ["Ann", "Ben"], seed=None, options={"professional": True},
                                  log_id="kept", kept_by=keeper)
    return Builder.new(header, session)


def test_the_keeper_types_their_own_four_buildings():
    """Professional Mode: the keeper sees the four dealt to them."""
    build = _pro(0)
    assert refused(build, "buildings ? ? ? ? / ? ? ? ?") == "buildings.seen"
    assert refused(build, "buildings mint museum tower mint / ? ? ? ?") == "buildings.count"
    add(build, "buildings mint museum observatorium tower / ? ? ? ?")
    assert build.pos.state.pro.dealt[1] == ("?",) * 4


def test_the_opponents_choice_is_named_and_must_have_been_possible():
    """Professional Mode: the chosen buildings are revealed before the setup, so a '?' choice is refused, and a
    choice the keeper holds (it was dealt to them) cannot be the opponent's."""
    build = add(_pro(1), "buildings ? ? ? ? / mint museum observatorium tower")
    assert refused(build, "choose ? ?") == "choose.hidden"
    assert refused(build, "choose mint greenhouse") == "choose.card"  # mint was dealt to Ben, the keeper
    add(build, "choose greenhouse galactic-bank")
    pro = build.pos.state.pro
    assert pro.owned[0] == ("galactic-bank", "greenhouse") and "greenhouse" not in pro.pool
    assert refused(build, "choose greenhouse tower") == "choose.card"  # Ben keeps two of his own four
    add(build, "choose tower museum")
    assert build.pos.state.pro.step is None


def test_unknown_buildings_only_in_a_kept_record():
    """Professional Mode: a scorekeeper sees every building dealt."""
    header, session = make_header("four-planets", ["Ann", "Ben"], seed=None, options={"professional": True},
                                  log_id="t")
    build = Builder.new(header, session)
    assert refused(build, "buildings mint museum observatorium tower / ? ? ? ?") == "hidden.not-kept"
