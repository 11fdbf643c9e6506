#!/usr/bin/env python3
"""Set up and run dragon-pnp on a fresh machine that has only Python 3.11+ and cairo.

    python3 run.py kit [ARGS...]    build the Dragon Pants kit into output/dragon_pants/
    python3 run.py test [ARGS...]   ruff and mypy with the committed configuration (pyproject.toml),
                                    then the whole test suite (installs Debian's chromium for the
                                    studio's browser tests when it is missing and this is root)
    python3 run.py bench            run the benchmarks under bench/
    python3 run.py bench --smoke    every benchmark once at tiny sizes (does each still work?)

The first run creates .venv/ and installs the project with its test extras; later runs
reinstall only when pyproject.toml changes. `test` and `bench` byte-compile the checkout first
(only what changed since the last run). `test` also installs the PDF checkers the tests read the
kit with (qpdf, poppler-utils, ghostscript) when they are missing and it runs as root, and the
yaml-language-server the editor tests drive (from npm, when node and npm are installed).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".installed"
# System tools some tests need, by command, with their Debian package. Installed when missing
# and run as root with apt-get; elsewhere those tests skip and say why.
# System tools the tests use: the crash tests kill a build at each rename of its swap (strace);
# the print tests check the kit with independent readers (qpdf, pdffonts, pdftoppm, Ghostscript).
TEST_TOOLS = {"strace": "strace", "qpdf": "qpdf", "pdffonts": "poppler-utils", "pdftoppm": "poppler-utils",
              "gs": "ghostscript"}  # gs also converts the print-shop PDFs (build --pdfx)
# Fonts the rulebook and card faces fall back to for characters Vera lacks (dragon_pnp/font_runs.py),
# by file: DejaVu Sans for Cyrillic, Greek, Hebrew and Arabic (its presentation forms too, which
# the joined Arabic is drawn with: dragon_pnp/text_scripts.py), Droid Sans Fallback (TrueType,
# which reportlab can embed) for Chinese, Japanese and Korean.
FONT_PACKAGES = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf": "fonts-dejavu-core",
                 "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf": "fonts-droid-fallback"}


def ensure_environment() -> None:
    """Create the virtual environment and install the project when missing or out of date."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing dragon-pnp and its test tools into .venv ...", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(pip + ["--upgrade", "pip"], check=True)
    subprocess.run(pip + ["-e", f"{ROOT}[test]"], check=True)
    compile_pytest_plugins()
    STAMP.write_text(wanted + "\n")


def ensure_compiled() -> None:
    """Compile the hot modules (pyproject.toml's [tool.dragon_pnp.compile]) with mypyc into
    .venv/dragon_pnp_compiled/ when they are missing or a source has changed since, and say in
    one line whether the run uses them or the sources (dragon_pnp/compiled.py).

    Outside the source tree, so an edited .py is never shadowed: `dragon_pnp.compiled` uses the
    set only while every source still has the digest recorded here, and the sources otherwise.
    DRAGON_PNP_PURE=1 skips compiling; without a C compiler the sources run (same games)."""
    build = "import sys; from dragon_pnp.compiled import main; sys.exit(main(sys.argv[1]))"
    subprocess.run([str(PYTHON), "-c", build, str(ROOT)], cwd=ROOT, check=False)


def compile_pytest_plugins() -> None:
    """Start pytest once with bytecode allowed, so that the rewritten plugin modules it keeps
    (hypothesis, xdist, anyio: pytest rewrites their asserts too, into files of its own that pip
    does not write) are in the venv. Without them, under PYTHONDONTWRITEBYTECODE, every pytest
    process rewrote them: ~1.5 CPU s each, three per test run."""
    with tempfile.TemporaryDirectory() as empty:
        subprocess.run([str(PYTHON), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", empty],
                       cwd=empty, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       env={key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"})


def ensure_test_tools() -> None:
    """Install the system tools of TEST_TOOLS that are missing, where that is possible."""
    missing = sorted({package for command, package in TEST_TOOLS.items() if shutil.which(command) is None}
                     | {package for path, package in FONT_PACKAGES.items() if not Path(path).is_file()})
    if not missing:
        return
    can_install = os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get") is not None
    if can_install:
        print(f"Installing {', '.join(missing)} for the tests ...", flush=True)
        quiet = {"stdout": subprocess.DEVNULL, "env": {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}}
        subprocess.run(["apt-get", "update", "-qq"], **quiet)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], **quiet)
    still = sorted({package for command, package in TEST_TOOLS.items() if shutil.which(command) is None}
                   | {package for path, package in FONT_PACKAGES.items() if not Path(path).is_file()})
    if still:
        print(f"note: {', '.join(still)} not installed; the tests that need it are skipped "
              f"(as root: apt-get install {' '.join(still)})", flush=True)


# The editor tests (tests/foundation/test_editor_schemas.py) drive the real yaml-language-server,
# installed from the npm registry into the user's cache folder: set-up, so it is done here, not
# inside the first test that needs it (that test installs it itself when run without run.py).
EDITOR_TOOL, EDITOR_TOOL_VERSION = "yaml-language-server", "1"


def ensure_editor_tools() -> None:
    """Install the yaml-language-server the editor tests use, when node and npm are here."""
    npm = shutil.which("npm")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = cache / "dragon-pnp-tools" / EDITOR_TOOL
    if npm is None or shutil.which("node") is None or \
            (folder / "node_modules" / EDITOR_TOOL / "bin" / EDITOR_TOOL).is_file():
        return
    print(f"Installing {EDITOR_TOOL} for the editor tests (npm) ...", flush=True)
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--silent",
                           f"{EDITOR_TOOL}@{EDITOR_TOOL_VERSION}"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"note: npm could not install {EDITOR_TOOL}; the editor tests will try again, else skip: "
              f"{done.stderr[-300:]}", flush=True)


CHROMIUM = Path("/usr/bin/chromium")


def ensure_chromium() -> None:
    """The studio's browser tests drive Debian's chromium; install it if missing and we may.

    Without it (not root, not Debian, no package lists) those tests skip and say why.
    """
    if CHROMIUM.exists():
        return
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not Path("/usr/bin/apt-get").exists():
        print("chromium is not installed (and this is not root on Debian): the studio's browser tests will skip",
              flush=True)
        return
    print("Installing chromium for the studio's browser tests: apt-get update && apt-get install -y chromium",
          flush=True)
    quiet = {"stdout": subprocess.DEVNULL, "env": {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}}
    if subprocess.call(["apt-get", "update", "-qq"], **quiet) != 0 or \
            subprocess.call(["apt-get", "install", "-y", "-qq", "chromium"], **quiet) != 0:
        print("installing chromium failed: the studio's browser tests will skip", flush=True)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"kit", "test", "bench"}:
        print(__doc__.strip())
        return 2
    command, rest = argv[0], argv[1:]
    ensure_environment()
    ensure_compiled()
    os.chdir(ROOT)
    if command == "kit":
        return subprocess.call([str(BIN / "dragon-pnp"), "build", "dragon_pants", *rest])
    compile_bytecode()
    if command == "test":
        found = static_checks()
        if found:
            return found
        ensure_test_tools()
        ensure_chromium()
        ensure_editor_tools()
        return subprocess.call([str(PYTHON), "-m", "pytest", "-n", "2", "-q", *rest])
    return run_benches(rest)


# The checkout's Python, byte-compiled once per run as pip does for an installed package. The
# test run starts hundreds of Python processes (builds, the CLI, studios, harnesses); where the
# environment says PYTHONDONTWRITEBYTECODE (or before any run wrote __pycache__), each compiled
# every module it imported again.
COMPILED = ("dragon_pnp", "examples", "bench", "tests")
# Test modules and conftest files are left out: pytest compiles them itself, with their asserts
# rewritten, into files of its own (tests/conftest.py keeps those while it collects).
REWRITTEN_BY_PYTEST = r"[/\\](test_[^/\\]*|conftest)\.py$"


def compile_bytecode(python: Path = PYTHON) -> None:
    """Write the __pycache__ of COMPILED (ignored by git, skipped by every folder digest and
    copy); only files changed since the last run are compiled again (~0.2 s when none are)."""
    folders = [name for name in COMPILED if (ROOT / name).is_dir()]
    subprocess.run([str(python), "-m", "compileall", "-q", "-j", "0", "-x", REWRITTEN_BY_PYTEST, *folders], cwd=ROOT,
                   stdout=subprocess.DEVNULL, check=False)


def static_checks() -> int:
    """`ruff check` and `mypy` with the committed configuration; non-zero on any finding, so the
    suite never runs over code either refuses. mypy keeps its cache in .mypy_cache/ (a rerun after
    a small edit takes seconds)."""
    for name, args in (("ruff", ["check", "--quiet"]), ("mypy", [])):
        print(f"{name} ...", flush=True)
        code = subprocess.call([str(BIN / name), *args])
        if code != 0:
            print(f"{name} found problems (above); fix them before the tests run", flush=True)
            return code
    return 0


def run_benches(options: list[str], python: Path = PYTHON) -> int:
    """Every bench/bench_*.py with `options` (`--smoke`: tiny sizes, one run each); each has a
    deadline, so a stuck bench fails the run instead of hanging it. Non-zero when any failed.

    Smoke runs go two at a time in forks of one process that imported the package once
    (bench/smoke.py; each bench's output printed whole when it ends): they check that every bench
    still works, not its figures. Full runs go one at a time, each in a fresh process alone on
    the machine, since they are the figures."""
    if "--smoke" in options:
        return subprocess.call([str(python), str(ROOT / "bench" / "smoke.py"), "--deadline", "120"])
    deadline = 3600
    failed = []
    for bench in sorted((ROOT / "bench").glob("bench_*.py")):
        print(f"== {bench.name}", flush=True)
        try:
            code = subprocess.run([str(python), str(bench), *options], timeout=deadline).returncode
        except subprocess.TimeoutExpired:
            print(f"{bench.name} took more than {deadline} s: stopped", flush=True)
            code = 1
        if code != 0:
            failed.append(bench.name)
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
