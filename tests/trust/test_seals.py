"""Issue 11, seals: only known algorithms, one spelling of a signature, honest wording without a key."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.support.helpers import write_lines

from .conftest import run


@pytest.fixture
def sealed(runner, fp, tmp_path):
    """The seeded record, played to a point and sealed with a fresh Ed25519 key."""
    prefix = tmp_path / "org"
    assert run(runner, "keygen", "--out", prefix).exit_code == 0
    res = run(runner, "seal", fp, "--key", f"{prefix}.key")
    assert res.exit_code == 0, res.output
    return fp, prefix


def _with_seal(fp, tmp_path, **changes) -> Path:
    lines = fp.read_bytes().splitlines()
    seal = json.loads(lines[-1])
    seal.update(changes)
    lines[-1] = json.dumps(seal, separators=(",", ":")).encode()
    return write_lines(tmp_path / "forged.jsonl", lines)


@pytest.mark.parametrize("changes,words", [
    ({"alg": "none", "sig": ""}, "unknown seal algorithm 'none'"),
    ({"sig": "zz"}, "a ed25519 signature is 128 lower-case hex digits; this one is not (2 characters)"),
])
def test_a_malformed_seal_fails_validate_and_audit(runner, sealed, tmp_path, changes, words):
    fp, _ = sealed
    forged = _with_seal(fp, tmp_path, **changes)
    before = forged.read_bytes()
    res = run(runner, "validate", forged)
    assert res.exit_code == 1
    assert f"forged.jsonl:{len(before.splitlines())}:" in res.output and "[seal.malformed]" in res.output
    assert words in res.output
    audit = run(runner, "audit", forged)
    assert audit.exit_code == 1 and "[seal.malformed]" in audit.output and "sealed, not verified" not in audit.output
    assert forged.read_bytes() == before


@pytest.mark.parametrize("respell", [str.upper, lambda s: " ".join(s[i:i + 2] for i in range(0, len(s), 2))])
def test_another_spelling_of_a_good_signature_is_refused(runner, sealed, tmp_path, respell):
    fp, prefix = sealed
    sig = json.loads(fp.read_bytes().splitlines()[-1])["sig"]
    forged = _with_seal(fp, tmp_path, sig=respell(sig))
    res = run(runner, "audit", forged, "--key", f"{prefix}.pub")
    assert res.exit_code == 1 and "[seal.malformed]" in res.output


def test_audit_without_a_key_says_sealed_not_verified(runner, finished, tmp_path):
    prefix = tmp_path / "org"
    assert run(runner, "keygen", "--out", prefix).exit_code == 0
    fp = finished
    assert run(runner, "seal", fp, "--key", f"{prefix}.key").exit_code == 0
    res = run(runner, "audit", fp)
    assert "sealed, not verified" in res.output
    keyed = run(runner, "audit", fp, "--key", f"{prefix}.pub")
    assert "sealed, signature verified" in keyed.output


def test_cryptography_is_a_base_dependency():
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    assert any(dep.startswith("cryptography") for dep in project["dependencies"])


def test_require_sealed_reports_an_unsealed_record(runner, finished):
    assert run(runner, "audit", finished).exit_code == 0
    res = run(runner, "audit", finished, "--require", "sealed")
    assert res.exit_code == 1 and "[seal.missing] the record is not sealed" in res.output
