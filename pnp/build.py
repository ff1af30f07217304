"""One build: load, draw faces, impose for each paper, render, write PDF and manifest atomically."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.draw.fonts import FontBook
from pnp.engines import DocInfo
from pnp.errors import PnpError
from pnp.kinds import KINDS, DrawContext, Face
from pnp.layout.compose import compose
from pnp.layout.impose import FamilyInfo, Plan, impose
from pnp.layout.manifest import manifest
from pnp.layout.plan import ItemRef
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, load_paper


@dataclass
class Output:
    paper: str
    pdf: Path
    manifest: Path
    pages: int
    plan: Plan


def draw_faces(game: Game) -> tuple[DrawContext, dict[str, list[Face]], list[FamilyInfo]]:
    fonts = FontBook(game.fonts)
    ctx = DrawContext(game, fonts)
    faces: dict[str, list[Face]] = {}
    infos: list[FamilyInfo] = []
    for fam in game.families:
        kind = KINDS[fam.spec.kind]
        fl = list(kind.faces(fam, ctx))
        faces[fam.name] = fl
        stock = fam.spec.stock or kind.default_stock
        refs = [ItemRef(fam.name, i, f.id, f.w, f.h, f.back is not None, stock, f.bleed) for i, f in enumerate(fl)]
        infos.append(FamilyInfo(fam.name, fam.title, stock, fam.spec.sheet, fam.spec.gutter, refs))
    return ctx, faces, infos


def output_stem(game: Game, paper: str) -> str:
    return f"{game.id}" + (f"-{game.variant}" if game.variant else "") + f"-{paper}"


def build(
    game: Game,
    papers: list[str],
    *,
    engine: str = "reportlab",
    out_dir: Path,
    date: str | None = None,
    offset: tuple[float, float] | None = None,
    flip: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[Output]:
    specs = [_paper(load_paper(p), offset, flip) for p in papers]
    ctx, faces, infos = draw_faces(game)
    dest = out_dir / game.id
    outputs: list[Output] = []
    staged: list[tuple[Path, Path]] = []
    tmp_root = Path(tempfile.mkdtemp(prefix=".pnp-", dir=_mkdir(dest)))
    try:
        for paper in specs:
            stem = output_stem(game, paper.id)
            plan = impose(
                infos, paper, ctx.fonts, title=game.spec.title, credits=game.spec.credits,
                variant=game.variant, players=game.options.get("players") if game.spec.player_colours else None,
            )
            info = DocInfo(
                title=game.spec.title + (f" ({game.variant})" if game.variant else ""),
                author=game.spec.credits,
                subject=f"Print-and-play components, {paper.title}",
                date=date,
            )
            pdf_tmp = tmp_root / f"{stem}.pdf"
            svg_dir = tmp_root / f"{stem}-svg"
            writer = _writer(engine, pdf_tmp, info, ctx, svg_dir)

            def face_of(ref: ItemRef) -> Face:
                return faces[ref.family][ref.index]

            for n, page in enumerate(plan.pages, 1):
                writer.page(page.w, page.h, compose(page, face_of), page.bookmark)
                if progress:
                    progress(f"{game.id} {paper.id}: page {n}/{len(plan.pages)}")
            writer.close()
            man_tmp = tmp_root / f"{stem}.json"
            data = manifest(plan, game=game.id, variant=game.variant, paper=paper.id, engine=engine)
            man_tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            staged.append((pdf_tmp, dest / pdf_tmp.name))
            staged.append((man_tmp, dest / man_tmp.name))
            if engine == "svg":
                staged.append((svg_dir, dest / svg_dir.name))
            outputs.append(Output(paper.id, dest / pdf_tmp.name, dest / man_tmp.name, len(plan.pages), plan))
        # Everything rendered: only now replace the previous output, one rename per file.
        for src, dst in staged:
            if src.is_dir():
                if dst.exists():
                    old = dst.with_name(dst.name + ".old")
                    shutil.rmtree(old, ignore_errors=True)
                    os.replace(dst, old)
                    os.replace(src, dst)
                    shutil.rmtree(old, ignore_errors=True)
                else:
                    os.replace(src, dst)
            else:
                os.replace(src, dst)
    finally:
        shutil.rmtree(tmp_root, ignore_errors=True)
    return outputs


def _mkdir(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError("cannot write the output folder", found=f"{path}: {exc.strerror}") from None
    return path


def _paper(paper: PaperSpec, offset, flip) -> PaperSpec:
    update = {}
    if offset is not None:
        update["duplex"] = paper.duplex.model_copy(update={"offset": paper.duplex.offset.model_copy(update={"x": offset[0], "y": offset[1]})})
    if flip:
        d = update.get("duplex", paper.duplex)
        update["duplex"] = d.model_copy(update={"flip": flip})
    return paper.model_copy(update=update) if update else paper


def _writer(engine: str, path: Path, info: DocInfo, ctx: DrawContext, svg_dir: Path):
    if engine == "svg":
        from pnp.engines.svg_pdf import SvgPdfWriter

        return SvgPdfWriter(path, info, ctx.fonts, ctx.symbols, svg_dir)
    from pnp.engines.reportlab_pdf import ReportlabWriter

    return ReportlabWriter(path, info, ctx.fonts, ctx.symbols)
