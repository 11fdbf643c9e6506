"""Every broken data set in bad_data/ gets its located one-line error and exit code, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dragon_pnp.cli import main

CASES = sorted((Path(__file__).parent / "bad_data").glob("*.yaml"))


def break_data(folder: Path, case: dict) -> Path:
    """Apply one case's mutation to a copy of the data; return the file it broke."""
    target = folder / case["file"]
    if case.get("delete"):
        target.unlink()
    elif "content" in case:
        target.write_text(case["content"], encoding="utf-8")
    elif "replace_bytes" in case:
        raw = target.read_bytes()
        old = case["replace_bytes"]["old"].encode()
        assert old in raw, f"case text {old!r} not found in {target.name}"
        target.write_bytes(raw.replace(old, bytes.fromhex(case["replace_bytes"]["new_hex"]), 1))
    else:
        text = target.read_text(encoding="utf-8")
        old, new = case["replace"]["old"], case["replace"]["new"]
        assert old in text, f"case text {old!r} not found in {target.name}"
        target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def expected_line(target: Path, needle: str) -> int:
    text = target.read_bytes().decode("utf-8", errors="replace")
    index = text.index(needle)
    return text.count("\n", 0, index) + needle[: len(needle) - len(needle.lstrip("\n"))].count("\n") + 1


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 15


@pytest.mark.parametrize("case_file", CASES, ids=[c.stem for c in CASES])
def test_broken_data_is_reported(case_file: Path, game_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
    break_data(game_copy, case)
    # In-process, through `main` as the console command calls it: the same words and exit code,
    # without a child's ~0.7 CPU s of imports per case (tests/foundation/test_validate_and_decks_cli.py
    # runs `validate` as a process).
    with pytest.raises(SystemExit) as done:
        main(["validate", str(game_copy)])
    out, err = capsys.readouterr()
    output = out + err
    assert done.value.code == case["exit"], output
    assert "Traceback" not in output
    assert case["error"] in output, output
    error_lines = [line for line in output.splitlines() if line.startswith("error:")]
    assert error_lines, output
    located = next((line for line in error_lines if case["error"] in line), error_lines[0])
    # An error may be reported where the other half of a contradiction sits (`located_in`).
    shown_file = case.get("located_in", case["file"])
    assert shown_file in located, located
    if "line_of" in case:
        line = expected_line(game_copy / shown_file, case["line_of"])
        assert f"{shown_file}:{line}:" in located, f"expected line {line}: {located}"
