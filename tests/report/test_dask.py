"""`dragon-pnp check --scheduler ADDRESS` plays on that Dask cluster, end to end: a real scheduler
and worker processes (not threads), the same report as local workers give."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT
from tests.in_process import run_cli

SMALL = ("dragon_pants", "--games", "2", "--players", "2", "--preset", "standard", "--duel-games", "0",
         "--ladder-games", "0", "--search-games", "2", "--seed", "3")


def _check(out, *args: str, here: bool = False) -> tuple[str, dict]:
    """The check in a child, or through `main` in this process (`here`: a child only imported the
    package again, ~1 CPU s)."""
    argv = ["check", *SMALL, *args, "--out", str(out)]
    run = (run_cli(*argv, cwd=ROOT) if here else
           subprocess.run([sys.executable, "-m", "dragon_pnp", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=240))
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout, json.loads((out / "rules-check.json").read_text())


def test_a_scheduler_given_plays_on_its_cluster_and_gives_the_local_report(tmp_path):
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        said, remote = _check(tmp_path / "dask", "--scheduler", cluster.scheduler_address)
        # the batches went through this cluster's scheduler, not to the check's own processes
        assert cluster.scheduler.task_prefixes, "no task reached the scheduler"
    assert "on dask" in said
    _, local = _check(tmp_path / "local", "--jobs", "1", here=True)
    assert json.dumps(remote, sort_keys=True) == json.dumps(local, sort_keys=True)
