"""Misprints of places, hidden sides and relations that counting passes are caught naming the
rule and the rulebook's words: a tactical variant's tile or hole one square off on Global
Warming's setup sheet, a Buy token's used side printed like its unused side, a land hex of a globe
marked with another climate or turned to sea, a token's colour misprinted on its ring (the part that carries it; its ground is cut away)."""

from __future__ import annotations

import pytest
from conftest import first_of_each

from tests.rulecheck import fails_naming

TILE = "w: 11.4mm, h: 11.4mm, radius: 0.8mm"
HOLE = f'{TILE}, stroke: "#9a9a9a", stroke_width: 0.3mm, dash: [1mm, 0.8mm]'

CASES = [
    (
        "global-warming",
        "setup.yaml",
        f"rect: {{x: 141mm, y: 33mm, {TILE}, fill: moved",
        f"rect: {{x: 129mm, y: 33mm, {TILE}, fill: moved",
        "setup-variant-a-squares",
        "to adjacentto the middle of each outer edge of the island",
    ),
    (
        "global-warming",
        "setup.yaml",
        f"rect: {{x: 129mm, y: 152mm, {HOLE}",
        f"rect: {{x: 141mm, y: 152mm, {HOLE}",
        "setup-variant-b-holes",
        "the four tiles diagonally adjacent to the center hole",
    ),
    (
        "global-warming",
        "setup.yaml",
        f"rect: {{x: 141mm, y: 57mm, {HOLE}",
        f"rect: {{x: 129mm, y: 57mm, {HOLE}",
        "setup-variant-a-holes",
        "the four tiles orthogonally adjacent to the center hole",
    ),
    (
        "global-warming",
        "setup.yaml",
        f"rect: {{x: 10mm, y: 81mm, {TILE}, fill: tile",
        f"rect: {{x: 10mm, y: 93mm, {TILE}, fill: tile",
        "setup-island-squares",
        "Construct a 5x5 tile island",
    ),
    (
        "aftershock",
        "buy-tokens.yaml",
        'fill: "#d6d6d6", stroke: ink, stroke_width: 0.3mm}\n    when: {flips: true}\n'
        '  - text: {text: "USED"',
        "fill: white, stroke: ink, stroke_width: 0.3mm}\n    when: {flips: true}\n"
        '  - text: {text: "{sub}"',
        "used-side-marked",
        "Flip this token over when used.",
    ),
    (
        "aftershock",
        "buy-tokens.yaml",
        '  - circle: {x: 50%, y: 50%, r: 50%, fill: "{colour}"}\n  - circle: {x: 50%, y: 50%, r: 39%',
        "  - circle: {x: 50%, y: 50%, r: 50%, fill: red}\n  - circle: {x: 50%, y: 50%, r: 39%",
        "buy-token-rings-marked-alike",
        "Each player receives a matching set of meeples, houses, bridges, and Buy tokens",
    ),
    (  # one card's icon drawn on another's: the Influence card draws the Bridge card's reward
        "aftershock",
        "cards.yaml",
        "  - symbol: {name: influence, x: 43mm, y: 25mm, size: 15mm, colour: influencecard}\n"
        "    when: {type: influence}",
        "  - symbol: {name: influence, x: 43mm, y: 25mm, size: 15mm, colour: influencecard}\n"
        "    when: {type: bridge}",
        "card-reward-keyed-icons",
        "C. Reward - This shows what components are gained when you play this card",
    ),
    (  # the Big Aftershock card's title band in the Influence card's colour
        "aftershock",
        "cards.yaml",
        "  - rect: {x: 2mm, y: 2mm, w: 59.5mm, h: 13mm, radius: 2mm, fill: shockcard}\n"
        "    when: {type: aftershock}",
        "  - rect: {x: 2mm, y: 2mm, w: 59.5mm, h: 13mm, radius: 2mm, fill: shockcard}\n"
        "    when: {type: aftershock}\n"
        "  - rect: {x: 2mm, y: 2mm, w: 59.5mm, h: 13mm, radius: 2mm, fill: influencecard}\n"
        "    when: {strength: big}",
        "card-reward-keyed-band",
        "A. Type - The type of card.",
    ),
    (  # a Mega Aftershock card printed +1
        "aftershock",
        "cards.yaml",
        '{strength: mega, name_shown: "Mega Aftershock", plus: "+2", cost: 4}',
        '{strength: mega, name_shown: "Mega Aftershock", plus: "+1", cost: 4}',
        "aftershock-card-keyed-name",
        "Aftershock markers (pg. 7)",
    ),
    (  # a $3M Area card drawing three meeples
        "aftershock",
        "cards.yaml",
        "  - symbol: {name: meeple, x: 49.5mm, y: 25mm, size: 11mm, colour: ink}\n"
        "    when: {meeples: 2}",
        "  - symbol: {name: meeple, x: 49.5mm, y: 25mm, size: 11mm, colour: ink}\n"
        "    when: {meeples: 2}\n"
        "  - symbol: {name: meeple, x: 56mm, y: 25mm, size: 6mm, colour: ink}\n"
        "    when: {cost: 3}",
        "area-card-cost-keyed-meeples",
        "C. meeples - Number of meeples placed in the area.",
    ),
    (  # a land hex marked with the other climate: the map says temperate
        "earth-our-home",
        "habitats/earth-1.yaml",
        "- {row: 1, col: 3, habitat: temperate}",
        "- {row: 1, col: 3, habitat: tropical}",
        "globe-1-climates",
        "a palm tree for a TROPICAL habitat and a pine tree for a TEMPERATE habitat",
    ),
    (  # a sea hex of the Indian Ocean turned to land
        "earth-our-home",
        "habitats/earth-2.yaml",
        "- {row: 8, col: 3, habitat: marine}",
        "- {row: 8, col: 3, habitat: tropical}",
        "globe-2-climates",
        "Temperate and Tropical habitats are LAND: marine habitats are, unsurprisingly enough, SEA.",
    ),
    (  # the setup example: a Moons coin leads to a tile marked Crowns
        "global-warming",
        "setup.yaml",
        "  - symbol: {name: pp-moons, x: 59.5mm, y: 142.5mm, size: 4mm, colour: moons}",
        "  - symbol: {name: pp-crowns, x: 59.5mm, y: 142.5mm, size: 4mm, colour: moons}",
        "setup-sheet-coin-example-suit",
        "places their pawn on the corresponding tile on the island",
    ),
    (  # a score track number moved into its neighbour's space
        "aftershock",
        "board.yaml",
        "text: '68', x: 104.17mm",
        "text: '68', x: 116.17mm",
        "board-score-track-in-order",
        "the 0/100 space on the Score Track",
    ),
    (  # the globes' key: a pine beside "Tropical (land)"
        "earth-our-home",
        "globe.yaml",
        "symbol: {name: palm, x: 14mm, y: 391mm",
        "symbol: {name: pine, x: 14mm, y: 391mm",
        "globe-key-tropical-symbol",
        "a palm tree for a TROPICAL habitat",
    ),
    (  # Oakland's score values printed in Hayward's space of the Planning board
        "aftershock",
        "planning.yaml",
        'text: {text: "{scores_oakland}", x: 103.25mm',
        'text: {text: "{scores_oakland}", x: 136.0mm',
        "planning-spaces-placed",
        "Richmond scores (7,5,4,3).",
    ),
    (  # the B gene cards draw the A card's pine
        "earth-our-home",
        "genes.yaml",
        'symbol: {name: "{habitat}", x: 50%, y: 38mm',
        "symbol: {name: pine, x: 50%, y: 38mm",
        "gene-letter-keyed-habitats",
        "a pine tree for a TEMPERATE habitat",
    ),
    (  # the tile backs' grid in each suit's colour: the shuffle face down gives the suit away
        "piecepack",
        "tiles.yaml",
        "grid: {x: 0mm, y: 0mm, cols: 2, rows: 2, cell: 1in, stroke: tileline",
        'grid: {x: 0mm, y: 0mm, cols: 2, rows: 2, cell: 1in, stroke: "{colour}"',
        "printed-tile-backs-alike",
        "shuffling the tiles suit-side down",
    ),
    (  # the same, read as the lines' colour
        "piecepack",
        "tiles.yaml",
        "grid: {x: 0mm, y: 0mm, cols: 2, rows: 2, cell: 1in, stroke: tileline",
        'grid: {x: 0mm, y: 0mm, cols: 2, rows: 2, cell: 1in, stroke: "{colour}"',
        "printed-tile-back-lines",
        "tiles are shuffled suit side down",
    ),
    (  # the line of coins: "turned over" under the third coin, not the left-most
        "global-warming",
        "setup.yaml",
        'text: {text: "turned over: sinks", x: 0mm',
        'text: {text: "turned over: sinks", x: 42mm',
        "setup-coin-line-placed",
        "exposes the down side of the left most coin in the line",
    ),
    (
        "piecepack",
        "coins.yaml",
        '  - circle: {x: 50%, y: 50%, r: 50%, fill: "{colour}"}',
        "  - circle: {x: 50%, y: 50%, r: 50%, fill: suns}",
        "coin-suit-sides-told-apart",
        "four suits: Suns, Moons, Crowns and Arms",
    ),
]


# one misprint of each game every day (its copy checked unmodified once), the rest deep
@pytest.mark.parametrize(
    "case", first_of_each([(c,) for c in CASES], lambda c: c[0][0]), ids=[c[4] for c in CASES]
)
def test_misprint_fails_naming_rule_and_rulebook(tmp_path, capsys, case):
    fails_naming(tmp_path, capsys, case, shipped_passes=True)
