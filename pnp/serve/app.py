"""The live page's server: starlette routes, server-sent events and the file watcher.

Nothing a request names reaches the file system: the page and its script and style are read
from the package once, and pictures are looked up by content name among the current (and
the last) look at the game, then drawn in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import threading
from contextlib import asynccontextmanager
from functools import partial
from importlib import resources
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from watchfiles import DefaultFilter, awatch

from pnp.serve.files import FullSaid
from pnp.serve.pictures import DRAW_LOCK, Pictures
from pnp.serve.snapshot import (
    Options,
    Snapshot,
    error_entry,
    finish,
    replaced_pictures,
    stale,
    take,
)

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
}
ASSETS = {"app.js": "text/javascript", "app.css": "text/css", "index.html": "text/html"}
NAME = re.compile(r"[0-9a-f]{20}")
KEEPALIVE_S = 15.0  # an SSE comment now and then keeps proxies and the browser from giving up
STOP_POLL_S = 0.5  # how soon open event streams notice the server is stopping
DRAW_AHEAD = (
    8  # an edit that changes this many faces or fewer has them drawn before it is announced
)
MAX_WATCHED = 2_000  # folders one server watches (a game has a handful)
WATCH_SETTLE_S = 0.3  # a new watch is in place well within this
QUIET_MS = 100  # a quiet spell this long after a watch starts says it is in place (Hub.watching)


def _assets() -> dict[str, bytes]:
    """The page's own files, read from the package once: requests never name a file."""
    folder = resources.files("pnp.serve") / "static"
    return {name: (folder / name).read_bytes() for name in ASSETS}


class Hub:
    """The current look at the game, the pictures drawn for it and who waits for the next."""

    def __init__(self, opts: Options, root: Path):
        self.opts = opts
        self.root = root
        self.snapshot: Snapshot | None = None
        self.previous: Snapshot | None = None
        self.version = 0
        self.pictures = Pictures()
        self.json = "{}"
        self._changed: asyncio.Event | None = None
        self.stopping = lambda: False
        # set while the file watch is in place: every save from then on is seen (what a
        # program driving the server, the tests among them, waits for before saving)
        self.watching = threading.Event()

    def rebuild(self, changed: list[str] | tuple = (), announce=lambda: None) -> Snapshot:
        """Load and draw the game again (in a worker thread); cached pictures are kept.

        Two steps, each announced: the faces first, so the page redraws what changed at once;
        then the print pages, the rulebook check and the warnings.
        """
        from pnp.serve.caches import forget_changed

        drawn = None
        with DRAW_LOCK:
            try:
                forget_changed(changed)
                snap, drawn = take(self.opts, self.snapshot, self.version + 1)
                # a few edited faces are drawn before the page hears of them: its requests find them ready
                replaced = replaced_pictures(self.snapshot, snap)
                if len(replaced) <= DRAW_AHEAD:
                    for name in replaced:
                        self.pictures.png(name, snap.drawables[name])
            except Exception as exc:  # noqa: BLE001 - a bug met while drawing must not stop the watching
                snap = stale(self.snapshot, [error_entry(exc)], self.version + 1, 0.0)
        self._show(snap)
        announce()
        if drawn is not None:
            with DRAW_LOCK:
                try:
                    snap = finish(drawn, snap, self.opts, self.version + 1)
                except Exception as exc:  # noqa: BLE001 - as above
                    snap = Snapshot(
                        {**snap.state, "pending": False, "errors": [error_entry(exc)]},
                        snap.drawables,
                        snap.folders,
                    )
            self._show(snap, replaces_current=True)
            announce()
        return snap

    def _show(self, snap: Snapshot, replaces_current: bool = False) -> None:
        self.version += 1
        if replaces_current:
            self.snapshot = snap  # the same look, completed: the one before stays the previous
        elif snap is not self.snapshot:
            self.previous, self.snapshot = self.snapshot, snap
        keep = [self.snapshot.drawables] + ([self.previous.drawables] if self.previous else [])
        self.pictures.keep_only(*keep)
        self.json = json.dumps(snap.state, default=str)

    def folders(self) -> list[Path]:
        """The game folder and the folders of games it uses: every file the game reads."""
        found = {self.root}
        if self.snapshot is not None:
            found |= self.snapshot.folders
        return sorted(found)

    def drawable(self, name: str):
        for snap in (self.snapshot, self.previous):
            if snap is not None and name in snap.drawables:
                return snap.drawables[name]
        return None

    # --- waking the event streams (on the event loop) ---
    def changed_event(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def announce(self) -> None:
        old, self._changed = self.changed_event(), asyncio.Event()
        old.set()


def watched(tops: list[Path]) -> list[Path]:
    """Every real folder under the game's folders, each to be watched on its own.

    A symlink is never followed: a link in a shared game folder to / (or to a private folder)
    would otherwise have the server list, and watch, everything under it.
    """
    out: list[Path] = []
    for top in tops:
        for here, dirs, _ in os.walk(top, followlinks=False):
            dirs[:] = sorted(
                d for d in dirs if not d.startswith(".") and d not in DefaultFilter.ignore_dirs
            )
            out.append(Path(here))
            if len(out) >= MAX_WATCHED:
                logging.getLogger("pnp").warning(
                    "warning: watching only the first %s folders of the game", f"{MAX_WATCHED:,}"
                )
                return out
    return out


async def watch(hub: Hub, stop: asyncio.Event) -> None:
    """Rebuild on every save in the game's folders; a new set of folders restarts the watch."""
    folders: list[Path] = []

    def rebuild(paths: list[str]):
        return anyio.to_thread.run_sync(
            hub.rebuild, paths, partial(anyio.from_thread.run_sync, hub.announce)
        )

    async def catch_up(added: list[Path]) -> None:
        # a new folder's watch starts with awatch; what was saved into it before then is read
        # once the watch is surely in place, so no save falls between the two
        await asyncio.sleep(WATCH_SETTLE_S)
        saved = sorted(str(f) for d in added if d.is_dir() for f in d.iterdir() if f.is_file())
        if saved and not stop.is_set():
            await rebuild(saved)

    while not stop.is_set():
        hub.watching.clear()
        before, folders = folders, watched(hub.folders())
        added = [d for d in folders if d not in before]
        async with anyio.create_task_group() as tasks:
            if before and added:
                tasks.start_soon(catch_up, added)
            try:
                changes_seen = awatch(
                    *folders,
                    watch_filter=DefaultFilter(),
                    stop_event=stop,
                    debounce=400,
                    step=30,
                    recursive=False,
                    rust_timeout=QUIET_MS,
                    yield_on_timeout=True,
                )
                async for changes in changes_seen:
                    hub.watching.set()  # the watch was set up before its first wait began
                    if not changes:  # a quiet spell
                        continue
                    await rebuild(sorted(p for _, p in changes))
                    if watched(hub.folders()) != folders:  # a folder made, removed or renamed
                        break
            except (
                OSError
            ) as exc:  # a watched folder was removed or renamed: say so, and watch again
                logging.getLogger("pnp").warning("warning: cannot watch %s: %s", folders[0], exc)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 1.0)


def make_app(hub: Hub, allowed_hosts: list[str]) -> Starlette:
    assets = _assets()

    async def page(request: Request) -> Response:
        return Response(
            assets["index.html"],
            media_type="text/html; charset=utf-8",
            headers={**HEADERS, "Cache-Control": "no-store"},
        )

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets or name == "index.html":
            return Response("not found", status_code=404, headers=HEADERS)
        return Response(
            assets[name],
            media_type=ASSETS[name] + "; charset=utf-8",
            headers={**HEADERS, "Cache-Control": "no-store"},
        )

    async def state(request: Request) -> Response:
        return Response(
            hub.json,
            media_type="application/json",
            headers={**HEADERS, "Cache-Control": "no-store"},
        )

    async def picture(request: Request) -> Response:
        name = request.path_params["name"]
        drawable = hub.drawable(name) if NAME.fullmatch(name) else None
        if drawable is None:
            return Response("no such picture", status_code=404, headers=HEADERS)
        try:
            png = await anyio.to_thread.run_sync(hub.pictures.png, name, drawable)
        except Exception as exc:  # noqa: BLE001 - one picture that cannot be drawn is said, not fatal
            return JSONResponse(
                {"error": f"{type(exc).__name__}: {exc}"}, status_code=500, headers=HEADERS
            )
        # named by its content: the same name is always the same picture
        return Response(
            png,
            media_type="image/png",
            headers={**HEADERS, "Cache-Control": "public, max-age=31536000, immutable"},
        )

    async def events(request: Request) -> Response:
        async def stream():
            sent = -1
            quiet = 0.0
            while not hub.stopping():
                if hub.version != sent:
                    sent = hub.version
                    quiet = 0.0
                    yield f"event: state\ndata: {hub.json}\n\n"
                    continue
                event = hub.changed_event()
                try:
                    await asyncio.wait_for(event.wait(), STOP_POLL_S)
                except TimeoutError:
                    quiet += STOP_POLL_S
                    if quiet >= KEEPALIVE_S:
                        quiet = 0.0
                        yield ": still here\n\n"

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={**HEADERS, "Cache-Control": "no-store"},
        )

    @asynccontextmanager
    async def lifespan(app):
        asyncio.get_running_loop().set_exception_handler(FullSaid())
        stop = asyncio.Event()
        task = asyncio.create_task(watch(hub, stop))
        try:
            yield
        finally:
            stop.set()
            try:
                await asyncio.wait_for(task, 5)
            except (TimeoutError, asyncio.CancelledError):
                task.cancel()

    routes = [
        Route("/", page),
        Route("/static/{name}", asset),
        Route("/api/state", state),
        Route("/picture/{name}.png", picture),
        Route("/events", events),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
