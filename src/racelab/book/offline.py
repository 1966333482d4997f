"""What a GPU machine with no package registry needs (chapter *Reproduce this book*): the wheels of the
project's CuTe DSL stack at the lock's pins, the DSL versions the releases pin, and each release's
cudnn-frontend wheel, with the commands that carry and unpack them where racelab looks."""

from racelab.core.paths import repo_root
from racelab.toolchain import real_kernel, wheels
from racelab.vocab import RELEASE_DSL, UpstreamVariant

_DSL_PARTS = ("nvidia-cutlass-dsl", "nvidia-cutlass-dsl-libs-base", "nvidia-cutlass-dsl-libs-core",
              "nvidia-cutlass-dsl-libs-cu13")
OFFLINE_PACKAGES = (*_DSL_PARTS, "apache-tvm-ffi", "torch-c-dlpack-ext")


def lock_pins() -> dict[str, str]:
    """{package: version} of requirements.lock."""
    out = {}
    for line in (repo_root() / "requirements.lock").read_text().splitlines():
        name, sep, version = line.strip().partition("==")
        if sep and not name.startswith("#"):
            out[name.lower()] = version.split(";")[0].strip()
    return out


def offline_commands(python: str = "3.12") -> str:
    """The commands that carry what the GPU steps import to a GPU machine with no package registry, as a
    Markdown code block: the project's own DSL stack at the lock's pins into one site folder, the other DSL
    versions the releases pin (vocab.RELEASE_DSL) into the cache where racelab looks for them, and each
    release's cudnn-frontend wheel for that Python into the wheel cache."""
    pins = lock_pins()
    pip = (f"python3 -m pip download --no-deps --only-binary=:all: --python-version {python} --implementation cp "
           "--platform manylinux_2_28_x86_64 --platform manylinux2014_x86_64")
    site = " ".join(f"{p}=={pins[p]}" for p in OFFLINE_PACKAGES if p in pins)
    lines = ["# on a machine with network, the GPU machine's Python and CPU", f"{pip} -d site-wheels {site}"]
    dsls = sorted(set(RELEASE_DSL.values()))
    for dsl in dsls:
        lines.append(f"{pip} -d dsl-{dsl} " + " ".join(f"{p}=={dsl}" for p in _DSL_PARTS))
    releases = sorted({UpstreamVariant.parse(v).release for t in real_kernel.TARGETS.values()
                       for v in t.variants + t.secondary + t.newest})
    for release in releases:
        lines.append(f"{pip} -d .cache/wheels/{wheels.PACKAGE}-{release} {wheels.PACKAGE}=={release}")
    lines += ["# carry site-wheels/, dsl-*/ and .cache/ into the checkout on the GPU machine (tar, and split -b",
              "# where a transfer is capped; check the sha256 of the joined tar on arrival), then there:",
              "mkdir -p .offline/site && for w in site-wheels/*.whl; do python3 -m zipfile -e \"$w\" .offline/site; done"]
    for dsl in dsls:
        lines.append(f"mkdir -p .cache/dsl/{dsl} && for w in dsl-{dsl}/*.whl; do python3 -m zipfile -e \"$w\" "
                     f".cache/dsl/{dsl}; done")
    lines += ["export PYTHONPATH=$PWD/src:$PWD/.offline/site:$PWD/.offline/site/nvidia_cutlass_dsl/dsl_packages",
              "export RACELAB_GIT_COMMIT=<the commit you copied> RACELAB_GIT_DIRTY=0   # a copy without .git",
              "python3 -m racelab.cli live --list"]
    return "```bash\n" + "\n".join(lines) + "\n```"
