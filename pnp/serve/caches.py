"""Caches the engines keep by file path, emptied when a file of that sort is saved.

A build reads each file once; a server that keeps running must not show a font or an SVG
as it was before the user saved it.
"""

from __future__ import annotations

FONT_SUFFIXES = (".ttf", ".otf")


def forget_changed(paths) -> None:
    names = [str(p).lower() for p in paths]
    if any(n.endswith(".svg") for n in names):
        from pnp.draw.svgart import read_art

        read_art.cache_clear()
    if any(n.endswith(FONT_SUFFIXES) for n in names):
        from pnp.draw.fonts import metrics_for
        from pnp.engines import cairo_fonts, svg_pages

        metrics_for.cache_clear()
        svg_pages._glyph_cache.clear()
        cairo_fonts._faces.clear()  # FreeType reads a face's file as it draws: open the new one
