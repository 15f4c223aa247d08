"""Committed secret seeds: commit, mix in the players' entropy, reveal.

A real game's seed is a 256-bit secret made by `new`. The header holds only its
commitment (SHA-256 of the secret, with a domain prefix); the secret stays in a side file
beside the record (`RECORD.seed`, mode 0600), from which the engine draws while recording.
Players may add entropy (`entropy` lines, before the first draw); the seed the draws come
from is a hash of the secret and every entropy line, so neither the organiser nor any
player alone can choose it. When the game ends the secret is revealed in the record
(`reveal`), and every draw becomes verifiable. See docs/security.md.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import msgspec

from .errors import UsageError, write_failed
from .files import read_capped, write_all

if TYPE_CHECKING:
    from .lines import RawLine

SECRET_BYTES = 32
_COMMIT = b"planets-log/seed-commit/1\x00"
_SEED = b"planets-log/seed/1\x00"
REVEAL_MARK = b'"type":"reveal-seed"'


def new_secret() -> bytes:
    """A fresh 256-bit secret seed."""
    import secrets  # only a new record draws one: replay starts faster

    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> str:
    """The header's commitment to `secret` (hex SHA-256)."""
    return hashlib.sha256(_COMMIT + secret).hexdigest()


def effective_seed(secret: bytes, entropy: tuple[tuple[str, str], ...]) -> int:
    """The seed the draws come from: the secret and every player's entropy, hashed (256 bits)."""
    h = hashlib.sha256(_SEED + secret)
    for player, text in entropy:
        for part in (player.encode(), text.encode()):
            h.update(len(part).to_bytes(8, "big") + part)
    return int.from_bytes(h.digest(), "big")


def parse_secret(text: str, commit: str, where: str) -> bytes:
    """A secret written in hex, checked against the commitment."""
    try:
        secret = bytes.fromhex(text)
    except ValueError:
        raise UsageError(f"{where}: the secret seed is not hexadecimal", code="seed.invalid") from None
    if len(secret) != SECRET_BYTES or commitment(secret) != commit:
        raise UsageError(f"{where}: this secret seed does not match the record's commitment", code="seed.mismatch")
    return secret


def seed_path(record: str | Path) -> Path:
    """The side file holding a record's secret seed."""
    return Path(f"{os.fspath(record)}.seed")


def secret_text(log_id: str, secret: bytes) -> bytes:
    """The bytes of a record's seed file."""
    import json  # only a new secret record writes its seed file

    return (json.dumps({"log_id": log_id, "secret": secret.hex()}) + "\n").encode()


def write_secret(record: str | Path, log_id: str, secret: bytes) -> Path:
    """Create the side file (owner-only, never overwriting, never following a symlink)."""
    path = seed_path(record)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except FileExistsError:
        raise UsageError(f"{path} already exists; choose another record name", code="file.exists") from None
    except OSError as exc:
        raise write_failed(path, exc) from None
    try:
        os.fchmod(fd, 0o600)
        write_all(fd, secret_text(log_id, secret))
    except OSError as exc:  # a full disk, a file-size limit: no empty seed file is left to block a retry
        os.unlink(path)
        raise write_failed(path, exc) from None
    finally:
        os.close(fd)
    return path


class _SeedFile(msgspec.Struct, forbid_unknown_fields=True):
    log_id: str
    secret: str


def read_secret(path: str | Path, log_id: str, commit: str) -> bytes:
    """The secret in a seed file, checked against the record's id and commitment."""
    try:
        data = msgspec.json.decode(read_capped(path, "seed file", 4096), type=_SeedFile)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise UsageError(f"{path}: not a seed file: {exc}", code="seed.invalid") from None
    if data.log_id != log_id:
        raise UsageError(f"{path} is the seed file of another record (log {data.log_id[:12]}…)", code="seed.mismatch")
    return parse_secret(data.secret, commit, str(path))


class _RevealOnly(msgspec.Struct):
    type: str
    secret: str


def find_reveal(lines: Iterable[RawLine], commit: str) -> bytes | None:
    """The revealed secret in a record's lines, if a reveal line holds one matching the commitment."""
    for line in lines:
        if REVEAL_MARK not in line.data:
            continue
        try:
            found = msgspec.json.decode(line.data, type=_RevealOnly)
            if found.type == "reveal-seed":
                return parse_secret(found.secret, commit, "reveal")
        except (msgspec.DecodeError, msgspec.ValidationError, UsageError):
            continue  # the fold reports a bad reveal at its line
    return None
