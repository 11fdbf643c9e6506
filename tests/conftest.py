"""Shared fixtures: the canonical game data, and throw-away copies of it to break or tweak."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import threading
from pathlib import Path

import pytest

from dragon_pnp.data import GameData
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.parallel import stop_render_workers

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "dragon_pants"
# Tests name their game; a DRAGON_PNP_GAME left set in the shell must not choose one for them.
os.environ.pop("DRAGON_PNP_GAME", None)

# The run's own temporary folder (inherited by xdist workers and every command a test starts),
# so the check at the end sees what this run left behind, not what other programs did meanwhile.
if "DRAGON_PNP_TEST_TMP" not in os.environ:
    os.environ["DRAGON_PNP_TEST_TMP"] = tempfile.mkdtemp(prefix="pytest-dragon-pnp-run-")
os.environ["TMPDIR"] = os.environ["DRAGON_PNP_TEST_TMP"]
tempfile.tempdir = None  # read TMPDIR again


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-times", metavar="FILE", type=Path, default=None,
                     help="append each test's CPU seconds to FILE (tests/cpu_times.py sums them)")


def pytest_configure(config: pytest.Config) -> None:
    out = config.getoption("--cpu-times")
    if out is not None:
        from cpu_times import CpuTimes

        config.pluginmanager.register(CpuTimes(out.resolve()), "cpu-times")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus) -> None:
    """No `dragon-pnp-*` file or folder may be left in the temporary folder after the run."""
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller looks once at the end
        return
    folder = Path(os.environ["DRAGON_PNP_TEST_TMP"])
    # A position a failed rules module was stopped at is kept on purpose, for `play --position`.
    left = sorted(p.name for p in folder.glob("dragon-pnp-*") if not p.name.startswith("dragon-pnp-failed-position-"))
    if left:
        session.exitstatus = 1
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = f"left in the temporary folder {folder}: {', '.join(left[:10])}" + (" ..." if len(left) > 10 else "")
        if reporter is not None:
            reporter.write_line(f"ERROR: {message}", red=True)
        return
    if exitstatus == 0:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(DATA)


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A private copy of data/dragon_pants that a test may edit."""
    target = tmp_path / "dragon_pants"
    shutil.copytree(DATA, target)
    return target


@pytest.fixture(scope="session")
def private_render_cache(tmp_path_factory):
    """A render cache for this test run only (shared by its xdist workers), never the user's."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    folder = (tmp_path_factory.getbasetemp().parent / f"render-cache-{run}" if run
              else tmp_path_factory.mktemp("render-cache"))
    before = os.environ.get("DRAGON_PNP_CACHE")
    os.environ["DRAGON_PNP_CACHE"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("DRAGON_PNP_CACHE", None)
    else:
        os.environ["DRAGON_PNP_CACHE"] = before


# One headless chromium per test process, shared by every browser test (studio and diff): a
# second sync Playwright in the same process fails ("Sync API inside the asyncio loop").
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    """A headless Debian chromium (never a downloaded one), driven by Playwright: one context."""
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium: python3 run.py test installs it "
                    "when run as root")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is installed with the [test] extras")
    playwright = sync_api.sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield chromium.new_context(viewport={"width": 1400, "height": 1000})
    finally:
        # The driver exits at the end of its input, and processes forked while it ran (the render
        # workers of an in-process diff) hold that pipe open: the run then hung at its very end.
        # Stop them first, and end the driver if closing still takes too long.
        stop_render_workers()
        watchdog = threading.Timer(30, _end_playwright_drivers)
        watchdog.start()
        try:
            playwright.stop()
        finally:
            watchdog.cancel()


def _end_playwright_drivers() -> None:
    """Kill this process's Playwright driver (a `node` child), so a hung call returns an error."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, fields = text.split("(", 1)[1].rsplit(")", 1)[0], text.rsplit(")", 1)[1].split()
        if int(fields[1]) == os.getpid() and name.startswith("node"):
            os.kill(int(stat.parent.name), signal.SIGKILL)

