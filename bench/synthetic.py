"""A synthetic game of any size, written as ordinary pnp YAML: one poker deck of N cards."""

from __future__ import annotations

from pathlib import Path

COLOURS = ["#c8102e", "#1d5fbf", "#1e7a2e", "#8a5a00", "#7b3fa0", "#b3420a"]  # white text on each: at least 4.5 : 1


def write_game(folder: Path, n: int, *, backs: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(
        f"""id: synthetic
title: Synthetic deck of {n}
credits: pnp benchmark
players: {{min: 1, max: 1}}
components: [deck.yaml]
rules: null
"""
    )
    back = """back:
  - rect: {x: 4mm, y: 4mm, w: 55.5mm, h: 80.9mm, radius: 2mm, fill: "#1b4d3e"}
  - symbol: {name: star, x: 50%, y: 50%, size: 20mm, colour: white}
""" if backs else ""
    # for_each over (number × colour) makes N distinct cards without N YAML entries.
    per = len(COLOURS)
    numbers = list(range(1, n // per + 1))
    extra = n - len(numbers) * per
    items = f"""  - id: "card-{{number}}-{{colour}}"
    for_each:
      number: {numbers}
      colour: {COLOURS}
"""
    if extra:
        items += f"""  - id: "extra-{{number}}"
    for_each:
      number: {list(range(1, extra + 1))}
    colour: "#444444"
"""
    (folder / "deck.yaml").write_text(
        f"""family: deck
kind: card
size: {{w: 2.5in, h: 3.5in}}
items:
{items}front:
  - rect: {{x: 4mm, y: 4mm, w: 55.5mm, h: 14mm, radius: 2mm, fill: "{{colour}}"}}
  - text: {{text: "Card {{number}}", x: 6mm, y: 4mm, w: 51.5mm, h: 14mm, size: 12pt, font: bold, colour: white, fit: none}}
  - symbol: {{name: suit-spades, x: 50%, y: 33mm, size: 14mm, colour: "{{colour}}"}}
  - text: {{text: "Line one of the rules text", x: 6mm, y: 44mm, w: 51.5mm, h: 5mm, size: 8pt, fit: none, align: left}}
  - text: {{text: "Line two of the rules text", x: 6mm, y: 51mm, w: 51.5mm, h: 5mm, size: 8pt, fit: none, align: left}}
  - text: {{text: "Line three of the rules text", x: 6mm, y: 58mm, w: 51.5mm, h: 5mm, size: 8pt, fit: none, align: left}}
  - text: {{text: "Line four of the rules text", x: 6mm, y: 65mm, w: 51.5mm, h: 5mm, size: 8pt, fit: none, align: left}}
  - text: {{text: "Line five: number {{number}}", x: 6mm, y: 72mm, w: 51.5mm, h: 5mm, size: 8pt, fit: none, align: left}}
{back}"""
    )
    return folder


def write_art_deck(folder: Path, n: int) -> list[Path]:
    """A deck of n cards, each with its own 750 x 1050 px PNG filling the face, and a shared back."""
    import random

    from PIL import Image, ImageDraw

    art = folder / "art"
    art.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    files = []
    for i in range(1, n + 1):
        im = Image.new("RGB", (750, 1050), COLOURS[i % len(COLOURS)])
        d = ImageDraw.Draw(im)
        for _ in range(40):  # painted-looking shapes: a PNG of tens of kilobytes
            x, y = rng.randrange(750), rng.randrange(1050)
            d.ellipse((x, y, x + rng.randrange(20, 200), y + rng.randrange(20, 200)), fill=tuple(rng.randrange(256) for _ in range(3)))
        f = art / f"card-{i}.png"
        im.save(f)
        files.append(f)
    (folder / "game.yaml").write_text(
        f"id: artdeck\ntitle: Art deck of {n}\ncredits: pnp benchmark\nplayers: {{min: 1, max: 1}}\ncomponents: [deck.yaml]\nrules: null\n"
    )
    (folder / "deck.yaml").write_text(
        f"""family: deck
kind: card
size: {{w: 2.5in, h: 3.5in}}
items:
  - id: "card-{{number}}"
    for_each:
      number: {list(range(1, n + 1))}
front:
  - image: {{file: "art/card-{{number}}.png"}}
back:
  - rect: {{x: 4mm, y: 4mm, w: 55.5mm, h: 80.9mm, radius: 2mm, fill: "#1b4d3e"}}
"""
    )
    return files
