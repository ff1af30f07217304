"""The `standee` kind: a folding standee, one vertical strip that folds into a tent-shaped figure.

The strip, from the top of the item: base | back (upside down) | front | base. Fold the middle
line so that front and back lean together with their tops meeting (the figure reads upright on
both sides), then fold the two bases in under the tent and glue them over each other: a
triangular prism that stands on its own. See docs/kinds-die-standee.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import Field

from pnp.draw.primitives import Group, Path, Rect, Style, multiply, rotate, translate
from pnp.kinds.args import colour_of
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.kinds.template import TemplateRenderer
from pnp.spec.elements import Element
from pnp.spec.game import FamilySpec
from pnp.spec.model import Family
from pnp.spec.types import Box, Colour, Size, Spacing

FOLD_DASH = (1.2, 0.8)


class StandeeSpec(FamilySpec):
    size: Box = Field(..., description="the upright figure panel: {w: 0.75in, h: 1.25in}")
    base: Size = Field(..., description="depth of each of the two base panels")
    front: list[Element] = Field(
        default_factory=list, description="elements drawn on the front panel (panel coordinates)"
    )
    back: list[Element] | None = Field(
        None, description="elements drawn on the back panel (default: the front again)"
    )
    background: Colour = Field("white", description="colour of the panels (may be '{colour}')")
    back_background: Colour | None = Field(
        None, description="colour of the back panel (default: background)"
    )
    base_background: Colour | None = Field(
        None, description="colour of the two base panels (default: background)"
    )
    fold_line: Colour = Field("#777777", description="colour of the dashed fold lines, or 'none'")
    outline: Colour = Field(
        "#333333", description="colour of the cut line round the strip, or 'none'"
    )
    outline_width: Spacing = Field(0.25, description="width of the cut line")
    fold_width: Spacing = Field(0.2, description="width of the fold lines")


def strip_layout(w: float, h: float, base: float) -> dict[str, tuple[float, float, float, float]]:
    """The panels of the strip as (x, y, w, h) from its top-left, and its folds (y values)."""
    return {
        "base_top": (0.0, 0.0, w, base),
        "back": (0.0, base, w, h),
        "front": (0.0, base + h, w, h),
        "base_bottom": (0.0, base + 2 * h, w, base),
    }


class StandeeKind(Kind):
    name = "standee"
    schema = StandeeSpec
    default_stock = "card"
    description = "a folding standee: base | back | front | base, folded into a tent"

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        spec: StandeeSpec = family.spec
        k = spec.scale
        w, h, b = spec.size.w, spec.size.h, spec.base
        total = 2 * b + 2 * h
        panels = strip_layout(w, h, b)
        draw = TemplateRenderer(family, ctx)
        fold = colour_of(spec.fold_line, {}, ctx, family, "fold_line")
        line = colour_of(spec.outline, {}, ctx, family, "outline")
        back_elements = spec.back if spec.back is not None else spec.front
        for item in family.items:
            a = item.attrs
            bg = colour_of(spec.background, a, ctx, family, "background")
            back_bg = (
                colour_of(spec.back_background, a, ctx, family, "back_background")
                if spec.back_background
                else bg
            )
            base_bg = (
                colour_of(spec.base_background, a, ctx, family, "base_background")
                if spec.base_background
                else bg
            )
            parts: list = []
            for key in ("base_top", "base_bottom"):
                if base_bg:
                    parts.append(Rect(*panels[key], Style(base_bg)))
            fx, fy, _, _ = panels["front"]
            if bg:
                parts.append(Rect(*panels["front"], Style(bg)))
            front = draw.render(spec.front, w, h, a, "front")
            if front:
                parts.append(
                    Group(
                        (Group(tuple(front), translate(fx, fy)),),
                        clip=Rect(*panels["front"], Style()),
                    )
                )
            bx, by, _, _ = panels["back"]
            if back_bg:
                parts.append(Rect(*panels["back"], Style(back_bg)))
            back = draw.render(back_elements, w, h, a, "back")
            if back:
                # turned 180°: its top meets the front's top at the middle fold
                m = multiply(translate(bx + w, by + h), rotate(180))
                parts.append(Group((Group(tuple(back), m),), clip=Rect(*panels["back"], Style())))
            if fold:
                ops = []
                for y in (b, b + h, b + 2 * h):
                    ops += [("M", 0.0, y), ("L", w, y)]
                parts.append(Path(tuple(ops), Style(None, fold, spec.fold_width, FOLD_DASH)))
            cut = Rect(0.0, 0.0, w, total, Style(None, line or "#000000", spec.outline_width))
            if line:
                parts.append(cut)
            body = (
                Group(tuple(parts), (k, 0.0, 0.0, k, 0.0, 0.0)) if k != 1.0 else Group(tuple(parts))
            )
            folds = []
            for y in (b, b + h, b + 2 * h):
                folds += [("M", 0.0, y * k), ("L", w * k, y * k)]
            score = Path(tuple(folds), Style(None, "#000000", spec.fold_width, FOLD_DASH))
            yield Face(
                family.name, item.id, w * k, total * k, body, None, bleed=spec.bleed, score=score
            )


KINDS = [StandeeKind()]
