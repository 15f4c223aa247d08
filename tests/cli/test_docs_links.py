"""Docs never point to files outside the repository, and docs/table.md covers every game's evening."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)")


def test_links_resolve_inside_the_repository():
    for doc in DOCS:
        for target in LINK.findall(doc.read_text()):
            if "://" in target:
                continue
            path = (doc.parent / target).resolve()
            assert path.is_relative_to(ROOT) and path.exists(), (doc.name, target)


def test_no_doc_names_a_path_outside_the_repository():
    for doc in DOCS:
        text = doc.read_text()
        assert "/work/" not in text and "shared/rulebooks" not in text, doc.name


def test_table_md_has_an_evening_per_game():
    text = (ROOT / "docs" / "table.md").read_text()
    for title in ("## Four Planets", "## Planetopia", "## Space Planets", "## Planetarium", "## 2491 Planetship", "undo --to", "--kept-by"):
        assert title in text


def test_every_docs_file_named_in_the_text_exists():
    """A page named in running text (`docs/security.md`), not only in a link, is there."""
    for doc in DOCS:
        for named in re.findall(r"\bdocs/[\w./-]*\w\.(?:md|json)\b", doc.read_text()):
            assert (ROOT / named).exists(), (doc.name, named)
