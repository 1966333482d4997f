"""Where things live: the repository root, the result store, the build caches."""

import os
from pathlib import Path


def repo_root() -> Path:
    """The checkout this package belongs to (RACELAB_ROOT overrides, for tests)."""
    env = os.environ.get("RACELAB_ROOT")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").exists() and (parent / "_toc.yml").exists():
            return parent
    return Path.cwd().resolve()


def results_dir() -> Path:
    return Path(os.environ.get("RACELAB_RESULTS", repo_root() / "results")).resolve()


def cache_dir() -> Path:
    """Rebuildable things only: downloaded wheels, compiled cubins."""
    path = Path(os.environ.get("RACELAB_CACHE", repo_root() / ".cache")).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


def kernels_dir() -> Path:
    return repo_root() / "kernels"


def src_root() -> Path:
    """The folder that holds the `racelab` package (put on a child process's sys.path)."""
    return Path(__file__).resolve().parents[2]


def child_env(env=None) -> dict:
    """A copy of `env` (default: this process's environment) for a child Python process: the package's source
    folder first on PYTHONPATH, so that `python -m racelab...` finds this checkout."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join([str(src_root())] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env
