"""Exports written once per test session (The Game Crafter, MakePlayingCards, Tabletop Simulator)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.export.from_kit import export_set
from dragon_pnp.export.services import service
from dragon_pnp.export.writers import start_service_export, start_tts_export
from dragon_pnp.games.registry import load_game


@pytest.fixture(scope="session", autouse=True)
def render_cache(private_render_cache):
    """Every test here renders into the run's private cache (tests/conftest.py)."""
    return private_render_cache


@pytest.fixture(scope="session")
def game():
    return load_game("dragon_pants")


@pytest.fixture(scope="session")
def dragon_export(game):
    return export_set(game)


@pytest.fixture(scope="session")
def service_exports(dragon_export, tmp_path_factory):
    """Folder of each service's upload files for Dragon Pants, written on first use."""
    written: dict[str, Path] = {}

    def get(name: str) -> Path:
        if name not in written:
            folder = tmp_path_factory.mktemp(f"service-{name}")
            start_service_export(dragon_export, service(name)).write(folder)
            written[name] = folder
        return written[name]

    return get


@pytest.fixture(scope="session")
def tts_export(dragon_export, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tts")
    start_tts_export(dragon_export, folder).write(folder)
    return folder
