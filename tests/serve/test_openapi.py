"""The committed OpenAPI document is the one the server generates and serves (regenerate it with
`python -m planets_log.serve.openapi > docs/openapi.json` when the API changes)."""

from __future__ import annotations

import json
from pathlib import Path

from planets_log.serve.openapi import document

from .conftest import Served

DOC = Path(__file__).parents[2] / "docs" / "openapi.json"


def test_the_committed_document_is_the_generated_one():
    assert DOC.read_text() == document()


def test_the_server_serves_it_at_a_stable_path(served: Served):
    res = served.client.get("/api/schema/openapi.json")
    assert res.status_code == 200
    assert res.json()["paths"].keys() == json.loads(DOC.read_text())["paths"].keys()


def test_every_endpoint_says_what_it_does_and_every_message_is_a_named_schema():
    doc = json.loads(document())
    for path, item in doc["paths"].items():
        for method, op in item.items():
            assert op.get("description") or op.get("summary"), (method, path)
    schemas = doc["components"]["schemas"]
    for name in ("MovesIn", "Written", "PositionInfo", "Problem", "TableInfo", "NewTable", "Line"):
        assert name in schemas, name
