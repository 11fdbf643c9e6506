"""Import cairocffi without re-parsing cairo's C header in every process.

cairocffi declares cairo's API in in-line ABI mode: each import hands the whole header to
pycparser, about 0.15-0.3 s, paid again by every render worker of every build. cffi's
out-of-line ABI mode does that parse once and writes the result as a small Python module of
type tables, which loads in milliseconds and needs no compiler. `load_cairocffi` builds that
module for the installed cairocffi and cffi the first time (into a cache folder, keyed by
the header text and both versions), then installs it as `cairocffi.ffi` before cairocffi
imports. Anything unexpected (another cairocffi layout, xcb support present, an unwritable
cache) falls back to the plain import: slower, never wrong.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import os
import sys
import tempfile
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

MODULE_PREFIX = "_dragon_pnp_cairo_ffi_"
CHECKSUM_MARK = b"\n# dragon-pnp sha256="


def load_cairocffi() -> Any:
    """The cairocffi module, imported through a prebuilt FFI when possible, with fontconfig
    already pointed at the bundled fonts.

    Every cairo user in the package comes through here, because fontconfig reads its
    configuration once per process, at the first text cairo draws: a proof or a rulebook icon
    drawn before a kit render once left a test process (and the render workers forked from it)
    on the host's fonts, and the same kit then came out in other bytes.
    """
    from dragon_pnp.fonts import use_bundled_fonts_for_cairo

    use_bundled_fonts_for_cairo()
    if "cairocffi" not in sys.modules:
        try:
            _install_prebuilt_ffi()
        except Exception:
            sys.modules.pop("cairocffi.ffi", None)
        try:
            with _library_by_file_name():
                import cairocffi
        except OSError:
            for name in [name for name in sys.modules if name == "cairocffi" or name.startswith("cairocffi.")]:
                del sys.modules[name]
    import cairocffi

    return cairocffi


@contextlib.contextmanager
def _library_by_file_name() -> Iterator[None]:
    """Let cairocffi open cairo by its usual file name (libcairo.so.2, ...) straight away.

    Its first try is ctypes.util.find_library, which on Linux runs ldconfig, gcc and ld in
    subprocesses (about 45 ms per process) to find the file the dynamic loader would find by
    that name anyway. If opening by file name fails, the caller imports again the usual way.
    """
    import ctypes.util

    original = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        yield
    finally:
        ctypes.util.find_library = original
        if "cairocffi" in sys.modules:
            vars(sys.modules["cairocffi"])["find_library"] = original  # it imported the name itself


def ffi_cache_folder() -> Path:
    setting = os.environ.get("DRAGON_PNP_FFI_CACHE", "").strip()
    if setting:
        return Path(setting).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dragon-pnp" / "cffi"


def _install_prebuilt_ffi() -> None:
    spec = importlib.util.find_spec("cairocffi")
    if spec is None or not spec.submodule_search_locations or importlib.util.find_spec("xcffib") is not None:
        return
    package = Path(next(iter(spec.submodule_search_locations)))
    headers = _load_file("_dragon_pnp_cairocffi_constants", package / "constants.py")._CAIRO_HEADERS
    import cffi

    key = hashlib.sha256(f"{cffi.__version__}|{headers}".encode()).hexdigest()[:24]
    name = MODULE_PREFIX + key
    path = ffi_cache_folder() / f"{name}.py"
    source = _verified_source(path)
    if source is None:
        _write_module(name, headers, path)
        source = _verified_source(path)
    if source is None:
        raise ImportError(f"{path} does not verify")
    prebuilt = types.ModuleType(name)
    exec(compile(source, str(path), "exec"), prebuilt.__dict__)
    module = types.ModuleType("cairocffi.ffi")
    vars(module).update(ffi=prebuilt.ffi, __getattr__=_no_pixbuf)
    sys.modules["cairocffi.ffi"] = module


def _verified_source(path: Path) -> bytes | None:
    """The generated module's text if its checksum holds: a damaged type table could crash
    Python rather than raise, so a file that does not verify is deleted and never run."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    body, mark, digest = data.rpartition(CHECKSUM_MARK)
    if mark and digest.strip() == hashlib.sha256(body).hexdigest().encode():
        return body
    path.unlink(missing_ok=True)
    return None


def _write_module(name: str, headers: str, path: Path) -> None:
    """cffi's out-of-line ABI module for the header, written atomically (builds may race)."""
    from cffi import FFI

    builder = FFI()
    builder.cdef(headers)
    builder.set_source(name, None)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".py")
    os.close(handle)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # cffi announces what it generates
            builder.emit_python_code(temporary)
        body = Path(temporary).read_bytes()
        Path(temporary).write_bytes(body + CHECKSUM_MARK + hashlib.sha256(body).hexdigest().encode() + b"\n")
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def _load_file(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _no_pixbuf(name: str) -> NoReturn:
    """cairocffi.pixbuf (gdk-pixbuf images) is not declared in the prebuilt FFI; nothing here uses it."""
    if name == "ffi_pixbuf":  # ImportError, so `from .ffi import ffi_pixbuf` keeps this message
        raise ImportError("dragon-pnp's prebuilt cairo FFI leaves out gdk-pixbuf; import cairocffi "
                             "directly (not through dragon_pnp.cairo_ffi) to use cairocffi.pixbuf")
    raise AttributeError(name)
