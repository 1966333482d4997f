"""Where the SM90 twin's code lands, read off its SASS (compiled here for sm_90a: no GPU needed): the head of
every loop, which of them are the compute warpgroup's read loops, the ordering instructions the load warp
executes between its stores and its arrive, and the pads (racelab.vocab.TwinCodeLayout) that move the read
loops by 16 bytes or put the first of them on a 128-byte boundary.

A pad is one ``nanosleep.u32 0`` (SASS ``NANOSLEEP RZ``, 16 bytes) that the load warp executes after its
arrive; `verify` checks that a padded build is its natural build plus exactly the pads (ptxas may drop
a trailing alignment ``NOP``) and that its read loops moved as intended."""

import difflib
from dataclasses import dataclass

from racelab.vocab import (TWIN_FETCH_ALIGN, TWIN_PAD_BYTES, TwinCodeLayout, TwinHandoff, twin_variant,
                           twin_variant_name)

WAIT_OPCODE = "SYNCS.PHASECHK.TRANS64.TRYWAIT"  # the compute warpgroup's wait on W_LOADED
READ_OPCODE = "LDS"  # a read loop loads shared memory
PAD_TEXT = "NANOSLEEP RZ"  # nanosleep.u32 0
# what the load warp may execute between its last shared store and its arrive, by SASS opcode
# (kernel-wide counts: the init's FENCE.VIEW.ASYNC and the CTA's BAR.SYNC 0 are in every build)
ORDERING = {"MEMBAR": "MEMBAR", "FENCE.VIEW.ASYNC": "FENCE.VIEW.ASYNC", "WARPSYNC": "WARPSYNC",
            "BAR.SYNC": "BAR.SYNC", "UBLKCP": "UBLKCP"}


class LayoutError(RuntimeError):
    """A build whose code did not land where its layout says."""


@dataclass(frozen=True)
class Loop:
    head: int  # byte offset of the loop's first instruction
    back_branch: int  # byte offset of the branch that closes it
    reads_shared: bool
    waits: bool  # the W_LOADED wait loop

    def as_dict(self) -> dict:
        return {"head": f"0x{self.head:04x}", "back_branch": f"0x{self.back_branch:04x}",
                "head_mod_128": self.head % TWIN_FETCH_ALIGN, "reads_shared": self.reads_shared,
                "waits": self.waits}


def _instructions(sass_text: str):
    from racelab.readers import sass as sass_reader

    dis = sass_reader.parse(sass_text)
    instrs = dis.function()
    return instrs, sass_reader.Flow(instrs, dis.labels.get(instrs[0].function, {}))


def loops(sass_text: str) -> list[Loop]:
    """Every loop of the kernel (a branch back to an earlier instruction), by head offset."""
    instrs, flow = _instructions(sass_text)
    out = []
    for target, branches in flow.sources.items():
        back = [b for b in branches if b > target]
        if not back:
            continue
        body = instrs[target:max(back) + 1]
        out.append(Loop(instrs[target].address, instrs[max(back)].address,
                        any(i.opcode.split(".")[0] == READ_OPCODE for i in body),
                        any(i.opcode.startswith(WAIT_OPCODE) for i in body)))
    return sorted(out, key=lambda loop: loop.head)


def read_loops(sass_text: str) -> list[Loop]:
    """The compute warpgroup's read loops: loops that load shared memory, after its W_LOADED wait loop."""
    found = loops(sass_text)
    waits = [loop.head for loop in found if loop.waits]
    if not waits:
        raise LayoutError("no W_LOADED wait loop (SYNCS.PHASECHK.TRANS64.TRYWAIT) in this build")
    return [loop for loop in found if loop.reads_shared and not loop.waits and loop.head > max(waits)]


def handoff_segment(sass_text: str) -> list[str]:
    """The load warp's handoff as SASS text: from its first shared store (or ELECT) after the CTA's
    ``BAR.SYNC 0x0`` through its first arrive, and the bulk copies that follow it."""
    instrs, _ = _instructions(sass_text)
    start = next((k for k, i in enumerate(instrs) if i.opcode.startswith("BAR.SYNC")), 0)
    first = next((k for k in range(start + 1, len(instrs))
                  if instrs[k].opcode.split(".")[0] in ("STS", "ELECT")), None)
    arrive = next((k for k in range(start + 1, len(instrs)) if instrs[k].opcode.startswith("SYNCS.ARRIVE")), None)
    if first is None or arrive is None:
        return []
    end = arrive
    while end + 1 < len(instrs) and end < arrive + 12 and not instrs[end + 1].opcode.startswith(("EXIT", "BRA")):
        end += 1
        if instrs[end].opcode.startswith("UBLKCP"):
            last = end
    end = locals().get("last", arrive)
    return [f"/*{i.address:04x}*/ {i.text}" for i in instrs[first:end + 1]]


def code_summary(sass_text: str) -> dict:
    """What a build's code is: instruction count, every loop head, the read loops' heads (and mod 128),
    the pads it carries, and the ordering instructions of the load warp (counts by opcode)."""
    instrs, _ = _instructions(sass_text)
    reads = read_loops(sass_text)
    texts = [i.text for i in instrs]
    return {"instructions": len(instrs), "loop_heads": [loop.as_dict()["head"] for loop in loops(sass_text)],
            "read_loop_heads": [loop.as_dict()["head"] for loop in reads],
            "read_loop_heads_mod_128": [loop.head % TWIN_FETCH_ALIGN for loop in reads],
            "first_read_loop": reads[0].head if reads else None,
            "pads": sum(t.strip().rstrip(";").strip() == PAD_TEXT for t in texts),
            "ordering": {name: sum(i.opcode.startswith(prefix) for i in instrs) for name, prefix in ORDERING.items()},
            "arrives": sum(i.opcode.startswith("SYNCS.ARRIVE") for i in instrs),
            "handoff_sass": handoff_segment(sass_text)}


def pad_to_align(head: int, align: int = TWIN_FETCH_ALIGN, step: int = TWIN_PAD_BYTES) -> int:
    """How many `step`-byte pads put an instruction at offset `head` on an `align`-byte boundary."""
    if head % step:
        raise LayoutError(f"offset 0x{head:x} is not a multiple of {step}")
    return (-head % align) // step


def pads_for(layout: TwinCodeLayout, natural: dict) -> int:
    """The pad count of `layout`, given the natural build's code_summary."""
    layout = TwinCodeLayout.parse(layout)
    if layout is TwinCodeLayout.NATURAL:
        return 0
    if layout.shift_bytes is not None:
        return layout.shift_bytes // TWIN_PAD_BYTES
    if natural["first_read_loop"] is None:
        raise LayoutError("the natural build has no read loop to align (work must be > 1)")
    return pad_to_align(natural["first_read_loop"])


def sass(handoff, topk: int, heads: int, work: int, pad: int = 0, arch: str = "sm_90a") -> str:
    """The twin's SASS for these settings (compiled here, no GPU)."""
    from racelab.experiments.twin_racecheck import kernel_sass

    return kernel_sass(topk, heads, TwinHandoff.parse(handoff), work, arch, pad=pad)


def sass_of_cubin(cubin: bytes) -> str:
    from racelab.toolchain import nvidia

    return nvidia.disassemble_bytes(cubin)


def added_instructions(natural_sass: str, padded_sass: str) -> dict:
    """The instructions a padded build adds to and drops from its natural build (texts, in order)."""
    a = [i.text for i in _instructions(natural_sass)[0]]
    b = [i.text for i in _instructions(padded_sass)[0]]
    diff = [line for line in difflib.unified_diff(a, b, n=0, lineterm="") if not line.startswith(("---", "+++", "@@"))]
    return {"added": [line[1:] for line in diff if line.startswith("+")],
            "removed": [line[1:] for line in diff if line.startswith("-")]}


def verify(natural: dict, built: dict, layout: TwinCodeLayout, pad: int, change: dict | None = None) -> dict:
    """Did the build land as `layout` says? padN: every read loop N bytes after the natural one's;
    ALIGNED: the first read loop on a 128-byte boundary; both: the pads present, and (with `change`,
    from added_instructions) nothing added but the pads and nothing dropped but NOPs."""
    layout = TwinCodeLayout.parse(layout)
    shift = [int(b, 16) - int(a, 16) for a, b in zip(natural["read_loop_heads"], built["read_loop_heads"])]
    checks = {"pads_present": built["pads"] == pad,
              "same_read_loops": len(natural["read_loop_heads"]) == len(built["read_loop_heads"])}
    if layout.shift_bytes:
        checks[f"moved_{layout.shift_bytes}"] = bool(shift) and all(s == layout.shift_bytes for s in shift)
    if layout is TwinCodeLayout.ALIGNED:
        checks["aligned"] = built["first_read_loop"] is not None and built["first_read_loop"] % TWIN_FETCH_ALIGN == 0
    if change is not None:
        added = [t.strip().rstrip(";").strip() for t in change["added"]]
        removed = [t.strip().rstrip(";").strip() for t in change["removed"]]
        checks["only_pads_added"] = added.count(PAD_TEXT) == pad and all(
            t == PAD_TEXT or t == "NOP" for t in added)
        checks["only_nops_dropped"] = all(t == "NOP" for t in removed)
    return {"shift_bytes": shift, "checks": checks, "ok": all(checks.values())}


def build_report(variant: str, topk: int, heads: int, work: int, arch: str = "sm_90a") -> dict:
    """One timing variant ("elected", "all-lanes+aligned", ...) at one shape: its pad count, the code of
    its build and of its natural build, and whether it landed as its layout says."""
    handoff, layout = twin_variant(variant)
    natural_text = sass(handoff, topk, heads, work, 0, arch)
    natural = code_summary(natural_text)
    pad = pads_for(layout, natural)
    out = {"variant": twin_variant_name(handoff, layout), "handoff": handoff.value, "layout": layout.value,
           "pad": pad, "natural": natural}
    if pad == 0:
        out.update(code=natural, verify={"shift_bytes": [0] * len(natural["read_loop_heads"]),
                                         "checks": {"pads_present": natural["pads"] == 0}, "ok": True})
        if layout is TwinCodeLayout.ALIGNED:
            out["verify"] = verify(natural, natural, layout, 0)
        return out
    built_text = sass(handoff, topk, heads, work, pad, arch)
    built = code_summary(built_text)
    out.update(code=built, verify=verify(natural, built, layout, pad, added_instructions(natural_text, built_text)))
    return out
