"""The rules markup: blocks, inline emphasis and directive arguments, and its located errors."""

from __future__ import annotations

import pytest

from dragon_pnp.errors import LayoutError
from dragon_pnp.rulebook.markup import Callout, Directive, Heading, ListBlock, Paragraph, inline_xml, parse

SAMPLE = """# Title
## Section

First line of a paragraph
joined to its second line.

- one
- two
  continued

1. first
2. second

> A note
> on two lines.
>
> Second note paragraph.

::: sight flat A=-3,1 B=0,1 caption="two words"
"""


def test_blocks_and_their_lines():
    blocks = parse(SAMPLE)
    assert blocks[0] == Heading(1, "Title", 1)
    assert blocks[1] == Heading(2, "Section", 2)
    assert blocks[2] == Paragraph("First line of a paragraph joined to its second line.", 4)
    assert blocks[3] == ListBlock(False, ("one", "two continued"), 7)
    assert blocks[4] == ListBlock(True, ("first", "second"), 11)
    assert blocks[5] == Callout(("A note on two lines.", "Second note paragraph."), 14)
    directive = blocks[6]
    assert isinstance(directive, Directive) and directive.line == 19
    assert directive.args == {"_": "flat", "A": "-3,1", "B": "0,1", "caption": "two words"}


def test_inline_emphasis_and_escaping():
    assert inline_xml("**Bold** and *it* & <x>") == "<b>Bold</b> and <i>it</i> &amp; &lt;x&gt;"


def test_unmatched_star_is_a_located_error():
    with pytest.raises(LayoutError, match=r"rules.md:7: unmatched '\*'"):
        inline_xml("a *loose star", "rules.md", 7)


@pytest.mark.parametrize("text, message", [
    (":::", r"rules.md:1: directive ':::'"),
    ("::: board players=", None),
    ('::: board caption="open', r"rules.md:1: directive arguments"),
    ("::: board =4", r"expected key=value"),
    ("- item\n1. numbered", r"rules.md:2: .* inside a bulleted list"),
])
def test_malformed_markup_is_refused(text, message):
    if message is None:
        assert parse(text)[0].args == {"players": ""}
        return
    with pytest.raises(LayoutError, match=message):
        parse(text)
