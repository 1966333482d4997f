"""environment.yml's pip section and pyproject.toml's dependencies must not drift apart."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _pip_section(text: str) -> list[str]:
    lines, inside = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == "- pip:":
            inside = True
            continue
        if inside:
            if not stripped.startswith("- "):
                break
            lines.append(stripped[2:].strip())
    return lines


def test_environment_pip_matches_pyproject():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pip = [entry for entry in _pip_section((ROOT / "environment.yml").read_text()) if entry != "-e ."]
    assert pip, "environment.yml has no pip section"
    assert sorted(pip) == sorted(deps)


def test_lock_pins_every_direct_dependency():
    lock = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if "==" in line:
            name, version = line.split("==", 1)
            lock[name.lower().replace("_", "-")] = version
    for dep in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        name, version = dep.split("==")
        name = name.split("[")[0].lower()
        assert lock.get(name) == version, f"{name}: pyproject {version}, lock {lock.get(name)}"
