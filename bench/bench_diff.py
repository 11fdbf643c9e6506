"""Time `dragon-pnp diff` on one realistic tweak per seed game and print what moved.

Each game is copied, one card value is changed, and the copy is diffed against the original:
first without the balance part (the "few seconds" figure), then with it (both versions play the
same seeds). Wall and CPU time are printed for each, with the summary the report opens with.

Usage: .venv/bin/python bench/bench_diff.py [--games 300] [--out DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.data import load_game  # noqa: E402
from generator.diff.compare import DiffOptions, run_diff  # noqa: E402
from generator.diff.writers import write_diff  # noqa: E402
from generator.report.check import CheckSettings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# game: (file, text before, text after, what it means)
TWEAKS = {
    "dragon_pants": ("power_cards.yaml", "id: fireball\n    name: Fireball\n    count: 2",
                     "id: fireball\n    name: Fireball\n    count: 3", "a third Fireball in the Deck of Power"),
    "dragon_dance": ("knight_cards.yaml", "table: {none: 2, 1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5}",
                     "table: {none: 2, 1: 3, 2: 3, 3: 3, 4: 4, 5: 4, 6: 5}", "Charge deals 3 on a 1 or 2 (was 2)"),
    "dragon_line": ("dragons.yaml", "health: 3", "health: 4", "Gale's Health 3 -> 4"),
}


def timed(action):
    wall, cpu = time.perf_counter(), time.process_time()
    value = action()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--only", default="")
    parser.add_argument("--smoke", action="store_true", help="one game, 4 games per configuration: seconds, for CI")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.only = 4, args.only or "dragon_dance"
    for slug, (file, before, after, meaning) in TWEAKS.items():
        if args.only and slug != args.only:
            continue
        with tempfile.TemporaryDirectory() as temporary:
            folder = Path(temporary) / slug
            shutil.copytree(ROOT / "data" / slug, folder)
            text = (folder / file).read_text()
            assert before in text, (slug, before)
            (folder / file).write_text(text.replace(before, after, 1))
            game = load_game(folder)
            module = game.module
            from generator.games.parts import ReportPart
            check = CheckSettings(games=args.games, duel_games=args.games, seed=1,
                                  players=tuple(module.player_counts(game))[:2],
                                  setups=(module.part(ReportPart).default_setup(game),))
            old = str(ROOT / "data" / slug)
            quick, wall, cpu = timed(lambda: run_diff(old, str(folder), DiffOptions(balance=False)))
            print(f"== {slug}: {meaning}")
            print(f"without balance: {wall:.1f} s wall, {cpu:.1f} s CPU (main process)")
            full, wall, cpu = timed(lambda: run_diff(old, str(folder), DiffOptions(check=check)))
            balance = full.report["balance"]
            print(f"with balance ({balance['games_paired']} paired games): {wall:.1f} s wall, {cpu:.1f} s CPU (main)")
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
