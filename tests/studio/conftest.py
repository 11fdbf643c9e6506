"""Studios started as a user starts them (the command, port 0, no browser) on copies of the data,
and a headless Debian chromium driven by Playwright for the tests that look at the page."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "dragon_pants"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session", autouse=True)
def render_cache(private_render_cache):
    """Every test here renders into the run's private cache (tests/conftest.py)."""
    return private_render_cache


class RunningStudio:
    """`dragon-pnp studio COPY --port 0 --no-browser` in a child process, its output collected."""

    def __init__(self, game_dir: Path, out_dir: Path, *extra: str):
        self.game_dir, self.out_dir = game_dir, out_dir
        command = [sys.executable, "-m", "dragon_pnp", "studio", str(game_dir), "--port", "0", "--no-browser",
                   "--out", str(out_dir), *extra]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        if not found:
            rest = self.process.stdout.read()
            self.process.wait()
            raise AssertionError(f"the studio did not start: {first}{rest}")
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"
        self.lines = [first]
        threading.Thread(target=self._collect, daemon=True).start()

    def _collect(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def request(self, path: str, method: str = "GET", headers: dict[str, str] | None = None,
                body: bytes | None = None) -> tuple[int, bytes]:
        """A raw request: the path is sent exactly as given (no normalising of `..` or `%2e`)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if body is not None:
            sent["Content-Length"] = str(len(body))
        for key, value in sent.items():
            connection.putheader(key, value)
        connection.endheaders(body)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, data

    def state(self) -> dict:
        status, body = self.request("/api/state")
        assert status == 200
        return json.loads(body)

    def wait_for(self, wanted, timeout: float = 90.0) -> dict:
        """Poll the preview state until `wanted(preview)` holds."""
        deadline = time.monotonic() + timeout
        while True:
            preview = self.state()["preview"]
            if wanted(preview):
                return preview
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"gave up waiting; last state {preview['status']} {preview['stage']} "
                                     f"{preview['problems']}\n{''.join(self.lines)}")
            time.sleep(0.1)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def ready(preview: dict) -> bool:
    return preview["status"] == "ready"


def launch(folder: Path, *extra: str, game_name: str = "dragon_pants") -> RunningStudio:
    """A studio on a private copy of a game's data (Dragon Pants unless named) in `folder`."""
    game = folder / "game" / game_name
    shutil.copytree(DATA.parent / game_name, game)
    return RunningStudio(game, folder / "out", *extra)


@pytest.fixture
def start_studio(tmp_path):
    """Start studios on private copies of the data; all are stopped afterwards."""
    started: list[RunningStudio] = []

    def start(*extra: str, game_name: str = "dragon_pants") -> RunningStudio:
        started.append(launch(tmp_path / f"studio{len(started)}", *extra, game_name=game_name))
        return started[-1]

    yield start
    for studio in started:
        studio.stop()


@pytest.fixture(scope="session")
def shared_studio(tmp_path_factory):
    """One ready studio for the tests that only look (they must not change its data or settings):
    test_server's and test_hosts' share it, one Dragon Pants studio started per test process."""
    studio = launch(tmp_path_factory.mktemp("studio"))
    try:
        studio.wait_for(ready)
        yield studio
    finally:
        studio.stop()


@pytest.fixture(scope="module")
def hosted_studio(tmp_path_factory):
    """A studio started as a designer scripting it would: `--host 127.0.0.1` given explicitly."""
    studio = launch(tmp_path_factory.mktemp("hosted"), "--host", "127.0.0.1")
    try:
        studio.wait_for(ready)
        yield studio
    finally:
        studio.stop()


