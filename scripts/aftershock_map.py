"""Regenerate the Bay Area map in board.yaml and the mini maps in cards.yaml.

The map's geometry (areas, bridge spaces, score track) lives here as numbers in millimetres;
run `python scripts/aftershock_map.py` after editing it. Everything between the
`# >>> generated` and `# <<< generated` lines of the two YAML files is rewritten.
"""

from __future__ import annotations

import math
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "components" / "aftershock"
BOARD_W, BOARD_H = 500.0, 556.0
DESIGN_H = 580.0  # the map below is drawn 500 x 580 and squeezed to BOARD_H (6 tiles, not 8)
SY = BOARD_H / DESIGN_H
TRACK_COLS, TRACK_ROWS = 24, 28  # cells along the top and down the sides: 2 * (24 + 28) - 4 = 100
SECTION_W = 13.0  # width of a bridge space; a bridge piece is 9 x 20 mm

# name, polygon (board mm), label box (x, y, w), land colour
AREAS = {
    "San Rafael": (
        [
            (42, 46),
            (92, 36),
            (150, 42),
            (206, 58),
            (212, 96),
            (214, 146),
            (176, 168),
            (128, 160),
            (92, 170),
            (58, 140),
            (38, 96),
        ],
        (52, 70, 150),
        "#e4d8b4",
    ),
    "Vallejo": (
        [
            (286, 40),
            (350, 34),
            (420, 38),
            (468, 46),
            (470, 92),
            (440, 110),
            (380, 106),
            (318, 112),
            (286, 96),
        ],
        (292, 48, 172),
        "#dcd3a8",
    ),
    "Richmond": (
        [
            (300, 164),
            (360, 160),
            (436, 166),
            (446, 206),
            (440, 246),
            (380, 250),
            (318, 244),
            (294, 210),
        ],
        (304, 210, 136),
        "#e8d2b8",
    ),
    "San Francisco": (
        [
            (58, 218),
            (120, 206),
            (182, 210),
            (208, 232),
            (212, 270),
            (196, 292),
            (130, 290),
            (70, 296),
            (54, 260),
        ],
        (62, 222, 146),
        "#ead9c6",
    ),
    "Oakland": (
        [
            (296, 272),
            (360, 270),
            (430, 266),
            (462, 280),
            (460, 346),
            (400, 348),
            (330, 346),
            (294, 320),
        ],
        (300, 280, 160),
        "#e0d6bc",
    ),
    "South San Francisco": (
        [
            (66, 320),
            (130, 318),
            (214, 316),
            (222, 348),
            (212, 372),
            (150, 370),
            (76, 374),
            (62, 350),
        ],
        (70, 322, 148),
        "#e6dcc0",
    ),
    "Hayward": (
        [
            (318, 374),
            (380, 372),
            (458, 372),
            (464, 404),
            (458, 432),
            (390, 432),
            (322, 430),
            (312, 400),
        ],
        (322, 407, 138),
        "#ddd1b0",
    ),
    "Palo Alto": (
        [
            (104, 422),
            (170, 420),
            (236, 424),
            (270, 442),
            (266, 470),
            (236, 482),
            (170, 482),
            (112, 480),
            (100, 450),
        ],
        (108, 426, 150),
        "#e9dbb8",
    ),
    "Fremont": (
        [
            (318, 458),
            (390, 458),
            (464, 456),
            (470, 490),
            (462, 514),
            (400, 518),
            (330, 514),
            (312, 486),
        ],
        (320, 462, 146),
        "#e2d4b2",
    ),
    "San Jose": (
        [
            (172, 508),
            (236, 508),
            (294, 506),
            (300, 530),
            (292, 552),
            (230, 552),
            (176, 552),
            (168, 530),
        ],
        (176, 510, 120),
        "#e7d6ba",
    ),
}

# area, area, sections, start point, end point (each a few mm inside its area)
BRIDGES = [
    ("San Rafael", "San Francisco", 2, (120, 158), (120, 214)),
    ("San Rafael", "Vallejo", 3, (204, 72), (292, 68)),
    ("San Rafael", "Richmond", 3, (206, 140), (300, 176)),
    ("Vallejo", "Richmond", 2, (410, 104), (410, 168)),
    ("San Francisco", "Richmond", 4, (200, 226), (304, 196)),
    ("San Francisco", "Oakland", 3, (206, 276), (300, 292)),
    ("San Francisco", "South San Francisco", 1, (150, 286), (150, 322)),
    ("Richmond", "Oakland", 1, (400, 244), (400, 274)),
    ("Oakland", "Hayward", 1, (410, 342), (410, 376)),
    ("South San Francisco", "Hayward", 4, (216, 356), (318, 398)),
    ("South San Francisco", "Palo Alto", 2, (150, 366), (150, 426)),
    ("Hayward", "Fremont", 1, (400, 428), (400, 462)),
    ("Palo Alto", "Fremont", 2, (264, 458), (318, 470)),
    ("Palo Alto", "San Jose", 1, (200, 476), (200, 512)),
    ("San Jose", "Fremont", 1, (290, 516), (322, 500)),
]


def mm(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") + "mm"


def pts(points, scale=1.0, dx=0.0, dy=0.0) -> str:
    return (
        "["
        + ", ".join(f"[{mm(dx + x * scale)}, {mm(dy + y * SY * scale)}]" for x, y in points)
        + "]"
    )


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def track_cells():
    """(number, x, y, w, h) of the 100 spaces, clockwise from the 0/100 space at the top-left."""
    cw, ch = BOARD_W / TRACK_COLS, BOARD_H / TRACK_ROWS
    cells = []
    for i in range(TRACK_COLS):
        cells.append((i * cw, 0.0))
    for j in range(1, TRACK_ROWS):
        cells.append((BOARD_W - cw, j * ch))
    for i in range(TRACK_COLS - 2, -1, -1):
        cells.append((i * cw, BOARD_H - ch))
    for j in range(TRACK_ROWS - 2, 0, -1):
        cells.append((0.0, j * ch))
    assert len(cells) == 100, len(cells)
    return [(n, x, y, cw, ch) for n, (x, y) in enumerate(cells)]


def board_block() -> list[str]:
    out = ["  # the sea", "  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: sea}"]
    out.append("  # the ten areas: land, name and score values (best first)")
    for poly, _, colour in AREAS.values():
        out.append(
            f"  - polygon: {{points: {pts(poly)}, fill: '{colour}', stroke: coast, stroke_width: 0.8mm}}"
        )
    out.append(
        "  # bridge spaces: one rectangle per section; a bridge is built with one piece per section"
    )
    for a, b, n, (x1, y1), (x2, y2) in BRIDGES:
        y1, y2 = y1 * SY, y2 * SY
        length = math.hypot(x2 - x1, y2 - y1)
        step = length / n
        assert 24 <= step <= 36, (a, b, step)
        ang = math.degrees(math.atan2(y2 - y1, x2 - x1))
        out.append(f"  # {a} - {b}: {n} section{'s' if n > 1 else ''}")
        for k in range(n):
            cx = x1 + (x2 - x1) * (k + 0.5) / n
            cy = y1 + (y2 - y1) * (k + 0.5) / n
            w, h = step - 1.6, SECTION_W
            out.append(
                f"  - rect: {{x: {mm(cx - w / 2)}, y: {mm(cy - h / 2)}, w: {mm(w)}, h: {mm(h)}, "
                f"radius: 1mm, rotate: {ang:.1f}, fill: deck, stroke: ink, stroke_width: 0.4mm}}"
            )
    for name, (_, (lx, ly, lw), _) in AREAS.items():
        key = slug(name)
        ly = ly * SY
        out.append(
            f"  - text: {{text: '{name.upper()}', x: {mm(lx)}, y: {mm(ly)}, w: {mm(lw)}, h: 9mm, size: 17pt, font: bold, colour: ink}}"
        )
        out.append(
            f"  - text: {{text: '{{scores_{key}}}', x: {mm(lx)}, y: {mm(ly + 9)}, w: {mm(lw)}, h: 8mm, size: 15pt, font: bold, colour: scoreink}}"
        )
        if name == "San Rafael":
            out.append(
                f"  - text: {{text: 'Scores with a single Score marker', x: {mm(lx)}, y: {mm(ly + 17)}, w: {mm(lw)}, h: 6mm, size: 10pt, font: italic, colour: ink}}"
            )
    out.append("  # the 'most bridges' scoring space, in the Pacific")

    def y(v: float) -> str:
        return mm(v * SY)

    out += [
        f"  - rect: {{x: 26mm, y: {y(492)}, w: 136mm, h: {mm(58 * SY)}, radius: 3mm, fill: white, stroke: ink, stroke_width: 0.6mm}}",
        f"  - symbol: {{name: bridge, x: 46mm, y: {y(521)}, size: 30mm, colour: ink}}",
        f"  - text: {{text: 'MOST BRIDGES', x: 64mm, y: {y(495)}, w: 94mm, h: 10mm, size: 16pt, font: bold, colour: ink}}",
        f"  - text: {{text: '{{scores_most_bridges}}', x: 64mm, y: {y(505)}, w: 94mm, h: 8mm, size: 15pt, font: bold, colour: scoreink}}",
        f"  - text: {{text: 'Most bridge pieces on the board scores best; no pieces are removed.', x: 66mm, y: {y(514)}, w: 92mm, h: 22mm, size: 10pt, colour: ink}}",
        "  # title and compass",
        f"  - text: {{text: 'AFTERSHOCK', x: 308mm, y: {y(521)}, w: 168mm, h: 14mm, size: 30pt, font: bold, colour: ink}}",
        f"  - text: {{text: 'San Francisco Bay Area', x: 308mm, y: {mm(521 * SY + 14)}, w: 168mm, h: 8mm, size: 13pt, font: italic, colour: ink}}",
        f"  - symbol: {{name: arrow-up, x: 40mm, y: {y(190)}, size: 12mm, colour: ink}}",
        f"  - text: {{text: N, x: 30mm, y: {y(197)}, w: 20mm, h: 7mm, size: 11pt, font: bold, colour: ink}}",
        "  # score track: 100 spaces clockwise from the 0/100 space",
    ]
    for n, x, y, w, h in track_cells():
        fill = (
            "start" if n == 0 else ("tens" if n % 10 == 0 else ("fives" if n % 5 == 0 else "track"))
        )
        out.append(
            f"  - rect: {{x: {mm(x)}, y: {mm(y)}, w: {mm(w)}, h: {mm(h)}, fill: {fill}, stroke: ink, stroke_width: 0.35mm}}"
        )
        label = "0/100" if n == 0 else str(n)
        size = "8pt" if n == 0 else "9pt"
        out.append(
            f"  - text: {{text: '{label}', x: {mm(x)}, y: {mm(y)}, w: {mm(w)}, h: {mm(h)}, size: {size}, font: bold, colour: ink}}"
        )
    return out


def minimap_block(x0: float, y0: float, w: float, h: float) -> list[str]:
    """The map's areas scaled into a box on a card; the card's own area is drawn dark."""
    xs = [x for poly, _, _ in AREAS.values() for x, _ in poly]
    ys = [y for poly, _, _ in AREAS.values() for _, y in poly]
    bx, by, bw, bh = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    s = min(w / bw, h / bh)
    dx = x0 + (w - bw * s) / 2 - bx * s
    dy = y0 + (h - bh * s) / 2 - by * s
    out = [
        f"  - rect: {{x: {mm(x0 - 1.5)}, y: {mm(y0 - 1.5)}, w: {mm(w + 3)}, h: {mm(h + 3)}, radius: 1.5mm, fill: sea}}",
        "    when: {type: area}",
    ]
    for poly, _, _ in AREAS.values():
        out.append(
            f"  - polygon: {{points: {pts(poly, s, dx, dy)}, fill: minimap, stroke: coast, stroke_width: 0.2mm}}"
        )
        out.append("    when: {type: area}")
    for name, (poly, _, _) in AREAS.items():
        out.append(
            f"  - polygon: {{points: {pts(poly, s, dx, dy)}, fill: here, stroke: coast, stroke_width: 0.2mm}}"
        )
        out.append(f"    when: {{area: {name}}}")
    return out


def splice(path: Path, block: list[str]) -> None:
    lines = path.read_text().splitlines()
    start = next(i for i, s in enumerate(lines) if s.strip().startswith("# >>> generated"))
    end = next(i for i, s in enumerate(lines) if s.strip().startswith("# <<< generated"))
    path.write_text("\n".join(lines[: start + 1] + block + lines[end:]) + "\n")


if __name__ == "__main__":
    splice(HERE / "board.yaml", board_block())
    splice(HERE / "cards.yaml", minimap_block(9.75, 45.5, 44.0, 37.0))
