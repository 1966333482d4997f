"""The browser test's own instrument: what the driver reports on a page made to fail, so that a page that
logs an error, throws, loads a missing file or reaches off the loopback host cannot pass unnoticed."""

import functools
import http.server
import threading

import pytest

PAGE = """<html><body><script>
console.error("logged on purpose");
fetch("http://off-site.example/x.js").catch(() => {});
throw new Error("thrown on purpose");
</script><img src="missing.png"></body></html>"""


@pytest.fixture
def failing_page(tmp_path):
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "favicon.ico").write_bytes(b"")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}),
        directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


def test_the_driver_reports_every_kind_of_failure(tab, failing_page):
    tab.open(failing_page)
    errors = "\n".join(tab.errors())
    assert "logged on purpose" in errors
    assert "thrown on purpose" in errors
    assert "HTTP 404" in errors and "missing.png" in errors
    assert "off-site.example" in errors
    assert any("off-site.example" in url for url in tab.requests())
    assert tab.evaluate("Promise.resolve(6 * 7)") == 42
    tab.open(failing_page.replace("index.html", "favicon.ico"))
    assert tab.errors() == []  # the next page starts clean
