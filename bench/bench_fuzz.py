"""The long fuzz run of issue 14: broken data files and positions, cases by outcome.

    python bench/bench_fuzz.py [--cases 600] [--seed 1] [--project DIR] [--no-proof]

Runs tests/fault/fuzz_harness.py's seeded campaign (the test suite runs only its deterministic
sample, every kind of damage on every game once: tests/fault/test_fuzz.py) with validate
cross-checked on every case over every shipped game, the peer deck and a `new` game, and
prints the cases tried by outcome, per game (ok / located / file-only / traceback / hang), by
file and by kind of damage, and the time per case. `--project` points it at another checkout (to measure the
code as it was). Exit 1 if any case crashed, hung, lost the kit or was not located.
"""

from __future__ import annotations

import argparse
import collections
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fault"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import smoke_cache  # noqa: E402
from fuzz_harness import BAD, OUTCOMES, campaign, tally  # noqa: E402

GAME_COLUMNS = ("ok", "located", "file-only", "traceback", "hang", "other")
AT_LINE = re.compile(r"\.(ya?ml|md|csv|json|j2):\d+")


def by_game(results) -> dict[str, collections.Counter]:
    """Per game: ok, refused with a file and line (located), refused naming only a file or option
    (file-only), traceback, hang, and any other bad outcome."""
    rows: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for result in results:
        if result.outcome == "refused":
            column = "located" if AT_LINE.search(result.detail) else "file-only"
        elif result.outcome in ("ok", "traceback", "hang"):
            column = result.outcome
        else:
            column = "other"
        rows[result.game][column] += 1
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--project", type=Path, default=ROOT)
    parser.add_argument("--no-proof", action="store_true", help="build without the accessibility proof step")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    games = None
    if args.smoke:   # the smallest game, no proof: building every game's kit is the suite's fuzz test's job
        args.cases, args.timeout, games, args.no_proof = 2, 30.0, ["new-game"], True
    started = time.monotonic()
    # smoke: the suite's render cache when it gives one (smoke_cache), where the `new` game's pages
    # may be already (the fault tests' fuzz builds the same game); otherwise a fresh one, as before
    cache = smoke_cache(args.smoke, "")
    results = campaign(args.project.resolve(), args.cases, args.seed, args.timeout, cross_check_every=1,
                       games=games, proof=not args.no_proof, cache=Path(cache) if cache else None)
    elapsed = time.monotonic() - started
    counts = tally(results)
    print(f"fuzz: {len(results)} cases (seed {args.seed}) in {elapsed:.0f} s, "
          f"median {statistics.median(r.seconds for r in results):.2f} s a case, "
          f"slowest {max(r.seconds for r in results):.1f} s")
    print("  by outcome: " + ", ".join(f"{o} {counts[o]}" for o in OUTCOMES if counts[o]))
    print("  by game (ok / located / file-only / traceback / hang / other):")
    for game, row in sorted(by_game(results).items()):
        print(f"    {game:16} " + " / ".join(str(row[k]) for k in GAME_COLUMNS))
    by_target: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for result in results:
        by_target[f"{result.game}/{result.target}"][result.outcome] += 1
    for target, outcomes in sorted(by_target.items()):
        print(f"  {target:32} " + ", ".join(f"{o} {n}" for o, n in sorted(outcomes.items())))
    kinds = collections.Counter(r.mutation.split(" ")[0] for r in results)
    print("  damage: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    for result in results:
        if result.outcome in BAD:
            print(f"  #{result.case} {result.game}/{result.target} {result.mutation}: {result.outcome} "
                  f"(exit {result.exit}, {result.seconds:.1f} s) {result.detail}")
    if args.smoke:   # the bench works; what two cases found is the fuzz suite's business, not a rotted bench
        return 0
    return 1 if any(counts[o] for o in BAD) else 0


if __name__ == "__main__":
    sys.exit(main())
