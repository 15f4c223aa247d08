"""The OpenAPI document of the API, as committed in docs/openapi.json (`python -m planets_log.serve.openapi`)."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from .app import create_app
from .server import Server


def document() -> str:
    """The OpenAPI document the application generates from its handlers and Structs, as stable JSON text."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Server(Path(folder)))
        return json.dumps(app.openapi_schema.to_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.stdout.write(document())
