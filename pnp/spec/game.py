"""Schemas of game.yaml and of the keys every component family shares."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StringConstraints, field_validator, model_validator

from pnp.spec.elements import Element
from pnp.spec.types import Spacing, Strict


class Players(Strict):
    min: int = Field(..., ge=1, le=100)
    max: int = Field(..., ge=1, le=100)

    @model_validator(mode="after")
    def _order(self):
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class PlayerColour(Strict):
    name: str = Field(..., description="colour name, used as the 'colour' attribute")
    hex: str = Field(..., pattern=r"^#[0-9a-fA-F]{6}$", description="#rrggbb")


class Variant(Strict):
    description: str = ""
    families: dict[str, dict] = Field(
        default_factory=dict,
        description="per family, keys that replace the family's own (merged deeply)",
    )
    exclude: list[str] = Field(default_factory=list, description="families left out")
    options: dict[str, object] = Field(default_factory=dict, description="game options set")


class UseSpec(Strict):
    """Component families taken from another game folder (a shared component set)."""

    game: str = Field(..., description="a built-in game id or a folder, relative to this one")
    families: list[str] | None = Field(None, description="which families (default: all)")


class DesignChoice(Strict):
    """A number or convention the rulebook never gives, decided for this printout."""

    text: str = Field(..., min_length=3, description="what this printout chose, as players read it")
    where: str | None = Field(
        None, description="what it concerns: a component, a rule or a rulebook page"
    )


class GameSpec(Strict):
    """game.yaml: what the game is and which files describe its components."""

    # the id names the output folder and every file in it: kept short enough for any file system
    id: str = Field(
        ...,
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        max_length=64,
        description="short id: lower case, digits, - (at most 64 characters)",
    )
    title: str
    credits: str = Field(..., description="designers and publishers, printed on the guide")
    players: Players
    player_colours: list[PlayerColour] = Field(
        default_factory=list, description="colours of the player sets, in seat order"
    )
    palette: dict[str, str] = Field(
        default_factory=dict, description="named colours: name: '#rrggbb'"
    )
    components: list[str] = Field(..., min_length=1, description="component family files")
    uses: list[UseSpec] = Field(
        default_factory=list, description="families from other game folders"
    )
    rules: str | None = Field("rules.yaml", description="the rules file, or null for none")
    fonts: dict[str, str] = Field(
        default_factory=dict,
        description="font name: a TrueType (.ttf) or OpenType (.otf) file in the folder",
    )
    options: dict[str, object] = Field(
        default_factory=dict, description="game options and defaults"
    )
    # a variant's name is part of its output file names (`greenway-setup-a4.pdf`)
    variants: dict[
        Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64)], Variant
    ] = Field(default_factory=dict)
    description: str = ""
    rulebook: str | None = Field(None, description="where the rulebook is")
    fold: bool = Field(
        False, description="print two-sided items on gutter-fold sheets instead of duplex pages"
    )
    design_choices: list[DesignChoice] = Field(
        default_factory=list,
        description="where the rulebook is silent: what this printout chose (listed on the guide page)",
    )

    def choice_lines(self) -> list[str]:
        """The design choices as the guide page prints them."""
        return [f"{c.where}: {c.text}" if c.where else c.text for c in self.design_choices]

    @field_validator("id")
    @classmethod
    def _not_a_device(cls, value: str) -> str:
        from pnp.names import is_device_name

        if is_device_name(value):  # out/nul would be the null device on Windows
            raise ValueError(
                "an id that is not a device name of Windows (con, prn, aux, nul, com1-9, "
                "lpt1-9): the output folder is named after it"
            )
        return value


class ItemEntry(Strict):
    """One line of a family's items: an item, or many with count / for_each / per_player."""

    model_config = ConfigDict(extra="allow", frozen=True, allow_inf_nan=False)

    id: str | None = Field(None, description="item id; may use attributes, e.g. '{suit}-{rank}'")
    count: int = Field(1, ge=0, strict=True, description="copies of each item")
    for_each: dict[str, list] | None = Field(
        None, description="attribute: list of values; one item per combination"
    )
    per_player: bool = Field(False, description="one set for each player colour")


def _items_schema(schema: dict) -> None:
    """The JSON Schema of `items:` also offers the data-file forms the loader reads."""
    listed = {k: schema.pop(k) for k in ("type", "items") if k in schema}
    schema["anyOf"] = [
        listed,
        {
            "type": "string",
            "pattern": r"(?i)\.(csv|tsv|xlsx)$",
            "description": "a data file: one row an item",
        },
        {
            "type": "object",
            "title": "ItemsFile",
            "properties": {
                "file": {
                    "type": "string",
                    "description": "a .csv, .tsv or .xlsx file in the game folder",
                },
                "sheet": {
                    "type": "string",
                    "description": "the .xlsx sheet to read (default: the first)",
                },
            },
            "required": ["file"],
            "additionalProperties": False,
        },
    ]


Stock = Literal["paper", "card"]


class FamilySpec(Strict):
    """Keys every component family file has, whatever its kind."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False
    )

    # a family's name begins the names of its preview and export files
    family: str = Field(
        ...,
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        max_length=64,
        description="family name: the rulebook's word (at most 64 characters)",
    )
    kind: str = Field(..., description="component kind: card, tile, counter, board, sheet, ...")
    title: str | None = Field(None, description="name printed in the guide")
    stock: Stock | None = Field(
        None, description="what to print it on: paper or card (default by kind)"
    )
    sheet: str | None = Field(
        None,
        description="families with the same sheet name are packed side by side (on one stock: paper and card on one sheet are refused)",
    )
    own_sheets: bool = Field(
        False,
        strict=True,  # "yes" or "false" in quotes is a string, not a choice made
        description="print on sheets of its own, shared with no other family (a deck reprinted often); with `sheet`, every family of that sheet name",
    )
    bleed: Spacing = Field(0.0, description="art beyond the cut line (adds a gutter)")
    gutter: Spacing | None = Field(None, description="space between items (default: 0, or 2×bleed)")
    scale: float = Field(1.0, gt=0, le=10, description="print scale, 1 = true size")
    include: list[str] = Field(default_factory=list, description="YAML files whose keys merge in")
    # A data file (`items: cards.csv`, `items: {file: cards.xlsx, sheet: Cards}`) is read into
    # entries by the loader before validation, so only the schema shows those forms.
    items: list[ItemEntry] = Field(
        default_factory=lambda: [ItemEntry()],
        description="the items: a list, or a CSV/TSV/XLSX file with one row per item "
        "(`cards.csv`, or `{file: cards.xlsx, sheet: Cards}`; docs/customising.md)",
        json_schema_extra=_items_schema,
    )
    options: dict[str, object] = Field(
        default_factory=dict, description="attributes all items share"
    )
    cite: str | None = Field(None, description="rulebook passage this family follows")
    note: str | None = Field(None, description="a design choice where the rulebook is silent")


class FaceSpec(FamilySpec):
    """A family whose items have front (and optional back) templates."""

    front: list[Element] = Field(default_factory=list, description="elements drawn on the front")
    back: list[Element] | None = Field(None, description="elements drawn on the back (two-sided)")
