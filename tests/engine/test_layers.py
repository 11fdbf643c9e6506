"""Imports point one way: down the layers of `/work/shared/LAYERS.md`, never in a circle.

Every import of the package is read from the source (AST), so a lazy import inside a function
counts as much as one at the top, and an import under `if TYPE_CHECKING:` counts too: a name a
lower layer needs for typing lives in that lower layer. `LAYERS` below is the one table of which
module sits in which layer (docs/ARCHITECTURE.md shows it); a module may import its own layer and
the layers below it, and no group of modules may import each other round in a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "dragon_pnp"

# (layer, module prefixes), lowest first. A prefix names a module and everything under it; one
# written `=name` names that module alone. The longest match decides a module's layer.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("dragon_pnp", "dragon_pnp.errors", "dragon_pnp.paper", "dragon_pnp.fonts", "dragon_pnp.stats",
                    "dragon_pnp.text_scripts", "dragon_pnp.hexgrid", "dragon_pnp.contrast", "dragon_pnp.resources", "dragon_pnp.orphans", "dragon_pnp.forked_main", "dragon_pnp.workers", "dragon_pnp.heap",
                    "dragon_pnp.cairo_ffi", "dragon_pnp.compiled")),
    ("data", ("dragon_pnp.data", "dragon_pnp.schema_help", "dragon_pnp.sandbox", "dragon_pnp.file_digest")),
    ("games, public", ("dragon_pnp.games",)),
    # The registry finds a game's module and calls the loader; the public module `dragon_pnp.games`
    # (its `__init__`, `=` below: that module alone) re-exports `load_game` from it, so it sits here too.
    ("games, registry", ("dragon_pnp.games.registry", "=dragon_pnp.games", "dragon_pnp.schemas",
                         "dragon_pnp.code_digest")),
    ("players", ("dragon_pnp.players", "dragon_pnp.search")),
    ("making things", ("dragon_pnp.components", "dragon_pnp.kit", "dragon_pnp.rulebook", "dragon_pnp.print_shop",
                       "dragon_pnp.export", "dragon_pnp.hexmap_diagrams", "dragon_pnp.pdf",
                       "dragon_pnp.pdf_pictures", "dragon_pnp.build.context", "dragon_pnp.build.atomic")),
    # A game's package is found by name (the registry imports it by `rules_module`), never imported
    # by generic code; today the seed games still use the rulebook's and kit's building blocks.
    ("game packages", ("dragon_pnp.games.dragon_pants", "dragon_pnp.games.dragon_dance",
                       "dragon_pnp.games.dragon_line")),
    ("reporting", ("dragon_pnp.checks", "dragon_pnp.build", "dragon_pnp.report", "dragon_pnp.diff", "dragon_pnp.proof",
                   "dragon_pnp.tune")),
    ("faces", ("dragon_pnp.cli", "dragon_pnp.studio", "dragon_pnp.__main__")),
)


def _modules() -> dict[str, Path]:
    found = {}
    for file in PACKAGE.rglob("*.py"):
        parts = file.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return found


def _typing_only(tree: ast.AST) -> set[int]:
    """Ids of import nodes inside `if TYPE_CHECKING:` blocks."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                inside.update(id(n) for n in ast.walk(child))
    return inside


_GRAPHS: dict[bool, dict[str, set[str]]] = {}


def import_graph(typing_too: bool) -> dict[str, set[str]]:
    """Module -> the package modules it imports (`from a import b` names module a.b when it is one).

    Read once per test process (four tests here and in test_game_boundary.py walk every module's
    AST, ~2 CPU s each); each call gets its own copy."""
    if typing_too not in _GRAPHS:
        _GRAPHS[typing_too] = _read_import_graph(typing_too)
    return {name: set(targets) for name, targets in _GRAPHS[typing_too].items()}


def _read_import_graph(typing_too: bool) -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, file in modules.items():
        tree = ast.parse(file.read_text(encoding="utf-8"))
        skip = set() if typing_too else _typing_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, name, file.name == "__init__.py")
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
                targets = subs if len(subs) == len(node.names) else [base, *subs]
            else:
                continue
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def _absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module a `from ... import` names, relative ones (`from .x import y`) resolved."""
    if node.level == 0:
        return node.module or ""
    package = importer if is_package else importer.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer_of(module: str, table: tuple[tuple[str, tuple[str, ...]], ...] = LAYERS) -> int | None:
    """The index in `table` of the longest prefix naming `module` (an `=name` entry, naming the
    module alone, beats a prefix of the same name)."""
    best: tuple[int, int] | None = None   # (match length, layer)
    for number, (_, prefixes) in enumerate(table):
        for prefix in prefixes:
            if prefix.startswith("="):
                matched = module == prefix[1:]
            else:
                matched = module == prefix or module.startswith(prefix + ".")
            if matched and (best is None or len(prefix) > best[0]):
                best = (len(prefix), number)
    return None if best is None else best[1]


def upward_imports(graph: dict[str, set[str]],
                   table: tuple[tuple[str, tuple[str, ...]], ...] = LAYERS) -> list[str]:
    """Each import from a module to one in a higher layer, as 'a (layer) -> b (layer)'."""
    found = []
    for module, targets in sorted(graph.items()):
        mine = layer_of(module, table)
        for target in sorted(targets):
            theirs = layer_of(target, table)
            if mine is not None and theirs is not None and theirs > mine:
                found.append(f"{module} ({table[mine][0]}) -> {target} ({table[theirs][0]})")
    return found


def test_the_checker_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_checker_finds_an_import_up_the_layers() -> None:
    table = (("low", ("p.low",)), ("high", ("p.high",)), ("top", ("p.high.top", "=p.high")))
    graph = {"p.low.a": {"p.high.b"}, "p.high.b": {"p.low.a"}, "p.high.top.c": {"p.high.b"},
             "p.high.d": {"p.high.top.c", "p.high"}, "p.high": {"p.high.d"}}
    assert upward_imports(graph, table) == ["p.high.d (high) -> p.high (top)",
                                            "p.high.d (high) -> p.high.top.c (top)",
                                            "p.low.a (low) -> p.high.b (high)"]


def test_relative_imports_are_read_as_the_modules_they_name() -> None:
    tree = ast.parse("from .b import c\nfrom .. import d\nfrom ..e.f import g\n")
    found = [_absolute(node, "p.q.a", False) for node in tree.body if isinstance(node, ast.ImportFrom)]
    assert found == ["p.q.b", "p", "p.e.f"]
    assert _absolute(ast.parse("from .b import c").body[0], "p.q", True) == "p.q.b"  # type: ignore[arg-type]


def test_every_module_has_a_layer() -> None:
    assert [name for name in _modules() if layer_of(name) is None] == []


def test_no_import_circle_even_for_typing() -> None:
    assert cycles(import_graph(typing_too=True)) == []


def test_no_import_runs_up_the_layers_even_for_typing() -> None:
    assert upward_imports(import_graph(typing_too=True)) == []
