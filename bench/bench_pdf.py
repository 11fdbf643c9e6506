"""dragon_pnp.pdf timings: finishing a 20-page cairo PDF, and merging a built kit's documents into
one print-and-play file (7 parts), against pypdf doing the same merge for scale.

Figures are CPU time of this process (min and median of many runs), which a busy machine
disturbs less than wall time. The merge inputs are the PDFs of an earlier build
(`dragon-pnp build` writes them to output/dragon_pants/); the 20-page PDF is drawn here.

Usage: .venv/bin/python bench/bench_pdf.py [--kit output/dragon_pants] [--runs 50]
"""

from __future__ import annotations

import argparse
import io
import logging
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.pdf import MergePart, PageBoxes, count_pages, finish_document, merge  # noqa: E402

KIT_PARTS = ("rulebook.pdf", "player-aid.pdf", "cards.pdf", "tiles.pdf", "board.pdf", "extras.pdf")


def cpu_ms(action: Callable[[], object], runs: int) -> str:
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return f"min {min(times) * 1000:.2f} ms, median {statistics.median(times) * 1000:.2f} ms"


def twenty_page_cairo_pdf() -> bytes:
    from dragon_pnp.cairo_ffi import load_cairocffi
    from dragon_pnp.fonts import use_bundled_fonts_for_cairo

    cairo = load_cairocffi()
    use_bundled_fonts_for_cairo()
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, 612, 792)
    for number in range(20):
        context = cairo.Context(surface)
        context.select_font_face("Bitstream Vera Sans")
        for row in range(30):
            context.move_to(36, 40 + row * 24)
            context.show_text(f"Page {number + 1}, line {row + 1}: a dragon in pants")
            context.rectangle(400, 30 + row * 24, 150, 16)
            context.stroke()
        surface.show_page()
    surface.finish()
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kit", type=Path, default=ROOT / "output" / "dragon_pants")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    if args.smoke:
        args.runs = 1

    raw = twenty_page_cairo_pdf()
    boxes = [PageBoxes(trim=(9, 9, 603, 783), bleed=(0, 0, 612, 792))] * 20
    print(f"finish 20-page cairo PDF ({len(raw) / 1024:.0f} KiB): "
          f"{cpu_ms(lambda: finish_document(raw, title='t', subject='s', page_boxes=boxes), args.runs)}")

    missing = [name for name in KIT_PARTS if not (args.kit / name).exists()]
    if missing:
        print(f"no merge figures: {', '.join(missing)} not in {args.kit} (run `dragon-pnp build` first)")
        return
    documents = [(args.kit / name).read_bytes() for name in KIT_PARTS]
    parts = [MergePart(raw, "Cover")] + [MergePart(pdf, name, 1, (612, 792)) for name, pdf in zip(KIT_PARTS, documents)]
    merged = merge(parts, title="t", subject="s")
    print(f"merge {len(parts)} parts, {count_pages(merged)} pages, {len(merged) / 1024:.0f} KiB: "
          f"{cpu_ms(lambda: merge(parts, title='t', subject='s'), args.runs)}")

    from pypdf import PdfWriter

    logging.getLogger("pypdf").setLevel(logging.ERROR)   # cairo repeats keys in resource dictionaries; pypdf says so, often

    def pypdf_merge() -> None:
        writer = PdfWriter()
        for part in parts:
            writer.append(io.BytesIO(part.pdf), outline_item=part.title)
        writer.write(io.BytesIO())

    print(f"the same merge with pypdf (no blank pages): {cpu_ms(pypdf_merge, max(3, args.runs // 10))}")


if __name__ == "__main__":
    main()
