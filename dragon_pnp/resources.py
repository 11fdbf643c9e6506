"""Where dragon-pnp finds what it ships and where it writes, installed or run from a checkout.

A wheel carries the built-in templates, the JSON Schemas and the seed games inside the package
(`dragon_pnp/bundled/`, copied there by `setup.py` at build time), so `pip install dragon-pnp`
works anywhere. Run from a source checkout (no `bundled/` folder), the same things are the
checkout's own `templates/`, `schemas/` and `data/`, so an edit to a template shows at once.

Named games (`dragon-pnp build dragon_pants`) are looked up in the current folder's `data/`
first (a designer's workspace), then in the shipped games; any folder holding a game.yaml is a
game wherever it is on disk.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = PACKAGE / "bundled"
CHECKOUT = PACKAGE.parent
# The checkout folder of each shipped thing, by its name inside `bundled/`.
SHIPPED = {"templates": "templates", "schemas": "schemas", "games": "data"}


def installed() -> bool:
    """True for a wheel install (the shipped files are inside the package)."""
    return BUNDLED.is_dir()


def shipped(name: str) -> Path:
    """The folder of shipped `templates`, `schemas` or `games` (the seed games)."""
    if name not in SHIPPED:
        raise KeyError(f"nothing shipped called {name!r}; known: {', '.join(SHIPPED)}")
    return BUNDLED / name if installed() else CHECKOUT / SHIPPED[name]


def templates_dir() -> Path:
    return shipped("templates")


def schemas_dir() -> Path:
    return shipped("schemas")


def game_search_path() -> list[Path]:
    """Folders whose sub-folders are games by name. From a checkout: its data/. Installed: the
    current folder's data/ (a designer's workspace), then the shipped seed games."""
    if not installed():
        return [CHECKOUT / "data"]
    workspace = Path.cwd() / "data"
    return ([workspace] if workspace.is_dir() else []) + [shipped("games")]


def default_games_folder() -> Path:
    """Where `dragon-pnp games` looks and `dragon-pnp new` writes by default: a checkout's data/;
    installed, the current folder's data/ if there is one, else the current folder."""
    if not installed():
        return CHECKOUT / "data"
    workspace = Path.cwd() / "data"
    return workspace if workspace.is_dir() else Path.cwd()


def output_root() -> Path:
    """Where a command writes when `--out` is not given: a checkout's output/; installed, output/
    in the current folder."""
    return CHECKOUT / "output" if not installed() else Path.cwd() / "output"
