"""Write a diff as diff.html (self-contained: thumbnails inline), diff.pdf, diff.json and the
thumbnails as PNG files beside them, each written atomically."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from dragon_pnp.build.atomic import write_file_atomically
from dragon_pnp.diff.compare import DiffResult
from dragon_pnp.diff.view import DiffView, build_view
from dragon_pnp.resources import templates_dir

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

TEMPLATE = "diff.html.j2"
NAMES = {"html": "diff.html", "pdf": "diff.pdf", "json": "diff.json"}
PAGES_FOLDER = "diff-pages"


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def render_html(result: DiffResult) -> str:
    env = Environment(loader=FileSystemLoader(templates_dir()), autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, keep_trailing_newline=True)
    env.globals["image"] = lambda name: "data:image/png;base64," + base64.b64encode(result.images[name]).decode()
    return env.get_template(TEMPLATE).render(v=build_view(result.report))


def write_diff(result: DiffResult, folder: Path, paper: str = "letter") -> dict[str, Path]:
    """All three forms and the thumbnails into `folder`; returns the paths by role."""
    folder.mkdir(parents=True, exist_ok=True)
    contents = {"json": render_json(result.report).encode("utf-8"),
                "html": render_html(result).encode("utf-8"),
                "pdf": render_pdf(result, paper)}
    paths = {}
    for role, data in contents.items():
        paths[role] = folder / NAMES[role]
        write_file_atomically(paths[role], data)
    if result.images:
        (folder / PAGES_FOLDER).mkdir(exist_ok=True)
        for name, data in sorted(result.images.items()):
            write_file_atomically(folder / PAGES_FOLDER / name, data)
    return paths


def render_pdf(result: DiffResult, paper: str = "letter") -> bytes:
    """The report as PDF, in the rules check's look (its styles and table builder)."""
    from reportlab.platypus import CondPageBreak, Paragraph, SimpleDocTemplate, Spacer, Table

    from dragon_pnp.paper import mm_to_pt, paper_size_mm
    from dragon_pnp.pdf import with_page_boxes
    from dragon_pnp.report.pdf import MARGIN_MM, _styles, _table

    view: DiffView = build_view(result.report)
    styles = _styles()
    width_mm, height_mm = paper_size_mm(paper)
    text_mm = width_mm - 2 * MARGIN_MM
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=(mm_to_pt(width_mm), mm_to_pt(height_mm)),
                            leftMargin=mm_to_pt(MARGIN_MM), rightMargin=mm_to_pt(MARGIN_MM),
                            topMargin=mm_to_pt(MARGIN_MM), bottomMargin=mm_to_pt(MARGIN_MM + 4),
                            title=view.title, subject="Version diff", creator="dragon-pnp diff", invariant=1)
    def p(text: str, style: str = "body") -> Paragraph:
        return Paragraph(escape(text), styles[style])

    story: list[Any] = [p(view.title, "title"), p(view.subtitle, "subtitle"), Spacer(1, mm_to_pt(3)), p(view.summary)]
    if view.problems:
        story += [p("Data problems", "alert")] + [p(text) for text in view.problems]
    story.append(p("Data", "h2"))
    if not view.data:
        story.append(p("No card, component, setting, rules option or file changed."))
    for table in view.data:
        story += [p(table.title, "h3"), _table(table, styles, text_mm, numeric=False)]
    if view.extras:
        story += [p(view.extras.title, "h3"), _table(view.extras, styles, text_mm), p(view.extras.note, "note")]
    story.append(p("Pages", "h2"))
    if view.pages_note:
        story.append(p(view.pages_note, "note"))
    elif not view.pages:
        story.append(p("No printed page changed."))
    half = mm_to_pt(text_mm / 2 - 3)
    for pair in view.pages:
        cells = ["" if name is None else _picture(result.images[name], half, mm_to_pt(110))
                 for name in (pair.old_image, pair.new_image)]
        story += [CondPageBreak(mm_to_pt(120)), p(f"{pair.document}, page {pair.page}: old | new", "h3"),
                  p(pair.where, "note"), Table([cells], hAlign="LEFT")]
        if pair.old_close_up and pair.new_close_up:
            story.append(Table([[_picture(result.images[n], half, mm_to_pt(50))
                                 for n in (pair.old_close_up, pair.new_close_up)]], hAlign="LEFT"))
    if view.unchanged:
        story.append(p("Unchanged: " + ", ".join(view.unchanged) + "."))
    story.append(p("Rulebook", "h2"))
    if not view.rulebook:
        story.append(p("No paragraph of the rules text changed."))
    for para in view.rulebook:
        marked = " ".join(_marked(op, text) for op, text in para["pieces"])
        where = para["kind"] + (f" under “{para['heading']}”" if para["heading"] else "")
        story += [p(where, "note"), Paragraph(marked, styles["body"]), Spacer(1, mm_to_pt(2))]
    story += [p("Balance", "h2"), p(view.balance_note, "note")]
    for text in view.findings:
        story.append(p("• " + text))
    for table in view.balance:
        story += [p(table.title, "h3"), _table(table, styles, text_mm)]
    from reportlab import rl_config

    ascii85, rl_config.useA85 = rl_config.useA85, 0   # binary image streams: ASCII85 in pure Python is slow
    try:
        doc.build(story)
    finally:
        rl_config.useA85 = ascii85
    return with_page_boxes(buffer.getvalue(), title=view.title)


def _picture(data: bytes, width: float, height: float) -> Flowable:
    """A PNG scaled to fit a box (points), aspect kept."""
    from PIL import Image as PILImage
    from reportlab.lib.utils import ImageReader
    from reportlab.platypus import Image

    picture = PILImage.open(io.BytesIO(data)).convert("RGB")
    jpeg = io.BytesIO()
    picture.save(jpeg, "JPEG", quality=88)   # reportlab embeds a JPEG as it is; a PNG it re-encodes, slowly
    w, h = ImageReader(io.BytesIO(jpeg.getvalue())).getSize()
    scale = min(width / w, height / h)
    return Image(io.BytesIO(jpeg.getvalue()), width=w * scale, height=h * scale)


def _marked(op: str, text: str) -> str:
    if op == "-":
        return f'<font color="#8a1f14"><strike>{escape(text)}</strike></font>'
    if op == "+":
        return f'<font color="#1b5e20"><u>{escape(text)}</u></font>'
    return escape(text)
