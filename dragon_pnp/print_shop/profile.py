"""The output intent: the shipped SWOP profile, or the one a game's print.yaml names."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.data.reading import MAX_PROFILE_BYTES, read_bounded
from dragon_pnp.errors import DataError, NotationError

PROFILES = Path(__file__).parent / "profiles"


@dataclass(frozen=True)
class OutputIntent:
    profile: Path          # the CMYK ICC profile, embedded as DestOutputProfile
    condition: str         # OutputConditionIdentifier, e.g. "CGATS TR 001" or "FOGRA39"
    info: str              # human-readable description of the condition


SHIPPED = OutputIntent(PROFILES / "artifex-swop-cmyk.icc", "CGATS TR 001",
                       "SWOP coated web offset (Artifex CMYK SWOP Profile, shipped with Ghostscript)")


def output_intent(root: Path, profile: str | None, condition: str | None) -> OutputIntent:
    """The intent print.yaml asks for (a profile path relative to the game folder), else the shipped one."""
    if not profile:
        return SHIPPED
    named = root / profile
    # The one bounded reader: a regular file of a profile's size; one named relative to the game
    # folder must be inside it (no link out), an absolute path names a profile installed elsewhere.
    inside = None if Path(profile).is_absolute() else root
    try:
        header = read_bounded(named, MAX_PROFILE_BYTES, inside=inside)[:40] if os.path.lexists(named) else b""
    except DataError as exc:
        raise NotationError(f"{root.name}/print.yaml, pdfx_profile: {profile}: {exc.message}") from None
    if header[36:40] != b"acsp" or header[16:20] != b"CMYK":
        raise NotationError(f"{root.name}/print.yaml, pdfx_profile: {profile}: expected a CMYK ICC profile file "
                            f"({'not found' if not header else 'not a CMYK ICC profile'})")
    path = named.resolve()
    return OutputIntent(path, condition or path.stem, f"{condition or path.stem} ({path.name})")
