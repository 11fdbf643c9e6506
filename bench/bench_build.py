"""Benchmark: build the print kit in a fresh process, several times; print median wall time and peak memory.

Each figure is a fresh `python` process per run (imports included, as a user pays them):
  imports          only importing what the kit step needs (cairo included, in one process):
                   the floor no build can go below
  kit cold         the print kit alone (cards, tiles, board, extras, svg/, png/, print-and-play.pdf),
                   render cache off: every face rendered. This is the headline figure.
  kit warm         the same with a render cache from an earlier build of unchanged data: nothing rendered
  kit 1 card edit  one Power card's printed rules changed (new words every run) in a copy of the data,
                   cache warm from the unchanged data: cards.pdf and that card's PNG are rendered
  build cold/warm  `dragon-pnp build --no-check`: the whole pipeline without the rules check
                   (rulebook included), cache off / warm

Where a cold kit's time goes (2 cores, CPU seconds, measured with this bench's data): the
main process imports Python libraries and loads and plans the kit (about 0.55 s: pydantic,
Jinja2, reportlab's metrics, svgwrite), each render worker loads cairo and cairosvg (0.12 s),
then the workers walk 46 distinct faces and 14 page overlays with cairosvg (0.6 s), write the
PDFs with cairo (0.2 s) and rasterise and compress 22 card PNGs at 300 DPI (0.45 s). About
2.3 CPU seconds in all, so even perfectly shared between two cores a cold kit cannot take
much less than 1.2 s with cairosvg drawing every face; the render cache is what makes a
rebuild fast.

Usage: .venv/bin/python bench/bench_build.py [--runs N] [--paper letter|a4] [--workers 1|2] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchkit import ROOT, SMOKE_DEADLINE, add_smoke, run, smoke_cache

EDITED_CARD = "Not played. End a turn wearing them outside a den"   # The Pants card's rules, which it prints

KIT_ONLY = """
import sys
from pathlib import Path
from dragon_pnp.build.atomic import atomic_folder
from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.steps import kit_step, print_and_play_step
game = load_game(sys.argv[3])
with atomic_folder(Path(sys.argv[1])) as staging:
    context = BuildContext(game, BuildOptions(paper=sys.argv[2], check=False), staging)
    kit_step(context)
    print_and_play_step(context)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="letter", choices=["letter", "a4"])
    parser.add_argument("--workers", default=None, help="DRAGON_PNP_WORKERS for the runs (default 2)")
    add_smoke(parser)
    args = parser.parse_args()
    deadline = SMOKE_DEADLINE if args.smoke else 300.0
    if args.smoke:
        args.runs = 1
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.workers:
        env["DRAGON_PNP_WORKERS"] = args.workers
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        cold = {**env, "DRAGON_PNP_CACHE": "off"}
        warm = {**env, "DRAGON_PNP_CACHE": smoke_cache(args.smoke, tmp / "cache")}
        game = ROOT / "data" / "dragon_pants"
        edited = tmp / "edited" / "dragon_pants"
        shutil.copytree(game, edited)
        cards = (edited / "power_cards.yaml").read_text()
        if EDITED_CARD not in cards:
            raise SystemExit(f"power_cards.yaml no longer has {EDITED_CARD!r}; pick another card to edit")

        def kit(out: str, data: Path = game) -> list[str]:
            return [python, "-c", KIT_ONLY, str(tmp / out), args.paper, str(data)]

        def build(out: str) -> list[str]:
            return [python, "-m", "dragon_pnp", "build", "dragon_pants", "--no-check", "--paper", args.paper,
                    "--out", str(tmp / out)]

        def edit(run: int) -> None:
            text = EDITED_CARD.replace("Not played.", f"Not played (edit {run}).")
            (edited / "power_cards.yaml").write_text(cards.replace(EDITED_CARD, text))

        jobs = {
            "imports": ([python, "-c", "import dragon_pnp.data, dragon_pnp.build.atomic, dragon_pnp.kit.steps; "
                                       "from dragon_pnp.kit.render import warm_up; warm_up()"], env, None),
            "kit cold": (kit("cold"), cold, None),
            "kit warm": (kit("warm"), warm, None),
            "kit 1 card edit": (kit("edit", edited), warm, edit),
            "build cold": (build("build-cold"), cold, None),
            "build warm": (build("build-warm"), warm, None),
        }
        if args.smoke:  # one run of each job, no warm-up: does every path still work?
            jobs = {name: jobs[name] for name in ("imports", "kit 1 card edit")}
        else:
            run(kit("warm"), warm)  # fills the cache, warms the OS file cache and the template cache
            run(build("build-warm"), warm)
        print(f"{args.runs} runs each, paper {args.paper}, {os.cpu_count()} CPUs, "
              f"workers {env.get('DRAGON_PNP_WORKERS', '2')}, load average {os.getloadavg()[0]:.2f}")
        # Round robin, so a change in machine load touches every measurement alike.
        results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in jobs}
        for number in range(args.runs):
            for name, (command, job_env, prepare) in jobs.items():
                if prepare:
                    prepare(number)
                results[name].append(run(command, job_env, deadline=deadline))
        for name, runs in results.items():
            walls = [w for w, _, _ in runs]
            print(f"{name:16s} median {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f}), "
                  f"CPU {statistics.median(c for _, c, _ in runs):.2f} s, peak memory {max(m for _, _, m in runs):.0f} MiB")


if __name__ == "__main__":
    main()
