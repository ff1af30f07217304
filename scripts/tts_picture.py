"""Draw Tabletop Simulator models as they are exported: an OBJ and its texture, seen from an
angle, flat-shaded (painter's algorithm, each triangle's texture mapped affinely). Makes
docs/images/tts-models.png from an export of Earthquake! and the piecepack:

    pnp export earthquake --tts --out /tmp/t && pnp export piecepack --tts --out /tmp/t
    python scripts/tts_picture.py /tmp/t docs/images/tts-models.png
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
from PIL import Image, ImageDraw

SIZE = 360


def read_obj(path: Path):
    v, vt, tris = [], [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        p = line.split()
        if p and p[0] == "v":
            v.append([float(x) for x in p[1:4]])
        elif p and p[0] == "vt":
            vt.append([float(x) for x in p[1:3]])
        elif p and p[0] == "f":
            tris.append([tuple(int(i) - 1 for i in r.split("/")[:2]) for r in p[1:]])
    return np.array(v), np.array(vt), tris


def turn(yaw: float, pitch: float) -> np.ndarray:
    a, b = math.radians(yaw), math.radians(pitch)
    ry = np.array([[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]])
    rx = np.array([[1, 0, 0], [0, math.cos(b), -math.sin(b)], [0, math.sin(b), math.cos(b)]])
    return rx @ ry


def draw(obj: Path, texture: Path, yaw: float, pitch: float) -> Image.Image:
    """The model seen from +Z (right-handed, +Y up) after turning it by yaw, then pitch."""
    v, vt, tris = read_obj(obj)
    tex = Image.open(texture).convert("RGB")
    tw, th = tex.size
    p = v @ turn(yaw, pitch).T
    k = SIZE * 0.8 / max(np.ptp(p[:, 0]), np.ptp(p[:, 1]))
    centre = (p.max(axis=0) + p.min(axis=0)) / 2
    screen = np.c_[(p[:, 0] - centre[0]) * k + SIZE / 2, SIZE / 2 - (p[:, 1] - centre[1]) * k]
    out = Image.new("RGB", (SIZE, SIZE), "white")
    light = np.array([0.3, 0.5, 0.8]) / np.linalg.norm([0.3, 0.5, 0.8])
    for tri in sorted(tris, key=lambda t: np.mean([p[i][2] for i, _ in t])):
        a, b, c = (p[i] for i, _ in tri)
        n = np.cross(b - a, c - a)
        if n[2] <= 0:  # facing away
            continue
        shade = 0.55 + 0.45 * max(0.0, float(np.dot(n / np.linalg.norm(n), light)))
        src = np.array([[vt[t][0] * tw, (1 - vt[t][1]) * th] for _, t in tri])
        dst = np.array([screen[i] for i, _ in tri])
        m = np.c_[dst, np.ones(3)]
        if abs(np.linalg.det(m)) < 1e-9:
            continue
        coef = np.linalg.solve(m, src)  # screen -> texture
        piece = tex.transform(
            (SIZE, SIZE), Image.AFFINE, tuple(coef.T.flatten()), resample=Image.BILINEAR
        )
        piece = piece.point(lambda x, s=shade: int(x * s))
        mask = Image.new("L", (SIZE, SIZE), 0)
        ImageDraw.Draw(mask).polygon([tuple(q) for q in dst], fill=255)
        out.paste(piece, (0, 0), mask)
    return out


def local(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def main(out_dir: str, target: str) -> None:
    root = Path(out_dir)
    quake = json.loads((root / "earthquake/tts/earthquake.json").read_text(encoding="utf-8"))
    pieces = json.loads((root / "piecepack/tts/piecepack.json").read_text(encoding="utf-8"))
    models = {o["Nickname"]: o["CustomMesh"] for o in quake["ObjectStates"] if "CustomMesh" in o}
    pictures = []
    for name, yaw, pitch in (("d10", 20, 25), ("red-t", 25, 50), ("yellow", 30, 20)):
        mesh = models[name]
        pictures.append(draw(local(mesh["MeshURL"]), local(mesh["DiffuseURL"]), yaw, pitch))
    pawn = next(o for o in pieces["ObjectStates"] if o["Nickname"] == "suns-pawn")["CustomMesh"]
    pictures.append(draw(local(pawn["MeshURL"]), local(pawn["DiffuseURL"]), 200, 15))
    coin = next(
        o
        for o in pieces["ObjectStates"]
        if o["Description"].startswith("Coins") and o["Nickname"] == "suns-ace"
    )
    for key in ("ImageURL", "ImageSecondaryURL"):
        img = Image.open(local(coin["CustomImage"][key])).convert("RGBA")
        img.thumbnail((SIZE * 0.6, SIZE * 0.6))
        tile = Image.new("RGB", (SIZE, SIZE), "white")
        tile.paste(img, ((SIZE - img.width) // 2, (SIZE - img.height) // 2), img)
        pictures.append(tile)
    sheet = Image.new("RGB", (SIZE * len(pictures), SIZE), "white")
    for n, pic in enumerate(pictures):
        sheet.paste(pic, (n * SIZE, 0))
    sheet.save(target, optimize=True)


if __name__ == "__main__":
    main(*sys.argv[1:3])
