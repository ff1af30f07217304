"""Pages pnp adds of its own: the print guide, the duplex calibration pair, assembly maps."""

from __future__ import annotations

import re

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Path, Rect, Style, Text, place
from pnp.draw.text import layout_text
from pnp.layout.jobs import COLUMNS, Job
from pnp.layout.plan import FamilyPages
from pnp.layout.tiles import TileGrid, tile_label
from pnp.spec.paper import PaperSpec

INK = "#000000"
LEGIBLE_MM = 6.2 * 25.4 / 72  # the smallest label: above the 6 pt every printed text keeps
SOFT = "#555555"
MM_RULER = 100.0
INCH_RULER = 4 * 25.4
RULER_GAP = 10.0


def text(
    fonts: FontBook,
    s: str,
    x: float,
    y: float,
    w: float,
    size: float,
    *,
    h: float | None = None,
    bold: bool = False,
    align: str = "left",
    colour: str = INK,
    valign: str = "top",
) -> list:
    return layout_text(
        s,
        x=x,
        y=y,
        w=w,
        h=h,
        size=size,
        font="bold" if bold else "regular",
        colour=colour,
        align=align,
        valign=valign,
        fit="wrap",
        line_height=1.25,
        fonts=fonts,
    )


def ruler(
    x: float,
    y: float,
    length_mm: float,
    step: float,
    major_every: int,
    labels: list[str],
    label_every: int,
    fonts: FontBook,
    title: str,
    put=text,
) -> list:
    """A ruler whose ticks are true lengths: print it and measure it to check the scale."""
    ops = [("M", x, y), ("L", x + length_mm, y)]
    n = round(length_mm / step)
    for k in range(n + 1):
        tx = x + k * step
        h = (
            5.0
            if k % major_every == 0
            else (3.2 if major_every % 2 == 0 and k % (major_every // 2) == 0 else 2.0)
        )
        ops += [("M", tx, y), ("L", tx, y + h)]
    out: list = [Path(tuple(ops), Style(None, INK, 0.2))]
    for i, lab in enumerate(labels):
        tx = x + i * label_every * step
        out += put(fonts, lab, tx - 5, y + 6.0, 10, 2.6, align="center")
    out += put(fonts, title, x, y - 5.5, length_mm, 3.0, bold=True)
    return out


CHOICES_TITLE = "Where the rulebook is silent, this printout chose:"
CHOICE_SIZE = 3.0  # mm, about 8.5 pt


def choices_block(
    fonts: FontBook, choices: list[str], x: float, y: float, w: float, bottom: float
) -> tuple[list, list[str]]:
    """As many design choices as fit above `bottom`, as a bulleted list, and the rest."""
    out = text(fonts, CHOICES_TITLE, x, y, w, 3.6, bold=True)
    y += 6.5
    for k, choice in enumerate(choices):
        lines = text(fonts, choice, x + 4, y, w - 4, CHOICE_SIZE)
        below = y + len(lines) * CHOICE_SIZE * 1.25
        if below > bottom and k:
            return out, choices[k:]
        out += text(fonts, "•", x, y, 4, CHOICE_SIZE)
        out += lines
        y = below + 1.2
    return out, []


def guide_page(
    *,
    fonts: FontBook,
    paper: PaperSpec,
    title: str,
    credits: str,
    variant: str | None,
    families: list[FamilyPages],
    calibration: tuple[int, int] | None,
    players: int | None,
    pages_total: int,
    choices: list[str] = (),
    ink: list[tuple[int, float, float]] | None = None,
    bled: bool = False,
    sheets: dict[str, list[int]] | None = None,
    jobs: list[Job] | None = None,
    draft: bool = False,
    laid: dict | None = None,
) -> tuple[list, list[list]]:
    """The guide page, and further pages for the design choices that do not fit on it.

    `sheets`: the pages that hold components, by stock (paper, card): what to buy. Its paragraph
    takes the same room whatever it says, so a draft without it lays out the page the same.

    `ink`: each page's estimated ink coverage in an ink-saver build, as (page, normal build,
    this build), printed so the saving can be seen page by page.

    `jobs`: the print plan (pnp.layout.jobs); its table takes the room of the most jobs a game
    can have, so a draft without it lays out the page the same.

    `draft`: only the pages after the first are wanted, so the first page's text is not laid
    out but where it changes their number (the credits' lines, the paragraphs' room).
    `laid`: what a draft laid out that the page lays out alike (the paragraphs' room, what ends
    the page, kept by what they depend on), for the page it drafts."""
    W, H, m = paper.size.w, paper.size.h, paper.margin + 7
    cw = W - 2 * m
    put = _nothing if draft else text
    out, y = _masthead(fonts, title, variant, credits, m, cw, put)
    out += put(
        fonts, f"What is printed ({paper.title}, {pages_total} pages)", m, y, cw, 4.5, bold=True
    )
    y += 8
    flip = "long" if paper.duplex.flip == "long" else "short"
    lines = _paragraphs(families, calibration, flip, bled, players)
    jobs_h = JOB_HEAD + JOB_ROW * most_jobs(families, calibration) + 3
    # the table ends where what follows it still fits above the printable area's bottom: the
    # continued note, the jobs, the paragraphs, what to buy and a line saying what comes next
    rooms = [_para_room(fonts, para, cw, laid) for para in lines]
    below = 4 + jobs_h + sum(rooms) + 15 + 6
    # (the table's last row may end past its limit by a row's height: ROW_MOST)
    limit = min(H - 70 - jobs_h + 3, H - paper.margin - below - ROW_MOST)
    block, rows_left, y = family_table(fonts, list(families), m, y, cw, limit, put)
    out += block
    if rows_left:
        out += put(fonts, "Components continued on the next page.", m, y, cw, 3.0, bold=True)
        y += 4
    out += jobs_table(fonts, jobs or [], flip, m, y, cw, put)
    y += JOB_HEAD + JOB_ROW * max(len(jobs or ()), most_jobs(families, calibration)) + 3
    for para, room in zip(lines, rooms, strict=True):
        out += put(fonts, para, m, y, cw, 3.2)
        y += room
    # the same room whatever it says (a draft of the page has no sheets to count yet)
    out += put(fonts, cost_paragraph(sheets or {}, paper.title), m, y, cw, 3.2, h=14)
    y += 15
    bottom = H - paper.margin
    # with no rows carried over (their page numbers change), the same y ends the page alike
    key = (y, m, cw, bottom, title, tuple(choices), tuple(ink or ()))
    if rows_left or laid is None:
        more, extra = _tail(fonts, title, ink, list(choices), rows_left, m, y, cw, bottom)
    else:
        if key not in laid:
            laid[key] = _tail(fonts, title, ink, list(choices), rows_left, m, y, cw, bottom)
        more, extra = laid[key]
    return out + more, extra


def _nothing(*_args, **_kw) -> list:
    """Text a draft does not lay out."""
    return []


def _masthead(
    fonts: FontBook, title: str, variant: str | None, credits: str, m: float, cw: float, put=text
) -> tuple[list, float]:
    """The guide's title, credits, the print-at-100% box and the rulers; and where they end
    (the credits laid out even in a draft: their lines move what follows)."""
    out: list = []
    y = m
    out += put(fonts, title + (f" — {variant}" if variant else ""), m, y, cw, 9.0, bold=True)
    y += 13
    block = text(fonts, credits, m, y, cw, 3.3, h=16, colour=SOFT)
    out += block
    y += 3.3 * 1.25 * max(1, sum(1 for p in block if isinstance(p, Text))) + 3.5
    out.append(Rect(m, y, cw, 19, Style("#fff4c2", INK, 0.3), 2.0))
    out += put(fonts, "Print at 100% / Actual size", m, y + 2.5, cw, 6.0, bold=True, align="center")
    out += put(
        fonts,
        "Turn off “fit to page” and any scaling. Check with the rulers below: they must measure exactly.",
        m + 3,
        y + 11,
        cw - 6,
        3.1,
        align="center",
    )
    y += 29
    out += ruler(
        m,
        y,
        MM_RULER,
        1.0,
        10,
        [str(i) for i in range(11)],
        10,
        fonts,
        "100 mm (labels in cm)",
        put,
    )
    # Side by side when both fit the text width; otherwise the inch ruler takes its own row.
    if MM_RULER + RULER_GAP + INCH_RULER <= cw:
        ix = m + MM_RULER + RULER_GAP
    else:
        ix, y = m, y + 17
    out += ruler(
        ix,
        y,
        INCH_RULER,
        25.4 / 8,
        8,
        [str(i) for i in range(5)],
        8,
        fonts,
        "4 inches (ticks every 1/8 in)",
        put,
    )
    return out, y + 17


def _tail(
    fonts: FontBook,
    title: str,
    ink: list[tuple[int, float, float]] | None,
    choices: list[str],
    rows_left: list,
    m: float,
    y: float,
    cw: float,
    bottom: float,
) -> tuple[list, list[list]]:
    """What ends the guide page below `y` (the ink estimates, the design choices, or a line
    saying they follow), and the pages after it."""
    out: list = []
    carried: list = []  # the ink paragraph, where it does not fit: on the page after
    if ink:
        block = text(fonts, ink_paragraph(ink), m, y, cw, 3.0)
        tall = 1.25 * 3.0 * sum(1 for p in block if isinstance(p, Text))
        after = 9 if choices or rows_left else 0  # a line saying what the next page holds
        if y + tall + after <= bottom:
            out += block
            y += tall + 3
        else:
            carried = text(fonts, ink_paragraph(ink), m, m + 12, cw, 3.0)
    if rows_left:  # the rows that did not fit, then everything else the guide continues with
        return out, _continued(fonts, title, carried, list(choices), m, cw, bottom, rows_left)
    if not choices and not carried:
        return out, []
    if not carried:
        block, rest = choices_block(fonts, list(choices), m, y + 2, cw, bottom)
        if not rest:
            return out + block, []
    # all of them on pages of their own rather than one list split between the guide and the next
    said = ("The ink-saver's estimates" if carried else "") + (
        (" and the design choices" if carried else "Design choices") if choices else ""
    )
    out += text(fonts, f"{said}: see the next page.", m, y + 2, cw, 3.2, bold=True)
    return out, _continued(fonts, title, carried, list(choices), m, cw, bottom)


def _paragraphs(
    families: list[FamilyPages],
    calibration: tuple[int, int] | None,
    flip: str,
    bled: bool,
    players: int | None,
) -> list[str]:
    """The guide's paragraphs on duplex, gutter-fold, calibration, cutting and player sets."""
    lines = []
    if any(fp.two_sided and not fp.folded for fp in families):
        lines.append(
            f"Duplex: a duplex job holds each sheet's front followed by its back (the small header on every sheet says which). "
            f"Print it double-sided, flipping on the {flip} edge; the backs are mirrored so that they line up with the fronts."
        )
    if any(fp.folded for fp in families):
        lines.append(
            "Gutter-fold: pages marked fold hold the fronts on one half and their backs on the other. Print them one-sided, "
            "fold each sheet along the dashed line marked fold, printed side out, glue the halves together, then cut."
        )
    if calibration:
        lines.append(
            f"Calibration: print pages {calibration[0]}–{calibration[1]} double-sided once. Hold the sheet to the light and read where the back's lines "
            "cross the scales; build again with --offset X,Y (mm) to move the backs into line. Skip these pages afterwards."
        )
    lines.append(
        "Cutting: cut along the marks in the margins; neighbours share a cut line"
        + (
            "; pieces whose colour runs past their outline (a bleed, so a duplex shift never shows a neighbour's colour) are cut on the outline"
            if bled
            else ""
        )
        + ". Tiled boards: see the assembly page before their tiles."
    )
    if players:
        lines.append(f"Player sets printed for {players} players.")
    return lines


def _para_room(fonts: FontBook, para: str, cw: float, laid: dict | None = None) -> float:
    """A paragraph's room as the draft measures it: page numbers written as wide as they can be
    (so the page it drafts finds it in `laid`)."""
    widest = re.sub(r"\d+", "000", para)
    if laid is not None and (widest, cw) in laid:
        return laid[widest, cw]
    room = text(fonts, widest, 0.0, 0.0, cw, 3.2)
    lines = PARA_LINE * sum(1 for p in room if isinstance(p, Text)) + PARA_GAP
    if laid is not None:
        laid[widest, cw] = lines
    return lines


def _continued(
    fonts, title: str, carried: list, choices: list[str], m, cw, bottom, rows: list | None = None
) -> list[list]:
    """The guide's pages after the first: the components' rows that did not fit, the ink
    paragraph that did not fit, the design choices."""
    extra = []
    while rows:  # the table of what is printed, continued: every row on some page, none dropped
        block, rows, _y = family_table(fonts, rows, m, m + 12, cw, bottom - 6)
        head = text(fonts, f"{title} — print guide, continued", m, m, cw, 6.0, bold=True)
        extra.append(head + block)
    head = f"{title} — {'design choices' if choices else 'print guide, continued'}"
    y = carried[-1].y + 6 if carried else m + 12  # below the last line of the ink paragraph
    rest = choices
    while rest or carried:
        block, rest = choices_block(fonts, rest, m, y, cw, bottom) if rest else ([], [])
        extra.append(text(fonts, head, m, m, cw, 6.0, bold=True) + carried + block)
        carried, y = [], m + 12
    return extra


# the Pages column is the widest after the name: a family on shared sheets lists several
FAMILY_COLUMNS = (
    ("Component", 0.0),
    ("Items", 0.38),
    ("Pages", 0.46),
    ("Print on", 0.76),
    ("Sides", 0.88),
)


def family_table(
    fonts: FontBook, rows: list[FamilyPages], m: float, y: float, cw: float, limit: float, put=text
) -> tuple[list, list[FamilyPages], float]:
    """The table of what is printed from `y`: its heading and as many rows as end above
    `limit` (one at least), the rows left for the next page, and the y below the table."""
    out: list = []
    for name, fx in FAMILY_COLUMNS:
        out += put(fonts, name, m + fx * cw, y, cw * 0.3, 3.2, bold=True)
    y += 5
    out.append(Path((("M", m, y), ("L", m + cw, y)), Style(None, INK, 0.2)))
    y += 1.5
    line_h = ROW_MOST if len(rows) < 10 else 4.2 if len(rows) < 28 else 4.0
    for k, fp in enumerate(rows):
        if k and y > limit:  # the row before ended past the limit
            return out, rows[k:], y + 4
        vals = [
            fp.title,
            str(fp.count),
            page_ranges(fp.pages),
            "card stock" if fp.stock == "card" else "paper",
            "fold"
            if fp.folded
            else "duplex"
            if fp.two_sided
            else ("tiled" if fp.tiled else "one side"),
        ]
        for (_name, fx), v in zip(FAMILY_COLUMNS, vals, strict=True):
            out += put(fonts, v, m + fx * cw, y, cw * {0.0: 0.37, 0.46: 0.29}.get(fx, 0.12), 3.0)
        y += line_h
    return out, [], y + 4


ROW_MOST = 5.2  # mm the tallest row of the table of what is printed
PARA_LINE = 3.2 * 1.25  # mm a line of the guide's paragraphs
PARA_GAP = 2.5  # mm between them
JOB_ROW = 4.3  # mm a row of the print plan
JOB_HEAD = 6.5 + 4.6  # mm the print plan's title and its columns' names


def most_jobs(families: list[FamilyPages], calibration) -> int:
    """The most jobs these families can print as (pnp.layout.jobs): the draft of the guide page,
    made before the pages, keeps that many rows for them. The guide and its like are plain
    paper one-sided; a stock takes a duplex job for its two-sided items and a one-sided job for
    the rest."""
    keys = {("paper", False)} | ({("calibration", True)} if calibration else set())
    for fp in families:
        keys.add((fp.stock, fp.two_sided and not fp.folded))
    return len(keys)


JOB_COLS = tuple(zip(COLUMNS, (0.0, 0.07, 0.2, 0.5, 0.76, 0.88), strict=True))  # x, of the width


def jobs_table(
    fonts: FontBook, jobs: list[Job], flip: str, x: float, y: float, cw: float, put=text
) -> list:
    """The print plan: one row a job, in the order to run them."""
    out = put(
        fonts,
        "Print jobs, in this order (send each page range to the printer as one job)",
        x,
        y,
        cw,
        4.0,
        bold=True,
    )
    y += 6.5
    for name, fx in JOB_COLS:
        out += put(fonts, name, x + fx * cw, y, cw * 0.3, 3.2, bold=True)
    y += 4.6
    for job in jobs:
        for (_name, fx), v in zip(JOB_COLS, job.row(flip), strict=True):
            out += put(fonts, v, x + fx * cw, y, cw * 0.3, 3.0)
        y += JOB_ROW
    return out


def cost_paragraph(sheets: dict[str, list[int]], paper: str) -> str:
    """What to buy: the sheets of card stock and of paper, and which pages go on each."""
    parts = []
    for stock, name in (("card", "card stock"), ("paper", "paper")):
        pages = sorted(sheets.get(stock, []))
        if pages:
            # a long deck's fronts alternate with their backs: the span, not every page
            where = page_ranges(pages) if len(pages) <= 24 else f"{pages[0]}–{pages[-1]}"
            parts.append(
                f"{len(pages)} sheet{'s' if len(pages) > 1 else ''} of {name}"
                f" ({paper}: page{'s' if len(pages) > 1 else ''} {where})"
            )
    if not parts:
        return "To buy: the sheets are counted once the pages are laid out."
    return (
        "To buy: "
        + " and ".join(parts)
        + ", with the guide and calibration pages on plain paper besides. "
        "The table above says which components each page holds; a back prints on its front's sheet."
    )


def ink_paragraph(ink: list[tuple[int, float, float]]) -> str:
    """The ink-saver's coverage estimates as one paragraph: the whole set, then each page."""
    normal = sum(n for _, n, _ in ink)
    saver = sum(k for _, _, k in ink)
    share = f" ({saver / normal:.0%} of the normal build's ink)" if normal > 0 else ""
    pages = ", ".join(f"{p}: {k:.0%} / {n:.0%}" for p, n, k in ink)
    return (
        f"Ink-saver: estimated ink coverage (the share of a page covered in ink), this build / the normal build: "
        f"{saver / len(ink):.1%} / {normal / len(ink):.1%} a page on average{share}. Page by page: {pages}."
    )


def page_ranges(pages: list[int]) -> str:
    """Page numbers as the guide lists them: runs joined, "1–3, 5"; "-" for none."""
    if not pages:
        return "-"
    out, start, prev = [], pages[0], pages[0]
    for p in pages[1:] + [None]:
        if p is not None and p == prev + 1:
            prev = p
            continue
        out.append(f"{start}" if start == prev else f"{start}–{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(out)


def calibration_pages(fonts: FontBook, paper: PaperSpec) -> tuple[list, list]:
    """A front with scales and a back with lines; held to the light they show the printer's shift."""
    W, H = paper.size.w, paper.size.h
    cx, cy = W / 2, H / 2
    front: list = []
    back: list = []
    st = Style(None, INK, 0.2)
    ops = []
    # horizontal scale (reads the x shift) above centre, vertical scale (y shift) right of centre
    for k in range(-20, 21):  # 0.5 mm ticks from -10 to +10 mm
        h = 9 if k % 10 == 0 else (6 if k % 2 == 0 else 3.5)
        x = cx + k * 0.5
        ops += [("M", x, cy - 40), ("L", x, cy - 40 - h)]
        y = cy + k * 0.5
        ops += [("M", cx + 40, y), ("L", cx + 40 + h, y)]
    front.append(Path(tuple(ops), st))
    for k in (-20, -10, 0, 10, 20):
        lab = f"{k // 2:+d}" if k else "0"
        front += text(fonts, lab, cx + k * 0.5 - 4, cy - 54, 8, 2.6, align="center")
        front += text(fonts, lab, cx + 51, cy + k * 0.5 - 1.3, 8, 2.6)
    front += text(fonts, "Duplex calibration — front", 20, 20, W - 40, 6, bold=True, align="center")
    front += text(
        fonts,
        "Print this page and the next double-sided, as you will print the game. Hold the sheet to a light. "
        "The back carries a vertical and a horizontal line through the centre. Read, in millimetres, where the "
        "vertical line crosses the top scale (X, right is +) and where the horizontal line crosses the right-hand "
        "scale (Y, down is +). Build again with --offset X,Y, or set duplex.offset in the paper file.",
        25,
        35,
        W - 50,
        3.4,
    )
    front += text(fonts, "X", cx - 2, cy - 63, 4, 4, bold=True, align="center")
    front += text(fonts, "Y", cx + 60, cy - 2, 4, 4, bold=True)
    long_line = Style(None, INK, 0.25)
    # A line through the page centre is its own mirror image for either flip edge.
    back.append(
        Path((("M", cx, 30), ("L", cx, H - 30), ("M", 30, cy), ("L", W - 30, cy)), long_line)
    )
    back += text(fonts, "Duplex calibration — back", 20, 20, W - 40, 6, bold=True, align="center")
    return front, back


def assembly_page(
    fonts: FontBook, paper: PaperSpec, name: str, grid: TileGrid, on: dict[str, int]
) -> tuple[list, tuple]:
    """The map's marks, and the transform that draws the board itself small beneath them;
    `on`: the page each tile is on, printed under its label on the map."""
    pages = sorted(set(on.values()))
    W, H = (grid.page_w, grid.page_h)
    m = paper.margin + 3
    out: list = []
    out += text(fonts, f"Assembly map: {name}", m, m, W - 2 * m, 6, bold=True)
    intro = text(
        fonts,
        f"The board is {grid.board_w:.1f} × {grid.board_h:.1f} mm, printed on {grid.count} tiles "
        f"({grid.rows} row{'s' if grid.rows > 1 else ''} × {grid.cols} column{'s' if grid.cols > 1 else ''}, {'page' if len(pages) == 1 else 'pages'} {page_ranges(pages)}). "
        "Trim each tile on its dashed lines (the left and top edges, except the first column and row), lay it over the "
        "shaded strip of its neighbour, the pink ticks beside its edges in line with the neighbour's crosshairs, and glue. "
        "The crosshairs sit only in the strips that are glued under, so none shows on the assembled board. "
        "This small map leaves out the board's own text.",
        m,
        m + 9,
        W - 2 * m,
        3.2,
    )
    out += intro
    # below the intro's last line, however many lines a narrow printable area wraps it to
    top = max(m + 26, max(t.y for t in intro if isinstance(t, Text)) + 3.0)
    aw, ah = W - 2 * m, H - top - m
    k = min(aw / grid.board_w, ah / grid.board_h)
    ox, oy = m + (aw - grid.board_w * k) / 2, top
    out.append(Rect(ox, oy, grid.board_w * k, grid.board_h * k, Style(None, INK, 0.3)))
    for r in range(grid.rows):
        for c in range(grid.cols):
            rx, ry, rw, rh = grid.region(c, r)
            out.append(Rect(ox + rx * k, oy + ry * k, rw * k, rh * k, Style(None, "#d01c8b", 0.5)))
            lab = tile_label(c, r)
            # centred on its tile, but kept inside the printable area beside a thin last column
            cx = min(max(ox + (rx + rw / 2) * k, paper.margin + 8), W - paper.margin - 8)
            out.append(
                Rect(
                    cx - 6,
                    oy + (ry + rh / 2) * k - 4,
                    12,
                    8,
                    Style("#ffffff", "#d01c8b", 0.4),
                    1.5,
                )
            )
            out += text(
                fonts,
                lab,
                cx - 6,
                oy + (ry + rh / 2) * k - 4,
                12,
                4.5,
                h=8,
                bold=True,
                align="center",
                valign="middle",
            )
            if lab in on:  # which page to take it from
                out += _page_label(fonts, f"page {on[lab]}", cx,
                                   oy + (ry + rh / 2) * k, H - paper.margin, W - paper.margin)  # fmt: skip
    return out, place(ox, oy, k, k)


def _page_label(
    fonts: FontBook, said: str, cx: float, cy: float, bottom: float, right: float
) -> list:
    """A tile's page on the map, under its label centred at (cx, cy); beside the label where
    under it would reach past `bottom`, the printable area's (a thin strip at the map's foot),
    on its left where its right would reach past `right`."""
    if cy + 4.5 + 5 <= bottom:
        x, y = cx - 8, cy + 4.5
    else:
        x, y = (cx + 7 if cx + 7 + 16 <= right else cx - 7 - 16), cy - 2.5
    box = Rect(x, y, 16, 5, Style("#ffffff", None), 1.0)
    return [box] + text(fonts, said, x, y, 16, 3.0, h=5, align="center", valign="middle")


def piece_band(
    fonts: FontBook,
    name: str,
    label: str,
    c: int,
    r: int,
    w: float,
    h: float,
    clear: tuple[float, float] = (0.0, 0.0),
) -> list:
    """A tile's label beside it on a shared sheet, along the tile's own side (x 0..w, y 0..h),
    towards the tile (y = h); `clear`: the lengths at each end kept free, where the tile's
    corner marks run along its sides."""
    trims = [e for e, on in (("left", c > 0), ("top", r > 0)) if on]
    trim = f"trim {' and '.join(trims)}" if trims else ""
    # the label in full, else shorter: a narrow strip's label keeps a legible size
    short = name.split(" (")[0]  # the board's name without its size
    for s in (
        f"{label}  {name}" + (f": {trim} on the dashed line" if trims else ""),
        f"{label}  {short}" + (f": {trim}" if trims else ""),
        f"{label}  {short}",
        f"{label}  {trim}" if trims else label,
        label,
    ):
        drawn = text(fonts, s, clear[0], 0, w - clear[0] - clear[1], 2.4, h=h, valign="bottom")
        if all(t.size >= LEGIBLE_MM - 1e-9 for t in drawn if isinstance(t, Text)):
            break
    return drawn


def tile_band(
    fonts: FontBook, paper: PaperSpec, name: str, label: str, c: int, r: int, grid: TileGrid
) -> list:
    m = paper.margin
    s = f"{label}   {name}   row {label.rstrip('0123456789')}, column {c + 1} of {grid.rows}×{grid.cols}"
    trims = [e for e, on in (("left", c > 0), ("top", r > 0)) if on]
    if trims:
        s += f"   — trim the {' and '.join(trims)} edge{'s' if len(trims) > 1 else ''} on the dashed line"
    # the ticks and trim line of a column's seam reach up into the band over the tile's
    # overlap strip: the label starts past them
    x = grid.x0 + grid.overlap_x + 1 if c > 0 else m + 1
    return text(
        fonts,
        s,
        x,
        m,
        grid.page_w - m - 1 - x,
        3.6,
        h=paper.label_band - 1,
        bold=False,
        valign="middle",
    )
