"""What a build keeps of the folder it replaces: the reports other commands wrote there.

`check GAME` writes `rules-check.*` and `diff` writes `diff/` into `output/<game>/`, the kit's
own folder, which a build replaces whole. A build that does not write a report itself (no
rules check, or `--no-check`, the studio's builds) copies the old one into its staging folder,
byte for byte, before the swap, so the report outlives the kit it sat beside. A build that
runs the rules check writes a new report set and the old one goes, as a check would replace
it. Anything else the old kit held that the new one does not (a `print-shop/` of an earlier
`--pdfx` build) is named by `dropped`, so the build can say it is gone.
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path

from dragon_pnp.build.output_folder import MARKER

REPORT_SET = ("rules-check.json", "rules-check.html", "rules-check.pdf")   # one check's report, kept whole
REPORT_FOLDERS = ("diff",)                                                  # `dragon-pnp diff`'s default folder
PROOF_PICTURES = ("proof/", "proof.html", "proof.pdf")                      # `dragon-pnp proof`'s, of the old pages


@dataclass
class Carried:
    """What one swap kept of the old kit, and what of it is gone (for the build to say)."""

    kept: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    def take(self, old: Path, staging: Path) -> None:
        """Just before `staging` replaces `old`: copy the old reports in, note what goes."""
        self.kept = keep_reports(old, staging)
        self.dropped = dropped(old, staging)

    def note(self) -> str:
        """One line naming what the new kit no longer holds, or ""."""
        if not self.dropped:
            return ""
        proof = [name for name in self.dropped if name in PROOF_PICTURES]
        other = [name for name in self.dropped if name not in PROOF_PICTURES]
        said = [f"the previous kit's {', '.join(other)} {'is' if len(other) == 1 else 'are'} gone: "
                "this build did not write them (build with the same options to write them again)"] if other else []
        if proof:   # pictures of the old pages: kept, they would show a kit that is no longer there
            said.append(f"the previous accessibility proof's {', '.join(proof)} showed the old pages: "
                        "`dragon-pnp proof` draws the new ones")
        return "; ".join(said)


def is_kept_report(relative: str) -> bool:
    """Whether a path inside a kit folder is a report a build keeps rather than writes."""
    top = relative.split("/", 1)[0]
    return top in REPORT_SET or top in REPORT_FOLDERS


def keep_reports(old: Path, staging: Path) -> list[str]:
    """Copy the reports in `old` the new build (in `staging`) did not write; the names copied."""
    if not old.is_dir() or old.is_symlink():
        return []
    _finish_report_swap(old)
    kept: list[str] = []
    if not any(os.path.lexists(staging / name) for name in REPORT_SET):
        for name in REPORT_SET:
            if _regular(old / name):
                shutil.copy2(old / name, staging / name, follow_symlinks=False)
                kept.append(name)
    for name in REPORT_FOLDERS:
        source = old / name
        if os.path.lexists(staging / name) or not source.is_dir() or source.is_symlink():
            continue
        shutil.copytree(source, staging / name, symlinks=True)
        kept.append(f"{name}/")
    return kept


def dropped(old: Path, staging: Path) -> list[str]:
    """Top-level entries of the old kit that the new one (with its kept reports) will not have."""
    try:
        before = set(os.listdir(old)) if old.is_dir() and not old.is_symlink() else set()
        after = set(os.listdir(staging))
    except OSError:
        return []
    gone = sorted(before - after - {MARKER})
    return [name + ("/" if (old / name).is_dir() else "") for name in gone if not name.startswith(".")]


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


def _finish_report_swap(folder: Path) -> None:
    """A check killed mid-swap left a journal: finish it first, so the set kept is whole."""
    from dragon_pnp.report.report_set import recover_report_set

    try:
        recover_report_set(folder)
    except OSError:
        pass
