"""Time `dragon-pnp diff` on one realistic tweak per seed game and print what moved.

Each game is copied, one card value is changed, and the copy is diffed against the original:
first without the balance part (the "few seconds" figure), then with it (both versions play the
same seeds). Wall and CPU time are printed for each, with the summary the report opens with.
CPU is this process's plus its children's (the forked typesetter, render workers).

`--quick` measures the part without balance (or with it: `--balance-games N`), each case in a fresh process with its own
empty cache (`DRAGON_PNP_CACHE`): *cold* (nothing cached), *old seen* (a second tweak diffed
against the same OLD: OLD's pages and rulebook come from the cache) and *repeat* (the same diff
again). `--before TREE` times another checkout (e.g. `git worktree add /tmp/base main`) the
same way, alternating with this one, for a paired before/after on a busy machine.

Usage: .venv/bin/python bench/bench_diff.py [--games 300] [--out DIR]
       .venv/bin/python bench/bench_diff.py --quick [--before TREE] [--rounds 3] [--balance-games N] [--only SLUG]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The checkout to time: this one, or the one `--before` names (its fresh processes get it here).
sys.path.insert(0, os.environ.get("DRAGON_PNP_BENCH_TREE") or str(Path(__file__).resolve().parents[1]))

from dragon_pnp.diff.compare import DiffOptions, run_diff
from dragon_pnp.diff.writers import write_diff
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.check import CheckSettings

ROOT = Path(__file__).resolve().parents[1]
# game: (file, text before, text after, what it means)
TWEAKS = {
    "dragon_pants": ("power_cards.yaml", "id: fireball\n    name: Fireball\n    count: 2",
                     "id: fireball\n    name: Fireball\n    count: 3", "a third Fireball in the Deck of Power"),
    "dragon_dance": ("knight_cards.yaml", "table: {none: 2, 1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5}",
                     "table: {none: 2, 1: 3, 2: 3, 3: 3, 4: 4, 5: 4, 6: 5}", "Charge deals 3 on a 1 or 2 (was 2)"),
    "dragon_line": ("dragons.yaml", "health: 3", "health: 4", "Gale's Health 3 -> 4"),
}


def cpu_seconds() -> float:
    """This process's CPU time and that of its children that ended."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(action):
    wall, cpu = time.perf_counter(), cpu_seconds()
    value = action()
    return value, time.perf_counter() - wall, cpu_seconds() - cpu


def tweaked(slug: str, folder: Path, variant: int = 0) -> None:
    """A copy of the seed game with its tweak (variant 1: the same card, another value)."""
    file, before, after = TWEAKS[slug][:3]
    shutil.copytree(ROOT / "data" / slug, folder)
    text = (folder / file).read_text()
    assert before in text, (slug, before)
    if variant:
        digit = re.search(r"\d(?=\D*$)", after)
        assert digit is not None
        after = after[:digit.start()] + str(int(digit.group()) + variant) + after[digit.end():]
    (folder / file).write_text(text.replace(before, after, 1))


# One case of --quick, run in a fresh process: `python bench_diff.py --case SLUG FOLDER GAMES`.
def one_case(slug: str, folder: str, games: str) -> int:
    from dragon_pnp.diff.compare import DiffOptions as Options
    from dragon_pnp.diff.compare import run_diff as diff

    options = Options(balance=False) if int(games) == 0 else Options(check=check_settings(Path(folder), int(games)))
    import multiprocessing

    from dragon_pnp.kit.parallel import stop_render_workers

    cpu = cpu_seconds()
    result, wall, _ = timed(lambda: diff(str(ROOT / "data" / slug), folder, options))
    stop_render_workers()                       # reap every child, so their CPU time is counted
    for child in multiprocessing.active_children():
        child.join()
    cpu = cpu_seconds() - cpu
    print(json.dumps({"wall": wall, "cpu": cpu, "pages": result.report["pages"]["changed_pages"]}))
    return 0


def check_settings(folder: Path, games: int) -> CheckSettings:
    """The game's first two player counts on its default setup, `games` per configuration."""
    from dragon_pnp.games.parts import ReportPart

    game = load_game(folder)
    module = game.module
    return CheckSettings(games=games, duel_games=games, seed=1, players=tuple(module.player_counts(game))[:2],
                         setups=(module.part(ReportPart).default_setup(game),))


def quick(args: argparse.Namespace) -> int:
    """Cold, old-seen and repeat timings of the diff without balance, per tree, alternating."""
    trees = {"this": ROOT} | ({"before": args.before.resolve()} if args.before else {})
    slugs = [args.only] if args.only else list(TWEAKS)
    found: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as temporary:
        for slug in slugs:
            first, second = Path(temporary) / "a" / slug, Path(temporary) / "b" / slug
            tweaked(slug, first)
            tweaked(slug, second, variant=1)
            for _ in range(args.rounds):
                for name, tree in trees.items():
                    cache = Path(temporary) / f"cache-{name}"
                    shutil.rmtree(cache, ignore_errors=True)
                    for case, folder in (("cold", first), ("old seen", second), ("repeat", second)):
                        env = {**os.environ, "DRAGON_PNP_BENCH_TREE": str(tree), "PYTHONPATH": str(tree),
                               "DRAGON_PNP_CACHE": str(cache)}
                        run = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--case", slug,
                                              str(folder), str(args.balance_games)], cwd=tree, env=env,
                                             capture_output=True, text=True, timeout=3600)
                        if run.returncode != 0:
                            print(run.stderr, file=sys.stderr)
                            return 1
                        figures = json.loads(run.stdout.strip().splitlines()[-1])
                        found.setdefault((slug, case, name), []).append((figures["wall"], figures["cpu"]))
    print("game          case       tree    wall (s, each round)          CPU (s, each round)")
    for (slug, case, name), runs in found.items():
        walls = " ".join(f"{w:5.1f}" for w, _ in runs)
        cpus = " ".join(f"{c:5.1f}" for _, c in runs)
        print(f"{slug:13s} {case:10s} {name:7s} {walls:29s} {cpus}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--only", default="")
    parser.add_argument("--smoke", action="store_true", help="one game, 4 games per configuration: seconds, for CI")
    parser.add_argument("--quick", action="store_true", help="only the part without balance: cold, old seen, repeat")
    parser.add_argument("--before", type=Path, default=None, help="with --quick: another checkout to time alongside")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--balance-games", type=int, default=0,
                        help="with --quick: include the balance part, this many games per configuration")
    parser.add_argument("--case", nargs=3, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        return one_case(*args.case)
    if args.quick:
        return quick(args)
    if args.smoke:
        args.games, args.only = 4, args.only or "dragon_dance"
    for slug, (_, _, _, meaning) in TWEAKS.items():
        if args.only and slug != args.only:
            continue
        with tempfile.TemporaryDirectory() as temporary:
            folder = Path(temporary) / slug
            tweaked(slug, folder)
            check = check_settings(folder, args.games)
            old = str(ROOT / "data" / slug)
            _, wall, cpu = timed(lambda old=old, folder=folder: run_diff(old, str(folder), DiffOptions(balance=False)))
            print(f"== {slug}: {meaning}")
            print(f"without balance: {wall:.1f} s wall, {cpu:.1f} s CPU")
            full, wall, cpu = timed(lambda old=old, folder=folder, check=check: run_diff(old, str(folder), DiffOptions(check=check)))
            balance = full.report["balance"]
            print(f"with balance ({balance['games_paired']} paired games): {wall:.1f} s wall, {cpu:.1f} s CPU")
            print(full.report["summary"])
            for figure in balance["figures"]:
                if figure["beyond_chance"]:
                    print(f"  beyond chance: {figure['config']} {figure['figure']}: {figure['old']:.3f} -> "
                          f"{figure['new']:.3f} ({figure['low']:+.3f} to {figure['high']:+.3f})")
            if args.out:
                write_diff(full, args.out / slug)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
