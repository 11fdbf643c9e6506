"""The studio over HTTP, as started from the command line: what it serves and what it refuses."""

from __future__ import annotations

import json

import pytest

from dragon_pnp.studio.serve import is_loopback
from tests.studio.conftest import SMALL, game_source


@pytest.fixture
def studio(shared_studio):
    return shared_studio


REFUSED = [
    "/output/../../../etc/passwd",
    "/output/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/output/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "/output//etc/passwd",
    "/output/%2Fetc%2Fpasswd",
    f"/output/svg/../../{SMALL}/game.yaml",
    "/output/..%5c..%5cetc%5cpasswd",
    "/static/../server.py",
    "/static/%2e%2e/server.py",
    "/static/.%2e/session.py",
]


def test_it_serves_its_page_its_files_and_the_output(studio):
    status, page = studio.request("/")
    assert status == 200 and b"/static/studio.js" in page
    assert studio.request("/static/studio.js")[0] == 200
    status, pdf = studio.request("/output/cards.pdf")
    assert status == 200 and pdf == (studio.out_dir / "cards.pdf").read_bytes()
    preview = studio.state()["preview"]
    src = preview["documents"][0]["pages"][0]["src"]
    status, jpeg = studio.request(src)
    assert status == 200 and jpeg.startswith(b"\xff\xd8")
    name = (game_source(SMALL) / "game.yaml").read_text().split("\nname: ")[1].splitlines()[0]
    assert studio.lines[0].startswith(f"{name} studio at http://127.0.0.1:")


@pytest.mark.parametrize("path", REFUSED)
def test_paths_out_of_its_folders_are_refused(studio, path):
    status, body = studio.request(path)
    assert status in (403, 404)
    assert b"root:" not in body and b"rules_module" not in body and b"import" not in body   # its game.yaml, its code


def test_unknown_paths_and_images_are_not_found(studio):
    assert studio.request("/%2e%2e/%2e%2e/etc/passwd")[0] == 404
    assert studio.request("/image/" + "0" * 32)[0] == 404
    assert studio.request("/image/../../etc/passwd")[0] == 404
    assert studio.request("/output/nothing.pdf")[0] == 404


def test_requests_from_other_sites_are_refused(studio):
    # Another site's page cannot add the studio's header without a preflight the studio never grants.
    status, _ = studio.request("/api/balance", "POST", {"Content-Type": "text/plain"}, b"{}")
    assert status == 403
    # A name other than this machine's (DNS rebinding) gets nothing at all.
    status, _ = studio.request("/api/state", headers={"Host": "attacker.example"})
    assert status == 400


def test_settings_are_checked(studio):
    headers = {"X-Studio": "1", "Content-Type": "application/json"}
    status, body = studio.request("/api/settings", "POST", headers, json.dumps({"paper": "tabloid"}).encode())
    assert status == 400 and b"letter" in body
    status, _ = studio.request("/api/settings", "POST", headers, b"[1, 2]")
    assert status == 400


def test_the_event_stream_starts_with_the_current_state(studio):
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", studio.port, timeout=30)
    connection.request("GET", "/api/events")
    response = connection.getresponse()
    assert response.getheader("Content-Type").startswith("text/event-stream")
    events = {}
    event = None
    while not {"state", "balance"} <= events.keys():   # other panels (tune) announce themselves too
        line = response.fp.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: "):
            events[event] = json.loads(line[6:])
    connection.close()
    assert events["state"]["status"] == "ready" and events["state"]["documents"]
    assert events["balance"]["status"] == "idle"


def test_a_huge_path_is_refused_not_a_server_fault(studio):
    for path in ["/static/" + "a" * 100_000, "/output/" + "b" * 100_000, "/static/" + "/".join(["c" * 250] * 20)]:
        status, _ = studio.request(path)
        assert status in (400, 403, 404, 414, 431)
    assert studio.request("/api/state")[0] == 200


# After the tests of the shared studio, which is stopped once a test does not ask for it (conftest.py).
def test_sigterm_stops_the_studio_and_its_workers(start_studio):
    import subprocess

    studio = start_studio(game_name=SMALL)
    studio.wait_for(lambda preview: preview["status"] == "ready")
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(studio.process.pid)], capture_output=True,
                              text=True).stdout.split()
    assert children, "the render workers are the studio's children"
    assert studio.stop() == 0
    for child in children:
        state = subprocess.run(["ps", "-o", "stat=", "-p", child], capture_output=True, text=True).stdout.strip()
        assert state in ("", "Z"), f"render worker {child} outlived the studio"


def test_only_loopback_hosts_count_as_this_machine():
    assert all(is_loopback(h) for h in ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
    assert not any(is_loopback(h) for h in ["0.0.0.0", "192.168.1.4", "::", "example.org"])
