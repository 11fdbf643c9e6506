"""Read a typeset rulebook's page breaks back with pymupdf: what each page ends and starts with.

Finds, from the PDF alone (fonts, sizes, positions, ruled lines and shaded header bands):
- a heading left as the last thing on its page (stranded from the text it heads);
- a page starting with a lone line of a paragraph the page before began (a widow), or with a
  line of a single word;
- a table row carried alone to a new page (under its repeated header), or left alone at the foot
  of a page, the rest of its table going on.

The rulebook's footer (below the bottom margin) and the title page are not looked at.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pymupdf

MM = 72 / 25.4
FOOTER_MM = 17.0        # the rulebook's bottom margin: the footer sits in it
HEADING_PT = 10.0       # h3 is 10.2 pt bold; bold words in body text are 9.6 pt
TEXT_PT = 7.5           # smaller text is a figure's labels (hex letters), not the rules' lines
SHADE = (0xF4 / 255, 0xEF / 255, 0xE6 / 255)   # table header band (dragon_pnp/rulebook/styles.py)


@dataclass(frozen=True)
class Line:
    """One text line (spans on one baseline within one block)."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    heading: bool
    text_x0: float      # where the words start: after a list item's bullet or number


def lines(page: pymupdf.Page) -> list[Line]:
    """The page's text lines above the footer, top to bottom."""
    found = []
    limit = page.rect.height - FOOTER_MM * MM
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            spans = [s for s in line["spans"] if s["text"].strip()]
            if not spans:
                continue
            x0, y0, x1, y1 = line["bbox"]
            if y0 >= limit or max(s["size"] for s in spans) < TEXT_PT:
                continue
            size = max(s["size"] for s in spans)
            heading = all("Bold" in s["font"] for s in spans) and size >= HEADING_PT
            text = " ".join(s["text"].strip() for s in spans)
            marker = spans[0]["text"].strip() in ("•",) or spans[0]["text"].strip().rstrip(".").isdigit()
            words_x0 = spans[1]["bbox"][0] if marker and len(spans) > 1 else x0
            found.append(Line(x0, y0, x1, y1, text, size, heading, words_x0))
    return sorted(found, key=lambda ln: (round(ln.y1, 1), ln.x0))


def rows_of(page_lines: list[Line]) -> list[list[Line]]:
    """Lines grouped by baseline (a table row's cells read as one row)."""
    rows: list[list[Line]] = []
    for line in page_lines:
        if rows and abs(rows[-1][0].y1 - line.y1) < 1.5:
            rows[-1].append(line)
        else:
            rows.append([line])
    return rows


def header_bands(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """The shaded header band of each table on the page."""
    return [d["rect"] for d in page.get_drawings()
            if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], SHADE)) and d["rect"].height < 30]


def table_rules(page: pymupdf.Page, band: pymupdf.Rect) -> list[float]:
    """The y of each body row's rule under the table whose header is `band`, above the next table."""
    below = [b.y0 for b in header_bands(page) if b.y0 > band.y1]
    end = min(below, default=page.rect.height)
    ys = sorted({round(d["rect"].y0, 1) for d in page.get_drawings()
                 if d["rect"].height < 0.5 and abs(d["rect"].x0 - band.x0) < 1 and abs(d["rect"].x1 - band.x1) < 1
                 and band.y1 + 0.5 < d["rect"].y0 < end})
    return ys


def last_content_y(page: pymupdf.Page) -> float:
    """The lowest ink above the footer: text, drawings and images."""
    limit = page.rect.height - FOOTER_MM * MM
    ys = [ln.y1 for ln in lines(page)]
    ys += [d["rect"].y1 for d in page.get_drawings() if d["rect"].y1 < limit]
    ys += [pymupdf.Rect(i["bbox"]).y1 for i in page.get_image_info() if i["bbox"][3] < limit]
    return max(ys, default=0.0)


def problems(pdf: bytes, skip_first: int = 1, skip_last: int = 0) -> list[str]:
    """Every bad page break in the rulebook, as readable findings (empty: none)."""
    found: list[str] = []
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        pages = list(doc)[skip_first:len(doc) - skip_last]
        for before, page in itertools.pairwise(pages):
            number = page.number + 1
            above, below = lines(before), lines(page)
            if not above or not below:
                continue
            last, first = above[-1], below[0]
            # a heading with nothing after it on its page
            headings = [ln for ln in above if ln.heading]
            if headings and headings[-1].y1 >= last_content_y(before) - 0.5:
                found.append(f"p{number - 1}: heading {headings[-1].text!r} stranded at the foot")
            first_rows = rows_of(below)
            top = first_rows[0]
            words = " ".join(ln.text for ln in top).split()
            bands = header_bands(page)
            starts_table = bool(bands) and bands[0].y0 <= top[0].y0 + 2
            if not first.heading and not starts_table and len(words) == 1:
                found.append(f"p{number}: starts with the single word {words[0]!r}")
            # a widow: the page opens with one line of a paragraph begun on the page before
            if not first.heading and not starts_table and len(top) == 1 and not last.heading:
                wrapped = last.size == first.size and before.rect.width - last.x1 < 0.2 * before.rect.width
                next_gap = (first_rows[1][0].y1 - first.y1) if len(first_rows) > 1 else 99.0
                alone = next_gap > 1.15 * first.size * 1.375    # more than a line's leading: a new block
                if wrapped and alone and abs(first.x0 - last.text_x0) < 1.5:
                    found.append(f"p{number}: opens with a lone line {first.text[:50]!r} of a paragraph from "
                                 f"p{number - 1}")
            # table rows: a table continued at the top of this page holds one row only
            if starts_table:
                rules = table_rules(page, bands[0])
                runs = _rows_before_gap(rules)
                if runs == 1:
                    found.append(f"p{number}: one table row carried alone under the repeated header "
                                 f"{' '.join(ln.text for ln in top)[:50]!r}")
            # and a table whose last band on the page holds one row, the table going on over the page
            for band in header_bands(before)[-1:]:
                rules = table_rules(before, band)
                if rules and _rows_before_gap(rules) == 1 and starts_table and rules[-1] >= last_content_y(before) - 3:
                    found.append(f"p{number - 1}: a table starts at the foot with one row, the rest on p{number}")
    return found


def _rows_before_gap(rules: list[float]) -> int:
    """How many row rules follow the header before the table ends (a gap wider than a tall row)."""
    if not rules:
        return 0
    count = 1
    for a, b in itertools.pairwise(rules):
        if b - a > 120:
            break
        count += 1
    return count
