"""A digest of the code that turns a game's data into results, for caches of derived results.

The render cache keys each job by the SVG it draws, so it needs no notion of code. Caches of
whole results (a version's page keys and typeset rulebook for `diff`, a check's played games)
are keyed by their inputs instead, and the code is one of them: any edit to the generator
package, the shipped templates, the game's rules module (an installed package outside the
generator, or a package inside the game folder) or the typesetting library's version gives
new keys, so a stale result is never used. Computed once per process: code that changes under
a running process is not the code it runs.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from dragon_pnp.file_digest import folder_digest

OWN_DISTRIBUTION = "dragon_pnp"


def code_digest(module: Any = None) -> str:
    """The generator's code and templates, plus the rules module's own package when it lives
    elsewhere (an installed game, or a game folder's `rules/`)."""
    from dragon_pnp.games.registry import loaded_source

    parts = [generator_digest()]
    loaded = loaded_source(module) if module is not None else None
    folder = module_folder(module) if loaded is None else None
    if loaded is not None:
        parts.append(loaded)          # a game folder's module: the source it was imported from
    elif folder is not None:
        parts.append(folder_digest(folder))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def module_folder(module: Any) -> Path | None:
    """The folder of the top-level package (or the single file's folder) a rules module comes
    from, when it is not part of the generator package; None for none."""
    if module is None:
        return None
    name = type(module).__module__
    loaded = sys.modules.get(name)
    top = sys.modules.get(name.split(".")[0])
    source = getattr(top, "__file__", None) or getattr(loaded, "__file__", None)
    if not source:
        return None
    path = Path(source).resolve()
    folder = path.parent
    if folder == generator_folder() or generator_folder() in folder.parents:
        return None
    return folder


def generator_folder() -> Path:
    """The installed `dragon_pnp` package's folder."""
    return Path(__file__).resolve().parent


def installed_distributions() -> list[str]:
    """Every installed distribution by its metadata folder's name (name and version), once each:
    a library upgrade (cairosvg, reportlab, rl-accel...) may change output bytes. Each is taken
    from the first path entry that holds it, the one an import finds, and where it lies is left
    out, so the same libraries give the same digest however the process started: `dragon-pnp`,
    `python -m dragon_pnp` from the checkout (whose egg-info is then on the path), or a test
    harness with another first entry (their digests differed, and every remembered build missed
    across them). The generator's own distribution is left out: its code is digested file by file."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                project = re.split(r"-|\.(?:dist|egg)-info$", name)[0].lower().replace("-", "_").replace(".", "_")
                if project != OWN_DISTRIBUTION:
                    found.setdefault(project, name)
    return sorted(found.values())


@lru_cache(maxsize=1)
def generator_digest() -> str:
    """The Python, every installed library, the generator package and the templates: computed
    once per process (code that changes under a running process is not the code it runs)."""
    from dragon_pnp.resources import templates_dir

    parts = [sys.version, *installed_distributions(), folder_digest(generator_folder())]
    templates = templates_dir().resolve()
    if generator_folder() not in templates.parents:
        parts.append(folder_digest(templates))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()

