"""pnp serve in a real browser (headless Chromium): every face loads, a saved edit shows in the
page's face, a broken save shows its error and the next good save recovers. What the browser
shows is compared, pixel by pixel, with the face's own PNG.

Runs wherever Chromium is installed; `.ci/run` installs Debian's package, so CI always runs it.
"""

from __future__ import annotations

import io
import os

import pytest
from browser import Browser, find_chromium
from PIL import Image, ImageChops, ImageStat
from serve_util import WAIT_S, Served, faces, save

from pnp.face_images import face_pixels, place_face, render_png
from pnp.pipeline import prepare
from pnp.scaffold import new_game
from pnp.serve.snapshot import FACE_MAX_PX, FACE_PX_PER_MM
from pnp.spec.load import load_game

pytestmark = pytest.mark.deep  # a real browser: run by CI (.ci/run) and `pytest -m deep`

CHROMIUM = find_chromium()
if CHROMIUM is None:
    if os.environ.get("CI"):
        raise RuntimeError("Chromium is missing: .ci/run should have installed it")
    pytest.skip(
        "no Chromium on this machine (Debian: apt-get install chromium)", allow_module_level=True
    )

ALL_LOADED = """(() => {
  const imgs = [...document.querySelectorAll('#families img')];
  return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0 && i.dataset.state === 'loaded') && imgs.length;
})()"""


@pytest.fixture(scope="module")
def browser():
    b = Browser(CHROMIUM)
    yield b
    b.close()


@pytest.fixture
def served(tmp_path):
    folder = tmp_path / "mygame"
    new_game(folder)
    s = Served(folder)
    yield s
    s.stop()


def own_png(folder, family: str, item: str) -> Image.Image:
    """The face's own PNG, drawn here from the game as saved, at the page's resolution."""
    game = load_game(str(folder))
    prep = prepare(game, legibility=False)
    ctx, fl = prep.ctx, prep.faces
    face = next(f for f in fl[family] if f.id == item)
    w, h = face_pixels(face, FACE_PX_PER_MM, FACE_MAX_PX)
    return Image.open(
        io.BytesIO(render_png(ctx, [place_face(face.front, 0, 0, face, w, h)], w, h))
    ).convert("RGBA")


def shown(browser: Browser, key: str) -> Image.Image:
    """What the page shows of a face's front, read from the screen."""
    box = browser.js(f"""(() => {{
      const img = document.querySelector('figure[data-face="{key}"] img[data-side="front"]');
      img.scrollIntoView({{block: 'center'}});  // clear of the sticky header
      const r = img.getBoundingClientRect();
      return [r.left + scrollX, r.top + scrollY, r.width, r.height];
    }})()""")
    return Image.open(io.BytesIO(browser.shot(*box))).convert("RGB")


def differs(screen: Image.Image, own: Image.Image) -> float:
    """Mean difference (0-255) over the face's opaque pixels: what the page shows against the PNG."""
    assert screen.size == own.size, (screen.size, own.size)
    opaque = own.getchannel("A").point(lambda a: 255 if a == 255 else 0)
    diff = ImageChops.difference(screen, own.convert("RGB"))
    return sum(ImageStat.Stat(diff, opaque).mean) / 3


def test_faces_load_edits_show_and_errors_recover(browser, served):
    state = served.state()
    pictures = sum(
        bool(f["front"]) + bool(f["back"] and not fam["shared_back"])
        for fam in state["families"]
        for f in fam["faces"]
    )
    pictures += sum(1 for fam in state["families"] if fam["shared_back"])
    browser.open(served.url)
    assert browser.wait(ALL_LOADED, WAIT_S, "every face image loaded") == pictures
    assert browser.js("document.querySelectorAll('img.failed').length") == 0
    assert (
        browser.js(
            "document.querySelector('#check tr[data-rule=\"deck-size\"] td.status').textContent"
        )
        == "pass"
    )
    hover = browser.js("document.querySelector('figure[data-face=\"deck/red-1\"]').title")
    assert hover.startswith("red-1") and "colour: red" in hover

    # show faces at their PNGs' own pixel size, so the screen can be compared with them pixel for pixel
    browser.js(
        f"(() => {{ const z = document.getElementById('zoom'); z.value = {FACE_PX_PER_MM}; z.dispatchEvent(new Event('input')); }})()"
    )
    before = own_png(served.folder, "deck", "red-1")
    assert differs(shown(browser, "deck/red-1"), before) < 2.0

    deck = served.folder / "deck.yaml"
    good = deck.read_text()
    version = int(browser.js("document.body.dataset.version"))
    save(deck, good.replace("Card text goes here.", "Fresh words, new card."))
    new_name = faces(served.next_state(version), "deck")["red-1"]["front"]["name"]
    browser.wait(
        f'(() => {{ const i = document.querySelector(\'figure[data-face="deck/red-1"] img[data-side="front"]\');'
        f" return i.dataset.name === '{new_name}' && i.dataset.state === 'loaded'; }})()",
        WAIT_S,
        "the edited face on the page",
    )
    after = own_png(served.folder, "deck", "red-1")
    screen = shown(browser, "deck/red-1")
    assert differs(screen, after) < 2.0  # the page shows the face as saved ...
    text = ImageChops.difference(
        before.convert("RGB"), after.convert("RGB")
    ).getbbox()  # where the edit changed the face's pixels
    assert text is not None
    old, new = (
        differs(screen.crop(text), before.crop(text)),
        differs(screen.crop(text), after.crop(text)),
    )
    assert new < 2.0 and old > 20.0, (old, new)  # ... the new text, and not the old

    # a broken save: its error with file and line in the page, the last faces still on show
    version = int(browser.js("document.body.dataset.version"))
    save(deck, good.replace("kind: card", "kind: card\n  oops: [unclosed"))
    message = browser.wait(
        "(document.querySelector('.message.error') || {}).textContent",
        WAIT_S,
        "the error in the page",
    )
    assert "deck.yaml:" in message
    assert browser.js("document.body.classList.contains('stale')")
    assert browser.wait(ALL_LOADED, WAIT_S, "the last good faces") == pictures
    save(deck, good)
    browser.wait(
        f"+document.body.dataset.version > {version + 1} && !document.querySelector('.message.error')",
        WAIT_S,
        "recovery",
    )
    assert not browser.js("document.body.classList.contains('stale')")
    browser.wait(ALL_LOADED, WAIT_S, "faces after recovery")
    assert differs(shown(browser, "deck/red-1"), before) < 2.0


def test_print_pages_toggle(browser, served):
    state = served.state()
    browser.open(served.url)
    browser.wait(ALL_LOADED, WAIT_S, "faces")
    browser.js("document.getElementById('show-pages').click()")
    n = browser.wait(
        """(() => { const imgs = [...document.querySelectorAll('#pages img')];
      return imgs.length && imgs.every(i => i.complete && i.naturalWidth > 0) && imgs.length; })()""",
        WAIT_S,
        "print pages",
    )
    assert n == len(state["pages"])
    assert browser.js("document.getElementById('families').hidden")
    sizes = browser.js(
        "[...document.querySelectorAll('#pages img')].map(i => [i.naturalWidth, i.naturalHeight])"
    )
    assert sizes == [[p["w"], p["h"]] for p in state["pages"]]


def test_spec_text_in_the_page_is_text_never_markup(browser, served):
    """A key that is HTML (and control characters) shows in the error as the characters written."""
    browser.open(served.url)
    browser.wait(ALL_LOADED, WAIT_S, "faces")
    deck = served.folder / "deck.yaml"
    # YAML's \e and \a in a double-quoted key are ESC and BEL
    save(
        deck,
        deck.read_text()
        + '"<img src=x onerror=document.body.dataset.owned=1><b>bold</b>\\e]2;title\\a": 1\n',
    )
    message = browser.wait(
        "(document.querySelector('.message.error') || {}).textContent",
        WAIT_S,
        "the error in the page",
    )
    assert "<img src=x onerror=document.body.dataset.owned=1><b>bold</b>" in message, message
    assert (
        browser.js(
            "document.querySelectorAll('#messages img, #messages b, .message img, .message b').length"
        )
        == 0
    )
    assert browser.js("document.body.dataset.owned === undefined")
    assert "\x1b" not in message and "\x07" not in message, repr(
        message
    )  # escaped as for the terminal
