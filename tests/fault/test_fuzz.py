"""A deterministic, bounded fuzz sample over every game's data files and positions (issue 14).

Every case must end in exit 0 with a sane kit, or exit 1/2 with a located message; no
traceback, no hang past the limit, no stray processes, and a failed build leaves the
previous kit untouched. The harness is fuzz_harness.py; its `--sample` breaks every game with
every kind of damage at least once (plan_sample). The seeded campaign of hundreds of cases,
which finds new failures rather than guarding old ones, is bench/bench_fuzz.py's (issue 30: the
120 seeded cases here cost 196 CPU s, and one in four repeated a kind of damage on a game
already broken that way).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fault_helpers import HARNESS, ROOT
from fuzz_harness import KINDS

TIME_LIMIT = 60  # per case; bounded cases take about a second at most
GAMES = {p.parent.name for p in [*(ROOT / "data").glob("*/game.yaml"), *(ROOT / "examples").glob("*/game.yaml")]}


# The games whose plain kit the run shares anyway (tests/conftest.py's `seed_kit`: the kit, fault,
# proof and games tests read them): the harness copies those as the unbroken kits a case must keep
# instead of building each game again (issue 30); the others (Lost Cities, a `new` game) it builds.
SHARED_KITS = ("dragon_pants", "dragon_dance", "dragon_line", "goofspiel", "peer-deck")


def test_fuzzed_data_never_crashes_hangs_or_loses_the_kit(fault_cache: Path, seed_kit, tmp_path: Path) -> None:
    kits = tmp_path / "kits"
    kits.mkdir()
    for name in SHARED_KITS:
        (kits / name).symlink_to(seed_kit(name), target_is_directory=True)
    # --no-proof: the proof step reads the finished kit (tests/proof); here it would add seconds
    # to every baseline and every accepted case, and no outcome depends on it.
    done = subprocess.run([sys.executable, str(HARNESS), "--sample", "--no-proof", "--timeout", str(TIME_LIMIT),
                           "--cross-check-every", "4", "--json", "--cache", str(fault_cache), "--kits", str(kits)],
                          capture_output=True, text=True, cwd=ROOT, timeout=100 * TIME_LIMIT)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stderr[-3000:]
    results, summary = lines[:-1], lines[-1]
    bad = [r for r in results if r["outcome"] not in ("ok", "refused")]
    shown = "\n".join(f"#{r['case']} {r['game']}/{r['target']} {r['mutation']}: {r['outcome']} (exit {r['exit']}) "
                      f"{r['detail']}" for r in bad[:10])
    assert summary["cases"] == len(results) >= len(KINDS), done.stderr[-3000:]
    assert not bad, f"{len(bad)} of {len(results)} cases went wrong:\n{shown}"
    assert summary["outcomes"]["ok"] > 0 and summary["outcomes"]["refused"] > 0, summary
    # every kind of damage (a hostile action sent to a position too), every game (a `new` one too),
    # every kind of file (YAML, CSV, Markdown, positions in YAML and JSON) was broken
    assert {r["mutation"].split(" ")[0] for r in results} == set(KINDS), sorted({r["mutation"] for r in results})
    assert {r["game"] for r in results} >= GAMES | {"new-game"}, sorted({r["game"] for r in results})
    targets = {r["target"] for r in results}
    assert targets >= {"game.yaml", "rules.md", "print.yaml", "<position>", "<position.json>"}, sorted(targets)
    assert {t.rsplit(".", 1)[-1] for t in targets} >= {"yaml", "csv", "md"}, sorted(targets)
    assert {r["command"] for r in results} == {"build", "play"}
