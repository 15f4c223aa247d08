"""Keys and seals: keygen, seal, the key file format, HMAC and Ed25519 verification."""

from __future__ import annotations

import json
import os
import stat

import pytest

from planets_log.cli.main import cli
from planets_log.record.events import seal_message
from planets_log.engine.play import selfplay
from planets_log.audit.seal import check_seal, load_key, make_seal, parse_key

from .tournament import read_lines, sealed, write_lines


def run(runner, *args):
    return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)


def record(tmp_path, name="g.jsonl", seed=1):
    return write_lines(tmp_path / name, selfplay("countdown", seed).lines)


def test_keygen_makes_an_ed25519_pair_private_file_0600(tmp_path, runner):
    res = run(runner, "keygen", "--out", tmp_path / "org")
    assert res.exit_code == 0, res.output
    private, public = load_key(tmp_path / "org.key"), load_key(tmp_path / "org.pub")
    assert private.alg == public.alg == "ed25519"
    assert private.key_id == public.key_id and private.key_id in res.stdout and len(private.key_id) == 16
    assert private.can_sign and not public.can_sign
    assert stat.S_IMODE(os.stat(tmp_path / "org.key").st_mode) == 0o600
    assert "private" not in json.loads((tmp_path / "org.pub").read_text())
    before = (tmp_path / "org.key").read_bytes()
    res = run(runner, "keygen", "--out", tmp_path / "org")
    assert res.exit_code == 2 and "already exists" in res.output
    assert (tmp_path / "org.key").read_bytes() == before


def test_keygen_hmac_makes_a_secret(tmp_path, runner):
    res = run(runner, "keygen", "--hmac", "--out", tmp_path / "secret.json")
    assert res.exit_code == 0
    key = load_key(tmp_path / "secret.json")
    assert key.alg == "hmac-sha256" and key.can_sign and len(key.secret) == 32
    assert stat.S_IMODE(os.stat(tmp_path / "secret.json").st_mode) == 0o600


def test_seal_appends_one_line_and_the_record_stays_valid(tmp_path, keys, runner):
    path = record(tmp_path)
    before = path.read_bytes()
    res = run(runner, "seal", path, "--key", keys.good.path)
    assert res.exit_code == 0, res.output
    assert path.read_bytes().startswith(before)
    lines = read_lines(path)
    seal = json.loads(lines[-1])
    assert seal["type"] == "seal" and seal["events"] == len(lines) - 2 and seal["key_id"] == keys.good.key_id
    assert run(runner, "validate", path).exit_code == 0
    # The signature is an Ed25519 signature over seal_message, checkable with the public key alone.
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    Ed25519PublicKey.from_public_bytes(load_key(keys.good_pub).public).verify(
        bytes.fromhex(seal["sig"]), seal_message(seal["log_id"], seal["events"], seal["head"]))
    # Sealed once only; the file is not touched by a refused seal.
    sealed_bytes = path.read_bytes()
    res = run(runner, "seal", path, "--key", keys.good.path)
    assert res.exit_code == 1 and "already sealed" in res.output
    assert path.read_bytes() == sealed_bytes
    # Nothing can be recorded after a seal.
    res = run(runner, "annotate", path, "--at", "1", "later")
    assert res.exit_code == 1 and "seal.extended" in res.output
    assert path.read_bytes() == sealed_bytes


def test_seal_refuses_a_public_key_and_an_invalid_record(tmp_path, keys, runner):
    path = record(tmp_path)
    before = path.read_bytes()
    res = run(runner, "seal", path, "--key", keys.good_pub)
    assert res.exit_code == 2 and "public key" in res.output
    assert path.read_bytes() == before
    lines = read_lines(path)
    del lines[2]
    write_lines(path, lines)
    before = path.read_bytes()
    res = run(runner, "seal", path, "--key", keys.good.path)
    assert res.exit_code == 1 and "[seq]" in res.output
    assert path.read_bytes() == before


def test_sealing_an_unfinished_game_warns(tmp_path, keys, runner):
    path = write_lines(tmp_path / "g.jsonl", selfplay("countdown", 1).lines[:3])
    res = run(runner, "seal", path, "--key", keys.good.path)
    assert res.exit_code == 0
    assert "not over" in res.stderr


def test_hmac_seals_verify_with_the_secret_only(tmp_path, keys, runner):
    folder = tmp_path / "r"
    folder.mkdir()
    sealed(folder / "a.jsonl", selfplay("countdown", 1), keys.hmac)
    res = run(runner, "audit", folder, "--key", keys.hmac_file, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["records"][0]["verified"] is True
    run(runner, "keygen", "--hmac", "--out", tmp_path / "other.json")
    for wrong in (tmp_path / "other.json", keys.good_pub):
        report = json.loads(run(runner, "audit", folder, "--key", wrong, "--json").stdout)
        assert [(p["code"], p["line"]) for p in report["records"][0]["problems"]] == [
            ("seal.key", len(read_lines(folder / "a.jsonl")))]
    # Several keys: a seal verifies when one of them is its key.
    res = run(runner, "audit", folder, "--key", tmp_path / "other.json", "--key", keys.hmac_file)
    assert res.exit_code == 0


def test_a_private_key_file_verifies_too(tmp_path, keys, runner):
    sealed(tmp_path / "a.jsonl", selfplay("countdown", 2), keys.good)
    assert run(runner, "audit", tmp_path, "--key", keys.good.path).exit_code == 0


def test_check_seal_detects_any_changed_field(keys):
    for key in (keys.good, keys.hmac):
        seal = make_seal(key, "log", 12, "ab" * 16)
        assert check_seal(seal, [key]) is None
        import msgspec

        zeros = "00" * (32 if key is keys.hmac else 64)  # a well-formed signature of the key's length
        for change in ({"events": 13}, {"head": "cd" * 16}, {"log_id": "other"}, {"sig": zeros}):
            assert check_seal(msgspec.structs.replace(seal, **change), [key])[0] == "seal.signature"
        for change in ({"sig": "zz"}, {"sig": seal.sig.upper()}, {"alg": "none"}):  # issue 11: one spelling only
            assert check_seal(msgspec.structs.replace(seal, **change), [key])[0] == "seal.malformed"
        assert check_seal(seal, [keys.wrong])[0] == "seal.key"


@pytest.mark.parametrize("text,words", [
    ('{"alg": "rot13", "secret": "00"}', "unknown key algorithm"),
    ('{"alg": "hmac-sha256", "secret": "zz"}', "not hexadecimal"),
    ('{"alg": "hmac-sha256", "secret": "0011"}', "at least 16 bytes"),
    ('{"alg": "ed25519", "public": "0011"}', "32 bytes"),
    ('{"alg": "ed25519"}', "'private' or 'public'"),
    ('{"alg": "hmac-sha256", "secret": "' + "00" * 32 + '", "key_id": "0000000000000000"}', "key id"),
    ('{"alg": "hmac-sha256", "secret": "' + "00" * 32 + '", "colour": "red"}', "unknown field"),
    ("[1, 2]", "one object"),
    ("alg = ", "not a key file"),
])
def test_bad_key_files_are_usage_errors(tmp_path, runner, text, words):
    path = tmp_path / "k.json"
    path.write_text(text)
    res = run(runner, "seal", record(tmp_path), "--key", path)
    assert res.exit_code == 2 and words in res.output, res.output
    assert "Traceback" not in res.output


def test_a_toml_key_file_is_read(tmp_path):
    key = parse_key(f'alg = "hmac-sha256"\nsecret = "{"ab" * 32}"\n')
    assert key.alg == "hmac-sha256" and key.verify(b"x", key.sign(b"x"))
    assert not key.verify(b"y", key.sign(b"x"))
