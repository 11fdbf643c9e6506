"""Exports beyond home printing: card-printing service uploads and Tabletop Simulator.

Exporters read a generic `ExportSet` (model.py) of render-ready SVGs; `from_kit.py` builds one
from today's kit. Images are drawn by the kit's render workers (raster.py) and cached like
the kit's own.
"""
