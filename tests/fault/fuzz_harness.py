"""A seeded, bounded fuzzer of game data and position files, run against the real command line.

Every game under `data/` (a folder with a game.yaml), each example under `examples/` (the peer
deck) and a game fresh from `dragon-pnp new` is copied; each case breaks one of its
YAML, CSV or Markdown files (or a saved position) in one way, runs `dragon-pnp build` into a
folder that holds the previous kit (or `dragon-pnp play` on the position), and sorts the
result into an outcome:

    ok              exit 0 and a sane kit (the same files as before, PDFs whole, the marker)
    refused         exit 1 or 2 with an `error:` line that names the file, folder or option
    unlocated       exit 1 or 2 whose error names no file
    traceback       a Python traceback, or an exit code other than 0, 1, 2
    hang            still running at the time limit (killed)
    memory          ran out of the memory allowed a case (a MemoryError)
    kit_damaged     a failed build changed the previous kit or left staging folders behind
    kit_insane      exit 0 but the kit is not whole
    validate_disagrees  `validate` accepted data that `build` refused, or the reverse
    stray_processes processes of the case still alive after it ended

Each case runs in a forked child of this process (the generator is imported once), in its
own process group, with an address-space limit, and is killed at the time limit; the cases
are reproducible one by one (`--only N`). The test suite runs a deterministic sample that breaks
every game with every kind of damage once (`--sample`, tests/fault/test_fuzz.py); the seeded
campaign of hundreds of cases is bench/bench_fuzz.py's, which prints the figures.

    python tests/fault/fuzz_harness.py --cases 300 --seed 1 [--project DIR] [--json]
    python tests/fault/fuzz_harness.py --sample --no-proof      # the suite's sample
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve()
PROJECT = HERE.parents[2]
BAD = ("unlocated", "traceback", "hang", "memory", "kit_damaged", "kit_insane", "validate_disagrees",
       "stray_processes")
OUTCOMES = ("ok", "refused") + BAD
MEMORY_LIMIT = 1024**3  # address space per case; a build peaks near 270 MB (workers under 100 MB)
TEXT_KINDS = (".yaml", ".yml", ".csv", ".md")


# --- mutations ---------------------------------------------------------------------------------

HOSTILE_TEMPLATES = [
    "{{ range(10**9)|list|length }}",
    "{% for x in range(10**9) %}{% endfor %}",
    "{{ range(10**6)|list }}",
    "{% for a in range(99999) %}{% for b in range(99999) %}{% endfor %}{% endfor %}",
    "{% for a in [1,2,3,4,5,6,7,8,9,0] %}{% for b in [1,2,3,4,5,6,7,8,9,0] %}{% for c in [1,2,3,4,5,6,7,8,9,0] %}"
    "{% for d in [1,2,3,4,5,6,7,8,9,0] %}{% for e in [1,2,3,4,5,6,7,8,9,0] %}{% for f in [1,2,3,4,5,6,7,8,9,0] %}"
    "{% for g in [1,2,3,4,5,6,7,8,9,0] %}{% for h in [1,2,3,4,5,6,7,8,9,0] %}{% for i in [1,2,3,4,5,6,7,8,9,0] %}"
    "{% endfor %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}",
    "{% include '/etc/passwd' %}",
    "{% include '../../../../etc/hostname' %}",
    "{% include 'game.yaml' %}",
    "{% include 'rules.md' %}",
    "{% extends 'rules.md' %}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ game.__class__.__init__.__globals__ }}",
    "{{ 'x' * 10**9 }}",
    "{{ 'x' * 10**5 * 10**5 }}",
    "{{ 10**10**10 }}",
    "{{ (10**100000) | string | length }}",
    "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}",
    "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}",
    "{{ lipsum(10**6) }}",
    "{{ 'a'|center(10**9) }}",
    "{{ range(10)|batch(10**9, 'x')|list }}",
    "{{ 'ab'|replace('', 'x' * 1000)|replace('', 'y' * 1000)|replace('', 'z' * 1000) }}",
    "{{ no_such_name }}",
    "{{ 1 / 0 }}",
    "{% for %}",
    "{{ game.name|wordwrap(10**9) }}",
    "{{ cycler(*range(10**6)) }}",
    "{{ '%*s'|format(10**9, 'x') }}",
    "{{ [0] * 10**9 }}",
    "{% set x = namespace(a=1) %}{% for i in range(10**5) %}{% set x.a = x.a ~ x.a %}{% endfor %}",
]

HOSTILE_DIRECTIVES = [
    "::: board players=99 width=100000",
    "::: board width=-5",
    "::: setup_boards columns=0",
    "::: setup_boards columns=100000",
    "::: time_track start=-5",
    "::: time_track start=99999999999999999999",
    "::: sight flat A=999,999 B=0,0 expect=clear",
    "::: sight sideways A=0,0 B=1,1",
    "::: no_such_directive",
    "::: player_aid",
    "::: cards extra=1",
    '::: board caption="open',
    "::: pagebreak\n\n" * 200,
]

HOSTILE_TEXT = [
    "<b>unclosed", "a & b < c > d", "]]>", "<!--", "\u202eevil", "\U0001F409" * 50,
    "x" * 5000, "word " * 20000, "{{ 7 * 7 }}", "%(x)s", "\\", "\"'", "<svg onload=1>",
    "&nbsp;", "&#0;", "\ufffe", "line\nbreak", "**", "*", "# heading",
]

HUGE_NUMBERS = [10**30, -10**30, 10**9, -10**9, 2**63, 2**64, -1, 0, 10**6]
ODD_VALUES: list[Any] = ["text", 3.5, True, False, None, [], {}, [1, 2], {"a": 1}, "", float("nan"),
                         float("inf"), "x" * 100_000] + HUGE_NUMBERS


def alias_bomb(levels: int = 12) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


@dataclass
class Mutation:
    """One way of breaking one file: `apply(path, rng)` changes the file in place."""

    name: str
    apply: Callable[[Path, random.Random], None]


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, prefix + (i,))
    return found


def _parent(tree: Any, path: tuple) -> Any:
    for part in path[:-1]:
        tree = tree[part]
    return tree


def _load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


def _dump(path: Path, tree: Any) -> None:
    if path.suffix == ".json":
        path.write_text(json.dumps(tree, indent=2) + "\n", encoding="utf-8")
    else:
        path.write_text(yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=4096), encoding="utf-8")


def _tree_mutation(name: str, change: Callable[[Any, tuple, random.Random], None]) -> Mutation:
    def apply(path: Path, rng: random.Random) -> None:
        tree = _load(path)
        paths = _paths(tree)
        if not paths:
            return
        change(tree, rng.choice(paths), rng)
        _dump(path, tree)

    return Mutation(name, apply)


def _set_value(values: list[Any]) -> Callable[[Any, tuple, random.Random], None]:
    def change(tree: Any, path: tuple, rng: random.Random) -> None:
        _parent(tree, path)[path[-1]] = rng.choice(values)

    return change


def _delete(tree: Any, path: tuple, rng: random.Random) -> None:
    parent = _parent(tree, path)
    del parent[path[-1]]


def _duplicate(tree: Any, path: tuple, rng: random.Random) -> None:
    parent = _parent(tree, path)
    if isinstance(parent, list):
        parent.insert(path[-1], parent[path[-1]])
    else:
        parent[f"{path[-1]}_copy"] = parent[path[-1]]


def _rename(tree: Any, path: tuple, rng: random.Random) -> None:
    parent = _parent(tree, path)
    if isinstance(parent, dict):
        parent[f"{path[-1]}x"] = parent.pop(path[-1])
    else:
        parent[path[-1]] = {"renamed": parent[path[-1]]}


def _numbers(tree: Any, path: tuple, rng: random.Random) -> None:
    parent = _parent(tree, path)
    value = parent[path[-1]]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        value = 1
    parent[path[-1]] = rng.choice([value + 1, value - 1, -value, value * 1000, 0, value + 7])


def _text_mutation(name: str, change: Callable[[bytes, random.Random], bytes]) -> Mutation:
    def apply(path: Path, rng: random.Random) -> None:
        path.write_bytes(change(path.read_bytes(), rng))

    return Mutation(name, apply)


def _truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(0, max(1, len(raw)))]


def _control(raw: bytes, rng: random.Random) -> bytes:
    char = rng.choice([0x00, 0x01, 0x07, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F]).to_bytes(1, "big")
    if rng.random() < 0.2:
        char = rng.choice(["\ufffe", "\u0085", "\u2028", "\ud800"]).encode("utf-8", "surrogatepass")
    at = rng.randrange(0, len(raw) + 1)
    return raw[:at] + char + raw[at:]


def _non_utf8(raw: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(0, len(raw) + 1)
    return raw[:at] + b"\xff\xfe" + raw[at:]


def _bomb(raw: bytes, rng: random.Random) -> bytes:
    bomb = alias_bomb(rng.choice([9, 12])).encode()
    return bomb + raw if rng.random() < 0.5 else raw + b"\n" + bomb + b"boom: *a" + str(rng.choice([8, 11])).encode() + b"\n"


def _deep(raw: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([200, 1000, 5000, 50_000])
    style = rng.choice(["flow_list", "flow_map", "block"])
    if style == "flow_list":
        value = "[" * depth + "]" * depth
    elif style == "flow_map":
        value = "{a: " * depth + "1" + "}" * depth
    else:
        value = "\n" + "".join("  " * i + "- \n" for i in range(min(depth, 2000)))
    return raw + f"\ndeep: {value}\n".encode()


def _huge(raw: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        return raw + b"\n#" + b"x" * (8 * 1024 * 1024) + b"\n"
    return raw + b"\nhuge: " + b"y" * (6 * 1024 * 1024) + b"\n"


def _tabs(raw: bytes, rng: random.Random) -> bytes:
    return raw.replace(b"\n  ", b"\n\t", 1)


def _empty(raw: bytes, rng: random.Random) -> bytes:
    return rng.choice([b"", b"\n", b"---\n", b"~\n", b"[]\n", b"42\n", b"--- !!python/object:os.system {}\n"])


def _duplicate_key(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    top = [i for i, line in enumerate(lines) if re.match(rb"^[a-z_]+:", line)]
    if not top:
        return raw
    i = rng.choice(top)
    return b"\n".join(lines + [lines[i]])


def _file_mutation(name: str, change: Callable[[Path, random.Random], None]) -> Mutation:
    return Mutation(name, change)


def _delete_file(path: Path, rng: random.Random) -> None:
    path.unlink()


def _folder_instead(path: Path, rng: random.Random) -> None:
    path.unlink()
    path.mkdir()


def _symlink_loop(path: Path, rng: random.Random) -> None:
    path.unlink()
    os.symlink(path.name, path)


def _symlink_zero(path: Path, rng: random.Random) -> None:
    path.unlink()
    os.symlink("/dev/zero", path)


def _fifo(path: Path, rng: random.Random) -> None:
    path.unlink()
    os.mkfifo(path)


def _md_blocks(raw: bytes) -> list[bytes]:
    return raw.split(b"\n\n")


def _md_delete_block(raw: bytes, rng: random.Random) -> bytes:
    blocks = _md_blocks(raw)
    del blocks[rng.randrange(len(blocks))]
    return b"\n\n".join(blocks)


def _md_insert(snippets: list[str]) -> Callable[[bytes, random.Random], bytes]:
    def change(raw: bytes, rng: random.Random) -> bytes:
        blocks = _md_blocks(raw)
        blocks.insert(rng.randrange(len(blocks) + 1), rng.choice(snippets).encode())
        return b"\n\n".join(blocks)

    return change


def _md_drop_marker(raw: bytes, rng: random.Random) -> bytes:
    """Cut everything from a random directive or heading on (a rules file saved half-way)."""
    marks = [m.start() for m in re.finditer(rb"^(:::|#)", raw, re.M)] or [len(raw)]
    return raw[: rng.choice(marks)]


def _csv_cell(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    i = rng.randrange(len(lines))
    cells = lines[i].split(b",")
    cells[rng.randrange(len(cells))] = rng.choice([b"", b"x" * 100000, b"-1", b"1e309", b"\"", b"NaN", str(10**30).encode()])
    lines[i] = b",".join(cells)
    return b"\n".join(lines)


def _csv_delete_line(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


COMMON = [
    _text_mutation("truncate", _truncate),
    _text_mutation("control_char", _control),
    _text_mutation("non_utf8", _non_utf8),
    _text_mutation("empty", _empty),
    _text_mutation("huge_file", _huge),
    _file_mutation("deleted", _delete_file),
    _file_mutation("folder_instead", _folder_instead),
    _file_mutation("symlink_loop", _symlink_loop),
    _file_mutation("symlink_dev_zero", _symlink_zero),
    _file_mutation("fifo", _fifo),
]

STRUCTURED = [
    _tree_mutation("wrong_type", _set_value(ODD_VALUES)),
    _tree_mutation("wrong_type", _set_value(ODD_VALUES)),
    _tree_mutation("huge_value", _set_value(HUGE_NUMBERS + ["x" * 200_000])),
    _tree_mutation("hostile_text", _set_value(HOSTILE_TEXT + HOSTILE_TEMPLATES)),
    _tree_mutation("hostile_text", _set_value(HOSTILE_TEXT + HOSTILE_TEMPLATES)),
    _tree_mutation("deleted_field", _delete),
    _tree_mutation("deleted_field", _delete),
    _tree_mutation("duplicated_item", _duplicate),
    _tree_mutation("renamed_field", _rename),
    _tree_mutation("nudged_number", _numbers),
    _tree_mutation("nudged_number", _numbers),
    _text_mutation("alias_bomb", _bomb),
    _text_mutation("deep_nesting", _deep),
    _text_mutation("tabs", _tabs),
    _text_mutation("duplicate_key", _duplicate_key),
]

MUTATIONS: dict[str, list[Mutation]] = {
    ".yaml": STRUCTURED + COMMON,
    ".yml": STRUCTURED + COMMON,
    ".json": STRUCTURED + COMMON,
    ".md": [
        _text_mutation("template_injection", _md_insert(HOSTILE_TEMPLATES)),
        _text_mutation("template_injection", _md_insert(HOSTILE_TEMPLATES)),
        _text_mutation("template_injection", _md_insert(HOSTILE_TEMPLATES)),
        _text_mutation("directive_injection", _md_insert(HOSTILE_DIRECTIVES)),
        _text_mutation("markup_injection", _md_insert(HOSTILE_TEXT)),
        _text_mutation("deleted_block", _md_delete_block),
        _text_mutation("deleted_block", _md_delete_block),
        _text_mutation("cut_at_section", _md_drop_marker),
    ] + COMMON,
    ".csv": [
        _text_mutation("csv_cell", _csv_cell),
        _text_mutation("csv_cell", _csv_cell),
        _text_mutation("csv_deleted_line", _csv_delete_line),
    ] + COMMON,
}

HOSTILE_ACTION = Mutation("action", lambda path, rng: None)  # a position case that sends a hostile action
KINDS = sorted({m.name for kinds in MUTATIONS.values() for m in kinds} | {HOSTILE_ACTION.name})

HOSTILE_ACTIONS = ["move 99999999999999999999,0", "move -3,0", "play fireball 99", "end", "bite 0",
                   "x" * 100_000, "move " + "1," * 10_000, "play " + "a" * 5000, "\x00", "discard pants"]


# --- running one case --------------------------------------------------------------------------


@dataclass
class Result:
    case: int
    game: str
    target: str
    mutation: str
    command: str
    outcome: str
    exit: int | None
    seconds: float
    detail: str = ""
    cpu: float = 0.0   # CPU seconds of the case's commands (build, validate or play) and their children


def children_cpu() -> float:
    """CPU seconds of every child this process has waited for so far (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(argv: list[str], cwd: Path, timeout: float, env: dict[str, str]) -> tuple[int | None, str, str, float, bool]:
    """Run `dragon-pnp ARGV` in a forked child: (exit code or None on timeout, stdout, stderr, seconds, stray)."""
    out = tempfile.TemporaryFile()  # noqa: SIM115 - both sides of the fork write or read it; closed below
    err = tempfile.TemporaryFile()  # noqa: SIM115
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.setpgid(0, 0)
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            os.chdir(cwd)
            os.environ.update(env)
            from dragon_pnp.forked_main import exit_after
        except BaseException:
            import traceback

            traceback.print_exc()
            os._exit(1)

        def cli() -> None:
            from dragon_pnp.cli import main

            main(argv)

        exit_after(cli)
    try:
        os.setpgid(pid, pid)  # also here, so the group exists before the parent signals it
    except (PermissionError, ProcessLookupError):
        pass
    deadline = started + timeout
    status = None
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.01)
    else:
        _kill_group(pid)
        os.waitpid(pid, 0)
        status = None
    seconds = time.monotonic() - started
    stray = False
    if status is not None:
        grace = time.monotonic() + 5
        while _group_alive(pid) and time.monotonic() < grace:
            time.sleep(0.05)
        stray = _group_alive(pid)
    _kill_group(pid)
    out.seek(0)
    err.seek(0)
    stdout = out.read().decode("utf-8", "replace")
    stderr = err.read().decode("utf-8", "replace")
    out.close()
    err.close()
    code = None if status is None else (os.waitstatus_to_exitcode(status))
    return code, stdout, stderr, seconds, stray


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # Processes of the group may be zombies waiting for init: count only live ones.
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


LOCATED = re.compile(r"(\.ya?ml|\.md|\.csv|\.json|--\w[\w-]*|\bfolder\b|/)")


def classify(code: int | None, stderr: str, stray: bool) -> str | None:
    """The outcome a run's exit code and messages alone decide, or None when it exited 0."""
    if code is None:
        return "hang"
    if "MemoryError" in stderr:
        return "memory"
    if "Traceback (most recent call last)" in stderr or code not in (0, 1, 2):
        return "traceback"
    if stray:
        return "stray_processes"
    if code == 0:
        return None
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    if not errors or not any(LOCATED.search(line) for line in errors):
        return "unlocated"
    return "refused"


# --- the kit -----------------------------------------------------------------------------------


def snapshot(folder: Path) -> dict[str, str]:
    """Every file of a folder (and its siblings' names) by relative path, with its SHA-256."""
    files = {}
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.is_symlink():
                files[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def leftovers(folder: Path) -> list[str]:
    """Staging or retired folders a build left beside the kit."""
    return sorted(p.name for p in folder.parent.iterdir() if p.name.startswith(f".{folder.name}."))


def kit_sane(folder: Path, before: dict[str, str]) -> str:
    """'' when the kit looks whole: the same top-level files as the unbroken data's kit, PDFs complete."""
    now = snapshot(folder)
    top_before = {name for name in before if "/" not in name}
    top_now = {name for name in now if "/" not in name}
    # A component's `document:` is data: deleting it moves the component into its kind's default
    # document (Dragon Line's line cards into player-aids.pdf), a whole kit still.
    from dragon_pnp.data.components import DEFAULT_DOCUMENT

    movable = set(DEFAULT_DOCUMENT.values())
    if top_now - movable != top_before - movable:
        return f"files differ: missing {sorted(top_before - top_now)}, new {sorted(top_now - top_before)}"
    for name in top_now:
        if name.endswith(".pdf"):
            data = (folder / name).read_bytes()
            if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
                return f"{name} is not a whole PDF"
    for sub in ("svg", "png"):
        if any(n.startswith(sub + "/") for n in before) and not any(n.startswith(sub + "/") for n in now):
            return f"{sub}/ is empty"
    return ""


# --- the campaign ------------------------------------------------------------------------------


@dataclass
class Game:
    name: str
    pristine: Path
    work: Path
    kit: Path
    files: list[str]
    position: Path | None = None
    kit_files: dict[str, str] = field(default_factory=dict)  # the kit now in `kit`
    baseline: dict[str, str] = field(default_factory=dict)  # the kit of the unbroken data


def discover_games(project: Path) -> list[str]:
    return sorted(p.parent.name for p in (project / "data").glob("*/game.yaml"))


NEW_GAME = "new-game"  # made by `dragon-pnp new` for the campaign


def game_sources(project: Path, scratch: Path, timeout: float, env: dict[str, str]) -> list[tuple[str, Path]]:
    """Every shipped game, the peer deck (examples/) and a game fresh from `dragon-pnp new`."""
    sources = [(name, project / "data" / name) for name in discover_games(project)]
    sources += [(p.parent.name, p.parent) for p in sorted((project / "examples").glob("*/game.yaml"))]
    made = scratch / "made"
    code, _, stderr, _, _ = run_cli(["new", NEW_GAME, "--dir", str(made)], scratch, timeout, env)
    if code != 0:
        raise SystemExit(f"dragon-pnp new failed (exit {code}): {stderr[-2000:]}")
    return sources + [(NEW_GAME, made / NEW_GAME)]


def data_files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and p.suffix in TEXT_KINDS)


def restore(game: Game) -> None:
    shutil.rmtree(game.work)
    shutil.copytree(game.pristine, game.work, symlinks=True)


def plan_cases(games: list[Game], count: int, seed: int) -> list[tuple[Game, str, Mutation]]:
    """`count` cases spread evenly over every file of every game (and its positions)."""
    targets: list[tuple[Game, str]] = []
    for game in games:
        targets += [(game, name) for name in game.files]
        if game.position is not None:
            targets += [(game, "<position>"), (game, "<position.json>")]
    rng = random.Random(seed)
    plan = []
    for i in range(count):
        game, target = targets[i % len(targets)]
        suffix = ".yaml" if target == "<position>" else ".json" if target == "<position.json>" else Path(target).suffix
        plan.append((game, target, rng.choice(MUTATIONS[suffix])))
    return plan


def plan_sample(games: list[Game]) -> list[tuple[Game, str, Mutation]]:
    """A deterministic sample for the test suite: every kind of damage at least once, every game
    broken at least once (the rest of the kinds on the games with the least data), on files of every suffix, and each game's saved position broken in YAML
    and in JSON, with a hostile action among them. The long seeded campaign is
    bench/bench_fuzz.py's; this one keeps each code path of the harness and of the generator's
    refusals in every run at a fraction of its cases."""
    used: collections.Counter[str] = collections.Counter()
    size = {game.name: data_size(game) for game in games}
    plan: list[tuple[Game, str, Mutation]] = []
    kinds: dict[str, dict[str, Mutation]] = collections.defaultdict(dict)
    for suffix, mutations in MUTATIONS.items():
        for mutation in mutations:
            kinds[mutation.name].setdefault(suffix, mutation)
    for by_suffix in kinds.values():
        choices = [(game, file) for game in games for file in game.files if Path(file).suffix in by_suffix]
        if not choices:
            continue
        # A game not broken yet; once every game is, the one whose cases so far weigh least in bytes
        # of data (issue 30: a case on Dragon Pants costs ~5 CPU s, on the peer deck a tenth of it,
        # and the generator's readers and refusals are the same code for both, so the small games
        # share the rest). Then the file of it broken least, then the first in order.
        game, file = min(choices, key=lambda c: (used[c[0].name] > 0, used[c[0].name] * size[c[0].name],
                                                  used[f"{c[0].name}/{c[1]}"], games.index(c[0]),
                                                  c[0].files.index(c[1])))
        used[game.name] += 1
        used[f"{game.name}/{file}"] += 1
        plan.append((game, file, by_suffix[Path(file).suffix]))
    # Positions: each game that has them, in YAML and in JSON; the first sends a hostile action.
    structured = STRUCTURED + COMMON
    with_positions = [game for game in games if game.position is not None]
    for number, game in enumerate(with_positions):
        plan.append((game, "<position>", HOSTILE_ACTION if number == 0 else structured[(5 * number) % len(structured)]))
        plan.append((game, "<position.json>", structured[(5 * number + 3) % len(structured)]))
    return plan


def data_size(game: Game) -> int:
    """Bytes of a game's data files: how much there is to load, lay out and render, roughly (the
    shipped games under data/ are ten to forty times an example's)."""
    return sum((game.pristine / name).stat().st_size for name in game.files if (game.pristine / name).is_file())


def run_case(index: int, game: Game, target: str, mutation: Mutation, seed: int, timeout: float,
             env: dict[str, str], scratch: Path, cross_check: bool, proof: bool = True) -> Result:
    rng = random.Random(f"{seed}:{index}")
    cpu = children_cpu()
    if target.startswith("<position"):
        played = _position_case(index, game, target, mutation, rng, timeout, env, scratch)
        played.cpu = round(children_cpu() - cpu, 3)
        return played
    restore(game)
    mutation.apply(game.work / target, rng)
    argv = ["build", str(game.work), "--no-check", "--out", str(game.kit), *([] if proof else ["--no-proof"])]
    code, _, stderr, seconds, stray = run_cli(argv, scratch, timeout, env)
    outcome = classify(code, stderr, stray)
    detail = _last_lines(stderr)
    now = snapshot(game.kit)
    left = leftovers(game.kit)
    if outcome in ("refused", "unlocated") and (now != game.kit_files or left):
        outcome, detail = "kit_damaged", f"after exit {code}: leftovers {left}; {detail}"
    elif outcome is None:
        problem = kit_sane(game.kit, game.baseline) or (f"leftovers {left}" if left else "")
        outcome, detail = ("kit_insane", problem) if problem else ("ok", "")
    if outcome in ("ok", "kit_insane", "kit_damaged", "traceback", "hang", "memory", "stray_processes"):
        game.kit_files = now if game.kit.is_dir() else game.kit_files
        for name in left:  # start the next case clean, whatever this one left
            shutil.rmtree(game.kit.parent / name, ignore_errors=True)
    if cross_check and outcome in ("ok", "refused"):
        vcode, _, vstderr, vseconds, _ = run_cli(["validate", str(game.work)], scratch, timeout, env)
        seconds += vseconds
        if vcode is None or (vcode == 0) != (code == 0):
            outcome = "validate_disagrees"
            detail = f"build exit {code}, validate exit {vcode}: {_last_lines(vstderr or stderr)}"
    return Result(index, game.name, target, mutation.name, "build", outcome, code, seconds, detail,
                  round(children_cpu() - cpu, 3))


def _position_case(index: int, game: Game, target: str, mutation: Mutation, rng: random.Random,
                   timeout: float, env: dict[str, str], scratch: Path) -> Result:
    assert game.position is not None
    suffix = ".json" if target.endswith(".json>") else ".yaml"
    file = scratch / f"position{suffix}"
    if file.is_symlink() or file.exists():
        if file.is_dir() and not file.is_symlink():
            shutil.rmtree(file)
        else:
            file.unlink()
    shutil.copyfile(game.position.with_suffix(suffix), file)
    argv = ["play", "--position", str(file)]
    name = mutation.name
    if rng.random() < 0.25 or mutation is HOSTILE_ACTION:
        action = rng.choice(HOSTILE_ACTIONS)
        argv += ["--do", action]
        name = f"action {action[:20]!r}"
    else:
        mutation.apply(file, rng)
        argv += ["--legal"] if rng.random() < 0.5 else ["--do", "end"]
    code, _, stderr, seconds, stray = run_cli(argv, scratch, timeout, env)
    outcome = classify(code, stderr, stray) or "ok"
    return Result(index, game.name, target, name, "play", outcome, code, seconds, _last_lines(stderr))


def _last_lines(text: str, count: int = 2) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " | ".join(lines[-count:])[:400]


def prepare(project: Path, scratch: Path, timeout: float, env: dict[str, str],
            names: Iterable[str] | None = None, proof: bool = True, kits: Path | None = None) -> list[Game]:
    """Build each game (all, or those `names`) once unbroken: the kit every failed case must keep
    (without the accessibility proof when `proof` is false, as the cases are then built).

    `kits`: a folder holding, by game name, the kit a plain `dragon-pnp build GAME --no-check` of
    that game wrote (the test suite's shared seed kits): such a game is not built again, its kit is
    copied (less proof.json when `proof` is false: a case's build then writes none)."""
    games = []
    for name, source in game_sources(project, scratch, timeout, env):
        if names is not None and name not in names:
            continue
        pristine = scratch / "pristine" / name
        shutil.copytree(source, pristine, symlinks=True)
        game = Game(name, pristine, scratch / "work" / name, scratch / "kits" / name, data_files(pristine))
        shutil.copytree(pristine, game.work, symlinks=True)
        built = kits / name if kits is not None else None
        if built is not None and (built / "cards.pdf").is_file():
            shutil.copytree(built, game.kit, symlinks=True)
            if not proof:
                (game.kit / "proof.json").unlink(missing_ok=True)
        else:
            code, _, stderr, _, _ = run_cli(["build", str(game.work), "--no-check", "--out", str(game.kit),
                                             *([] if proof else ["--no-proof"])], scratch, max(timeout, 300), env)
            if code != 0:
                raise SystemExit(f"{name}: the unbroken game does not build (exit {code}): {stderr[-2000:]}")
        game.kit_files = game.baseline = snapshot(game.kit)
        positions = scratch / "positions" / name
        positions.mkdir(parents=True)
        for suffix, extra in ((".yaml", []), (".json", ["--json"])):
            code, stdout, _, _, _ = run_cli(["play", "--new", "--game", str(game.work), "--players", "3",
                                             "--seed", "5", *extra], scratch, timeout, env)
            if code != 0:
                break   # a game without saved positions refuses both forms: ask once
            (positions / f"start{suffix}").write_text(stdout, encoding="utf-8")
            game.position = positions / "start"
        if game.position is not None and not game.position.with_suffix(".json").exists():
            game.position = None
        games.append(game)
    return games


def campaign(project: Path, cases: int, seed: int, timeout: float, cross_check_every: int = 0,
             only: int | None = None, progress: Callable[[Result], None] | None = None,
             games: Iterable[str] | None = None, cache: Path | None = None, sample: bool = False,
             proof: bool = True, kits: Path | None = None) -> list[Result]:
    """Run `cases` seeded cases against the generator in `project`; one Result per case.

    Every `cross_check_every`-th build case also runs `validate`, which must agree (0: never).
    `games` limits the run to those games (default: every one). `cache` is the render cache the
    builds use (default: a fresh one in the scratch folder); the test suite passes its run's own,
    so pages the other tests rendered are not rendered again (the cases break data, not pages).
    `sample` runs plan_sample's cases instead of `cases` seeded ones; `proof` false builds with
    `--no-proof` (the proof step is tested in tests/proof; here it only costs seconds per kit).
    `kits`: unbroken kits built already, by game name (see `prepare`).
    """
    sys.path.insert(0, str(project))
    for module in [m for m in sys.modules if m == "dragon_pnp" or m.startswith("dragon_pnp.")]:
        del sys.modules[module]
    import dragon_pnp.cli  # noqa: F401  # imported once here, shared by every forked case
    _preimport()
    with tempfile.TemporaryDirectory(prefix="dragon-pnp-fuzz-") as folder:
        scratch = Path(folder)
        env = {"COLUMNS": "200", "DRAGON_PNP_CACHE": str(cache or scratch / "render-cache"), "NO_COLOR": "1"}
        cpu = children_cpu()
        prepared = prepare(project, scratch, timeout, env, None if games is None else set(games), proof, kits)
        print(f"fuzz harness: the unbroken games prepared in {children_cpu() - cpu:.1f} CPU s", file=sys.stderr)
        plan = plan_sample(prepared) if sample else plan_cases(prepared, cases, seed)
        results = []
        for index, (game, target, mutation) in enumerate(plan):
            if only is not None and index != only:
                continue
            cross_check = cross_check_every > 0 and index % cross_check_every == 0
            result = run_case(index, game, target, mutation, seed, timeout, env, scratch, cross_check, proof)
            results.append(result)
            if progress:
                progress(result)
        return results


def run_batch(project: Path, requests: list[dict[str, Any]], timeout: float) -> list[dict[str, Any]]:
    """Run commands one by one, each in a forked child as the fuzz cases are; for tests.

    A request is {"argv": [...], "cwd": folder, "env": {...}}; the answer per request is
    {"exit": code or None on timeout, "stdout", "stderr", "seconds", "stray", "cpu"} (the CPU seconds
    of the command and of the children it waited for: what a test's batch costs, command by command).
    """
    sys.path.insert(0, str(project))
    import dragon_pnp.cli  # noqa: F401

    _preimport()
    answers = []
    for request in requests:
        before = children_cpu()
        code, stdout, stderr, seconds, stray = run_cli(request["argv"], Path(request.get("cwd") or os.getcwd()),
                                                       timeout, request.get("env") or {})
        cpu = children_cpu() - before
        answers.append({"exit": code, "stdout": stdout, "stderr": stderr, "seconds": seconds, "stray": stray,
                        "cpu": round(cpu, 3)})
    return answers


def serve(project: Path) -> None:
    """Answer batch after batch, each one JSON line {"timeout", "requests"} on stdin, with one JSON
    line of answers (see run_batch), until stdin ends. The test suite keeps one such process per
    test process: each command still runs in its own forked child, but the package is imported
    once per run instead of once per batch (~1 CPU s each, thirty batches; issue 30)."""
    for line in sys.stdin:
        if line.strip():
            order = json.loads(line)
            print(json.dumps(run_batch(project, order["requests"], order["timeout"])), flush=True)


def _preimport() -> None:
    """Load what every build or validate loads (but not cairo, which only render workers load): the
    command line (Typer, rich) too, ~0.1 CPU s that each forked command would import again."""
    for module in ("dragon_pnp.rulebook.document", "dragon_pnp.kit.kit", "dragon_pnp.kit.steps",
                   "dragon_pnp.checks", "dragon_pnp.games.dragon_pants.destiny.report", "dragon_pnp.kit.assembly",
                   "dragon_pnp.games.dragon_pants.engine.positions", "dragon_pnp.cli.app", "dragon_pnp.cli.entry",
                   "dragon_pnp.cli.validate", "dragon_pnp.cli.build", "dragon_pnp.cli.play", "dragon_pnp.build.rehearsal",
                   "dragon_pnp.build.pipeline", "dragon_pnp.components.templates", "dragon_pnp.components.deck"):
        try:
            __import__(module)
        except ImportError:
            pass


def tally(results: list[Result]) -> dict[str, int]:
    counts = collections.Counter(r.outcome for r in results)
    return {outcome: counts.get(outcome, 0) for outcome in OUTCOMES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a case counts as a hang")
    parser.add_argument("--project", type=Path, default=PROJECT, help="the dragon-pnp checkout to test")
    parser.add_argument("--cross-check-every", type=int, default=1, metavar="N",
                        help="also run validate on every N-th case (0: never); it must agree with build")
    parser.add_argument("--only", type=int, help="run just this case number")
    parser.add_argument("--cache", type=Path, help="the render cache the builds use (default: a fresh one)")
    parser.add_argument("--sample", action="store_true",
                        help="run the suite's deterministic sample (every kind of damage, every game) instead of --cases")
    parser.add_argument("--no-proof", action="store_true", help="build without the accessibility proof step")
    parser.add_argument("--kits", type=Path, metavar="DIR",
                        help="DIR/GAME: a plain build's kit of GAME, copied as its unbroken kit instead of building it")
    parser.add_argument("--json", action="store_true", help="print every result as JSON lines, then the tally")
    parser.add_argument("--verbose", action="store_true", help="print every case as it ends")
    parser.add_argument("--serve", action="store_true",
                        help="answer batches, one JSON line each on stdin ({timeout, requests}), until stdin ends")
    parser.add_argument("--batch", action="store_true",
                        help="run the commands given as JSON on stdin (see run_batch) and print JSON answers")
    args = parser.parse_args(argv)
    if args.batch:
        print(json.dumps(run_batch(args.project.resolve(), json.load(sys.stdin), args.timeout)))
        return 0
    if args.serve:
        serve(args.project.resolve())
        return 0

    def show(result: Result) -> None:
        if args.json:
            print(json.dumps(result.__dict__), flush=True)
        elif args.verbose or result.outcome in BAD:
            print(f"#{result.case:4} {result.game}/{result.target} {result.mutation} -> {result.outcome} "
                  f"(exit {result.exit}, {result.seconds:.1f} s) {result.detail}", flush=True)

    started = time.monotonic()
    results = campaign(args.project.resolve(), args.cases, args.seed, args.timeout, args.cross_check_every, args.only, show,
                       cache=args.cache, sample=args.sample, proof=not args.no_proof, kits=args.kits)
    counts = tally(results)
    summary = {"cases": len(results), "seconds": round(time.monotonic() - started, 1), "outcomes": counts}
    print(json.dumps(summary) if args.json else
          f"{len(results)} cases in {summary['seconds']} s: " + ", ".join(f"{k} {v}" for k, v in counts.items() if v))
    return 1 if any(counts[o] for o in BAD) else 0


if __name__ == "__main__":
    sys.exit(main())
