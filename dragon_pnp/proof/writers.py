"""The proof as JSON (for tools), HTML (to read, with every page as seen with each vision) and PDF."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from dragon_pnp.proof.run import THUMBNAILS, ProofReport
from dragon_pnp.proof.vision import VISIONS

COLUMNS = ("as printed", *VISIONS)


def write_json(report: ProofReport, path: Path) -> None:
    path.write_text(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def summary_lines(report: ProofReport) -> list[str]:
    """The findings in words, problems first."""
    pairs = sorted(report.pairs, key=lambda pair: pair.level != "problem")
    lines = [f"{'PROBLEM' if pair.level == 'problem' else 'ok'}: {pair.sentence()}" for pair in pairs]
    lines += [f"PROBLEM: {finding.sentence()}" for document in report.documents for finding in document.contrast]
    lines += [f"PROBLEM: {icon.sentence()}" for icon in report.icons if icon.level == "problem"]
    if report.icons:
        low = min(report.icons, key=lambda icon: icon.ratio)
        lines.append(f"icons: {len(report.icons)} measured on the faces, the lowest contrast {low.ratio:.2f}:1 "
                     f"('{low.icon}' on {low.face})")
    for document in report.documents:
        if document.smallest_pt is not None:
            lines.append(f"smallest text in {document.name}: {document.smallest_pt:g} pt on page "
                         f"{document.smallest_page} ('{document.smallest_text}')")
    return lines


def write_html(report: ProofReport, path: Path) -> None:
    rows = "".join(f"<li>{escape(line)}</li>" for line in summary_lines(report))
    pages = []
    for document in report.documents:
        head = "".join(f"<th>{escape(column)}</th>" for column in COLUMNS)
        body = "".join(
            f"<tr><td>{number}</td>" + "".join(
                f'<td><img src="{THUMBNAILS}/{escape(names[column])}" alt="page {number}, {escape(column)}"></td>'
                for column in COLUMNS) + "</tr>"
            for number, names in enumerate(document.thumbnails, 1))
        pages.append(f"<h2>{escape(document.name)}: every page as seen</h2>"
                     f"<table><tr><th>page</th>{head}</tr>{body}</table>")
    html = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(report.game)}: accessibility proof</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:1100px}} img{{width:150px;border:1px solid #999}}
td,th{{padding:4px;vertical-align:top;font-size:90%}} li{{margin:0.3em 0}}</style></head><body>
<h1>{escape(report.game)}: accessibility proof</h1>
<p>{report.problems} problem(s). Colours of things to tell apart (groups: {escape(", ".join(report.groups)) or "none"})
are compared as seen with normal vision, {", ".join(VISIONS)}; two count as told apart at a glance when their
CIEDE2000 difference is at least {report.least_difference:g}, else they need a cue besides colour. Text contrast
is measured against WCAG 2: 4.5:1, or 3:1 for text of 18 pt (14 pt bold) and more; icons against 3:1. Simulations: DaltonLens,
Vi&eacute;not 1999 (protanopia, deuteranopia) and Brettel 1997 (tritanopia).</p>
<ul>{rows}</ul>
{"".join(pages)}
</body></html>
"""
    path.write_text(html, encoding="utf-8")


def write_pdf(report: ProofReport, path: Path, pictures: Path) -> None:
    """The same as the HTML, typeset with reportlab: findings, then each page's five pictures."""
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from dragon_pnp.fonts import register_reportlab_fonts

    font = register_reportlab_fonts()
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = font
    flow = [Paragraph(escape(f"{report.game}: accessibility proof"), styles["Title"]),
            Paragraph(escape(f"{report.problems} problem(s)."), styles["Normal"]), Spacer(1, 3 * mm)]
    flow += [Paragraph(escape(line), styles["Normal"]) for line in summary_lines(report)]
    for document in report.documents:
        flow.append(Paragraph(escape(f"{document.name}: every page as seen"), styles["Heading2"]))
        rows = [["page", *COLUMNS]]
        for number, names in enumerate(document.thumbnails, 1):
            rows.append([str(number), *(Image(str(pictures / names[column]), width=45 * mm, height=58 * mm,
                                              kind="proportional") for column in COLUMNS)])
        flow.append(Table(rows, repeatRows=1, style=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                                                ("FONTNAME", (0, 0), (-1, -1), font)])))
    SimpleDocTemplate(str(path), pagesize=landscape(A4), title=f"{report.game}: accessibility proof",
                      invariant=1).build(flow)
