"""The browser test's fixtures: the built site served on loopback (a thread of this process), and one
headless Chromium for the session.

The browser test needs the built book, so it runs only when named on the command line (`make test` runs
`pytest tests/browser` after building the book); a plain `pytest` (`make unit`) does not collect it."""

import functools
import http.server
import threading
from pathlib import Path

import pytest

from chromium_driver import SITE, Browser, chromedriver_binary, chromium_binary, in_ci

HERE = Path(__file__).resolve().parent


def pytest_ignore_collect(collection_path, config):
    if not (collection_path.name.startswith("test_") and collection_path.suffix == ".py"):
        return None
    named = [Path(str(arg).split("::")[0]).resolve() for arg in config.args]
    if any(path == HERE or path == collection_path or HERE in path.parents for path in named):
        return None
    return True


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def site_url():
    if not (SITE / "index.html").exists():
        pytest.fail(f"{SITE} has no index.html: build the book first (make book)")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_QuietHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    binary, driver = chromium_binary(), chromedriver_binary()
    if binary is None or driver is None:
        message = ("chromium or chromedriver is not installed (Debian: apt-get install chromium chromium-driver; "
                   ".ci/run does this in CI)")
        if in_ci():
            pytest.fail(message + ": the browser test is required in CI")
        pytest.skip(message)
    b = Browser(binary, driver)
    yield b
    b.quit()


@pytest.fixture(scope="session")
def tab(browser):
    t = browser.tab()
    yield t
    t.close()
