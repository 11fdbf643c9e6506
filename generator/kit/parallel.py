"""Render jobs through the cache and on both cores, keeping cairo out of the main process.

cairosvg is pure Python per element, so the work goes to processes, not threads. Importing
cairocffi is itself slow (cffi parses cairo's C header), so `start_render_workers` forks the
workers as early as the kit step begins: they import cairo while the main process plans the
kit, and they stay up for the rest of the build (the print-and-play cover renders there too).
Jobs already in the render cache are never sent; when nothing misses, nothing is rendered.

Where fork is not available, or DRAGON_PNP_WORKERS=1, jobs run one after another in this
process. Each job renders on its own, so the bytes never depend on which process drew them.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from generator.kit.render_cache import RenderCache, Rendered, RenderJob

_workers: ProcessPoolExecutor | None = None


def worker_count() -> int:
    return max(1, min(os.cpu_count() or 1, 2, int(os.environ.get("DRAGON_PNP_WORKERS", "2"))))


def start_render_workers() -> None:
    """Fork the render workers now (once per process) and have them load cairo in the background."""
    global _workers
    if _workers is not None or worker_count() < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return
    from generator.kit.render import warm_up

    _workers = ProcessPoolExecutor(max_workers=worker_count(), mp_context=multiprocessing.get_context("fork"),
                                   initializer=warm_up)
    _workers.submit(int)  # a fork-context pool starts every worker on its first job
    atexit.register(stop_render_workers)


def stop_render_workers() -> None:
    global _workers
    if _workers is not None:
        _workers.shutdown(wait=False, cancel_futures=True)
        _workers = None


def render_jobs(jobs: list[RenderJob], png_dpi: int | None, cache: RenderCache | None = None) -> list[Rendered]:
    """Each job's output, from the cache where present, else rendered (and then stored)."""
    cache = cache if cache is not None else RenderCache.from_environment()
    keys = [job.cache_key(png_dpi) for job in jobs]
    results: list[Rendered | None] = [cache.get(key) for key in keys]
    missing = [i for i, result in enumerate(results) if result is None]
    if missing:
        for i, rendered in zip(missing, _render(jobs, missing, png_dpi)):
            results[i] = rendered
            cache.put(keys[i], rendered)
    return results  # type: ignore[return-value]


def _render(jobs: list[RenderJob], numbers: list[int], png_dpi: int | None) -> list[Rendered]:
    """Render some jobs, split in two batches of about equal work when there are workers."""
    from generator.kit import render

    start_render_workers()
    if _workers is None or len(numbers) < 2:
        if _workers is not None:
            return _workers.submit(render.render_batch, [jobs[i] for i in numbers], png_dpi).result()
        return render.render_batch([jobs[i] for i in numbers], png_dpi)
    batches: list[list[int]] = [[] for _ in range(worker_count())]
    weights = [0] * len(batches)
    for i in sorted(numbers, key=lambda n: -jobs[n].weight):
        lighter = weights.index(min(weights))
        batches[lighter].append(i)
        weights[lighter] += jobs[i].weight
    futures = [_workers.submit(render.render_batch, [jobs[i] for i in batch], png_dpi) for batch in batches if batch]
    done = {i: result for batch, future in zip([b for b in batches if b], futures)
            for i, result in zip(batch, future.result())}
    return [done[i] for i in numbers]
