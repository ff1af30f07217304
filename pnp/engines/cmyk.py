"""CMYK for press-ready files: pnp's own separation of sRGB pixels, with a total-ink limit,
and the ICC output profile that describes it.

Print shops that preflight PDFs (DriveThruCards and the like) want CMYK with at most 240 %
total ink and an output intent naming the printing condition. The freely redistributable CMYK
characterisations a Python package could ship do not exist (FOGRA and GRACoL profiles are not
free to pass on; Ghostscript's are AGPL), so pnp separates with a plain, documented model and
writes the profile of exactly that model, "pnp generic CMYK": it is pnp's own, goes into every
press PDF, and tells a RIP how to read the CMYK numbers (as the sRGB colours they came from).

The separation (on sRGB values 0..1): black K = 1 - max(R, G, B) carries all the grey (full
grey-component replacement, so black text is black ink only and no grey has three inks);
C = (1 - R - K) / (1 - K), and so M and Y. Where C + M + Y + K exceeds the limit, C, M and Y
are scaled down together, K kept: a dark red of 50 % K, 100 % M and Y (250 %) becomes 50 %
K with 95 % M and Y. The profile's table from CMYK to Lab is the model's inverse:
R = (1 - C)(1 - K), and so G and B.
"""

from __future__ import annotations

import struct

import numpy as np

PROFILE_NAME = "pnp generic CMYK"
INK_LIMIT = 240.0  # per cent, DriveThruCards' figure and a common one for uncoated card

# sRGB (D65) to XYZ adapted to D50 (Bradford), as ICC profiles' connection space is D50
_RGB_TO_XYZ = np.array(
    [
        [0.4360747, 0.3850649, 0.1430804],
        [0.2225045, 0.7168786, 0.0606169],
        [0.0139322, 0.0971045, 0.7141733],
    ]
)
_D50 = np.array([0.9642, 1.0, 0.8249])


def separate(rgb: np.ndarray, ink_limit: float = INK_LIMIT) -> np.ndarray:
    """sRGB values 0..1 (..., 3) as CMYK 0..1 (..., 4), total ink at most `ink_limit` %."""
    rgb = np.clip(np.asarray(rgb, dtype=np.float64), 0.0, 1.0)
    k = 1.0 - rgb.max(axis=-1)
    room = np.where(k < 1.0, 1.0 - k, 1.0)
    cmy = np.where((k < 1.0)[..., None], (1.0 - rgb - k[..., None]) / room[..., None], 0.0)
    cmy = np.clip(cmy, 0.0, 1.0)
    limit = ink_limit / 100.0
    total = cmy.sum(axis=-1)
    over = total + k > limit
    scale = np.where(
        over & (total > 0), np.clip(limit - k, 0.0, None) / np.where(total > 0, total, 1.0), 1.0
    )
    return np.concatenate([cmy * scale[..., None], k[..., None]], axis=-1)


def separate_image(rgb_bytes: bytes, ink_limit: float = INK_LIMIT) -> bytes:
    """8-bit RGB pixels as 8-bit CMYK pixels (for a PDF /DeviceCMYK image)."""
    rgb = np.frombuffer(rgb_bytes, dtype=np.uint8).reshape(-1, 3).astype(np.uint32)
    # one separation per distinct colour: a card has few, and a photo still far fewer than pixels
    packed = (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]
    keys, index = np.unique(packed, return_inverse=True)
    colours = np.stack([(keys >> 16) & 255, (keys >> 8) & 255, keys & 255], axis=-1)
    cmyk = separate(colours / 255.0, ink_limit)
    # round down, so the limit holds for the 8-bit values too
    levels = np.floor(cmyk * 255.0 + 1e-6).astype(np.uint8)
    return levels[index.reshape(-1)].tobytes()


def combine(cmyk: np.ndarray) -> np.ndarray:
    """The model's inverse: CMYK 0..1 (..., 4) as sRGB 0..1 (..., 3)."""
    c = np.asarray(cmyk, dtype=np.float64)
    return (1.0 - c[..., :3]) * (1.0 - c[..., 3:4])


def _linear(v: np.ndarray) -> np.ndarray:
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def _encoded(v: np.ndarray) -> np.ndarray:
    v = np.clip(v, 0.0, 1.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


def rgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    xyz = _linear(np.asarray(rgb, dtype=np.float64)) @ _RGB_TO_XYZ.T / _D50
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def lab_to_rgb(lab: np.ndarray) -> np.ndarray:
    lab = np.asarray(lab, dtype=np.float64)
    fy = (lab[..., 0] + 16) / 116
    f = np.stack([fy + lab[..., 1] / 500, fy, fy - lab[..., 2] / 200], axis=-1)
    xyz = np.where(f > 6 / 29, f**3, 3 * (6 / 29) ** 2 * (f - 4 / 29)) * _D50
    return _encoded(xyz @ np.linalg.inv(_RGB_TO_XYZ).T)


# --- the ICC profile (version 2.1, output class, CMYK data, Lab connection space) ---------


def _s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def _lab16(lab: np.ndarray) -> np.ndarray:
    """Lab as ICC v2's 16-bit encoding (L 0..100 -> 0..0xFF00, a and b +128 times 256)."""
    out = np.stack([lab[..., 0] * 652.80, (lab[..., 1] + 128) * 256, (lab[..., 2] + 128) * 256], -1)
    return np.clip(np.round(out), 0, 65535).astype(">u2")


def _lut16(inputs: int, outputs: int, grid: int, clut: np.ndarray) -> bytes:
    identity = struct.pack(">HH", 0, 65535)
    matrix = b"".join(_s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", inputs, outputs, grid, 0) + matrix
    return (
        head
        + struct.pack(">HH", 2, 2)
        + identity * inputs
        + clut.astype(">u2").tobytes()
        + identity * outputs
    )


def _grid(n: int, dims: int) -> np.ndarray:
    """Every grid point in 0..1, the first channel varying slowest (the ICC order)."""
    axes = np.meshgrid(*[np.linspace(0, 1, n)] * dims, indexing="ij")
    return np.stack([a.reshape(-1) for a in axes], axis=-1)


def _desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_ + bytes(4 + 4 + 2 + 1 + 67)


def icc_profile(ink_limit: float = INK_LIMIT) -> bytes:
    """The ICC profile of `separate` at this ink limit: CMYK -> Lab (A2B) is its inverse, Lab ->
    CMYK (B2A) the separation itself, one table for every rendering intent."""
    a2b_points = _grid(9, 4)
    a2b = _lut16(4, 3, 9, _lab16(rgb_to_lab(combine(a2b_points))))
    lab_points = _grid(17, 3) * 65535
    lab = np.stack(
        [lab_points[:, 0] / 652.80, lab_points[:, 1] / 256 - 128, lab_points[:, 2] / 256 - 128], -1
    )
    cmyk = separate(lab_to_rgb(lab), ink_limit)
    b2a = _lut16(3, 4, 17, np.round(cmyk * 65535))
    gamut = _lut16(3, 1, 2, np.zeros(8))  # everything is printable, as far as this model goes
    name = f"{PROFILE_NAME}, total ink {ink_limit:g}%"
    white = b"XYZ " + bytes(4) + b"".join(_s15(v) for v in _D50)
    cprt = b"text" + bytes(4) + b"No copyright: pnp's generated profile, free to use and pass on\0"
    tags = [
        (b"desc", _desc(name)),
        (b"cprt", cprt),
        (b"wtpt", white),
        (b"A2B0", a2b),
        (b"B2A0", b2a),
        (b"gamt", gamut),
    ]
    shared = {b"A2B1": b"A2B0", b"A2B2": b"A2B0", b"B2A1": b"B2A0", b"B2A2": b"B2A0"}
    count = len(tags) + len(shared)
    at = 128 + 4 + 12 * count
    table, body, where = [], b"", {}
    for sig, data in tags:
        data += bytes(-len(data) % 4)
        where[sig] = (at + len(body), len(data))
        body += data
    for sig, _ in tags:
        table.append(sig + struct.pack(">II", *where[sig]))
    for sig, same in shared.items():
        table.append(sig + struct.pack(">II", *where[same]))
    tag_bytes = struct.pack(">I", count) + b"".join(table)
    size = 128 + len(tag_bytes) + len(body)
    header = (
        struct.pack(">I", size)
        + b"pnp "
        + struct.pack(">I", 0x02100000)
        + b"prtrCMYKLab "
        + struct.pack(">6H", 2000, 1, 1, 0, 0, 0)
        + b"acsp"
        + bytes(4)  # platform
        + bytes(4)  # flags
        + bytes(4)  # manufacturer
        + bytes(4)  # model
        + bytes(8)  # attributes
        + struct.pack(">I", 0)  # perceptual
        + b"".join(_s15(v) for v in _D50)
        + b"pnp "
        + bytes(44)
    )
    assert len(header) == 128
    return header + tag_bytes + body
