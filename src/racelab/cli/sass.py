"""`racelab sass`: show the W_LOADED arrive site in an upstream kernel's SASS (compiled here, no GPU needed).

``racelab sass --release 1.26.0 --topk 128`` compiles upstream's SM100 indexer backward (cached),
disassembles it, and prints the W_LOADED handoff: the mbarrier's init count, the arrive and its predicate
(and the ``ELECT`` that set it), and every instruction from the load warp's last shared store to the arrive.
``--json`` prints the same as one object, with the cubin's path and whether it came from the cache;
``--cubin FILE`` reads any cubin's only arrive; ``--matrix`` records the releases x DSL versions x topk
matrix as a ``sass-matrix`` run; ``--layouts [--kernel K]`` records the code-layout builds of one of upstream's
kernels (each timed variant moved by 16 ... 112 bytes, checked against its natural build: a ``code-layout``
run; exit 1 when any is not its natural build moved).

Exit codes: 0 ok; 1 the matrix recording failed; 2 bad input (an unknown release or variant, a
specialization the kernel rejects, a cubin without the barrier); 3 nvdisasm is not installed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from racelab.cli import EXIT_FAILED, EXIT_OK, Failed, Parser, command
from racelab.experiments.arrive_site import analyze, upstream_site
from racelab.readers.sass import SassError
from racelab.toolchain import nvidia, upstream



def format_site(out: dict, cubin_path: bool = True) -> str:
    """What ``racelab sass`` prints for one site (the JSON of :func:`racelab.experiments.arrive_site.upstream_site`);
    `cubin_path=False` names the cubin by its file name only (as the book shows it)."""
    spec = out["specialization"]
    b = out["barrier"]
    a = out["arrive"]
    lines = [f"{out['variant']} ({out['description']})",
             f"  release {out['release']}, nvidia-cutlass-dsl {out['dsl']}, ptxas {out['ptxas']} "
             f"({out['ptxas_build']}), {out['arch']}, PTX ISA {out['ptx']['version']}",
             f"  head_dim={spec['head_dim']} heads={spec['heads']} block_I={spec['block_I']} topk={spec['topk']}",
             f"W_LOADED: mbarrier {b['index']}, shared offset {a['offset']} "
             f"(mbar array at {b['mbar_base']} + {b['index']} x 8)",
             f"  init   {out['init']['address']}  {out['init']['text']}   -> count {out['init_count']}"]
    lines += [f"  wait   {w['address']}  {w['text']}" for w in out["waits"]]
    if out["elect"]:
        lines.append(f"  elect  {out['elect']['address']}  {out['elect']['text']}")
    who = (f"predicated on {a['predicate']}: only the lane {'ELECT chose' if out['elect'] else 'whose predicate is set'}"
           if a["predicated"] else "unpredicated: every lane of the warp")
    lines.append(f"  arrive {a['address']}  {a['text']}   ({who})")
    lines.append("from the load warp's last shared store to the arrive:")
    lines += [f"    {line}" for line in out["before_arrive_text"]]
    cubin = out["cubin"] if cubin_path else Path(out["cubin"]).name
    lines.append(f"cubin: {cubin} ({'cached' if out['cached'] else 'compiled'}, compile {out['compile_s']:.2f} s)")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    ap = Parser(prog="racelab sass", description="show the W_LOADED arrive site in an upstream "
                "kernel's SASS (compiled here, no GPU needed)",
                epilog="exit codes: 0 ok, 1 the matrix recording failed, 2 bad input, "
                       "3 nvdisasm not installed")
    ap.add_argument("--release", help="nvidia-cudnn-frontend release, e.g. 1.26.0 (variant release-X.Y.Z)")
    ap.add_argument("--variant", help="release-X.Y.Z or X.Y.Z-fix-reverted (e.g. 1.27.0-fix-reverted)")
    ap.add_argument("--dsl", help=f"nvidia-cutlass-dsl version (default: this venv's, {upstream.venv_dsl_version()})")
    ap.add_argument("--topk", type=int, default=upstream.Specialization.topk)
    ap.add_argument("--heads", type=int, default=upstream.Specialization.heads)
    ap.add_argument("--head-dim", type=int, default=upstream.Specialization.head_dim)
    ap.add_argument("--block-i", type=int, default=upstream.Specialization.block_I)
    ap.add_argument("--cubin", type=Path, help="analyse this cubin instead (its only arrive, or --offset)")
    ap.add_argument("--offset", type=lambda s: int(s, 0), help="shared offset of the barrier in --cubin")
    ap.add_argument("--fresh", action="store_true", help="recompile even if cached")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--matrix", action="store_true", help="compile the release x DSL x topk matrix afresh "
                    "and record it in the result store (several minutes)")
    ap.add_argument("--layouts", action="store_true", help="compile each timed variant of --kernel at every code "
                    "offset, check each in the SASS against its natural build, and record it in the result store")
    ap.add_argument("--kernel", choices=("sm90", "sm100", "fwd"), default="sm90",
                    help="--layouts: the SM90 or SM100 indexer backward, or the SM90 indexer forward (default sm90)")
    return ap


def _cubin(args) -> str:
    dis, site, notes = analyze(args.cubin, args.offset, f"the barrier in {args.cubin}")
    out = {"cubin": str(args.cubin), "arch": dis.arch, "ptxas": notes.version, **site.to_json()}
    if args.json:
        return json.dumps(out, indent=2)
    return "\n".join([f"{notes.text}, {dis.arch}, init count {site.init_count}", *out["before_arrive_text"]])


def _upstream(args) -> dict:
    if args.variant and args.release and upstream.variant(args.variant).release != args.release:
        raise upstream.UpstreamError(f"--variant {args.variant} is built from release "
                                     f"{upstream.variant(args.variant).release}, not --release {args.release}")
    if not (args.variant or args.release):
        raise upstream.UpstreamError("say which kernel: --release X.Y.Z or --variant NAME (or --cubin FILE)")
    name = args.variant or upstream.release_variant(args.release).name
    spec = upstream.Specialization(head_dim=args.head_dim, heads=args.heads, block_I=args.block_i, topk=args.topk)
    return upstream_site(name, spec, args.dsl, fresh=args.fresh)


@command("racelab sass", absent=(nvidia.ToolMissing,), usage=(upstream.UpstreamError, SassError, nvidia.ToolError))
def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.matrix:
        from racelab.experiments import sass_matrix
        rec = sass_matrix.record(fresh=True)
        print(f"recorded {rec.experiment}/{rec.id}")
        return EXIT_OK if all(c["ok"] for c in rec.read_json("summary.json")["cells"]) else EXIT_FAILED
    if args.layouts:
        from racelab.experiments import code_layout
        rec, bad = code_layout.record(args.kernel, fresh=args.fresh)
        print(f"recorded {rec.experiment}/{rec.id}")
        if bad:
            raise Failed(f"FAILED: {len(bad)} moved build(s) of {args.kernel} are not layout-only, so none of its "
                         "moved builds may be timed as a layout control")
        return EXIT_OK
    if args.cubin:
        print(_cubin(args))
        return EXIT_OK
    out = _upstream(args)
    print(json.dumps(out, indent=2) if args.json else format_site(out))
    return EXIT_OK
