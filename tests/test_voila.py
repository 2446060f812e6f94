"""Voilà over HTTP, no browser: each lesson renders with no error and no source code, nothing
is fetched from the internet, the kernel refuses code from the page, tracebacks stay on the
server, idle kernels are culled — and the serving recipe (voila.json, binder/) is consistent.
"""

from __future__ import annotations

import http.server
import json
import re
import threading
import time
import tomllib
import uuid
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest_lesson import LESSONS, NOTEBOOKS, REPO, VoilaServer, kernel_id_of, read_page

pytestmark = pytest.mark.xdist_group("voila")

EXTERNAL = re.compile(r"""(?:src|href)=["'](?:https?:)?//(?!127\.0\.0\.1|localhost)[^"']+""")


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_renders_without_error_or_source(voila_server: VoilaServer, name: str) -> None:
    status, page = voila_server.get(f"/voila/render/{name}")
    kernel = kernel_id_of(page)
    try:
        assert status == 200
        for bad in ("Traceback", "voila-error", "application/vnd.jupyter.stderr",
                    "Exception", "Error in"):
            assert bad not in page, bad
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        for cell in nb.cells:  # sources stripped: no line of code reaches the page
            if cell.cell_type == "code":
                for line in cell.source.splitlines():
                    if len(line.strip()) > 12:
                        assert line.strip() not in page, line
        assert "application/vnd.jupyter.widget-view+json" in page or "st-root" in page
        assert not EXTERNAL.findall(page), EXTERNAL.findall(page)
    finally:
        voila_server.shutdown_kernel(kernel)


def test_tree_and_error_pages_link_nothing_external(voila_server: VoilaServer) -> None:
    for path in ("/", "/voila/render/no-such-lesson.ipynb"):
        _, page = voila_server.get(path)
        assert not EXTERNAL.findall(page), (path, EXTERNAL.findall(page))
        assert "Traceback" not in page


def test_data_and_code_files_are_not_served(voila_server: VoilaServer) -> None:
    # hand records hold every hand: the denylist keeps them (and code) off the web
    for path in ("deals/solo.json", "make_lessons.py", "deals/make_deals.py", "00-welcome.ipynb"):
        status, _ = voila_server.get(f"/voila/files/{path}")
        assert status in (403, 404), path


#: Paths a hostile visitor tries (docs/hardening.md): each must answer 403 or 404, never 500.
HOSTILE_PATHS = (
    "/voila/templates/tutor/static/", "/voila/templates/tutor/static/%00",
    "/voila/templates/tutor/static/..%2f..%2fconf.json", "/voila/templates/tutor/static",
    "/voila/templates/tutor/static/x/..", "/voila/templates/nope/static/x.css",
    "/voila/templates/", "/voila/files/deals/solo.json%00.png", "/voila/files/a%00.png",
    "/voila/files/x%0a.png", "/voila/files/%2e%2e/README.md", "/voila/files/..%5c..%5cx.png",
    "/voila/render/%00", "/voila/render/00-welcome.ipynb%00", "/voila/render/..%2fREADME.md",
    "/voila/tree/%00", "/voila/api/contents/%00", "/voila/api/themes/%00",
    "/voila/labextensions/%00", "/voila/static/%00", "/api/kernels/%00", "/%00",
)


def test_hostile_paths_answer_403_or_404_never_500(voila_server: VoilaServer) -> None:
    """Voilà 0.5 answered the first two (and more) with a 500 from inside its own handlers;
    assets/voila.py and the allowlist in assets/voila.json check the path first."""
    for path in HOSTILE_PATHS:
        status, page = voila_server.get(path, timeout=30, deadline=60)
        assert status in (403, 404), (path, status)
        assert "Traceback" not in page
    status, _ = voila_server.get("/voila/templates/tutor/static/index.css")
    assert status == 200  # the template's own files are still served
    assert not [line for line in voila_server.log if " 500 " in line]


def _frame(payload: str | bytes) -> dict[str, Any]:
    """A kernel message from the websocket: JSON, or jupyter_server's legacy binary frame (a
    message with buffers: a count, offsets, the JSON, the buffers)."""
    if isinstance(payload, str):
        return dict(json.loads(payload))
    count = int.from_bytes(payload[:4], "big")
    offsets = [int.from_bytes(payload[4 * (i + 1):4 * (i + 2)], "big") for i in range(count)]
    return dict(json.loads(payload[offsets[0]:offsets[1] if count > 1 else None]))


def test_forged_widget_messages_over_the_websocket_send_no_traceback(
        voila_server: VoilaServer) -> None:
    """The issue's reproduction on a real lesson page: a quiz's ToggleButtons index 99, -1 and
    "abc", a Button's ``disabled`` "yes", a forged ``comm_open`` — the kernel sends the page
    notices (PAGE-1, PAGE-2) and the true state, never an error or a stderr stream; the detail
    goes to the kernel log, which is the server's. (Lesson 3: its quiz always asks one answer
    from a row of toggle buttons; a card question's choices are the cards' faces, issue 22.)"""
    import websocket  # websocket-client, a jupyter_server dependency

    status, page = voila_server.get("/voila/render/03-the-deal.ipynb")
    assert status == 200
    kernel = kernel_id_of(page)
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{voila_server.port}/api/kernels/{kernel}/channels"
        f"?session_id={uuid.uuid4()}", timeout=60)
    session = uuid.uuid4().hex
    mine: set[str] = set()

    def send(msg_type: str, content: dict[str, object], metadata: dict[str, str] | None = None
             ) -> str:
        msg_id = uuid.uuid4().hex
        mine.add(msg_id)
        ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "test",
                       "session": session, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": "shell", "buffers": []}))
        return msg_id

    def until_idle(msg_id: str) -> list[dict[str, Any]]:
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            msg = _frame(ws.recv())
            if msg.get("parent_header", {}).get("msg_id") in mine:
                seen.append(msg)
            if msg.get("parent_header", {}).get("msg_id") == msg_id and \
                    msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return seen
        pytest.fail("the kernel did not go idle")

    try:  # the widgets' states, as the page's widget manager asks for them
        control = uuid.uuid4().hex
        until_idle(send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                      "data": {}}, {"version": "1.0.0"}))
        states = next(m["content"]["data"]["states"] for m in until_idle(send(
            "comm_msg", {"comm_id": control, "data": {"method": "request_states"}}))
            if m["msg_type"] == "comm_msg")
        toggles = next(k for k, v in states.items() if v["model_name"] == "ToggleButtonsModel"
                       and "tutor-quiz-choices" in v["state"]["_dom_classes"])
        button = next(k for k, v in states.items() if v["model_name"] == "ButtonModel")
        seen: list[dict[str, Any]] = []
        for comm_id, state in ((toggles, {"index": 99}), (toggles, {"index": -1}),
                               (toggles, {"index": "abc"}), (button, {"disabled": "yes"})):
            seen += until_idle(send("comm_msg", {"comm_id": comm_id, "data": {
                "method": "update", "state": state, "buffer_paths": []}}))
        seen += until_idle(send("comm_open", {"comm_id": uuid.uuid4().hex,
                                              "target_name": "jupyter.widget",
                                              "data": {"state": {"_model_name": 7}}}))
    finally:
        ws.close()
        voila_server.shutdown_kernel(kernel)
    kinds = {m["msg_type"] for m in seen}
    assert kinds <= {"status", "comm_msg", "comm_close"}, kinds
    told = json.dumps([m["content"] for m in seen if m["msg_type"] == "comm_msg"])
    assert "PAGE-2" in told and "PAGE-1" in told and "Traceback" not in told
    assert any("refused a message from the page" in line and "PAGE-2" in line
               for line in voila_server.log)  # the detail: in the kernel log


def test_execute_request_from_the_page_is_refused(voila_server: VoilaServer,
                                                  tmp_path: Path) -> None:
    """Voilà's own test_no_execute_allowed, extended: the code must not run at all."""
    import websocket  # websocket-client, a jupyter_server dependency

    status, page = voila_server.get("/voila/render/01-card-ranking.ipynb")
    assert status == 200
    kernel = kernel_id_of(page)
    sentinel = tmp_path / "pwned"
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{voila_server.port}/api/kernels/{kernel}/channels"
        f"?session_id={uuid.uuid4()}", timeout=60)
    try:
        def send(msg_type: str, content: dict[str, object]) -> str:
            msg_id = uuid.uuid4().hex
            ws.send(json.dumps({
                "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "test",
                           "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "content": content,
                "channel": "shell", "buffers": []}))
            return msg_id

        bad = send("execute_request", {"code": f"open({str(sentinel)!r}, 'w').write('x')",
                                       "silent": False, "store_history": False,
                                       "user_expressions": {}, "allow_stdin": False})
        probe = send("kernel_info_request", {})
        seen: list[dict[str, object]] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the shell channel answers in order
            msg = json.loads(ws.recv())
            seen.append(msg)
            if msg.get("parent_header", {}).get("msg_id") == probe and \
                    msg["msg_type"] == "kernel_info_reply":
                break
        else:
            pytest.fail("no kernel_info_reply")
    finally:
        ws.close()
        voila_server.shutdown_kernel(kernel)
    assert not [m for m in seen if m.get("parent_header", {}).get("msg_id") == bad]
    assert not [m for m in seen if m["msg_type"] in ("execute_reply", "execute_input", "stream")]
    assert not sentinel.exists()
    assert any("execute_request" in line and "not allowed" in line for line in voila_server.log)


def test_tracebacks_stay_on_the_server_and_idle_kernels_are_culled(tmp_path: Path) -> None:
    """A second server on a scratch folder: a failing notebook, and a short culling period."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("SECRET_NAME = 1\nraise ValueError('inner detail')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, tmp_path / "broken.ipynb")
    ok = nbformat.v4.new_notebook()
    ok.cells = [nbformat.v4.new_code_cell("import ipywidgets as w\nw.Button(description='ok')")]
    ok.metadata["kernelspec"] = nb.metadata["kernelspec"]
    nbformat.write(ok, tmp_path / "ok.ipynb")
    server = VoilaServer(tmp_path, args=("--MappingKernelManager.cull_idle_timeout=4",
                                         "--MappingKernelManager.cull_interval=1"))
    server.start()
    try:
        status, page = server.get("/voila/render/broken.ipynb")
        assert "inner detail" not in page and "Traceback" not in page
        assert "SECRET_NAME" not in page
        status, page = server.get("/voila/render/ok.ipynb")
        assert status == 200 and server.kernel_pids()
        deadline = time.monotonic() + 60
        while server.kernel_pids() and time.monotonic() < deadline:
            time.sleep(0.5)  # polling the process table until the culler has run
        assert not server.kernel_pids(), "idle kernels were not culled"
        assert any("Culling" in line for line in server.log)
    finally:
        server.stop()


# --- the serving recipe ---------------------------------------------------------------------------
def test_voila_settings() -> None:
    cfg = json.loads((REPO / "assets" / "voila.json").read_text(encoding="utf-8"))
    voila = cfg["VoilaConfiguration"]
    assert voila["strip_sources"] is True and voila["show_tracebacks"] is False
    assert voila["template"] == "tutor"
    assert (REPO / "assets/jupyter/voila/templates/tutor/index.html.j2").exists()
    for name in ("deals/solo.json", "deals/solo.json\x00.png", "x\n.png"):
        assert not any(re.fullmatch(p, name) for p in voila["file_allowlist"]), name
    assert any(re.fullmatch(p, "pictures/card.svg") for p in voila["file_allowlist"])
    cull = cfg["MappingKernelManager"]
    assert cull["cull_idle_timeout"] > 0 and cull["cull_interval"] > 0


def pins(lines: list[str]) -> dict[str, str]:
    out = {}
    for line in lines:
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            out[name.lower()] = version
    return out


def test_binder_recipe_matches_the_lesson_and_solver_extras() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extras = project["project"]["optional-dependencies"]
    lesson = pins(extras["lesson"])
    binder = pins((REPO / "binder" / "requirements.txt").read_text().splitlines())
    # numba too: without it the solver behind the table's bots and the advisor is plain Python
    assert binder == lesson | pins(extras["solver"])
    major, minor, patch = (int(x) for x in lesson["voila"].split("."))
    assert (major, minor, patch) >= (0, 5, 6)  # CVE-2024-30265
    every = json.dumps(project) + (REPO / "binder" / "requirements.txt").read_text()
    assert "vuetify" not in every  # voila-vuetify is broken on Voilà 0.5
    assert (REPO / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    post = REPO / "binder" / "postBuild"
    text = post.read_text()
    assert post.stat().st_mode & 0o111 and "set -e" in text and "pip install" in text
    assert "assets/voila.json" in text and "templates/tutor" in text
    assert "assets/voila.py" in text  # the guard on Voilà's handlers (hostile paths: 404)
    assert "warm_up()" in text  # the solver compiled into numba's cache at build time


def test_a_page_that_streams_heartbeats_forever_fails_at_the_deadline() -> None:
    """A render stuck on a silent kernel: Voilà keeps the page open with a heartbeat script every
    few seconds, so only the helper's overall deadline ends the wait (seen once in a full run:
    the suite hung on 09-guarantee-solo until it was killed)."""
    stop = threading.Event()

    class Heartbeats(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            beat = b"<script>window.voila_heartbeat()</script>\n"
            # "forever" is 10 s here: a helper that ignored its deadline gets a whole page
            # then, and the test fails instead of hanging
            until = time.monotonic() + 10
            try:
                while not stop.is_set() and time.monotonic() < until:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(beat), beat))
                    self.wfile.flush()
                    stop.wait(0.05)  # the beat's period, as Voilà's (a few seconds) but short
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up, as it should

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Heartbeats)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # a helper that ignored its deadline would read the whole 10 s page and not raise
        with pytest.raises(TimeoutError, match=r"still streaming after 1 s.*voila_heartbeat") as e:
            read_page(f"http://127.0.0.1:{server.server_address[1]}/", timeout=5, deadline=1,
                      log=lambda: ["[Voila] the last line"])
        assert "[Voila] the last line" in str(e.value)  # the server's log, to tell why
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
