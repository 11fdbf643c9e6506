"""The generic layers reach a game only through the game interface (issue 10).

A module under one of these layers may import `dragon_pnp.games.api`, `.registry` and the other
generic modules of `dragon_pnp.games`, never a game's own package (`dragon_pnp.games.<slug>...`),
and names no shipped game in its code (a default GAME, an importlib path). Read from the source
with ast, so an import inside a function counts as much as one at the top. test_game_boundary.py
follows whole import chains; this test also catches a game named in a string.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import test_game_boundary as boundary

PACKAGE = Path(__file__).resolve().parents[2] / "dragon_pnp"
GENERIC_LAYERS = ("cli", "studio", "kit", "report", "build", "export", "rulebook", "components", "data",
                  "hexmap_diagrams")


def game_packages() -> set[str]:
    """Every package under dragon_pnp/games/ is one game's (the generic parts are plain modules)."""
    return {name.rsplit(".", 1)[1] for name in boundary.game_packages()}


def imported_modules(tree: ast.AST) -> set[str]:
    """Every module an import statement names, with `from a import b` also as a.b."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def code_strings(tree: ast.AST) -> list[str]:
    """String constants that are not docstrings."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def reaches_into_a_game(tree: ast.AST, games: set[str]) -> list[str]:
    """The game packages this module imports, and the string constants naming a game."""
    found = sorted(name for name in imported_modules(tree)
                   if name.startswith("dragon_pnp.games.") and name.split(".")[2] in games)
    found += [repr(text) for text in code_strings(tree) if any(game in text for game in games)]
    return found


def layer_files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def test_the_games_are_found():
    assert {"dragon_pants", "dragon_dance", "dragon_line"} <= game_packages()


def test_the_checker_sees_a_game_import_and_a_default_game_name():
    games = {"dragon_pants"}
    code = ("import dragon_pnp.games.api\nfrom dragon_pnp.games import registry\n"
            "def f():\n    '''dragon_pants in a docstring is fine'''\n"
            "    from dragon_pnp.games.dragon_pants.destiny import analyse_deck\n"
            "    return typer.Argument('dragon_pants')\n")
    assert reaches_into_a_game(ast.parse(code), games) == [
        "dragon_pnp.games.dragon_pants.destiny", "dragon_pnp.games.dragon_pants.destiny.analyse_deck", "'dragon_pants'"]
    assert reaches_into_a_game(ast.parse("from dragon_pnp.games import dragon_pants\n"), games) == [
        "dragon_pnp.games.dragon_pants"]
    assert reaches_into_a_game(ast.parse("from dragon_pnp.games.registry import game_module\n"), games) == []


@pytest.mark.parametrize("layer", GENERIC_LAYERS)
def test_a_generic_layer_reaches_no_game_of_its_own(layer):
    games = game_packages()
    files = layer_files(layer)
    assert files, f"dragon_pnp/{layer}/ has no modules"
    found = {str(file.relative_to(PACKAGE.parent)): hits for file in files
             if (hits := reaches_into_a_game(ast.parse(file.read_text(encoding="utf-8")), games))}
    assert found == {}


def test_a_game_module_never_imports_the_command_line():
    games = PACKAGE / "games"
    found = {str(file.relative_to(PACKAGE.parent)): sorted(name for name in imported_modules(
                 ast.parse(file.read_text(encoding="utf-8"))) if name.split(".")[:2] == ["dragon_pnp", "cli"])
             for file in sorted(games.rglob("*.py"))}
    assert {file: names for file, names in found.items() if names} == {}
