"""Headless Chromium driven through its DevTools protocol (CDP) with websocket-client, so that the
browser test needs no WebDriver dependency; and where the built site and the screenshots live."""

import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the built site; RACELAB_SITE points elsewhere (a private build)
SITE = Path(os.environ.get("RACELAB_SITE", ROOT / "_build" / "html")).resolve()
SCREENSHOTS = SITE.parent / "screenshots"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
                  # the site must work offline: every host but the loopback server fails to resolve, so a
                  # page that needs the network (a CDN script, a web font) shows up as a console error
                  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                  "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0")
WIDTH, HEIGHT = 1280, 900


def chromium_binary() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


class CDPError(RuntimeError):
    pass


class Tab:
    """One page target: send commands, collect events."""

    def __init__(self, ws_url: str):
        import websocket  # websocket-client, pinned in requirements.lock

        self.ws = websocket.create_connection(ws_url, timeout=60, suppress_origin=True, enable_multithread=True)
        self._next = 0
        self.events: list[dict] = []

    def call(self, method: str, timeout: float = 60, **params):
        self._next += 1
        ident = self._next
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            message = json.loads(self.ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)
            if time.monotonic() > deadline:
                raise CDPError(f"{method}: no answer in {timeout} s")

    def wait_for(self, event: str, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        for i, message in enumerate(self.events):
            if message.get("method") == event:
                return self.events.pop(i)
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                message = json.loads(self.ws.recv())
            except Exception as err:  # websocket timeout
                raise CDPError(f"no {event} in {timeout} s") from err
            if message.get("method") == event:
                return message
            self.events.append(message)
        raise CDPError(f"no {event} in {timeout} s")

    def evaluate(self, expression: str, timeout: float = 60):
        result = self.call("Runtime.evaluate", timeout=timeout, expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise CDPError(f"evaluate failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def drain(self):
        """Read whatever events are pending, without waiting."""
        self.ws.settimeout(0.05)
        try:
            while True:
                self.events.append(json.loads(self.ws.recv()))
        except Exception:  # nothing more pending
            pass

    def open(self, url: str, timeout: float = 60):
        """Navigate and wait for the load event, the fonts and a quiet moment for late scripts."""
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired", timeout)
        self.events = [e for e in self.events if e.get("method") != "Page.frameStartedLoading"]
        for _ in range(3):  # a redirect (index.html's meta refresh) starts another load: wait for it too
            time.sleep(0.3)
            self.drain()
            if not any(e.get("method") == "Page.frameStartedLoading" for e in self.events):
                break
            self.events = [e for e in self.events if e.get("method") != "Page.frameStartedLoading"]
            self.wait_for("Page.loadEventFired", timeout)
        self.evaluate("document.fonts.ready.then(() => true)")
        self.drain()

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions, failed and 4xx/5xx loads since the last navigation."""
        found = []
        urls = {e["params"]["requestId"]: e["params"]["request"]["url"]
                for e in self.events if e.get("method") == "Network.requestWillBeSent"}
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                found.append(f"uncaught: {details.get('exception', {}).get('description') or details.get('text')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append("console." + params["type"] + ": " + " ".join(
                    str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                entry = params["entry"]
                found.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
            elif method == "Network.responseReceived" and params["response"]["status"] >= 400:
                found.append(f"HTTP {params['response']['status']}: {params['response']['url']}")
            elif method == "Network.loadingFailed" and not params.get("canceled"):
                found.append(f"load failed ({params.get('errorText')}): {urls.get(params.get('requestId'), '?')}")
        return found

    def requests(self) -> list[str]:
        """The URL of every request the page made since the last navigation."""
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def screenshot(self, path: Path):
        """A full-page PNG."""
        size = self.call("Page.getLayoutMetrics")["cssContentSize"]
        height = min(int(size["height"]) + 1, 20000)
        self.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=height, deviceScaleFactor=1, mobile=False)
        try:
            time.sleep(0.2)
            data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        finally:
            self.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1,
                      mobile=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def close(self):
        self.ws.close()


def _die_with_parent():
    """In the child, before exec: SIGKILL when the test process dies (Linux), so that an interrupted
    test run leaves no browser behind."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


class Browser:
    def __init__(self, binary: str):
        self.profile = tempfile.mkdtemp(prefix="racelab-chromium-")
        self.log = Path(self.profile).with_suffix(".log")  # beside the profile: chromium's own stderr
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen([binary, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}",
                                          f"--window-size={WIDTH},{HEIGHT}", "about:blank"],
                                         stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
                                         preexec_fn=_die_with_parent)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                err = self.log.read_text(errors="replace")
                self.quit()
                raise RuntimeError(f"chromium did not start its DevTools server: {err[-2000:]}")
            time.sleep(0.1)
        self.port = int(port_file.read_text().split()[0])

    def tab(self) -> Tab:
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=30))
        page = next(t for t in targets if t["type"] == "page")
        tab = Tab(page["webSocketDebuggerUrl"])
        for domain in ("Page", "Runtime", "Log", "Network"):
            tab.call(f"{domain}.enable")
        tab.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False)
        return tab

    def quit(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
        self.log.unlink(missing_ok=True)


