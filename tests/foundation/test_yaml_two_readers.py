"""`load_yaml` reads clean files with libyaml and everything else with PyYAML's Python loader: the
two must give the same values and the same source map, and every error stays the Python one."""

from __future__ import annotations

from pathlib import Path

import pytest

import dragon_pnp.data.located_yaml as located
from dragon_pnp.errors import DataError

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(located._CLoader is None, reason="PyYAML without libyaml has one reader")


def _python_only(file: Path) -> tuple[object, located.SourceMap]:
    saved, located._CLoader = located._CLoader, None
    try:
        return located.load_yaml(file)
    finally:
        located._CLoader = saved


def test_every_yaml_file_of_the_seed_and_example_games_reads_alike():
    files = sorted(p for folder in ("data", "examples") for p in (ROOT / folder).rglob("*.yaml"))
    assert len(files) > 20
    for file in files:
        fast = located._load_with_libyaml(file.read_text(encoding="utf-8"), file)
        assert fast is not None, f"{file}: a clean data file went to the Python loader"
        data, source = _python_only(file)
        assert fast[0] == data and fast[1].positions == source.positions, file


@pytest.mark.parametrize("text", [
    "name: \"Drăgon 🐉\"\nlist: [é, 🐉, {a: ü, b: [1, 2]}]\nafter: 3\n",   # columns count characters
    "a: 1\r\nb:\r\n  - x\r\n  - y: 2\r\n",
    "\ufeffa: 1\nb: [2, 3]\n",
    "t: |\n  line one\n  line two\nf: >\n  folded\n  text\nq: 'it''s'\n",
])
def test_unusual_but_clean_text_reads_alike(tmp_path, text):
    file = tmp_path / "x.yaml"
    file.write_text(text, encoding="utf-8", newline="")
    fast = located._load_with_libyaml(file.read_text(encoding="utf-8"), file)
    data, source = _python_only(file)
    assert fast is not None and fast[0] == data and fast[1].positions == source.positions


@pytest.mark.parametrize("text, said", [
    ("a:\t1\n", "found character '\\t' that cannot start any token"),   # libyaml would take it
    ("a: [1, 2\nb: 3\n", "YAML syntax error"),
    ("a: 1\na: 2\n", "duplicate key 'a'"),
    ("a: " + "[" * 45 + "1" + "]" * 45 + "\n", "nested more than 40 deep"),
])
def test_a_file_with_a_problem_gets_the_python_loaders_error(tmp_path, text, said):
    file = tmp_path / "x.yaml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as fast:
        located.load_yaml(file)
    with pytest.raises(DataError) as python:
        _python_only(file)
    assert str(fast.value) == str(python.value) and said in str(fast.value)
