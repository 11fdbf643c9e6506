"""`dragon-pnp tune`: search the game's numbers for the smallest change that meets a balance target.

Targets name figures the rules check reports (`figures.py`); what may change is data paths with
wildcards and ranges or the game's declared `tunable:` numbers (`knobs.py`); candidates are
edits of those numbers' text in a copy of the folder (`edits.py`), raced against the current
version on common seeds (`search.py`), the best verified on fresh seeds (`verify.py`), written
as text or JSON (`writers.py`) and applied in place (`edits.apply_to_folder`).
"""
