"""The one guard on what a studio request carries, and JSON answers that can always be written.

A request body is a browser's JSON, but anyone on the machine can send anything: a lone
surrogate (`"\\ud800"`, valid JSON, not encodable as UTF-8), a megabyte of text, a number of
five thousand digits, a list nested ten thousand deep. Such a value once reached a game's
parser or the "Since..." state and came back in an answer that could not be encoded (a 500,
and for Since every later poll too). `refused_value` names the first such value, so the
server answers 400 before any of it is used; `AsciiJSONResponse` writes every answer with
non-ASCII characters escaped, so no text already held can make an answer unwritable.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.responses import JSONResponse

MAX_BODY_BYTES = 64 * 1024   # the largest action body the page sends is well under a kilobyte
MAX_TEXT = 1_000             # characters in one text value (an action, a revision, a name)
MAX_ITEMS = 64               # items in one list or object (controllers: one per seat)
MAX_DEPTH = 4                # nesting of lists and objects
MAX_NUMBER = 2 ** 63         # seeds and counts are 64-bit at most
MAX_REVISION = 256           # characters in a git revision name
_SURROGATE = re.compile("[\ud800-\udfff]")
_REVISION = re.compile(r"^[\w./@^~{}:+-]+$")


def refused_value(body: Any, where: str = "", depth: int = 0) -> str:
    """Why `body` (parsed JSON) is refused, naming the field; "" when every value is fit to use."""
    name = where or "the request"
    if isinstance(body, str):
        if _SURROGATE.search(body):
            return f"{name}: the text holds a lone surrogate ({_first_surrogate(body)}), which is not a character"
        if len(body) > MAX_TEXT:
            return f"{name}: {len(body):,} characters; at most {MAX_TEXT:,}"
        return ""
    if isinstance(body, bool) or body is None:
        return ""
    if isinstance(body, int):
        return "" if abs(body) < MAX_NUMBER else f"{name}: the number is too large (at most 2**63)"
    if isinstance(body, float):
        return "" if abs(body) < MAX_NUMBER else f"{name}: the number is too large"
    if isinstance(body, (list, dict)):
        if depth >= MAX_DEPTH:
            return f"{name}: nested more than {MAX_DEPTH} deep"
        if len(body) > MAX_ITEMS:
            return f"{name}: {len(body):,} items; at most {MAX_ITEMS}"
        items = body.items() if isinstance(body, dict) else enumerate(body)
        for key, value in items:
            field = f"{where}.{key}" if where else str(key)
            problem = refused_value(key, f"{where or 'the request'} (a field name)", depth + 1) if isinstance(key, str) else ""
            problem = problem or refused_value(value, field, depth + 1)
            if problem:
                return problem
        return ""
    return f"{name}: unexpected value"


def revision_problem(revision: str) -> str:
    """Why `revision` cannot name a git revision (or "snapshot"); "" when it can."""
    if len(revision) > MAX_REVISION:
        return f"{len(revision):,} characters; a revision name has at most {MAX_REVISION}"
    if not _REVISION.match(revision):
        return "expected a git revision (letters, digits and . / @ ^ ~ { } : + - _) or \"snapshot\""
    return ""


def _first_surrogate(text: str) -> str:
    found = _SURROGATE.search(text)
    return f"\\u{ord(found.group()):04x}" if found else ""


class AsciiJSONResponse(JSONResponse):
    """A JSON answer with non-ASCII characters escaped: encodable whatever text it carries."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, indent=None,
                          separators=(",", ":")).encode("ascii")
