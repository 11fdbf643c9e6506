"""`pip install dragon-pnp` works outside the checkout: the wheel carries its templates, schemas
and seed games, and a designer's game folder anywhere on disk is a GAME.

The wheel is built from this tree and installed into a fresh virtual environment whose only
other packages are the dependencies (seen through a path file, so nothing is downloaded); the
commands run in an empty folder far from the checkout, and must not import the checkout's code.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED_GAMES = ("dragon_pants", "dragon_dance", "dragon_line")


# What a source distribution holds (MANIFEST.in); the wheel is built from a copy of these, so the
# build leaves nothing (build/, egg-info) in the checkout.
SOURCE = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "dragon_pnp", "templates", "schemas", "data")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "bundled"))
        else:
            shutil.copy2(ROOT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--no-build-isolation",
                           "--quiet", "-w", str(out)], capture_output=True, text=True, timeout=300, cwd=out,
                          env={**_environment(), "DRAGON_PNP_PURE": "1"})  # what it ships, not mypyc (a minute or more)
    assert done.returncode == 0, done.stdout + done.stderr
    [built] = out.glob("dragon_pnp-*.whl")
    assert built.name.endswith("-py3-none-any.whl")   # DRAGON_PNP_PURE=1: no compiled module, any platform
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed; dependencies come from the test run's own site-packages."""
    env_dir = tmp_path_factory.mktemp("venv") / "v"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # Run from the venv's folder with no PYTHONPATH: a checkout on the path (its egg-info) would
    # make pip think dragon-pnp is installed already.
    # --no-compile: the commands below compile (and cache) only the modules they import, not all
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                           "--no-index", "--no-compile", "--quiet", str(wheel)], capture_output=True, text=True, timeout=300,
                          cwd=env_dir, env=_environment())
    assert done.returncode == 0, done.stdout + done.stderr
    assert list(site.glob("dragon_pnp-*.dist-info")), "the wheel did not install into the fresh venv"
    # Then the dependencies, as a plain path line after the venv's own folder: importable, but the
    # checkout's editable-install hook (a .pth file in that folder) is not run, so `dragon_pnp`
    # can only come from the wheel.
    (site / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env_dir


def test_the_wheel_holds_the_shipped_files(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in SEED_GAMES:
        assert f"dragon_pnp/bundled/games/{game}/game.yaml" in names
        assert f"dragon_pnp/bundled/games/{game}/rules.md" in names
    assert "dragon_pnp/bundled/templates/new_game/game.yaml" in names
    assert "dragon_pnp/bundled/schemas/game.schema.json" in names
    assert "dragon_pnp/kit/sheet_layouts.yaml" in names
    assert any(n.startswith("dragon_pnp/studio/static/") for n in names)
    assert not any(n.startswith(("tests/", "bench/", "output/")) or "__pycache__" in n for n in names)


def _environment() -> dict[str, str]:
    """The test run's environment less what would point the installed tool back at the checkout."""
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DRAGON_PNP_GAME")}
    environment["DRAGON_PNP_CACHE"] = "off"
    return environment


def _installed(environment: dict[str, str]) -> dict[str, str]:
    """The environment of a command run from the installed wheel: bytecode may be written, as it may
    for a user's installed package. Under PYTHONDONTWRITEBYTECODE (set on these machines) each of
    the tests' dozen commands compiled every module it imported from source again (issue 30: the
    wheel is installed --no-compile, so the first command to import a module writes its .pyc)."""
    return {k: v for k, v in environment.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(env_dir: Path, cwd: Path, *args: str, timeout: float = 300, cache: Path | None = None) -> subprocess.CompletedProcess:
    """The installed `dragon-pnp ARGS`; with the render cache off unless `cache` names one."""
    environment = _installed(_environment() if cache is None else {**_environment(), "DRAGON_PNP_CACHE": str(cache)})
    return subprocess.run([str(env_dir / "bin" / "dragon-pnp"), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=environment)


def test_a_designer_workflow_outside_the_checkout(installed, tmp_path):
    work = tmp_path / "workspace"
    work.mkdir()
    where = subprocess.run([str(installed / "bin" / "python"), "-c", "import dragon_pnp; print(dragon_pnp.__file__)"],
                           cwd=work, capture_output=True, text=True, check=True, env=_installed(_environment())).stdout
    assert str(installed) in where and str(ROOT / "dragon_pnp") not in where

    imports = "import dragon_pnp.games\ntry:\n    import generator\nexcept ImportError:\n    print('no generator')"
    done = subprocess.run([str(installed / "bin" / "python"), "-c", imports], cwd=work, capture_output=True, text=True,
                          env=_installed(_environment()))
    assert done.returncode == 0 and done.stdout.strip() == "no generator", done.stdout + done.stderr

    listed = _run(installed, work, "games", "--json")
    assert listed.returncode == 0, listed.stderr
    assert {g["game"] for g in json.loads(listed.stdout) if g["seed"]} == set(SEED_GAMES)   # an empty folder
    copied = _run(installed, work, "new", "myduel", "--from", "dragon_dance", "--dir", ".")
    assert copied.returncode == 0, copied.stdout + copied.stderr
    assert _run(installed, work, "validate", "myduel").returncode == 0
    assert (work / "myduel" / "rules.md").read_text() == (ROOT / "data" / "dragon_dance" / "rules.md").read_text()
    made = _run(installed, work, "new", "mygame", "--dir", ".")
    assert made.returncode == 0, made.stdout + made.stderr
    assert (work / "mygame" / "game.yaml").is_file()
    # --no-proof: the proof is tested in tests/proof; here the wheel's build has to work at all
    for args in (("validate", "mygame"), ("build", "mygame", "--no-check", "--no-proof"), ("export", "tts", "mygame")):
        done = _run(installed, work, *args)
        assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr
    assert (work / "output" / "mygame" / "cards.pdf").read_bytes().startswith(b"%PDF-")
    assert (work / "output" / "mygame-tts" / "mygame.json").is_file()


def test_the_seed_games_build_and_check_from_the_wheel(installed, tmp_path, seed_kit, private_render_cache):
    known = json.loads(_run(installed, tmp_path, "games", "--dir", str(installed), "--json").stdout or "[]")
    assert known == []   # a folder with no game.yaml inside lists nothing, not an error
    # --ladder-games 0: the skill ladder's search players were 35 of this check's 37 CPU s; the
    # wheel's check has to play and report at all (the ladder is tested in tests/report)
    done = _run(installed, tmp_path, "check", "dragon_dance", "--games", "4", "--duel-games", "0", "--ladder-games", "0",
                "--jobs", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads((tmp_path / "output" / "dragon_dance" / "rules-check.json").read_text())["total_games"] > 0
    # The bundled game's pages are drawn from the run's render cache, which the shared Dragon Line
    # kit filled (cairo itself is run from the wheel in the designer workflow's cold build above):
    # the SVGs, the cache keys and every other step still come from the wheel's code and data.
    seed_kit("dragon_line")
    built = _run(installed, tmp_path, "build", "dragon_line", "--no-check", "--no-proof", cache=private_render_cache)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "output" / "dragon_line" / "rulebook.pdf").is_file()


def test_the_sdist_holds_what_the_wheel_is_built_from(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "bundled"))
        else:
            shutil.copy2(ROOT / name, source / name)
    code = "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=source, capture_output=True, text=True,
                          timeout=300, env=_environment())
    assert done.returncode == 0, done.stdout + done.stderr
    import tarfile

    with tarfile.open(tmp_path / done.stdout.strip().splitlines()[-1]) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for needed in ("setup.py", "MANIFEST.in", "templates/new_game/game.yaml", "schemas/game.schema.json",
                   "data/dragon_pants/game.yaml", "dragon_pnp/kit/sheet_layouts.yaml", "dragon_pnp/resources.py"):
        assert needed in names, needed
