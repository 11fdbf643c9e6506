"""A Jinja2 environment for designers' templates (rules.md): sandboxed, bounded and confined.

A designer's template is code that runs at every build, so it gets the limits untrusted
code needs. It runs in Jinja's sandbox (no reaching into Python internals); it may include
only files inside its game folder; and one render may take at most so many loop steps and
calls, build no text or list longer than a bound, write no more than a bound, and run no
longer than a deadline. Going past any limit is a `TemplateLimitError` saying which, so a
runaway loop is an error at its line instead of a build that hangs or eats the memory.
"""

from __future__ import annotations

import functools
import re
import time
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable, Iterator

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import SandboxedEnvironment

from generator.data.reading import decode_utf8, read_bounded
from generator.errors import DataError

MAX_STEPS = 200_000  # loop iterations, range items and calls in one render
MAX_TEXT = 1_000_000  # characters in a text, or items in a list, that an expression builds
MAX_OUTPUT = 4_000_000  # characters one render may write
MAX_SECONDS = 20.0  # wall time of one render
MAX_TEMPLATES = 64  # files one render may load (itself, includes, imports)
MAX_ARGUMENT = 10_000  # whole-number arguments to filters (widths, counts, batch sizes)
MAX_POWER_BITS = 64 * 1024  # size of a number ** may make
_FORMAT_WIDTH = re.compile(r"\{[^{}]*:[^{}]*\d{5,}[^{}]*\}|%[-#0 +]*(\*|\d{5,})")


class TemplateLimitError(Exception):
    """A template went past one of the bounds of a render (steps, size, time, files)."""


class _Budget:
    """What one render may still spend; every loop step and call draws from it."""

    def __init__(self) -> None:
        self.steps = MAX_STEPS
        self.deadline = time.monotonic() + MAX_SECONDS

    def spend(self, steps: int = 1) -> None:
        self.steps -= steps
        if self.steps < 0:
            raise TemplateLimitError(f"more than {MAX_STEPS:,} loop steps and calls; is a loop or macro running away?")
        if self.steps % 1024 < steps and time.monotonic() > self.deadline:
            raise TemplateLimitError(f"rendering took more than {MAX_SECONDS:.0f} s; is a loop running away?")


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


class _GameFolderLoader(jinja2.BaseLoader):
    """Loads templates by their path inside one folder, and nothing outside it."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.loads = 0

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        parts = PurePosixPath(template.replace("\\", "/")).parts
        if not parts or template.startswith(("/", "\\")) or ".." in parts or ":" in parts[0]:
            raise jinja2.TemplateNotFound(template, f"{template!r}: only files inside the game folder can be included")
        path = self.root.joinpath(*parts)
        try:
            inside = path.resolve().is_relative_to(self.root)
        except (OSError, RuntimeError):
            inside = False
        if not inside:
            raise jinja2.TemplateNotFound(template, f"{template!r} leads outside the game folder")
        if not path.is_file():
            raise jinja2.TemplateNotFound(template, f"{template!r}: no such file in the game folder")
        self.loads += 1
        if self.loads > MAX_TEMPLATES:
            raise TemplateLimitError(f"more than {MAX_TEMPLATES} templates loaded; does a file include itself?")
        return decode_utf8(read_bounded(path), path), str(path), lambda: True


class RulesEnvironment(SandboxedEnvironment):
    """The sandbox with bounds on work, sizes and files; one environment per render."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, root: Path, **options: Any):
        super().__init__(loader=_GameFolderLoader(root), **options)
        self.budget = _Budget()
        self.filters = {name: _bounded_filter(function) for name, function in self.filters.items()}
        self.filters["_bounded_iter"] = self._bounded_iter
        self.filters["_bounded_text"] = _checked_size
        for unbounded in ("lipsum", "cycler", "joiner"):
            self.globals.pop(unbounded, None)
        self.globals["range"] = self._range

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        __self.budget.spend()
        return _checked_size(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`text.format(...)` with no huge widths, in the text or passed as arguments."""
        formatter = super().wrap_str_format(value)
        if formatter is None:
            return None
        _check_format(value.__self__)

        def bounded(*args: Any, **kwargs: Any) -> str:
            _check_arguments(args, kwargs)
            return _checked_size(formatter(*args, **kwargs))

        return bounded

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            _check_repeat(left, right)
        elif operator == "**":
            _check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            _check_format(left)
        return _checked_size(super().call_binop(context, operator, left, right))

    def _range(self, *args: int) -> Iterator[int]:
        numbers = range(*args)
        if len(numbers) > MAX_TEXT:
            raise TemplateLimitError(f"range of {len(numbers):,} numbers; at most {MAX_TEXT:,}")
        return self._bounded_iter(numbers)

    def _bounded_iter(self, items: Iterable[Any]) -> Iterator[Any]:
        for item in items:
            self.budget.spend()
            yield item

    def render_bounded(self, template: jinja2.Template, context: dict[str, Any]) -> str:
        """The template's text, stopping as soon as it grows past MAX_OUTPUT characters."""
        written, pieces = 0, []
        for piece in template.generate(context):
            written += len(piece)
            if written > MAX_OUTPUT:
                raise TemplateLimitError(f"the rendered text passed {MAX_OUTPUT:,} characters")
            pieces.append(piece)
        return "".join(pieces)


def _bounded_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that refuses huge whole-number arguments and results larger than MAX_TEXT."""

    value_at = 1 if getattr(function, "jinja_pass_arg", None) is None else 2  # after a context argument

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _check_arguments(args[value_at:], kwargs)
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
        if isinstance(sequence, (str, list, tuple)) and isinstance(count, int):
            if len(sequence) * max(count, 0) > MAX_TEXT:
                raise TemplateLimitError(f"repeating {len(sequence):,} items {count:,} times; at most {MAX_TEXT:,}")


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
        if abs(base).bit_length() * exponent > MAX_POWER_BITS:
            raise TemplateLimitError(f"{base} ** {exponent} is too large a number")


def _check_format(text: str) -> None:
    if _FORMAT_WIDTH.search(text):
        raise TemplateLimitError(f"format {text[:40]!r} asks for a huge or variable width")


def template_failure(exc: BaseException) -> str:
    """What went wrong in a template, in the words a designer needs."""
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
    if isinstance(exc, jinja2.exceptions.SecurityError):
        return f"not allowed in a template: {exc}"
    return f"{type(exc).__name__}: {exc}"
