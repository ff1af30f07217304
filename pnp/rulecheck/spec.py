"""Schema of rules.yaml."""

from __future__ import annotations

import builtins
import math
from typing import Any, Literal

from pydantic import Field, PrivateAttr, model_validator

from pnp.rulecheck.printed_spec import (
    SHORTHAND,
    Area,
    AreaRef,
    FaceSelect,
    Match,
    from_shorthand,
    measure_of,
)
from pnp.spec.types import Strict


def _finite(value: object) -> bool:
    """Whether every number in an expect (a number, a list, a mapping) is finite."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_finite(v) for v in value)
    return True


Where = dict[str, object]


class Select(Strict):
    family: str | list[str] = Field(..., description="family name, or a list of them")
    where: Where | None = Field(
        None, description="only items whose attributes match: {suit: hearts}"
    )


class Distribution(Select):
    by: str | list[str] = Field(
        ...,
        description="the attribute to count by, or a list of them to count each combination: [suit, rank]",
    )


class Matched(Select):
    by: str | list[str] | None = Field(
        None,
        description="compare items per value of this attribute (or combination: [suit, rank]) instead of only their number",
    )


class PerPlayer(Select):
    by: str = Field("colour", description="the attribute that names the player")


class Total(Select):
    attr: str = Field(..., description="the attribute to add up or list")


class Records(Strict):
    family: str | list[str] = Field(..., description="family name, or a list of them")
    field: str = Field(
        ..., description="a list in the family's spec whose entries are checked, e.g. hexes"
    )
    where: Where | None = Field(None, description="only entries whose keys match: {port: true}")
    unless: Where | None = Field(
        None, description="leave out entries whose keys match: {terrain: [sea, void]}"
    )
    by: str | None = Field(
        None, description="count entries per value of this key (entries without it are left out)"
    )


class Property(Strict):
    family: str
    key: str = Field(
        ..., description="dotted path into the family's spec, e.g. size.w or front.*.grid.cols"
    )


class Rule(Strict):
    id: str = Field(..., description="short name of the rule")
    cite: str = Field(..., min_length=3, description="the rulebook passage the rule comes from")
    note: str | None = Field(
        None, description="how the number was decided where the rulebook is silent"
    )
    design_choice: bool = Field(
        False, description="true when the rulebook does not give this number"
    )
    variant: str | None = Field(
        None,
        description="check this rule on the game built in this variant (e.g. the reduced print), whichever variant is checked",
    )
    count: Select | None = Field(None, description="number of items")
    distribution: Distribution | None = Field(None, description="items per value of an attribute")
    per_player: PerPlayer | None = Field(None, description="items each player's set has")
    sum: Total | None = Field(None, description="sum of a numeric attribute")
    values: Total | None = Field(None, description="the set of values an attribute takes")
    equal: list[Matched] | None = Field(
        None,
        min_length=2,
        description="these counts are all equal (with 'by': the same items per value, e.g. one coin per tile of each suit and rank)",
    )
    property: Property | None = Field(None, description="a value of the family's spec")
    option: str | None = Field(
        None, description="a game option (setup numbers in game.yaml options)"
    )
    records: Records | None = Field(
        None, description="entries of a list in a family's spec (e.g. a hex map's hexes)"
    )
    # a rule over what the faces print: select faces -> measure -> compare with expect
    select: FaceSelect | None = Field(
        None, description="the faces the rule reads: family, where, side, in, key, per"
    )
    measure: str | dict[str, Any] | None = Field(
        None,
        description="what is measured on each face: a name from docs/rules.md's table, or {name: {options}}",
    )
    # the one-key spellings of select + measure (docs/rules.md, Shorthand): read as select + measure
    prints: dict[str, Any] | None = Field(
        None, description="shorthand: select + measure texts, per face; expect defaults to {min: 1}"
    )
    texts: dict[str, Any] | None = Field(
        None, description="shorthand: select + measure texts, per all"
    )
    marks: dict[str, Any] | None = Field(
        None, description="shorthand: select + measure marks, per face"
    )
    die_faces: dict[str, Any] | None = Field(
        None, description="shorthand: select + measure die_faces"
    )
    fills: dict[str, Any] | None = Field(None, description="shorthand: select + measure fills")
    faces: dict[str, Any] | None = Field(None, description="shorthand: select + measure faces")
    same: dict[str, Any] | None = Field(None, description="shorthand: select + measure same")
    colour: dict[str, Any] | None = Field(
        None, description="shorthand: select + measure colour (per all with a list expect)"
    )
    drawn_size: dict[str, Any] | None = Field(None, description="shorthand: select + measure size")
    scale: dict[str, Any] | None = Field(None, description="shorthand: select + measure scale")
    grid: dict[str, Any] | None = Field(None, description="shorthand: select + measure grid")
    lines: dict[str, Any] | None = Field(None, description="shorthand: select + measure lines")
    outlines: dict[str, Any] | None = Field(
        None, description="shorthand: select + measure outlines"
    )
    house_rule: bool = Field(
        False,
        description="the copy departs from the rulebook here: expect is what the copy prints (pnp check --accept)",
    )
    rulebook_expect: object = Field(
        None, description="with house_rule: what the rulebook's rule expected"
    )
    rulebook_where: dict[str, Any] | None = Field(
        None,
        description="with house_rule: the rule's where as the rulebook names it, before the copy renamed a value (an area, a suit)",
    )
    expect: object = Field(
        None,
        description="the expected result: a number, a mapping of value: number, a list, or {min: n, max: m} for counts",
    )

    _measure: tuple = PrivateAttr(default=("", None))

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data):
        """`texts: {family: x, ...}` (the one-key spelling) is select + measure."""
        if isinstance(data, dict):
            short = [k for k in SHORTHAND if k in data]
            if len(short) == 1 and "select" not in data and "measure" not in data:
                data = dict(data)
                body = data.pop(short[0])
                if (
                    short[0] == "colour"
                    and isinstance(data.get("expect"), list)
                    and isinstance(body, dict)
                ):
                    body = {"per": "all", **body}  # a list of colours was always over every face
                data.update(from_shorthand(short[0], body))
        return data

    @model_validator(mode="after")
    def _one(self):
        kinds = [k for k in CHECKS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(
                f"expected exactly one of {', '.join(CHECKS)} (or select with measure); found {', '.join(kinds) or 'none'}"
            )
        if (self.select is None) != (self.measure is None):
            raise ValueError("a printed rule has both 'select' and 'measure'")
        if self.measure is not None:
            self._measure = measure_of(self.measure)
            no_expect = self._measure[0] == "same" or (
                self._measure[0] == "texts" and (self.select.per or "face") == "face"
            )
        else:
            no_expect = kinds[0] == "equal"
        if not no_expect and self.expect is None:
            raise ValueError("missing 'expect'")
        for value in (self.expect, self.rulebook_expect):
            if not _finite(value):  # .nan equals nothing and .inf no count: never what is meant
                raise ValueError(f"expect holds {value!r}: a number there is finite")
        return self

    @builtins.property
    def check(self) -> str:
        return next(k for k in CHECKS if getattr(self, k) is not None)

    @builtins.property
    def measured(self) -> tuple:
        """(measure name, its options) of a printed rule."""
        return self._measure


CHECKS = (
    "count",
    "distribution",
    "per_player",
    "sum",
    "values",
    "equal",
    "property",
    "option",
    "records",
    "measure",
)
PRINTED = ("measure",)


class Declared(Strict):
    """Where a design declaration applies, and why the printout needs what it declares."""

    why: str = Field(
        ...,
        min_length=3,
        description="what these are: title, label, credit, design choice, frame, ground ...",
    )
    family: str | list[str] | None = Field(
        None, description="only on these families (default: every family)"
    )
    where: Where | None = Field(None, description="only items whose attributes match")
    side: Literal["front", "back"] | None = Field(
        None, description="only on this side (default: both)"
    )
    in_: AreaRef | None = Field(
        None,
        alias="in",
        description="only inside this area: a name from `regions`, {x, y, w, h}, or a list of them",
    )


class DesignText(Match, Declared):
    """Texts a face prints that no rulebook sentence gives: matched like a rule's texts."""

    @model_validator(mode="after")
    def _whole(self):
        """A declaration names whole texts: `contains`, or a pattern with a wildcard broader
        than a narrow class, would declare sentences nobody has read."""
        from pnp.rulecheck.spans import wide_parts

        if self.contains is not None:
            raise ValueError(
                "a design text is declared whole: exact, one_of or a narrow pattern, not contains"
            )
        if self.pattern is not None and wide_parts(self.pattern):
            raise ValueError(
                f"pattern {self.pattern!r} has wildcards ({', '.join(map(repr, wide_parts(self.pattern)))}) "
                "that would declare any words: name the texts with exact or one_of, or use "
                "only narrow classes such as [12] or \\d (at most 10 characters, no space)"
            )
        return self


class DesignArt(Declared):
    """Symbols or filled regions a face draws that no rulebook sentence gives (a frame, a card's
    ground, a decoration): named exactly, by art name or by colour."""

    art: list[str] | None = Field(
        None, description="the art names declared, exactly (no wildcards): [arrow-up, tank]"
    )
    fill: list[str] | None = Field(
        None,
        description="the fill colours declared, exactly: palette names or #rrggbb (not colour words)",
    )

    @model_validator(mode="after")
    def _one(self):
        if (self.art is None) == (self.fill is None):
            raise ValueError("a design_art entry names either art or fill")
        for name in self.art or ():
            if any(c in name for c in "*?["):
                raise ValueError(f"art {name!r}: name each art exactly, without wildcards")
        for colour in self.fill or ():
            from pnp.rulecheck.colournames import BASIC

            if colour in BASIC:
                raise ValueError(
                    f"fill {colour!r}: a colour word matches many colours; give the palette name or #rrggbb"
                )
        return self


class RulesFile(Strict):
    """rules.yaml"""

    game: str = Field(..., description="the game id these rules belong to")
    rulebook: str | None = Field(None, description="where the rulebook is")
    regions: dict[str, Area | list[Area]] = Field(
        default_factory=dict,
        description="named areas of a face that rules look in (`in: name`), as {x, y, w, h} or a list of them",
    )
    design_texts: list[DesignText] | None = Field(
        None,
        description="texts printed by design, not by the rulebook (titles, labels, credits, design choices); with this list every other printed text must be read by a rule",
    )
    design_art: list[DesignArt] | None = Field(
        None,
        description="symbols and filled regions drawn by design (frames, grounds, decoration), by exact art name or colour; with this list every other symbol and fill must be read by a rule",
    )
    rules: list[Rule] = Field(..., min_length=1)
    _where: list[str] = PrivateAttr(default_factory=list)  # file:line of each rule, for reports
    _design_at: str | None = PrivateAttr(default=None)  # file:line of design_texts
    _art_at: str | None = PrivateAttr(default=None)  # file:line of design_art
