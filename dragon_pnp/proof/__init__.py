"""`dragon-pnp proof GAME`: an accessibility proof of a built kit.

What a player with a colour vision deficiency, or a greyscale printer, sees of the kit
(`vision.py`); whether the things the data says must be told apart still are, or carry a second
cue (`pairs.py`); text contrast against WCAG's numbers and the smallest text of each document
(`pages.py`); the report as JSON, HTML and PDF (`writers.py`), run by `run.py`.
"""
