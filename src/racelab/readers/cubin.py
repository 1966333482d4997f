"""What ptxas wrote into a cubin's ``.note.nv.tkinfo`` section, read from the ELF file itself (no GPU and no
disassembler needed)."""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

from racelab.readers.sass_listing import SassError


@dataclass(frozen=True)
class CubinNotes:
    """What ptxas wrote into the cubin's ``.note.nv.tkinfo`` section."""

    tool: str  # "ptxas"
    version: str  # "13.3"
    build: str  # "V13.3.27"
    options: str  # "-O 3 -arch sm_100a"

    @property
    def text(self) -> str:
        return f"{self.tool} {self.version} ({self.build})"


def elf_sections(data: bytes) -> dict[str, bytes]:
    """Section name -> content of a 64-bit little-endian ELF file."""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SassError("not a 64-bit ELF file (a cubin)")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab_off = headers[shstrndx][4]
    out = {}
    for name_off, _type, _flags, _addr, offset, size in headers:
        end = data.index(b"\0", strtab_off + name_off)
        out[data[strtab_off + name_off:end].decode()] = data[offset:offset + size]
    return out


def cubin_notes(cubin: Path | str) -> CubinNotes:
    """The ptxas version and options recorded in the cubin."""
    sections = elf_sections(Path(cubin).read_bytes())
    note = sections.get(".note.nv.tkinfo")
    if note is None:
        raise SassError(f"{cubin}: no .note.nv.tkinfo section: cannot tell which ptxas built it")
    strings = [s.decode(errors="replace") for s in re.findall(rb"[\x20-\x7e]{3,}", note)]
    m = next((re.search(r"release (\d+\.\d+), (V[\d.]+)", s) for s in strings if "compilation tools" in s), None)
    if not m:
        raise SassError(f"{cubin}: .note.nv.tkinfo names no tool version: {strings}")
    tool = next((s for s in strings if s in ("ptxas", "nvcc", "nvlink")), strings[1] if len(strings) > 1 else "?")
    options = next((s.strip() for s in strings if s.lstrip().startswith("-")), "")
    return CubinNotes(tool, m[1], m[2], options)
