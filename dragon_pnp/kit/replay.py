"""A face's walk kept as the cairo calls it made, so a fresh recording of it costs no second walk.

A composite's faces (the board poster's tiles) are recorded afresh for every use (see
`render._place`): cairo 1.16 mishandles one recording painted through several nested clips.
Walking the same SVG again with cairosvg is pure-Python work whose only product is a sequence
of cairo calls, the same each time. `Script` keeps that sequence from the first walk and plays
it onto a new recording surface: cairo receives the very same calls, so each use is its own
recording and the PDF's bytes are those of a fresh walk.

Only calls whose arguments are plain values (numbers, strings, tuples of them, a transform
matrix or font options, copied when set) can be played again. A walk that hands cairo an object of its own
making (a gradient, a pattern, an image) is not kept: such a face is walked afresh each time.
"""

from __future__ import annotations

from typing import Any

_PLAIN = (int, float, str, bytes, bool, type(None))


class Recorder:
    """Stands in for a cairo Context during one walk: passes every call on and notes it."""

    def __init__(self, context: Any, cairo: Any) -> None:
        self._context = context
        # cairo copies these into the context's state when set: a copy taken now is what it got
        self._copies: dict[type, Any] = {cairo.Matrix: lambda matrix: cairo.Matrix(*matrix.as_tuple()),
                                         cairo.FontOptions: lambda options: options.copy()}
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.replayable = True

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._context, name)
        if not callable(found):
            return found

        def noted(*args: Any, **kwargs: Any) -> Any:
            if self.replayable:
                kept = (self._kept(args), {key: self._kept(value) for key, value in kwargs.items()})
                if self.replayable:
                    self.calls.append((name, kept[0], kept[1]))
            return found(*args, **kwargs)

        return noted

    def _kept(self, value: Any) -> Any:
        """The value as it is now (a matrix or font options copied: the walk may change them
        later), or mark the walk as not replayable when it is an object cairo would share
        between recordings."""
        if isinstance(value, _PLAIN):
            return value
        if isinstance(value, (tuple, list)):
            return type(value)(self._kept(item) for item in value)
        copy = self._copies.get(type(value))
        if copy is not None:
            return copy(value)
        self.replayable = False
        return None


class Script:
    """The cairo calls of one walk, and the recording surface's size they were made for."""

    def __init__(self, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]], extents: tuple[float, ...]) -> None:
        self.calls = calls
        self.extents = extents

    def play(self, cairo: Any) -> Any:
        """A new recording surface holding what the walk drew, made by the walk's own calls."""
        surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, self.extents)
        context = cairo.Context(surface)
        for name, args, kwargs in self.calls:
            getattr(context, name)(*args, **kwargs)
        return surface
