"""dragon_pnp.cairo_ffi: cairocffi through a prebuilt FFI draws exactly what the plain import draws."""

from __future__ import annotations

import os
import subprocess
import sys

from dragon_pnp.data.loader import project_root

DRAW = """
import hashlib, os, sys
if sys.argv[1] == "prebuilt":
    from dragon_pnp.cairo_ffi import load_cairocffi
    cairo = load_cairocffi()
else:
    import cairocffi as cairo
from dragon_pnp.fonts import use_bundled_fonts_for_cairo
use_bundled_fonts_for_cairo()
import io
surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 120, 40)
context = cairo.Context(surface)
context.set_source_rgb(0.2, 0.4, 0.8)
context.rectangle(5, 5, 50, 20)
context.fill()
context.move_to(10, 30)
context.set_font_size(14)
context.show_text("Pants")
png = io.BytesIO()
surface.write_to_png(png)
pdf = io.BytesIO()
document = cairo.PDFSurface(pdf, 100, 100)
document.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
cairo.Context(document).paint()
document.finish()
kind = type(cairo.ffi).__module__
print(kind, hashlib.sha256(png.getvalue()).hexdigest(), hashlib.sha256(pdf.getvalue()).hexdigest())
"""


def draw(mode: str, cache) -> list[str]:
    env = {**os.environ, "DRAGON_PNP_FFI_CACHE": str(cache), "PYTHONPATH": str(project_root())}
    out = subprocess.run([sys.executable, "-c", DRAW, mode], env=env, cwd=project_root(),
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_prebuilt_ffi_draws_the_same_bytes_as_the_plain_import(tmp_path):
    plain = draw("plain", tmp_path)
    first = draw("prebuilt", tmp_path)        # generates the module
    again = draw("prebuilt", tmp_path)        # loads it
    assert plain[0] == "cffi.api" and first[0] == again[0] == "_cffi_backend"
    assert plain[1:] == first[1:] == again[1:]
    assert len(list(tmp_path.glob("_dragon_pnp_cairo_ffi_*.py"))) == 1


def test_a_damaged_module_is_never_run_but_rebuilt(tmp_path):
    good = draw("prebuilt", tmp_path)
    (module,) = tmp_path.glob("_dragon_pnp_cairo_ffi_*.py")
    original = module.read_bytes()
    table = original.index(b"_types = b'") + 20
    damages = [b"this is not python(", original[:len(original) // 2],
               original[:table] + bytes([original[table] ^ 1]) + original[table + 1:]]  # could crash, if run
    for damage in damages:
        module.write_bytes(damage)
        assert draw("prebuilt", tmp_path) == good
        assert module.read_bytes() == original


def test_an_unwritable_cache_falls_back_to_the_plain_import(tmp_path):
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    assert draw("prebuilt", blocked)[0] == "cffi.api"


def test_pixbuf_is_refused_clearly_rather_than_half_working(tmp_path):
    env = {**os.environ, "DRAGON_PNP_FFI_CACHE": str(tmp_path), "PYTHONPATH": str(project_root())}
    code = ("from dragon_pnp.cairo_ffi import load_cairocffi; load_cairocffi()\n"
            "try:\n    import cairocffi.pixbuf\nexcept ImportError as error:\n    print(error)")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=project_root(), capture_output=True, text=True,
                         check=True)
    assert "leaves out gdk-pixbuf" in out.stdout


def test_cairo_is_opened_by_file_name_and_the_usual_lookup_is_the_fallback(tmp_path):
    env = {**os.environ, "DRAGON_PNP_FFI_CACHE": str(tmp_path), "PYTHONPATH": str(project_root())}
    code = """
import contextlib, ctypes.util, sys
from dragon_pnp import cairo_ffi
if sys.argv[1] == "fail":
    @contextlib.contextmanager
    def failing():
        yield
        raise OSError("cannot open libcairo.so.2")   # as if the file name were unknown here
    cairo_ffi._library_by_file_name = failing
cairo = cairo_ffi.load_cairocffi()
surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 4, 4)
print(cairo.find_library is ctypes.util.find_library, cairo.cairo_version_string())
"""
    for mode in ("fast", "fail"):
        out = subprocess.run([sys.executable, "-c", code, mode], env=env, cwd=project_root(),
                             capture_output=True, text=True, check=True)
        restored, version = out.stdout.split()
        assert restored == "True" and version.count(".") == 2
