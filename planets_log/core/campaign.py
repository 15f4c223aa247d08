"""Campaign records: a series of games kept as its own hash-chained JSON Lines file.

The core owns the file (header, seq, chain, append) and nothing of any game's campaign
rules: a game that has a campaign gives its `RULES.campaign`, an object with `events`
(msgspec Structs on the core's Event base), `start(header)`, `check(state, event)` (raises
IllegalEvent), `apply(state, event)`, `deal(state, rng)` (the seeded outcome at a chance
line, checked in a seeded campaign), and the helpers its commands need.

A campaign's seed is public (`seed`, for demos and tests) or committed, as a game's is
(core/commit.py): the header holds the commitment and the players' entropy, the secret is
in `CAMPAIGN.seed`, each game gets its own secret derived from the campaign's (revealed at
that game's end), and the campaign's secret is revealed when the campaign is over.
"""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence, Union, runtime_checkable

import msgspec

from .commit import commitment, effective_seed, find_reveal, parse_secret, read_secret
from .errors import IllegalEvent, PlanetsLogError, RecordError, UsageError
from .events import Chance, Commit, Event, Reveal, strip_place
from .record import append_lines, create_record, iter_lines, line_hash
from .registry import get_rules
from .rng import rng
from .strict import LineError, decode_line

if TYPE_CHECKING:
    from .events import Header
    from .record import RawLine
    from .rng import Stream

CAMPAIGN_FORMAT = "planets-log-campaign/1"
RULE = "format.md: campaigns"


class CampaignHeader(msgspec.Struct, tag_field="type", tag="campaign", frozen=True, forbid_unknown_fields=True,
                     kw_only=True):
    """Line 1 of a campaign record."""

    seq: int = 0
    format: str = CAMPAIGN_FORMAT
    log_id: str
    game: str
    players: list[str]
    seed: int | None
    meta: dict[str, str] = {}
    commit: Commit | msgspec.UnsetType = msgspec.UNSET
    """A committed secret seed's commitment (absent for a public seed or a table campaign)."""
    entropy: list[tuple[str, str]] | msgspec.UnsetType = msgspec.UNSET
    """Players' entropy (player, text), mixed into a committed seed."""


_HEADER = msgspec.json.Decoder(CampaignHeader)


@runtime_checkable
class StartedGame(Protocol):
    """A campaign line starting game number `game` in the record `file`."""

    game: int
    file: str
    log_id: str


@runtime_checkable
class FinishedGame(Protocol):
    """A campaign line linking the finished game `log_id`: its last line's hash, totals and winners."""

    game: int
    log_id: str
    head: str
    totals: Sequence[int]
    winners: Sequence[int]


class CampaignRules(Protocol):
    """What the core reads of a game's `RULES.campaign` (the campaign's state is the game's own)."""

    events: Sequence[type[Event]]

    def players_problem(self, players: list[str]) -> str | None: ...

    def start(self, header: CampaignHeader) -> Any: ...

    def check(self, state: Any, event: Event) -> None: ...

    def apply(self, state: Any, event: Event) -> Any: ...

    def deal(self, state: Any, rng: Stream) -> Event: ...

    def game_problem(self, started: Any, header: Header) -> PlanetsLogError | None: ...

    # what `planets-log campaign` asks of it

    def due(self, state: Any) -> tuple[str, int]: ...

    def plan(self, state: Any, keeps: dict[int, str], deals: dict[int, tuple[str, ...]],
             rng_for: Callable[[int], Stream] | None) -> tuple[list[Event], str]: ...

    def started(self, state: Any, file: str, log_id: str) -> Event: ...

    def finished(self, state: Any, linked: Linked) -> Event: ...

    def status(self, state: Any, seat: int | None = None) -> dict[str, Any]: ...

    def give(self, state: Any) -> tuple[str, int]: ...


def campaign_rules(game: str) -> CampaignRules:
    """The game's campaign rules, or a usage error when the game has none."""
    rules: CampaignRules | None = getattr(get_rules(game), "campaign", None)
    if rules is None:
        raise UsageError(f"{game} has no campaign", code="campaign.none")
    return rules


class Campaign:
    """A campaign record read and checked line by line: its header, state, head and lines."""

    def __init__(self, path: str | Path, seed_file: str | Path | None = None):
        self.path, self.name = Path(path), str(path)
        lines = iter_lines(path)
        first = next(lines, None)
        if first is None:
            raise RecordError("empty file: not a campaign record", file=self.name, code="campaign.empty")
        try:
            self.header: CampaignHeader = decode_line(_HEADER, first.data)
        except LineError as exc:
            game_record = first.data.startswith(b'{"type":"header"')
            exc.message = ("a game record, not a campaign record (validate it with planets-log validate)"
                           if game_record else f"not a campaign header: {exc.message}")
            raise exc.placed(self.name, 1, 0, 0) from None
        if self.header.format != CAMPAIGN_FORMAT:
            raise RecordError(f"format {self.header.format!r} is not {CAMPAIGN_FORMAT}", file=self.name, line=1, seq=0,
                              code="campaign.format", rule=RULE)
        self.rules = campaign_rules(self.header.game)
        problem = self.rules.players_problem(list(self.header.players))
        if problem:
            raise RecordError(problem, file=self.name, line=1, seq=0, code="campaign.players", rule=RULE)
        self._decoder = msgspec.json.Decoder(Union[tuple(self.rules.events) + (Reveal,)])
        self.state = self.rules.start(self.header)
        self.seq, self.head, self.lines = 0, line_hash(first.data), [(first, self.header)]
        self.secret = self._secret(seed_file)
        self.revealed: int | None = None
        for line in lines:
            self._fold(line)

    @property
    def committed(self) -> bool:
        """True for a campaign whose header commits to a secret seed."""
        return isinstance(self.header.commit, Commit)

    def _secret(self, seed_file: str | Path | None) -> bytes | None:
        """A committed campaign's secret: from its seed file when given, else from its reveal line (if any)."""
        if not isinstance(self.header.commit, Commit):
            return None
        if seed_file is not None:
            return read_secret(seed_file, self.header.log_id, self.header.commit.sha256)
        try:
            return find_reveal(iter_lines(self.path), self.header.commit.sha256)
        except RecordError:
            return None  # a damaged record: the fold reports where

    @property
    def draw_seed(self) -> int | None:
        """The seed deals are drawn from: the public seed, or the committed one once its secret is known."""
        if self.header.seed is not None or self.secret is None:
            return self.header.seed
        entropy = self.header.entropy if isinstance(self.header.entropy, list) else []
        return effective_seed(self.secret, tuple((player, text) for player, text in entropy))

    def _fold(self, line: RawLine) -> None:
        try:
            event = decode_line(self._decoder, line.data)
        except LineError as exc:
            raise exc.placed(self.name, line.number, None, line.offset) from None
        try:
            self.state = self.step(event)
        except IllegalEvent as exc:
            raise RecordError.at(self.name, line.number, event.seq, exc) from None
        self.seq, self.head = event.seq, line_hash(line.data)
        self.lines.append((line, event))

    def step(self, event: Event) -> Any:
        """The state after `event`, checked against the chain and the game's campaign rules."""
        if event.seq != self.seq + 1:
            raise IllegalEvent("seq", f"seq {event.seq} where {self.seq + 1} was due", RULE)
        if event.prev != self.head:
            raise IllegalEvent("chain", f"prev {event.prev[:12]}… does not match the line before: a line was "
                               "changed, removed or reordered", RULE)
        if isinstance(event, Reveal):
            return self._reveal(event)
        if isinstance(event, Chance) and self.draw_seed is not None:
            want = self.rules.deal(self.state, rng(self.draw_seed, f"campaign/{event.seq}"))
            if strip_place(want) != strip_place(event):
                raise IllegalEvent("chance.tampered", "this outcome is not the one the campaign's seed gives", RULE)
        self.rules.check(self.state, event)
        return self.rules.apply(self.state, event)

    def _reveal(self, event: Reveal) -> Any:
        """The committed secret revealed: checked against the commitment (once)."""
        if not isinstance(self.header.commit, Commit):
            raise IllegalEvent("reveal.not-committed", "this campaign has no committed seed to reveal", RULE)
        if self.revealed is not None:
            raise IllegalEvent("reveal.again", f"the seed was already revealed at seq {self.revealed}", RULE)
        try:
            parse_secret(event.secret, self.header.commit.sha256, "reveal")
        except UsageError as exc:
            raise IllegalEvent("reveal.mismatch", exc.message, RULE) from None
        self.revealed = event.seq
        return self.state

    def append(self, events: list[Event]) -> None:
        """Check `events` in order and append them in one write (nothing is written if one is refused)."""
        seq, head, state, raws = self.seq, self.head, self.state, []
        for event in events:
            event = msgspec.structs.replace(event, seq=self.seq + 1, prev=self.head)
            try:
                self.state = self.step(event)
            except IllegalEvent as exc:
                self.seq, self.head, self.state = seq, head, state
                raise RecordError.at(self.name, None, event.seq, exc) from None
            raw = msgspec.json.encode(event)
            raws.append(raw)
            self.seq, self.head = event.seq, line_hash(raw)
        if raws:
            append_lines(self.path, raws, seq, head)


def new_campaign(path: str | Path, game: str, players: list[str], seed: int | None,
                 meta: dict[str, str] | None = None, log_id: str | None = None, secret: bytes | None = None,
                 entropy: list[tuple[str, str]] | None = None) -> Campaign:
    """Create a campaign record (refusing to overwrite a file) and read it back; with `secret`, a committed one
    (its side file is the caller's to write)."""
    rules = campaign_rules(game)
    problem = rules.players_problem(players)
    if problem:
        raise UsageError(problem, code="campaign.players")
    header = CampaignHeader(log_id=log_id or secrets.token_hex(16), game=game, players=list(players), seed=seed,
                            meta=dict(meta or {}),
                            commit=Commit(sha256=commitment(secret)) if secret is not None else msgspec.UNSET,
                            entropy=list(entropy) if entropy else msgspec.UNSET)
    create_record(path, [msgspec.json.encode(header)])
    return Campaign(path)


def game_seed(seed: int | None, game: int) -> int | None:
    """The public seed of a campaign's game `game`: drawn from the campaign's public seed (None in a table campaign)."""
    return None if seed is None else rng(seed, f"campaign/game-{game}").below(2**31)


_GAME_SECRET = b"planets-log/campaign-game/1\x00"


def game_secret(campaign: Campaign, game: int) -> bytes | None:
    """The secret seed of game `game` of a committed campaign, derived from the campaign's (None while unknown)."""
    seed = campaign.draw_seed if campaign.committed else None
    if seed is None:
        return None
    return hashlib.sha256(_GAME_SECRET + seed.to_bytes(32, "big") + game.to_bytes(8, "big")).digest()


def linked_path(campaign: Campaign, name: str) -> Path:
    """A linked game's file: a plain relative path under the campaign's folder (never absolute, '..' or a symlink)."""
    rel = Path(name)
    if rel.is_absolute() or ".." in rel.parts or not name or "\\" in name:
        raise PlanetsLogError(f"linked file {name!r} must be a relative path inside the campaign's folder",
                              code="campaign.file")
    path = campaign.path.parent
    for part in rel.parts:
        path = path / part
        if path.is_symlink():
            raise PlanetsLogError(f"linked file {name!r}: {path} is a symbolic link; a campaign links only plain "
                                  "files in its own folder", code="campaign.file")
    if path.exists() and not path.is_file():
        raise PlanetsLogError(f"linked file {name!r} is not a plain file (a folder, a pipe or a device)",
                              code="campaign.file")
    return path


class Linked(msgspec.Struct, frozen=True):
    """A finished game as a campaign links it: its log id, last line's hash, totals and winners."""

    log_id: str
    head: str
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    header: Any


def finished_game(path: Path) -> Linked:
    """Validate a game record and read what a campaign links: it must be valid and over."""
    from .engine import Replay
    from .game import TERMINAL
    from .scoring import adjusted_sheet, result_check
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
    return Linked(replay.session.header.log_id, last.head, tuple(s.total for s in sheet.scores),
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
            from .engine import decode_header

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
