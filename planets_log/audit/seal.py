"""Seals: the organiser's signature over a record, and the key files that make and check it.

A seal is the last line of a record. It signs `seal_message(log_id, events, head)` — the
record's id, its number of event lines and the hash of its last line — so any later
edit, deletion, reordering, truncation or extension of the record shows.

Two kinds of key:

- `hmac-sha256`: one shared secret, kept by the organiser; the same file seals and
  verifies (checked with `hmac.compare_digest`).
- `ed25519`: a key pair (made with the `cryptography` package). The private key seals;
  anyone holding the public key can verify.

A seal names only these two algorithms, and its signature has one spelling (lower-case
hex of the exact length), so a seal cannot be changed without the change showing.

A key file is a small JSON (or TOML) object:

    {"alg": "hmac-sha256", "secret": HEX}
    {"alg": "ed25519", "private": HEX}       (PREFIX.key, mode 0600)
    {"alg": "ed25519", "public": HEX}        (PREFIX.pub)

An optional `key_id` field is checked if present. The key id is the first 16 hex digits
of the SHA-256 of the public key (or of the HMAC secret).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planets_log.record.errors import RecordError, UsageError
from planets_log.record.events import ALGS, ED25519, HMAC, KEY_ID_HEX, Seal, seal_message, seal_problem
from planets_log.record.files import write_all

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

    from planets_log.engine.recorder import Entry, Recorder

MIN_SECRET = 16
SEALS_RULE = "audit.md: seals"


class KeyFileError(UsageError):
    """A key file that cannot be read or used (bad usage: exit code 2)."""


def key_id_of(material: bytes) -> str:
    """The key id: first 16 hex digits of SHA-256 of the public key or the HMAC secret."""
    return hashlib.sha256(material).hexdigest()[:KEY_ID_HEX]


@dataclass(frozen=True)
class Key:
    """A loaded key. `secret` is the HMAC secret or the Ed25519 private key (None for a public key)."""

    alg: str
    key_id: str
    public: bytes | None = None
    secret: bytes | None = None
    path: str = ""

    @property
    def can_sign(self) -> bool:
        """True for an HMAC secret or an Ed25519 private key."""
        return self.secret is not None

    def sign(self, message: bytes) -> bytes:
        """The signature of `message` (raises if this key cannot sign)."""
        if self.secret is None:
            raise KeyFileError(f"{self.path}: a public key can verify seals but not make them; "
                            "use the private key file (PREFIX.key)", code="key.public")
        if self.alg == HMAC:
            return hmac.new(self.secret, message, hashlib.sha256).digest()
        return _private_key(self.secret).sign(message)

    def verify(self, message: bytes, signature: bytes) -> bool:
        """True if `signature` is this key's signature of `message`."""
        if self.alg == HMAC:
            want = hmac.new(self.secret or b"", message, hashlib.sha256).digest()
            return hmac.compare_digest(want, signature)
        _ed25519()
        from cryptography.exceptions import InvalidSignature

        try:
            _public_key(self.public or b"").verify(signature, message)
        except (InvalidSignature, ValueError):
            return False
        return True

    def describe(self) -> str:
        """The key in words."""
        kind = "HMAC secret" if self.alg == HMAC else ("Ed25519 private key" if self.secret else "Ed25519 public key")
        return f"{kind} {self.key_id}"


def _ed25519() -> None:
    """Refuse Ed25519 keys plainly when the 'cryptography' package is missing."""
    try:
        from cryptography.hazmat.primitives.asymmetric import ed25519  # noqa: F401
    except ImportError:
        raise UsageError("Ed25519 keys need the 'cryptography' package: pip install 'cryptography>=42'",
                         code="key.cryptography") from None


def _private_key(raw: bytes | None) -> Ed25519PrivateKey:
    """The Ed25519 private key of `raw` (a new one for None)."""
    _ed25519()
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.generate() if raw is None else Ed25519PrivateKey.from_private_bytes(raw)


def _public_key(raw: bytes) -> Ed25519PublicKey:
    """The Ed25519 public key of `raw` (raises ValueError for a bad one)."""
    _ed25519()
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return Ed25519PublicKey.from_public_bytes(raw)


def _public_of(private: bytes) -> bytes:
    from cryptography.hazmat.primitives import serialization

    key = _private_key(private)
    return key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def _hex(data: dict[str, Any], field: str, path: str, size: int | None = None) -> bytes:
    value = data.get(field)
    if not isinstance(value, str):
        raise KeyFileError(f"{path}: the key file needs a hex string {field!r}", code="key.invalid")
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raise KeyFileError(f"{path}: {field!r} is not hexadecimal", code="key.invalid") from None
    if size is not None and len(raw) != size:
        raise KeyFileError(f"{path}: {field!r} must be {size} bytes ({2 * size} hex digits), not {len(raw)}",
                        code="key.invalid")
    return raw


def parse_key(text: str, path: str = "<key>") -> Key:
    """A key from the text of a key file (JSON, or TOML)."""
    try:
        data = json.loads(text) if text.lstrip().startswith(("{", "[")) else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise KeyFileError(f"{path}: not a key file (JSON or TOML): {exc}", code="key.invalid") from None
    if not isinstance(data, dict):
        raise KeyFileError(f"{path}: a key file holds one object", code="key.invalid")
    unknown = sorted(set(data) - {"alg", "key_id", "secret", "private", "public"})
    if unknown:
        raise KeyFileError(f"{path}: unknown field(s) {', '.join(unknown)} in the key file", code="key.invalid")
    alg = data.get("alg")
    if alg == HMAC:
        secret = _hex(data, "secret", path)
        if len(secret) < MIN_SECRET:
            raise KeyFileError(f"{path}: an HMAC secret needs at least {MIN_SECRET} bytes", code="key.invalid")
        key = Key(HMAC, key_id_of(secret), secret=secret, path=path)
    elif alg == ED25519:
        if "private" in data:
            private = _hex(data, "private", path, 32)
            public = _public_of(private)
            if "public" in data and _hex(data, "public", path, 32) != public:
                raise KeyFileError(f"{path}: the public key does not belong to the private key", code="key.invalid")
            key = Key(ED25519, key_id_of(public), public=public, secret=private, path=path)
        elif "public" in data:
            public = _hex(data, "public", path, 32)
            _ed25519()
            key = Key(ED25519, key_id_of(public), public=public, path=path)
        else:
            raise KeyFileError(f"{path}: an ed25519 key file needs 'private' or 'public'", code="key.invalid")
    else:
        raise KeyFileError(f"{path}: unknown key algorithm {alg!r} (use {' or '.join(ALGS)})", code="key.invalid")
    if "key_id" in data and data["key_id"] != key.key_id:
        raise KeyFileError(f"{path}: the file says key id {data['key_id']!r} but the key's id is {key.key_id}",
                        code="key.invalid")
    return key


def load_key(path: str | Path) -> Key:
    """Read a key file."""
    from planets_log.record.files import read_capped

    try:
        text = read_capped(path, "key file").decode("utf-8")
    except UsageError as exc:
        raise KeyFileError(exc.message, code="key.read") from None
    except UnicodeDecodeError:
        raise KeyFileError(f"{path}: not a key file (not UTF-8 text)", code="key.invalid") from None
    return parse_key(text, str(path))


# --- making keys ------------------------------------------------------------------

def new_hmac_text() -> str:
    """A new HMAC key file's text (32 random bytes)."""
    secret = secrets.token_bytes(32)
    return json.dumps({"alg": HMAC, "key_id": key_id_of(secret), "secret": secret.hex()}) + "\n"


def new_ed25519_texts() -> tuple[str, str]:
    """A new Ed25519 key pair: (private file text, public file text)."""
    from cryptography.hazmat.primitives import serialization

    private = _private_key(None)
    raw = private.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                serialization.NoEncryption())
    public = _public_of(raw)
    kid = key_id_of(public)
    return (json.dumps({"alg": ED25519, "key_id": kid, "private": raw.hex()}) + "\n",
            json.dumps({"alg": ED25519, "key_id": kid, "public": public.hex()}) + "\n")


def write_new(path: str | Path, text: str, private: bool) -> None:
    """Create `path` with `text`, never overwriting nor following a link: owner-only whatever the umask when
    `private`, else as the umask says."""
    mode = 0o600 if private else 0o666
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    except FileExistsError:
        raise UsageError(f"{path} already exists; choose another name (a key is never overwritten)",
                         code="file.exists") from None
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}", code="file.write") from None
    try:
        if private:
            os.fchmod(fd, 0o600)
        write_all(fd, text.encode())
    except OSError as exc:  # a full disk, a file-size limit: nothing is left behind
        os.unlink(path)
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}", code="file.write") from None
    finally:
        os.close(fd)


def keygen(out: str, *, use_hmac: bool = False) -> tuple[Key, list[str]]:
    """Make a key: `out` itself for an HMAC secret, `out`.key and `out`.pub for Ed25519."""
    if use_hmac:
        text = new_hmac_text()
        write_new(out, text, private=True)
        return parse_key(text, out), [out]
    private, public = new_ed25519_texts()
    priv_path, pub_path = f"{out}.key", f"{out}.pub"
    for path in (priv_path, pub_path):
        if os.path.lexists(path):  # a dangling link too: it would refuse the second file after the first was made
            raise UsageError(f"{path} already exists; choose another name (a key is never overwritten)",
                             code="file.exists")
    write_new(priv_path, private, private=True)
    try:
        write_new(pub_path, public, private=False)
    except BaseException:
        os.unlink(priv_path)  # half a key pair is no key pair
        raise
    return parse_key(private, priv_path), [priv_path, pub_path]


# --- seals ------------------------------------------------------------------------

def make_seal(key: Key, log_id: str, events: int, head: str) -> Seal:
    """The seal event over a record with this id, number of event lines and head hash."""
    sig = key.sign(seal_message(log_id, events, head))
    return Seal(log_id=log_id, events=events, head=head, alg=key.alg, key_id=key.key_id, sig=sig.hex())


def check_seal(seal: Seal, keys: list[Key]) -> tuple[str, str] | None:
    """None if one of `keys` verifies the seal, else (code, message)."""
    malformed = seal_problem(seal)
    if malformed is not None:
        return "seal.malformed", malformed
    known = [k for k in keys if k.key_id == seal.key_id and k.alg == seal.alg]
    if not known:
        given = ", ".join(k.key_id for k in keys)
        return "seal.key", (f"sealed with {seal.alg} key {seal.key_id}, which is not the tournament's "
                            f"(given: {given})")
    try:
        sig = bytes.fromhex(seal.sig)
    except ValueError:
        return "seal.signature", "the seal's signature is not hexadecimal"
    message = seal_message(seal.log_id, seal.events, seal.head)
    if any(k.verify(message, sig) for k in known):
        return None
    return "seal.signature", (f"the signature does not verify with key {seal.key_id}: the seal was forged "
                              "or changed")


def seal_record(path: str, key: Key, edition: str | None = None, *,
                fsync: bool = True) -> tuple[Entry, Recorder]:
    """Append a seal to the record at `path` (through the recorder's gates and locked append).

    Returns (the entry written, the recorder after it).
    """
    from planets_log.engine.recorder import Recorder
    from planets_log.engine.rules import CHANCE

    if not key.can_sign:
        key.sign(b"")  # raises the error that explains why
    rec = Recorder(path, edition, fsync=fsync)
    pos = rec.pos
    if pos.arbiter.seal is not None:
        raise RecordError(f"the record is already sealed (seq {pos.arbiter.seal.seq}, key {pos.arbiter.seal.key_id})",
                          file=path, line=pos.seq + 1, seq=pos.seq, code="seal.already", rule=SEALS_RULE)
    if rec.session.seeded and rec.session.to_move(pos) == CHANCE:
        raise RecordError("the record ends before a chance outcome the seed gives; it cannot be sealed here",
                          file=path, line=pos.seq + 1, seq=pos.seq, code="seal.chance", rule=SEALS_RULE)
    seal = make_seal(key, rec.session.header.log_id, pos.seq, pos.head)
    entries = rec.add(seal)
    return entries[-1], rec
