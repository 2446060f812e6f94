"""Fixtures and helpers of the lesson tests (widgets, notebooks, Voilà over HTTP, the browser).

Loaded as a pytest plugin by ``tests/conftest.py``. What is here:

- ``LESSONS`` — the lesson notebooks; ``clean_widgets`` closes every ipywidgets model a test made.
- :class:`VoilaServer` — ``python -m voila notebooks/`` on a free loopback port with the real
  settings (``assets/voila.json``), started once per test session (per xdist worker) by the
  ``voila_server`` fixture, its log kept for assertions, stopped with its kernels at the end.
- ``browser`` — Debian's ``chromium`` driven by Playwright through ``executable_path`` (no
  browser download), with the flags a root user on a closed network needs; ``open_lesson``
  loads a lesson and waits until Voilà has run it and every widget is drawn.
- Reading what the browser holds: :func:`widget_state` (the page's widget manager),
  :class:`FrameLog` (every kernel message on the page's websocket) and :func:`mentions` (which
  cards a text names, in any of the forms the display uses).
"""

from __future__ import annotations

import ast
import contextlib
import html
import importlib.util
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
SCREENSHOTS = REPO / "build" / "screenshots"
#: As root Chromium needs --no-sandbox; on a closed network the background services must be off
#: or every start waits on refused connections (.library/env/machines/python.md).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- Voilà ---------------------------------------------------------------------------------------
def read_page(url: str, timeout: float, deadline: float,
              log: Callable[[], list[str]] = list) -> tuple[int, str]:
    """The status and body of ``url``, read a chunk at a time; :class:`TimeoutError` (with the
    server's last log lines, from ``log()``) once ``deadline`` seconds have passed."""
    end = time.monotonic() + deadline
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            body = bytearray()
            while chunk := r.read1(1 << 16):
                body += chunk
                if time.monotonic() > end:
                    raise TimeoutError(
                        f"{url}: the page was still streaming after {deadline:g} s "
                        f"({len(body)} bytes, ending {bytes(body[-80:])!r}); server log:\n"
                        + "\n".join(log()))
            return r.status, body.decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


class VoilaServer:
    """A Voilà server on loopback serving ``root`` with ``assets/voila.json`` (the real settings).

    Readiness is the server's own "Voilà is running at" line, not a sleep. ``log`` holds every
    line the server printed (kernel warnings included).
    """

    def __init__(self, root: Path = NOTEBOOKS, *, args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.root = root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = args
        # the Voilà template "tutor" (assets/jupyter/voila/templates/tutor) is found through
        # JUPYTER_PATH, as `make lesson` does
        self.env = {**os.environ, "JUPYTER_PATH": str(REPO / "assets" / "jupyter"), **(env or {})}
        self.log: list[str] = []
        self.proc: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def start(self, timeout: float = 120) -> VoilaServer:
        cmd = [sys.executable, "-m", "voila", str(self.root), "--no-browser",
               f"--port={self.port}", "--Voila.ip=127.0.0.1",
               f"--Voila.config_file_paths=['{REPO / 'assets'}']", *self.args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     text=True, env=self.env, cwd=REPO)
        ready = threading.Event()

        def read() -> None:
            assert self.proc is not None and self.proc.stderr is not None
            for line in self.proc.stderr:
                self.log.append(line.rstrip("\n"))
                if "is running at" in line:
                    ready.set()
            ready.set()  # the server ended: let start() see it

        self._reader = threading.Thread(target=read, daemon=True)
        self._reader.start()
        if not ready.wait(timeout) or self.proc.poll() is not None:
            self.stop()
            raise RuntimeError("Voilà did not start:\n" + "\n".join(self.log[-30:]))
        return self

    def kernel_pids(self) -> list[int]:
        import psutil

        if self.proc is None:
            return []
        pids = []
        for p in psutil.Process(self.proc.pid).children(recursive=True):
            try:  # a kernel that just ended may be a zombie until the server reaps it
                if p.status() != psutil.STATUS_ZOMBIE and \
                        "ipykernel_launcher" in " ".join(p.cmdline()):
                    pids.append(p.pid)
            except psutil.Error:
                continue
        return pids

    def kernel_pid(self, kernel_id: str) -> int | None:
        """The process of kernel ``kernel_id`` (its connection file is ``kernel-<id>.json``)."""
        import psutil

        for pid in self.kernel_pids():
            try:
                if f"kernel-{kernel_id}.json" in " ".join(psutil.Process(pid).cmdline()):
                    return pid
            except psutil.Error:
                continue
        return None

    def get(self, path: str, timeout: float = 120, deadline: float = 300) -> tuple[int, str]:
        """GET ``path``: the status and the whole body.

        ``timeout`` bounds each wait for bytes and ``deadline`` the whole page. While it waits for
        a kernel or a cell, Voilà streams a ``voila_heartbeat()`` script every few seconds, so a
        render stuck on a kernel that never answers (a known Voilà flake: the kernel started
        and sat idle) never trips the socket's timeout; the deadline turns that hang into a
        failure, which the suite's retry-once policy then runs again.
        """
        return read_page(self.url + path, timeout, deadline, lambda: self.log[-20:])

    def shutdown_kernel(self, kernel_id: str) -> None:
        """What the page's unload beacon does: POST /voila/api/shutdown/<id>, with the same
        double-submit ``_xsrf`` token as cookie and form field (see the tutor template)."""
        token = secrets.token_hex(16)
        req = urllib.request.Request(
            f"{self.url}/voila/api/shutdown/{kernel_id}", data=f"_xsrf={token}".encode(),
            method="POST", headers={"Cookie": f"_xsrf={token}",
                                    "Content-Type": "application/x-www-form-urlencoded"})
        with urllib.request.urlopen(req, timeout=30) as r:
            assert r.status == 204, r.status

    def stop(self) -> None:
        if self.proc is None:
            return
        import psutil

        try:
            kids = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            kids = []
        if self.proc.poll() is None:
            self.proc.terminate()  # Voilà shuts its kernels down on SIGTERM
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        for k in kids:  # any kernel that outlived the server: only the ones it started
            with contextlib.suppress(psutil.NoSuchProcess):
                k.kill()
        if self._reader is not None:
            self._reader.join(5)
        self.proc = None


def kernel_id_of(page_html: str) -> str:
    m = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page_html)
    assert m, "no kernel id in the rendered page"
    return m.group(1)


@pytest.fixture(scope="session")
def lesson_dirs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Per-session folders for progress files and the hidden-card audit of the served lessons."""
    base = tmp_path_factory.mktemp("lesson")
    dirs = {"progress": base / "progress", "audit": base / "audit"}
    for d in dirs.values():
        d.mkdir()
    return dirs


@pytest.fixture(scope="session")
def voila_server(lesson_dirs: dict[str, Path]) -> Iterator[VoilaServer]:
    """One Voilà server for the session, serving notebooks/ with assets/voila.json."""
    server = VoilaServer(env={"TUTOR_PROGRESS_DIR": str(lesson_dirs["progress"]),
                              "TUTOR_AUDIT_DIR": str(lesson_dirs["audit"])})
    server.start()
    try:
        yield server
    finally:
        server.stop()


# --- the browser ---------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium under Playwright (``executable_path``; no ``playwright install``)."""
    path = chromium_path()
    if path is None:
        pytest.fail("chromium is not installed: `make chromium` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


class FrameLog:
    """Every kernel message the page receives over its websocket, decoded."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def attach(self, page: Any) -> None:
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self._add(payload)))

    def _add(self, payload: str | bytes) -> None:
        msg = decode_kernel_frame(payload)
        if msg is not None:
            self.messages.append(msg)

    def text(self) -> str:
        return json.dumps(self.messages, ensure_ascii=False)


def decode_kernel_frame(payload: str | bytes) -> dict[str, Any] | None:
    """A kernel websocket frame (JSON, or jupyter_server's v1 binary protocol) as a message."""
    if isinstance(payload, str):
        try:
            data = json.loads(payload)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None
    n = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    if n < 5:
        return None
    parts = [payload[offsets[i]:offsets[i + 1]] for i in range(n - 1)]
    channel = parts[0].decode("utf-8", "replace")
    keys = ("header", "parent_header", "metadata", "content")
    msg: dict[str, Any] = {"channel": channel}
    for key, raw in zip(keys, parts[1:5], strict=False):
        try:
            msg[key] = json.loads(raw)
        except ValueError:
            msg[key] = raw.decode("utf-8", "replace")
    return msg


def open_lesson(browser: Any, server: VoilaServer, name: str, *, theme: str | None = None,
                width: int = 1100, height: int = 900, frames: FrameLog | None = None,
                timeout: float = 120_000) -> Any:
    """A page with lesson ``name`` rendered and every widget drawn (waits on the page's state)."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme="dark" if theme == "dark" else "light")
    page = context.new_page()
    # the ceiling of every wait on the page, the tests' included: under the full suite's load
    # a kernel may first have to compile the solver (numba's cache is new in a fresh
    # checkout), and Playwright's 30 s default was exceeded in one run, twice in a row
    # (test_table_hint_take_back_dark_and_narrow); the waits still end as soon as the page is
    # ready
    page.set_default_timeout(timeout)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.tutor_errors = errors  # read by tests
    outside: list[str] = []  # requests that leave the machine: a lesson must make none
    page.on("request", lambda r: outside.append(r.url) if not re.match(
        r"(https?|wss?)://(127\.0\.0\.1|localhost)[:/]", r.url) and not r.url.startswith(
        ("data:", "blob:", "about:")) else None)
    page.tutor_outside = outside
    if frames is not None:
        frames.attach(page)
    query = f"?theme={theme}" if theme else ""
    page.goto(f"{server.url}/voila/render/{name}{query}", timeout=timeout)
    page.wait_for_selector("#loading", state="detached", timeout=timeout)
    # every widget output has a drawn view (no "Loading widget..." placeholder, a widget node)
    page.wait_for_function(WIDGETS_DRAWN, timeout=timeout)
    return page


#: The id of the kernel behind a page (its audit file and its messages are named after it).
KERNEL_ID = """async () => (await window.jupyterapp.widgetManagerPromise.promise).kernel.id"""


def close(page: Any) -> None:
    """Close the page as a tab closes (its unload beacon asks Voilà to stop the kernel), and its
    browser context."""
    page.close(run_before_unload=True)
    page.context.close()


#: Voilà has run the notebook (no output script left to mount), every widget output has its
#: view (no "Loading widget..." placeholder) and at least one lesson widget is on the page.
WIDGETS_DRAWN = """() => {
  if (!window.jupyterapp || !window.jupyterapp.widgetManagerPromise) return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]'))
    return false;
  for (const o of document.querySelectorAll('.jp-OutputArea-output')) {
    if (o.textContent.includes('Loading widget')) return false;
  }
  return document.querySelectorAll('.tutor-widget').length > 0;
}"""


def screenshot(page: Any, name: str) -> Path:
    """A picture of the whole lesson (Voilà scrolls inside its panel: the viewport is grown to
    the content first) in build/screenshots/ (git-ignored)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("""() => Math.max(...Array.from(document.querySelectorAll(
        '#rendered_cells, .jp-LabShell, #main, body')).map(e => e.scrollHeight))""")
    page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 16000)})
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
    return path


WIDGET_STATE = """async () => {
  const m = await window.jupyterapp.widgetManagerPromise.promise;
  return await m.get_state({drop_defaults: false});
}"""


def widget_state(page: Any) -> dict[str, Any]:
    """Every widget model the page's widget manager holds: ``{model_id: state}``."""
    state: dict[str, Any] = page.evaluate(WIDGET_STATE)["state"]
    return {k: v["state"] for k, v in state.items()}


def subtree_state(states: dict[str, Any], model_id: str) -> dict[str, Any]:
    """The models reachable from ``model_id`` (children, layouts, styles) in a page's state."""
    out: dict[str, Any] = {}
    stack = [model_id]
    while stack:
        mid = stack.pop()
        if mid in out or mid not in states:
            continue
        out[mid] = states[mid]
        stack.extend(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(states[mid])))
    return out


def audit_lines(path: Path) -> list[str]:
    """The audit file's complete lines: one the kernel is still appending (no newline yet) is
    left for the next read."""
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def audit_history(audit_dir: Path, kernel_id: str, model_id: str) -> dict[int, dict[str, Any]]:
    """Every hidden-card audit entry of one panel of one kernel, by its ``seq``."""
    path = audit_dir / f"{kernel_id}.jsonl"
    out: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in audit_lines(path):
            entry = json.loads(line)
            if entry["model_id"] == model_id:
                out[entry["seq"]] = entry
    return out


def page_audit_seq(states: dict[str, Any], model_id: str) -> int | None:
    """The ``seq`` of the audit a panel's page state answers to (the ``tutor-audit-<model
    id>-<seq>`` class the kernel sets after each audited change), or None before the first."""
    mark = f"tutor-audit-{model_id}-"
    for cls in states.get(model_id, {}).get("_dom_classes", []):
        if cls.startswith(mark):
            return int(cls[len(mark):])
    return None


def read_audit(audit_dir: Path, kernel_id: str) -> dict[str, dict[str, Any]]:
    """The latest hidden-card audit entry of each panel of one kernel (``TUTOR_AUDIT_DIR``)."""
    path = audit_dir / f"{kernel_id}.jsonl"
    latest: dict[str, dict[str, Any]] = {}
    if path.exists():
        for line in audit_lines(path):
            entry = json.loads(line)
            latest[entry["model_id"]] = entry
    return latest


#: The page has taken in a panel's audited change newer than ``seq``.
NEWER_AUDIT = """([mark, seq]) => {
  const el = document.querySelector(`[class*="${mark}"]`);
  if (!el) return false;
  const cls = Array.from(el.classList).find(c => c.startsWith(mark));
  return cls !== undefined && Number(cls.slice(mark.length)) > seq;
}"""


def check_audit(page: Any, audit_dir: Path, kernel_id: str, stage: str,
                panel: str | None = None, frames: Any = None) -> list[dict[str, Any]]:
    """Check the page's widget state now against the kernel's audit of what is hidden: no
    card of another seat, the widow or the stock, and no answer or reason held back, in any
    audited panel (or only ``panel``'s). Returns the panels' latest audit entries.

    Each panel's page state names the audit it answers to (:func:`page_audit_seq`). The kernel
    may already be sending the next change, whose widgets reach the page one by one: a card or
    a text hidden by the page's own audit may then be on the page because the next change
    shows it (and one the next change hides may still be there: cards turn face down in
    Sixty-Six, SS-17). Only then does the check wait for that change's audit (the page's class
    moving on) and count as leaked just what both audits hide. With ``frames`` (a
    :class:`FrameLog`), no text held back now may ever have been sent."""
    state = widget_state(page)
    page_text = plain(state)
    entries = [e for e in read_audit(audit_dir, kernel_id).values()
               if panel is None or e["panel"] == panel]
    assert entries, f"{stage}: no audit from {panel or 'any panel'}"

    def leaks(entry: dict[str, Any], seen: str) -> set[str]:
        return mentions(seen, entry["hidden"]) | {s for s in entry["secrets"] if s in page_text}

    for latest in entries:
        mid, name = latest["model_id"], latest["panel"]
        assert mid in state, f"{stage}: the page lacks the {name}"
        seq = page_audit_seq(state, mid)
        assert seq is not None, f"{stage}: the page names no audit of the {name}"
        entry = audit_history(audit_dir, kernel_id, mid)[seq]  # written before the class
        seen = plain(subtree_state(state, mid))
        leaked = leaks(entry, seen)
        if leaked:
            page.wait_for_function(NEWER_AUDIT, arg=[f"tutor-audit-{mid}-", seq],
                                   timeout=15_000)
            leaked &= leaks(audit_history(audit_dir, kernel_id, mid)[seq + 1], seen)
        shown = sorted(x if len(x) < 60 else x[:60] + "…" for x in leaked)
        assert not leaked, f"{stage}: {name} shows {shown} (audit {seq})"
        if frames is not None:
            messages = plain(frames.messages)
            for secret in latest["secrets"]:
                assert secret not in messages, f"{stage}: {name} sent {secret[:60]!r}"
    return entries


# --- cards in text -------------------------------------------------------------------------------
def card_forms(text: str) -> list[str]:
    """Regexes for every way the display may name a card: ``TH``, ``10♥``/``T♥``, ``ten of
    hearts``, ``10 of ♥``."""
    from tutor.cards import Card

    card = Card.parse(text)
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    sym = card.suit.symbol
    b = r"(?<![\w.\-])"  # not inside a word or a number
    e = r"(?![\w.\-])"
    return [b + re.escape(card.text) + e,
            b + re.escape(rank + sym), b + re.escape(card.rank.letter + sym),
            re.escape(card.name), b + re.escape(f"{rank} of {sym}")]


#: SVG geometry (path data, points) is numbers and command letters, never a card's name.
_GEOMETRY = re.compile(r'\s(?:d|points|transform|viewBox)=\\?"[^"\\]*\\?"')


def mentions(blob: str, cards: set[str] | list[str]) -> set[str]:
    """Which of ``cards`` (texts like ``TH``) the text ``blob`` names in any form."""
    blob = _GEOMETRY.sub(" ", blob)
    found = set()
    for text in cards:
        if any(re.search(f, blob) for f in card_forms(text)):
            found.add(text)
    return found


def plain(data: Any) -> str:
    """Every string in ``data`` (a widget state, a message list, or its JSON text) with HTML
    entities resolved, one per line — where a secret text or a card name can be looked for."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return html.unescape(data)
    out: list[str] = []
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.append(html.unescape(x))
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
    return "\n".join(out)


@pytest.fixture
def clean_widgets() -> Iterator[None]:
    """Close the ipywidgets models a test made (they are registered globally)."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    yield
    for mid in set(_instances) - before:
        widget = _instances.get(mid)
        if widget is not None:
            widget.close()


def forge(widget: Any, state: Any, method: str = "update") -> Any:
    """What a page's comm message does to ``widget`` in the kernel, through the kernel-side
    guard (:func:`tutor.widgets.guard.deliver`): the refusal (a ``PageError``) or None."""
    from tutor.widgets.guard import deliver

    data = {"method": method, "state": state} if method == "update" else \
        {"method": method, "content": state}
    return deliver(widget, {"content": {"comm_id": widget.model_id, "data": data},
                            "buffers": []})


def elapsed_ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


# --- a lesson's sources, read as a reader and as the generator wrote them ------------------------
#: A link to a glossary entry (from a lesson, or down the glossary page) reads as its word.
GLOSSARY_LINK = re.compile(r"\[([^\]]*)\]\((?:glossary\.ipynb)?#[^)]*\)")


def lesson_source(name: str) -> ModuleType:
    """The lesson generator ``notebooks/<name>.py``, loaded as a module (its cells, its deals)."""
    found = importlib.util.spec_from_file_location(name, NOTEBOOKS / f"{name}.py")
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


def markdown(name: str) -> str:
    """A lesson's text as a reader sees it: each glossary link is its word."""
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    return GLOSSARY_LINK.sub(r"\1", "\n".join(c.source for c in nb.cells
                                              if c.cell_type == "markdown"))


def code_cells(name: str) -> list[str]:
    """The sources of a lesson's code cells, in order."""
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    return [c.source for c in nb.cells if c.cell_type == "code"]


def widget_calls(name: str, widget: str) -> list[tuple[list[Any], dict[str, Any]]]:
    """The literal arguments of every ``widget(...)`` call in lesson ``name``'s code."""
    calls = []
    for src in code_cells(name):
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == widget:
                calls.append(([ast.literal_eval(a) for a in node.args],
                              {k.arg: ast.literal_eval(k.value) for k in node.keywords
                               if k.arg is not None}))
    return calls
