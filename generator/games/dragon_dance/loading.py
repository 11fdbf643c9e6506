"""Load a Dragon Dance folder with every check, the worked examples included."""

from __future__ import annotations

from pathlib import Path

from generator.errors import DataErrors
from generator.games.dragon_dance.data import DanceData, read_dance
from generator.games.dragon_dance.worked_examples import check_examples


def load_dance(folder: Path | str) -> DanceData:
    """Schema, cross-checks and the four worked examples (D13); DataErrors lists every problem."""
    data = read_dance(Path(folder))
    errors = check_examples(data)
    if errors:
        raise DataErrors(errors)
    return data
