"""Every bench still runs: `run.py bench --smoke` runs each bench/bench_*.py once at tiny sizes
(bench/smoke.py: each in a fork of one process that imported the package once).

Resolving a bench's imports (test_bench_imports) does not catch a bench whose data moved or
whose wait never ends; running them does. Each bench has deadlines on its waits and run.py one
per script, so a broken bench fails this test instead of hanging it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.run_py import load_run_py

ROOT = Path(__file__).resolve().parents[2]


def test_every_bench_runs_in_smoke_mode(capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                        seed_kit, private_render_cache) -> None:
    # The benches that build Dragon Pants share the run's render cache (bench/benchkit.py,
    # smoke_cache), which the run's shared build of it fills once for every folder: each bench
    # rendered its pages again before, ~20 CPU s apiece (issue 30).
    seed_kit("dragon_pants")
    seed_kit("peer-deck", proof=False)   # the peer deck's pages too (bench_peer, bench_targets; tests/fault builds it)
    monkeypatch.setenv("DRAGON_PNP_SMOKE_CACHE", str(private_render_cache))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.chdir(ROOT)
    status = load_run_py().run_benches(["--smoke"], Path(sys.executable))
    output = capfd.readouterr()
    benches = sorted(p.name for p in (ROOT / "bench").glob("bench_*.py"))
    assert all(f"== {name}" in output.out for name in benches)
    assert status == 0, output.out[-4000:] + output.err[-4000:]
