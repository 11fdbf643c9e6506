"""The colour conversion, by Ghostscript's pdfwrite: RGB to the output profile's CMYK.

For PDF/X-4 the PDF keeps its transparency (PDF 1.6); for PDF/X-1a pdfwrite writes PDF 1.3,
which has none, so it flattens every page that uses transparency into an image at `FLATTEN_DPI`.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from dragon_pnp.errors import NotationError

FLATTEN_DPI = 300   # pages with transparency, rasterised for PDF/X-1a: a print resolution, not a fine one


def convert(source: Path, target: Path, profile: Path, level: str) -> None:
    """`source` converted to CMYK through `profile` into `target` (PDF 1.6 for x4, 1.3 for x1a)."""
    gs = shutil.which("gs")
    if gs is None:
        raise NotationError("--pdfx needs Ghostscript (the `gs` command): install it, e.g. apt-get install ghostscript")
    command = [gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=pdfwrite",
               f"-dCompatibilityLevel={'1.3' if level == 'x1a' else '1.6'}",
               "-sColorConversionStrategy=CMYK", "-dProcessColorModel=/DeviceCMYK",
               f"-sOutputICCProfile={profile}", "-dDeviceGrayToK=true", "-dAutoRotatePages=/None",
               "-dEmbedAllFonts=true", "-dSubsetFonts=true", f"-r{FLATTEN_DPI}",
               f"--permit-file-read={profile}", f"-sOutputFile={target}", str(source)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0 or not target.exists():
        raise RuntimeError(f"Ghostscript could not convert {source.name}: {(done.stderr or done.stdout).strip()[:400]}")
