"""The director's page until the real pages land: the link's token is read from the fragment, every name is
escaped, nothing is loaded from elsewhere, and a wrong link gets a plain sentence."""

from __future__ import annotations

from .conftest import Served, bearer

HOSTILE = '<img src=x onerror="alert(1)">'


def test_the_director_page_lists_the_tables_with_every_name_escaped(served: Served):
    served.table("t1", players=(HOSTILE, "Ben & co"))
    res = served.client.get("/director/tables", headers=served.director)
    assert res.status_code == 200
    assert HOSTILE not in res.text and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in res.text
    assert "Ben &amp; co" in res.text and "<td>t1</td>" in res.text


def test_the_page_takes_the_token_from_the_fragment_and_loads_nothing_from_elsewhere(served: Served):
    page = served.client.get("/director")
    assert page.status_code == 200 and "token" not in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert page.headers["referrer-policy"] == "no-referrer"
    script = served.client.get("/static/director.js").text
    assert "location.hash" in script and "history.replaceState" in script and "Authorization" in script
    assert "http" not in page.text.replace('http-equiv', '') and "//" not in script.replace("// ", "")


def test_a_wrong_link_gets_a_plain_sentence(served: Served):
    served.table("t1")
    for headers in ({}, bearer("nope"), served.links["t1"]["recorder"]):
        res = served.client.get("/director/tables", headers=headers)
        assert res.status_code == 401 and "This link is not valid" in res.text and "t1" not in res.text
