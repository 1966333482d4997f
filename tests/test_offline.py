"""The runbook's commands for a GPU machine without a package registry come from the lock and the releases'
pins, so a new pin changes them."""

from racelab.book import offline
from racelab.vocab import RELEASE_DSL


def test_the_commands_follow_the_lock_and_the_releases_pins(monkeypatch):
    text = offline.offline_commands("3.12")
    pins = offline.lock_pins()
    assert f"nvidia-cutlass-dsl-libs-cu13=={pins['nvidia-cutlass-dsl-libs-cu13']}" in text
    for dsl in RELEASE_DSL.values():
        assert f"-d dsl-{dsl} nvidia-cutlass-dsl=={dsl}" in text and f".cache/dsl/{dsl}" in text
    for release in ("1.27.0", *RELEASE_DSL):
        assert f"nvidia-cudnn-frontend=={release}" in text
    assert "--python-version 3.12" in text
    monkeypatch.setattr(offline, "lock_pins", lambda: {**pins, "apache-tvm-ffi": "9.9.9"})
    assert "apache-tvm-ffi==9.9.9" in offline.offline_commands("3.12")
