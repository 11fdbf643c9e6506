"""The fast lane: command lines answered without Typer (whose parsing imports pydantic), Rich's
widgets or the loader, because starting them costs more than the answer.

Two forms, each with exactly the output the Typer command gives:

- `games --json [--dir DIR]` when standard output is not a terminal (where Rich would colour the
  JSON): the same summaries (`dragon_pnp.cli.game_list`) in the same JSON text;
- `build [GAME] [--paper P] [--no-duplex] [--no-check] [--out DIR]` when the render cache holds
  a remembered build of these exact inputs (`dragon_pnp/build/build_cache.py`).

Anything else (another command, another option, `--help`, a repeated option, a form the parser
here is unsure of, any error, a build not remembered) returns None and the Typer app handles the
command line from the start, so errors and help read exactly as before.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from dragon_pnp.cli.build_options import BUILD_OPTIONS

# The options a remembered build is answered with, from the build command's own table.
_BUILD_FLAGS = {option.flag: option.name for option in BUILD_OPTIONS if option.fast and not option.takes_value}
_BUILD_VALUES = {option.flag: option.name for option in BUILD_OPTIONS if option.fast and option.takes_value}


def answer(args: list[str]) -> int | None:
    """Run the command line here and return its exit code, or None to leave it to the Typer app."""
    try:
        if args[:1] == ["games"]:
            return _games(args[1:])
        if args[:1] == ["build"]:
            return _build(args[1:])
    except KeyboardInterrupt:
        return 130
    return None


def _games(args: list[str]) -> int | None:
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty is None or isatty():
        return None
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return None  # Rich may colour the JSON even into a pipe
    folder: str | None = None
    if args == ["--json"]:
        pass
    elif len(args) == 3 and args[0] == "--json" and args[1] == "--dir" and _plain_value(args[2]):
        folder = args[2]
    elif len(args) == 3 and args[2] == "--json" and args[0] == "--dir" and _plain_value(args[1]):
        folder = args[1]
    else:
        return None
    import json

    from dragon_pnp.cli.game_list import listed_games
    from dragon_pnp.resources import default_games_folder

    try:
        found = listed_games(Path(folder) if folder is not None else default_games_folder(), with_seeds=folder is None)
        # Rich's print_json: the data through json.dumps and back, indented by 2, non-ASCII as is.
        text = json.dumps(json.loads(json.dumps(found)), indent=2, ensure_ascii=False) + "\n"
        text.encode(sys.stdout.encoding or "utf-8")
    except Exception:
        return None
    sys.stdout.write(text)
    sys.stdout.flush()
    return 0


def _build(args: list[str]) -> int | None:
    parsed = _parse_build(args)
    if parsed is None:
        return None
    game, paper, no_duplex, no_check, out = parsed
    try:
        from dragon_pnp.build.output_folder import prepare_output_folder
        from dragon_pnp.cli.game_choice import game_folder
        from dragon_pnp.cli.remembered import remembered_build
        from dragon_pnp.resources import output_root

        root = game_folder(game, "build")
        target = Path(out) if out is not None else output_root() / root.name
        prepare_output_folder(target, root)
        found = remembered_build(root, target, paper, not no_duplex, not no_check)
        if found is None or found.kit is None:
            from dragon_pnp.kit.parallel import start_render_workers_early

            start_render_workers_early(root, paper, not no_duplex)  # a build is coming: start its workers
            return None
        from rich.console import Console

        from dragon_pnp.cli.remembered import write_remembered

        # The same consoles as dragon_pnp/cli/app.py's.
        write_remembered(found.kit, root, target, not no_duplex, Console(highlight=False),
                         Console(stderr=True, highlight=False))
    except Exception:
        return None
    return 0


def _parse_build(args: list[str]) -> tuple[str | None, str | None, bool, bool, str | None] | None:
    """GAME, --paper, --no-duplex, --no-check and --out from a plain `build` command line, or None."""
    game: str | None = None
    values: dict[str, str] = {}
    flags: set[str] = set()
    position = 0
    while position < len(args):
        word = args[position]
        if word in _BUILD_FLAGS and word not in flags:
            flags.add(word)
        elif word in _BUILD_VALUES and word not in values and position + 1 < len(args) \
                and _plain_value(args[position + 1]):
            values[word] = args[position + 1]
            position += 1
        elif "=" in word and word.split("=", 1)[0] in _BUILD_VALUES and word.split("=", 1)[0] not in values \
                and _plain_value(word.split("=", 1)[1]):
            name, value = word.split("=", 1)
            values[name] = value
        elif game is None and _plain_value(word):
            game = word
        else:
            return None
        position += 1
    named = {_BUILD_VALUES[flag]: value for flag, value in values.items()}
    given = {_BUILD_FLAGS[flag] for flag in flags}
    return game, named.get("paper"), "no_duplex" in given, "no_check" in given, named.get("out")


def _plain_value(word: str) -> bool:
    """A value the Typer app reads as the same string: not empty, not an option."""
    return bool(word) and not word.startswith("-")
