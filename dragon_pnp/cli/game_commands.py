"""Commands a game's rules module brings (`GameModule.cli_commands`), added to the shared `app`.

Each becomes `dragon-pnp NAME [GAME] OPTIONS`: the GAME argument is chosen as for every other
command, the game is loaded, and its own module runs the command; a game whose module does not
offer NAME is refused (exit 2). The modules are imported only when the command line may need
one of their commands (see `main`), so `dragon-pnp build` never loads the other games.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Optional

import typer

from dragon_pnp.cli.app import GAME_HELP, app
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.errors import NotationError

_added = False


def builtin_command_names() -> set[str]:
    """The names of the commands and command groups the CLI defines itself."""
    names = {info.name or info.callback.__name__.lower().replace("_", "-")
             for info in app.registered_commands if info.callback is not None}
    return names | {info.name for info in app.registered_groups if info.name}


def add_game_commands() -> None:
    """Add every known rules module's commands to `app` (once); a built-in command keeps its name."""
    global _added
    if _added:
        return
    _added = True
    from dragon_pnp.games.registry import game_commands  # the rules modules: only when one may be wanted

    builtin = builtin_command_names()
    for name, providers in sorted(game_commands().items()):
        if name in builtin:
            raise TypeError(f"rules module {', '.join(providers)}: command {name!r} is one of dragon-pnp's own")
        app.command(name)(game_command(name, providers))


def game_command(name: str, providers: dict[str, Callable[..., Any]]) -> Callable[..., int]:
    """A Typer command taking GAME and the options of the games' function, run by GAME's own module."""
    shapes = {module: list(inspect.signature(function, eval_str=True).parameters.values())[1:]
              for module, function in providers.items()}
    first_module, options = next(iter(shapes.items()))
    for module, parameters in shapes.items():
        if [p.name for p in parameters] != [p.name for p in options]:
            raise TypeError(f"command {name!r}: rules modules {first_module} and {module} take different options")
    if any(p.name == "game" for p in options):
        raise TypeError(f"command {name!r} of {first_module}: an option may not be called 'game' (the CLI adds GAME)")

    def command(game: str | None = None, **values: Any) -> int:
        from dragon_pnp.games.parts import CommandsPart
        from dragon_pnp.games.registry import load_game, module_for_game

        data = load_game(chosen_game(game, name))
        module = module_for_game(data)
        function = module.part(CommandsPart).commands().get(name) if module is not None else None
        if function is None:
            played_by = "has no rules module" if module is None else f"is played by the {module.slug} rules module"
            raise NotationError(f"{data.slug} has no '{name}' command: '{name}' comes with the "
                                f"{' or '.join(sorted(providers))} rules module, and {data.slug} {played_by}")
        code: int = function(data, **values)
        return code

    game_parameter = inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Optional[str],  # noqa: UP045 - Typer reads it
                                       default=typer.Argument(None, help=GAME_HELP, show_default=False))
    command.__signature__ = inspect.Signature([game_parameter, *options], return_annotation=int)  # type: ignore[attr-defined]
    command.__annotations__ = {"game": Optional[str],  # noqa: UP045 - Typer reads it
                               **{p.name: p.annotation for p in options}, "return": int}
    command.__doc__ = inspect.getdoc(providers[first_module])
    command.__name__ = command.__qualname__ = name
    return command
