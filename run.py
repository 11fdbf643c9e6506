#!/usr/bin/env python3
"""Set up and run dragon-pnp on a fresh machine that has only Python 3.11+ and cairo.

    python3 run.py kit [ARGS...]    build the Dragon Pants kit into output/dragon_pants/
    python3 run.py test [ARGS...]   run the whole test suite
    python3 run.py bench            run the benchmarks under bench/

The first run creates .venv/ and installs the project with its test extras; later runs
reinstall only when pyproject.toml changes. `test` also installs the PDF checkers the tests
read the kit with (qpdf, poppler-utils, ghostscript) when they are missing and it runs as root.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".installed"


def ensure_environment() -> None:
    """Create the virtual environment and install the project when missing or out of date."""
    if sys.version_info < (3, 11):
        sys.exit(f"dragon-pnp needs Python 3.11 or newer; this is {sys.version.split()[0]}")
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
    STAMP.write_text(wanted + "\n")


# The independent readers the print tests check the kit with (qpdf --check, pdffonts,
# pdftoppm, Ghostscript): command -> Debian package.
CHECK_TOOLS = {"qpdf": "qpdf", "pdffonts": "poppler-utils", "pdftoppm": "poppler-utils", "gs": "ghostscript"}


def ensure_check_tools() -> None:
    """Install the PDF checkers the tests use when they are missing (apt-get, as root).

    Without root or apt-get, say what to install; the tests that need a tool then fail
    naming it, rather than passing without looking.
    """
    missing = sorted({package for tool, package in CHECK_TOOLS.items() if shutil.which(tool) is None})
    if not missing:
        return
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        print(f"Installing {', '.join(missing)} ...", flush=True)
        quiet = {"stdout": subprocess.DEVNULL, "env": {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}}
        subprocess.run(["apt-get", "update", "-qq"], check=False, **quiet)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, **quiet)
        return
    print(f"The print tests need {', '.join(missing)}; install them (e.g. apt-get install {' '.join(missing)}).",
          file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"kit", "test", "bench"}:
        print(__doc__.strip())
        return 2
    command, rest = argv[0], argv[1:]
    ensure_environment()
    os.chdir(ROOT)
    if command == "kit":
        return subprocess.call([str(BIN / "dragon-pnp"), "build", "dragon_pants", *rest])
    if command == "test":
        ensure_check_tools()
        return subprocess.call([str(PYTHON), "-m", "pytest", "-n", "2", "-q", *rest])
    status = 0
    for bench in sorted((ROOT / "bench").glob("bench_*.py")):
        print(f"== {bench.name}", flush=True)
        status |= subprocess.call([str(PYTHON), str(bench)])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
