"""`planets-log copy`: a folder into NATS and back is byte for byte the folder it was; a torn record is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server
from planets_log.store import jetstream, open_store
from planets_log.store.copy import BATCH
from planets_log.store.files import KEY_FILE, STATE_FILE
from tests.support.natsd import Nats


def _cli(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, [str(a) for a in args])


def _club(folder: Path) -> Path:
    """A club's folder: two games recorded by the command line (one long), tables and links made by a server."""
    folder.mkdir()
    made = _cli("new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "5", folder / "t1.jsonl")
    assert made.exit_code == 0
    assert _cli("record", folder / "t1.jsonl", "d1").exit_code == 0
    assert _cli("selfplay", "planetopia", "--seed", "3", "--games", "1", "--out", folder).exit_code == 0
    server = Server(folder)
    link(server, "director", None, None, None)
    link(server, "recorder", "t1", None, None)
    server.close()
    return folder


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_folder_copied_into_nats_and_back_is_the_same_bytes(tmp_path: Path, natsd: Nats) -> None:
    club = _club(tmp_path / "club")
    address = natsd.address("club-night")
    res = _cli("copy", club, address)
    assert res.exit_code == 0, res.output
    assert "copied 2 records" in res.output
    res = _cli("copy", address, tmp_path / "back")
    assert res.exit_code == 0, res.output
    assert _files(tmp_path / "back") == _files(club)
    assert {STATE_FILE, KEY_FILE, "t1.jsonl"} <= set(_files(club)) and len(_files(club)) == 4
    assert _cli("validate", *sorted((tmp_path / "back").glob("*.jsonl"))).exit_code == 0


def test_a_long_record_goes_over_in_batches_and_a_copy_again_adds_nothing(tmp_path: Path, natsd: Nats) -> None:
    folder = tmp_path / "big"
    folder.mkdir()
    lines = [b'{"seq":%d}' % i for i in range(BATCH * 2 + 7)]
    (folder / "big.jsonl").write_bytes(b"".join(line + b"\n" for line in lines))
    assert _cli("copy", folder, natsd.address("big")).exit_code == 0
    with open_store(natsd.address("big")) as store:
        assert store.read("big.jsonl")[0] == lines
        revision = store.read("big.jsonl")[1]
    res = _cli("copy", folder, natsd.address("big"))
    assert res.exit_code == 0 and "copied 0 records" in res.output
    with open_store(natsd.address("big")) as store:
        assert store.read("big.jsonl")[1] == revision


def test_a_record_that_differs_in_the_target_is_left_alone(tmp_path: Path, natsd: Nats) -> None:
    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "t.jsonl").write_bytes(b'{"seq":0,"a":1}\n')
    with open_store(natsd.address("two")) as store:
        store.append("t.jsonl", [b'{"seq":0,"a":2}'], 0)
    res = _cli("copy", folder, natsd.address("two"))
    assert res.exit_code == 2 and "different lines" in res.output


def test_a_torn_last_line_is_refused(tmp_path: Path, natsd: Nats) -> None:
    folder = tmp_path / "torn"
    folder.mkdir()
    (folder / "t.jsonl").write_bytes(b'{"seq":0}\n{"seq":1')
    res = _cli("copy", folder, natsd.address("torn"))
    assert res.exit_code == 1 and "torn" in res.output
    with open_store(natsd.address("torn")) as store:
        assert store.records() == []


def test_without_the_nats_client_copy_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jetstream, "HAVE_NATS", False)
    res = _cli("copy", tmp_path, "nats://127.0.0.1:4222/club")
    assert res.exit_code == 2
    assert "pip install 'planets-log[nats]'" in res.output and "Traceback" not in res.output


def test_without_the_nats_client_serve_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jetstream, "HAVE_NATS", False)
    res = _cli("serve", "nats://127.0.0.1:4222/club", "--port", "1")
    assert res.exit_code == 2
    assert "pip install 'planets-log[nats]'" in res.output and "Traceback" not in res.output
