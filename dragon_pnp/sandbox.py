"""The one bounded Jinja2 sandbox for designers' templates: card and piece SVGs, and rules.md.

A game folder is someone else's work and its templates are code that runs at every build, so
they get the limits untrusted code needs, the same for every kind of template:

- Jinja's immutable sandbox: no Python internals, no changing the data they are given;
- files only from the folders they are given, by their path inside them, never through a link
  leading out, read with the data's bounded reader (`ConfinedLoader`);
- per render at most `MAX_STEPS` loop steps, range items and calls, `MAX_TEXT` characters or
  items built by one expression (`*`, `+`, `~`, `%`, `**`, a method or filter), whole-number
  arguments of at most `MAX_ARGUMENT` to methods and filters, `MAX_OUTPUT` characters written,
  `MAX_TEMPLATES` files loaded and `MAX_SECONDS` of wall time.

The time limit holds whatever one step costs (a filter over a megabyte of text in a loop): a
watchdog timer raises `TemplateDeadlineError` in the rendering thread at the deadline, at its next
Python instruction, so a render ends within a fraction of a second of its limit rather than at
the next step check.

Going past one is a `TemplateLimitError` saying which; callers turn it into an error located
at the template's line (components/templates.py for faces, rulebook/source.py for rules.md).
Every `{% for %}` is compiled to draw a step per item, so nested loops over a long string stop
at the step bound in well under a second instead of running for minutes.
"""

from __future__ import annotations

import contextvars
import ctypes
import functools
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from dragon_pnp.data.reading import decode_utf8, leaves_folder, read_bounded

SANDBOX_VERSION = 2   # part of the bytecode cache's folder name: compiled code depends on the generator
MAX_STEPS = 200_000   # loop steps, range items and calls in one render
MAX_TEXT = 1_000_000  # characters in a text, or items in a list, that one expression builds
MAX_OUTPUT = 4_000_000  # characters one render may write
MAX_SECONDS = 20.0    # wall time of one render
MAX_TEMPLATES = 64    # files one render may load (itself, includes, imports)
MAX_ARGUMENT = 10_000  # whole-number arguments to methods and filters (widths, counts, batch sizes)
MAX_POWER_BITS = 64 * 1024  # size of a number `**` may make
_FORMAT_WIDTH = re.compile(r"\{[^{}]*:[^{}]*\d{5,}[^{}]*\}|%[-#0 +]*(\*|\d{5,})|%[-#0 +]*\d*\.\d{5,}")


class TemplateLimitError(SecurityError):
    """A template went past one of the bounds of a render (steps, size, time, files)."""


class TemplateDeadlineError(TemplateLimitError):
    """The render passed MAX_SECONDS; raised inside the rendering thread by its watchdog (which can
    only name a class, so the message is the class's own)."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or f"rendering took more than {MAX_SECONDS:g} s; is a loop running away?")


class _Watchdog:
    """Interrupts a rendering thread at its deadline, whatever Python code it is running then.

    One daemon thread per process keeps every armed render's deadline and, when one passes,
    raises `TemplateDeadlineError` in that render's thread (`PyThreadState_SetAsyncExc`: at its
    next bytecode, no signal, so the studio's worker threads are covered as the main thread is).
    `disarm` withdraws an exception fired but not yet delivered, so none escapes the render it
    was meant for. A forked child starts with no watchdog thread and arms its own.
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._wake = threading.Condition()
        self._armed: dict[int, tuple[float, int]] = {}   # ticket -> (deadline, thread)
        self._fired: dict[int, int] = {}                 # ticket -> thread, exception not yet withdrawn
        self._tickets = 0
        self._thread: threading.Thread | None = None

    def arm(self, deadline: float) -> int:
        with self._wake:
            self._tickets += 1
            self._armed[self._tickets] = (deadline, threading.get_ident())
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="template-deadline", daemon=True)
                self._thread.start()
            self._wake.notify()
            return self._tickets

    def disarm(self, ticket: int) -> None:
        with self._wake:
            self._armed.pop(ticket, None)
            thread = self._fired.pop(ticket, None)
            if thread is not None:
                _set_async_exception(thread, None)

    def _watch(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                for ticket, (deadline, thread) in list(self._armed.items()):
                    if deadline <= now:
                        del self._armed[ticket]
                        self._fired[ticket] = thread
                        _set_async_exception(thread, TemplateDeadlineError)
                soonest = min((deadline for deadline, _ in self._armed.values()), default=None)
                self._wake.wait(None if soonest is None else max(soonest - now, 0.001))


_watchdog = _Watchdog()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_watchdog._reset)


def _set_async_exception(thread: int, kind: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(kind) if kind else None)


class _Budget:
    """What one render may still spend; every loop step and call draws from it."""

    def __init__(self) -> None:
        self.steps = MAX_STEPS
        self.loads = 0
        self.deadline = time.monotonic() + MAX_SECONDS

    def spend(self, steps: int = 1) -> None:
        self.steps -= steps
        if self.steps < 0:
            raise TemplateLimitError(f"more than {MAX_STEPS:,} loop steps and calls in one render; "
                                     "is a loop or macro running away?")
        if self.steps % 1024 < steps and time.monotonic() > self.deadline:
            raise TemplateDeadlineError()

    def load(self) -> None:
        self.loads += 1
        if self.loads > MAX_TEMPLATES:
            raise TemplateLimitError(f"more than {MAX_TEMPLATES} templates loaded; does a file include itself?")


_budget: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar("dragon_pnp_template_budget", default=None)


def _current() -> _Budget:
    """The budget of the render in progress; outside `render_bounded` (a template merely loaded,
    say) a fresh one for this one use, never kept, so nothing adds up across renders."""
    budget = _budget.get()
    return budget if budget is not None else _Budget()


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles every `{% for %}` to draw a step per item, and every `~` to a bounded join."""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        # Rewritten before any code is written, so the filter is among those the module loads.
        for loop in node.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, "_bounded_iter", [], [], None, None, lineno=loop.lineno)
        super().visit_Template(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.filters['_bounded_text'](")
        super().visit_Concat(node, frame)
        self.write(")")


class ConfinedLoader(jinja2.BaseLoader):
    """Loads templates by their path inside one folder, and nothing outside it (no `..`, no
    absolute path, no link leading out), read with the bounded reader."""

    def __init__(self, folder: Path):
        self.folder = Path(folder).resolve()

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        parts = PurePosixPath(template.replace("\\", "/")).parts
        if not parts or template.startswith(("/", "\\")) or ".." in parts or ":" in parts[0] or "\0" in template:
            raise jinja2.TemplateNotFound(template, f"{template!r}: only files inside {self.folder} can be used")
        path = self.folder.joinpath(*parts)
        if not os.path.lexists(path):
            raise jinja2.TemplateNotFound(template, f"{template!r}: no such file in {self.folder}")
        if leaves_folder(path, self.folder):
            raise jinja2.TemplateNotFound(template, f"{template!r} leads outside {self.folder}")
        if not path.is_file():
            raise jinja2.TemplateNotFound(template, f"{template!r}: not a file in {self.folder}")
        _current().load()
        source = decode_utf8(read_bounded(path), path)
        mtime = _mtime(path)
        return source, str(path), lambda: _mtime(path) == mtime


def _mtime(path: Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The sandbox with bounds on work, sizes and files. Render only through `render_bounded`."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.filters = {name: _bounded_filter(function) for name, function in self.filters.items()}
        self.filters["_bounded_iter"] = _bounded_iter
        self.filters["_bounded_text"] = _checked_size
        for unbounded in ("lipsum", "cycler", "joiner"):
            self.globals.pop(unbounded, None)
        self.globals["range"] = bounded_range

    def add_filters(self, filters: dict[str, Callable[..., Any]]) -> None:
        """Further filters, bounded like Jinja's own."""
        self.filters.update({name: _bounded_filter(function) for name, function in filters.items()})

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _current().spend()
        method = getattr(__obj, "__wrapped__", __obj)
        if isinstance(getattr(method, "__self__", None), (str, list, tuple, dict)):
            _check_arguments(args, kwargs)
        return _checked_size(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`text.format(...)` with no huge widths, in the text or passed as arguments."""
        formatter = super().wrap_str_format(value)
        if formatter is None:
            return None
        _check_format(value.__self__)

        def bounded(*args: Any, **kwargs: Any) -> str:
            _check_arguments(args, kwargs)
            text: str = _checked_size(formatter(*args, **kwargs))
            return text

        return bounded

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            _check_repeat(left, right)
        elif operator == "**":
            _check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            _check_format(left)
        return _checked_size(super().call_binop(context, operator, left, right))

    def render_bounded(self, template: jinja2.Template | str, context: dict[str, Any]) -> str:
        """The template's text (a Template, or a name to load), within every bound of one render."""
        budget = _Budget()
        token = _budget.set(budget)
        try:
            ticket = _watchdog.arm(budget.deadline)
            try:
                if isinstance(template, str):
                    template = self.get_template(template)
                chunks = template.generate(context)
                try:
                    written, pieces = 0, []
                    for piece in chunks:
                        written += len(piece)
                        if written > MAX_OUTPUT:
                            raise TemplateLimitError(f"the rendered text passed {MAX_OUTPUT:,} characters"
                                                     f"{writing_at(chunks)}")
                        pieces.append(piece)
                    return "".join(pieces)
                finally:
                    _close_deeply(chunks)
            finally:
                _watchdog.disarm(ticket)
        finally:
            _budget.reset(token)


def _close_deeply(chunks: Any) -> None:
    """Close a render's generator now, with room for its nesting: a template that includes itself
    stops at a bound hundreds of generators deep, and left to the garbage collector their closing
    would overflow the stack and print "Exception ignored ... RecursionError" on the console."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        chunks.close()
    except BaseException:
        pass
    finally:
        sys.setrecursionlimit(limit)


def bounded_range(*args: int) -> Iterator[int]:
    numbers = range(*args)
    if len(numbers) > MAX_STEPS:
        raise TemplateLimitError(f"range of {len(numbers):,} numbers; at most {MAX_STEPS:,} in one render")
    return _bounded_iter(numbers)


def _bounded_iter(items: Iterable[Any]) -> Iterator[Any]:
    budget = _current()
    for item in items:
        budget.spend()
        yield item


def _bounded_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that refuses huge whole-number arguments and results larger than MAX_TEXT."""

    value_at = 1 if getattr(function, "jinja_pass_arg", None) is None else 2  # after a context argument

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _current().spend()
        _check_arguments(args[value_at:], kwargs)
        if args[value_at - 1:value_at] and isinstance(args[value_at - 1], str) and function.__name__ == "do_format":
            _check_format(args[value_at - 1])
        return _checked_size(function(*args, **kwargs))

    return bounded


def _check_arguments(args: Iterable[Any], kwargs: dict[str, Any]) -> None:
    for value in list(args) + list(kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
            raise TemplateLimitError(f"argument {value:,} is too large (at most {MAX_ARGUMENT:,})")


def _checked_size(value: Any) -> Any:
    if isinstance(value, (str, list, tuple, dict, set)) and len(value) > MAX_TEXT:
        raise TemplateLimitError(f"an expression built {len(value):,} characters or items; at most {MAX_TEXT:,}")
    return value


def _check_repeat(left: Any, right: Any) -> None:
    for sequence, count in ((left, right), (right, left)):
        if isinstance(sequence, (str, list, tuple)) and isinstance(count, int) and len(sequence) * max(count, 0) > MAX_TEXT:
            raise TemplateLimitError(f"repeating {len(sequence):,} items {count:,} times; at most {MAX_TEXT:,}")


def _check_power(base: Any, exponent: Any) -> None:
    if (isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1
            and abs(base).bit_length() * exponent > MAX_POWER_BITS):
        raise TemplateLimitError(f"{base} ** {exponent} is too large a number")


def _check_format(text: str) -> None:
    if _FORMAT_WIDTH.search(text):
        raise TemplateLimitError(f"format {text[:40]!r} asks for a huge or variable width")


def writing_at(generator: Any) -> str:
    """' (at file:line)': where a template's output generator stands now (Jinja maps its lines)."""
    while getattr(generator, "gi_yieldfrom", None) is not None:
        generator = generator.gi_yieldfrom
    frame = getattr(generator, "gi_frame", None)
    template = frame.f_globals.get("__jinja_template__") if frame is not None else None
    if frame is None or template is None or not template.filename:
        return ""
    return f" (at {shown_path(template.filename)}:{template.get_corresponding_lineno(frame.f_lineno)})"


def shown_path(file: str | Path) -> str:
    """Paths as the user would type them: relative to the working folder when inside it."""
    try:
        return str(Path(os.path.abspath(file)).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(file)


def template_failure(exc: BaseException) -> str:
    """What went wrong in a template, in the words a designer needs."""
    from dragon_pnp.errors import DataError

    if isinstance(exc, TemplateLimitError):
        return str(exc)
    if isinstance(exc, jinja2.TemplateNotFound):
        return f"cannot include {exc.message or exc.name}"
    if isinstance(exc, RecursionError):
        return "templates call or include themselves without end"
    if isinstance(exc, MemoryError):
        return "the template ran out of memory"
    if isinstance(exc, DataError):
        return f"{exc.location}: {exc.message}"
    if isinstance(exc, jinja2.UndefinedError):
        return f"{exc}; check the name against the game data"
    if isinstance(exc, SecurityError):
        return f"not allowed in a template: {exc}"
    return f"{type(exc).__name__}: {exc}"
