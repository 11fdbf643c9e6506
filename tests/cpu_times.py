"""CPU seconds per test, for finding where the suite's time goes on a loaded machine.

Wall times mean little when other work shares the cores, so `--cpu-times FILE` records, for each
test, the CPU its process spent (user + system) and the CPU of every child it waited for (a
`dragon-pnp build` in a subprocess, render workers), over setup, call and teardown. A
session-scoped fixture is thereby charged to the first test that uses it. Each line is appended
when its test ends (tab-separated: node id, own CPU, children's CPU, wall), so a run stopped
part-way still says what it measured; xdist workers append to the same file. The render
workers that in-process builds fork live across tests: their CPU is one line at the end.

`python tests/cpu_times.py FILE...` sums the lines by folder and by file, and projects the wall
time of `pytest -n 2` on two otherwise idle cores (total CPU / 2).
"""

from __future__ import annotations

import collections
import resource
import sys
import time
from collections.abc import Generator
from pathlib import Path

import pytest

RENDER_WORKERS = "(render workers of in-process builds)"


def _cpu() -> tuple[float, float]:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


class CpuTimes:
    """The plugin: one appended line per test."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.last = _cpu()

    def _write(self, node: str, own: float, children: float, wall: float) -> None:
        with self.out.open("a", encoding="utf-8") as file:
            file.write(f"{node}\t{own:.3f}\t{children:.3f}\t{wall:.2f}\n")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
        own, children, started = *_cpu(), time.monotonic()
        yield
        self.last = own_after, children_after = _cpu()
        self._write(item.nodeid, own_after - own, children_after - children, time.monotonic() - started)

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        """The in-process render workers live across tests and are reaped only when they stop:
        stop them now, so their CPU is counted (as its own line) instead of lost."""
        from dragon_pnp.kit.parallel import stop_render_workers

        stop_render_workers()
        own, children = _cpu()
        if not hasattr(config, "workerinput") and getattr(config.option, "numprocesses", None):
            # The xdist controller: its children are the workers, whose CPU their own lines count.
            children = self.last[1]
        self._write(f"{RENDER_WORKERS}::reaped at the end", own - self.last[0], children - self.last[1], 0.0)


def summarise(files: list[Path]) -> str:
    """CPU seconds by folder and the twenty most expensive files, with the projected wall on 2 cores."""
    by_folder: dict[str, float] = collections.defaultdict(float)
    by_file: dict[str, float] = collections.defaultdict(float)
    tests = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            node, own, children, _ = line.rsplit("\t", 3)
            cpu = float(own) + float(children)
            name = node.split("::", 1)[0]
            by_file[name] += cpu
            by_folder[name if name == RENDER_WORKERS else str(Path(name).parent)] += cpu
            tests += 1
    total = sum(by_folder.values())
    rows = [f"{folder:32} {cpu:8.1f} s" for folder, cpu in sorted(by_folder.items(), key=lambda row: -row[1])]
    rows += ["", "most expensive files:"]
    rows += [f"{name:60} {cpu:8.1f} s" for name, cpu in sorted(by_file.items(), key=lambda row: -row[1])[:20]]
    rows += ["", f"{tests} tests, {total:.1f} CPU s; on 2 idle cores at least {total / 2 / 60:.1f} min"]
    return "\n".join(rows)


if __name__ == "__main__":
    print(summarise([Path(name) for name in sys.argv[1:]]))
