"""Generic code speaks no game's words (issue "One game shape").

What a seat, a home hex or a setup is called comes from the game's `Vocabulary` part; the
generic packages and templates may name a shipped game's words only in docstrings and comments
(as examples). Checked on what the code can print or match: every string literal outside a
docstring, and template and script text outside comments; and on what the code is written in:
every identifier (names, attributes, functions, classes, arguments, keywords, imports), read word
by word (`default_preset` and `presetNames` name a preset).
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "dragon_pnp"
GAME_WORDS = re.compile(r"\b(dens?|pants|destiny|presets?|knights?|suits?)\b", re.IGNORECASE)


def _game_packages() -> set[Path]:
    games = PACKAGE / "games"
    return {d for d in games.iterdir() if (d / "__init__.py").is_file()}


def _generic_files(suffixes: tuple[str, ...]) -> list[Path]:
    games = _game_packages()
    roots = [PACKAGE, ROOT / "templates"]
    return sorted(p for root in roots for p in root.rglob("*") if p.suffix in suffixes and p.is_file()
                  and not any(g in p.parents for g in games) and "__pycache__" not in p.parts)


# Any text holding a game word holds one of these letters in a row: names and literals without
# them are passed over before being split into words (issue 30: most of the package's names).
MAY_HOLD_GAME_WORD = re.compile(r"dens?|pants|destiny|presets?|knights?|suits?", re.IGNORECASE)


@functools.cache
def _parsed(source: str) -> ast.Module:
    """A source's tree, parsed once per test process: both whole-package checks read every module."""
    return ast.parse(source)


@functools.cache
def _nodes(source: str) -> list[ast.AST]:
    """Every node of a source's tree, walked once per test process for both checks."""
    return list(ast.walk(_parsed(source)))


def _docstrings(nodes: list[ast.AST]) -> set[int]:
    found = set()
    for node in nodes:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def python_words(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every non-docstring string literal that names a game word."""
    nodes = _nodes(source)
    skip = _docstrings(nodes)
    return [(node.lineno, node.value) for node in nodes
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and GAME_WORDS.search(node.value)]


def _identifier_words(name: str) -> list[str]:
    """The words of a snake_case or camelCase identifier."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).replace("_", " ")
    return spaced.split()


def python_identifiers(source: str) -> list[tuple[int, str]]:
    """(line, identifier) of every identifier made of words one of which is a game word."""
    found: list[tuple[int, str]] = []
    for node in _nodes(source):
        names: list[str] = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            names = [node.arg]
        elif isinstance(node, ast.alias):
            names = [part for part in (node.name.split(".") + [node.asname or ""]) if part]
        for name in names:
            if MAY_HOLD_GAME_WORD.search(name) and any(GAME_WORDS.fullmatch(word) for word in _identifier_words(name)):
                found.append((getattr(node, "lineno", 0), name))
    return sorted(set(found))


def text_words(text: str) -> list[tuple[int, str]]:
    """(line, text) of template or script lines naming a game word, comments removed."""
    text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    lines = [re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines()]
    return [(n, line.strip()) for n, line in enumerate(lines, 1) if GAME_WORDS.search(line)]


def test_the_checks_see_words_where_they_print_and_not_in_comments():
    assert python_words('"""A den."""\nx = f"take the {pawn} to your den"\n# destiny\n') == [(2, " to your den")]
    assert python_words('"""A den."""\ndef f():\n    """Presets."""\n    return 1\n') == []
    assert text_words("{# a den #}\n<text>Coloured dens</text>\n// suits\n") == [(2, "<text>Coloured dens</text>")]


def test_the_identifier_check_reads_names_word_by_word():
    source = "def plan(default_preset, seats):\n    deck = game.destiny\n    presetNames = call(den_count=1)\n"
    assert python_identifiers(source) == [(1, "default_preset"), (2, "destiny"), (3, "den_count"), (3, "presetNames")]
    assert python_identifiers("def plan(president, dense):\n    return suitable\n") == []


def test_generic_identifiers_name_no_game_word():
    leaks = [f"{path.relative_to(ROOT)}:{line}: {name}"
             for path in _generic_files((".py",)) for line, name in python_identifiers(path.read_text(encoding="utf-8"))]
    assert leaks == [], "\n".join(leaks)


def test_generic_python_names_no_game_word():
    leaks = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in _generic_files((".py",)) for line, text in python_words(path.read_text(encoding="utf-8"))]
    assert leaks == [], "\n".join(leaks)


def test_generic_templates_and_scripts_name_no_game_word():
    leaks = [f"{path.relative_to(ROOT)}:{line}: {text}"
             for path in _generic_files((".j2", ".js", ".html", ".css", ".svg"))
             for line, text in text_words(path.read_text(encoding="utf-8"))]
    assert leaks == [], "\n".join(leaks)
