"""The public API for game authors is one module, `dragon_pnp.games`: every name it lists loads,
it loads nothing until asked, and the example game and the `new --rules` scaffold use only it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import dragon_pnp.games as public

ROOT = Path(__file__).resolve().parents[2]
AUTHORS_CODE = [*sorted((ROOT / "examples" / "goofspiel" / "rules").glob("*.py")),
                *sorted((ROOT / "templates" / "new_game_rules").rglob("*.py"))]


def _dragon_pnp_imports(file: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "dragon_pnp")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "dragon_pnp":
            found.add(node.module or "")
    return found


def test_every_public_name_loads_and_is_listed() -> None:
    assert len(public.__all__) == len(set(public.__all__))
    for name in public.__all__:
        assert getattr(public, name) is not None, name
    assert public.GameModule.__module__ == "dragon_pnp.games.api"
    assert public.DataFinding.__name__ == "Finding" and public.DataFinding.__module__ == "dragon_pnp.data.findings"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        public.not_a_name  # noqa: B018
    except AttributeError as exc:
        assert "not_a_name" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_importing_the_api_loads_nothing_until_a_name_is_asked() -> None:
    code = ("import sys, dragon_pnp.games; "
            "print(sorted(m for m in sys.modules if m.startswith('dragon_pnp.games.') or m == 'pydantic'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_example_and_the_scaffold_import_only_the_public_api() -> None:
    assert len(AUTHORS_CODE) >= 4
    for file in AUTHORS_CODE:
        assert _dragon_pnp_imports(file) <= {"dragon_pnp.games"}, file
    assert all(_dragon_pnp_imports(f) for f in AUTHORS_CODE if f.name in ("game.py", "test_rules.py"))
