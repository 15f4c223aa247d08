"""Checking a campaign's linked games: each finished game read and validated, the whole campaign validated."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from planets_log.record.commit import commitment
from planets_log.record.errors import PlanetsLogError, RecordError, UsageError
from planets_log.record.events import Commit, Event
from planets_log.record.lines import iter_lines

if TYPE_CHECKING:
    from planets_log.record.events import Header

from .campaign import RULE, Campaign, FinishedGame, Linked, StartedGame, game_secret, game_seed, linked_path


def finished_game(path: Path) -> Linked:
    """Validate a game record and read what a campaign links: it must be valid and over."""
    from planets_log.engine.replay import Replay
    from planets_log.engine.rules import TERMINAL
    from planets_log.engine.scoring import adjusted_sheet, result_check
    from planets_log.engine.sheet import known_totals

    from .validate import validate_file

    report = validate_file(str(path))
    if not report.valid:
        raise PlanetsLogError(f"{path} is not valid: {report.errors[0]}", code="campaign.game-invalid")
    replay = Replay(str(path))
    last = replay.final()
    rules = replay.session.rules
    if rules.to_move(last.state) != TERMINAL:
        raise PlanetsLogError(f"{path}: the game is not over yet; record it to its end, then link it again",
                              code="campaign.game-unfinished")
    sheet = adjusted_sheet(replay.session, last)  # an arbiter's penalties count, as in `planets-log score`
    winners = sheet.winners
    declared = last.arbiter.result
    if declared is not None and result_check(replay.session, last)[0] == "overridden":  # the arbiter's result stands
        winners = declared.winners
    return Linked(replay.session.header.log_id, last.head, tuple(known_totals(sheet)),
                  tuple(sorted(winners)), replay.session.header)


def validate_campaign(path: str | Path) -> list[RecordError]:
    """Every error of a campaign record: its own lines, then each linked game (valid, unchanged, as given)."""
    try:
        camp = Campaign(path)
    except UsageError:
        raise  # a missing or unreadable file is a usage problem (exit 2), not an invalid campaign
    except PlanetsLogError as exc:
        return [exc if isinstance(exc, RecordError) else RecordError.at(str(path), None, None, exc)]
    errors: list[RecordError] = []
    files: dict[str, Path | None] = {}
    linked = {event.log_id for _, event in camp.lines[1:] if isinstance(event, FinishedGame)}
    for line, event in camp.lines[1:]:
        problem = _link_problem(camp, event, files)
        if problem is None and isinstance(event, StartedGame) and event.log_id not in linked:
            problem = _in_progress_problem(files.get(event.log_id))
        if problem is not None:
            errors.append(RecordError.at(camp.name, line.number, event.seq, problem))
    return errors


def _in_progress_problem(path: Path | None) -> PlanetsLogError | None:
    """Why the game being played (started, not yet linked) is not valid so far, or None."""
    from .validate import validate_file

    if path is None:
        return None
    report = validate_file(str(path))
    if report.valid:
        return None
    return PlanetsLogError(f"the game being played, {path.name}, is not valid so far: {report.errors[0]}",
                           code="campaign.game-invalid", rule=RULE)


def _seats_and_seed(camp: Campaign, event: StartedGame, header: Header) -> PlanetsLogError | None:
    """Why a linked game's players or seed are not the campaign's, or None."""
    if list(header.players) != list(camp.header.players):
        return PlanetsLogError(f"{event.file} is played by {', '.join(header.players)}; the campaign's players are "
                               f"{', '.join(camp.header.players)}, in that seat order", code="campaign.players",
                               rule=RULE)
    if camp.committed:
        return _committed_game(camp, event, header)
    want = game_seed(camp.header.seed, event.game)
    if header.seed != want:
        told = "a table record (seed null)" if want is None else f"seed {want}, drawn from the campaign's seed"
        return PlanetsLogError(f"{event.file} has seed {header.seed}; game {event.game} of this campaign has {told}",
                               code="campaign.seed", rule=RULE)
    return None


def _committed_game(camp: Campaign, event: StartedGame, header: Header) -> PlanetsLogError | None:
    """Why a committed campaign's game does not commit to the secret the campaign gives it, or None."""
    if header.seed is not None or not isinstance(header.commit, Commit):
        return PlanetsLogError(f"{event.file} has {'a public seed' if header.seed is not None else 'no committed seed'};"
                               f" game {event.game} of this campaign has a secret seed derived from the campaign's",
                               code="campaign.seed", rule=RULE)
    secret = game_secret(camp, event.game)
    if secret is not None and header.commit.sha256 != commitment(secret):
        return PlanetsLogError(f"{event.file} commits to another seed than the one the campaign's secret gives game "
                               f"{event.game}", code="campaign.seed", rule=RULE)
    return None


def _link_problem(camp: Campaign, event: Event, files: dict[str, Path | None]) -> PlanetsLogError | None:
    try:
        if isinstance(event, StartedGame):
            files[event.log_id] = None  # reported here if refused, not again at its finish line
            path = files[event.log_id] = linked_path(camp, event.file)
            from planets_log.engine.header import decode_header

            first = next(iter_lines(path), None)
            header = decode_header(first.data if first else b"", str(path))
            if header.log_id != event.log_id:
                return PlanetsLogError(f"{event.file} is game {header.log_id}, not {event.log_id}", code="campaign.log-id",
                                       rule=RULE)
            problem = _seats_and_seed(camp, event, header)
            if problem is not None:
                return problem
            return camp.rules.game_problem(event, header)
        if isinstance(event, FinishedGame):
            if event.log_id not in files:
                return PlanetsLogError(f"game {event.log_id} was never started in this campaign", code="campaign.link",
                                       rule=RULE)
            done = files[event.log_id]
            if done is None:
                return None
            got = finished_game(done)
            if got.head != event.head:
                return PlanetsLogError(f"game {event.game} ({event.log_id}) changed since it was linked: it ends in "
                                       f"{got.head[:12]}…, linked at {event.head[:12]}…", code="campaign.changed", rule=RULE)
            if (got.totals, got.winners) != (tuple(event.totals), tuple(event.winners)):
                return PlanetsLogError(f"game {event.game} scores {list(got.totals)}, linked as {list(event.totals)}",
                                       code="campaign.totals", rule=RULE)
    except PlanetsLogError as exc:
        return exc
    return None
