"""Every cache pnp keeps at module level, and the one place that empties them.

`forget()` runs at the start of each build (pnp.pipeline.prepare), so nothing one build read or
worked out (a font's metrics, an SVG file, a parsed template, a path's PDF operators) survives
into the next: a `pnp serve` that runs for hours draws each save from the files as they are
now, and holds no more than one build's worth. Within a build each cache pays for itself:
docs/performance.md measures what each saves and on which workload.

A cache not yet imported is skipped: emptying one never imports the module that keeps it.
"""

from __future__ import annotations

import sys

# (module, name): an lru_cache'd function, or a dict or ByIdentity with clear()
CACHES = (
    ("pnp.draw.fonts", "metrics_for"),  # a font file's metrics, by path
    ("pnp.fontfiles", "truetype_data"),  # a CFF font converted to TrueType outlines
    ("pnp.draw.svgart", "read_art"),  # an SVG file's drawing, by path
    ("pnp.spec.expand", "_parsed"),  # a `{attr}` template's parts
    ("pnp.draw.text", "_fitted"),  # a text's size and lines, by its text, box, size and font
    ("pnp.draw.text", "_measured"),  # a string's width in ems, by font
    ("pnp.spec.yamlfile", "_SCALAR_TAGS"),  # a plain YAML scalar's implicit tag
    ("pnp.kinds.polyhedra.solids", "solid"),  # a solid's geometry, by name
    ("pnp.kinds.polyhedra.nets", "make_net"),  # a solid's net at an edge length
    ("pnp.engines.svg_pages", "_glyph_cache"),  # a font's glyph outlines, for SVG pages
    ("pnp.face_images", "_canvases"),  # a game's cairo canvas for face pictures
    ("pnp.kinds.template", "_raster_problem"),  # whether a PNG or JPEG file is whole
    ("pnp.draw.colourdiff", "lab"),  # a colour in CIELAB (the ink-saver)
    ("pnp.draw.colourdiff", "difference"),  # two colours' CIEDE2000 difference
    ("pnp.rulecheck.spans", "norm"),  # a printed text with its spaces made single
    ("pnp.rulecheck.reading", "matched"),  # a rule's pattern against a printed text
    ("pnp.rulecheck.ground", "_GROUNDS"),  # an art's outline, to test points against
)


def forget() -> None:
    """Empty every module-level cache."""
    for module, name in CACHES:
        cache = getattr(sys.modules.get(module), name, None)
        if cache is None:
            continue
        if hasattr(cache, "cache_clear"):
            cache.cache_clear()
        else:
            cache.clear()
