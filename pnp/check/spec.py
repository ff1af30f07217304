"""Schema of rules.yaml."""

from __future__ import annotations

import builtins

from pydantic import Field, PrivateAttr, model_validator

from pnp.check.printed_spec import (
    NO_EXPECT,
    PRINTED,
    Area,
    Colour,
    Count,
    DieFaces,
    DrawnSize,
    Fills,
    Grid,
    Lines,
    Marks,
    Outlines,
    PrintedTexts,
    PrintsText,
    Same,
    Scale,
)
from pnp.spec.types import Strict

Where = dict[str, object]


class Select(Strict):
    family: str | list[str] = Field(..., description="family name, or a list of them")
    where: Where | None = Field(None, description="only items whose attributes match: {suit: hearts}")


class Distribution(Select):
    by: str | list[str] = Field(..., description="the attribute to count by, or a list of them to count each combination: [suit, rank]")


class Matched(Select):
    by: str | list[str] | None = Field(
        None, description="compare items per value of this attribute (or combination: [suit, rank]) instead of only their number"
    )


class PerPlayer(Select):
    by: str = Field("colour", description="the attribute that names the player")


class Total(Select):
    attr: str = Field(..., description="the attribute to add up or list")


class Records(Strict):
    family: str | list[str] = Field(..., description="family name, or a list of them")
    field: str = Field(..., description="a list in the family's spec whose entries are checked, e.g. hexes")
    where: Where | None = Field(None, description="only entries whose keys match: {port: true}")
    unless: Where | None = Field(None, description="leave out entries whose keys match: {terrain: [sea, void]}")
    by: str | None = Field(None, description="count entries per value of this key (entries without it are left out)")


class Property(Strict):
    family: str
    key: str = Field(..., description="dotted path into the family's spec, e.g. size.w or front.*.grid.cols")


class Rule(Strict):
    id: str = Field(..., description="short name of the rule")
    cite: str = Field(..., min_length=3, description="the rulebook passage the rule comes from")
    note: str | None = Field(None, description="how the number was decided where the rulebook is silent")
    design_choice: bool = Field(False, description="true when the rulebook does not give this number")
    variant: str | None = Field(
        None, description="check this rule on the game built in this variant (e.g. the reduced print), whichever variant is checked"
    )
    count: Select | None = Field(None, description="number of items")
    distribution: Distribution | None = Field(None, description="items per value of an attribute")
    per_player: PerPlayer | None = Field(None, description="items each player's set has")
    sum: Total | None = Field(None, description="sum of a numeric attribute")
    values: Total | None = Field(None, description="the set of values an attribute takes")
    equal: list[Matched] | None = Field(
        None, min_length=2, description="these counts are all equal (with 'by': the same items per value, e.g. one coin per tile of each suit and rank)"
    )
    property: Property | None = Field(None, description="a value of the family's spec")
    option: str | None = Field(None, description="a game option (setup numbers in game.yaml options)")
    records: Records | None = Field(None, description="entries of a list in a family's spec (e.g. a hex map's hexes)")
    # rules over what the faces print, read from the drawing every engine receives
    prints: PrintsText | None = Field(None, description="each face prints a text that matches (expect: how many; default at least 1)")
    texts: PrintedTexts | None = Field(None, description="the texts printed, as a list in any order (or per face, or by a key text)")
    marks: Marks | None = Field(None, description="how many times a piece of art is drawn on each face (expect: a number, {min, max}, or by key)")
    die_faces: DieFaces | None = Field(None, description="the labels on each die's faces, in any order")
    fills: Fills | None = Field(None, description="filled shapes on each face by colour word, counted or measured in squares")
    faces: Count | None = Field(None, description="how many faces are drawn (a player set, a card printed once)")
    same: Same | None = Field(None, description="every selected face prints the same (backs of one family: no marked cards)")
    colour: Colour | None = Field(None, description="the colour drawn under a text, of a piece of art, or filling an area")
    drawn_size: DrawnSize | None = Field(None, description="each face's (or art's) drawn size: expect a length, {w, h}, or {max: length}")
    scale: Scale | None = Field(None, description="each face's drawn size as a fraction of another family's face (expect: 0.75)")
    grid: Grid | None = Field(None, description="a grid of squares as drawn: expect {cols, rows, cell}")
    lines: Lines | None = Field(None, description="straight lines (grooves, rules) drawn on each face: expect a count or {min, max}")
    outlines: Outlines | None = Field(None, description="shapes drawn as outlines only (spaces, boxes) on each face: expect a count or {min, max}")
    expect: object = Field(
        None, description="the expected result: a number, a mapping of value: number, a list, or {min: n, max: m} for counts"
    )

    @model_validator(mode="after")
    def _one(self):
        kinds = [k for k in CHECKS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"expected exactly one of {', '.join(CHECKS)}; found {', '.join(kinds) or 'none'}")
        if kinds[0] not in ("equal", *NO_EXPECT) and self.expect is None:
            raise ValueError("missing 'expect'")
        return self

    @builtins.property
    def check(self) -> str:
        return next(k for k in CHECKS if getattr(self, k) is not None)


CHECKS = ("count", "distribution", "per_player", "sum", "values", "equal", "property", "option", "records", *PRINTED)


class RulesFile(Strict):
    """rules.yaml"""

    game: str = Field(..., description="the game id these rules belong to")
    rulebook: str | None = Field(None, description="where the rulebook is")
    regions: dict[str, Area | list[Area]] = Field(
        default_factory=dict, description="named areas of a face that rules look in (`in: name`), as {x, y, w, h} or a list of them"
    )
    rules: list[Rule] = Field(..., min_length=1)
    _where: list[str] = PrivateAttr(default_factory=list)  # file:line of each rule, for reports
