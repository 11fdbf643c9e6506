"""The generic layers reach a game only through the game interface (issue 10).

No module under dragon_pnp/ outside dragon_pnp/games/ may import a game's own package
(`dragon_pnp.games.<slug>`, directly or through any chain of imports, typing-only ones included);
games are found by name through `dragon_pnp.games.registry`, which imports them at run time.
Read from the source (AST, `test_layers.import_graph`), so a lazy import inside a function counts.
"""

from __future__ import annotations

from collections import deque

from test_layers import PACKAGE, import_graph

# Packages not yet held to the rule (neither checked nor followed); empty since the CLI's game
# commands and the studio's playtest boards moved behind GameModule hooks.
PENDING_PACKAGES: tuple[str, ...] = ()


def game_packages() -> set[str]:
    """`dragon_pnp.games.<slug>` for every game package shipped (a folder with an __init__.py)."""
    games = PACKAGE / "games"
    return {f"dragon_pnp.games.{d.name}" for d in games.iterdir() if (d / "__init__.py").is_file()}


def _in(module: str, packages: set[str] | tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def game_reaches(graph: dict[str, set[str]], games: set[str], checked: list[str],
                 unfollowed: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """For each checked module that imports a game package, one shortest import chain to it
    (imports of the `unfollowed` packages are not followed)."""
    found = {}
    for start in checked:
        parent: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            module = queue.popleft()
            if _in(module, games):
                chain = [module]
                while parent[chain[-1]] is not None:
                    chain.append(parent[chain[-1]])  # type: ignore[arg-type]
                found[start] = chain[::-1]
                break
            for nxt in sorted(graph.get(module, ())):
                if nxt not in parent and not _in(nxt, unfollowed):
                    parent[nxt] = module
                    queue.append(nxt)
    return found


def generic_modules(graph: dict[str, set[str]]) -> list[str]:
    """Every dragon_pnp module outside dragon_pnp.games, less the packages still pending."""
    return sorted(m for m in graph if m != "dragon_pnp" and not _in(m, ("dragon_pnp.games",))
                  and not _in(m, PENDING_PACKAGES))


def test_the_checker_follows_chains_to_a_game():
    graph = {"kit": {"diagrams"}, "diagrams": {"games.pants.scene"}, "games.pants.scene": set(),
             "report": {"registry"}, "registry": set()}
    assert game_reaches(graph, {"games.pants"}, ["kit", "report"]) == {
        "kit": ["kit", "diagrams", "games.pants.scene"]}
    assert game_reaches(graph, {"games.pants"}, ["kit"], unfollowed=("diagrams",)) == {}


def test_the_checked_modules_cover_the_generic_layers():
    checked = generic_modules(import_graph(typing_too=True))
    for package in ("components", "kit", "rulebook", "report", "build", "export", "data", "hexmap_diagrams",
                    "cli", "studio"):
        assert any(_in(m, (f"dragon_pnp.{package}",)) for m in checked), package
    assert {"dragon_pnp.games.dragon_pants", "dragon_pnp.games.dragon_line"} <= game_packages()


def test_generic_layers_import_no_game_package():
    graph = import_graph(typing_too=True)
    leaks = game_reaches(graph, game_packages(), generic_modules(graph), PENDING_PACKAGES)
    assert leaks == {}, "\n".join(" -> ".join(chain) for chain in leaks.values())
