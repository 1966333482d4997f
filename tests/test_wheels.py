"""The cudnn-frontend wheel is the one for this interpreter and machine (file names only, no download)."""

import pytest

from racelab.toolchain import wheels

NAMES = [
    "nvidia_cudnn_frontend-1.27.0-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl",
    "nvidia_cudnn_frontend-1.27.0-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl",
    "nvidia_cudnn_frontend-1.27.0-cp313-cp313-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl",
    "nvidia_cudnn_frontend-1.27.0-cp311-cp311-manylinux_2_27_aarch64.manylinux_2_28_aarch64.whl",
    "nvidia_cudnn_frontend-1.27.0-cp312-cp312-manylinux_2_27_aarch64.manylinux_2_28_aarch64.whl",
    "nvidia_cudnn_frontend-1.27.0-cp313-cp313-win_amd64.whl",
]


@pytest.mark.parametrize("python, machine, expected", [
    ((3, 11), "x86_64", NAMES[0]), ((3, 12), "x86_64", NAMES[1]), ((3, 13), "AMD64", NAMES[2]),
    ((3, 11), "aarch64", NAMES[3]), ((3, 12), "arm64", NAMES[4]), ((3, 13), "aarch64", None),
])
def test_the_wheel_matches_the_interpreter_and_the_machine(python, machine, expected):
    target = wheels.wheel_target(python, machine)
    assert wheels.choose_wheel(NAMES, target) == expected
    assert target.slug == f"cp{python[0]}{python[1]}-{wheels.MACHINES[machine.lower()]}"
    assert all(p.endswith(wheels.MACHINES[machine.lower()]) for p in target.platforms)


def test_pure_and_abi3_wheels_fit_any_supported_interpreter():
    target = wheels.wheel_target((3, 12), "x86_64")
    assert target.accepts("pkg-1.0-py3-none-any.whl")
    assert target.accepts("pkg-1.0-cp39-abi3-manylinux2014_x86_64.whl")
    assert not target.accepts("pkg-1.0-cp313-abi3-manylinux2014_x86_64.whl")  # needs 3.13 or newer
    assert not target.accepts("pkg-1.0-cp312-cp312-manylinux2014_aarch64.whl")
    assert not target.accepts("not-a-wheel.tar.gz")


def test_unsupported_interpreters_and_machines_are_refused_with_the_reason():
    with pytest.raises(wheels.WheelError, match=r"Python 3\.10: .*3\.11, 3\.12, 3\.13"):
        wheels.wheel_target((3, 10), "x86_64")
    with pytest.raises(wheels.WheelError, match="ppc64le.*x86_64 and aarch64"):
        wheels.wheel_target((3, 11), "ppc64le")


def test_the_cache_keeps_one_folder_per_target(tmp_path, monkeypatch):
    """A wheel already in the cache for another interpreter is not used: download asks pip for this one."""
    monkeypatch.setenv("RACELAB_CACHE", str(tmp_path))
    folder = tmp_path / "wheels" / "pkg-1.0"
    folder.mkdir(parents=True)
    (folder / "pkg-1.0-cp311-cp311-manylinux_2_28_x86_64.whl").write_bytes(b"")
    asked = []

    def fake_pip(cmd, timeout_s):
        asked.append(cmd)
        (folder / "pkg-1.0-cp312-cp312-manylinux_2_28_x86_64.whl").write_bytes(b"")
        return type("Done", (), {"ok": True, "timed_out": False, "stderr": "", "stdout": ""})()

    monkeypatch.setattr(wheels.proc, "run", fake_pip)
    target = wheels.wheel_target((3, 12), "x86_64")
    assert wheels.download("pkg", "1.0", target).name.startswith("pkg-1.0-cp312")
    cmd = asked[0]
    assert cmd[cmd.index("--python-version") + 1] == "3.12" and "manylinux_2_28_x86_64" in cmd
    assert wheels.download("pkg", "1.0", wheels.wheel_target((3, 11), "x86_64")).name.startswith("pkg-1.0-cp311")
    assert len(asked) == 1
