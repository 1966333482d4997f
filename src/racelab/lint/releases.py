"""The nvidia-cudnn-frontend releases the lint reads, and linting one of them.

A release's hits depend only on its wheel and on the lint's own source, so `lint_release` keeps them in
the build cache (`.cache/lint/<release>-<lint fingerprint>.json`, written atomically under a file lock):
the book, the tests and the recording lint each release once per version of the lint."""

import json
import re
import sys
from functools import lru_cache
from pathlib import Path

from filelock import FileLock

from racelab.core import files, proc
from racelab.core.paths import cache_dir
from racelab.lint import ast_facts, ast_lint
from racelab.lint.ast_lint import Hit, LintError

# nvidia-cudnn-frontend releases on PyPI that ship CuTe DSL kernels, oldest first (tests/test_lint.py
# checks this against `pip index versions` when the index is reachable).
RELEASES = ("1.24.0", "1.24.1", "1.25.0", "1.26.0", "1.27.0", "1.28.0", "1.29.0", "1.29.1",
            "1.30.0", "1.31.0", "1.32.0")
FIRST_RELEASE = "1.24.0"


@lru_cache(maxsize=1)
def lint_fingerprint() -> str:
    """sha256 (16 hex digits) of the lint's source files: what the cached hits were made by."""
    digest = "".join(files.sha256(Path(m.__file__)) for m in (ast_facts, ast_lint))
    return files.sha256_bytes(digest.encode())[:16]


def _check(version: str) -> None:
    if version not in RELEASES:
        raise LintError(f"unknown release {version!r}: known nvidia-cudnn-frontend releases with CuTe DSL "
                        f"kernels are {', '.join(RELEASES)}")


def lint_release(version: str, *, cached: bool = True) -> list[Hit]:
    """Lint every CuTe DSL file in one nvidia-cudnn-frontend release (wheel fetched into the cache).
    With `cached`, hits made by this version of the lint are read back instead of linting again."""
    _check(version)
    if not cached:
        return _lint(version)
    path = cache_dir() / "lint" / f"{version}-{lint_fingerprint()}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(path) + ".lock"):
        if not path.exists():
            hits = _lint(version)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps([h.to_dict() for h in hits]))
            tmp.replace(path)
            return hits
        return [Hit(**h) for h in json.loads(path.read_text())]


def _lint(version: str) -> list[Hit]:
    from racelab.toolchain import wheels
    root = wheels.extracted(version)
    return ast_lint.lint_paths([root / "cudnn"], root)


def hits_by_release(releases=RELEASES, *, cached: bool = True) -> dict[str, list[dict]]:
    """{release: [hit dict, ...]}, releases in the order given."""
    return {v: [h.to_dict() for h in lint_release(v, cached=cached)] for v in releases}


def available_releases(timeout: float = 60) -> list[str]:
    """Versions of nvidia-cudnn-frontend on the package index from FIRST_RELEASE on (needs the index)."""
    done = proc.run([sys.executable, "-m", "pip", "index", "versions", "nvidia-cudnn-frontend"], timeout_s=timeout)
    m = re.search(r"Available versions:\s*(.+)", done.stdout)
    if not done.ok or not m:
        raise LintError(f"pip index versions failed: {(done.stderr or done.stdout).strip()[-300:]}")
    versions = [v.strip() for v in m.group(1).split(",")]

    def key(v):
        return tuple(int(x) for x in re.findall(r"\d+", v))
    return sorted((v for v in versions if key(v) >= key(FIRST_RELEASE)), key=key)
