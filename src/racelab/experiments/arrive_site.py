"""Compile a kernel and read its arrive site: a cubin through nvdisasm and the SASS reader, and upstream's
SM100 indexer backward (built by :mod:`racelab.toolchain.upstream`, cached) down to its ``W_LOADED`` handoff.

The barrier's offset is derived from the kernel source (:func:`racelab.toolchain.upstream.barrier_layout`),
and the init count read from the SASS must equal the count the source passes to ``mbarrier_init``."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from racelab.readers import ptx as ptx_reader
from racelab.readers import sass
from racelab.toolchain import nvidia, upstream

W_LOADED = "MBAR_W_LOADED"


def analyze(cubin: Path | str, offset: int | None = None, what: str = "the barrier",
            function: str | None = None) -> tuple[sass.Disassembly, sass.ArriveSite, sass.CubinNotes]:
    """Disassemble ``cubin``, find the arrive on the barrier at ``offset`` (see
    :func:`racelab.readers.sass.find_arrive_site`) and read the cubin's ptxas notes."""
    cubin = Path(cubin)
    if not cubin.exists():
        raise sass.SassError(f"no cubin at {cubin}")
    dis = sass.parse(nvidia.disassemble(cubin))
    site = sass.find_arrive_site(dis, offset, function, what)
    return dis, site, sass.cubin_notes(cubin)


@dataclass(frozen=True)
class UpstreamSite:
    """The W_LOADED site of one upstream build: as JSON (``info``), as parsed SASS, and the build."""

    info: dict
    site: sass.ArriveSite
    build: object  # upstream.Build

    def ptx_region(self) -> list[tuple[int, str]]:
        return ptx_reader.ptx_region(self.build.ptx.read_text(), self.site.offset)


def upstream_analysis(variant: str, spec=None, dsl: str | None = None, fresh: bool = False) -> UpstreamSite:
    """Build (or fetch from the cache) an upstream variant and read its W_LOADED site."""
    spec = spec or upstream.Specialization()
    var = upstream.variant(variant)
    layout = upstream.barrier_layout(upstream.kernel_source(var))
    index = layout.index(W_LOADED)
    offset = layout.offset(index)
    t0 = time.perf_counter()
    b = upstream.build(var, spec, dsl, fresh=fresh)
    build_s = time.perf_counter() - t0
    what = f"W_LOADED (mbarrier {index}, shared +{offset:#x}) of {var.name}, DSL {b.key.dsl}, {spec.slug()}"
    dis, site, notes = analyze(b.cubin, offset, what)
    ptx = b.ptx.read_text()
    expected = layout.init_counts.get(index)
    if expected is not None and site.init_count != expected:
        raise sass.SassError(f"{what}: SASS init count {site.init_count} differs from the source's {expected}")
    info = {
        "release": var.release, "variant": var.name, "description": var.description, "dsl": b.key.dsl,
        "ptxas": notes.version, "ptxas_build": notes.build, "ptxas_options": notes.options,
        "arch": dis.arch, "ptx": ptx_reader.ptx_header(ptx), "specialization": spec.kwargs(),
        "barrier": {"name": W_LOADED, "index": index, "offset": f"{offset:#x}",
                    "mbar_base": f"{layout.base:#x}", "source_init_count": expected},
        **site.to_json(),
        "cubin": str(b.cubin), "cached": b.cached, "compile_s": round(b.compile_s, 3),
        "build_lookup_s": round(build_s, 3), "source_sha256": b.key.source_sha256,
    }
    return UpstreamSite(info, site, b)


def upstream_site(variant: str, spec=None, dsl: str | None = None, fresh: bool = False) -> dict:
    """:func:`upstream_analysis` as JSON: what ``racelab sass --json`` prints."""
    return upstream_analysis(variant, spec, dsl, fresh).info
