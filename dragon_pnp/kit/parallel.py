"""Render jobs through the cache and on both cores, keeping cairo out of the main process.

cairosvg is pure Python per element, so the work goes to processes, not threads. A plain
`build` forks the workers first thing (`start_render_workers_early`, from the command line's fast
lane), else the kit step does: they load cairo while the main process starts up and plans the
kit, and stay up for the rest of the build (the print-and-play cover renders there too). They
run at a lower priority (WORKER_NICENESS): the build is CPU-bound on two cores, and the main
process and the rulebook child are its longest chains, so the workers fill what those leave.
Jobs already in the render cache are never sent; when nothing misses, nothing is rendered.

Work is a queue of tasks that free workers take in order: documents that place the same
faces (tiles and the board poster) form one task, the costliest first, and card PNGs come
last in small batches that even out the finish. A worker keeps the faces it walked for the
rest of the build, so a PNG of a face it drew for a sheet costs only the raster. Where fork
is not available, or DRAGON_PNP_WORKERS=1, tasks run one after another in this process (more
than two workers never help: the main process and the rulebook child need the rest). A
job's bytes never depend on which process drew them. Workers die with the process that
forked them, however it ends: a killed build leaves no workers behind.
"""

from __future__ import annotations

import atexit
import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_pnp.heap import frozen_for_fork
from dragon_pnp.kit.render_cache import RenderCache, folders_digest, settings_digest
from dragon_pnp.kit.render_jobs import DocumentJob, ImageJob
from dragon_pnp.orphans import die_with_parent
from dragon_pnp.workers import WorkerPool, can_fork
from dragon_pnp.workers import worker_count as pool_size

_workers: WorkerPool | None = None
_started_early = False   # forked by start_render_workers_early (tests check the path a build took)
WORKER_NICENESS = 10  # below the main process and the rulebook child: the build's longest chains run first


MAX_RENDER_WORKERS = 2


def worker_count() -> int:
    return pool_size(cap=MAX_RENDER_WORKERS)


def start_render_workers() -> None:
    """Fork the render workers now (once per process) and have them load cairo in the background.

    The pool's own thread starts with its first job, not here: until then this process has no
    thread but its own, so it may still fork safely (the rulebook's early child).
    """
    global _workers
    if _workers is not None or worker_count() < 2 or not can_fork():
        return
    with frozen_for_fork():
        _workers = WorkerPool(worker_count(), initializer=_start_worker, initargs=(os.getpid(),))
    atexit.register(stop_render_workers)


def start_render_workers_early(root: Path, paper: str | None, duplex: bool) -> None:
    """At the very start of a build, before the command's imports and the data: fork the
    workers unless the render cache already holds this kit, so they load cairo on the core
    the main process leaves idle while it starts up. `paper` None: the game's default, either."""
    from dragon_pnp.resources import templates_dir

    cache = RenderCache.from_environment()
    if cache.folder is not None:
        files = folders_digest(root, templates_dir())
        papers = [paper.lower()] if paper else ["letter", "a4"]
        if any(cache.seen(settings_digest(files, f"{choice}|{duplex}")) for choice in papers):
            return
    global _started_early
    _started_early = _workers is None
    start_render_workers()
    _started_early = _started_early and _workers is not None


def _start_worker(parent: int) -> None:
    """A render worker's first act: tie its life to the build's process, then load cairo."""
    from dragon_pnp.kit.render import warm_up

    die_with_parent(parent)
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        pass
    warm_up()


class _TaskQueue:
    """Hands tasks to the pool one per free worker, documents before PNG batches.

    A document submitted late (the print-and-play cover) thus goes ahead of PNGs still
    waiting, instead of behind them: PNGs are the filler, never the reason a build waits.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waiting: list[tuple[int, int, Task, str, Future[Any]]] = []
        self.running = 0
        self.count = 0

    def put(self, task: Task, build: str) -> Future[Any]:
        result: Future[Any] = Future()
        with self.lock:
            self.count += 1
            self.waiting.append((0 if task.documents else 1, self.count, task, build, result))
            self.waiting.sort(key=lambda item: item[:2])
        self._feed()
        return result

    def _feed(self) -> None:
        from dragon_pnp.kit import render

        with self.lock:
            if _workers is None or not self.waiting or self.running >= worker_count():
                return
            _, _, task, build, result = self.waiting.pop(0)
            self.running += 1
        try:
            running = _workers.submit(render.run_task, task.documents, task.pngs, build)
        except Exception as error:  # a broken pool: every waiting task fails with its reason
            with self.lock:
                self.running -= 1
                failed = [result] + [item[4] for item in self.waiting]
                self.waiting.clear()
            for future in failed:
                future.set_exception(error)
            return
        running.add_done_callback(lambda done: self._finished(done, result))

    def _finished(self, done: Future[Any], result: Future[Any]) -> None:
        with self.lock:
            self.running -= 1
        error = done.exception()
        if error is not None:
            result.set_exception(error)
        else:
            result.set_result(done.result())
        self._feed()


_queue = _TaskQueue()


def stop_render_workers() -> None:
    global _workers, _queue
    _queue = _TaskQueue()
    if _workers is not None:
        _workers.shutdown()
        _workers = None


PNG_BATCH = 3  # card PNGs per task: small tasks fill whichever worker frees up first


@dataclass
class Task:
    """One unit of work for a worker: documents that place the same faces, or a few PNGs."""

    documents: list[DocumentJob] = field(default_factory=list)
    pngs: Sequence[ImageJob] = field(default_factory=list)


def tasks_in_order(documents: list[DocumentJob], pngs: Sequence[ImageJob]) -> list[Task]:
    """Tasks in the order workers should take them: the costliest documents first, PNGs last.

    Documents that place the same faces go together, so a face is walked once. PNGs come in
    small batches at the end, to even out the workers' finishing times; a worker keeps the
    faces it walked for the whole build, so a PNG of a face it has drawn costs little.
    """
    groups = _groups_sharing_faces(documents)
    tasks = [Task(documents=group) for group, _ in sorted(groups, key=lambda g: -sum(g[1].values()))]
    tasks += [Task(pngs=pngs[i:i + PNG_BATCH]) for i in range(0, len(pngs), PNG_BATCH)]
    return tasks


def _groups_sharing_faces(documents: list[DocumentJob]) -> list[tuple[list[DocumentJob], dict[str, float]]]:
    groups: list[tuple[list[DocumentJob], dict[str, float]]] = []
    for document in documents:
        svgs = document.costs()
        sharing = [g for g in groups if set(svgs) & set(g[1])]
        merged_docs, merged_svgs = [document], dict(svgs)
        for group in sharing:
            groups.remove(group)
            merged_docs = group[0] + merged_docs
            merged_svgs.update(group[1])
        groups.append((merged_docs, merged_svgs))
    return groups


class PendingRender:
    """Jobs handed to the workers: the main process goes on (the rulebook, say) until `result`."""

    def __init__(self, documents: list[DocumentJob], pngs: Sequence[ImageJob], cache: RenderCache, build: str = ""):
        self.cache = cache
        self.documents = {job.name: cache.get(job.cache_key()) for job in documents}
        self.pngs = {job.name: cache.get(job.cache_key()) for job in pngs}
        self.missing_documents = [job for job in documents if self.documents[job.name] is None]
        self.missing_pngs = [job for job in pngs if self.pngs[job.name] is None]
        missing = self.missing_documents or self.missing_pngs
        self.futures = _submit(self.missing_documents, self.missing_pngs, build) if missing else []

    def result(self) -> tuple[dict[str, bytes], dict[str, bytes]]:
        """Every document's PDF and every PNG by name, waiting for the workers if need be."""
        for future in self.futures:
            documents_done, pngs_done = future.result()
            self.documents.update(documents_done)
            self.pngs.update(pngs_done)
        if self.futures:
            for job in self.missing_documents:
                self.cache.put(job.cache_key(), self.documents[job.name])  # type: ignore[arg-type]
            for image in self.missing_pngs:
                self.cache.put(image.cache_key(), self.pngs[image.name])  # type: ignore[arg-type]
            self.futures = []
        return self.documents, self.pngs  # type: ignore[return-value]


def submit_all(documents: list[DocumentJob], pngs: Sequence[ImageJob], cache: RenderCache | None = None,
               build: str = "") -> PendingRender:
    """Start rendering whatever the cache lacks; collect with `.result()`.

    Submissions with the same `build` share the faces the workers walked (a build's cards,
    then its board pieces and card PNGs); a new `build` lets the workers forget old walks.
    """
    return PendingRender(documents, pngs, cache if cache is not None else RenderCache.from_environment(), build)


def render_all(documents: list[DocumentJob], pngs: Sequence[ImageJob],
               cache: RenderCache | None = None) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Every document's PDF and every PNG by name, from the cache where present, else rendered."""
    return submit_all(documents, pngs, cache).result()


def _submit(documents: list[DocumentJob], pngs: Sequence[ImageJob], build: str) -> list[Future[Any]]:
    """Futures of the tasks, queued for the workers; without workers, rendered here and now."""
    from dragon_pnp.kit import render

    start_render_workers()
    tasks = tasks_in_order(documents, pngs)
    if _workers is not None:
        return [_queue.put(task, build) for task in tasks]
    done = []
    for task in tasks:
        future: Future[Any] = Future()
        future.set_result(render.run_task(task.documents, task.pngs, build))
        done.append(future)
    return done
