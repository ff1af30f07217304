"""Print-shop presets (pnp export --cards --shop NAME), measured against docs/printing.md's
table: for every row, the command the docs give is run on a game with one family of that
size, and the file it writes is measured (pixels, dpi in the file, type, colour mode; for a
shop that takes PDFs, the page size, boxes and colour space). A size the shop does not make is
refused before anything is written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import REPO, game_yaml, sweep
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main

DOCS = REPO / "docs" / "printing.md"
ROW = re.compile(
    r"^\| (\w+) \| (\w+) \| ([\d.]+) × ([\d.]+) in \| (?:([\d.]+) × ([\d.]+) in page \()?"
    r"(\d+) × (\d+) px\)?[^|]*\| ([^|]+) \| ([^|]+) \| (\d+) \| ([^|]+) \| ([^|]+) \|$"
)


def table() -> dict[str, list[dict]]:
    """docs/printing.md's preset table, by shop."""
    rows: dict[str, list[dict]] = {}
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            shop, size, w, h, pw, ph, px_w, px_h, bleed, safe, dpi, kind, colour = m.groups()
            rows.setdefault(shop, []).append(
                {
                    "size": size,
                    "trim": (float(w), float(h)),
                    "page_in": (float(pw), float(ph)) if pw else None,
                    "px": (int(px_w), int(px_h)),
                    "bleed": bleed.strip(),
                    "dpi": int(dpi),
                    "kind": kind.strip(),
                    "colour": colour.strip(),
                }
            )
    return rows


def game_of_sizes(folder: Path, rows: list[dict]) -> Path:
    """One family per row's size: a card and three copies of another, one shared back."""
    files = []
    folder.mkdir()
    for r in rows:
        w, h = r["trim"]
        name = f"{r['size']}.yaml"
        files.append(name)
        (folder / name).write_text(
            f"family: {r['size']}\nkind: card\nsize: {{w: {w}in, h: {h}in}}\n"
            "items:\n  - {id: a, name: Alpha}\n  - {id: b, name: Beta, count: 3}\n"
            "front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#1d3f7a'}\n"
            "  - text: {text: '{name}', x: 0mm, y: 5mm, size: 12pt, colour: white}\n"
            "back:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#7a1d1d'}\n"
        )
    (folder / "game.yaml").write_text(game_yaml(folder.name, *files))
    return folder


def test_the_table_covers_every_shop_and_every_size_pnp_knows():
    from pnp.export.shops import SHOPS

    rows = table()
    assert set(rows) == set(SHOPS)
    for shop in SHOPS.values():
        assert {r["size"] for r in rows[shop.id]} == {s.name for s in shop.sizes}, shop.id


@pytest.mark.parametrize("shop", ["makeplayingcards", "printerstudio", "thegamecrafter"])
def test_image_shops_get_exactly_the_documented_files(tmp_path, shop):
    rows = table()[shop]
    game = game_of_sizes(tmp_path / "sizes", rows)
    out = tmp_path / "out"
    # the command as the docs give it
    assert main(["export", str(game), "--cards", "--shop", shop, "--out", str(out), "-q"]) == 0
    folder = out / "sizes" / "cards"
    order = (folder / "ORDER.txt").read_text(encoding="utf-8")
    for r in rows:
        assert r["kind"] == "PNG" and r["colour"] == "RGB" and r["dpi"] == 300
        files = sorted(folder.glob(f"{r['size']}-*.png"))
        assert len(files) == 3  # two fronts and the shared back
        for f in files:
            with Image.open(f) as img:
                assert img.size == r["px"], (f.name, img.size, r["px"])
                assert img.mode == "RGB"  # no alpha, no palette, no CMYK
                assert [round(v) for v in img.info["dpi"]] == [300, 300]
        # the count listing: each front with its quantity, and the one back
        assert f"{r['size']}-a-front.png   quantity 1" in order
        assert f"{r['size']}-b-1-front.png   quantity 3" in order  # three alike: one file
        assert f"the same image for every card: {r['size']}-back.png" in order


def test_drivethrucards_gets_one_press_pdf_per_deck_as_documented(tmp_path):
    [row] = table()["drivethrucards"]
    game = game_of_sizes(tmp_path / "sizes", [row])
    out = tmp_path / "out"
    assert (
        main(["export", str(game), "--cards", "--shop", "drivethrucards", "--out", str(out), "-q"])
        == 0
    )
    pdf = out / "sizes" / "press" / "poker.pdf"
    reader = PdfReader(pdf, strict=True)
    assert len(reader.pages) == 8  # four cards, back then front each
    pw, ph = row["page_in"]
    assert row["px"] == (round(pw * 300), round(ph * 300))
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, pw * 72, ph * 72], abs=0.01
        )
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [9, 9, pw * 72 - 9, ph * 72 - 9], abs=0.01
        )
        [image] = page["/Resources"]["/XObject"].values()
        image = image.get_object()
        assert image["/ColorSpace"] == "/DeviceCMYK"
        assert (image["/Width"], image["/Height"]) == row["px"]
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    order = (out / "sizes" / "press" / "ORDER.txt").read_text(encoding="utf-8")
    assert "page 1: a back" in order and "page 2: a front" in order and "page 8: b-3 front" in order


def poker_row(shop: str) -> dict:
    [row] = [r for r in table()[shop] if r["size"] == "poker"]
    return row


@pytest.mark.parametrize(  # two shops every day, the other two deep
    "shop",
    sweep(
        ["makeplayingcards", "printerstudio", "thegamecrafter", "drivethrucards"],
        lambda c: c in ("makeplayingcards", "drivethrucards"),
    ),
)
def test_a_new_game_goes_to_every_shop_as_it_is(small_game, tmp_path, capsys, shop):
    """`pnp new` then `pnp export --shop`: every card family written, at the shop's poker size."""
    out = tmp_path / "out"
    assert main(["export", str(small_game), "--shop", shop, "--out", str(out), "-q"]) == 0
    assert "left out" not in capsys.readouterr().err
    row = poker_row(shop)
    if row["kind"] == "PNG":
        files = sorted((out / "small" / "cards").glob("*.png"))
        # deck: ten fronts and a back; events: three distinct fronts and a back
        assert len(files) == 15
        for f in files:
            assert Image.open(f).size == row["px"], f.name
        return
    for deck, cards in (("deck", 10), ("events", 5)):
        reader = PdfReader(out / "small" / "press" / f"{deck}.pdf", strict=True)
        assert len(reader.pages) == 2 * cards  # each card's back and front
        for page in reader.pages:
            [image] = page["/Resources"]["/XObject"].values()
            assert (image.get_object()["/Width"], image.get_object()["/Height"]) == row["px"]


def with_a_size_no_shop_makes(folder: Path) -> Path:
    """The docs' poker sizes plus a 4 x 6 in family (The Greenway's reference cards' size)."""
    return game_of_sizes(
        folder, [{"size": "poker", "trim": (2.5, 3.5)}, {"size": "reference", "trim": (4.0, 6.0)}]
    )


@pytest.mark.parametrize("shop", ["makeplayingcards", "thegamecrafter", "drivethrucards"])
def test_a_family_the_shop_does_not_make_is_left_out_and_named(tmp_path, capsys, shop):
    game = with_a_size_no_shop_makes(tmp_path / "sizes")
    out = tmp_path / "out"
    assert main(["export", str(game), "--shop", shop, "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "reference.yaml: size:" in err and "does not make 101.6 x 152.4 mm cards" in err
    assert "family 'reference' left out" in err and "poker 2.5 x 3.5 in" in err
    order = next((out / "sizes").rglob("ORDER.txt")).read_text(encoding="utf-8")
    assert "Not written:" in order and "(reference, reference.yaml): 101.6 x 152.4 mm" in order
    written = sorted(p.name for p in (out / "sizes").rglob("*.p[nd][gf]"))
    assert written and all(n.startswith("poker") for n in written), written
    row = poker_row(shop)
    if row["kind"] == "PNG":
        assert all(Image.open(p).size == row["px"] for p in (out / "sizes").rglob("*.png"))


@pytest.mark.parametrize("shop", ["makeplayingcards", "thegamecrafter", "drivethrucards"])
def test_no_family_the_shop_makes_is_refused(tmp_path, capsys, shop):
    game = game_of_sizes(tmp_path / "sizes", [{"size": "reference", "trim": (4.0, 6.0)}])
    out = tmp_path / "out"
    assert main(["export", str(game), "--shop", shop, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "does not make 101.6 x 152.4 mm cards" in err and "reference.yaml" in err
    assert "poker 2.5 x 3.5 in" in err and "--family" in err
    assert not (out / "sizes").exists()


def test_an_unknown_shop_is_refused(small_game, tmp_path, capsys):
    assert (
        main(["export", str(small_game), "--cards", "--shop", "kinkos", "--out", str(tmp_path)])
        == 2
    )
    assert "unknown --shop" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "px"), [((), (821, 1121)), (("--bleed", "0.125in"), (825, 1125))]
)
def test_the_generic_poker_figures_the_docs_give(tmp_path, extra, px):
    """docs/printing.md: a poker card with the default 3 mm bleed at 300 dpi is 821 x 1121 px,
    with --bleed 0.125in 825 x 1125 px."""
    text = DOCS.read_text(encoding="utf-8")
    assert f"{px[0]} × {px[1]} px" in text
    game = game_of_sizes(tmp_path / "sizes", [{"size": "poker", "trim": (2.5, 3.5)}])
    out = tmp_path / "out"
    assert main(["export", str(game), "--cards", *extra, "--out", str(out), "-q"]) == 0
    for f in (out / "sizes" / "cards").glob("*.png"):
        assert Image.open(f).size == px
