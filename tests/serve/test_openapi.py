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


def test_every_refusal_is_documented_as_the_one_problem_it_is():
    """Every 4xx of every operation is the Problem the server sends, not Litestar's {status_code, detail, extra}."""
    doc = json.loads(document())
    for path, item in doc["paths"].items():
        for method, op in item.items():
            refusals = {s: r for s, r in op["responses"].items() if s.startswith("4")}
            assert "400" in refusals and "401" in refusals, (method, path)
            for status, answer in refusals.items():
                assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Problem"}, \
                    (method, path, status)
    assert doc["components"]["schemas"]["Problem"]["required"] == ["status", "code", "message"]


def test_reading_declares_the_token_optional_and_writing_requires_it():
    doc = json.loads(document())
    paths = doc["paths"]
    assert doc["security"] == [{"token": []}]
    for path in ("/api/games", "/api/tables", "/api/tables/{name}/position", "/api/tables/{name}/picture"):
        assert paths[path]["get"]["security"] == [{}, {"token": []}], path
    for path, method in (("/api/tables/{name}/record", "get"), ("/api/tokens", "get"), ("/api/audit", "get"),
                         ("/api/tables/{name}/moves", "post"), ("/api/tables", "post")):
        assert "security" not in paths[path][method], (path, method)  # the document's default: a token


def test_the_bounds_the_server_enforces_are_in_the_document(served: Served):
    doc = json.loads(document())
    query = {p["name"]: p["schema"] for p in doc["paths"]["/api/tables/{name}/position"]["get"]["parameters"]}
    assert {"minimum": 0, "type": "integer"} in query["seq"]["oneOf"]
    assert {"minLength": 1, "type": "string"} in query["as"]["oneOf"]
    new = doc["components"]["schemas"]["NewTable"]
    assert new["properties"]["players"]["items"]["minLength"] == 1 and new["additionalProperties"] is False
    served.table("t1")
    for refused in ("?seq=-1", "?as="):
        res = served.client.get(f"/api/tables/t1/position{refused}", headers=served.director)
        assert (res.status_code, res.json()["code"]) == (400, "request.invalid"), refused
    res = served.client.post("/api/tables", json={"name": "t2", "game": "four-planets", "players": ["Ann", ""]},
                             headers=served.director)
    assert (res.status_code, res.json()["code"]) == (400, "request.invalid")


def test_a_body_is_held_to_the_document_not_converted_leniently(served: Served):
    served.table("t1")
    for body in ({"public": 0}, {"public": "true"}, {"delay": "3"}, {"delay": True}):
        res = served.client.patch("/api/tables/t1", json=body, headers=served.director)
        assert (res.status_code, res.json()["code"]) == (400, "request.invalid"), body
    res = served.client.patch("/api/tables/t1", json={"public": True, "delay": 3.0}, headers=served.director)
    assert res.status_code == 200 and (res.json()["public"], res.json()["delay"]) == (True, 3)  # 3.0 is an integer


def test_the_record_asks_for_a_token_before_it_looks_for_the_table(served: Served):
    served.table("priv")
    for name in ("priv", "nothing-here"):
        res = served.client.get(f"/api/tables/{name}/record")
        assert (res.status_code, res.json()["code"]) == (401, "token.missing"), name
