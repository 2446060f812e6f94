"""Lesson benchmarks: Voilà render time and kernel memory per lesson against a blank ipywidgets
notebook served in the same run, quiz answer latency in a kernel, and a classroom load.

    .venv/bin/python benchmarks/lesson.py                # everything, ~3-4 minutes on 2 cores
    .venv/bin/python benchmarks/lesson.py --reps 5 --sessions 20 --no-browser

What is measured (targets in brackets; where they come from: ``docs/lessons.md``):

1. **Render** — one Voilà server (the real settings, ``assets/voila.json``) serves a copy of
   ``notebooks/`` plus ``blank.ipynb`` (one ipywidgets Button and HTML: the baseline). Rounds
   go blank, lesson, lesson, ... so drift hits all alike. Per notebook: the time of the HTTP
   render (Voilà starts a kernel, runs every cell, sends the page), the kernel's resident memory
   right after it, and — with chromium — the time until a browser shows every widget.
   Ratios against the blank notebook [≤ 1.3× time, ≤ 1.5× memory]. Beside the time, the CPU
   seconds of the render (the server's during it and the kernel's), which the machine's load
   changes less than the time, and the widget models alive in a kernel once the cells have run
   (nbclient, no Voilà): each is a message the kernel sends, the server handles and the
   browser builds a view for.
2. **Answer latency** — inside a real kernel (widget messages serialised as for a browser), a
   quiz of each kind is answered many times: pick, **Check answer** → feedback drawn, then
   **Next question**. p50/p95 of the Check click [p95 ≤ 50 ms], next to a bare Button click.
3. **Classroom** — N sessions opened at once against the server; every render must succeed;
   peak memory of the server and its kernels; then idle culling (short settings for the run)
   must stop every kernel, and the memory after is reported.
4. **First solver action on a fresh server** (``--first-action``; issue 22) — for each of
   lessons 14, 15 and 06, a new Voilà server, the page opened in chromium, and the first click
   that needs the double-dummy solver timed until its answer is on the page [≤ 2 s]: lesson 15's
   *Advise* until the advisor's table, lesson 14's *Hint* on the teacher's deal stopped in trick
   6, lesson 6's *First question* of "Which trump?", lesson 16's *Open this problem* until its
   goal is shown. ``--cold`` runs it with numba's cache
   emptied (``$NUMBA_CACHE_DIR`` a new folder: the solver is compiled in the kernel), and
   ``--no-prewarm`` without the background load (``$TUTOR_PREWARM=0``) for comparison.

Figures are medians of ``--reps`` rounds; nothing here asserts wall-clock times (tests never
do); the exit status is 0 unless a render fails.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import nbformat
import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
from conftest_lesson import (  # noqa: E402  (the tests' own Voilà and browser helpers)
    CHROMIUM_FLAGS,
    WIDGETS_DRAWN,
    VoilaServer,
    chromium_path,
    kernel_id_of,
)

MiB = 1024 * 1024
BLANK = "blank.ipynb"


def blank_notebook(path: Path) -> None:
    """The baseline: the smallest useful ipywidgets page."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Blank"),
                nbformat.v4.new_code_cell(
                    "import ipywidgets as w\n\n"
                    "w.VBox([w.HTML('<b>Blank</b>'), w.Button(description='Go')])")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)


def workspace() -> Path:
    root = Path(tempfile.mkdtemp(prefix="lesson-bench-"))
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    blank_notebook(root / "notebooks" / BLANK)
    return root


def tree_rss(pid: int) -> int:
    """Resident memory of a process and all its children (the server and its kernels)."""
    try:
        p = psutil.Process(pid)
        procs = [p, *p.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for q in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += q.memory_info().rss
    return total


def wait_gone(server: VoilaServer, pids: set[int], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and pids & set(server.kernel_pids()):
        time.sleep(0.05)


# --- 1. render time and kernel memory ------------------------------------------------------------
def cpu_seconds(process: psutil.Process) -> float:
    t = process.cpu_times()
    return float(t.user + t.system)


def render_round(server: VoilaServer, name: str) -> tuple[float, int, float]:
    """One render: seconds, the new kernel's resident memory, and the CPU seconds it cost
    (Voilà's server during the render + the kernel from its start)."""
    assert server.proc is not None
    voila = psutil.Process(server.proc.pid)
    before = set(server.kernel_pids())
    c0 = cpu_seconds(voila)
    t0 = time.perf_counter()
    status, page = server.get(f"/voila/render/{name}")
    elapsed = time.perf_counter() - t0
    cpu = cpu_seconds(voila) - c0
    if status != 200 or "Traceback" in page:
        raise SystemExit(f"render of {name} failed: HTTP {status}")
    new = set(server.kernel_pids()) - before
    rss = 0
    for pid in new:
        with contextlib.suppress(psutil.Error):
            kernel = psutil.Process(pid)
            rss += kernel.memory_info().rss
            cpu += cpu_seconds(kernel)
    server.shutdown_kernel(kernel_id_of(page))
    wait_gone(server, new)
    return elapsed, rss, cpu


def widget_models(path: Path, progress: Path) -> int:
    """The ipywidgets models alive in a kernel once the notebook's cells have run (each one a
    message to the page and a view the browser builds): the cells run by nbclient in a fresh
    kernel, then one more cell counts."""
    import os

    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import ipywidgets\nprint(len(ipywidgets.widgets.widget._instances))"))
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute(
        env={**os.environ, "TUTOR_PROGRESS_DIR": str(progress), "TUTOR_PREWARM": "0"},
        stderr=subprocess.DEVNULL)  # the kernel's start-up warnings
    return int(nb.cells[-1].outputs[0]["text"].split()[-1])


def browser_times(server: VoilaServer, names: list[str]) -> dict[str, float]:
    """Seconds until a browser shows every widget of the page (one fresh context each)."""
    path = chromium_path()
    if path is None:
        return {}
    from playwright.sync_api import sync_playwright

    out: dict[str, float] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        try:
            for name in names:
                ctx = browser.new_context(viewport={"width": 1100, "height": 900})
                page = ctx.new_page()
                t0 = time.perf_counter()
                page.goto(f"{server.url}/voila/render/{name}", timeout=120_000)
                page.wait_for_selector("#loading", state="detached", timeout=120_000)
                page.wait_for_function(WIDGETS_DRAWN.replace(
                    "document.querySelectorAll('.tutor-widget').length > 0",
                    "document.querySelectorAll('.jupyter-widgets').length > 0"),
                    timeout=120_000)
                out[name] = time.perf_counter() - t0
                kernel = page.evaluate("async () => (await window.jupyterapp"
                                       ".widgetManagerPromise.promise).kernel.id")
                pid = server.kernel_pid(kernel)
                page.close(run_before_unload=True)  # the unload beacon stops the kernel
                ctx.close()
                if pid is not None:
                    wait_gone(server, {pid})
        finally:
            browser.close()
    return out


# --- 2. answer latency in a kernel ---------------------------------------------------------------
LATENCY_CODE = textwrap.dedent("""
    import json, os, statistics, tempfile, time
    import ipywidgets as w
    from tutor.quiz import KINDS
    from tutor.widgets import Learner, QuizWidget

    learner = Learner("bench", root=tempfile.mkdtemp())  # a real progress file, as on a page
    out = {}
    def pick(quiz):
        q = quiz.question
        if q.multi:
            quiz.boxes[0].value = True
        else:
            quiz.single.value = q.values[0]
    for kind in KINDS:
        quiz = QuizWidget([kind], learner=learner)
        checks, picks, nexts = [], [], []
        for _ in range(N):
            t0 = time.perf_counter(); pick(quiz); t1 = time.perf_counter()
            quiz.check.click(); t2 = time.perf_counter()
            assert quiz.feedback is not None
            quiz.next.click(); t3 = time.perf_counter()
            picks.append(t1 - t0); checks.append(t2 - t1); nexts.append(t3 - t2)
        out[kind] = {"check": checks, "pick": picks, "next": nexts}
    html = w.HTML(); button = w.Button()
    button.on_click(lambda b: setattr(html, "value", f"<p>clicked {time.time()}</p>"))
    base = []
    for _ in range(N):
        t0 = time.perf_counter(); button.click(); base.append(time.perf_counter() - t0)
    out["baseline"] = {"check": base}
    print("RESULT" + json.dumps(out))
""")


def answer_latency(n: int) -> dict[str, dict[str, list[float]]]:
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        chunks: list[str] = []

        def keep(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                chunks.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                chunks.append("ERROR " + "\n".join(msg["content"]["traceback"]))

        reply = kc.execute_interactive(f"N = {n}\n" + LATENCY_CODE, timeout=900,
                                       output_hook=keep)
        text = "".join(chunks)
        if reply["content"]["status"] != "ok" or "RESULT" not in text:
            raise SystemExit("latency run failed:\n" + text[-3000:])
        data: dict[str, dict[str, list[float]]] = json.loads(text.split("RESULT", 1)[1])
        return data
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


# --- 3. classroom -----------------------------------------------------------------------------
def classroom(server: VoilaServer, names: list[str], sessions: int) -> dict[str, Any]:
    assert server.proc is not None
    pid = server.proc.pid
    idle = tree_rss(pid)
    peak = [idle]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], tree_rss(pid))
            stop.wait(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(sessions) as pool:
        results = list(pool.map(lambda i: server.get(f"/voila/render/{names[i % len(names)]}",
                                                     timeout=600), range(sessions)))
    all_rendered = time.perf_counter() - t0
    ok = sum(1 for status, page in results
             if status == 200 and "Traceback" not in page and "kernelId" in page)
    kernels = len(server.kernel_pids())
    loaded = tree_rss(pid)
    t1 = time.perf_counter()
    deadline = t1 + 300
    while server.kernel_pids() and time.perf_counter() < deadline:
        time.sleep(0.5)  # waiting for the idle culler
    culled_after = time.perf_counter() - t1
    stop.set()
    sampler.join()
    return {"sessions": sessions, "rendered_ok": ok, "seconds_all_rendered": all_rendered,
            "kernels_after_load": kernels, "kernels_after_culling": len(server.kernel_pids()),
            "seconds_until_culled": culled_after, "idle_MiB": idle / MiB,
            "loaded_MiB": loaded / MiB, "peak_MiB": peak[0] / MiB,
            "after_culling_MiB": tree_rss(pid) / MiB}


# --- 4. the first click that needs the solver, on a fresh server ---------------------------------
#: lesson -> (what is timed, the steps before the click, the click, the answer's selector)
FIRST_ACTIONS: dict[str, tuple[str, list[str], str, str]] = {
    "15-decisions.ipynb": ("Advise", [], "button.tutor-advisor-go",
                           ".tutor-advisor-table table"),
    "14-play-against-the-engine.ipynb": ("Hint", ["button.tutor-load"], "button.tutor-hint",
                                         ".tutor-hint-out :text('Hint:')"),
    "06-solo.ipynb": ("First question", [], ".tutor-decisions button.tutor-quiz-next",
                      ".tutor-decisions .tutor-quiz-question .st-prompt"),
    "16-problems.ipynb": ("Open this problem", [], "button.tutor-problem-start",
                          ".tutor-problem-head :text('Goal:')"),
}


def first_actions(root: Path, reps: int, *, cold: bool, prewarm: bool,
                  only: list[str] | None = None) -> dict[str, list[float]]:
    """Seconds from the click to its answer, per lesson, each on a fresh server (see 4.);
    ``only``: the lessons whose names start so."""
    path = chromium_path()
    if path is None:
        return {}
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        try:
            for name, (what, before, click, answer) in FIRST_ACTIONS.items():
                if only and not name.startswith(tuple(only)):
                    continue
                for _ in range(reps):
                    env = {"TUTOR_PROGRESS_DIR": str(root / "progress")}
                    if cold:
                        env["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-cold-")
                    if not prewarm:
                        env["TUTOR_PREWARM"] = "0"
                    server = VoilaServer(root / "notebooks", env=env)
                    server.start()
                    try:
                        ctx = browser.new_context(viewport={"width": 1100, "height": 900})
                        page = ctx.new_page()
                        page.set_default_timeout(180_000)
                        page.goto(f"{server.url}/voila/render/{name}")
                        page.wait_for_selector("#loading", state="detached")
                        page.wait_for_function(WIDGETS_DRAWN)
                        for step in before:
                            page.locator(step).first.click()
                        button = page.locator(click).first
                        page.wait_for_function("s => !document.querySelector(s).disabled",
                                               arg=click)
                        t0 = time.perf_counter()
                        button.click()
                        page.locator(answer).first.wait_for()
                        out.setdefault(name, []).append(time.perf_counter() - t0)
                        print(f"  {name}: {what} answered in {out[name][-1]:.2f} s", flush=True)
                        ctx.close()
                    finally:
                        server.stop()
        finally:
            browser.close()
    return out


# --- the report -----------------------------------------------------------------------------------
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3, help="render rounds (median)")
    ap.add_argument("--answers", type=int, default=60, help="answers per quiz kind")
    ap.add_argument("--sessions", type=int, default=20, help="classroom sessions at once")
    ap.add_argument("--cull", type=int, default=20, help="idle seconds before culling (run)")
    ap.add_argument("--no-browser", action="store_true", help="skip the chromium timings")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--lessons", nargs="*", default=[], metavar="NN",
                    help="only the lessons whose names start so (e.g. 14 15)")
    ap.add_argument("--renders-only", action="store_true",
                    help="render time and memory only: no classroom, no answer latency")
    ap.add_argument("--first-action", action="store_true",
                    help="only the first click that needs the solver, on fresh servers (4.)")
    ap.add_argument("--cold", action="store_true", help="with --first-action: numba's cache empty")
    ap.add_argument("--no-prewarm", action="store_true",
                    help="with --first-action: no background load of the engine")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="serve without compiling the package's bytecode first")
    args = ap.parse_args()

    if not args.no_bytecode:
        # as `make lesson` serves them: where $PYTHONDONTWRITEBYTECODE is set, every kernel
        # would otherwise compile the modules a page imports again
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "tutor")],
                       check=True)
        print("the package's bytecode compiled first, as `make lesson` does (--no-bytecode: "
              "not)", flush=True)
    root = workspace()
    if args.first_action:
        try:
            mode = ("cold numba cache" if args.cold else "numba's cache as it is") + \
                (", no prewarm" if args.no_prewarm else ", prewarmed")
            print(f"4. First solver action on a fresh server ({mode}), {args.reps} each",
                  flush=True)
            got = first_actions(root, args.reps, cold=args.cold, prewarm=not args.no_prewarm,
                                only=args.lessons)
            for name, times in got.items():
                print(f"{name:<34} median {statistics.median(times):.2f} s, worst "
                      f"{max(times):.2f} s (target ≤ 2 s)")
            if args.json:
                args.json.write_text(json.dumps({"first_action": got}, indent=2),
                                     encoding="utf-8")
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return 0
    lessons = sorted(p.name for p in (root / "notebooks").glob("*.ipynb") if p.name != BLANK
                     and (not args.lessons or p.name.startswith(tuple(args.lessons))))
    names = [BLANK, *lessons]
    server = VoilaServer(root / "notebooks", env={"TUTOR_PROGRESS_DIR": str(root / "progress")},
                         args=(f"--MappingKernelManager.cull_idle_timeout={args.cull}",
                               "--MappingKernelManager.cull_interval=2"))
    figures: dict[str, Any] = {"machine": {"cpus": psutil.cpu_count(),
                                           "python": sys.version.split()[0]}}
    print(f"Lesson benchmarks — {len(lessons)} lessons vs {BLANK}, {args.reps} rounds, "
          f"{psutil.cpu_count()} CPUs", flush=True)
    server.start()
    try:
        render_round(server, BLANK)  # warm the server and the file cache
        times: dict[str, list[float]] = {n: [] for n in names}
        mem: dict[str, list[int]] = {n: [] for n in names}
        cpus: dict[str, list[float]] = {n: [] for n in names}
        for r in range(args.reps):
            for name in names:
                t, rss, spent = render_round(server, name)
                times[name].append(t)
                mem[name].append(rss)
                cpus[name].append(spent)
            print(f"  round {r + 1} of {args.reps} done", flush=True)
        models = {n: widget_models(root / "notebooks" / n, root / "progress") for n in names}
        browser = {} if args.no_browser else browser_times(server, names)
        bt = statistics.median(times[BLANK])
        bmin = min(times[BLANK])
        bm = statistics.median(mem[BLANK])
        bc = statistics.median(cpus[BLANK])
        bb = browser.get(BLANK)
        print("\n1. Render (HTTP: kernel start + run + page; median and best of the rounds), "
              "its CPU seconds (server + kernel; load changes them less), kernel memory, and "
              "the widget models in the kernel")
        head = (f"{'notebook':<34}{'render s':>9}{'×blank':>8}{'best s':>8}{'×blank':>8}"
                f"{'CPU s':>7}{'×blank':>8}{'kernel MiB':>12}{'×blank':>8}{'models':>8}")
        if browser:
            head += f"{'browser s':>11}{'×blank':>8}"
        print(head)
        rows = {}
        for name in names:
            t = statistics.median(times[name])
            best = min(times[name])
            m = statistics.median(mem[name])
            spent = statistics.median(cpus[name])
            row = {"render_s": t, "render_ratio": t / bt, "best_s": best,
                   "best_ratio": best / bmin, "cpu_s": spent, "cpu_ratio": spent / bc,
                   "kernel_MiB": m / MiB, "memory_ratio": m / bm, "widget_models": models[name]}
            line = (f"{name:<34}{t:>9.2f}{t / bt:>8.2f}{best:>8.2f}{best / bmin:>8.2f}"
                    f"{spent:>7.2f}{spent / bc:>8.2f}{m / MiB:>12.1f}{m / bm:>8.2f}"
                    f"{models[name]:>8}")
            if name in browser and bb:
                row.update(browser_s=browser[name], browser_ratio=browser[name] / bb)
                line += f"{browser[name]:>11.2f}{browser[name] / bb:>8.2f}"
            rows[name] = row
            print(line)
        for label, which in (("all lessons", names[1:]), ("lessons 00-13", [
                n for n in names[1:] if n[:2].isdigit() and int(n[:2]) <= 13])):
            if not which:
                continue
            worst_t = max(rows[n]["render_ratio"] for n in which)
            worst_b = max(rows[n]["best_ratio"] for n in which)
            worst_m = max(rows[n]["memory_ratio"] for n in which)
            print(f"{label}: worst {worst_t:.2f}× the blank render time by medians, "
                  f"{worst_b:.2f}× by best runs (target ≤ 1.3×); worst {worst_m:.2f}× its "
                  "kernel memory (target ≤ 1.5×)")
        print(f"machine load average during the run: {psutil.getloadavg()[0]:.1f} "
              f"on {psutil.cpu_count()} CPUs")
        figures["render"] = rows
        if args.renders_only:
            return 0

        print(f"\n3. Classroom: {args.sessions} sessions at once, idle culling after "
              f"{args.cull} s", flush=True)
        room = classroom(server, lessons, args.sessions)
        figures["classroom"] = room
        print(f"rendered without error: {room['rendered_ok']} of {room['sessions']} in "
              f"{room['seconds_all_rendered']:.1f} s; kernels: {room['kernels_after_load']}")
        print(f"memory (server + kernels): idle {room['idle_MiB']:.0f} MiB, peak "
              f"{room['peak_MiB']:.0f} MiB, after culling ({room['seconds_until_culled']:.0f} s,"
              f" {room['kernels_after_culling']} kernels left) {room['after_culling_MiB']:.0f}"
              " MiB")
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)

    print(f"\n2. Quiz answer latency in a kernel ({args.answers} answers per kind)", flush=True)
    lat = answer_latency(args.answers)
    print(f"{'kind':<16}{'check p50 ms':>13}{'p95 ms':>9}{'max ms':>9}{'pick p95':>10}"
          f"{'next p95':>10}")
    every: list[float] = []
    out_lat = {}
    for kind, d in lat.items():
        c = [x * 1000 for x in d["check"]]
        if kind != "baseline":
            every += c
        line = f"{kind:<16}{pct(c, .5):>13.2f}{pct(c, .95):>9.2f}{max(c):>9.2f}"
        if "pick" in d:
            line += f"{pct([x * 1000 for x in d['pick']], .95):>10.2f}"
            line += f"{pct([x * 1000 for x in d['next']], .95):>10.2f}"
        out_lat[kind] = {"check_p50_ms": pct(c, .5), "check_p95_ms": pct(c, .95),
                         "check_max_ms": max(c)}
        print(line)
    base = pct([x * 1000 for x in lat["baseline"]["check"]], .95)
    print(f"all kinds: check p95 {pct(every, .95):.2f} ms (target ≤ 50 ms); a bare Button "
          f"click p95 {base:.2f} ms")
    figures["latency"] = out_lat
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0 if figures["classroom"]["rendered_ok"] == args.sessions else 1


if __name__ == "__main__":
    sys.exit(main())
