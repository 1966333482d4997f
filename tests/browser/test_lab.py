"""The chapters in JupyterLab, as a reader re-executing them meets them: `make lab`'s own server (on loopback,
with a token), two chapters opened from the file browser by double-click, each opening as a notebook (not as
text), every cell run, no cell in error, the Result box rendered as a box with no MyST syntax showing and its
finding's value in it (not the glued name), and a figure drawn. On a machine without a GPU the chapters replay
their recorded runs, as the book does."""

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from chromium_driver import ROOT

CHAPTERS = ("04-racecheck.md", "05-cost.md")
TOKEN = "racelab-lab-test"

STATE = """((path) => {
  const panel = [...window.jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === path);
  const cells = panel && panel.content ? panel.content.model.cells : null;
  const errors = [];
  if (cells) for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (const out of cell.toJSON().outputs || []) if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
  }
  const node = panel ? panel.node : document;
  const markdown = [...node.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown, .jp-MarkdownCell .jp-MarkdownOutput')]
    .map(e => e.innerText).join('\\n');
  const result = [...node.querySelectorAll('.jp-MarkdownCell aside, .jp-MarkdownCell .admonition')]
    .find(a => /^\\s*Result/.test(a.innerText));
  let pending = 0;
  if (cells) for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === 'code' && cell.toJSON().execution_count == null) pending++;
  }
  const busy = !!(panel && panel.sessionContext && panel.sessionContext.session
                  && panel.sessionContext.session.kernel && panel.sessionContext.session.kernel.status !== 'idle');
  return {notebook: !!(panel && panel.hasClass('jp-NotebookPanel')), pending, busy,
          cells: cells ? cells.length : 0, errors, resultBox: !!result,
          resultText: result ? result.innerText.replace(/^\\s*Result\\s*/, '') : '',
          syntax: (markdown.match(/:::|\\{glue|\\{doc\\}|\\{term\\}/g) || []).slice(0, 5),
          images: node.querySelectorAll('.jp-OutputArea-output img').length};
})"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab_url():
    """`make lab` itself, told to listen on a free loopback port with a known token and not to open a browser."""
    port = _free_port()
    args = (f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --IdentityProvider.token={TOKEN} "
            "--LabApp.expose_app_in_browser=True")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(ROOT / "_build" / "lab-test-config")}  # no personal settings
    server = subprocess.Popen(["make", "-s", "lab", f"LAB_ARGS={args}"], cwd=ROOT, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}api/status?token={TOKEN}", timeout=2)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail(f"make lab exited with {server.returncode} before its server answered")
                time.sleep(1)
        else:
            pytest.fail("make lab's server did not answer in 120 s")
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def _wait_for_the_lab(tab, seconds: float = 180):
    """Until the lab's application exists and has started. The page's scripts load after the document does, so
    `window.jupyterapp` may not exist yet; each check is a short synchronous evaluation (a long awaited promise
    can be collected by the browser before it settles)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if tab.evaluate("""(() => { const app = window.jupyterapp;
            if (app && !window.__racelabStarted) app.started.then(() => { window.__racelabStarted = true; });
            return !!window.__racelabStarted; })()"""):
            return
        time.sleep(0.5)
    pytest.fail(f"the lab's application did not start in {seconds:.0f} s")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapter_opens_runs_and_renders_in_the_lab(lab_url, tab, chapter):
    tab.open(f"{lab_url}lab/workspaces/test-{chapter[:2]}?reset&token={TOKEN}", timeout=120)
    _wait_for_the_lab(tab)
    for _ in range(30):  # the file browser lists the chapters once its first listing arrives
        found = tab.evaluate(f"""(() => {{
            const item = [...document.querySelectorAll('.jp-DirListing-item')].find(e => e.textContent.includes({chapter!r}));
            if (item) item.dispatchEvent(new MouseEvent('dblclick', {{bubbles: true}}));
            return !!item; }})()""")
        if found:
            break
        time.sleep(1)
    assert found, f"{chapter} is not in the lab's file browser"
    for _ in range(60):
        if tab.evaluate(f"{STATE}({chapter!r}).cells > 2"):
            break
        time.sleep(1)
    state = f"{STATE}({chapter!r})"
    opened = tab.evaluate(state)
    assert opened["notebook"] and opened["cells"] > 2, f"{chapter} did not open as a notebook: {opened}"
    # run-all acts on the active notebook once its kernel is connected: activate it and wait for its kernel
    # started here and polled below: a promise awaited for minutes can be collected before it settles
    tab.evaluate(f"""(() => {{ window.__racelabRunAll = 'pending'; (async () => {{
        const panel = [...window.jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === {chapter!r});
        window.jupyterapp.shell.activateById(panel.id);
        await panel.context.ready;
        await panel.sessionContext.ready;
        for (let i = 0; i < 600 && !(panel.sessionContext.session && panel.sessionContext.session.kernel
                                     && panel.sessionContext.session.kernel.connectionStatus === 'connected'); i++)
            await new Promise(r => setTimeout(r, 200));
        await window.jupyterapp.commands.execute('notebook:run-all-cells');
        }})().then(() => {{ window.__racelabRunAll = 'started'; }}, e => {{ window.__racelabRunAll = String(e); }});
        return true; }})()""")
    deadline = time.monotonic() + 300
    while (run_all := tab.evaluate("window.__racelabRunAll")) == "pending":
        assert time.monotonic() < deadline, f"{chapter}: the kernel did not connect and run in 300 s"
        time.sleep(1)
    assert run_all == "started", f"{chapter}: run-all failed: {run_all}"
    deadline = time.monotonic() + 600
    while True:  # every code cell executed (or stopped by an error) and the kernel idle
        got = tab.evaluate(state)
        if (got["errors"] or not got["pending"]) and not got["busy"]:
            break
        assert time.monotonic() < deadline, f"{chapter}: still running after 600 s: {got}"
        time.sleep(2)
    time.sleep(1)  # the last outputs rendered
    got = tab.evaluate(state)
    problems = [f"cell error: {e}" for e in got["errors"]]
    if not got["resultBox"]:
        problems.append("no Result box rendered")
    problems += [f"MyST syntax shown as text: {s!r}" for s in got["syntax"]]
    # the prose shows the glued values, not their names: the Result box holds its finding's text
    if got["resultBox"] and (re.search(r"\bresult_\w+", got["resultText"]) or not re.search(r"\d", got["resultText"])):
        problems.append(f"the Result box shows a name, not its value: {got['resultText'][:120]!r}")
    if not got["images"]:
        problems.append("no figure drawn")
    assert not problems, f"{chapter}: " + "; ".join(problems)
