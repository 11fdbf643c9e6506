"""The studio's Tune panel: its routes (through the app, on a toy game whose answer is known by
hand: `tests/tune/fixtures/coin`, heads' share heads_in_20 / 20) and its Apply button, which
writes the proposal into the open folder as `dragon-pnp tune --apply` does."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from dragon_pnp.studio.hosts import HostPolicy
from dragon_pnp.studio.server import create_app
from dragon_pnp.studio.tune import TunePanel

COIN = Path(__file__).resolve().parents[1] / "tune" / "fixtures" / "coin"
HEADERS = {"X-Studio": "1", "Host": "127.0.0.1:8123"}


class Answer:
    def __init__(self, status_code: int, body: bytes):
        self.status_code, self.body = status_code, body

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """POSTs straight into the ASGI app, as the server would hand them over."""

    def __init__(self, app: Any):
        self.app = app

    def post(self, path: str, json: Any, headers: dict[str, str]) -> Answer:
        # on a thread of its own: an earlier test in this worker (a browser's) may leave an event
        # loop running on this one, where asyncio.run refuses to start
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, self._post(path, json, headers)).result()

    async def _post(self, path: str, body: Any, headers: dict[str, str]) -> Answer:
        raw = json.dumps(body).encode()
        scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
                 "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()], "http_version": "1.1",
                 "scheme": "http", "server": ("127.0.0.1", 8123), "client": ("127.0.0.1", 5000), "root_path": ""}
        sent: list[dict] = []
        chunks = [{"type": "http.request", "body": raw, "more_body": False}]

        async def receive() -> dict:
            return chunks.pop(0) if chunks else {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        await self.app(scope, receive, send)
        status = next(m["status"] for m in sent if m["type"] == "http.response.start")
        return Answer(status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body"))


@pytest.fixture
def client(tmp_path, monkeypatch):
    """The panel on a copy of the coin game. Its searches play in one process (`DRAGON_PNP_WORKERS`,
    which the command's child inherits): on this toy game, whose games take microseconds, a second
    worker doubled the search's CPU (7.9 against 3.9 s) for the same proposal. The panel's routes
    and its Apply are what is tested here; tests/tune's searches play in one process too."""
    monkeypatch.setenv("DRAGON_PNP_WORKERS", "1")
    folder = tmp_path / "coin"
    shutil.copytree(COIN, folder)
    updates: list[dict] = []
    panel = TunePanel(folder, updates.append, tmp_path / "out")   # its tune.json: not the checkout's output/
    session = SimpleNamespace(tune=panel)
    app = create_app(session, HostPolicy(frozenset({"127.0.0.1"}), 8123))   # type: ignore[arg-type]
    yield Client(app), panel, folder, updates
    panel.stop()


def wait(panel: TunePanel, timeout: float = 120) -> dict:
    end = time.monotonic() + timeout
    while panel.state()["status"] == "running" and time.monotonic() < end:
        time.sleep(0.1)
    return panel.state()


@pytest.mark.parametrize("body, problem", [
    ({}, "targets: give at least one"),
    ({"targets": "heads wins=0.5±0.05"}, "targets: expected a list"),
    ({"targets": ["--apply"]}, "may not start with '-'"),
    ({"targets": ["heads wins=0.5±0.05"], "budget": 1}, "budget: expected seconds"),
])
def test_a_request_it_cannot_use_is_refused_with_the_reason(client, body, problem):
    test_client, panel, _, _ = client
    answer = test_client.post("/api/tune", json=body, headers=HEADERS)
    assert answer.status_code == 400 and problem in answer.json()["error"]
    assert panel.state()["status"] == "idle"


def test_a_request_without_the_studio_header_is_refused(client):
    test_client, _, _, _ = client
    assert test_client.post("/api/tune", json={"targets": ["x=1±1"]}, headers={"Host": "127.0.0.1:8123"}).status_code == 403


def test_a_bad_target_comes_back_as_the_command_says_it(client):
    test_client, panel, _, _ = client
    assert test_client.post("/api/tune", json={"targets": ["knight wins=0.5±0.05"]}, headers=HEADERS).json()["ok"]
    state = wait(panel)
    assert state["status"] == "failed"
    assert "is not a figure this game reports" in state["error"]


def test_the_search_runs_and_apply_writes_the_proposal_into_the_folder(client):
    test_client, panel, folder, updates = client
    before = (folder / "game.yaml").read_text()
    body = {"targets": ["heads wins=0.50±0.05"], "budget": 60}
    assert test_client.post("/api/tune", json=body, headers=HEADERS).json()["ok"]
    state = wait(panel)
    assert state["status"] == "done", state["error"]
    best = state["result"]["proposals"][0]
    assert [(e["old"], e["new"]) for e in best["edits"]] == [("6", "10")]
    saved = folder.parent / "out" / "tune.json"   # in the studio's output folder, not the checkout's
    assert json.loads(saved.read_text())["proposals"][0]["edits"] == best["edits"]
    answer = test_client.post("/api/tune/apply", json={"proposal": 1}, headers=HEADERS)
    assert answer.json()["written"] == ["game.yaml"]
    assert (folder / "game.yaml").read_text() == before.replace("heads_in_20: 6", "heads_in_20: 10")
    assert updates[-1]["applied"] == 1
    again = test_client.post("/api/tune/apply", json={"proposal": 1}, headers=HEADERS)
    assert again.status_code == 409 and "no longer reads '6'" in again.json()["error"]
    assert test_client.post("/api/tune/apply", json={"proposal": 9}, headers=HEADERS).status_code == 409
