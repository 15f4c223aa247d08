"""Editions: a game's component data, loaded from TOML or JSON and pinned by digest.

Parsing TOML is slow next to everything else a short command does, so a game's own TOML
edition has a parsed twin beside it (`reference.toml.parsed.json`: the TOML's content as
JSON, with the SHA-256 of the TOML bytes it was made from). The twin is used only for the
editions the game ships (installed with its code, and checked against their TOML by a
test), and only when that digest matches the TOML read now, so a stale twin is never used;
the record still pins the digest of the TOML bytes. A file given with `--edition` is always
parsed from its TOML: a twin beside it could carry that TOML's digest and other data, and a
cache is never believed over its source. `python -m planets_log.engine.edition FILE.toml`
rewrites a twin.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec

from planets_log.record.errors import PlanetsLogError, UsageError
from planets_log.record.events import EditionRef, EmbeddedEdition
from planets_log.record.files import read_capped


class Edition(msgspec.Struct, frozen=True):
    """Loaded component data with its name and the SHA-256 of the file's bytes."""

    data: Any
    ref: EditionRef
    path: str


def _decode(raw: bytes, path: Path, data_type: type, digest: str, twin: bool) -> Any:
    if path.suffix == ".toml":
        data = _from_twin(path, digest, data_type) if twin else None
        return data if data is not None else msgspec.toml.decode(raw, type=data_type)
    if path.suffix == ".json":
        return msgspec.json.decode(raw, type=data_type)
    raise UsageError(f"{path}: an edition file must end in .toml or .json", code="edition.suffix")


def load_edition(rules: Any, path: str | Path | None = None, options: dict[str, Any] | None = None) -> Edition:
    """Load `path`, or the game's default edition for these options, validated against its schema."""
    default = rules.edition_name(options or {}) if hasattr(rules, "edition_name") else "reference"
    shipped = path is None  # the game's own file: its twin is part of the installed package
    path = Path(path) if path is not None else _default_path(str(rules.edition_dir), default)
    try:
        raw = read_capped(path, "edition file")
    except UsageError as exc:
        raise UsageError(exc.message, code="edition.read" if exc.code == "file.open" else exc.code) from None
    digest = hashlib.sha256(raw).hexdigest()
    key = (rules.id, path.suffix, digest)
    data = _CACHE.get(key)
    if data is None:
        data = _CACHE[key] = _checked(raw, path, rules, digest, twin=shipped)
    name = getattr(data, "name", path.stem)
    return Edition(data=data, ref=EditionRef(name=name, sha256=digest), path=str(path))


@lru_cache(maxsize=64)
def _default_path(folder: str, name: str) -> Path:
    """A game's own edition file, made once per game and edition name (pathlib is slow to build paths)."""
    return Path(folder) / f"{name}.toml"


def load_embedded(rules: Any, embedded: EmbeddedEdition, ref: EditionRef) -> Edition:
    """The edition a record carries in its header, checked against the digest the header pins."""
    if embedded.suffix not in ("toml", "json"):
        raise PlanetsLogError(f"the record's embedded edition is {embedded.suffix!r}, not toml or json", code="edition.invalid")
    raw = embedded.text.encode()
    digest = hashlib.sha256(raw).hexdigest()
    if digest != ref.sha256:
        raise PlanetsLogError(f"the record's embedded edition has sha256 {digest[:12]}…, not the {ref.sha256[:12]}… its "
                              "header pins: it was changed", code="header.edition", rule="format.md: the header")
    key = (rules.id, "." + embedded.suffix, digest)
    data = _CACHE.get(key)
    if data is None:
        data = _CACHE[key] = _checked(raw, Path(f"embedded edition.{embedded.suffix}"), rules, digest, twin=False)
    return Edition(data=data, ref=ref, path=f"the edition embedded in the record ({ref.name})")


def embedding(edition: Edition, rules: Any, options: dict[str, Any] | None = None) -> EmbeddedEdition | None:
    """What a new record embeds: the edition file, unless it is the game's own edition for these options."""
    path = Path(edition.path)
    try:
        if load_edition(rules, None, options).ref.sha256 == edition.ref.sha256:
            return None
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: an edition file must be UTF-8 text", code="edition.read") from None
    except OSError as exc:
        raise UsageError(f"cannot read edition file {path}: {exc.strerror}", code="edition.read") from None
    return EmbeddedEdition(suffix=path.suffix.lstrip("."), text=text)


_CACHE: dict[tuple[str, str, str], Any] = {}
"""Decoded editions by game and content digest: a tournament's records share one edition."""


def _checked(raw: bytes, path: Path, rules: Any, digest: str, twin: bool) -> Any:
    try:
        data = _decode(raw, path, rules.edition_type, digest, twin)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise PlanetsLogError(f"{path}: not a valid {rules.id} edition: {exc}", code="edition.invalid") from None
    check = getattr(data, "validate", None)
    if check is not None:
        try:
            check()
        except ValueError as exc:
            raise PlanetsLogError(f"{path}: {exc}", code="edition.invalid") from None
    return data


class ParsedTwin(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A TOML edition's content as JSON, with the SHA-256 of the TOML bytes it was parsed from."""

    toml_sha256: str
    data: msgspec.Raw


_TWIN = msgspec.json.Decoder(ParsedTwin)


def twin_path(path: Path) -> Path:
    """Where the parsed twin of a TOML edition lives: FILE.toml -> FILE.toml.parsed.json."""
    return path.with_name(path.name + ".parsed.json")


def _from_twin(path: Path, digest: str, data_type: type) -> Any:
    """The edition decoded from its twin if the twin was made from exactly these TOML bytes, else None."""
    try:
        twin = _TWIN.decode(twin_path(path).read_bytes())
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    if twin.toml_sha256 != digest:
        return None  # made from other bytes: stale, never used
    try:
        return msgspec.json.decode(twin.data, type=data_type)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None  # the TOML path reports the problem in the TOML's own terms


def write_twin(path: str | Path) -> Path:
    """Write (or refresh) the parsed twin of the TOML edition at `path`."""
    path = Path(path)
    raw = path.read_bytes()
    content = msgspec.toml.decode(raw)
    as_json = msgspec.json.encode(content)
    if msgspec.json.decode(as_json) != content:
        raise UsageError(f"{path}: holds values JSON cannot carry (dates or times); it gets no twin", code="edition.twin")
    twin = ParsedTwin(toml_sha256=hashlib.sha256(raw).hexdigest(), data=msgspec.Raw(as_json))
    out = twin_path(path)
    out.write_bytes(msgspec.json.encode(twin) + b"\n")
    return out


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        print(write_twin(name))
