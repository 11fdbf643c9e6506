"""Worker processes: the one small pool every part of dragon-pnp forks its workers through.

A pool forks all its workers when it is made, while this process may still have no thread but
its own (forking beside a running thread is unsafe, and the build forks its rulebook child after
its render workers). Each worker runs one job at a time, sent over its own pipe; a job goes to an
idle worker or waits its turn in order. The thread that collects results starts with the first
job. How many workers: `worker_count()`, from `DRAGON_PNP_WORKERS`, else the cores this process
may use. Public Python APIs only (multiprocessing's fork context, its pipes and `wait`), so no
private pool internals to keep in step with CPython.
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from multiprocessing.connection import Connection, wait
from typing import Any, cast

WORKERS_VARIABLE = "DRAGON_PNP_WORKERS"


class WorkerDied(RuntimeError):
    """A worker ended while it held a job (killed, out of memory, or it called exit)."""


class RemoteTraceback(Exception):
    """The traceback of an exception raised inside a worker, kept as the re-raised error's cause."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(cap: int | None = None) -> int:
    """How many workers a pool should have: `DRAGON_PNP_WORKERS` if set, else the usable cores;
    at most `cap` (None: no cap), at least 1. A bad value is a located error, not a guess."""
    from dragon_pnp.errors import NotationError

    given = os.environ.get(WORKERS_VARIABLE, "").strip()
    if given:
        if not given.isdigit() or int(given) < 1:
            raise NotationError(f"{WORKERS_VARIABLE}={given}: expected a whole number of workers, 1 or more")
        count = int(given)
    else:
        count = usable_cores()
    return max(1, min(count, cap) if cap is not None else count)


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


class WorkerPool:
    """`count` forked workers; `submit(fn, *args)` runs `fn(*args)` in one and returns a Future.

    `initializer(*initargs)` runs first thing in each worker (tie its life to this process, load
    a library). `fn` and its arguments must pickle (top-level functions); so must its result.
    """

    def __init__(self, count: int, initializer: Callable[..., None] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        if count < 1:
            raise ValueError(f"a pool needs at least one worker, got {count}")
        context = multiprocessing.get_context("fork")
        # The temporary folder is found here, once, so the workers inherit it: the first call in a
        # process probes each candidate folder with a file of a random name, and a worker stopped
        # in that moment (a pool shut down after another worker's failure) left the file behind.
        tempfile.gettempdir()
        self._lock = threading.Lock()
        self._idle: deque[int] = deque()
        self._waiting: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = deque()
        self._busy: dict[int, Future[Any]] = {}
        self._connections: list[Connection] = []
        self._processes: list[Any] = []
        self._closed = False
        self._collector: threading.Thread | None = None
        self._wake_read, self._wake_write = os.pipe()
        for index in range(count):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, initializer, initargs), daemon=True,
                                      name=f"dragon-pnp-worker-{index}")
            process.start()
            theirs.close()
            self._connections.append(ours)
            self._processes.append(process)
            self._idle.append(index)

    @property
    def size(self) -> int:
        return len(self._processes)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("this worker pool was shut down")
            self._waiting.append((future, fn, args))
            failed = self._dispatch()
            if self._collector is None:
                self._collector = threading.Thread(target=self._collect, name="dragon-pnp-workers", daemon=True)
                self._collector.start()
        _fail(failed)
        os.write(self._wake_write, b"x")
        return future

    def shutdown(self) -> None:
        """Stop every worker now: jobs still waiting are cancelled, running ones end with an error."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            waiting = [future for future, _, _ in self._waiting]
            self._waiting.clear()
        for future in waiting:
            future.cancel()
        for process in self._processes:
            if process.is_alive():
                process.terminate()
        for process in self._processes:
            process.join(timeout=5)
        os.write(self._wake_write, b"x")
        if self._collector is not None and self._collector is not threading.current_thread():
            self._collector.join(timeout=5)
        for connection in self._connections:
            connection.close()
        for descriptor in (self._wake_read, self._wake_write):
            try:
                os.close(descriptor)
            except OSError:
                pass

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    def _dispatch(self) -> list[tuple[Future[Any], BaseException]]:
        """Send waiting jobs to idle workers (the lock held); what could not be sent, to fail."""
        failed: list[tuple[Future[Any], BaseException]] = []
        while self._idle and self._waiting:
            future, fn, args = self._waiting.popleft()
            if not future.set_running_or_notify_cancel():
                continue
            index = self._idle.popleft()
            try:
                self._connections[index].send((fn, args))
            except (OSError, ValueError) as error:   # a dead worker's pipe
                failed.append((future, WorkerDied(f"worker {index} could not take a job: {error}")))
                continue
            except Exception as error:   # the job itself would not pickle: the worker stays free
                self._idle.appendleft(index)
                failed.append((future, error))
                continue
            self._busy[index] = future
        if not self._idle and not self._busy and self._waiting and all(not p.is_alive() for p in self._processes):
            failed += [(future, WorkerDied("every worker has ended")) for future, _, _ in self._waiting]
            self._waiting.clear()
        return failed

    def _collect(self) -> None:
        """Hand each finished job's result to its Future and the freed worker the next job."""
        while True:
            with self._lock:
                if self._closed:
                    busy = list(self._busy.items())
                    self._busy.clear()
                    break
                watched = {self._connections[index].fileno(): index for index in self._busy}
            ready = wait([self._wake_read, *(self._connections[i] for i in watched.values())])
            finished: list[tuple[Future[Any], bool, Any]] = []
            with self._lock:
                for item in ready:
                    if isinstance(item, int):
                        os.read(self._wake_read, 4096)
                        continue
                    connection = cast(Connection, item)
                    index = watched[connection.fileno()]
                    future = self._busy.pop(index)
                    try:
                        ok, value = connection.recv()
                    except (EOFError, OSError):
                        process = self._processes[index]
                        process.join(timeout=1.0)   # reap it first, or its exit code still reads None
                        code = process.exitcode
                        finished.append((future, False, WorkerDied(f"a worker ended during its job (exit code {code})")))
                        continue
                    finished.append((future, ok, value))
                    self._idle.append(index)
                failed = self._dispatch()
            for future, ok, value in finished:
                if ok:
                    future.set_result(value)
                elif isinstance(value, BaseException):
                    future.set_exception(value)
                else:   # the worker's error and its traceback, kept as the error's cause
                    error, text = value
                    error.__cause__ = RemoteTraceback(text)
                    future.set_exception(error)
            _fail(failed)
        for _, future in busy:
            if not future.done():
                future.set_exception(WorkerDied("the pool was shut down during this job"))


def _fail(failed: Iterable[tuple[Future[Any], BaseException]]) -> None:
    for future, error in failed:
        future.set_exception(error)


def _serve(connection: Connection, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's life: its initializer, then jobs until its pipe closes."""
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            os._exit(0)
        fn, args = job
        try:
            reply: tuple[bool, Any] = (True, fn(*args))
        except BaseException as error:  # every failure goes back to the caller, with its traceback
            reply = (False, (_portable(error), "".join(traceback.format_exception(error))))
        try:
            connection.send(reply)
        except Exception as error:  # the result would not pickle
            connection.send((False, RuntimeError(f"a worker's result could not be sent back: {error}")))


def _portable(error: BaseException) -> BaseException:
    """The error itself if it travels (pickles and unpickles), else a RuntimeError saying what it was."""
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
