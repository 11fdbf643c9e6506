"""A game's own name for a generic option: `--preset` where the game calls its setups presets.

Commands that take `--setup` accept the game's word for it (`Vocabulary.setup_noun`), so a
designer types what their rulebook says. The command line cannot know the game before parsing,
so those commands let unknown options through and hand them here once the game is loaded.
"""

from __future__ import annotations

from typing import Any

import typer

from dragon_pnp.errors import NotationError
from dragon_pnp.games.parts import Vocabulary

# Typer settings for a command that takes the game's own option words.
ALLOW_GAME_WORDS = {"allow_extra_args": True, "ignore_unknown_options": True}


def game_and_words(ctx: typer.Context, game: str | None) -> str | None:
    """GAME as the user meant it. Unknown options are let through unparsed, so in
    `play --new --preset volatile` (the game from DRAGON_PNP_GAME) the parser hands `--preset`
    to GAME and `volatile` to the leftovers: here every unknown option takes its value back (the
    word after it, unless written `--flag=value`) and GAME is the first word left, or None."""
    if game is None or not game.startswith("-"):
        return game
    words, rest, found = [game, *ctx.args], [], None
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("-"):
            takes_next = "=" not in word and i + 1 < len(words)
            rest += words[i:i + 2] if takes_next else [word]
            i += 2 if takes_next else 1
            continue
        if found is None:
            found = word
        else:
            rest.append(word)
        i += 1
    ctx.args[:] = rest
    return found


def setup_from_words(ctx: typer.Context, module: Any, setup: str | None) -> str | None:
    """`setup`, or the value given as `--<setup noun>` (the game's word); anything else left over is
    an unknown option (exit 2)."""
    noun = module.part(Vocabulary).setup_noun if module is not None else "setup"
    flag = f"--{noun}"
    extra = list(ctx.args)
    given: str | None = None
    while extra:
        word = extra.pop(0)
        name, has_value, value = word.partition("=")
        if name != flag or noun == "setup":
            raise NotationError(f"no such option: {word}")
        if not has_value:
            if not extra:
                raise NotationError(f"{flag} needs a value")
            value = extra.pop(0)
        given = value
    if given is not None and setup:
        raise NotationError(f"give --setup or {flag}, not both")
    return given if given is not None else setup
