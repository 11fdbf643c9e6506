"""Shared fixtures: the canonical game data, and throw-away copies of it to break or tweak."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path

import pytest
import yaml

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


# --- bytecode of the collected modules (issue 30: the fresh clone) --------------------------------
# Pytest compiles each test module with its asserts rewritten, and keeps the result (beside the
# module, in __pycache__) only where bytecode may be written. Under PYTHONDONTWRITEBYTECODE each
# xdist worker rewrote all the test modules, and hypothesis, on every run. Collection imports
# only the checkout's files and installed packages, which no test edits, so their bytecode is
# kept while collecting; the tests then run with the environment's own setting (they copy and
# edit rules modules, whose bytecode Python checks only by the second and the size).
_DONT_WRITE_BYTECODE = sys.dont_write_bytecode
sys.dont_write_bytecode = False


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, None, None]:
    try:
        yield
    finally:
        sys.dont_write_bytecode = _DONT_WRITE_BYTECODE
# --- end of the bytecode block ---------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-times", metavar="FILE", type=Path, default=None,
                     help="append each test's CPU seconds to FILE (tests/cpu_times.py sums them)")


def pytest_configure(config: pytest.Config) -> None:
    # Some tests draw with cairo directly; fontconfig keeps the fonts of a process's first text,
    # so point it at the bundled fonts before any test, as every product path does.
    from dragon_pnp.fonts import use_bundled_fonts_for_cairo

    use_bundled_fonts_for_cairo()
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


# --- built once per test run ---------------------------------------------------------------------
# Building a seed game's kit costs seconds; dozens of tests only read one, or copy one to break it.
# These fixtures build each such artefact once per run: under pytest-xdist the first worker to ask
# builds while holding a lock file in the run's shared temporary folder, the others wait for its
# `done` marker and read the same files. What they return is shared: read it, never change it
# (copy it with `copy_seed_kit` or shutil.copytree first).


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `make(folder)` filled, made at most once per test run whatever the workers."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    shared = (tmp_path_factory.getbasetemp().parent / f"built-once-{run}" if run
              else tmp_path_factory.getbasetemp() / "built-once")
    shared.mkdir(parents=True, exist_ok=True)
    folder, done, failed = shared / name, shared / f"{name}.done", shared / f"{name}.failed"
    try:
        os.close(os.open(shared / f"{name}.lock", os.O_CREAT | os.O_EXCL))
    except FileExistsError:  # another worker (or an earlier test here) builds it: wait for it
        deadline = time.monotonic() + 900
        while not done.exists():
            if failed.exists():
                pytest.fail(f"building {name} failed in another worker:\n{failed.read_text()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"another worker never finished building {name}") from None
            time.sleep(0.05)
        return folder
    folder.mkdir()
    try:
        make(folder)
    except BaseException as exc:
        failed.write_text(str(exc)[-4000:], encoding="utf-8")
        raise
    done.touch()
    return folder


@pytest.fixture(scope="session")
def once(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Callable[[Path], None]], Path]:
    """`once(name, make)`: the folder `make(folder)` filled, at most once per run (`built_once`)."""
    return lambda name, make: built_once(tmp_path_factory, name, make)


def build_command(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """`dragon-pnp ARGV` in a child process, the tree's code first on the path."""
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *argv], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"})


def _game_folder(game: str | Path) -> Path:
    """A game's folder: a path as given, else its name under data/ or examples/."""
    return Path(game) if Path(game).is_absolute() else next(
        (folder for folder in (ROOT / "data" / str(game), ROOT / "examples" / str(game)) if folder.is_dir()),
        ROOT / "data" / str(game))


def _own_paper(game: Path) -> str:
    """The paper a game's print.yaml names (a build without --paper uses it), else letter."""
    try:
        profile = yaml.safe_load((game / "print.yaml").read_text(encoding="utf-8"))
    except OSError:
        return "letter"
    return str(profile.get("paper", "letter")).lower() if isinstance(profile, dict) else "letter"


@pytest.fixture(scope="session")
def seed_kit(tmp_path_factory: pytest.TempPathFactory, private_render_cache: Path) -> Callable[..., Path]:
    """`seed_kit(game, paper=None, duplex=True, proof=None)`: the kit folder `dragon-pnp build GAME
    --no-check [--paper PAPER] [--no-duplex] [--no-proof]` writes, for a game under data/ (or
    examples/, or any folder path), built once per test run from the checkout's folder into the
    run's render cache. What the build printed is kept beside the kit, in `stdout.txt`.

    On the game's own paper it is built without --paper, as a plain build; for a seed game (under
    data/) the proof is included: the cache then remembers it, so a test's `dragon-pnp build GAME
    --no-check` run from the checkout (over a copy, say) is written from the cache in milliseconds.
    Any other kit (an example's plain build too: no test reads its proof or builds it again from
    the checkout) skips the proof (`--no-proof`, a third of a cold build) unless `proof=True` asks
    for it. Shared and read-only: copy it (`copy_seed_kit`) before building over it or breaking it."""
    seen: dict[tuple[str, str, bool, bool], Path] = {}

    def get(game: str | Path, paper: str | None = None, duplex: bool = True, proof: bool | None = None) -> Path:
        source = _game_folder(game)
        own = _own_paper(source)
        chosen = (paper or own).lower()
        plain = chosen == own and duplex
        proofed = (plain and source.parent == ROOT / "data") if proof is None else proof
        key = (str(source), chosen, duplex, proofed)
        if key not in seen:
            def make(folder: Path) -> None:
                flags = ((() if chosen == own else ("--paper", chosen)) + (() if duplex else ("--no-duplex",))
                         + (() if proofed else ("--no-proof",)))
                done = build_command("build", str(source), "--no-check", *flags, "--out", str(folder / "kit"))
                if done.returncode != 0:
                    raise AssertionError(f"building {source.name} on {chosen} failed:\n"
                                         f"{done.stdout[-2000:]}{done.stderr[-3000:]}")
                (folder / "stdout.txt").write_text(done.stdout, encoding="utf-8")

            name = (f"seed-kit-{source.parent.name}-{source.name}-{chosen}-{'duplex' if duplex else 'fold'}"
                    f"{'' if proofed else '-no-proof'}")
            seen[key] = built_once(tmp_path_factory, name, make) / "kit"
        return seen[key]

    return get


@pytest.fixture(scope="session")
def copy_seed_kit(seed_kit: Callable[..., Path]) -> Callable[..., Path]:
    """`copy_seed_kit(game, target, paper=None, duplex=True, proof=None)`: a private copy of that
    kit at `target`, to build over or break (copying is milliseconds; building it again was seconds)."""
    def copy(game: str | Path, target: Path, paper: str | None = None, duplex: bool = True,
             proof: bool | None = None) -> Path:
        shutil.copytree(seed_kit(game, paper, duplex, proof), target, symlinks=True)
        return target

    return copy


@pytest.fixture(scope="session")
def seed_cards(tmp_path_factory: pytest.TempPathFactory, private_render_cache: Path) -> Callable[..., Path]:
    """`seed_cards(game, paper, duplex)`: a folder holding only the cards.pdf a build of the game
    on that paper and layout writes, rendered in this process once per test run (no rulebook,
    no other document, no proof: a fraction of a whole kit). For tests that read card sheets alone,
    such as the fold-over layouts. Shared and read-only."""
    def get(game: str | Path, paper: str, duplex: bool) -> Path:
        source = _game_folder(game)

        def make(folder: Path) -> None:
            from dragon_pnp.kit.kit import plan_kit, render_plan, write_documents

            data = load_game(source)
            plan = plan_kit(data, paper, duplex).only("cards.pdf")
            rendered, _ = render_plan(plan)
            write_documents(plan, rendered, folder)

        name = f"seed-cards-{source.parent.name}-{source.name}-{paper}-{'duplex' if duplex else 'fold'}"
        return built_once(tmp_path_factory, name, make)

    return get


@pytest.fixture(scope="session")
def seed_print_shop(tmp_path_factory: pytest.TempPathFactory, seed_kit: Callable[..., Path]) -> Callable[..., Path]:
    """`seed_print_shop(game, paper=None, level="x4")`: a kit folder holding `print-shop/` as
    `dragon-pnp build GAME --no-check [--paper PAPER] --pdfx LEVEL` writes it: a copy of the shared
    seed kit (the same home-print files such a build writes first) with the build's own print-shop
    step run over it in this process, once per run. The step reads only the kit's files, so this
    is that build's print shop without building the kit, the rulebook and print-and-play a second
    time (tests/print_shop/test_pdfx.py checks a whole `build --pdfx` writes the same bytes).
    Shared and read-only."""
    def get(game: str | Path, paper: str | None = None, level: str = "x4") -> Path:
        source = _game_folder(game)
        chosen = (paper or _own_paper(source)).lower()

        def make(folder: Path) -> None:
            from dragon_pnp.build.context import BuildContext, BuildOptions
            from dragon_pnp.print_shop.step import print_shop_step

            kit = folder / "kit"
            shutil.copytree(seed_kit(source, chosen), kit, symlinks=True)
            options = BuildOptions(paper=chosen, check=False, proof=False, pdfx=level)
            context = BuildContext(load_game(source), options, kit)
            context.artifacts.update({p.relative_to(kit).as_posix(): p for p in sorted(kit.rglob("*")) if p.is_file()})
            print_shop_step(context)
            context.settle()

        name = f"seed-print-shop-{source.parent.name}-{source.name}-{chosen}-{level}"
        return built_once(tmp_path_factory, name, make) / "kit"

    return get


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
        # reduced motion: the studio's pulsing status dot, redrawn without a GPU, cost chromium
        # ~0.15 CPU s per second of every build a page watched (docs/testing.md)
        yield chromium.new_context(viewport={"width": 1400, "height": 1000}, reduced_motion="reduce")
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

