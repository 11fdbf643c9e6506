"""Studios started as a user starts them (the command, port 0, no browser) on copies of the data,
and a headless Debian chromium driven by Playwright for the tests that look at the page."""

from __future__ import annotations

import http.client
import json
import os
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
# The small game for tests of generic studio behaviour (paths, hosts, hostile bodies, debris,
# snapshots): 39 cards and a one-page rulebook, so its preview costs a fraction of Dragon Pants'.
SMALL = "goofspiel"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# A page's wait_for_function polls every 100 ms, not on every animation frame (Playwright's default):
# polling by frame kept chromium drawing frames through every build a test waited for, ~0.17 CPU s
# per second of waiting against ~0.07 when idle (issue 30).
POLL_MS = 100


def screenshot(page, path: Path, **options) -> None:
    """A picture of the page for whoever looks into the test's folder, as a JPEG: chromium took
    ~0.6 CPU s for a PNG of the 1400x1000 page and ~0.2 for this (issue 30). No test reads it."""
    page.screenshot(path=str(path.with_suffix(".jpg")), type="jpeg", quality=80, **options)


@pytest.fixture(scope="session", autouse=True)
def render_cache(private_render_cache):
    """Every test here renders into the run's private cache (tests/conftest.py)."""
    return private_render_cache


# Where the folder's CPU goes is studios and their preview builds: with DRAGON_PNP_STUDIO_LOG set,
# every studio (a server process or an in-process session) appends one line saying which game,
# started how, by which test, and how many preview rebuilds it ran.
STUDIO_LOG = os.environ.get("DRAGON_PNP_STUDIO_LOG")


def log_studio(kind: str, game_dir: Path, extra: tuple[str, ...] | list[str], rebuilds: int, cpu: str = "") -> None:
    if STUDIO_LOG:
        test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]
        with open(STUDIO_LOG, "a", encoding="utf-8") as log:
            log.write(f"{kind}\t{game_dir.name}\t{' '.join(extra)}\t{rebuilds}\t{test}\t{cpu}\n")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a live process and its live descendants, each with the children it reaped
    (a studio's render workers): what a server studio cost until now, read from /proc."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
        cpu[int(stat.parent.name)] = sum(int(field) for field in fields[11:15]) / tick
    tree, total = [pid], 0.0
    while tree:
        member = tree.pop()
        total += cpu.get(member, 0.0)
        tree += [child for child, parent in parents.items() if parent == member]
    return total


@pytest.fixture(scope="session", autouse=True)
def log_sessions():
    """In-process sessions are logged as they stop (their rebuild count is theirs then)."""
    if not STUDIO_LOG:
        yield
        return
    from dragon_pnp.studio.session import StudioSession

    original = StudioSession.stop

    def stop(self: StudioSession) -> None:
        log_studio("session", self.game_dir, [], self.view.rebuild)
        original(self)

    StudioSession.stop = stop  # type: ignore[method-assign]
    yield
    StudioSession.stop = original  # type: ignore[method-assign]


class RunningStudio:
    """`dragon-pnp studio COPY --port 0 --no-browser` in a child process, its output collected."""

    def __init__(self, game_dir: Path, out_dir: Path, *extra: str):
        self.game_dir, self.out_dir, self.extra = game_dir, out_dir, extra
        command = [sys.executable, "-m", "dragon_pnp", "studio", str(game_dir), "--port", "0", "--no-browser",
                   "--out", str(out_dir), *extra]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        # A game with a rules module of its own says so once (a `note:` line) before the address.
        before: list[str] = []
        first = self.process.stdout.readline()
        while first.startswith("note: "):
            before.append(first)
            first = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        if not found:
            rest = self.process.stdout.read()
            self.process.wait()
            raise AssertionError(f"the studio did not start: {''.join(before)}{first}{rest}")
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"
        self.lines = [first]   # the address line first, as test_server reads it
        self.notes = before
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

    def wait_for(self, wanted, timeout: float = 240.0) -> dict:
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
        if not getattr(self, "logged", False):
            self.logged = True
            rebuilds = sum("preview rebuilt in" in line for line in self.lines)
            alive = self.process.poll() is None
            log_studio("server", self.game_dir, self.extra, rebuilds, f"{tree_cpu(self.process.pid):.1f}" if alive else "")
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


def game_source(game_name: str) -> Path:
    """A game's folder: one of data/ (the seed games) or of examples/ (Goofspiel and the like)."""
    seed = DATA.parent / game_name
    return seed if seed.is_dir() else ROOT / "examples" / game_name


def launch(folder: Path, *extra: str, game_name: str = "dragon_pants") -> RunningStudio:
    """A studio on a private copy of a game's data (Dragon Pants unless named) in `folder`."""
    game = folder / "game" / game_name
    shutil.copytree(game_source(game_name), game)
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


# The studios several tests share, by the fixture that gives them: started when first asked for,
# stopped as soon as the next test does not ask for it (pytest_runtest_teardown), not at the end
# of the whole run: an idle studio still looks at its folder 20 times a second, and under xdist a
# worker runs other folders for minutes after its studio tests (issue 30). Asked for again later,
# one is started afresh (a warm start: its pages are in the run's render cache).
_KEPT: dict[str, RunningStudio] = {}


def kept_studio(fixture: str, start) -> RunningStudio:
    studio = _KEPT.get(fixture)
    if studio is None or studio.process.poll() is not None:
        studio = _KEPT[fixture] = start()
    return studio


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    wanted = getattr(nextitem, "fixturenames", ())
    for fixture in [name for name in _KEPT if name not in wanted]:
        _KEPT.pop(fixture).stop()


@pytest.fixture
def shared_studio(tmp_path_factory):
    """One ready studio for the tests that only look (they must not change its data or settings):
    test_server's, test_hosts' and the status dot's, a small game's studio kept while tests in a row ask for it."""
    def start() -> RunningStudio:
        studio = launch(tmp_path_factory.mktemp("studio"), game_name=SMALL)
        try:
            studio.wait_for(ready)
        except BaseException:
            studio.stop()
            raise
        return studio

    return kept_studio("shared_studio", start)


@pytest.fixture(scope="module")
def hosted_studio(tmp_path_factory):
    """A studio started as a designer scripting it would: `--host 127.0.0.1` given explicitly."""
    studio = launch(tmp_path_factory.mktemp("hosted"), "--host", "127.0.0.1", game_name=SMALL)
    try:
        studio.wait_for(ready)
        yield studio
    finally:
        studio.stop()




@pytest.fixture
def pants_studio(tmp_path_factory):
    """One Dragon Pants studio for the browser tests about the rich game (its preview, its
    playtest), kept like `shared_studio`: each test leaves its data and settings as it found them,
    and its page waits for the studio to be ready, as a designer's would."""
    return kept_studio("pants_studio", lambda: launch(tmp_path_factory.mktemp("pants")))
