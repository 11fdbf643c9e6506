"""The small markup of `rules.md`, parsed (after Jinja2 has filled in the numbers) into blocks.

Supported, one construct per block, blocks separated by blank lines:

    # Heading / ## Subheading / ### Minor heading
    A paragraph; its lines are joined. **bold** and *italic* inline.
    - a bullet item            (continuation lines indented by two spaces)
    1. a numbered item
    > a boxed note or example  (every line starts with "> "; a lone ">" starts a new paragraph)
    ::: directive key=value key="quoted value"   (a generated block; see directives.py)

Anything else (a stray "*", an unknown directive) is a located error, never silently dropped.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from dragon_pnp.errors import LayoutError
from dragon_pnp.font_runs import with_fallback_fonts


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: str
    line: int


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Callout:
    paragraphs: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Directive:
    name: str
    args: dict[str, str] = field(default_factory=dict)
    line: int = 0
    source: str = ""


Block = Heading | Paragraph | ListBlock | Callout | Directive

HEADING = re.compile(r"^(#{1,3})\s+(\S.*)$")
BULLET = re.compile(r"^[-*]\s+(\S.*)$")
NUMBERED = re.compile(r"^\d+[.)]\s+(\S.*)$")
DIRECTIVE = re.compile(r"^:::\s*([a-z][a-z0-9_]*)\s*(.*)$")


def parse(text: str, where: str = "rules.md") -> list[Block]:
    """Blocks of the rendered rules text, each with its (rendered) line number."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        raw = lines[i]
        stripped = raw.strip()
        number = i + 1
        if not stripped:
            i += 1
            continue
        if m := HEADING.match(stripped):
            blocks.append(Heading(len(m.group(1)), m.group(2).strip(), number))
            i += 1
        elif m := DIRECTIVE.match(stripped):
            blocks.append(Directive(m.group(1), _arguments(m.group(2), where, number), number, stripped))
            i += 1
        elif stripped.startswith(":::"):
            raise LayoutError(f"{where}:{number}: directive {stripped!r}: expected '::: name key=value ...'")
        elif stripped.startswith(">"):
            i, callout = _callout(lines, i)
            blocks.append(callout)
        elif BULLET.match(stripped) or NUMBERED.match(stripped):
            i, listing = _list(lines, i, where)
            blocks.append(listing)
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _starts_block(lines[i].strip()):
                para.append(lines[i].strip())
                i += 1
            blocks.append(Paragraph(" ".join(para), number))
    return blocks


def _starts_block(stripped: str) -> bool:
    return bool(HEADING.match(stripped) or stripped.startswith((":::", ">")) or BULLET.match(stripped) or NUMBERED.match(stripped))


def _callout(lines: list[str], i: int) -> tuple[int, Callout]:
    start = i + 1
    paragraphs: list[list[str]] = [[]]
    while i < len(lines) and lines[i].strip().startswith(">"):
        content = lines[i].strip()[1:].strip()
        if content:
            paragraphs[-1].append(content)
        elif paragraphs[-1]:
            paragraphs.append([])
        i += 1
    return i, Callout(tuple(" ".join(p) for p in paragraphs if p), start)


def _list(lines: list[str], i: int, where: str) -> tuple[int, ListBlock]:
    start = i + 1
    ordered = bool(NUMBERED.match(lines[i].strip()))
    marker = NUMBERED if ordered else BULLET
    items: list[str] = []
    while i < len(lines) and lines[i].strip():
        raw, stripped = lines[i], lines[i].strip()
        if m := marker.match(stripped):
            items.append(m.group(1).strip())
        elif raw.startswith("  ") and items and not _starts_block(stripped):
            items[-1] += " " + stripped
        else:
            kind = "numbered" if ordered else "bulleted"
            raise LayoutError(f"{where}:{i + 1}: {stripped[:40]!r} inside a {kind} list; "
                              "expected an item of the same kind, an indented continuation or a blank line")
        i += 1
    return i, ListBlock(ordered, tuple(items), start)


def _arguments(text: str, where: str, number: int) -> dict[str, str]:
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise LayoutError(f"{where}:{number}: directive arguments {text!r}: {exc}") from None
    args: dict[str, str] = {}
    for position, word in enumerate(words):
        key, sep, value = word.partition("=")
        if not sep and position == 0:
            args["_"] = key  # a leading bare word, e.g. "::: sight flat ..."
        elif not sep or not key:
            raise LayoutError(f"{where}:{number}: directive argument {word!r}: expected key=value")
        else:
            args[key] = value
    return args


INLINE_BOLD = re.compile(r"\*\*(.+?)\*\*")
INLINE_ITALIC = re.compile(r"\*([^*<>]+?)\*")  # never across a tag: the result must stay well-formed XML
_LITERAL_BACKSLASH, _LITERAL_STAR = "\ue000", "\ue001"


def escape_inline(text: str) -> str:
    """Data text made safe to put into rules markup: it prints as written (`2*3` stays `2*3`,
    a line break is a space), whatever the text around it does."""
    return (text.replace("\\", "\\\\").replace("*", "\\*")
            .replace("\r\n", " ").replace("\n", " ").replace("\r", " "))


def inline_xml(text: str, where: str = "rules.md", line: int = 0) -> str:
    """Escape text for a reportlab Paragraph and turn **bold** / *italic* into tags (`\\*` is a star)."""
    xml = text.replace(_LITERAL_BACKSLASH, "").replace(_LITERAL_STAR, "")
    xml = xml.replace("\\\\", _LITERAL_BACKSLASH).replace("\\*", _LITERAL_STAR)
    xml = xml.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    xml = INLINE_BOLD.sub(r"<b>\1</b>", xml)
    xml = INLINE_ITALIC.sub(r"<i>\1</i>", xml)
    place = f"{where}:{line}" if line else f"{where} (text from the game data)"
    if "*" in xml:
        raise LayoutError(f"{place}: unmatched '*' in {text[:60]!r}; expected **bold** or *italic* pairs "
                          "(write \\* for a star)")
    # Every character drawn by a font that has it, or refused here (never an empty box).
    return with_fallback_fonts(xml.replace(_LITERAL_BACKSLASH, "\\").replace(_LITERAL_STAR, "*"), place)
