"""The command line: pnp list | build | check | ... Errors are messages, never tracebacks."""

from __future__ import annotations

import argparse
import errno
import json
import logging
import os
import sys
import time

from pnp import __version__, api, budget, cli_table, options
from pnp.errors import DEFAULT_MAX_ITEMS, PnpError, escape, missing_cairo
from pnp.messages import grouped


class Progress:
    """One line that updates in place on a terminal; quiet otherwise until a step completes."""

    def __init__(self, enabled: bool = True):
        self.tty = sys.stderr.isatty() and enabled
        self.enabled = enabled
        self.start = time.monotonic()

    def __call__(self, msg: str) -> None:
        if self.tty and time.monotonic() - self.start > 0.3:
            sys.stderr.write("\r\033[K" + msg)
            sys.stderr.flush()

    def done(self, msg: str) -> None:
        if self.tty:
            sys.stderr.write("\r\033[K")
        if self.enabled:
            print(msg, file=sys.stderr)


def parser() -> argparse.ArgumentParser:
    """argparse from the table in pnp/cli_table.py: every command takes -v or -q."""
    p = argparse.ArgumentParser(
        prog="pnp", description="Print-and-play board-game components from YAML."
    )
    p.add_argument("--version", action="version", version=f"pnp {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    talk = argparse.ArgumentParser(add_help=False)
    loud = talk.add_mutually_exclusive_group()
    for opt in cli_table.TALK:
        opt.add_to(loud)
    for name, command in cli_table.COMMANDS.items():
        sp = sub.add_parser(name, parents=[talk], help=command.help)
        for opt in command.options:
            opt.add_to(sp)
    return p


# errors of a full or read-only disk: the user's to fix, so exit 2 with a message
DISK_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS}
MEMORY_MESSAGE = (
    "out of memory: the game asks for more than this machine can hold; "
    "lower --max-items, --max-tiles or the sizes in the spec"
)


def _logging(args) -> None:
    """The "pnp" logger to stderr, as loud as the command line asks: -v steps, -q errors only."""
    log = logging.getLogger("pnp")
    if not any(getattr(h, "pnp_cli", False) for h in log.handlers):
        handler = logging.StreamHandler()
        handler.pnp_cli = True  # type: ignore[attr-defined]
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.propagate = False
    for h in log.handlers:
        if getattr(h, "pnp_cli", False):
            h.stream = sys.stderr  # a test's captured stderr, or the real one
    log.setLevel(
        logging.DEBUG if args.verbose else logging.ERROR if args.quiet else logging.WARNING
    )
    global _quiet
    _quiet = args.quiet


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    _logging(args)
    try:
        options.source_date_epoch()  # read by the PDF writers: refused here, before any work
        return COMMANDS[args.command](args)
    except PnpError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        from pnp.outputset import SWITCHED

        print(
            f"interrupted; {SWITCHED}"
            if str(exc) == SWITCHED
            else "interrupted; earlier output is unchanged",
            file=sys.stderr,
        )
        return 130
    except BrokenPipeError:
        return _closed_pipe()
    except MemoryError:
        print(f"error: {MEMORY_MESSAGE}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - the one place a bug becomes a message
        if (cairo := missing_cairo(exc)) is not None:
            print(f"error: {cairo}", file=sys.stderr)
            return 2
        if isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG:
            # a name made from the spec (an item id, a family) longer than the file system takes
            print(f"error: {escape(exc.filename or 'a file name')}: the file name is too long for this file system\n"
                  "  hint: shorten the item id or family name it is made from", file=sys.stderr)  # fmt: skip
            return 2
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
            print(f"error: no more files may be open ({exc.strerror}): raise the limit "
                  "(`ulimit -n 1024` in this shell) and run again", file=sys.stderr)  # fmt: skip
            return 2
        if isinstance(exc, OSError) and exc.errno in DISK_ERRORS:
            # the machine's fault, not the game's: say which file and why, no traceback
            print(
                f"error: cannot write {escape(exc.filename or 'the output')}: {exc.strerror}",
                file=sys.stderr,
            )
            return 2
        if os.environ.get("PNP_DEBUG"):
            raise
        print(
            f"internal error: {type(exc).__name__}: {escape(exc)}\n(run with PNP_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 3


def _closed_pipe() -> int:
    # the reader (`| head`) has what it wanted: exit quietly, and point stdout at devnull so
    # that Python's own flush at exit does not raise a second time
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 0


def cmd_list(args) -> int:
    from pnp.listing import game_lines, games_lines

    if args.game is None:
        from pnp.spec.load import builtin_games

        print("\n".join(games_lines(builtin_games())))
        return 0
    from pnp.pipeline import Load, load, prepare
    from pnp.write import duplex_paper

    game = load(args.game, Load(args.variant))
    paper = duplex_paper(
        _papers(args.paper, [game])[0], game_folder=game.folder, margin=args.margin
    )
    print("\n".join(game_lines(prepare(game, [paper], legibility=False))))
    return 0


def _load(args, ref: str):
    from pnp.pipeline import Load, load

    budget.configure(_limits(args))  # here, so that every --jobs worker has the same limits
    return load(
        ref,
        Load(args.variant, args.players, args.allow_outside, args.max_items or DEFAULT_MAX_ITEMS),
    )


def _limits(args) -> list[str]:
    """--limit NAME=N, and --max-items N and --max-tiles N as what they are: --limit items=N
    and --limit tiles=N. Set once for the run, they bound every command that does the work."""
    given = list(args.limit or [])
    for name in ("items", "tiles"):
        if getattr(args, f"max_{name}", None):
            given.append(f"{name}={getattr(args, f'max_{name}')}")
    return given


def _papers(text: str, games=()) -> list[str]:
    from pnp.spec.paper import load_paper

    names = options.papers(text)
    for n in names:
        for folder in [g.folder for g in games] or [None]:
            load_paper(n, folder)  # refuses an unknown paper before any work
    return names


def cmd_build(args) -> int:
    from pnp.spec.load import builtin_games

    if args.all and args.games:
        raise PnpError("give game names or --all, not both")
    refs = list(builtin_games()) if args.all else args.games
    if not refs:
        raise PnpError("no game given", expected="a game id, a folder with a game.yaml, or --all")
    if args.since and (len(refs) != 1 or args.only):
        raise PnpError(
            "--since compares one game with its earlier build",
            expected="one game, without --only",
            found=" ".join(refs),
        )
    options.date(args.date)
    progress = Progress(enabled=not args.quiet)
    started = time.time()
    # every game, and its papers, loaded and checked before anything is written
    games = [_load(args, r) for r in refs]
    papers = _papers(args.paper, games)
    jobs = min(args.jobs or os.cpu_count() or 1, len(games))
    # games build on several cores by fork, which only Linux makes safe for a process that has
    # loaded cairo and FreeType (macOS warns against it; Windows has no fork): elsewhere one game
    # after another, the same files
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        jobs = 1
    outcomes = _build_on_cores(args, games, papers, jobs) if jobs > 1 else None
    if outcomes is None:
        outcomes = [_build_one(args, g, papers, progress) for g in games]
    failed = False
    for outcome in outcomes:
        if isinstance(outcome, str):  # a clean refusal found while drawing
            print(f"error: {outcome}", file=sys.stderr)
            return 2
        done, report, bad = outcome
        failed = failed or bad
        progress.done(done)
        if report and (not args.quiet or bad):
            print(report, file=sys.stderr)
    for g in games:
        _stale(args, g, started)
    return 1 if (failed and args.strict) else 0


def _build_on_cores(args, games: list, papers: list[str], jobs: int) -> list | None:
    """Build the games on `jobs` cores (games are independent); outcomes in the order given, or
    None when the system will not start the workers (then one game after another, here)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    mp = multiprocessing.get_context("fork")  # workers start with what is imported and loaded
    _preload(args.engine)
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=mp)
    try:
        futures = [pool.submit(_build_one, args, game, papers, None) for game in games]
    except OSError as exc:  # fork refused: too many processes, or no memory for one more
        for child in set(multiprocessing.active_children()) - before:
            child.terminate()  # the workers that did start wait for work that never comes
        pool.shutdown(wait=False, cancel_futures=True)
        if not args.quiet:
            print(f"note: --jobs: cannot start a worker process ({escape(exc.strerror or exc)}): "
                  "one game after another", file=sys.stderr)  # fmt: skip
        return None
    try:
        with pool:
            return [f.result() for f in futures]
    except BrokenProcessPool:
        raise PnpError(
            "--jobs: a worker process ended abruptly (killed, or out of memory)",
            expected="workers that finish their games",
            found=f"{jobs} workers for {len(games)} games",
            hint="run again with --jobs 1 (one game after another, in one process)",
        ) from None


def _preload(engine: str) -> None:
    """Import what every game's build imports (its drawing, check and writing) before the
    workers start, so that each starts with it instead of importing it again."""
    import pnp.rulecheck.contrast  # noqa: F401
    import pnp.rulecheck.coverage_art  # noqa: F401
    import pnp.rulecheck.evaluate  # noqa: F401
    import pnp.rulecheck.legibility  # noqa: F401
    import pnp.rulecheck.measures  # noqa: F401
    import pnp.write  # noqa: F401

    if engine == "reportlab":
        import pnp.engines.reportlab_pdf  # noqa: F401


def _build_one(args, game, papers: list[str], progress) -> tuple[str, str, bool] | str:
    """`pnp.build` on one game, and what to say of it: (done, report, anything failed or
    warned); a PnpError comes back as its message (it crosses processes)."""
    from pnp.rulecheck.house_lines import is_copy
    from pnp.rulecheck.report import summary

    budget.configure(_limits(args))  # a --jobs worker starts with the defaults
    t0 = time.monotonic()

    def report(built: api.Built) -> str:
        part = "--since" if args.since else "--only"
        checked = (
            summary(game.id, built.results, copy=is_copy(game))
            if not (args.only or args.since)
            else f"{game.id}: rulebook not checked ({part} builds a part of the game)"
        )
        # -q: no warnings, and the rulebook check only when a rule fails (as `pnp check -q`)
        said = (
            ""
            if args.quiet
            else "".join(f"warning: {escape(w)}\n" for w in grouped(built.warnings))
        )
        return said + (checked if built.failed or not args.quiet else "")

    try:
        built = api.build(
            game, papers, out_dir=args.out, engine=args.engine, only=args.only or (), strict=args.strict,
            date=args.date, offset=args.offset, flip=args.flip, fold=args.fold, ink_saver=args.ink_saver,
            registration=args.registration, max_tiles=budget.allowed("tiles"), progress=progress, since=args.since,
            margin=args.margin, warn=lambda _: None,  # said in the report, after the game's files
        )  # fmt: skip
    except api.Refused as exc:
        said = report(exc.built)
        return (
            exc.message,
            said + ("\n" if said and not said.endswith("\n") else "") + exc.message,
            True,
        )
    except PnpError as exc:
        return str(exc)
    if not built:  # --since, and nothing changed
        return built.changes, "", False
    files = ", ".join(f"{o.pdf} ({o.pages} pages)" for o in built)
    changes = built.changes + "\n" if built.changes else ""
    return (
        f"{changes}{game.id}: {files} in {time.monotonic() - t0:.1f}s",
        report(built),
        bool(built.failed or built.warnings),
    )


def cmd_check(args) -> int:
    from pnp.rulecheck.report import table

    game = _load(args, args.game)
    if args.accept:  # a copy's departures recorded as house rules, from the same faces
        from pnp.accept import accept_and_report
        from pnp.pipeline import check_rules, prepare

        if game.rules_file is None:
            raise PnpError(
                "this game has no rules file", file=str(game.folder / "game.yaml"), key="rules"
            )
        prep = prepare(game, ["a4"], max_tiles=budget.allowed("tiles"), ink_saver=args.ink_saver)
        results = check_rules(prep)
        _warn_all(prep.warnings())
        return accept_and_report(game, prep, results, args.game)
    said: list[str] = []
    results = api.check(
        game, ink_saver=args.ink_saver, max_tiles=budget.allowed("tiles"), warn=said.append
    )
    _warn_all(said)
    if args.coverage:
        from pnp.rulecheck.report import coverage

        text, ok = coverage(game.id, results)
        if text:
            print(text)
        return 0 if ok else 1
    if args.json:
        print(json.dumps([r.as_dict() for r in results], indent=1))
    else:  # -q: no title and no passes, the count and (a copy) the departures line
        from pnp.rulecheck.house_lines import is_copy

        copy = args.game if is_copy(game) else None
        print(table(game.id, results, copy=copy, quiet=args.quiet))
    return 0 if all(r.passed for r in results) else 1


def cmd_schema(args) -> int:
    from pnp.schema import reference_markdown, write_schemas

    for path in write_schemas(args.out):
        print(path)
    if args.reference:
        try:
            args.reference.parent.mkdir(parents=True, exist_ok=True)
            args.reference.write_text(reference_markdown(), encoding="utf-8")
        except OSError as exc:
            raise PnpError(
                "cannot write the reference", found=f"{args.reference}: {exc.strerror}"
            ) from None
        print(args.reference)
    return 0


def cmd_new(args) -> int:
    ident, files = api.new(args.path, source=args.source, allow_outside=args.allow_outside)
    print(f"created {args.path} (game id '{ident}', {len(files)} files)")
    print(f"next: pnp build {args.path}   and   pnp check {args.path}")
    return 0


_quiet = False  # -q: nothing but errors on stderr


def _warn(text: str) -> None:
    if not _quiet:
        print(f"warning: {escape(text)}", file=sys.stderr)


def _stale(args, game, started: float) -> None:
    """Name the outputs beside this command's that are older than the game's files."""
    from pnp.stale import stale_note

    note = None if args.quiet else stale_note(args.out, game, started)
    if note:
        print(f"note: {escape(note)}", file=sys.stderr)


def _warn_all(lines: list[str]) -> None:
    """Warnings, each group of like ones as one line (pnp/messages.py)."""
    for line in grouped(lines):
        _warn(line)


def cmd_preview(args) -> int:
    game = _load(args, args.game)
    t0, started = time.monotonic(), time.time()
    progress = Progress(enabled=not args.quiet)
    said: list[str] = []
    results = api.preview(
        game,
        args.out,
        dpi=args.dpi,
        families=args.family,
        progress=progress,
        warn=said.append,
        max_tiles=budget.allowed("tiles"),
    )
    _warn_all(said)
    n = sum(r.faces for r in results)
    progress.done(
        f"{game.id}: {n} face images and {len(results)} contact sheets in {args.out / game.id / 'preview'} ({time.monotonic() - t0:.1f}s)"
    )
    _stale(args, game, started)
    return 0


def cmd_export(args) -> int:
    if args.shop and not (args.tts or args.cut or args.press or args.cricut):
        args.cards = True  # a shop takes card files: --shop S alone means --cards --shop S
    if args.tts + args.cut + args.cards + args.press + args.cricut != 1:
        raise PnpError(
            "say what to export",
            expected="--tts, --cut, --cards, --press or --cricut (one of them)",
        )
    game = _load(args, args.game)
    t0, started = time.monotonic(), time.time()
    progress = Progress(enabled=not args.quiet)
    code = _export(args, game, t0, progress)
    _stale(args, game, started)
    return code


def _export(args, game, t0: float, progress: Progress) -> int:
    if args.cards:
        said: list[str] = []
        res = api.export_cards(
            game,
            args.out,
            dpi=args.dpi,
            bleed=3.0 if args.bleed is None else args.bleed,
            fmt=args.format,
            families=args.family,
            shop=args.shop,
            progress=progress,
            warn=said.append,
            max_tiles=budget.allowed("tiles"),
        )
        _warn_all(said)
        cards = sum(len(c.ids) for f in res.families for c in f.cards)
        progress.done(
            f"{game.id}: {res.files} print-shop files for {cards} cards in {res.folder}; see {res.folder / 'README.txt'} ({time.monotonic() - t0:.1f}s)"
        )
        return 0
    if args.cricut:
        sheets = api.export_cricut(
            game, args.out, families=args.family, progress=progress, warn=_warn,
            max_tiles=budget.allowed("tiles"),
        )  # fmt: skip
        progress.done(
            f"{game.id}: {len(sheets)} Print Then Cut sheet(s) in {args.out / game.id / 'cricut'}; see README.txt there ({time.monotonic() - t0:.1f}s)"
        )
        return 0
    if args.press:
        from pnp.export.press import DEFAULT_BLEED_MM

        bleed = DEFAULT_BLEED_MM if args.bleed is None else args.bleed
        res = api.export_press(
            game,
            args.out,
            dpi=args.dpi,
            bleed=bleed,
            ink_limit=args.ink_limit,
            families=args.family,
            progress=progress,
            warn=_warn,
            max_tiles=budget.allowed("tiles"),
        )
        progress.done(
            f"{game.id}: {res.files} press-ready PDF(s) in {res.folder}; see {res.folder / 'README.txt'} ({time.monotonic() - t0:.1f}s)"
        )
        return 0
    if args.tts:
        from pnp.export.tts import tts_names

        said = []
        decks = api.export_tts(
            game,
            args.out,
            families=args.family,
            progress=progress,
            warn=said.append,
            base_url=args.tts_base_url,
            max_tiles=budget.allowed("tiles"),
        )
        _warn_all(said)
        for d in decks:
            progress.done(
                f"{game.id} {d.family}: {sum(d.counts)} cards on {len(d.sheets)} sheet(s) of 10 x 7, {d.cell[0]} x {d.cell[1]} px a card; see {d.note}"
            )
        progress.done(
            f"{game.id}: Tabletop Simulator Saved Object {args.out / game.id / tts_names(game)[0] / (tts_names(game)[1] + '.json')} (copy it to TTS's Saves/Saved Objects folder)"
        )
        return 0
    said = []
    files = api.export_cut(
        game,
        args.out,
        paper=args.paper,
        registration=args.registration,
        margin=args.margin,
        max_tiles=budget.allowed("tiles"),
        warn=said.append,
    )
    _warn_all(said)
    progress.done(
        f"{game.id}: {len(files)} cut files in {args.out / game.id / 'cut'} ({time.monotonic() - t0:.1f}s)"
    )
    return 0


def cmd_serve(args) -> int:
    from pnp.serve import LOCAL, make_server
    from pnp.serve.snapshot import Options

    if not 0 <= args.port <= 65535:
        raise PnpError("bad --port", expected="a port from 0 to 65535", found=str(args.port))
    budget.configure(_limits(args))
    if args.host:
        print(
            f"warning: serving on {escape(args.host)}, not only this machine: anyone who can reach it can see the game",
            file=sys.stderr,
        )
        if args.host in ("0.0.0.0", "::"):
            from pnp.serve import machine_names

            print(
                f"  the network at large: requests must name this machine ({escape(', '.join(machine_names()))})",
                file=sys.stderr,
            )
    opts = Options(
        args.game,
        paper=args.paper,
        variant=args.variant,
        players=args.players,
        allow_outside=args.allow_outside,
        max_items=args.max_items or DEFAULT_MAX_ITEMS,
        max_tiles=budget.allowed("tiles"),
        margin=args.margin,
    )
    running = make_server(opts, args.host or LOCAL, args.port)
    print(f"pnp serve: {running.url}  (Ctrl-C to stop)", flush=True)
    try:
        running.server.run(sockets=[running.sock])
    except (
        KeyboardInterrupt
    ):  # Ctrl-C is how the server is meant to stop: uvicorn passes it on once done
        pass
    print("stopped", file=sys.stderr)
    return 0


COMMANDS = {
    "list": cmd_list,
    "build": cmd_build,
    "check": cmd_check,
    "schema": cmd_schema,
    "new": cmd_new,
    "preview": cmd_preview,
    "export": cmd_export,
    "serve": cmd_serve,
}
