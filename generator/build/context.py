"""What every build step receives: the game, the user's options, and where to write."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from generator.data import GameData


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "letter"
    duplex: bool = True
    check: bool = True
    check_games: int = 100
    seed: int = 1


@dataclass
class BuildContext:
    """Shared state of one build. Steps record the files they write in `artifacts` by role."""

    game: GameData
    options: BuildOptions
    out_dir: Path
    artifacts: dict[str, Path] = field(default_factory=dict)
    advance: Callable[[str], None] = lambda label: None

    def path(self, relative: str) -> Path:
        """A path inside the output folder, with its parent folders created."""
        target = self.out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        return target
