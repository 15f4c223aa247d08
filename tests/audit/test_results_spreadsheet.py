"""A results file saved by a spreadsheet: byte-order mark, `;` or `,` separators, CRLF line ends."""

from __future__ import annotations

import pytest

from planets_log.record.errors import UsageError
from planets_log.audit.tournament import read_results

WANT = ("log_id", [(2, "g1", ["Ann"]), (3, "g2", ["Ann", "Ben"])])


@pytest.mark.parametrize("content", [
    "log_id,winners\ng1,Ann\ng2,Ann;Ben\n",
    "\ufefflog_id;winners\r\ng1;Ann\r\ng2;\"Ann;Ben\"\r\n",      # a spreadsheet in a ';' locale
    "\ufefflog_id,winners\r\ng1,Ann\r\ng2,Ann;Ben\r\n",           # BOM and CRLF
    "Log_ID ; Winners\ng1 ; Ann\ng2 ; \"Ann;Ben\"\n",
])
def test_spreadsheet_results_files_are_read(tmp_path, content):
    path = tmp_path / "results.csv"
    path.write_bytes(content.encode("utf-8"))
    assert read_results(str(path)) == WANT


def test_a_missing_column_names_what_was_found(tmp_path):
    path = tmp_path / "results.csv"
    path.write_bytes("\ufeffgame\tofficial winner\r\ng1\tAnn\r\n".encode())
    with pytest.raises(UsageError) as err:
        read_results(str(path))
    assert "needs a 'winners' column" in err.value.message and "'game\\tofficial winner'" in err.value.message
    assert "\ufeff" not in err.value.message
