"""Upstream's kernels with their code moved: is a padded build (``X.Y.Z-...+padN``: N bytes of no-ops at the
kernel's entry, racelab.toolchain.transforms.pad_kernel_entry) the natural build with its code N bytes later,
and nothing else? Read off the SASS, compiled here (no GPU), and recorded as one ``code-layout`` run.

A padded build passes when
* it carries exactly N/16 ``NANOSLEEP RZ`` (``nanosleep.u32 0``), one run of them;
* without the pads and the alignment ``NOP``s, it has the same instructions as the natural build (as a
  multiset of SASS texts: same opcodes, same registers);
* from the pads to the end of the function every instruction is the natural build's, in order, N bytes
  later (ptxas may schedule a few independent instructions of the prologue across the CTA barrier the pads
  follow: counted as ``moved_in_prologue``);
* every loop head (a branch back to an earlier instruction) lands N bytes later.

Per build the run records the cubin's sha256, the instruction count, every loop head and its address modulo 128,
and the checks; ``summary.json`` lists them all and the builds that are not layout-only. The transformation
gives layout-only builds of the SM90 indexer backward; of the SM100 kernel and the SM90 forward it does not
(ptxas allocates uniform registers differently around the pads), and `gate` refuses to time such builds."""

from __future__ import annotations

import difflib
import sys
from collections import Counter

from racelab.core import files, store
from racelab.experiments import twin_layout
from racelab.readers import sass
from racelab.toolchain import nvidia, upstream
from racelab.vocab import TWIN_FETCH_ALIGN, TWIN_PAD_BYTES, UPSTREAM_PAD_BYTES, Experiment, UpstreamVariant

EXPERIMENT = Experiment.CODE_LAYOUT.value
PAD, NOP = twin_layout.PAD_TEXT, "NOP"  # a pad is NANOSLEEP RZ (the kernels' own back-offs sleep longer)
KERNELS = {"sm90": ("release-1.27.0", "1.27.0-k-consumed-all"), "sm100": ("1.27.0-fix-reverted", "release-1.27.0"),
           "fwd": ("release", "all-lanes")}
"""Per kernel the two variants the timing compares (the SM90 and SM100 indexer backward: racelab.toolchain.
real_kernel's baseline and candidate; the SM90 indexer forward: racelab.experiments.fwd_racecheck's)."""
ARCH = {"sm90": "sm_90a", "sm100": "sm_100a", "fwd": "sm_90a"}
SHAPES = {"sm90": ("topk=128", "topk=512"), "sm100": ("topk=128", "topk=512"),  # timing.plan.REAL_SHAPES
          "fwd": ("bf16 qh64", "fp8 qh32")}  # timing.plan.FWD_SHAPES
OFFSETS = tuple(n for n in UPSTREAM_PAD_BYTES if n < TWIN_FETCH_ALIGN)  # 16 ... 112: every alignment but 0


class PaddedBuildError(RuntimeError):
    """A padded build that is not its natural build moved."""


def _function(text: str):
    return sass.parse(text).function()


def loop_heads(text: str) -> list[int]:
    """The byte offset of every loop's first instruction (the target of a branch back to it)."""
    return [loop.head for loop in twin_layout.loops(text)]


def _trimmed(instrs):
    """The function without its trailing alignment NOPs."""
    end = len(instrs)
    while end and instrs[end - 1].opcode == NOP:
        end -= 1
    return instrs[:end]


def compare(natural_text: str, padded_text: str, pad_bytes: int) -> dict:
    """The checks of the module docstring for one padded build against its natural build."""
    a, b = _function(natural_text), _function(padded_text)
    pads = [k for k, i in enumerate(b) if i.text == PAD]
    n = pad_bytes // TWIN_PAD_BYTES
    one_run = bool(pads) and pads == list(range(pads[0], pads[0] + len(pads)))
    body = lambda ins: Counter(i.text for i in ins if i.text != PAD and i.opcode != NOP)  # noqa: E731
    tail_b = _trimmed(b)[pads[-1] + 1:] if pads else []
    tail_a = _trimmed(a)[len(_trimmed(a)) - len(tail_b):] if tail_b else []
    moved = [y.address - x.address for x, y in zip(tail_a, tail_b)]
    same_tail = len(tail_a) == len(tail_b) and all(x.text == y.text for x, y in zip(tail_a, tail_b))
    heads_a, heads_b = loop_heads(natural_text), loop_heads(padded_text)
    prologue_a = [i.text for i in _trimmed(a)[:len(_trimmed(a)) - len(tail_a)] if i.opcode != NOP] if tail_b else []
    prologue_b = [i.text for i in b[:pads[0]] if i.opcode != NOP] if pads else []
    kept = sum(m.size for m in difflib.SequenceMatcher(a=prologue_a, b=prologue_b, autojunk=False).get_matching_blocks())
    checks = {"pads": len(pads) == n and one_run and not any(i.text == PAD for i in a),
              "same_instructions": body(a) == body(b),
              "tail_moved_by_pad": same_tail and bool(moved) and set(moved) == {pad_bytes},
              "loops_moved_by_pad": len(heads_a) == len(heads_b) and bool(heads_a)
              and all(y - x == pad_bytes for x, y in zip(heads_a, heads_b))}
    return {"pad_bytes": pad_bytes, "pads_found": len(pads), "instructions": len(b),
            "tail_instructions": len(tail_b),
            "moved_in_prologue": max(len(prologue_a), len(prologue_b)) - kept,
            "loop_heads": [f"0x{h:04x}" for h in heads_b], "heads_mod_128": [h % TWIN_FETCH_ALIGN for h in heads_b],
            "checks": checks, "ok": all(checks.values())}


def describe(text: str) -> dict:
    """A natural build's code: instruction count, loop heads and their addresses modulo 128."""
    instrs = _function(text)
    heads = loop_heads(text)
    return {"pad_bytes": 0, "instructions": len(instrs), "loop_heads": [f"0x{h:04x}" for h in heads],
            "heads_mod_128": [h % TWIN_FETCH_ALIGN for h in heads], "ok": True}


def _fwd_case(shape: str, variant: str):
    from racelab.experiments import fwd_racecheck
    from racelab.experiments.timing.plan import FWD_SHAPES

    fs = next(f for f in FWD_SHAPES if f"{f.precision} qh{f.qh}" == shape)
    return fwd_racecheck.Case(fs.precision, fs.qh, fs.s_k, variant)


def build_sass(kernel: str, variant: str, shape: str, fresh: bool = False) -> tuple[str, dict]:
    """The SASS of one build (compiled here; the backward kernels cached) and where it came from. `shape` is a
    SHAPES entry of the kernel: "topk=128", or the forward's "bf16 qh64"."""
    if kernel == "fwd":
        from racelab.experiments import fwd_racecheck

        got = fwd_racecheck.compile_only(_fwd_case(shape, variant), keep=True)
        return (nvidia.disassemble_bytes(got["cubin"]),
                {"variant": variant, "release": fwd_racecheck.RELEASE, "dsl": got["dsl"], "arch": got["arch"],
                 "shape": shape, "kernel": kernel, "cubin_sha256": files.sha256_bytes(got["cubin"]),
                 "cached": False, "compile_s": got["compile_s"]})
    var = upstream.variant(variant)
    spec = upstream.Specialization(topk=int(shape.removeprefix("topk=")))
    b = upstream.build(var, spec, dsl=var.dsl, arch=ARCH[kernel], kernel=kernel, fresh=fresh)
    return (nvidia.disassemble_bytes(b.cubin.read_bytes()),
            {"variant": var.name, "release": var.release, "dsl": b.key.dsl, "arch": b.key.arch, "shape": shape,
             "kernel": kernel, "cubin_sha256": files.sha256(b.cubin), "source_sha256": b.key.source_sha256,
             "cached": b.cached, "compile_s": b.compile_s})


def split(kernel: str, variant: str) -> tuple[str, int]:
    """(the variant unmoved, the bytes its code is moved by) of a variant of `kernel`: the forward's names
    ("all-lanes+pad48") are racelab.experiments.fwd_racecheck's, the backward kernels' vocab.UpstreamVariant's."""
    if kernel == "fwd":
        from racelab.experiments import fwd_racecheck

        return fwd_racecheck.split_variant(variant)
    var = UpstreamVariant.parse(variant)
    return var.unpadded, var.pad_bytes


def moved(kernel: str, variant: str, offset: int) -> str:
    """`variant` of `kernel` with its code moved by `offset` bytes (0: the variant itself)."""
    if kernel == "fwd":
        base = split(kernel, variant)[0]
        return f"{base}+pad{offset}" if offset else base
    return UpstreamVariant.parse(variant).padded(offset)


def check_variant(kernel: str, variant: str, shape: str, offsets=OFFSETS, fresh: bool = False) -> list[dict]:
    """The natural build of `variant` and each moved one at `shape`, each with its checks."""
    natural, meta = build_sass(kernel, moved(kernel, variant, 0), shape, fresh)
    rows = [{**meta, **describe(natural)}]
    for offset in offsets:
        text, meta = build_sass(kernel, moved(kernel, variant, offset), shape, fresh)
        rows.append({**meta, **compare(natural, text, offset)})
    return rows


def record(kernel: str = "sm90", variants=None, shapes=None, offsets=OFFSETS, fresh: bool = False, log=print):
    """Every (variant, shape, offset) build of `kernel` checked and recorded as one run (a measurement whatever
    the checks find: each build's verdict is its data); returns (the run, the builds that are not their
    natural build moved). Only builds that pass may serve as layout controls (`gate`)."""
    variants = tuple(variants or KERNELS[kernel])
    shapes = tuple(shapes or SHAPES[kernel])
    rows = []
    with store.new_run(EXPERIMENT, command=sys.argv) as run:
        for variant in variants:
            for shape in shapes:
                for row in check_variant(kernel, variant, shape, offsets, fresh):
                    rows.append(row)
                    log(line(row))
        bad = [r for r in rows if not r["ok"]]
        run.write_json("summary.json", {"experiment": EXPERIMENT, "kernel": kernel, "variants": list(variants),
                                        "shapes": list(shapes), "offsets": list(offsets), "builds": rows,
                                        "not_layout_only": [f"{r['variant']} {r['shape']}" for r in bad]})
        run.extra["code_layout"] = {"kernel": kernel, "builds": len(rows), "not_layout_only": len(bad)}
    return run.recorded, bad


def gate(kernel: str, variants, shapes) -> None:
    """Refuse (PaddedBuildError) a timing of moved builds unless each one is its natural build moved, checked now
    (compiled here, the backward kernels' builds cached): a build that is not layout-only is no layout control."""
    for variant in variants:
        offset = split(kernel, variant)[1]
        for shape in shapes if offset else ():
            row = check_variant(kernel, moved(kernel, variant, 0), shape, (offset,))[-1]
            if not row["ok"]:
                raise PaddedBuildError(f"{variant} at {shape} is not its natural build moved by {offset} B (failed: "
                                  + ", ".join(k for k, v in row["checks"].items() if not v) + ")")


def line(row: dict) -> str:
    """One build as the command prints it."""
    what = (f"{row['instructions']} instructions, {len(row['loop_heads'])} loops" if not row["pad_bytes"] else
            f"moved {row['pad_bytes']:3d} B: " + ("ok" if row["ok"] else "NOT layout-only: " + ", ".join(
                k for k, v in row["checks"].items() if not v)) + f" ({row['moved_in_prologue']} moved in prologue)")
    return f"  {row['kernel']} {row['variant']:36s} {row['shape']:<10s} {what}"
