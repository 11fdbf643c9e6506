"""Every data file of every game, and position files, read within bounds with located errors.

Issue 14, findings 5 and 7: an alias bomb grew to gigabytes, lists nested a thousand deep,
raw control characters and symbolic-link loops gave tracebacks. Each case must end, within
a time limit, in exit 2 with one `error:` line naming the file (and the line where there is
one), no traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fault_helpers import GAMES, copy_game, run_commands
from fuzz_harness import alias_bomb

TIME_LIMIT = 60  # seconds per command; a bounded case takes well under one


def alias_bombed(text: str) -> str:
    return alias_bomb(12) + text


def deep_flow(text: str) -> str:
    return text + "\ndeep: " + "[" * 1000 + "]" * 1000 + "\n"


def deep_block(text: str) -> str:
    return text + "\ndeep:\n" + "".join("  " * i + "- \n" for i in range(1000))


def deep_mapping(text: str) -> str:
    return text + "\ndeep: " + "{a: " * 1000 + "1" + "}" * 1000 + "\n"


def control(char: str):
    def insert(text: str) -> str:
        return text.replace("\n", f"\n# {char}\n", 1)  # inside a comment: the reader still refuses it
    return insert


TEXT_CASES = {
    "alias bomb": (alias_bombed, "aliases"),
    "lists nested 1000 deep": (deep_flow, "nested"),
    "block lists nested 1000 deep": (deep_block, "nested"),
    "mappings nested 1000 deep": (deep_mapping, "nested"),
    "a NUL character": (control("\x00"), "U+0000"),
    "a raw escape character": (control("\x1b"), "U+001B"),
    "a raw control character": (control("\x01"), "U+0001"),
    "too large": (lambda text: text + "\n#" + "x" * (3 * 1024 * 1024) + "\n", "at most"),
}


def symlink_loop(path: Path) -> None:
    path.unlink()
    os.symlink(path.name, path)


def dev_zero(path: Path) -> None:
    path.unlink()
    os.symlink("/dev/zero", path)


def named_pipe(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


FILE_CASES = {
    "a symbolic link to itself": (symlink_loop, "symbolic links"),
    "a link to /dev/zero": (dev_zero, "a device"),
    "a named pipe": (named_pipe, "a pipe"),
    "a folder": (folder, "a folder"),
}


def yaml_files(name: str) -> list[str]:
    root = Path(__file__).resolve().parents[2] / "data" / name
    return sorted(p.name for p in root.glob("*.yaml"))


def spread(cases: dict, files: list[str]) -> dict[str, list[str]]:
    """Each file's cases: every case on some file, every file at least one case. The reader and
    the opener are the same code for every file, so repeating each case on every file (as this
    test once did) costs minutes and finds nothing more; what must hold is that no file of any
    game bypasses them."""
    names = list(cases)
    return {file: sorted({names[j] for j in range(len(names)) if j % len(files) == i % len(files)}
                         | {names[i % len(names)]}, key=names.index)
            for i, file in enumerate(files)}


@pytest.mark.parametrize("name", GAMES)
def test_every_yaml_file_is_read_within_bounds(name: str, tmp_path: Path) -> None:
    requests, expected = [], []
    files = yaml_files(name)
    text_cases, file_cases = spread(TEXT_CASES, files), spread(FILE_CASES, files)
    assert set().union(*text_cases.values()) == set(TEXT_CASES)
    assert set().union(*file_cases.values()) == set(FILE_CASES)
    for file in files:
        for case in text_cases[file]:
            change, words = TEXT_CASES[case]
            game = copy_game(name, tmp_path / f"{file}-{len(requests)}")
            target = game / file
            target.write_bytes(change(target.read_text(encoding="utf-8")).encode("utf-8"))
            requests.append(["validate", str(game)])
            expected.append((f"{file}: {case}", file, words))
        for case in file_cases[file]:
            change, words = FILE_CASES[case]
            game = copy_game(name, tmp_path / f"{file}-{len(requests)}")
            change(game / file)
            requests.append(["validate", str(game)])
            expected.append((f"{file}: {case}", file, words))
    runs = run_commands(requests, timeout=TIME_LIMIT, cwd=tmp_path)
    failures = [f"{what}: {run}" for (what, file, words), run in zip(expected, runs) if not run.refused(2, file, words)]
    assert not failures, "\n\n".join(failures[:5])


@pytest.fixture(scope="module")
def position_file(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("positions")
    run = run_commands([["play", "dragon_pants", "--new", "--players", "3", "--seed", "5"]], cwd=folder)[0]
    assert run.exit == 0, run
    path = folder / "start.yaml"
    path.write_text(run.stdout, encoding="utf-8")
    return path


def test_position_files_are_read_within_bounds(position_file: Path, tmp_path: Path) -> None:
    requests, expected = [], []
    original = position_file.read_text(encoding="utf-8")
    for case, (change, words) in TEXT_CASES.items():
        path = tmp_path / f"p{len(requests)}.yaml"
        path.write_text(change(original), encoding="utf-8")
        requests.append(["play", "--position", str(path), "--legal"])
        expected.append((case, path.name, words))
    for case, (change, words) in FILE_CASES.items():
        path = tmp_path / f"p{len(requests)}.yaml"
        path.write_text(original, encoding="utf-8")
        change(path)
        requests.append(["play", "--position", str(path), "--legal"])
        expected.append((case, path.name, words))
    deep_json = tmp_path / "deep.json"
    deep_json.write_text("[" * 100_000 + "]" * 100_000)
    requests.append(["play", "--position", str(deep_json), "--legal"])
    expected.append(("JSON nested 100000 deep", "deep.json", "nested"))
    runs = run_commands(requests, timeout=TIME_LIMIT, cwd=tmp_path)
    failures = [f"{what}: {run}" for (what, file, words), run in zip(expected, runs) if not run.refused(2, file, words)]
    assert not failures, "\n\n".join(failures[:5])


def test_a_position_names_only_destiny_cards_the_box_has(position_file: Path, tmp_path: Path) -> None:
    """Issue 14, finding 9: a Destiny value no card has (7) was accepted."""
    original = position_file.read_text(encoding="utf-8")
    deck_line = next(line for line in original.splitlines() if line.startswith("destiny_deck:"))
    values = deck_line.split("[", 1)[1].rstrip("]").split(", ")
    cases = {
        "a value no card has": deck_line.replace(values[0], "7", 1),
        "more of a value than the box has": "destiny_deck: [" + ", ".join([values[0]] * 60) + "]",
        "a huge value": deck_line.replace(values[0], str(10**30), 1),
    }
    requests = []
    for line in cases.values():
        path = tmp_path / f"{len(requests)}.yaml"
        path.write_text(original.replace(deck_line, line), encoding="utf-8")
        requests.append(["play", "--position", str(path), "--legal"])
    runs = run_commands(requests, timeout=TIME_LIMIT, cwd=tmp_path)
    for (what, _), run, request in zip(cases.items(), runs, requests):
        assert run.refused(2, Path(request[2]).name, "destiny_deck[", "Destiny"), f"{what}: {run}"
