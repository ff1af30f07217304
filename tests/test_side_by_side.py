"""Each output mode has its own file names, so every version of a game sits side by side."""

from __future__ import annotations

import hashlib

import pymupdf

from pnp.cli import main


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_fold_ink_saver_and_registration_keep_the_normal_pdfs(small_game, tmp_path):
    out = tmp_path / "out"
    base = ["build", str(small_game), "--paper", "a4", "--out", str(out), "--quiet"]
    assert main(base) == 0
    folder = out / "small"
    plain = _sha(folder / "small-a4.pdf")
    assert main([*base, "--fold"]) == 0
    assert main([*base, "--ink-saver"]) == 0
    assert main([*base, "--registration"]) == 0
    assert main([*base, "--fold", "--ink-saver"]) == 0
    pdfs = sorted(p.name for p in folder.glob("*.pdf"))
    assert pdfs == [
        "small-a4.pdf",
        "small-fold-a4.pdf",
        "small-fold-ink-saver-a4.pdf",
        "small-ink-saver-a4.pdf",
        "small-registration-a4.pdf",
    ]
    for p in pdfs:  # each with its manifest beside it
        assert (folder / p).with_suffix(".json").is_file()
    # the normal build is untouched by the others, and each version is what it says
    assert _sha(folder / "small-a4.pdf") == plain
    guide = lambda name: pymupdf.open(folder / name)[0].get_text()  # noqa: E731
    assert (
        "ink" in guide("small-ink-saver-a4.pdf").lower()
        and "ink-saver" not in guide("small-a4.pdf").lower()
    )
    assert "fold" in guide("small-fold-a4.pdf").lower()
    # the cut files of a registration build are named to pair with its PDF
    assert (
        main(
            [
                "export",
                str(small_game),
                "--cut",
                "--paper",
                "a4",
                "--registration",
                "--out",
                str(out),
                "--quiet",
            ]
        )
        == 0
    )
    assert all(p.name.startswith("small-registration-a4-cut-p") for p in (folder / "cut").iterdir())
