"""The command line's commands and options, as data: one row an option.

`pnp.cli.parser()` builds argparse from these rows. A new option is one more `Opt(...)` in its
command's tuple (or in GAME_OPTIONS, for every command that loads a game); its help text is
what `pnp COMMAND --help` prints, and docs/ must name it (tests/test_documented_defaults.py).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp import options
from pnp.budget import WHAT
from pnp.errors import DEFAULT_MAX_TILES, PnpError, escape


def _checked(check: Callable[[str], Any]) -> Callable[[str], Any]:
    """An option's type from its check in pnp.options (the library's too): the same expected
    and found, shown as a usage error."""

    def convert(text: str):
        try:
            return check(text)
        except PnpError as exc:
            raise argparse.ArgumentTypeError(
                f"expected {exc.expected}; found {escape(exc.found)}"
            ) from None

    return convert


_offset = _checked(options.offset)
_dpi = _checked(options.dpi)
_margin = _checked(options.margin)
MARGIN_HELP = "the edge your printer cannot print, 0 to 25 mm, in place of the paper file's margin (A4 and Letter: 5mm)"


def _length(text: str) -> float:
    from pnp.units import parse_length

    try:
        return parse_length(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc}; found {escape(text)!r}") from None


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number; found {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more; found {n}")
    return n


@dataclass(frozen=True)
class Opt:
    """One option or positional argument: `flags` as typed ("--out", "-v --verbose", or a
    positional's name), then what argparse.add_argument takes, unset where argparse's default
    holds."""

    flags: str
    help: str
    type: Callable[[str], Any] | None = None
    default: Any = None
    choices: tuple[str, ...] | None = None
    action: str | None = None
    metavar: str | None = None
    nargs: str | None = None
    dest: str | None = None

    def add_to(self, parser: argparse.ArgumentParser | argparse._ActionsContainer) -> None:
        given = {k: v for k in ("type", "default", "choices", "action", "metavar", "nargs",
                                "dest") if (v := getattr(self, k)) is not None}  # fmt: skip
        parser.add_argument(*self.flags.split(), help=self.help, **given)


@dataclass(frozen=True)
class Command:
    help: str
    options: tuple[Opt, ...]


# every command: how much it says on stderr (its results on stdout are the same either way);
# one or the other, never both
TALK = (
    Opt("-v --verbose", "also say each step and how long it took", action="store_true"),
    Opt("-q --quiet", "print nothing but errors (and the command's own results)", action="store_true"),
)  # fmt: skip

ONE_GAME = (Opt("game", "built-in game id or folder with a game.yaml", metavar="GAME"),)
MANY_GAMES = (
    Opt("games", "built-in game id or folder with a game.yaml", nargs="*", metavar="GAME"),
    Opt("--all", "every built-in game", action="store_true"),
)

# what every command that loads a game takes, after its GAME argument(s)
GAME_OPTIONS = (
    Opt("--variant", "a variant named in game.yaml"),
    Opt("--players", "number of player sets to print, within the game's players (default: the most); a build for fewer is GAME-Np-PAPER.pdf", type=_positive_int),
    Opt("--allow-outside", "let specs name files outside the game folder", action="store_true"),
    Opt("--max-items", "most items in a game: the same as --limit items=N (see docs/errors.md)", type=_positive_int),
    Opt("--limit", "raise a limit on total work: " + ", ".join(WHAT) + " (see docs/errors.md)", action="append", metavar="NAME=N"),
    Opt("--max-tiles", f"most pages one oversized item may be tiled over: the same as --limit tiles=N (default {DEFAULT_MAX_TILES})", type=_positive_int),
)  # fmt: skip

LIST = (
    Opt("game", "a game (built-in id or folder): its families, counts, stock and pages", nargs="?", metavar="GAME"),
    Opt("--variant", "(GAME) a variant named in game.yaml"),
    Opt("--paper", "(GAME) the paper the pages are counted on (default a4)", default="a4"),
    Opt("--margin", "(GAME) " + MARGIN_HELP, type=_margin, metavar="MM"),
)  # fmt: skip

BUILD = MANY_GAMES + GAME_OPTIONS + (
    Opt("--paper", "a4, letter, both, a paper id from layouts/ (the game folder's, the current folder's, the built-in), or a paper YAML file (default both)", default="both"),
    Opt("--margin", MARGIN_HELP, type=_margin, metavar="MM"),
    Opt("--engine", "PDF engine (default reportlab)", choices=("reportlab", "svg"), default="reportlab"),
    Opt("--out", "output folder (default ./output)", type=Path, default=Path("output")),
    Opt("--strict", "write nothing, and exit 1, when a rulebook check fails or there is any warning", action="store_true"),
    Opt("--offset", "duplex back offset X,Y in mm, as read on the calibration page", type=_offset),
    Opt("--flip", "duplex flip edge (default: the paper file's)", choices=("long", "short")),
    Opt("--only", "build just this family, or one item of it (repeatable), with its backs and the guide page, into output/GAME_only/; the rulebook is not checked", action="append", metavar="FAMILY[/ID]"),
    Opt("--since", "print only the items whose drawing changed since an earlier build (its output folder or a .json manifest), with their backs, into output/GAME_since/; says what changed", type=Path, metavar="EARLIER"),
    Opt("--ink-saver", "light tints and outlines instead of large fills and dark backs; the guide page shows each page's ink beside the normal build's", action="store_true"),
    Opt("--fold", "gutter-fold: each two-sided item's back mirrored beside its front on one sheet, to fold and glue (no duplex printer needed)", action="store_true"),
    Opt("--registration", "print registration marks for print-and-cut machines on every sheet (see pnp export --cut)", action="store_true"),
    Opt("--date", "put this build date (YYYY-MM-DD) in the PDFs; without it builds are byte-identical"),
    Opt("--jobs", "games built at once, on Linux (default: one per core; elsewhere one at a time)", type=_positive_int),
)  # fmt: skip

CHECK = ONE_GAME + GAME_OPTIONS + (
    Opt("--json", "print the results as JSON", action="store_true"),
    Opt("--ink-saver", "check the faces as the ink-saver prints them", action="store_true"),
    Opt("--coverage", "list every printed text no rule checks and no design text declares, with file and line", action="store_true"),
    Opt("--accept", "in a copy of a game: record each departure from the rulebook as a house rule in its rules.yaml", action="store_true"),
)  # fmt: skip

SCHEMA = (
    Opt("--out", "output folder (default ./schema)", type=Path, default=Path("schema")),
    Opt("--reference", "also write the key reference (docs/reference.md) here", type=Path, metavar="FILE"),
)  # fmt: skip

NEW = (
    Opt("path", "the new folder (must not exist, or be empty)", type=Path, metavar="PATH"),
    Opt("--from", "copy this game (built-in id or folder) instead of the template", dest="source", metavar="GAME"),
    Opt("--allow-outside", "copy files that symlinks in the game folder lead to outside it", action="store_true"),
)  # fmt: skip

PREVIEW = ONE_GAME + GAME_OPTIONS + (
    Opt("--out", "output folder (default ./output; images go to OUT/GAME/preview)", type=Path, default=Path("output")),
    Opt("--dpi", "resolution of the face images (default 150)", type=_dpi, default=150.0),
    Opt("--family", "only this family; repeat for more (default: all)", action="append", metavar="NAME"),
)  # fmt: skip

EXPORT = ONE_GAME + GAME_OPTIONS + (
    Opt("--tts", "a Tabletop Simulator Saved Object: deck sheets (10 x 7), boards, tiles and counters", action="store_true"),
    Opt("--tts-base-url", "(--tts) the web folder the images will be uploaded to, for other players (default: local file URLs)", metavar="URL"),
    Opt("--cut", "an SVG of the cut paths of each sheet page, in page mm", action="store_true"),
    Opt("--cards", "one file per card face with bleed, a CSV of counts and backs, for print shops", action="store_true"),
    Opt("--family", "(--tts, --cards) export this family; repeat for more (default: every card family)", action="append", metavar="NAME"),
    Opt("--paper", "(--cut) the paper the PDF was built for (default a4)", default="a4"),
    Opt("--registration", "(--cut) for a PDF built with --registration: the same layout and marks", action="store_true"),
    Opt("--margin", "(--cut) for a PDF built with --margin: " + MARGIN_HELP, type=_margin, metavar="MM"),
    Opt("--dpi", "(--cards, --press) resolution of the PNGs or press pages, 72 to 1200 (default 300)", type=float, default=300.0),
    Opt("--bleed", "(--cards, --press) art past the cut line on every side, 0 to 10 mm (default 3mm; --press 0.125in)", type=_length),
    Opt("--format", "(--cards) PNG images or one-page PDFs with TrimBox and BleedBox (default png)", choices=("png", "pdf"), default="png"),
    Opt("--cricut", "Cricut Print Then Cut: sheets of items as images within 6.75 x 9.25 in, with cut outlines", action="store_true"),
    Opt("--press", "press-ready PDFs: one CMYK PDF/X-1a file per family, one face per page with bleed", action="store_true"),
    Opt("--ink-limit", "(--press) total ink at most this per cent, 160 to 400 (default 240)", type=float, default=240.0),
    Opt("--shop", "(--cards; alone, it implies --cards) a print shop's own sizes and files: makeplayingcards, printerstudio, thegamecrafter or drivethrucards (see docs/printing.md)", metavar="NAME"),
    Opt("--out", "output folder (default ./output; files go to OUT/GAME/tts, OUT/GAME/cut or OUT/GAME/cards)", type=Path, default=Path("output")),
)  # fmt: skip

SERVE = ONE_GAME + GAME_OPTIONS + (
    Opt("--port", "port to listen on (default 8000; 0 picks a free one)", type=int, default=8000),
    Opt("--paper", "paper of the print pages and the check (default a4)", default="a4"),
    Opt("--margin", MARGIN_HELP, type=_margin, metavar="MM"),
    Opt("--host", "listen on this address instead of 127.0.0.1 (others on the network can then see the game)"),
)  # fmt: skip

# in the order `pnp --help` lists them
COMMANDS = {
    "list": Command("list the built-in games and their variants, or what one game prints", LIST),
    "build": Command("write the print-ready PDFs and manifests", BUILD),
    "check": Command("check the components against the rulebook", CHECK),
    "schema": Command("write JSON Schema files for editors (game, family, paper, rules)", SCHEMA),
    "new": Command("create a game folder to edit, that builds and checks as it is", NEW),
    "preview": Command("write PNG images of every face and a contact sheet per family", PREVIEW),
    "export": Command("Tabletop Simulator deck sheets (--tts), print-and-cut files (--cut), print-shop card files (--cards) or press-ready PDFs (--press)", EXPORT),
    "serve": Command("a live page of every face, the print pages and the rulebook check, redrawn on save", SERVE),
}  # fmt: skip
