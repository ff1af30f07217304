"""pnp serve over HTTP: the page, every picture, redraws on save, errors kept on show, security."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import urllib.request

import pytest
from PIL import Image, ImageChops
from serve_util import Served, faces, save

from pnp.scaffold import new_game


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "mygame"
    new_game(folder)
    return folder


@pytest.fixture
def served(game):
    s = Served(game)
    yield s
    s.stop()


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def edited(served, path, old: str, new: str) -> tuple[dict, dict]:
    """The served state before, and after saving `path` with `old` (which must be there) made `new`."""
    before = served.state()
    text = path.read_text()
    assert old in text, (path, old)
    save(path, text.replace(old, new))
    return before, served.next_state(before["version"])


def pixels(served, name: str) -> Image.Image:
    return Image.open(io.BytesIO(served.picture(name))).convert("RGB")


def test_page_and_every_picture(served):
    status, headers, body = served.get("/")
    assert status == 200 and b'src="/static/app.js"' in body
    assert "default-src 'self'" in headers["content-security-policy"]
    for asset in ("app.js", "app.css"):
        assert served.get(f"/static/{asset}")[0] == 200
    state = served.state()
    assert [f["name"] for f in state["families"]] == ["deck", "events", "board", "counters"]
    assert len(faces(state, "deck")) == 10 and state["errors"] == []
    deck = next(f for f in state["families"] if f["name"] == "deck")
    assert deck["shared_back"] is not None  # one back for the whole deck, shown once
    pictures = [f[side] for fam in state["families"] for f in fam["faces"] for side in ("front", "back") if f[side]]
    pictures += [p for p in state["pages"]]
    for pic in pictures:
        assert png_size(served.picture(pic["name"])) == (pic["w"], pic["h"])
    assert {p["kind"] for p in state["pages"]} >= {"guide", "sheet", "tile"}
    assert any(r["id"] == "deck-size" and r["passed"] and r["cite"] == "The deck has 10 cards." for r in state["check"])
    assert faces(state, "deck")["red-1"]["attrs"]["colour"] == "red"


def test_a_save_redraws_only_what_changed(served, game):
    before = served.state()
    for fam in before["families"]:
        for f in fam["faces"]:
            served.picture(f["front"]["name"])
    drawn = served.running.hub.pictures.drawn
    deck = game / "deck.yaml"
    text = deck.read_text()
    # the printed number doubles on every card; nothing else changes
    save(deck, text.replace('text: "{value}"', 'text: "{value}{value}"'))
    after = served.next_state(before["version"])
    old, new = faces(before, "deck"), faces(after, "deck")
    changed = [i for i in new if new[i]["front"]["name"] != old[i]["front"]["name"]]
    assert sorted(changed) == sorted(old)  # the number is on every card
    assert faces(after, "counters") == faces(before, "counters")
    assert faces(after, "board") == faces(before, "board")
    for i in changed:
        a, b = pixels(served, old[i]["front"]["name"]), pixels(served, new[i]["front"]["name"])
        assert ImageChops.difference(a, b).getbbox() is not None  # the pixels did change
    for fam in after["families"]:
        for f in fam["faces"]:
            served.picture(f["front"]["name"])
    assert served.running.hub.pictures.drawn - drawn == len(changed)  # and nothing else was drawn again


def test_one_item_changes_one_picture(served, game):
    before, after = edited(served, game / "deck.yaml", "value: [1, 2, 3, 4, 5]", "value: [1, 2, 3, 4, 7]")
    old, new = faces(before, "deck"), faces(after, "deck")
    assert set(new) - set(old) == {"red-7", "blue-7"}
    assert all(new[i]["front"]["name"] == old[i]["front"]["name"] for i in new if i in old)


def test_a_broken_save_shows_its_error_and_the_next_good_save_recovers(served, game):
    before = served.state()
    deck = game / "deck.yaml"
    good = deck.read_text()
    save(deck, good.replace("kind: card", "kind: card\n  oops: [unclosed"))
    broken = served.next_state(before["version"])
    assert broken["stale"] and broken["errors"], broken["errors"]
    err = broken["errors"][0]
    assert err["file"].endswith("deck.yaml") and isinstance(err["line"], int) and err["line"] > 0
    # the last good faces stay on show, and their pictures are still served
    assert faces(broken, "deck") == faces(before, "deck")
    served.picture(faces(broken, "deck")["red-1"]["front"]["name"])
    save(deck, good.replace("Card text goes here.", "Fixed."))
    fixed = served.next_state(broken["version"])
    assert not fixed["stale"] and fixed["errors"] == []
    assert faces(fixed, "deck")["red-1"]["front"] != faces(before, "deck")["red-1"]["front"]


def test_art_saved_in_the_game_redraws_the_faces_that_use_it(served, game):
    before = served.state()
    (game / "art").mkdir(exist_ok=True)
    save(game / "art" / "star.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')
    after = served.next_state(before["version"])
    assert faces(after, "deck")["red-1"]["front"] != faces(before, "deck")["red-1"]["front"]
    assert faces(after, "board") == faces(before, "board")  # the board draws no star
    square = served.picture(faces(after, "deck")["red-1"]["front"]["name"])
    # the same file saved again with other art: drawn anew, not from what was read before
    save(game / "art" / "star.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></svg>')
    again = served.next_state(after["version"])
    round_ = served.picture(faces(again, "deck")["red-1"]["front"]["name"])
    a, b = (Image.open(io.BytesIO(x)).convert("RGB") for x in (square, round_))
    assert ImageChops.difference(a, b).getbbox() is not None


def test_requests_never_reach_files(served):
    for path in ("/static/../pyproject.toml", "/static/%2e%2e%2fapp.py", "/static/index.html", "/static/snapshot.py",
                 "/picture/../../etc/passwd", "/picture/zz.png", "/picture/" + "0" * 20 + ".png", "/deck.yaml"):
        status, _, body = served.get(path)
        assert status == 404, (path, status)
    # the Host header must name this machine: a page elsewhere cannot rebind its name to us
    assert served.get("/api/state", {"Host": "attacker.example"})[0] == 400
    assert served.running.sock.getsockname()[0] == "127.0.0.1"


def test_cli_refuses_a_folder_that_is_no_game(tmp_path):
    r = subprocess.run([sys.executable, "-m", "pnp", "serve", str(tmp_path / "none"), "--port", "0"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "unknown game" in r.stderr and "Traceback" not in r.stderr


def test_cli_warns_for_host_and_stops_cleanly_on_ctrl_c(game):
    p = subprocess.Popen(
        [sys.executable, "-m", "pnp", "serve", str(game), "--port", "0", "--host", "127.0.0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        line = p.stdout.readline()
        url = line.split()[2]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "events", timeout=20) as events:  # an open event stream
            assert events.readline() == b"event: state\n"
            p.send_signal(signal.SIGINT)
            _, err = p.communicate(timeout=20)
    finally:
        p.kill()
    assert p.returncode == 0, err
    assert "warning: serving on 127.0.0.1" in err and "stopped" in err and "Traceback" not in err
    # the port is free again: a new server (as pnp serve binds, with SO_REUSEADDR) can listen on it
    import socket

    port = int(url.rstrip("/").rsplit(":", 1)[1])
    again = socket.socket()
    try:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))
        again.listen(1)
    finally:
        again.close()


def test_a_font_saved_in_the_game_redraws_the_text_set_in_it(tmp_path):
    from pnp.draw.fonts import BUILTIN

    folder = tmp_path / "fonted"
    new_game(folder)
    (folder / "title.ttf").write_bytes(BUILTIN["regular"].read_bytes())
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("components:", "fonts:\n  title: title.ttf\ncomponents:"))
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace('size: 9pt, colour: ink}', 'size: 9pt, font: title, colour: ink}'))
    served = Served(folder)
    try:
        before = served.state()
        assert before["errors"] == []
        old = served.picture(faces(before, "deck")["red-1"]["front"]["name"])
        tmp = folder / "title.ttf.saving"
        tmp.write_bytes(BUILTIN["bold"].read_bytes())
        tmp.replace(folder / "title.ttf")
        after = served.next_state(before["version"])
        assert faces(after, "board") == faces(before, "board")
        new = served.picture(faces(after, "deck")["red-1"]["front"]["name"])
        a, b = (Image.open(io.BytesIO(x)).convert("RGB") for x in (old, new))
        assert ImageChops.difference(a, b).getbbox() is not None  # the text is drawn in the new font
        # ... exactly as a fresh process draws the saved game (pnp preview at the page's 4 px/mm)
        out = tmp_path / "out"
        r = subprocess.run([sys.executable, "-m", "pnp", "preview", str(folder), "--out", str(out), "--dpi", "101.6", "--family", "deck"],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert new == (out / "fonted" / "preview" / "deck" / "red-1-front.png").read_bytes()
    finally:
        served.stop()


def test_a_game_broken_from_the_start_shows_its_error_and_recovers(game):
    deck = game / "deck.yaml"
    good = deck.read_text()
    deck.write_text(good.replace("size: {w: 63.5mm, h: 88.9mm}", "size: {w: 63.5, h: 88.9mm}"))
    served = Served(game)
    try:
        state = served.state()
        assert served.get("/")[0] == 200 and state["game"] is None and state["families"] == []
        err = state["errors"][0]
        size_line = next(n for n, line in enumerate(good.splitlines(), 1) if line.startswith("size:"))
        assert err["file"].endswith("deck.yaml") and err["line"] == size_line and "mm" in err["expected"]
        save(deck, good)
        fixed = served.next_state(state["version"])
        assert fixed["errors"] == [] and len(faces(fixed, "deck")) == 10
    finally:
        served.stop()


def test_warnings_name_their_file_and_line(served, game):
    assert served.state()["warnings"] == []
    text = (game / "deck.yaml").read_text()
    _, after = edited(served, game / "deck.yaml", "size: 9pt, colour: ink}", "size: 3pt, colour: ink}")
    line = next(n for n, s in enumerate(text.splitlines(), 1) if "Card text goes here." in s)
    found = [w for w in after["warnings"] if w["file"].endswith("deck.yaml")]
    assert found and found[0]["line"] == line and "Card text goes here." in found[0]["message"], after["warnings"]
    assert after["errors"] == [] and not after["stale"]


def test_a_port_in_use_is_refused_with_a_message(game):
    import socket

    from pnp.errors import PnpError
    from pnp.serve import make_server
    from pnp.serve.snapshot import Options

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        with pytest.raises(PnpError) as err:
            make_server(Options(str(game)), port=taken.getsockname()[1])
        assert "cannot listen on 127.0.0.1" in str(err.value) and "--port" in str(err.value)
    finally:
        taken.close()


def test_the_rulebook_check_follows_the_saves(served, game):
    before = served.state()
    rule = next(r for r in before["check"] if r["id"] == "deck-size")
    assert rule["passed"] and rule["found"] == "10"
    _, after = edited(served, game / "deck.yaml", "value: [1, 2, 3, 4, 5]", "value: [1, 2, 3, 4]")
    rule = next(r for r in after["check"] if r["id"] == "deck-size")
    assert not rule["passed"] and rule["found"] == "8" and rule["cite"] == "The deck has 10 cards."
    assert any(p["kind"] == "sheet" for p in after["pages"]) and after["pages"] != before["pages"]


def test_a_saved_csv_redraws_the_rows_that_changed(served, game):
    """Saving the spreadsheet redraws the one card whose row changed; the rest keep their pictures."""
    before, after = edited(served, game / "events.csv", "Trade one counter for a card.", "Trade two counters for a card.")
    old, new = faces(before, "events"), faces(after, "events")
    changed = sorted(i for i in new if new[i]["front"] != old[i]["front"])
    market = sorted(i for i in new if new[i]["attrs"].get("name") == "Market Day")
    assert changed == market and len(market) == 2, (changed, market)  # its two copies, nothing else
    assert faces(after, "deck") == faces(before, "deck")
    a, b = (pixels(served, f[changed[0]]["front"]["name"]) for f in (old, new))
    assert ImageChops.difference(a, b).getbbox() is not None


def test_serving_the_network_requires_a_host_header_naming_this_machine(game):
    """`--host 0.0.0.0` accepted any Host header, so a web page could rebind its own name to
    this server and read the game. Now the Host must be one of this machine's names."""
    import threading
    import time
    import urllib.error

    from pnp.serve import machine_names, make_server
    from pnp.serve.snapshot import Options

    names = machine_names()
    assert "*" not in names and "127.0.0.1" in names and "localhost" in names
    running = make_server(Options(str(game)), host="0.0.0.0", port=0)
    thread = threading.Thread(target=running.server.run, kwargs={"sockets": [running.sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not running.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        port = running.sock.getsockname()[1]

        def status(host: str) -> int:
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/state", headers={"Host": host})
            try:
                with urllib.request.urlopen(req, timeout=20) as r:
                    return r.status
            except urllib.error.HTTPError as e:
                return e.code

        assert status(f"127.0.0.1:{port}") == 200
        assert status(f"localhost:{port}") == 200
        assert status(f"evil.example:{port}") == 400
    finally:
        running.server.should_exit = True
        thread.join(10)
