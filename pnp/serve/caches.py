"""What a saved font file must also drop in a server that keeps running.

Every build starts from empty caches (pnp.caches.forget), but cairo's FreeType faces live as
long as the process (cairo may hold a face after its last use), so a face is let go only when
its file is saved: the next drawing opens the new file.
"""

from __future__ import annotations

FONT_SUFFIXES = (".ttf", ".otf")


def forget_changed(paths) -> None:
    if any(str(p).lower().endswith(FONT_SUFFIXES) for p in paths):
        from pnp.engines import cairo_fonts

        cairo_fonts.forget_faces()  # FreeType reads a face's file as it draws: open the new one
