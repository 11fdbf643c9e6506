"""Find a game's rules module by the `rules_module` named in its game.yaml.

Two ways a game brings rules, and the shipped games use the first like any other:

- an installed distribution registers a `GameModule` under a name in the entry-point group
  `dragon_pnp.games` (`[project.entry-points."dragon_pnp.games"]` in its pyproject.toml:
  `my_game = "my_package:GAME"`), and game.yaml names it: `rules_module: my_game`;
- a designer's Python file or package inside the game folder, named by its path:
  `rules_module: rules.py` or `rules_module: ./rules` (a folder with an `__init__.py`). That is
  the designer's own code: it runs with the user's rights, and the first time a folder's module
  is loaded the tool says so.

Either way the module exposes `GAME`, a `GameModule`. `load_game` loads a game folder with its
module: the registry finds the module and hands it to the loader (`dragon_pnp.data.loader`). Looking one up imports only that game, so
building one game never loads another's engine.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import re
import sys
import traceback
import weakref
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.api import GameModule
from dragon_pnp.games.boundary import StepTimeout, Terminated, Watchdog

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData

ENTRY_POINT_GROUP = "dragon_pnp.games"
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
# Modules registered at run time (a test's toy game) and those loaded from game folders, by slug.
_REGISTERED: dict[str, GameModule] = {}
_FROM_FOLDERS: dict[Path, tuple[str, GameModule]] = {}   # path -> (source digest, module)
# module -> source digest at import; held weakly, so a module let go cannot lend its entry to another
_LOADED_SOURCE: weakref.WeakKeyDictionary[GameModule, str] = weakref.WeakKeyDictionary()


class UnknownRulesModule(LookupError):
    """game.yaml names a rules module that does not exist or does not load."""


def is_folder_module(name: str) -> bool:
    """True when game.yaml's `rules_module` is a path inside the game folder, not a registered name."""
    return "/" in name or name.endswith(".py")


@cache
def _entry_points() -> dict[str, Any]:
    """The registered rules modules by name. A name that is not one (`Bad Name`) is left out, and
    a second registration of a name never replaces the first silently: dragon-pnp's own games
    win over any plugin, a plugin over a later one, and either way a warning says so."""
    from importlib.metadata import entry_points

    chosen: dict[str, Any] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if not _NAME.match(point.name):
            _warn(f"{_owner(point)} registers {point.name!r} as a rules module; a name is lower-case letters, "
                  "digits and _ (starting with a letter): left out")
            continue
        first = chosen.get(point.name)
        if first is None:
            chosen[point.name] = point
            continue
        keep, drop = (point, first) if _built_in(point) and not _built_in(first) else (first, point)
        chosen[point.name] = keep
        _warn(f"{_owner(drop)} also registers the rules module '{point.name}' ({drop.value}); "
              f"{_owner(keep)}'s ({keep.value}) is used: a plugin cannot replace "
              f"{'a built-in game' if _built_in(keep) else 'a rules module registered before it'}")
    return chosen


def _built_in(point: Any) -> bool:
    return str(point.value).startswith("dragon_pnp.")


def _owner(point: Any) -> str:
    dist = getattr(point, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return f"the distribution {name}" if name else "an installed distribution"


def _warn(text: str) -> None:
    print(f"warning: {text}", file=sys.stderr)


def known_modules() -> list[str]:
    """Every registered rules module by name: installed distributions' and any registered at run time."""
    return sorted(set(_entry_points()) | set(_REGISTERED))


def installed_modules() -> list[str]:
    """The rules modules installed distributions provide (the seed games among them), by name."""
    return sorted(_entry_points())


def installed_code(name: str) -> str | None:
    """The file of the top-level package (or module) an installed rules module's code is in, or
    None when the name is registered at run time or not installed (its code is not in a file
    a build can digest)."""
    point = _entry_points().get(name) if _NAME.match(name) and name not in _REGISTERED else None
    if point is None:
        return None
    top = point.value.split(":")[0].strip().split(".")[0]
    loaded = sys.modules.get(top)
    if loaded is not None:
        return getattr(loaded, "__file__", None)
    spec = importlib.util.find_spec(top)
    return spec.origin if spec is not None else None


def register(module: GameModule) -> None:
    """Make a module known by its slug for this process (processes forked later inherit it)."""
    _REGISTERED[module.slug] = module


def game_module(name: str, folder: str | Path | None = None) -> GameModule:
    """The `GameModule` game.yaml names: a registered name, or a path inside `folder`."""
    if is_folder_module(name):
        if folder is None:
            raise UnknownRulesModule(f"rules module {name!r} is a path, and no game folder was given")
        return folder_module(Path(folder), name)
    if name in _REGISTERED:
        return _REGISTERED[name]
    point = _entry_points().get(name) if _NAME.match(name) else None
    if point is None:
        known = ", ".join(known_modules()) or "none"
        raise UnknownRulesModule(f"no rules module '{name}'; installed: {known}; or name a Python file in the "
                                 "game folder (rules_module: rules.py)")
    try:
        with Watchdog():   # an import that never returns stops after the step limit
            loaded = point.load()
    except (Terminated, KeyboardInterrupt):
        raise
    except BaseException as exc:   # an installed game that fails to import (or exits): say which and why
        raise UnknownRulesModule(f"rules module '{name}' ({point.value}) failed to load: {_why(exc)}") from None
    game = getattr(loaded, "GAME", loaded)
    if not isinstance(game, GameModule):
        raise UnknownRulesModule(f"rules module '{name}' ({point.value}) is not a GameModule (expose GAME)")
    return game


def folder_module(folder: Path, name: str) -> GameModule:
    """The `GAME` of a Python file or package inside a game folder, imported once per process."""
    root = folder.resolve()
    path = (root / name).resolve()
    if root not in path.parents:
        raise UnknownRulesModule(f"rules module {name!r} must lie inside the game folder {folder}")
    init = path / "__init__.py" if path.is_dir() else path
    if not init.is_file() or init.suffix != ".py":
        raise UnknownRulesModule(f"rules module {name!r}: expected a .py file or a folder with an __init__.py "
                                 f"in {folder}")
    source = source_digest(path)
    if path in _FROM_FOLDERS and _FROM_FOLDERS[path][0] == source:
        return _FROM_FOLDERS[path][1]
    # Named by its place and its source: an edited module is imported afresh, beside the old one.
    module_name = f"dragon_pnp_rules_{re.sub(r'[^a-z0-9_]', '_', root.name.lower())}_" \
                  f"{hashlib.sha256(f'{path}|{source}'.encode()).hexdigest()[:10]}"
    spec = importlib.util.spec_from_file_location(
        module_name, init, submodule_search_locations=[str(path)] if path.is_dir() else None)
    if spec is None or spec.loader is None:
        raise UnknownRulesModule(f"rules module {name!r} cannot be imported")
    _say_first_use(path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        with Watchdog():   # an import that never returns stops after the step limit
            spec.loader.exec_module(module)
    except (Terminated, KeyboardInterrupt):
        sys.modules.pop(module_name, None)
        raise
    except BaseException as exc:   # SystemExit and the time limit included: one located line
        sys.modules.pop(module_name, None)
        raise UnknownRulesModule(f"rules module {name!r} failed to load: {_why(exc, path)}") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, GameModule):
        raise UnknownRulesModule(f"rules module {name!r} defines no GAME (an instance of "
                                 "dragon_pnp.games.api.GameModule)")
    _FROM_FOLDERS[path] = (source, game)
    _LOADED_SOURCE[game] = source
    _REGISTERED.setdefault(game.slug, game)   # reports name it by slug later in this process
    return game


def source_digest(path: Path) -> str:
    """A digest of a folder module's source as it is now (a package folder, or one file)."""
    from dragon_pnp.file_digest import folder_digest

    if path.is_dir():
        return folder_digest(path)
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def loaded_source(module: GameModule) -> str | None:
    """The digest of the source a game folder's module was imported from (None for an installed
    one): what it runs, even if its files changed since."""
    return _LOADED_SOURCE.get(module)


def _why(exc: BaseException, inside: Path | None = None) -> str:
    """The error and, for the designer's own code, the file and line it came from."""
    frames: list[traceback.FrameSummary] = list(traceback.extract_tb(exc.__traceback__))
    if inside is not None:
        base = inside if inside.is_dir() else inside.parent
        frames = [f for f in frames if Path(f.filename).resolve().is_relative_to(base)] or frames[-1:]
    where = ""
    if isinstance(exc, SyntaxError) and exc.filename:
        where = f"{exc.filename}:{exc.lineno}: "
    elif frames:
        where = f"{frames[-1].filename}:{frames[-1].lineno}: "
    if isinstance(exc, StepTimeout):
        return f"{where}the import did not finish: {exc}"
    if isinstance(exc, SystemExit):
        return f"{where}the import called exit({exc.code!r})"
    return f"{where}{type(exc).__name__}: {exc}"


def _say_first_use(path: Path) -> None:
    """Tell the user, once per module (remembered in the cache), that the game runs its own code."""
    import os

    if os.environ.get("DRAGON_PNP_RULES_NOTE", "").strip().lower() in ("off", "0", "no"):
        return   # copies of a folder whose module the user was told of (`dragon-pnp tune`'s candidates)
    setting = os.environ.get("DRAGON_PNP_CACHE", "").strip()
    marker = None
    if setting.lower() not in ("off", "0", "no"):
        base = Path(setting) if setting else Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "dragon-pnp"
        marker = base / "rules-modules" / hashlib.sha256(str(path).encode()).hexdigest()[:16]
        if marker.exists():
            return
    print(f"note: {path} is this game's own rules module: dragon-pnp runs its Python code with your rights "
          "(shown once per module)", file=sys.stderr)
    if marker is not None:
        try:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text(str(path) + "\n", encoding="utf-8")
        except OSError:
            pass


def load_game(game: str | Path, without_broken_rules: bool = False) -> GameData:
    """A game folder (or a game's name) loaded and schema-checked with its rules module, found
    here by game.yaml's `rules_module`: the registry calls the loader, never the reverse.
    `without_broken_rules`: a rules module that does not load leaves a data-only game (its
    `rules_failure` says why) instead of an error."""
    from dragon_pnp.data.loader import read_game

    return read_game(game, game_module, without_broken_rules)


def rules_module_name(game: GameData) -> str | None:
    """The rules module a loaded game names in game.yaml (`rules_module`), or None for a data-only game."""
    return game.game.rules_module


def module_for_game(game: GameData) -> GameModule | None:
    """The `GameModule` of a loaded game (the loader resolved it), or None for a data-only game."""
    module: GameModule | None = game.module
    if module is not None:
        return module
    name = rules_module_name(game)
    return None if name is None else game_module(name, game.root)


def game_commands() -> dict[str, dict[str, Callable[..., Any]]]:
    """The commands the known rules modules bring (`CommandsPart`): command name ->
    {rules module: function}. Imports every registered module, so the command line asks only
    when a command it does not have itself may be wanted."""
    from dragon_pnp.games.parts import CommandsPart

    found: dict[str, dict[str, Callable[..., Any]]] = {}
    for name in known_modules():
        try:
            module = game_module(name)
        except UnknownRulesModule:
            continue
        for command, function in module.part(CommandsPart).commands().items():
            found.setdefault(command, {})[name] = function
    return found
