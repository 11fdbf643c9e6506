"""DNS rebinding and other sites' pages: the studio answers only to its own address, however started."""

from __future__ import annotations

import pytest

from dragon_pnp.studio.hosts import HostPolicy
from tests.studio.conftest import POLL_MS, screenshot

FOREIGN_HOSTS = ["evil.example", "localhost.evil.example", "", "127.0.0.1.nip.io:{port}", "evil.example:{port}",
                 "127.0.0.1:1", "localhost:{port}@evil.example", "[::1]x:{port}"]
FOREIGN_ORIGINS = ["http://evil.example", "http://127.0.0.1.nip.io:{port}", "null", "https://127.0.0.1:{port}",
                   "http://localhost:1"]


def test_the_policy_names_the_addresses_it_listens_on():
    policy = HostPolicy.listening_on(None, 8765)
    for good in ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"]:
        assert policy.allows_authority(good), good
    for bad in ["127.0.0.1", "evil.example:8765", "localhost.evil.example:8765", "127.0.0.1.nip.io:8765", ":8765",
                "::1:8765", "127.0.0.1:8766", "127.0.0.1:08765x", "", "10.0.0.1:8765"]:
        assert not policy.allows_authority(bad), bad
    assert policy.allows_origin("http://localhost:8765") and not policy.allows_origin("http://evil.example:8765")
    named = HostPolicy.listening_on("studio.lan", 80)
    assert named.allows_authority("studio.lan") and named.allows_authority("studio.lan:80")
    assert not named.allows_authority("evil.example")
    everywhere = HostPolicy.listening_on("0.0.0.0", 9000)
    assert everywhere.allows_authority("192.168.1.20:9000") and not everywhere.allows_authority("evil.example:9000")


@pytest.fixture(params=["default", "--host"])
def any_studio(request, shared_studio, hosted_studio):
    return shared_studio if request.param == "default" else hosted_studio


def test_foreign_hosts_and_origins_get_nothing(any_studio):
    studio = any_studio
    name = studio.state()["preview"]["game"]["name"].encode()   # what its own state tells its own page
    assert name
    for path in ["/", "/api/state", "/output/cards.pdf", "/static/studio.js"]:
        assert studio.request(path)[0] == 200, path
        for host in FOREIGN_HOSTS:
            status, body = studio.request(path, headers={"Host": host.format(port=studio.port)})
            assert 400 <= status < 500 and b"%PDF" not in body and name not in body, (path, host, status)
        for origin in FOREIGN_ORIGINS:
            status, body = studio.request(path, headers={"Origin": origin.format(port=studio.port)})
            assert 400 <= status < 500 and b"%PDF" not in body, (path, origin, status)
    # Its own names with its port still work, and its own page's origin may post.
    for host in ["localhost:{port}", "[::1]:{port}"]:
        assert studio.request("/api/state", headers={"Host": host.format(port=studio.port)})[0] == 200
    headers = {"X-Studio": "1", "Content-Type": "application/json", "Origin": f"http://127.0.0.1:{studio.port}"}
    assert studio.request("/api/play", headers=headers)[0] == 200
    # A cross-origin POST stays refused, with or without the rebinding.
    for extra in ({}, {"Host": "evil.example"}, {"Origin": "http://evil.example"}):
        status, _ = studio.request("/api/balance", "POST", {"Content-Type": "text/plain", **extra}, b"{}")
        assert 400 <= status < 500


def test_the_page_still_works_in_chromium(browser, hosted_studio, tmp_path):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(hosted_studio.url)
    page.wait_for_selector("body[data-status=ready]", timeout=120_000)
    page.wait_for_function("() => [...document.querySelectorAll('#documents img')].every(i => i.complete && i.naturalWidth > 0)",
                           timeout=120_000, polling=POLL_MS)
    assert page.locator("#documents figure.page").count() > 0
    page.click('button[data-tab="cards"]')
    page.wait_for_function("() => [...document.querySelectorAll('#gallery img')].every(i => i.complete && i.naturalWidth > 0)",
                           timeout=120_000, polling=POLL_MS)
    screenshot(page, tmp_path / "studio-hosted.jpg")
    # The page's own POSTs (the browser adds its Origin) are still accepted.
    posted = page.evaluate("""() => fetch('/api/settings', {method: 'POST', body: '{}',
        headers: {'X-Studio': '1', 'Content-Type': 'application/json'}}).then(r => r.status)""")
    assert posted == 200
    page.close()
    assert errors == []
