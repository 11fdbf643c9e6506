"""A seeded, bounded fuzz run over every game's data files and positions (issue 14).

Every case must end in exit 0 with a sane kit, or exit 1/2 with a located message; no
traceback, no hang past the limit, no stray processes, and a failed build leaves the
previous kit untouched. The harness is fuzz_harness.py; bench/bench_fuzz.py runs longer.
"""

from __future__ import annotations

import json
import subprocess
import sys

from fault_helpers import HARNESS, ROOT

CASES = 120  # bench/bench_fuzz.py runs longer; this many break every kind of file of every game
SEED = 14
TIME_LIMIT = 60  # per case; bounded cases take about a second at most


def test_fuzzed_data_never_crashes_hangs_or_loses_the_kit(fault_cache) -> None:
    done = subprocess.run([sys.executable, str(HARNESS), "--cases", str(CASES), "--seed", str(SEED),
                           "--timeout", str(TIME_LIMIT), "--cross-check-every", "4", "--json",
                           "--cache", str(fault_cache)],
                          capture_output=True, text=True, cwd=ROOT, timeout=CASES * TIME_LIMIT)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    results, summary = lines[:-1], lines[-1]
    bad = [r for r in results if r["outcome"] not in ("ok", "refused")]
    shown = "\n".join(f"#{r['case']} {r['game']}/{r['target']} {r['mutation']}: {r['outcome']} (exit {r['exit']}) "
                      f"{r['detail']}" for r in bad[:10])
    assert summary["cases"] == CASES, done.stderr[-3000:]
    assert not bad, f"{len(bad)} of {CASES} cases went wrong:\n{shown}"
    assert summary["outcomes"]["ok"] > 0 and summary["outcomes"]["refused"] > 0, summary
    # every file kind of every game was broken somehow
    assert {r["target"] for r in results} >= {"game.yaml", "rules.md"}, sorted({r["target"] for r in results})
