"""Professional Mode and the buildings (Components, building cards): one test per effect, citing its section."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from planets_log.engine.edition import load_edition
from planets_log.record.errors import IllegalEvent, PlanetsLogError
from planets_log.record.events import strip_place
from planets_log.engine.rules import CHANCE
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.engine.rng import rng
from planets_log.games.four_planets import events as E
from planets_log.games.four_planets import pro_events as P
from planets_log.games.four_planets.buildings import Pro, check_buildings
from planets_log.games.four_planets.edition import FourPlanetsEdition
from planets_log.games.four_planets.state import Pending
from planets_log.games.four_planets.view import visible_bonus

from .helpers import PLAYERS, R, position, replace, run

SETUP = ["bonus R2v3s Y0s G1v1s B0s", "deal R1ss G0s / P1ss B0s / Y2v2s R0s / G2v1ss B1v1s",
         "boosts search look5 discount copy vp4"]
PRO_EDITION = load_edition(R, options={"professional": True}).data


def pro(buildings: str = "", orienter: int = 0, seed: int | None = None) -> Builder:
    """A professional record: table (seed None) or seeded; `buildings` given as in a campaign game."""
    options = {"professional": True, "buildings": buildings, "orienter": orienter}
    header, session = make_header("four-planets", PLAYERS, seed=seed, options=options, log_id="fp-pro-test")
    return Builder.new(header, session)


def refused(build: Builder, text: str) -> IllegalEvent:
    """The error a move typed now gets."""
    with pytest.raises(IllegalEvent) as caught:
        run(build, text)
    return caught.value


def with_buildings(state, seat0=(), seat1=(), **fields):
    """A hand-made position given buildings (professional part added)."""
    return replace(state, pro=Pro(tuple(PRO_EDITION.buildings), owned=(tuple(seat0), tuple(seat1)), **fields))


# --- Professional Mode: deal 4, keep 2 ----------------------------------------------------


def test_professional_deals_four_each_and_keeps_two():
    """Professional Mode: 4 buildings dealt to each player at random; each keeps 2."""
    build = pro(seed=5)
    build.draw_chance()
    state = build.pos.state
    assert state.pro.step == "choose" and [len(d) for d in state.pro.dealt] == [4, 4]
    assert not set(state.pro.dealt[0]) & set(state.pro.dealt[1])
    assert R.to_move(state) == 0 and len(R.legal(state)) == 6
    other = state.pro.dealt[1][0]
    assert refused(build, f"choose {state.pro.dealt[0][0]} {other}").code == "choose.card"
    assert refused(build, "choose " + " ".join(state.pro.dealt[0][:3])).code == "choose.count"
    run(build, "choose " + " ".join(state.pro.dealt[0][:2]))
    assert R.to_move(build.pos.state) == 1
    run(build, "choose " + " ".join(state.pro.dealt[1][2:]))
    after = build.pos.state
    assert after.pro.step is None and after.pro.owned == (state.pro.dealt[0][:2], state.pro.dealt[1][2:])
    assert after.phase == "setup-bonus" and after.pro.dealt == ((), ())  # the rest back in the box


def test_choice_hidden_until_both_have_chosen():
    """Professional Mode: the chosen buildings are revealed only when both have chosen."""
    build = pro(seed=5)
    build.draw_chance()
    dealt = build.pos.state.pro.dealt
    before = build.pos.state
    run(build, "choose " + " ".join(dealt[0][:2]))
    choice = msgspec.json.decode(build.lines[-1], type=P.BuildingsChosen)
    assert R.format(choice, before, seat=1) == "choose ? ?"
    assert R.format(choice, before, seat=0) == "choose " + " ".join(dealt[0][:2])
    mid = build.pos.state
    assert R.view(mid, 1)["pro"]["seats"][0]["buildings"] == ["?", "?"]
    assert R.view(mid, 1)["pro"]["seats"][0]["dealt"] == ["?"] * 4
    assert "chosen (hidden until both have chosen)" in R.render(mid, 1)
    run(build, "choose " + " ".join(dealt[1][:2]))
    assert R.view(build.pos.state, 1)["pro"]["seats"][0]["buildings"] == list(dealt[0][:2])


def test_deal_as_one_seat_sees_it():
    """Professional Mode: a player sees their own 4 buildings, not the opponent's."""
    build = pro(seed=5)
    state = build.pos.state
    deal = R.chance(state, rng(5, "t"))
    text = R.format(deal, state, seat=0)
    assert text.endswith("/ ? ? ? ?") and "?" not in text.split("/")[0]
    assert R.parse(R.format(deal, state), state) == deal


def test_base_game_refuses_buildings():
    """Professional Mode: buildings only with option professional=true."""
    header, session = make_header("four-planets", PLAYERS, seed=None, log_id="fp-base")
    build = Builder.new(header, session)
    assert refused(build, "buildings tower mint museum mine / harbour laboratory telescope shipyard").code == "pro.off"


def test_buildings_option_needs_professional():
    """Mini-Campaign options (buildings, orienter) belong to professional games."""
    with pytest.raises(PlanetsLogError, match="need professional=true"):
        header, session = make_header("four-planets", PLAYERS, seed=None, options={"buildings": "tower/mint"})
        Builder.new(header, session)


def test_base_record_keeps_its_header():
    """A record without professional mode keeps today's header: no new option, the reference edition."""
    header, _ = make_header("four-planets", PLAYERS, seed=1)
    assert header.options == {"first_game": False} and header.edition.name == "reference"


# --- the five named buildings ---------------------------------------------------------------


def test_observatorium_reveals_the_card_nearest_the_opponent():
    """Observatorium (Components, building cards): at setup the bonus card nearest the opponent is known to both."""
    build = run(pro("observatorium/mint"), *SETUP, "start Ann")
    state = build.pos.state
    assert visible_bonus(state, 0) == ["R2v3s", None, None, "B0s"]
    plain = run(pro("mint/museum"), *SETUP, "start Ann").pos.state
    assert visible_bonus(plain, 0) == ["R2v3s", None, None, None]


def test_tower_chooses_the_side_recruiting_starts():
    """Tower (Components, building cards): after dispatch the owner decides from which end recruiting begins."""
    build = run(pro("mint/tower"), *SETUP, "start Ann", "d1x2", "d1", "d2", "d2", "d3", "d4x2")
    state = build.pos.state
    assert state.pro.step == "side" and R.to_move(state) == 1
    assert refused(build, "r1 R1ss").code == "turn"  # Ann may not recruit: Ben decides the side first
    with pytest.raises(IllegalEvent) as caught:
        R.check(state, E.Recruited(by=1, planet=1, card="R1ss"))
    assert caught.value.code == "pro.due"
    run(build, "side right")
    state = build.pos.state
    assert state.cursor == 3 and [e.planet for e in R.legal(state)] == [4, 4]
    assert refused(build, "r1 R1ss").code == "recruit.planet"
    run(build, "r4 G2v1ss", "r3 Y2v2s", "r2 P1ss", "r1 R1ss")
    assert build.pos.state.phase == "play"


def test_tower_left_keeps_the_usual_order():
    """Tower: choosing the left end recruits planet 1 first, as without the building."""
    build = run(pro("mint/tower"), *SETUP, "start Ann", "d1x2", "d1", "d2", "d2", "d3", "d4x2", "side left")
    assert build.pos.state.cursor == 0 and R.to_move(build.pos.state) == 0


def test_greenhouse_takes_a_green_card_face_up():
    """Greenhouse (interpreted, see docs): after setup the first green card of the deck goes face up in the green column."""
    build = run(pro("greenhouse/mint"), *SETUP, "start Ann")
    state = build.pos.state
    assert R.to_move(state) == CHANCE and state.pro.step == "card"
    assert refused(build, "card greenhouse R0s").code == "building-card.card"
    assert refused(build, "card mint G0s").code == "building-card.building"
    run(build, "card greenhouse G1v1s")
    after = build.pos.state
    assert after.seats[0].up[2] == ("G1v1s",) and len(after.deck) == len(state.deck) - 1
    assert after.pro.step is None and R.to_move(after) == 0
    assert R.score(after).scores[0].breakdown["cards"] == 1


def test_tech_tornillo_stores_a_boost_tile_for_five_vp():
    """Tech-Tornillo (Components, building cards): a boost tile taken may be stored instead of used: 5 VP each."""
    state = with_buildings(position({"up": ((), (), (), ("P1ss",), ())}, pending=Pending("take"),
                                    tiles=("search", "vp4")), ["tech-tornillo"], ["mint"])
    moves = R.legal(state)
    assert P.BoostStored(by=0, tile="search") in moves
    event = P.BoostStored(by=0, tile="search")
    R.check(state, event)
    after = R.apply(state, event)
    assert after.tiles == ("vp4",) and after.pending is None and after.seats[0].tiles == ()
    assert R.score(after).scores[0].breakdown["buildings"] == 5
    with pytest.raises(IllegalEvent) as caught:
        R.check(with_buildings(state, ["mint"], ["tech-tornillo"]), event)
    assert caught.value.code == "store.building"
    with pytest.raises(IllegalEvent) as caught:
        R.check(replace(state, pending=None), event)
    assert caught.value.code == "store.not-due"


def test_galactic_bank_is_one_coin_once_per_game():
    """Galactic Bank (Components, building cards): once per game it is used as 1 coin, then turned over."""
    state = with_buildings(position({"hand": ("G1v1s",)}), ["galactic-bank"], ["mint"])
    with pytest.raises(IllegalEvent):
        R.check(state, E.Played(by=0, card="G1v1s"))
    use = P.BuildingUsed(by=0, building="galactic-bank")
    assert use in R.legal(state)
    R.check(state, use)
    after = R.apply(state, use)
    assert after.credit == 1 and after.pro.used == ("galactic-bank",)
    R.check(after, E.Played(by=0, card="G1v1s"))
    assert use not in R.legal(after)
    with pytest.raises(IllegalEvent) as caught:
        R.check(after, use)
    assert caught.value.code == "use.turned-over"
    assert "Galactic Bank (turned over)" in R.render(after)


# --- the reconstructed vocabulary -----------------------------------------------------------


def test_setup_gains_parts_coins_and_marker_moves():
    """Reconstructed setup effects (gain-part, gain-coin, move-marker) apply when setup ends (Professional Mode)."""
    state = run(pro("mint,shipyard/telescope"), *SETUP, "start Ann").pos.state
    assert (state.seats[0].parts, state.seats[0].left, state.seats[0].coins) == (5, 5, 1)
    assert state.seats[1].moves == 1 and visible_bonus(state, 1) == [None, None, "G1v1s", "B0s"]


def test_vp_per_card_building_scores_at_the_end():
    """Reconstructed scoring effect (vp-per-card): 1 VP per own specialist of the building's colour."""
    state = with_buildings(position({"up": ((), (), (), ("P1ss", "P0s"), ())}), ["museum"], ["botanic-garden"])
    assert [s.breakdown["buildings"] for s in R.score(state).scores] == [2, 0]


def test_start_tile_turned_by_the_orienter():
    """Mini-Campaign: the named player decides the start tile's direction (no random orientation)."""
    build = run(pro("mint/museum", orienter=2), *SETUP)
    assert R.to_move(build.pos.state) == 1
    with pytest.raises(IllegalEvent) as caught:
        run(build, "start Ann")
    assert caught.value.code == "chance.unexpected"
    run(build, "orient Ann")
    assert build.pos.state.spaceship == 0 and R.to_move(build.pos.state) == 0


# --- edition data and whole games -------------------------------------------------------------


def test_professional_edition_is_the_reference_plus_buildings():
    """Components: the professional edition has the reference specialists and tiles and 15 buildings."""
    ref = load_edition(R).data
    assert PRO_EDITION.cards == ref.cards and PRO_EDITION.tiles == ref.tiles
    named = {b.id: b for b in PRO_EDITION.buildings}
    assert len(named) == 15 and sum(b.reconstructed for b in PRO_EDITION.buildings) == 10
    assert not any(named[b].reconstructed for b in ("observatorium", "tower", "greenhouse", "tech-tornillo",
                                                    "galactic-bank"))
    assert named["greenhouse"].interpreted and named["galactic-bank"].once


@pytest.mark.parametrize("change, message", [
    ({"effect": "fly"}, "is not one of"), ({"when": "scoring"}, "happens at"), ({"colour": None}, "a colour"),
])
def test_edition_buildings_must_use_the_vocabulary(change, message):
    """An edition's buildings use only effects the engine implements, at their moment."""
    entries = [msgspec.structs.replace(b, **change) if b.id == "greenhouse" else b for b in PRO_EDITION.buildings]
    with pytest.raises(ValueError, match=message):
        check_buildings(entries)
    assert isinstance(PRO_EDITION, FourPlanetsEdition)


@pytest.mark.parametrize("seed", range(3))
def test_a_building_action_not_due_is_refused(seed):
    """Professional Mode: in a play turn with no building step due, choosing a Tower side is refused."""
    from tests.support.positions import positions

    refusals = 0
    for state, _ in positions(selfplay("four-planets", seed, options={"professional": True})):
        if R.to_move(state) >= 0 and state.pro.step is None and state.phase == "play" and state.pending is None:
            with pytest.raises(IllegalEvent):
                R.check(state, P.SideChosen(by=state.turn, side="left"))
            refusals += 1
    assert refusals > 0


def test_resampled_hidden_buildings_look_the_same_to_the_seat():
    """Professional Mode: redrawing what Ben cannot see (Ann's deal and choice) leaves Ben's view unchanged."""
    from planets_log.games.four_planets.pro_view import resample_hidden

    build = pro(seed=5)
    build.draw_chance()
    run(build, "choose " + " ".join(build.pos.state.pro.dealt[0][:2]))
    state = build.pos.state
    seen = set()
    for i in range(8):
        other = resample_hidden(state, 1, rng(i, "resample"))
        assert R.view(other, 1) == R.view(state, 1) and R.render(other, 1) == R.render(state, 1)
        seen.add(other.pro.dealt[0])
    assert len(seen) > 1


def test_professional_twin_is_fresh():
    """The professional edition's parsed twin matches its TOML (python -m planets_log.engine.edition FILE.toml)."""
    import hashlib

    from planets_log.engine.edition import twin_path

    toml = R.edition_dir / "professional.toml"
    twin = msgspec.json.decode(twin_path(toml).read_bytes())
    assert twin["toml_sha256"] == hashlib.sha256(toml.read_bytes()).hexdigest()


@pytest.mark.parametrize("text", ["buildings mine mint museum / tower shipyard telescope harbour laboratory",
                                  "buildings mine mint / museum tower / shipyard telescope harbour laboratory"])
def test_a_typed_deal_keeps_four_on_each_side_of_the_slash(text):
    """Professional Mode: 4 buildings dealt to each player; a typed deal split 3/5 is refused, not read as 4/4."""
    from planets_log.record.errors import NotationError

    state = pro().pos.state
    with pytest.raises(NotationError, match="4 buildings"):
        R.parse(text, state)
    good = R.parse("buildings mine mint museum tower / shipyard telescope harbour laboratory", state)
    assert good.buildings[:4] == ("mine", "mint", "museum", "tower")


# --- chance at the buildings, and what the contract suite's professional playouts reach ------

def building_chances(build) -> list:
    """(state, event) of each building chance line: the deal and each take-card building's card."""
    from tests.support.positions import positions

    return [(state, event) for state, event in positions(build) if isinstance(event, P.PRO_CHANCE)]


def pro_playouts(seeds: range):
    """The contract suite's professional playouts (tests/support/playouts.py)."""
    from tests.support.playouts import TABLE, build

    return [build("four-planets", c, s) for c in TABLE["four-planets"] if c.options.get("professional")
            for s in seeds]


def test_chance_outcomes_of_the_building_deal():
    """Professional Mode: 4 buildings dealt to each of 2 players from 15, in order: 15!/7! outcomes, sampled as
    seeded."""
    state, _ = building_chances(selfplay("four-planets", 3, options={"professional": True}))[0]
    outcomes = R.chance_outcomes(state)
    assert outcomes.listed is None and outcomes.count == 15 * 14 * 13 * 12 * 11 * 10 * 9 * 8
    assert strip_place(outcomes.sampler(rng(3, "chance/0"))) == strip_place(R.chance(state, rng(3, "chance/0")))
    R.check(state, outcomes.sampler(rng(99, "x")))


def test_chance_outcomes_of_a_building_card():
    """Components (building cards): a take-card building finds each card of its colour left in the deck, as often
    as the deck holds it; the seeded card is one of them."""
    found = 0
    for build in pro_playouts(range(3)):
        for state, event in building_chances(build):
            if not isinstance(event, P.BuildingCard):
                continue
            listed = R.chance_outcomes(state).listed
            assert sum(p for _, p in listed) == 1
            in_deck = [c for c in state.deck if c[0] == event.card[0]]
            assert {o.card: p for o, p in listed} == {c: Fraction(in_deck.count(c), len(in_deck)) for c in in_deck}
            assert strip_place(event) in [strip_place(o) for o, _ in listed]
            found += 1
    assert found > 0


def test_the_contract_suites_professional_playouts_reach_every_building_event():
    """Professional Mode: the playouts the contract suite checks (legality both ways, a changed outcome of every
    kind caught at seed 3) hold every building action and both kinds of building chance line."""
    from tests.support.positions import positions

    seen = {type(e) for build in pro_playouts(range(4)) for _, e in positions(build) if e is not None}
    assert set(P.PRO_ACTIONS) <= seen
    at_seed_3 = {type(e) for build in pro_playouts(range(3, 4)) for _, e in building_chances(build)}
    assert at_seed_3 == {P.BuildingsDealt, P.BuildingCard}
