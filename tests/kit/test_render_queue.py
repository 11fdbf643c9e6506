"""The render queue: results in order, documents ahead of PNGs, and no hang when a worker dies."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dragon_pnp.data.loader import project_root
from dragon_pnp.kit import parallel
from dragon_pnp.kit.parallel import Task, _TaskQueue, tasks_in_order
from dragon_pnp.kit.render_jobs import DocumentJob, PngJob
from dragon_pnp.kit.sheet import Placement, SheetPage

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="{}" height="5"/></svg>'


def document(name: str, width: int) -> DocumentJob:
    page = SheetPage((30.0, 30.0), [Placement("square", 5.0, 5.0, 10.0, 10.0)])
    return DocumentJob(name, (page,), {"square": SQUARE.format(width)}, overlays=("",))


def test_documents_sharing_faces_go_together_costliest_first_and_pngs_last_in_batches():
    shared = document("a.pdf", 1)
    same_face = DocumentJob("b.pdf", shared.pages, shared.faces, overlays=("",))
    alone = document("c.pdf", 2)
    pngs = [PngJob(f"{n}.png", SQUARE.format(n), 300) for n in range(7)]
    tasks = tasks_in_order([shared, alone, same_face], pngs)
    assert [[d.name for d in t.documents] for t in tasks[:2]] == [["a.pdf", "b.pdf"], ["c.pdf"]]
    assert [len(t.pngs) for t in tasks[2:]] == [3, 3, 1]


def test_a_late_document_goes_ahead_of_waiting_pngs(monkeypatch):
    monkeypatch.setattr(parallel, "_workers", None)   # no workers: nothing leaves the queue, so its order shows
    queue = _TaskQueue()
    for n in range(3):
        queue.put(Task(pngs=[PngJob(f"{n}.png", "", 300)]), "build")
    queue.put(Task(documents=[document("cover", 1)]), "build")
    assert [item[2].documents[0].name if item[2].documents else item[2].pngs[0].name
            for item in queue.waiting] == ["cover", "0.png", "1.png", "2.png"]


DYING_WORKER = """
import os, signal
from dragon_pnp.kit import render
from dragon_pnp.kit.parallel import submit_all
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.kit.render_jobs import PngJob
square = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="{}" height="5"/></svg>'
run_task = render.run_task
def dying(documents, pngs, build=""):
    if pngs and pngs[0].name == "3.png":
        os.kill(os.getpid(), signal.SIGKILL)
    return run_task(documents, pngs, build)
render.run_task = dying
try:
    submit_all([], [PngJob(f"{n}.png", square.format(n + 1), 72) for n in range(12)], RenderCache(None)).result()
except Exception as error:
    print(type(error).__name__)
"""


def test_a_dead_worker_fails_the_build_instead_of_hanging():
    env = {**os.environ, "PYTHONPATH": str(project_root()), "DRAGON_PNP_WORKERS": "2"}
    out = subprocess.run([sys.executable, "-c", DYING_WORKER], env=env, cwd=project_root(),
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "WorkerDied"   # dragon_pnp.workers: the job of a killed worker fails


def _square(x: int) -> int:
    return x * x


def _raise(x: int) -> int:
    raise ValueError(f"bad input {x}")


def test_the_worker_pool_runs_jobs_and_returns_errors_with_their_traceback():
    """dragon_pnp.workers.WorkerPool: results in the caller's order, an error re-raised with the
    worker's traceback as its cause, and a job that cannot be sent fails alone."""
    from dragon_pnp.workers import RemoteTraceback, WorkerPool

    with WorkerPool(2) as pool:
        assert [future.result(timeout=30) for future in [pool.submit(_square, n) for n in range(9)]] == \
            [0, 1, 4, 9, 16, 25, 36, 49, 64]
        failed = pool.submit(_raise, 7)
        with pytest.raises(ValueError, match="bad input 7") as raised:
            failed.result(timeout=30)
        assert isinstance(raised.value.__cause__, RemoteTraceback) and "_raise" in str(raised.value.__cause__)
        unpicklable = pool.submit(lambda x: x, 1)
        with pytest.raises(Exception, match="pickle"):
            unpicklable.result(timeout=30)
        assert pool.submit(_square, 12).result(timeout=30) == 144


@pytest.mark.parametrize("value", ["0", "two", "-1"])
def test_a_bad_worker_count_is_a_located_error(monkeypatch, value):
    from dragon_pnp.errors import NotationError
    from dragon_pnp.workers import worker_count

    monkeypatch.setenv("DRAGON_PNP_WORKERS", value)
    with pytest.raises(NotationError, match=f"DRAGON_PNP_WORKERS={value}: expected a whole number"):
        worker_count()
