"""Just enough PDF syntax to edit dictionaries as bytes: find a value's extent, read, set, renumber.

Object bodies stay bytes; nothing is decoded into a tree. A scanner walks one value at a time
(dictionaries and arrays nested, literal strings with escapes and nested parentheses, hex
strings, names, numbers, references, comments), which is all it takes to change a key of a
page dictionary or shift the object numbers a body refers to, without touching stream data.
"""

from __future__ import annotations

import re

WHITESPACE = b" \t\r\n\f\x00"
DELIMITERS = b"()<>[]{}/%"
_TOKEN = re.compile(rb"[^\s()<>\[\]{}/%]+")
_REFERENCE = re.compile(rb"(\d+)\s+(\d+)\s+R(?![^\s()<>\[\]{}/%])")
_NUMBER_REFERENCE = re.compile(rb"\d+\s+\d+\s+R(?![^\s()<>\[\]{}/%])")


class PdfSyntaxError(ValueError):
    """The bytes are not PDF syntax this module understands."""


def skip_space(data: bytes, at: int) -> int:
    """Index of the next token, past whitespace and comments."""
    end = len(data)
    while at < end:
        byte = data[at]
        if byte in WHITESPACE:
            at += 1
        elif byte == 0x25:  # % comment, to the end of the line
            while at < end and data[at] not in b"\r\n":
                at += 1
        else:
            break
    return at


def value_end(data: bytes, at: int) -> int:
    """Index just past the value that starts at `at` (which must be at its first byte)."""
    if data.startswith(b"<<", at):
        at = skip_space(data, at + 2)
        while not data.startswith(b">>", at):
            if at >= len(data):
                raise PdfSyntaxError("unterminated dictionary")
            at = skip_space(data, value_end(data, at))
        return at + 2
    head = data[at:at + 1]
    if head == b"[":
        at = skip_space(data, at + 1)
        while not data.startswith(b"]", at):
            if at >= len(data):
                raise PdfSyntaxError("unterminated array")
            at = skip_space(data, value_end(data, at))
        return at + 1
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


def _string_end(data: bytes, at: int) -> int:
    depth = 0
    end = len(data)
    while at < end:
        byte = data[at]
        if byte == 0x5C:    # backslash escapes the next byte
            at += 2
            continue
        if byte == 0x28:
            depth += 1
        elif byte == 0x29:
            depth -= 1
            if depth == 0:
                return at + 1
        at += 1
    raise PdfSyntaxError("unterminated string")


def split_stream(body: bytes) -> tuple[bytes, bytes]:
    """An object body as (its leading value, the rest: b'' or the `stream ... endstream` part)."""
    start = skip_space(body, 0)
    end = value_end(body, start)
    return body[:end], body[end:]


def dictionary_items(head: bytes) -> dict[bytes, tuple[int, int]]:
    """Top-level keys of the dictionary in `head` with the (start, end) of each value."""
    at = skip_space(head, 0)
    if not head.startswith(b"<<", at):
        raise PdfSyntaxError("not a dictionary")
    at = skip_space(head, at + 2)
    items = {}
    while not head.startswith(b">>", at):
        if head[at:at + 1] != b"/":
            raise PdfSyntaxError(f"expected a name key at {at}")
        key_end = value_end(head, at)
        value_start = skip_space(head, key_end)
        value_stop = value_end(head, value_start)
        items[head[at:key_end]] = (value_start, value_stop)
        at = skip_space(head, value_stop)
    return items


def get(body: bytes, key: bytes) -> bytes | None:
    """The raw value of a top-level key of a dictionary body, or None."""
    head, _ = split_stream(body)
    span = dictionary_items(head).get(key)
    return head[span[0]:span[1]] if span else None


def set_keys(body: bytes, values: dict[bytes, bytes | None]) -> bytes:
    """The body with top-level keys replaced, added (after `<<`) or removed (value None)."""
    head, rest = split_stream(body)
    items = dictionary_items(head)
    edits = []
    added = []
    for key, value in values.items():
        if key in items:
            start, end = items[key]
            key_start = head.rfind(key, 0, start)
            edits.append((key_start, end, b"" if value is None else key + b" " + value))
        elif value is not None:
            added.append(key + b" " + value)
    for start, end, text in sorted(edits, reverse=True):
        head = head[:start] + text + head[end:]
    if added:
        opening = head.index(b"<<") + 2
        head = head[:opening] + b" " + b" ".join(added) + head[opening:]
    return head + rest


def reference(value: bytes | None) -> int | None:
    """The object number of an indirect reference value such as b'12 0 R'."""
    match = _REFERENCE.fullmatch(value.strip()) if value else None
    return int(match.group(1)) if match else None


def references(value: bytes) -> list[int]:
    """Object numbers referred to in a value (an array of references, say), strings skipped."""
    return [int(m.group(1)) for part, is_string in _segments(value) if not is_string
            for m in _REFERENCE.finditer(part)]


def renumber(body: bytes, mapping: dict[int, int]) -> bytes:
    """The body with every reference `N G R` outside strings and stream data renumbered."""
    head, rest = split_stream(body)

    def shift(match: re.Match[bytes]) -> bytes:
        return b"%d 0 R" % mapping[int(match.group(1))]

    pieces = [part if is_string else _REFERENCE.sub(shift, part) for part, is_string in _segments(head)]
    return b"".join(pieces) + rest


def _segments(data: bytes) -> list[tuple[bytes, bool]]:
    """The bytes cut into runs outside and inside literal strings."""
    if b"(" not in data:
        return [(data, False)]
    pieces = []
    at = 0
    while True:
        start = data.find(b"(", at)
        if start < 0:
            pieces.append((data[at:], False))
            return pieces
        # A "(" inside a hex string or comment does not occur in what cairo and reportlab write.
        end = _string_end(data, start)
        pieces += [(data[at:start], False), (data[start:end], True)]
        at = end


def text_string(text: str) -> bytes:
    """A PDF text string: literal if ASCII (parens and backslashes escaped), else UTF-16BE hex."""
    if text.isascii():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("\r", "\\r").replace("\n", "\\n")
        return b"(" + escaped.encode("ascii") + b")"
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def number(value: float) -> bytes:
    """A number written short and stable: 4 decimals at most, no trailing zeros, no -0."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return b"0" if text in ("-0", "") else text.encode("ascii")
