"""Every refusal as one JSON shape (`Problem`): the project's errors mapped to HTTP statuses."""

from __future__ import annotations

import logging
import re
from typing import Any, Callable

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi import ResponseSpec

from planets_log.record.errors import InternalError, PlanetsLogError, RecordError

from .types import Problem

log = logging.getLogger("planets_log.serve")


class ApiError(Exception):
    """A refusal with its status and code."""

    def __init__(self, status: int, code: str, message: str, retry_after: int | None = None, **extra: int | str | None):
        super().__init__(message)
        self.problem = Problem(status=status, code=code, message=message, **extra)  # type: ignore[arg-type]
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (the Retry-After header)."""


def problem_of(exc: PlanetsLogError) -> Problem:
    """The HTTP form of a refusal by the recorder: 409 for a stale position, 422 for a move the rules refuse,
    507 for a write the disk had no room for, 503 for a record that cannot be read or written now."""
    seq = exc.seq if isinstance(exc, RecordError) else None
    kind = getattr(exc, "kind", "")
    status = 409 if exc.code == "append.stale" else 507 if kind == "full" else 503 if kind in ("torn", "io") else 422
    return Problem(status=status, code=exc.code, message=exc.message, rule=exc.rule, seq=seq, index=exc.index,
                   words=refusal_words(exc.code, exc.message, exc.rule, exc.index) if status == 422 else None)


TYPED = re.compile(r"^(?:cannot read )?('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"): (.+)$", re.DOTALL)
"""A refused move's message: the move as typed (quoted), then why."""


def refusal_words(code: str, message: str, rule: str | None, index: int | None) -> str | None:
    """A refused move in plain words: the move quoted, then the rule it breaks in a sentence (for a move the
    notation cannot read: that it is not written as the game writes moves); None for any other refusal."""
    typed = TYPED.match(message)
    if typed is None or rule is None:
        return None
    quoted, why = typed.groups()
    which = f"move {index + 1} sent, {quoted}," if index else quoted
    if code == "notation":
        return f"Nothing was recorded: {which} is not a move as this game writes them (see its legend)."
    why = why.strip().rstrip(".")
    return f"Nothing was recorded: {which} breaks the rule “{rule}”: {why}."


def _send(problem: Problem, headers: dict[str, str] | None = None) -> Response[Problem]:
    return Response(problem, status_code=problem.status, headers=headers)


def on_api_error(request: Request[Any, Any, Any], exc: ApiError) -> Response[Problem]:
    headers = {"WWW-Authenticate": "Bearer"} if exc.problem.status == 401 else {}
    if exc.retry_after is not None:
        headers["Retry-After"] = str(exc.retry_after)
    return _send(exc.problem, headers or None)


def on_project_error(request: Request[Any, Any, Any], exc: PlanetsLogError) -> Response[Problem]:
    return _send(problem_of(exc))


def on_http_error(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Problem]:
    if isinstance(exc, ValidationException):
        return _send(Problem(status=400, code="request.invalid", message=f"{exc.detail}: {exc.extra}"))
    status = exc.status_code
    code = {400: "request.invalid", 404: "not-found", 405: "method", 413: "limit.body"}.get(status, f"http.{status}")
    return _send(Problem(status=status, code=code, message=str(exc.detail)), _allow(exc.headers or {}))


def _allow(headers: dict[str, str]) -> dict[str, str]:
    """A 405's `Allow` header (RFC 9110), with HEAD wherever GET is (app.head_as_get answers it)."""
    allowed = next((v for k, v in headers.items() if k.lower() == "allow"), None)
    if allowed is None:
        return {}
    methods = [m.strip() for m in allowed.split(",") if m.strip()]
    if "GET" in methods and "HEAD" not in methods:
        methods.append("HEAD")
    return {"Allow": ", ".join(sorted(methods))}


def on_internal(request: Request[Any, Any, Any], exc: Exception) -> Response[Problem]:
    """A bug: logged here without the request's headers (tokens), answered without a traceback."""
    what = exc.message if isinstance(exc, InternalError) else f"{type(exc).__name__}: {exc}"
    log.error("internal error on %s %s: %s", request.method, request.url.path, what)
    return _send(Problem(status=500, code="internal", message=f"internal error: {what} (a bug in planets-log)"))


REFUSALS = {status: ResponseSpec(data_container=Problem, description=words, generate_examples=False) for status, words in (
    (400, "a request the document's constraints refuse (a parameter or field out of its bounds, an unknown field, "
          "not JSON)"),
    (401, "no token, or one that is not valid"), (403, "a token that may not do this here"),
    (404, "no such table (or a private one, to a spectator)"), (408, "the body did not arrive in time"),
    (409, "typed against an older position"), (413, "a body or list over the limits"),
    (422, "refused by the rules (the command line's code, rule, message)"),
    (429, "too many live streams from this client or link"),
    (507, "no room on the server's disk for the write; nothing was made or written"),
    (503, "the table is busy or its record cannot be read or replayed; nothing was done: try again"))}
"""The refusals every endpoint may answer with, in the OpenAPI document."""

HANDLERS: dict[int | type[Exception], Callable[[Request[Any, Any, Any], Any], Response[Any]]] = {ApiError: on_api_error, PlanetsLogError: on_project_error, HTTPException: on_http_error,
            Exception: on_internal, InternalError: on_internal}
