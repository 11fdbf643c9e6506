"""dragon_pnp.pdf.syntax: reading dictionary values and renumbering references in bodies kept as bytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragon_pnp.pdf.syntax import (
    PdfSyntaxError,
    dictionary,
    get,
    number,
    reference,
    references,
    renumber,
    set_keys,
    split_stream,
    text_string,
)

PAGE = (b"<< /Type /Page % 3 (a comment, not a string\n"
        b"   /Parent 2 0 R /MediaBox [0 0 612.5 792]\n"
        b"   /Resources << /Font << /F1 5 0 R >> /XObject << /x10 10 0 R /x11 11 0 R >> >>\n"
        b"   /Title (Dragons \\(and\\) knights (nested (twice)) \\\\ 7 0 R) /Hex <FEFF0041>"
        b"/Kids[3 0 R 4 0 R]/Count 2/Open true >>")


def test_dictionary_reads_top_level_values_of_every_kind():
    assert dictionary(PAGE) == {
        b"/Type": b"/Page",
        b"/Parent": b"2 0 R",
        b"/MediaBox": b"[0 0 612.5 792]",
        b"/Resources": b"<< /Font << /F1 5 0 R >> /XObject << /x10 10 0 R /x11 11 0 R >> >>",
        b"/Title": b"(Dragons \\(and\\) knights (nested (twice)) \\\\ 7 0 R)",
        b"/Hex": b"<FEFF0041>",
        b"/Kids": b"[3 0 R 4 0 R]",
        b"/Count": b"2",
        b"/Open": b"true",
    }
    assert get(PAGE, b"/F1") is None   # nested keys are not top-level keys
    assert reference(get(PAGE, b"/Parent")) == 2
    assert references(get(PAGE, b"/Kids")) == [3, 4]
    assert reference(get(PAGE, b"/Count")) is None


def test_renumber_rewrites_references_only():
    mapping = {2: 20, 3: 30, 4: 40, 5: 50, 10: 100, 11: 110}
    assert renumber(PAGE, mapping) == (
        b"<< /Type /Page % 3 (a comment, not a string\n"
        b"   /Parent 20 0 R /MediaBox [0 0 612.5 792]\n"
        b"   /Resources << /Font << /F1 50 0 R >> /XObject << /x10 100 0 R /x11 110 0 R >> >>\n"
        b"   /Title (Dragons \\(and\\) knights (nested (twice)) \\\\ 7 0 R) /Hex <FEFF0041>"
        b"/Kids[30 0 R 40 0 R]/Count 2/Open true >>")


@pytest.mark.parametrize("body, expected", [
    (b"[5 0 R]", b"[50 0 R]"),                               # no space after the bracket
    (b"<</A 5 0 R/B[5 0 R 6 0 R]>>", b"<</A 50 0 R/B[50 0 R null]>>"),   # 6 is not in the mapping
    (b"<< /W [ 0 [ 600 5 ] 5 [ 1 2 ] ] /X 5 0 R >>", b"<< /W [ 0 [ 600 5 ] 5 [ 1 2 ] ] /X 50 0 R >>"),
    (b"<< /A 5 0\nR >>", b"<< /A 50 0 R >>"),               # any whitespace inside a reference
    (b"<< /F5 0 R >>", b"<< /F5 0 R >>"),                   # a name ending in a digit is no reference
    (b"<< /A (5 0 R) /B <05> >>", b"<< /A (5 0 R) /B <05> >>"),
    (b"<< /A 15 0 R /B 5 0 RR >>", b"<< /A null /B 5 0 RR >>"),
])
def test_renumber_cases(body, expected):
    assert renumber(body, {5: 50}) == expected


def test_stream_data_is_never_read_or_edited():
    data = b"5 0 R endobj\n9 0 obj (unbalanced 5 0 R\nstream\nendstream %\x00\xff 5 0 R"
    body = b"<< /Length 5 0 R /Note (see 5 0 R) >>\nstream\n" + data + b"\nendstream"
    moved = renumber(body, {5: 7})
    assert moved == b"<< /Length 7 0 R /Note (see 5 0 R) >>\nstream\n" + data + b"\nendstream"
    assert split_stream(moved) == (b"<< /Length 7 0 R /Note (see 5 0 R) >>\n", b"stream\n" + data + b"\nendstream")
    assert set_keys(moved, {b"/Note": None, b"/TrimBox": b"[ 0 0 1 1 ]"}) == (
        b"<< /TrimBox [ 0 0 1 1 ] /Length 7 0 R  >>\nstream\n" + data + b"\nendstream")


def test_a_comment_may_hold_parentheses_and_the_word_stream():
    body = b"<< /A 1 0 R % (stream\n /B (x) >>\nstream\n(5 0 R\nendstream"
    assert renumber(body, {1: 2}) == b"<< /A 2 0 R % (stream\n /B (x) >>\nstream\n(5 0 R\nendstream"
    assert dictionary(body) == {b"/A": b"1 0 R", b"/B": b"(x)"}


def test_malformed_bodies_raise():
    with pytest.raises(PdfSyntaxError):
        dictionary(b"<< /A (unterminated >>")
    with pytest.raises(PdfSyntaxError):
        dictionary(b"[ 1 2 ]")
    with pytest.raises(PdfSyntaxError):
        split_stream(b"<< /Length 0 >> endstream")


def test_text_strings_escape_and_encode():
    assert text_string("Dragon Pants: cards") == b"(Dragon Pants: cards)"
    assert text_string("a (b) \\ c\n") == b"(a \\(b\\) \\\\ c\\n)"
    assert text_string("Drächen (x)") == b"<FEFF0044007200E4006300680065006E002000280078" b"0029>"
    assert text_string("\x18") == b"<FEFF0018>"   # PDFDocEncoding reads 0x18 as a breve


def test_numbers_are_short_and_stable():
    assert [number(v) for v in (612, 612.0, 10.123456, -0.00001, 0.5, -3.25, 1e-9)] == [
        b"612", b"612", b"10.1235", b"0", b"0.5", b"-3.25", b"0"]
    with pytest.raises(ValueError):
        number(float("nan"))


# Random values with known references: rendering one before and after a renumbering must give
# exactly what renumber() makes of the first, whatever the spacing, nesting and strings.

REGULAR_END = set(b"0123456789.+-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
SEPARATORS = [b"", b" ", b"\n", b"\r\n   ", b" % note (x stream\n"]

references_ = st.tuples(st.just("ref"), st.integers(1, 40), st.sampled_from([b" ", b"\n", b"  "]))
numbers = st.tuples(st.just("atom"), st.sampled_from([b"0", b"12", b"-3.5", b"612", b"1", b"+7"]))
names = st.tuples(st.just("atom"), st.sampled_from([b"/F12", b"/x10", b"/Type", b"/R", b"/a0", b"/5"]))
keywords = st.tuples(st.just("atom"), st.sampled_from([b"true", b"null", b"<FEFF0031>", b"<>"]))
string_pieces = st.sampled_from([b"3 0 R", b"endobj", b"stream\n", b"%", b"\\(", b"\\)", b"\\\\", b"x", b" R"])
strings = st.tuples(st.just("string"), st.lists(st.tuples(string_pieces, st.booleans()), max_size=5))
leaves = st.one_of(references_, numbers, names, keywords, strings)


def containers(children):
    separators = st.sampled_from(SEPARATORS)
    arrays = st.tuples(st.just("array"), st.lists(st.tuples(children, separators), max_size=5), separators)
    keys = st.sampled_from([b"/A", b"/B1", b"/Kids", b"/x10", b"/Length"])
    dicts = st.tuples(st.just("dict"), st.lists(st.tuples(keys, separators, children, separators), max_size=4,
                                                unique_by=lambda item: item[0]), separators)
    return st.one_of(arrays, dicts)


values = st.recursive(leaves, containers, max_leaves=12)


def render(value, mapping: dict[int, int] | None = None) -> bytes:
    """The value as PDF bytes; with a mapping, its references renumbered and written "N 0 R"."""
    kind = value[0]
    if kind == "ref":
        return b"%d%s0%sR" % (value[1], value[2], value[2]) if mapping is None else b"%d 0 R" % mapping[value[1]]
    if kind == "atom":
        return value[1]
    if kind == "string":   # a piece marked True is wrapped in balanced, unescaped parentheses
        return b"(" + b"".join(b"(%s)" % piece if nested else piece for piece, nested in value[1]) + b")"
    if kind == "array":
        items = [(render(item, mapping), separator) for item, separator in value[1]]
        return b"[" + _joined(items, value[2]) + b"]"
    items = []
    for key, between, item, after in value[1]:
        text = render(item, mapping)
        items.append((key + _spaced(key, between, text) + text, after))
    return b"<<" + _joined(items, value[2]) + b">>"


def _spaced(left: bytes, separator: bytes, right: bytes) -> bytes:
    """The separator, or a space where two regular tokens would otherwise run together."""
    return b" " if separator == b"" and left[-1] in REGULAR_END and right[0] in REGULAR_END else separator


def _joined(items: list[tuple[bytes, bytes]], closing: bytes) -> bytes:
    out = b""
    for index, (text, separator) in enumerate(items):
        out += text + (_spaced(text, separator, items[index + 1][0]) if index + 1 < len(items) else separator)
    return out + closing


def reference_numbers(value) -> list[int]:
    kind = value[0]
    if kind == "ref":
        return [value[1]]
    if kind == "array":
        return [n for item, _ in value[1] for n in reference_numbers(item)]
    if kind == "dict":
        return [n for _, _, item, _ in value[1] for n in reference_numbers(item)]
    return []


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(value=values, data=st.binary(max_size=40))
def test_renumbering_random_values_changes_exactly_the_references(value, data):
    mapping = {n: 1000 + 7 * n for n in range(1, 41)}
    body = render(value)
    renumbered = renumber(body, mapping)
    assert renumbered == render(value, mapping)
    assert references(body) == reference_numbers(value)
    if value[0] == "dict":
        assert dictionary(body) == {key: render(item) for key, _, item, _ in value[1]}
        tail = b"\nstream\n" + data + b" 9 0 R endobj\nendstream"
        assert renumber(body + tail, mapping) == renumbered + tail
