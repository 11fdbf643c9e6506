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
import io
import importlib.util
import os
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

MODULE_PREFIX = "_dragon_pnp_cairo_ffi_"


def load_cairocffi() -> Any:
    """The cairocffi module, imported through a prebuilt FFI when possible."""
    if "cairocffi" not in sys.modules:
        try:
            _install_prebuilt_ffi()
        except Exception:  # noqa: BLE001 - any trouble here only costs the fast path
            sys.modules.pop("cairocffi.ffi", None)
    import cairocffi

    return cairocffi


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
    if not path.exists():
        _write_module(name, headers, path)
    prebuilt = _load_file(name, path)
    module = types.ModuleType("cairocffi.ffi")
    module.ffi = prebuilt.ffi
    module.__getattr__ = _pixbuf_ffi(package / "ffi.py")  # ffi_pixbuf: rarely used, built on demand
    sys.modules["cairocffi.ffi"] = module


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
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def _load_file(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception:
        if MODULE_PREFIX in name:
            path.unlink(missing_ok=True)  # a damaged cache entry: rebuilt next time
        raise
    return module


def _pixbuf_ffi(original: Path):
    def attribute(name: str) -> Any:
        if name != "ffi_pixbuf":
            raise AttributeError(name)
        spec = importlib.util.spec_from_file_location("cairocffi._ffi_in_line", original,
                                                      submodule_search_locations=None)
        module = importlib.util.module_from_spec(spec)
        module.__package__ = "cairocffi"
        spec.loader.exec_module(module)
        return module.ffi_pixbuf

    return attribute
