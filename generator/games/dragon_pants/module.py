"""Dragon Pants behind the game interface: its data files, settings and cross-checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from generator.data.hexmap import HexMap
from generator.games.api import DataFile, GameModule
from generator.games.dragon_pants.models import DestinyData, PantsSettings, Playtime, PowerDeck

if TYPE_CHECKING:
    from generator.data import GameData
    from generator.errors import DataError


class DragonPants(GameModule):
    slug = "dragon_pants"
    data_files: ClassVar[dict[str, DataFile]] = {
        "board": DataFile("board.yaml", HexMap),
        "power": DataFile("power_cards.yaml", PowerDeck),
        "destiny": DataFile("destiny.yaml", DestinyData),
        "playtime": DataFile("playtime.yaml", Playtime, optional=True),
    }
    settings_model = PantsSettings

    def template_globals(self, game: "GameData") -> dict:
        from generator.games.dragon_pants.cards import template_globals

        return template_globals(game)


GAME = DragonPants()
