"""The record's line types: the header, and the base classes of every event.

Each game defines its events as frozen msgspec Structs that subclass `Action` (a seat's
decision, with `by`) or `Chance` (what randomness revealed). The core adds the meta
events `note` and `retract`, which every game's records may hold.
"""

from typing import Any, Literal, TypeVar

import msgspec

FORMAT = "planets-log/1"
GLYPHS = ("!!", "!", "!?", "?!", "?", "??")


class Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, kw_only=True):
    """Any line after the header: its position and the hash of the line before it."""

    seq: int = 0
    prev: str = ""
    implied: Literal[True] | msgspec.UnsetType = msgspec.UNSET
    """Set on a declined step the recorder wrote before the typed line that implied it (`Rules.noop`):
    `undo` takes it back with that line. Left out when unset, so every other line keeps its bytes."""


class Action(Event, frozen=True):
    """A decision of the seat `by` (0-based seat index)."""

    by: int


class Chance(Event, frozen=True):
    """An outcome of chance: a deal, a draw, a die landing."""


UNKNOWN = "?"
"""What a record kept by one player (`kept_by`) types for a part of an outcome that player cannot see."""


class Disclosure(Event, frozen=True):
    """A later line of a kept record naming what it typed as `?` (a card shown, played or scored).

    Not an action nor a chance outcome: it may come at any point, after the game's end too;
    the game checks that the card was possible when it was hidden.
    """


class Meta(Event, frozen=True):
    """An event about the record rather than the table; never changes the game state."""


class Note(Meta, tag="note", frozen=True):
    """An annotation of the line `target`."""

    target: int
    text: str
    glyph: str | None = None
    author: str | None = None


class Retract(Meta, tag="retract", frozen=True):
    """Takes back the standing line `target` and every line after it (a table game's typed
    outcomes included; a seeded game's outcomes go with their action)."""

    target: int
    reason: str | None = None


class Ruling(Meta, tag="ruling", frozen=True):
    """The arbiter lets the action at `target` (a later line) stand although a rule forbids it."""

    target: int
    reason: str
    arbiter: str | None = None


class Penalty(Meta, tag="penalty", frozen=True):
    """A score adjustment for `seat` (negative for a penalty), with its reason."""

    seat: int
    points: int
    reason: str
    arbiter: str | None = None


class Result(Meta, tag="result", frozen=True):
    """A declared result: by the players, or by the arbiter (with a reason when it overrides, and who)."""

    winners: list[int]
    declared_by: str = "players"
    reason: str | None = None
    arbiter: str | msgspec.UnsetType = msgspec.UNSET
    """Who declared it, for the arbiter (absent otherwise, and in records made before it was asked)."""


class Seal(Meta, tag="seal", frozen=True):
    """The organiser's signature over the record so far: its id, length and head hash.

    `sig` signs `seal_message(log_id, events, head)` (HMAC-SHA256 or Ed25519); nothing may
    follow a seal.
    """

    log_id: str
    events: int
    head: str
    alg: str
    key_id: str
    sig: str


def seal_message(log_id: str, events: int, head: str) -> bytes:
    """The exact bytes a seal signs."""
    return f"planets-log/seal/1\n{log_id}\n{events}\n{head}".encode()


HMAC = "hmac-sha256"
ED25519 = "ed25519"
ALGS = (HMAC, ED25519)
KEY_ID_HEX = 16
SIG_HEX = {HMAC: 64, ED25519: 128}
"""The one spelling of each algorithm's signature: lower-case hex of 32 (HMAC) or 64 (Ed25519) bytes."""
_LOWER_HEX = frozenset("0123456789abcdef")


def seal_problem(seal: Seal) -> str | None:
    """Why a seal is malformed (unknown algorithm, key id or signature not in canonical form), or None."""
    if seal.alg not in SIG_HEX:
        return f"unknown seal algorithm {seal.alg!r} (known: {', '.join(ALGS)})"
    if len(seal.key_id) != KEY_ID_HEX or not set(seal.key_id) <= _LOWER_HEX:
        return f"the key id must be {KEY_ID_HEX} lower-case hex digits, not {seal.key_id!r}"
    want = SIG_HEX[seal.alg]
    if len(seal.sig) != want or not set(seal.sig) <= _LOWER_HEX:
        return f"a {seal.alg} signature is {want} lower-case hex digits; this one is not ({len(seal.sig)} characters)"
    return None


class Entropy(Meta, tag="entropy", frozen=True):
    """A player's entropy, mixed into a committed seed (only before the first draw)."""

    player: str
    text: str


class Reveal(Meta, tag="reveal-seed", frozen=True):
    """The committed secret seed, revealed (hex): every draw before it becomes verifiable."""

    secret: str


ARBITER_EVENTS: tuple[type[Event], ...] = (Ruling, Penalty, Result, Seal, Entropy, Reveal)
CORE_EVENTS: tuple[type[Event], ...] = (Note, Retract) + ARBITER_EVENTS


class Commit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A committed secret seed: the hex SHA-256 of the secret (see core.commit)."""

    sha256: str


class EditionRef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Which component data a record was made with."""

    name: str
    sha256: str


class EmbeddedEdition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The component data file a record was made with, when it is not the reference edition."""

    suffix: str
    text: str


class Header(msgspec.Struct, tag_field="type", tag="header", frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Line 1 of every record."""

    seq: int = 0
    format: str = FORMAT
    log_id: str
    game: str
    rules: int
    edition: EditionRef
    options: dict[str, Any] = {}
    players: list[str]
    seed: int | None
    meta: dict[str, str] = {}
    edition_file: EmbeddedEdition | msgspec.UnsetType = msgspec.UNSET
    """The edition's file itself, for a record not made with the reference edition (its
    SHA-256 is `edition.sha256`), so the record replays anywhere without `--edition`."""
    kept_by: int | msgspec.UnsetType = msgspec.UNSET
    """The seat of the player keeping this record (`new --kept-by`): outcomes that player cannot
    see are `?`. Left out of the line when unset, so other records keep their bytes."""
    commit: Commit | msgspec.UnsetType = msgspec.UNSET
    """Present only in a game with a committed secret seed (then `seed` is null)."""
    rng: Literal[2] | msgspec.UnsetType = msgspec.UNSET
    """The seeded streams' version (core/rng.py); absent in version-1 records, so their bytes stay."""


def is_action(event: Event) -> bool:
    """True for a seat's decision."""
    return isinstance(event, Action)


def is_chance(event: Event) -> bool:
    """True for a chance outcome."""
    return isinstance(event, Chance)


EventT = TypeVar("EventT", bound=Event)


def strip_place(event: EventT) -> EventT:
    """The event without its place in the record (seq, prev, the `implied` mark), for comparing contents."""
    return msgspec.structs.replace(event, seq=0, prev="", implied=msgspec.UNSET)
