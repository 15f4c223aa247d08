"""The OpenAPI document told true where Litestar's derivation from the handlers falls short: who may call without a
token, every message's constraints as msgspec enforces them, the bounds of the optional query parameters; and the
request bodies held to that document (Litestar converts them leniently: `0` for `false`, `"1"` for `1`)."""

from __future__ import annotations

import inspect
from typing import Any

import msgspec
from litestar import Litestar, Request
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Components, OpenAPI, Operation, Schema, SecurityScheme
from litestar.params import ParameterKwarg
from litestar.routes import HTTPRoute

from . import types
from .errors import ApiError

OPENAPI_PATH = "/api/schema"
"""The OpenAPI document is served at /api/schema/openapi.json (and committed as docs/openapi.json)."""

TOKEN: list[dict[str, list[str]]] = [{"token": []}]
"""A link's token is needed."""
TOKEN_OR_NONE: list[dict[str, list[str]]] = [{}, {"token": []}]
"""Anyone may call (a spectator, without a token); a token shows more."""

SPECTATORS = frozenset({
    "/api/games", "/api/games/{game}/legend", "/api/whoami", "/api/tables", "/api/stream", "/api/tables/{name}",
    "/api/tables/{name}/header",
    "/api/tables/{name}/position", "/api/tables/{name}/moves", "/api/tables/{name}/score",
    "/api/tables/{name}/lines", "/api/tables/{name}/picture", "/api/tables/{name}/stream"})
"""The paths whose reading (GET, HEAD) answers a caller without a token: the public tables, as spectators see them."""

BOUNDS = {"ge": "minimum", "le": "maximum", "gt": "exclusive_minimum", "lt": "exclusive_maximum",
          "min_length": "min_length", "max_length": "max_length", "pattern": "pattern"}
"""A parameter's constraint (Litestar's name) and the Schema field that carries it."""


def config() -> OpenAPIConfig:
    """The document's frame: a bearer token, needed unless `amend` says otherwise."""
    bearer = SecurityScheme(type="http", scheme="bearer",
                            description="A link's token: the director's, a table's recorder's or a seat's.")
    return OpenAPIConfig(title="planets-log serve", version="1", path=OPENAPI_PATH, use_handler_docstrings=True,
                         components=Components(security_schemes={"token": bearer}), security=TOKEN,
                         render_plugins=[JsonRenderPlugin()])


def amend(app: Litestar) -> None:
    """Correct the application's document in place (it is built once and served from then on)."""
    doc = app.openapi_schema
    _messages(doc)
    for route in app.routes:
        if isinstance(route, HTTPRoute) and route.path_format in (doc.paths or {}):
            _route(route, doc)


def _messages(doc: OpenAPI) -> None:
    """Every message's schema as msgspec, which decodes and checks the requests, derives it (Litestar drops the
    bounds of list items, dict keys and optional fields, and says nothing of unknown fields being refused)."""
    structs = [c for _, c in inspect.getmembers(types, inspect.isclass)
               if issubclass(c, msgspec.Struct) and c.__module__ == types.__name__]
    _, components = msgspec.json.schema_components(structs, ref_template="#/components/schemas/{name}")
    assert doc.components is not None and not isinstance(doc.components, list)
    doc.components.schemas = {**(doc.components.schemas or {}), **components}


def _route(route: HTTPRoute, doc: OpenAPI) -> None:
    item = doc.paths[route.path_format]  # type: ignore[index]
    for handler in route.route_handlers:
        for method in handler.http_methods:
            op = getattr(item, method.lower(), None)
            if not isinstance(op, Operation):
                continue
            if method in ("GET", "HEAD") and route.path_format in SPECTATORS:
                op.security = TOKEN_OR_NONE
            for field in handler.parsed_fn_signature.parameters.values():
                kwarg = field.kwarg_definition
                if isinstance(kwarg, ParameterKwarg):
                    _bound(op, kwarg.query or kwarg.name or field.name, kwarg)


def _bound(op: Operation, name: str, kwarg: ParameterKwarg) -> None:
    """Put a query parameter's bounds on its value's schema (Litestar leaves them off, or beside an optional one's
    `oneOf`, where they bind nothing)."""
    found = next((p for p in op.parameters or [] if getattr(p, "name", None) == name), None)
    schema = getattr(found, "schema", None)
    if not isinstance(schema, Schema):
        return
    values: list[Any] = [s for s in schema.one_of or [] if isinstance(s, Schema) and s.type != "null"] or [schema]
    for ours, theirs in BOUNDS.items():
        bound = getattr(kwarg, ours)
        if bound is not None:
            setattr(schema, theirs, None)
            for value in values:
                setattr(value, theirs, bound)


async def strict_bodies(request: Request[Any, Any, Any]) -> None:
    """Refuse (400) a JSON body that is not exactly the message the document describes, before the handler's lenient
    conversion could take it; the handler then reads the same body."""
    field = request.route_handler.parsed_fn_signature.parameters.get("data")
    message = getattr(field, "annotation", None)
    if not (isinstance(message, type) and issubclass(message, msgspec.Struct)):
        return
    try:
        msgspec.convert(_integral(msgspec.json.decode(await request.body())), type=message, strict=True)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ApiError(400, "request.invalid", f"the body is not a {message.__name__}: {exc}") from None


def _integral(value: Any) -> Any:
    """JSON's numbers as JSON Schema counts them: one without a fraction (`7.0`) is an integer."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral(v) for k, v in value.items()}
    return value
