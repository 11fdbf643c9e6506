"""Just enough PDF syntax to edit dictionaries as bytes: find a value's extent, read, set, renumber.

Object bodies stay bytes; nothing is decoded into a tree. A scanner walks one value at a time
(dictionaries and arrays nested, literal strings with escapes and nested parentheses, hex
strings, names, numbers, references, comments), which is all it takes to change a key of a
page dictionary or shift the object numbers a body refers to, without touching stream data.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

_TOKEN = re.compile(rb"[^\s()<>\[\]{}/%]+")
# A reference stands alone: not the tail of a name (/F12 0 R) nor followed by more regular bytes.
_REFERENCE = re.compile(rb"(?<![^\s()<>\[\]{}/%])(\d+)\s+(\d+)\s+R(?![^\s()<>\[\]{}/%])")
# Scanning a body for references. An array of plain numbers (a font's /Widths, a /MediaBox) is
# matched whole so the reference pattern is not tried at every number in it. The pattern opens
# with a character set and checks what precedes a number only after its first digit, which lets
# the regex engine skip quickly to candidates (about twice as fast as a leading lookbehind).
# (The reference branch must itself start on a digit, or `[5 0 R]` would match whole as an "array".)
_REFERENCE_SCAN = re.compile(rb"[\[0-9](?:(?<=\[)[0-9.\s+-]*\]"
                             rb"|(?<=[0-9])(?<![^\s()<>\[\]{}/%][0-9])[0-9]*+\s++[0-9]++\s++R(?![^\s()<>\[\]{}/%]))")
_NUMBER_REFERENCE = re.compile(rb"\d+\s+\d+\s+R(?![^\s()<>\[\]{}/%])")
_STRING_STOP = re.compile(rb"[()\\]")
# Outside strings only `(`, `%` and the stream keyword matter. Hex strings hold none of them, names
# no `(` or `%`; a name that merely contains "stream" is told apart by the bytes around it.
_VALUE_STOP = re.compile(rb"[(%]|stream")
_SPACE_PATTERN = rb"(?:[ \t\r\n\f\x00]+|%[^\r\n]*)*"
_SPACE = re.compile(_SPACE_PATTERN)
# A dictionary key and, when it is a name, number, keyword or reference, its value (group 2);
# a container or string value is left for value_end.
_ITEM = re.compile(rb"(/[^\s()<>\[\]{}/%]*)" + _SPACE_PATTERN
                   + rb"(\d+\s+\d+\s+R(?![^\s()<>\[\]{}/%])|/[^\s()<>\[\]{}/%]*|[^\s()<>\[\]{}/%]+)?" + _SPACE_PATTERN)
_STRUCTURE = re.compile(rb"<<|>>|[\[\]()%<]")


class UnsupportedPdf(ValueError):
    """A PDF written in a way this package does not follow (named in the message)."""


class PdfSyntaxError(UnsupportedPdf):
    """The bytes are not PDF syntax this module understands."""


def skip_space(data: bytes, at: int) -> int:
    """Index of the next token, past whitespace and comments."""
    found = _SPACE.match(data, at)
    assert found is not None   # the pattern matches the empty string
    return found.end()


def value_end(data: bytes, at: int) -> int:
    """Index just past the value that starts at `at` (which must be at its first byte)."""
    if data.startswith(b"<<", at) or data.startswith(b"[", at):
        return _container_end(data, at)
    head = data[at:at + 1]
    if head == b"(":
        return _string_end(data, at)
    if head == b"<":
        end = data.find(b">", at)
        if end < 0:
            raise PdfSyntaxError("unterminated hex string")
        return end + 1
    if head == b"/":
        token = _TOKEN.match(data, at + 1)
        return token.end() if token else at + 1
    reference = _NUMBER_REFERENCE.match(data, at)
    if reference:
        return reference.end()
    token = _TOKEN.match(data, at)
    if not token:
        raise PdfSyntaxError(f"unexpected byte {data[at:at + 1]!r} at {at}")
    return token.end()


def _container_end(data: bytes, at: int) -> int:
    """Index just past the dictionary or array opening at `at`.

    Hops between brackets, strings and comments only: numbers, names and references inside
    (a font's /Widths array, say) are passed over by the regex, not token by token.
    """
    depth = 0
    while True:
        stop = _STRUCTURE.search(data, at)
        if stop is None:
            raise PdfSyntaxError("unterminated dictionary or array")
        token = stop.group()
        at = stop.end()
        if token == b"<<" or token == b"[":
            depth += 1
        elif token == b">>" or token == b"]":
            depth -= 1
            if depth == 0:
                return at
        elif token == b"(":
            at = _string_end(data, stop.start())
        elif token == b"%":
            at = skip_space(data, stop.start())
        else:   # "<" opens a hex string
            at = data.find(b">", at) + 1
            if at == 0:
                raise PdfSyntaxError("unterminated hex string")


def _string_end(data: bytes, at: int) -> int:
    """Index just past the literal string opening at `at`, hopping from paren to paren."""
    depth = 0
    while True:
        stop = _STRING_STOP.search(data, at)
        if stop is None:
            raise PdfSyntaxError("unterminated string")
        at = stop.start()
        byte = data[at]
        if byte == 0x5C:    # backslash escapes the next byte
            at += 2
            continue
        depth += 1 if byte == 0x28 else -1
        at += 1
        if depth == 0:
            return at


def _string_spans(body: bytes) -> tuple[list[tuple[int, int]], int]:
    """Spans of the literal strings in an object's value, and where its `stream` keyword starts
    (len(body) if it has none).

    Only `(`, `%` and `stream` are looked at, so a long value costs a few searches rather than a
    walk over every token. Comments are stepped over so that a `(` or `stream` in one is not
    misread; their text is not protected (a reference rewritten inside a comment is harmless).
    """
    keyword = body.find(b"stream")
    stop_at = len(body) if keyword < 0 else keyword
    if body.find(b"(", 0, stop_at) < 0:
        line_start = max(body.rfind(b"\n", 0, stop_at), body.rfind(b"\r", 0, stop_at)) + 1
        if keyword < 0 or (body.find(b"%", line_start, keyword) < 0 and _is_stream_keyword(body, keyword)):
            return [], stop_at   # the common case: no strings, and the first `stream` is the keyword
    spans: list[tuple[int, int]] = []
    at = 0
    while True:
        stop = _VALUE_STOP.search(body, at)
        if stop is None:
            return spans, len(body)
        start = stop.start()
        byte = body[start]
        if byte == 0x28:
            at = _string_end(body, start)
            spans.append((start, at))
        elif byte == 0x25:
            at = skip_space(body, start)
        elif _is_stream_keyword(body, start):
            return spans, start
        else:
            at = start + 1


def _is_stream_keyword(body: bytes, at: int) -> bool:
    """Whether the `stream` at `at` is the keyword: after whitespace or `>>`, before an end of line."""
    return (at == 0 or body[at - 1] in b" \t\r\n\f\x00>") and body[at + 6:at + 7] in (b"\r", b"\n")


def split_stream(body: bytes) -> tuple[bytes, bytes]:
    """An object body as (its value, the rest: b'' or the `stream ... endstream` part)."""
    _, stream_at = _string_spans(body)
    if stream_at == len(body) and body.endswith(b"endstream"):
        raise PdfSyntaxError("a stream without its stream keyword")
    return body[:stream_at], body[stream_at:]


def leading_value(data: bytes) -> bytes:
    """The first value in `data` (say, the trailer dictionary before `startxref`)."""
    start = skip_space(data, 0)
    return data[start:value_end(data, start)]


def dictionary_items(body: bytes) -> dict[bytes, tuple[int, int]]:
    """Top-level keys of the dictionary that opens `body` with the (start, end) of each value.

    Reading stops at the dictionary's `>>`, so a stream object's data is never looked at.
    """
    at = skip_space(body, 0)
    if not body.startswith(b"<<", at):
        raise PdfSyntaxError("not a dictionary")
    at = skip_space(body, at + 2)
    items = {}
    while not body.startswith(b">>", at):
        item = _ITEM.match(body, at)
        if item is None:
            raise PdfSyntaxError(f"expected a name key at {at}")
        if item.group(2) is not None:   # a name, number, keyword or reference: read in one match
            items[item.group(1)] = item.span(2)
            at = item.end()
            continue
        value_start = item.end()
        if value_start >= len(body):
            raise PdfSyntaxError("unterminated dictionary")
        value_stop = value_end(body, value_start)
        items[item.group(1)] = (value_start, value_stop)
        at = skip_space(body, value_stop)
    return items


def dictionary(body: bytes) -> dict[bytes, bytes]:
    """Every top-level key of a dictionary body with its raw value (read once, used many times)."""
    return {key: body[start:end] for key, (start, end) in dictionary_items(body).items()}


def get(body: bytes, key: bytes) -> bytes | None:
    """The raw value of a top-level key of a dictionary body, or None."""
    span = dictionary_items(body).get(key)
    return body[span[0]:span[1]] if span else None


def set_keys(body: bytes, values: Mapping[bytes, bytes | None]) -> bytes:
    """The body with top-level keys replaced, added (after `<<`) or removed (value None)."""
    items = dictionary_items(body)
    edits = []
    added = []
    for key, value in values.items():
        if key in items:
            start, end = items[key]
            key_start = body.rfind(key, 0, start)
            edits.append((key_start, end, b"" if value is None else key + b" " + value))
        elif value is not None:
            added.append(key + b" " + value)
    for start, end, text in sorted(edits, reverse=True):
        body = body[:start] + text + body[end:]
    if added:
        opening = body.index(b"<<") + 2
        body = body[:opening] + b" " + b" ".join(added) + body[opening:]
    return body


def without_repeated_keys(body: bytes) -> bytes:
    """The body with each dictionary (nested ones too) keeping only the last of a repeated key.

    cairo 1.16 lists a form XObject in a resource dictionary once per use (`/x6 9 0 R /x6 9 0 R`);
    readers take the last value, and qpdf --check warns. Stream data is not touched, and a body
    with no repeated key comes back unchanged.
    """
    value, rest = split_stream(body)
    names = _NAME.findall(value)
    if len(names) == len(set(names)):
        return body
    start = skip_space(value, 0)
    if not value.startswith((b"<<", b"["), start):
        return body
    end = value_end(value, start)
    rewritten = _rewrite_container(value[start:end])
    return body if rewritten is None else value[:start] + rewritten + value[end:] + rest


_NAME = re.compile(rb"/[^\s()<>\[\]{}/%]*")


def _rewrite_container(data: bytes) -> bytes | None:
    """The dictionary or array written again without repeated keys (the last one wins, in its
    own place), or None when nothing in it repeats."""
    if data.startswith(b"["):
        values, changed = [], False
        at = skip_space(data, 1)
        while not data.startswith(b"]", at):
            end = value_end(data, at)
            inner = _rewrite_value(data[at:end])
            changed |= inner is not None
            values.append(data[at:end] if inner is None else inner)
            at = skip_space(data, end)
        return b"[ " + b" ".join(values) + b" ]" if changed else None
    found = _all_items(data)
    changed = len({key for key, _ in found}) != len(found)
    items: dict[bytes, bytes] = {}
    for key, (start, end) in found:
        inner = _rewrite_value(data[start:end])
        changed |= inner is not None
        items.pop(key, None)
        items[key] = data[start:end] if inner is None else inner
    return b"<< " + b" ".join(key + b" " + value for key, value in items.items()) + b" >>" if changed else None


def _rewrite_value(value: bytes) -> bytes | None:
    return _rewrite_container(value) if value.startswith((b"<<", b"[")) else None


def _all_items(body: bytes) -> list[tuple[bytes, tuple[int, int]]]:
    """Every key of the dictionary at the start of `body`, repeats included, with its value's span."""
    at = skip_space(body, 2)
    items = []
    while not body.startswith(b">>", at):
        item = _ITEM.match(body, at)
        if item is None:
            raise PdfSyntaxError(f"expected a name key at {at}")
        if item.group(2) is not None:
            items.append((item.group(1), item.span(2)))
            at = item.end()
            continue
        value_stop = value_end(body, item.end())
        items.append((item.group(1), (item.end(), value_stop)))
        at = skip_space(body, value_stop)
    return items


def reference(value: bytes | None) -> int | None:
    """The object number of an indirect reference value such as b'12 0 R'."""
    match = _REFERENCE.fullmatch(value.strip()) if value else None
    return int(match.group(1)) if match else None


def references(value: bytes) -> list[int]:
    """Object numbers referred to in a value (an array of references, say), strings skipped."""
    spans, stop = _string_spans(value)
    runs = []
    at = 0
    for start, end in spans:
        runs.append(value[at:start])
        at = end
    runs.append(value[at:stop])
    return [int(found.split(None, 1)[0]) for run in runs for found in _REFERENCE_SCAN.findall(run)
            if found[0] != 0x5B]


def renumber(body: bytes, mapping: dict[int, int]) -> bytes:
    """The body with every reference `N G R` renumbered, except inside literal strings and stream data.

    A reference to an object missing from `mapping` becomes `null`, which is what a reader makes
    of a reference to an object the file does not hold; it must not land on someone else's object.
    """
    spans, stream_at = _string_spans(body)

    def shift(match: re.Match[bytes]) -> bytes:
        found = match.group()
        if found[0] == 0x5B:    # "[": an array of numbers, as it was
            return found
        target = mapping.get(int(found.split(None, 1)[0]))
        return b"null" if target is None else b"%d 0 R" % target

    if not spans:
        return _REFERENCE_SCAN.sub(shift, body[:stream_at]) + body[stream_at:]
    pieces = []
    at = 0
    for start, end in spans:
        pieces += [_REFERENCE_SCAN.sub(shift, body[at:start]), body[start:end]]
        at = end
    pieces += [_REFERENCE_SCAN.sub(shift, body[at:stream_at]), body[stream_at:]]
    return b"".join(pieces)


def text_string(text: str) -> bytes:
    """A PDF text string: literal if printable ASCII (parens and backslashes escaped), else UTF-16BE
    hex with a byte-order mark (PDFDocEncoding differs from ASCII below 0x20 and at 0x7F)."""
    if all(" " <= character <= "~" or character in "\t\n\r" for character in text):
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("\r", "\\r").replace("\n", "\\n")
        return b"(" + escaped.encode("ascii") + b")"
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def number(value: float) -> bytes:
    """A number written short and stable: 4 decimals at most, no trailing zeros, no -0."""
    if not math.isfinite(value):
        raise ValueError(f"{value} cannot be written as a PDF number")
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return b"0" if text in ("-0", "") else text.encode("ascii")
