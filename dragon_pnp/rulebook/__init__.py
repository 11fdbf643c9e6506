"""The typeset rulebook: `data/<game>/rules.md` (Jinja2 + a small markup) plus the game data,
laid out with reportlab Platypus into `rulebook.pdf` and a one-page `player-aid.pdf`.

Flow: `source.render_rules` (numbers from the data) -> `markup.parse` (blocks) ->
`flow.RulesFlow` (flowables; `directives` for generated tables and figures) -> `document.typeset`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Rulebook", "typeset"]


def __getattr__(name: str) -> Any:
    """`Rulebook` and `typeset` on first use: importing the package (a build step's module, say)
    must not import reportlab, which a build loads only in the child that typesets."""
    if name in __all__:
        from dragon_pnp.rulebook import document

        return getattr(document, name)
    raise AttributeError(f"module 'dragon_pnp.rulebook' has no attribute {name!r}")
