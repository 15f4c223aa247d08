"""`planets-log audit` reads a NATS store directly, as it reads a folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.store import open_store
from tests.support.natsd import Nats


def _cli(*args: object) -> Any:
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_audit_reads_a_nats_store_and_finds_its_problems(tmp_path: Path, natsd: Nats) -> None:
    folder = tmp_path / "club"
    assert _cli("selfplay", "four-planets", "--seed", "3", "--games", "2", "--out", folder).exit_code == 0
    address = natsd.address("spring-open")
    assert _cli("copy", folder, address).exit_code == 0
    res = _cli("audit", address)
    assert res.exit_code == 0, res.output
    here = _cli("audit", folder).output
    assert res.output.count("spring-open/") == here.count(f"{folder}/") > 0  # the same records, named by tournament
    with open_store(address) as store:  # a line whose chain is broken, appended as a store takes any bytes
        lines, revision = store.read(store.records()[0])
        store.append(store.records()[0], [lines[-1]], revision)
    res = _cli("audit", address)
    assert res.exit_code == 1 and "spring-open" in res.output, res.output
