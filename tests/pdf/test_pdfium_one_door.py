"""PDFium is not thread-safe and the studio draws pages from two threads (preview, "Since..."),
so every use of it in the package goes through `dragon_pnp/pdf_pictures.py` and its one lock."""

from __future__ import annotations

import ast
import io
import threading
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from dragon_pnp import pdf_pictures

PACKAGE = Path(__file__).resolve().parents[2] / "dragon_pnp"


def _imports_pdfium(file: Path) -> bool:
    source = file.read_text(encoding="utf-8")
    if "pypdfium2" not in source:   # no import can name it: skip the parse (issue 30: 1.9 CPU s for all)
        return False
    for node in ast.walk(ast.parse(source)):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        if any(name.split(".")[0] == "pypdfium2" for name in names):
            return True
    return False


def test_only_pdf_pictures_imports_pypdfium2():
    users = sorted(str(f.relative_to(PACKAGE)) for f in PACKAGE.rglob("*.py") if _imports_pdfium(f))
    assert users == ["pdf_pictures.py"]


def test_threads_take_turns_and_get_their_own_pages():
    """Eight threads draw at once; inside PDFium never more than one, and each gets its page."""
    pdfs = []
    for shade in range(8):
        out = io.BytesIO()
        drawing = canvas.Canvas(out, pagesize=A4)
        drawing.setFillGray(shade / 8)
        drawing.rect(0, 0, *A4, fill=1, stroke=0)
        drawing.save()
        pdfs.append(out.getvalue())
    inside, most = 0, 0
    guard = threading.Lock()

    def counted(picture):
        nonlocal inside, most
        with guard:
            inside += 1
            most = max(most, inside)
        threading.Event().wait(0.01)
        with guard:
            inside -= 1
        return picture.getpixel((10, 10))[0]

    results: dict[int, int] = {}
    threads = [threading.Thread(target=lambda i=i: results.__setitem__(i, pdf_pictures.page_pictures(
        pdfs[i], 20, finish=counted)[0])) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert most == 1
    assert [results[i] for i in range(8)] == [round(255 * shade / 8) for shade in range(8)]
