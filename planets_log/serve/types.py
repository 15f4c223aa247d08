"""The API's messages: msgspec Structs in and out (the OpenAPI document is generated from them)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from .limits import MAX_TEXT
from .types_phone import LayoutInfo as LayoutInfo, LegendLine as LegendLine, MoveOption as MoveOption
from .types_phone import SpotInfo as SpotInfo, ZoneInfo as ZoneInfo  # the board's messages (docs/phone.md)

Text = Annotated[str, Meta(max_length=MAX_TEXT)]
Reason = Annotated[str, Meta(min_length=1, max_length=MAX_TEXT)]
Name = Annotated[str, Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")]
Seq = Annotated[int, Meta(ge=0)]
Viewer = Literal["scorekeeper", "seat", "spectator"]


class Problem(Struct, kw_only=True):
    """Every refusal: the HTTP status, a stable code, the message; for a refused move the rule and where."""

    status: int
    code: str
    message: str
    rule: str | None = None
    seq: int | None = None
    index: int | None = None
    """Which of the posted moves was refused (0-based); none of them was written."""
    words: str | None = None
    """The refusal in plain words, to show before `message` (for a refused move: the move quoted, the rule it
    breaks); None where `message` says it plainly already."""


class OptionInfo(Struct, kw_only=True):
    default: Any
    help: str
    choices: list[Any] | None = None


class GameInfo(Struct, kw_only=True):
    """A game the server can record."""

    id: str
    title: str
    min_players: int
    max_players: int
    hidden_information: bool
    supports_kept_by: bool
    options: dict[str, OptionInfo]


class TableInfo(Struct, kw_only=True):
    """A table as a list shows it: game, players, how far, whose turn, whether it is over or has a problem."""

    name: str
    game: str | None = None
    title: str | None = None
    players: list[str] = msgspec.field(default_factory=list)
    seq: int = 0
    moves: int = 0
    to_move: str | None = None
    status: Literal["waiting", "chance", "over", "problem"] = "problem"
    public: bool = False
    delay: int = 0
    sealed: bool = False
    mode: str | None = None
    result: str | None = None
    problem: Problem | None = None
    last_move: str | None = None
    """The last move in words, as the caller may see it."""
    last_move_at: float | None = None
    """When the last move was written (UNIX seconds; after a restart, the record's last write); not for a
    spectator held back by a delay."""
    scores: str | None = None
    """The totals so far in words ("Ann 12, Ben 9"), where anyone may know them (a game with hidden information:
    at its end)."""


class HeaderInfo(Struct, kw_only=True):
    """A table's record header, as anyone who may follow the table may see it."""

    table: str
    game: str
    title: str
    players: list[str]
    log_id: str
    seed: Literal["public", "secret", "table"]
    kept_by: str | None
    options: dict[str, Any]
    meta: dict[str, str]
    edition: str
    hidden_information: bool
    notation_key: str


class PositionInfo(Struct, kw_only=True):
    """The position after line `seq`, as the caller may see it."""

    table: str
    seq: int
    last: int
    """The last seq the caller may see (a spectator's delay holds it back)."""
    viewer: Viewer
    seat: int | None
    round: int
    to_move: str | None
    chance: bool
    over: bool
    hint: str | None
    view: Any
    text: str
    layout: LayoutInfo | None = None
    """The position for a phone, drawn from `view` only."""
    words: str = ""
    """The layout in plain words, a sentence a zone (for a screen reader)."""


class MovesInfo(Struct, kw_only=True):
    """The legal moves after line `seq`, in notation (the `moves --json` answer)."""

    seq: int
    to_move: str | None
    chance: bool
    over: bool
    hint: str | None
    moves: list[str]
    withheld: bool
    options: list[MoveOption] = msgspec.field(default_factory=list)
    """One per entry of `moves`, in order, with its words and parts: only to whoever may record."""


class ScoreInfo(Struct, kw_only=True):
    """The score sheet (the `score --json` answer), or withheld where the caller may not know the totals."""

    seq: int
    withheld: bool
    sheet: Any | None = None
    declared: dict[str, str] | None = None
    missing_reveals: list[str] = msgspec.field(default_factory=list)


class Line(Struct, kw_only=True):
    """One line of the record as the caller may see it."""

    seq: int
    kind: Literal["action", "chance", "meta", "other"]
    type: str
    text: str
    by: str | None = None
    target: int | None = None
    """The line a note, a ruling or a retraction is about (a retraction takes back the standing lines from it on)."""
    reason: str | None = None
    """Why a line was taken back (a retraction) or let stand (a ruling)."""
    words: str | None = None
    """The line in plain words as the caller may know it; None where there is nothing more to say than `text`."""


class UndoPreview(Struct, kw_only=True):
    """What an undo would take back now, before it is confirmed: the standing lines from `target` on."""

    seq: int
    target: int | None
    """None: no typed line is left to take back."""
    lines: list[Line]


class LinesInfo(Struct, kw_only=True):
    table: str
    last: int
    lines: list[Line]


class MovesIn(Struct, kw_only=True, forbid_unknown_fields=True):
    """Moves in the game's notation, all written or none; `seq`: the last seq the client saw (else 409)."""

    seq: Seq
    moves: Annotated[list[Text], Meta(min_length=1)]
    by: Text | None = None


class UndoIn(Struct, kw_only=True, forbid_unknown_fields=True):
    seq: Seq
    reason: Reason
    to: Seq | None = None


class NoteIn(Struct, kw_only=True, forbid_unknown_fields=True):
    target: Seq
    text: Reason
    glyph: Annotated[str, Meta(max_length=2)] | None = None
    author: Text | None = None


class RulingIn(Struct, kw_only=True, forbid_unknown_fields=True):
    seq: Seq
    move: Text
    reason: Reason
    arbiter: Text | None = None


class PenaltyIn(Struct, kw_only=True, forbid_unknown_fields=True):
    seat: Text
    points: int
    reason: Reason
    arbiter: Text | None = None


class ResultIn(Struct, kw_only=True, forbid_unknown_fields=True):
    winners: list[Text] = msgspec.field(default_factory=list)
    by: Literal["players", "arbiter"] = "players"
    reason: Text | None = None


class Written(Struct, kw_only=True):
    """What a write added, as the caller sees it, and who is to move now."""

    table: str
    seq: int
    lines: list[Line]
    next: str


class NewTable(Struct, kw_only=True, forbid_unknown_fields=True):
    """A new table: its record `name`.jsonl in the served folder, as `planets-log new` makes it."""

    name: Name
    game: Text
    players: Annotated[list[Annotated[str, Meta(min_length=1, max_length=64)]], Meta(min_length=1, max_length=16)]
    seed: Literal["secret", "public", "table"] = "secret"
    public_seed: int | None = None
    kept_by: Text | None = None
    options: dict[Text, Text] = msgspec.field(default_factory=dict)
    meta: dict[Text, Text] = msgspec.field(default_factory=dict)
    entropy: dict[Text, Text] = msgspec.field(default_factory=dict)
    public: bool = False
    delay: Annotated[int, Meta(ge=0, le=1000)] = 0


class Link(Struct, kw_only=True):
    """A token, shown once, and the link that carries it in its fragment."""

    token_id: str
    role: Literal["director", "recorder", "seat"]
    table: str | None
    seat: int | None
    player: str | None
    token: str
    url: str
    qr: str
    """The link as a QR code, SVG text (for a phone's camera)."""


class PublicPage(Struct, kw_only=True):
    """A public table's game page, which anyone may follow (no token)."""

    url: str
    qr: str


class TableLinks(Struct, kw_only=True):
    """A table's live links (its recorder's, then each seat's), at the address the director's browser used."""

    table: str
    links: list[Link]
    unshown: int
    """Live links issued before links could be shown again (their secret is kept only as a hash): re-issue them."""
    public: PublicPage | None
    """The game page spectators open, when the table is public."""


class CreatedTable(Struct, kw_only=True):
    table: TableInfo
    links: list[Link]


class TableFlags(Struct, kw_only=True, forbid_unknown_fields=True):
    public: bool | None = None
    delay: Annotated[int, Meta(ge=0, le=1000)] | None = None


class NewLink(Struct, kw_only=True, forbid_unknown_fields=True):
    role: Literal["recorder", "seat"]
    seat: Text | None = None


class TokenInfo(Struct, kw_only=True):
    id: str
    role: str
    table: str | None
    seat: int | None
    revoked: bool


class Whoami(Struct, kw_only=True):
    """What the caller's token lets it do."""

    role: Literal["director", "recorder", "seat", "spectator"]
    table: str | None
    seat: int | None
    player: str | None


class AuditInfo(Struct, kw_only=True):
    """The audit of every record (the `audit --json` records) and the standings of the finished games."""

    records: list[dict[str, Any]]
    standings: dict[str, list[dict[str, Any]]]
