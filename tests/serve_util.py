"""A `pnp serve` running in a thread on a copy of a game, and ways to read what it serves."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from pathlib import Path

from pnp.serve import make_server
from pnp.serve.snapshot import Options

WAIT_S = 20.0  # a generous ceiling for a rebuild on a busy machine; speed is measured in bench/


class Served:
    def __init__(self, folder: Path, **options):
        self.folder = folder
        self.running = make_server(Options(str(folder), **options), port=0)
        self.url = self.running.url
        self.thread = threading.Thread(target=self.running.server.run, kwargs={"sockets": [self.running.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT_S
        while not self.running.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        # the server says when its file watch is in place: from then on every save is seen
        assert self.running.hub.watching.wait(WAIT_S), "the file watch did not start"

    def stop(self) -> None:
        self.running.server.should_exit = True
        self.thread.join(10)

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
        req = urllib.request.Request(self.url + path.lstrip("/"), headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=WAIT_S) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def state(self) -> dict:
        return json.loads(self.get("/api/state")[2])

    def picture(self, name: str) -> bytes:
        status, headers, body = self.get(f"/picture/{name}.png")
        assert status == 200 and headers["content-type"] == "image/png", (status, body[:200])
        return body

    def next_state(self, after: int, complete: bool = True) -> dict:
        """The first state pushed on the event stream with a version above `after`; with
        `complete`, the first with its print pages and rulebook check too (not pending)."""
        with urllib.request.urlopen(self.url + "events", timeout=WAIT_S) as r:
            deadline = time.monotonic() + WAIT_S
            while time.monotonic() < deadline:
                line = r.readline().decode()
                if line.startswith("data: "):
                    state = json.loads(line[6:])
                    if state["version"] > after and not (complete and state["pending"]):
                        return state
        raise AssertionError(f"no new state after version {after} within {WAIT_S} s")


def save(path: Path, text: str) -> None:
    """Write a file the way an editor saves: a new file moved over the old one."""
    tmp = path.with_name(path.name + ".saving")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def faces(state: dict, family: str) -> dict[str, dict]:
    fam = next(f for f in state["families"] if f["name"] == family)
    return {f["id"]: f for f in fam["faces"]}
