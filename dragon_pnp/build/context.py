"""What every build step receives: the game, the user's options, and where to write."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_pnp.data import GameData


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "letter"
    duplex: bool = True
    check: bool = True
    check_games: int = 100
    seed: int = 1
    services: tuple[str, ...] = ()   # card-printing services to write uploads for (service-<name>/)
    pdfx: str | None = None          # "x4" or "x1a": also write print-shop/ PDF/X files
    proof: bool = True               # the accessibility proof's quick part, into proof.json


@dataclass
class BuildContext:
    """Shared state of one build. Steps record the files they write in `artifacts` by role.

    A step may leave work running in the background (the print kit renders in worker
    processes while the rulebook is typeset here): it records a finisher with `defer`, and
    `settle` runs the finishers, as the pipeline does before the build is swapped in. A
    step that reads other steps' files calls `settle` first. `page_counts` tells later
    steps how many pages a deferred PDF will have.
    """

    game: GameData
    options: BuildOptions
    out_dir: Path
    artifacts: dict[str, Path] = field(default_factory=dict)
    advance: Callable[[str], None] = lambda label: None
    page_counts: dict[str, int] = field(default_factory=dict)
    pending: list[Callable[[], None]] = field(default_factory=list)
    # Work a step began before the first step ran (`Step.begin`), by name; each has close().
    early: dict[str, Any] = field(default_factory=dict)
    # The kit's documents in order: title and whether two-sided; and what is in the box.
    documents: dict[str, tuple[str, bool]] = field(default_factory=dict)
    in_the_box: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)   # what the old kit held and this one does not
    shared_cut: bool = False   # some sheet's pieces share their cuts (the cover says what that trades)
    # The rulebook without its last page, the aid to cut out, when that page would back rules in
    # print-and-play (the aid then goes on the back of the cover).
    rules_without_aid: bytes | None = None
    aid_copies: int = 1     # player aids on the aid's page (2: a half-page aid printed twice)
    # Page runs of the kit's documents that make the same thing two ways (KitPlan.alternatives).
    # Each run: (document, first page index, page count, what it is, what else its pages hold or "").
    alternatives: list[tuple[tuple[str, int, int, str, str], tuple[str, int, int, str, str]]] = field(default_factory=list)

    def path(self, relative: str) -> Path:
        """A path inside the output folder, with its parent folders created."""
        target = self.out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def begun(self, name: str, work: Any) -> None:
        """Record work started ahead of its step; `close_early` stops whatever no step collected."""
        self.early[name] = work

    def close_early(self) -> None:
        while self.early:
            _, work = self.early.popitem()
            work.close()

    def defer(self, finisher: Callable[[], None]) -> None:
        self.pending.append(finisher)

    def settle(self) -> None:
        """Finish everything steps left running, in the order they started it."""
        while self.pending:
            self.pending.pop(0)()
