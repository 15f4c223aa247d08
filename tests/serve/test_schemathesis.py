"""schemathesis, a client no one here wrote, against a real server: every operation of the OpenAPI document (the
streams left out: they never end), with every check on, as the director, finds nothing where the server and its
document disagree: the security each operation declares, the one error schema of every refusal, the bounds of
every parameter and field. Bounded: a fixed number of examples per operation, derandomized."""

from __future__ import annotations

from pathlib import Path
from collections import Counter
from typing import Any, Iterator

import pytest
import schemathesis
from schemathesis.engine import events, from_schema

from .real import Real, running

EXAMPLES = 8
"""Examples per operation and phase (each also runs its coverage phase's boundary cases)."""
STEPS = 12
"""Steps of each stateful scenario (a table made, then read and written through the links between operations)."""
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]
"""What a request the document calls valid may get: schemathesis's own list, and 422, the rules' refusal of a
well-formed request (an illegal move, a seat the table does not have, a record already sealed): what a schema
cannot say. A 400 (the document's constraints) to a valid request stays a failure."""
ALLOW_PENDING: tuple[str, ...] = ()
"""Checks turned off: none (every check is on)."""
REFUSED = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
"""What a request the document calls invalid may get: schemathesis's own list, and 413, a body over the server's
size limit (refused before its fields are read: a bound in bytes that a schema cannot say)."""


@pytest.fixture
def real(tmp_path: Path) -> Iterator[Real]:
    """A server with a sealing key (as at a tournament), one public table part-played and one private."""
    from planets_log.audit.seal import keygen

    keygen(str(tmp_path / "organiser"))
    yield from running(tmp_path / "served", args=("--key", str(tmp_path / "organiser.key")))


def _config(real: Real) -> schemathesis.Config:
    return schemathesis.Config.from_dict({
        "headers": {"Authorization": real.director["Authorization"]},
        "checks": {"enabled": True, "positive_data_acceptance": {"expected-statuses": ACCEPTED},
                   "negative_data_rejection": {"expected-statuses": REFUSED},
                   **{name: {"enabled": False} for name in ALLOW_PENDING}},
        "generation": {"max-examples": EXAMPLES, "deterministic": True},
        "phases": {"stateful": {"max-steps": STEPS}},
        "operations": [{"include-path-regex": "/stream$", "enabled": False}],
        "workers": 1,
        "seed": 35,
    })


def _run(schema: Any) -> tuple[list[str], Counter[str]]:
    """Every failure and error of a whole run, and the requests each operation got."""
    found: list[str] = []
    sent: Counter[str] = Counter()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            sent.update(case.value.operation.label for case in event.recorder.cases.values())
            for case, checks in event.recorder.checks.items():
                answer = event.recorder.interactions.get(case)
                status = answer.response.status_code if answer is not None and answer.response is not None else None
                found += [f"{check.failure_info.failure.code} {event.recorder.label}: {check.failure_info.failure.title}"
                          f" (answered {status})\n{check.failure_info.code_sample[:400]}"
                          for check in checks if check.failure_info is not None]
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            found.append(f"error in {event.label}: {event.value!r}")
        elif isinstance(event, events.EngineFinished):
            found += [f"{f.code} {f.operation}: {f.title}" for f in event.failures]
    return sorted(set(found)), sent


def test_schemathesis_finds_nothing_where_the_server_and_its_document_disagree(real: Real):
    world = real.served()
    world.table("pub", public=True)
    world.play("pub", world.legal("pub")[0])
    world.table("priv", game="planetarium", players=("Zed", "Yolanda"))
    tokens = world.client.get("/api/tokens", headers=real.director).json()
    mine = next(t["id"] for t in tokens if t["role"] == "director" and not t["revoked"])
    schema = schemathesis.openapi.from_url(f"{real.base}/api/schema/openapi.json", config=_config(real))

    @schemathesis.hook  # the one kind of hook schemathesis takes only for all schemas: let go below
    def before_call(context: Any, case: Any, kwargs: Any) -> None:
        """The director does not revoke its own link midway (every later call would be a 401): any other id."""
        if (case.path_parameters or {}).get("token_id") == mine:
            case.path_parameters["token_id"] = f"not-{mine}"

    try:
        failures, sent = _run(schema)
    finally:
        schemathesis.hooks.unregister(before_call)
    assert not failures, "\n\n".join(failures)
    operations = {op.ok().label for op in schema.get_all_operations() if "/stream" not in op.ok().label}
    assert len(operations) >= 25 and all(sent[label] >= EXAMPLES for label in operations), sent
    assert world.client.get("/api/whoami", headers=real.director).json()["role"] == "director"
