"""Find a game's rules module by the `rules_module` name in its game.yaml.

Modules live in `generator.games.<name>` and expose `GAME`, a `GameModule`. Looking one up
imports only that game, so building Dragon Pants never loads Dragon Line's engine.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from generator.games.api import GameModule

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class UnknownRulesModule(LookupError):
    """game.yaml names a rules module that does not exist."""


def known_modules() -> list[str]:
    """Every rules module shipped with the package, by name."""
    import generator.games as package

    return sorted(info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg)


def game_module(name: str) -> GameModule:
    """The `GameModule` of rules module `name`."""
    if not _NAME.match(name) or name not in known_modules():
        raise UnknownRulesModule(f"no rules module '{name}'; known: {', '.join(known_modules()) or 'none'}")
    module = importlib.import_module(f"generator.games.{name}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, GameModule):
        raise UnknownRulesModule(f"generator.games.{name} does not define GAME (a GameModule)")
    return game
