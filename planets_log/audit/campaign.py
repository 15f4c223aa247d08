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

from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng
from planets_log.engine.seats import check_names
from planets_log.record.commit import commitment, effective_seed, find_reveal, parse_secret, read_secret
from planets_log.record.errors import IllegalEvent, PlanetsLogError, RecordError, UsageError
from planets_log.record.events import Chance, Commit, Event, Reveal, strip_place
from planets_log.record.lines import append_lines, create_record, iter_lines, line_hash
from planets_log.record.strict import LineError, decode_line

if TYPE_CHECKING:
    from planets_log.engine.rng import Stream
    from planets_log.record.events import Header
    from planets_log.record.lines import RawLine

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
    rule: str
    """The rulebook section the campaign follows (named by a refusal that no single line makes, such as linking a
    game not over)."""

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
        try:
            check_campaign_players(self.rules, list(self.header.players))
        except PlanetsLogError as exc:
            raise RecordError.at(self.name, 1, 0, exc) from None
        self._decoder = msgspec.json.Decoder(Union[tuple(self.rules.events) + (Reveal,)])
        self.state = self.rules.start(self.header)
        self.seq, self.head, self.lines = 0, line_hash(first.data), [(first, self.header)]
        self.secret = self._secret(seed_file)
        self.revealed: int | None = None
        for line in lines:
            self._fold(line)
        self._staged: list[bytes] = []
        self._written = (self.seq, self.head)

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

    def stage(self, events: list[Event]) -> None:
        """Check `events` in order after any staged before; nothing is written until `write_staged`."""
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
        self._staged += raws

    def write_staged(self) -> None:
        """Append every staged line in one write (the record must still end where it was read)."""
        if self._staged:
            append_lines(self.path, self._staged, self._written[0], self._written[1])
            self._staged, self._written = [], (self.seq, self.head)

    def append(self, events: list[Event]) -> None:
        """Check `events` in order and append them in one write (nothing is written if one is refused)."""
        self.stage(events)
        self.write_staged()


def check_campaign_players(rules: CampaignRules, players: list[str]) -> None:
    """The players a campaign is for, by the game's campaign rules, then the name rules every record keeps."""
    problem = rules.players_problem(players)
    if problem:
        raise PlanetsLogError(problem, code="campaign.players", rule=RULE)
    check_names(players)


def new_campaign_rules(game: str, players: list[str]) -> CampaignRules:
    """The campaign rules of `game` for a new campaign of `players`: a refusal is bad usage (exit 2)."""
    rules = campaign_rules(game)
    try:
        check_campaign_players(rules, players)
    except PlanetsLogError as exc:
        raise UsageError(exc.message, code=exc.code, rule=exc.rule) from None
    return rules


def new_campaign(path: str | Path, game: str, players: list[str], seed: int | None,
                 meta: dict[str, str] | None = None, log_id: str | None = None, secret: bytes | None = None,
                 entropy: list[tuple[str, str]] | None = None) -> Campaign:
    """Create a campaign record (refusing to overwrite a file) and read it back; with `secret`, a committed one
    (its side file is the caller's to write)."""
    new_campaign_rules(game, players)
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
    try:
        return _plain_file(campaign.path.parent, rel, name)
    except OSError as exc:  # a name too long for the file system, a folder that cannot be read
        raise PlanetsLogError(f"linked file {name!r} cannot be used: {exc.strerror or exc}",
                              code="campaign.file") from None


def _plain_file(folder: Path, rel: Path, name: str) -> Path:
    """`folder/rel`, refused if a part of it is a symlink or it is there and not a plain file."""
    path = folder
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
