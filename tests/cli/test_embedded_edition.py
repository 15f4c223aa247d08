"""Editions travel with the record: another edition is embedded in the header (with its digest)."""

from __future__ import annotations

import json
from pathlib import Path

from planets_log.cli.main import cli

TOY = Path(__file__).resolve().parents[1] / "support" / "toy" / "editions" / "reference.toml"


def house_edition(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(TOY.read_text().replace("max_pile = 12", "max_pile = 20").replace('"reference"', '"house"'))
    assert path.read_text() != TOY.read_text()
    return path


def new(runner, path: Path, *extra: str):
    return runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--table", *extra, str(path)])


def test_a_record_made_with_another_edition_needs_no_edition_file_later(runner, tmp_path):
    edition = house_edition(tmp_path)
    record = tmp_path / "g.jsonl"
    assert new(runner, record, "--edition", str(edition)).exit_code == 0
    header = json.loads(record.read_text().splitlines()[0])
    assert header["edition_file"] == {"suffix": "toml", "text": edition.read_text()}
    edition.unlink()  # another machine: the file is not there
    res = runner.invoke(cli, ["record", str(record), "pile 18", "take 3"])  # 18 is only possible in the house edition
    assert res.exit_code == 0, res.output
    for command in (["validate"], ["replay"], ["score"], ["moves"]):
        res = runner.invoke(cli, [*command, str(record)])
        assert res.exit_code == 0, (command, res.output)


def test_a_reference_record_stays_small(runner, tmp_path):
    record = tmp_path / "r.jsonl"
    assert new(runner, record, "--edition", str(TOY)).exit_code == 0
    assert b"edition_file" not in record.read_bytes()


def test_a_changed_embedded_edition_is_refused(runner, tmp_path):
    edition = house_edition(tmp_path)
    record = tmp_path / "g.jsonl"
    new(runner, record, "--edition", str(edition))
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    header["edition_file"]["text"] = header["edition_file"]["text"].replace("max_pile = 20", "max_pile = 30")
    record.write_text(json.dumps(header, separators=(",", ":")) + "\n")
    res = runner.invoke(cli, ["validate", str(record)])
    assert res.exit_code == 1 and "header.edition" in res.output and "changed" in res.output
