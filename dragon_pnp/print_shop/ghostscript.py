"""The colour conversion, by Ghostscript's pdfwrite: RGB to the output profile's CMYK.

For PDF/X-4 the PDF keeps its transparency (PDF 1.6); for PDF/X-1a pdfwrite writes PDF 1.3,
which has none, so it flattens every page that uses transparency into an image at `FLATTEN_DPI`.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

from dragon_pnp.errors import ExternalToolError, NotationError

FLATTEN_DPI = 300   # pages with transparency, rasterised for PDF/X-1a: a print resolution, not a fine one
# Seconds one file's conversion may take: a whole game's X-1a flattening takes about a minute,
# so ten is far past any real run; DRAGON_PNP_GS_TIMEOUT changes it.
DEFAULT_TIMEOUT_S = 600.0


def time_limit() -> float:
    """The per-file limit in seconds (DRAGON_PNP_GS_TIMEOUT, else the default)."""
    setting = os.environ.get("DRAGON_PNP_GS_TIMEOUT", "").strip()
    try:
        value = float(setting) if setting else DEFAULT_TIMEOUT_S
    except ValueError:
        raise NotationError(f"DRAGON_PNP_GS_TIMEOUT={setting!r}: expected a number of seconds") from None
    if value <= 0:
        raise NotationError(f"DRAGON_PNP_GS_TIMEOUT={setting!r}: expected a number of seconds above 0")
    return value


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
    limit = time_limit()
    returncode, said = _run(command, limit, f"Ghostscript ({gs}) converting {source.name}")
    if returncode != 0 or not target.exists():
        said = " ".join(said.split())[:300] or "no message"
        raise ExternalToolError(f"Ghostscript ({gs}) could not convert {source.name} (exit {returncode}): {said}")


def _run(command: list[str], limit: float, what: str) -> tuple[int, str]:
    """Run `command` in its own process group; past `limit` seconds the whole group is killed (a
    wrapper script's children too, which would otherwise hold the pipes open) and reaped."""
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   errors="replace", start_new_session=True)
    except OSError as exc:
        raise ExternalToolError(f"{what}: could not start it: {exc.strerror or exc}") from None
    try:
        output, _ = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        raise ExternalToolError(f"{what}: no answer within {limit:g} s, stopped (DRAGON_PNP_GS_TIMEOUT)") from None
    except BaseException:
        _kill_group(process)
        raise
    return process.returncode, output or ""


def _kill_group(process: subprocess.Popen[str]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()
    process.communicate()
