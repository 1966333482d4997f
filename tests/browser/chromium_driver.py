"""Headless Chromium driven by Selenium through Debian's chromedriver (`chromium-driver`), and where the built
site and the screenshots live. Selenium's own driver download (selenium-manager) is never used: the driver
is the one on PATH, named explicitly. What the pages log comes from chromedriver's logs: the browser log
(console errors, uncaught exceptions, failed loads) and the performance log (the DevTools network events)."""

import json
import os
import shutil
import time
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
                  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")
WIDTH, HEIGHT = 1280, 900


def chromium_binary() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def chromedriver_binary() -> str | None:
    return shutil.which("chromedriver")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


class Tab:
    """The browser's one page: open a URL, evaluate script, collect what the page logged since."""

    def __init__(self, driver):
        self.driver = driver
        self.logged: list[dict] = []  # browser-log entries since the last navigation
        self.network: list[dict] = []  # DevTools network events since the last navigation
        self.metrics(HEIGHT)

    def metrics(self, height: int, width: int = WIDTH):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def evaluate(self, expression: str, timeout: float = 60):
        """The value of a JavaScript expression (a promise is awaited), as JSON gives it."""
        self.driver.set_script_timeout(timeout)
        result = self.driver.execute_cdp_cmd("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                                  "awaitPromise": True, "timeout": timeout * 1000})
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluate failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def _collect(self):
        self.logged += self.driver.get_log("browser")
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method", "").startswith("Network."):
                self.network.append(message)

    def open(self, url: str, timeout: float = 60):
        """Navigate and wait for the load, a redirect's load (index.html's meta refresh), the fonts and a quiet
        moment for late scripts."""
        self._collect()
        self.logged, self.network = [], []
        self.driver.set_page_load_timeout(timeout)
        self.driver.get(url)
        deadline = time.monotonic() + timeout
        seen = None
        while time.monotonic() < deadline:  # the URL and the document settled (a redirect has its own load)
            time.sleep(0.3)
            now = (self.driver.current_url, self.evaluate("document.readyState"))
            if now == seen and now[1] == "complete":
                break
            seen = now
        self.evaluate("document.fonts.ready.then(() => true)")
        self._collect()

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions, failed and 4xx/5xx loads since the last navigation."""
        self._collect()
        found = [f"{e.get('source', 'console')}: {e['message']}" for e in self.logged if e.get("level") == "SEVERE"]
        urls = {e["params"]["requestId"]: e["params"]["request"]["url"]
                for e in self.network if e["method"] == "Network.requestWillBeSent"}
        for event in self.network:
            method, params = event["method"], event.get("params", {})
            if method == "Network.responseReceived" and params["response"]["status"] >= 400:
                found.append(f"HTTP {params['response']['status']}: {params['response']['url']}")
            elif method == "Network.loadingFailed" and not params.get("canceled"):
                found.append(f"load failed ({params.get('errorText')}): {urls.get(params.get('requestId'), '?')}")
        return found

    def requests(self) -> list[str]:
        """The URL of every request the page made since the last navigation."""
        self._collect()
        return [e["params"]["request"]["url"] for e in self.network if e["method"] == "Network.requestWillBeSent"]

    def screenshot(self, path: Path):
        """A full-page PNG."""
        import base64

        size = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        self.metrics(min(int(size["height"]) + 1, 20000))
        try:
            time.sleep(0.2)
            data = self.driver.execute_cdp_cmd("Page.captureScreenshot",
                                               {"format": "png", "captureBeyondViewport": True})["data"]
        finally:
            self.metrics(HEIGHT)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def close(self):
        pass  # the page belongs to the browser, which quits it


class Browser:
    def __init__(self, binary: str, driver_binary: str):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in (*CHROMIUM_FLAGS, f"--window-size={WIDTH},{HEIGHT}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_binary))

    def tab(self) -> Tab:
        return Tab(self.driver)

    def quit(self):
        self.driver.quit()
