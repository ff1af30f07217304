"""pnp serve: a local page that shows every face, the print pages and the rulebook check,
redrawn as the game's files are saved (see docs/customising.md)."""

from __future__ import annotations

import socket
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.serve.files import ensure_room
from pnp.serve.snapshot import Options

LOCAL = "127.0.0.1"


@dataclass
class Running:
    """A server ready to run: `server.run(sockets=[sock])` serves until Ctrl-C or should_exit."""

    server: object  # uvicorn.Server
    sock: socket.socket
    url: str
    hub: object  # pnp.serve.app.Hub


def make_server(opts: Options, host: str = LOCAL, port: int = 8000) -> Running:
    """Load the game once (a folder that is not a game is refused here), then bind the port."""
    import uvicorn

    from pnp.serve.app import Hub, make_app
    from pnp.spec.load import find_game
    from pnp.spec.paper import load_paper

    ensure_room()  # before anything is opened: too few files would fail inside uvicorn
    root = find_game(opts.ref).resolve()
    load_paper(opts.paper, root)  # an unknown paper is refused before anything runs
    hub = Hub(opts, root)
    hub.rebuild()
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    # the Host header must name this server: a web page elsewhere cannot rebind a name to it
    allowed = (
        machine_names() if host in ("0.0.0.0", "::", "") else sorted({LOCAL, "localhost", host})
    )
    config = uvicorn.Config(
        make_app(hub, allowed), log_level="warning", timeout_graceful_shutdown=2, lifespan="on"
    )
    server = uvicorn.Server(config)
    hub.stopping = lambda: server.should_exit
    return Running(server, sock, f"http://{shown}:{bound}/", hub)


def _listen(host: str, port: int) -> socket.socket:
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)  # connections wait in line from the moment the address is printed
    except (OSError, UnicodeError) as exc:
        raise PnpError(
            f"cannot listen on {host}:{port}",
            expected="a free port on an address of this machine",
            found=getattr(exc, "strerror", None) or str(exc),
            hint="choose another --port",
        ) from None
    sock.set_inheritable(True)
    return sock


def machine_names() -> list[str]:
    """The names and addresses this machine answers to (for a server on every interface): a
    request must name one of them in its Host header, never a name a web page rebound to it."""
    names = {LOCAL, "localhost", "::1", "[::1]"}
    for name in {socket.gethostname(), socket.getfqdn()}:
        if name:
            names |= {name, f"{name}.local", name.split(".")[0]}
            try:
                for *_, addr in socket.getaddrinfo(name, None):
                    names.add(addr[0] if ":" not in addr[0] else f"[{addr[0]}]")
            except OSError:
                pass
    try:  # the address other machines reach this one at (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            names.add(probe.getsockname()[0])
    except OSError:
        pass
    return sorted(names)
