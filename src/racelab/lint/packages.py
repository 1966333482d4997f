"""Linting a package from the index: `NAME==VERSION` fetched with `pip download --no-deps` into the cache
(racelab.toolchain.wheels, through racelab.core.proc), unpacked there, and every .py file in it that
imports cutlass (the CuTe DSL) linted with the chosen rules. Nothing of the package is copied into the
repository; a recorded run names the wheel by file name and sha256."""

import re
from dataclasses import dataclass, field
from pathlib import Path

from racelab.core import files
from racelab.lint import rules as rules_mod
from racelab.lint.ast_lint import LintError

SPEC = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([A-Za-z0-9][A-Za-z0-9.+!_-]*)\s*$")
IMPORTS_CUTE = re.compile(r"^[ \t]*(from[ \t]+cutlass[\w.]*[ \t]+import|import[ \t]+cutlass)\b", re.M)


def parse_spec(spec: str) -> tuple[str, str]:
    """'flash-attn-4==4.0.0b36' -> ('flash-attn-4', '4.0.0b36'); LintError unless pinned exactly."""
    m = SPEC.match(spec)
    if not m:
        raise LintError(f"give a package as NAME==VERSION (an exact pin), not {spec!r}")
    return m.group(1), m.group(2)


def imports_cute(text: str) -> bool:
    """Whether a Python source imports the CuTe DSL (`import cutlass...` or `from cutlass... import`)."""
    return bool(IMPORTS_CUTE.search(text))


def cute_files(root: Path) -> list[Path]:
    """The .py files under `root` that import the CuTe DSL, sorted."""
    out = []
    for f in sorted(Path(root).rglob("*.py")):
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if imports_cute(text):
            out.append(f)
    return out


@dataclass
class PackageLint:
    """One package's lint: where its wheel came from, what was read, what was found."""

    package: str
    version: str
    wheel: str  # file name
    sha256: str
    files: list = field(default_factory=list)  # paths inside the wheel
    hits: list = field(default_factory=list)  # hit dicts naming their rule
    errors: list = field(default_factory=list)  # "path: why" for files the lint could not parse

    def to_dict(self) -> dict:
        return {"package": self.package, "version": self.version, "wheel": self.wheel, "sha256": self.sha256,
                "files": self.files, "hits": self.hits, "errors": self.errors}


def wheel_root(package: str, version: str) -> tuple[Path, Path]:
    """(the wheel file, the folder it is unpacked in), fetched into the cache when not there."""
    from racelab.toolchain import wheels
    try:
        return wheels.download(package, version), wheels.extracted(version, package)
    except wheels.WheelError as err:
        raise LintError(str(err)) from err


def lint_package(spec: str, kinds=None, only=()) -> PackageLint:
    """Lint every CuTe DSL file of the wheel `NAME==VERSION` (or only the paths `only` inside it) with the
    rules named (all by default)."""
    package, version = parse_spec(spec)
    chosen = rules_mod.pick(kinds)
    wheel, root = wheel_root(package, version)
    found = cute_files(root)
    if only:
        missing = sorted(set(only) - {f.relative_to(root).as_posix() for f in found})
        if missing:
            raise LintError(f"{spec} has no CuTe DSL file {missing[0]}")
        found = [f for f in found if f.relative_to(root).as_posix() in only]
    hits, errors = [], []
    for f in found:
        try:
            hits += rules_mod.lint_source(f.read_text(encoding="utf-8"), f.relative_to(root).as_posix(), chosen)
        except LintError as err:  # one file the parser cannot read does not hide the others
            errors.append(str(err))
    return PackageLint(package, version, wheel.name, files.sha256(wheel),
                       [f.relative_to(root).as_posix() for f in found],
                       sorted(hits, key=lambda h: (h["file"], h["line"], h["rule"])), errors)
