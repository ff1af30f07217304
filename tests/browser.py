"""Headless Chromium driven over the DevTools protocol: open a page, run script, take pictures.

The browser is the system's (Debian's `chromium`); nothing is downloaded.
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
START_S = 30.0


def find_chromium() -> str | None:
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, exe: str, width: int = 1400, height: int = 1000):
        import websocket  # websocket-client, a test dependency

        self.profile = Path(tempfile.mkdtemp(prefix="pnp-chromium-"))
        args = [
            exe, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-sync", "--disable-dev-shm-usage",
            "--force-device-scale-factor=1", "--hide-scrollbars", "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + START_S
        while not port_file.is_file() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError(f"{exe} did not start its DevTools server")
            time.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=START_S) as r:
            page = next(t for t in json.load(r) if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=START_S, suppress_origin=True)
        self.ids = itertools.count(1)
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def call(self, method: str, **params) -> dict:
        n = next(self.ids)
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]

    def js(self, expression: str):
        """The value of a JavaScript expression (promises awaited)."""
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def open(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def wait(self, expression: str, timeout: float, what: str = ""):
        """Wait until the expression is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"not within {timeout} s: {what or expression}")
            time.sleep(0.05)

    def shot(self, x: float, y: float, w: float, h: float) -> bytes:
        """A PNG of a region of the page, in CSS pixels of the document."""
        clip = {"x": x, "y": y, "width": w, "height": h, "scale": 1}
        r = self.call("Page.captureScreenshot", format="png", clip=clip, captureBeyondViewport=True)
        return base64.b64decode(r["data"])

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)
