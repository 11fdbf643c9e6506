"""schema, new and games as a user runs them; the shipped schemas/ are what `schema` writes now.

The refusals of `new` run as a child process (the console command's exit code 2, no traceback);
the rest through `main` in the test process (tests/in_process.py: the same files and messages,
without importing the package again per command, issue 30)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pymupdf
import yaml

from dragon_pnp.games.registry import load_game
from dragon_pnp.schemas import schemas
from tests.components.conftest import ROOT
from tests.components.kits import plan_all, write_documents
from tests.in_process import run_cli

ENV = {"COLUMNS": "160", "PATH": "/usr/bin:/bin"}


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`dragon-pnp ARGS` as a child process."""
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True, env=ENV, cwd=cwd)


def run_here(*args: str) -> subprocess.CompletedProcess[str]:
    """`dragon-pnp ARGS` through `main` in this process, from the checkout, as wide as `run`'s."""
    return run_cli(*args, cwd=ROOT, env={"COLUMNS": ENV["COLUMNS"]})


def test_the_shipped_schemas_are_current(tmp_path):
    result = run_here("schema", "--out", str(tmp_path / "schemas"))
    assert result.returncode == 0, result.stderr
    written = {p.relative_to(tmp_path / "schemas").as_posix(): p.read_text() for p in (tmp_path / "schemas").rglob("*.json")}
    shipped = {p.relative_to(ROOT / "schemas").as_posix(): p.read_text() for p in (ROOT / "schemas").rglob("*.json")}
    assert written.keys() == shipped.keys(), "run: dragon-pnp schema --out schemas"
    stale = [name for name in written if written[name] != shipped[name]]
    assert not stale, f"schemas/ is out of date ({', '.join(stale)}); run: dragon-pnp schema --out schemas"


def test_schemas_describe_the_component_kinds():
    found = schemas()
    deck = found["components/deck.schema.json"]
    assert set(deck["required"]) >= {"id", "kind", "name", "cards", "template", "back"}
    game = found["game.schema.json"]
    items = game["properties"]["components"]["items"]
    assert set(items["discriminator"]["mapping"]) == {"deck", "tokens", "dice", "aid", "tiles", "board", "track", "standees"}
    assert found["cards.schema.json"]["properties"]["cards"]["items"]["properties"]["count"]["type"] == "integer"


def test_new_writes_a_game_that_builds_at_once(tmp_path):
    result = run_here("new", "my_game", "--dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "my_game"
    assert sorted(p.name for p in folder.iterdir()) == [".schemas", "cards.csv", "game.yaml", "print.yaml", "rules.md"]
    for name in ("game.yaml", "print.yaml"):
        first = (folder / name).read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        assert (folder / first.split("=", 1)[1]).resolve().is_file()
        yaml.safe_load((folder / name).read_text())
    assert yaml.safe_load((folder / "game.yaml").read_text())["name"] == "My Game"
    assert "dragon-pnp build " + str(folder) in result.stdout.replace("\n", "")
    game = load_game(folder)
    written = write_documents(game, plan_all(game), "letter", True, tmp_path)
    cards, tokens = pymupdf.open(written["cards.pdf"]), pymupdf.open(written["tokens.pdf"])
    assert cards.page_count == 4 and "Spark" in cards[0].get_text()      # 15 cards: two fronts pages and their backs
    assert tokens.page_count == 1 and "Bonus" in tokens[0].get_text()


def test_new_never_overwrites_and_refuses_bad_names(tmp_path):
    assert run_here("new", "mine", "--dir", str(tmp_path)).returncode == 0
    (tmp_path / "mine" / "cards.csv").write_text("name,count\nMine,1\n")
    again = run("new", "mine", "--dir", str(tmp_path))
    assert again.returncode == 2 and "already exists" in again.stderr and "Traceback" not in again.stderr
    assert (tmp_path / "mine" / "cards.csv").read_text() == "name,count\nMine,1\n"
    bad = run("new", "My Game!", "--dir", str(tmp_path))
    assert bad.returncode == 2 and "lower case" in bad.stderr and not (tmp_path / "My Game!").exists()


def test_games_lists_name_players_and_rules(tmp_path):
    assert run_here("new", "alpha", "--dir", str(tmp_path)).returncode == 0
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "game.yaml").write_text("name: [unclosed\n")
    result = run_here("games", "--dir", str(tmp_path), "--json")
    assert result.returncode == 0, result.stderr
    listed = {g["game"]: g for g in json.loads(result.stdout)}
    assert listed["alpha"]["name"] == "Alpha" and (listed["alpha"]["players_min"], listed["alpha"]["players_max"]) == (2, 4)
    assert listed["alpha"]["rules_module"] is None and "YAML syntax error" in listed["broken"]["error"]
    table = run_here("games").stdout
    assert "dragon_pants" in table and "Dragon Pants" in table
