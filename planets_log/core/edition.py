"""Editions: a game's component data, loaded from TOML or JSON and pinned by digest."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import msgspec

from .errors import PlanetsLogError, UsageError
from .events import EditionRef


class Edition(msgspec.Struct, frozen=True):
    """Loaded component data with its name and the SHA-256 of the file's bytes."""

    data: Any
    ref: EditionRef
    path: str


def _decode(raw: bytes, path: Path, data_type: type) -> Any:
    if path.suffix == ".toml":
        return msgspec.toml.decode(raw, type=data_type)
    if path.suffix == ".json":
        return msgspec.json.decode(raw, type=data_type)
    raise UsageError(f"{path}: an edition file must end in .toml or .json", code="edition.suffix")


def load_edition(rules: Any, path: str | Path | None = None) -> Edition:
    """Load `path`, or the game's reference edition, validated against its schema."""
    path = Path(path) if path is not None else Path(rules.edition_dir) / "reference.toml"
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read edition file {path}: {exc.strerror}", code="edition.read") from None
    digest = hashlib.sha256(raw).hexdigest()
    key = (rules.id, path.suffix, digest)
    data = _CACHE.get(key)
    if data is None:
        data = _CACHE[key] = _checked(raw, path, rules)
    name = getattr(data, "name", path.stem)
    return Edition(data=data, ref=EditionRef(name=name, sha256=digest), path=str(path))


_CACHE: dict[tuple[str, str, str], Any] = {}
"""Decoded editions by game and content digest: a tournament's records share one edition."""


def _checked(raw: bytes, path: Path, rules: Any) -> Any:
    try:
        data = _decode(raw, path, rules.edition_type)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise PlanetsLogError(f"{path}: not a valid {rules.id} edition: {exc}", code="edition.invalid") from None
    check = getattr(data, "validate", None)
    if check is not None:
        try:
            check()
        except ValueError as exc:
            raise PlanetsLogError(f"{path}: {exc}", code="edition.invalid") from None
    return data
