"""Find a game's rules module by the `rules_module` name in its game.yaml.

Modules live in `generator.games.<name>` and expose `GAME`, a `GameModule`. Looking one up
imports only that game, so building Dragon Pants never loads Dragon Line's engine.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any, Callable

from generator.games.api import GameModule
from generator.games.parts import CommandsPart

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
# Modules registered at run time (a test's toy game, a designer's module kept outside the package).
_REGISTERED: dict[str, GameModule] = {}


class UnknownRulesModule(LookupError):
    """game.yaml names a rules module that does not exist."""


def known_modules() -> list[str]:
    """Every rules module shipped with the package, by name, and any registered at run time."""
    import generator.games as package

    shipped = {info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg}
    return sorted(shipped | set(_REGISTERED))


def register(module: GameModule) -> None:
    """Make a module that lives outside `generator.games` known by its slug (processes forked
    later inherit it; the rules check's workers are)."""
    _REGISTERED[module.slug] = module


def game_module(name: str) -> GameModule:
    """The `GameModule` of rules module `name`."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if not _NAME.match(name) or name not in known_modules():
        raise UnknownRulesModule(f"no rules module '{name}'; known: {', '.join(known_modules()) or 'none'}")
    module = importlib.import_module(f"generator.games.{name}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, GameModule):
        raise UnknownRulesModule(f"generator.games.{name} does not define GAME (a GameModule)")
    return game


def rules_module_name(game) -> str | None:
    """The rules module a loaded game names in game.yaml (`rules_module`), or None for a data-only game."""
    return getattr(game.game, "rules_module", None)


def module_for_game(game) -> GameModule | None:
    """The `GameModule` of a loaded game (the loader resolved it), or None for a data-only game."""
    module = getattr(game, "module", None)
    if module is not None:
        return module
    name = rules_module_name(game)
    return None if name is None else game_module(name)


def game_commands() -> dict[str, dict[str, Callable[..., Any]]]:
    """The commands the known rules modules bring (`GameModule.cli_commands`): command name ->
    {rules module: function}. Imports every known module, so the command line asks only when a
    command it does not have itself may be wanted."""
    found: dict[str, dict[str, Callable[..., Any]]] = {}
    for name in known_modules():
        try:
            module = game_module(name)
        except UnknownRulesModule:   # a package under generator/games that is not a game
            continue
        for command, function in module.part(CommandsPart).commands().items():
            found.setdefault(command, {})[name] = function
    return found
