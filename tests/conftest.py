"""Fixtures shared by the test files (the stand-ins themselves are in fakes.py)."""

import pytest

from fakes import forget_gpus


@pytest.fixture
def tool_dir(tmp_path, monkeypatch):
    """A folder first on PATH (then only /usr/bin and /bin: no CUDA anywhere) for fake tools, a scratch
    store, and nvidia-smi asked afresh before and after."""
    from racelab.toolchain import sanitizer

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    for var in ("CUDA_HOME", "CUDA_PATH", "RACELAB_SANITIZER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(sanitizer, "CUDA_ROOTS", ())
    forget_gpus()
    yield bin_dir
    forget_gpus()
