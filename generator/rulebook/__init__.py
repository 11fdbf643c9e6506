"""The typeset rulebook: `data/<game>/rules.md` (Jinja2 + a small markup) plus the game data,
laid out with reportlab Platypus into `rulebook.pdf` and a one-page `player-aid.pdf`.

Flow: `source.render_rules` (numbers from the data) -> `markup.parse` (blocks) ->
`flow.RulesFlow` (flowables; `directives` for generated tables and figures) -> `document.typeset`.
"""

from generator.rulebook.document import Rulebook, typeset

__all__ = ["Rulebook", "typeset"]
