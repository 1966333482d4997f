"""`racelab rehearse sm100|sm90 [--json] [--variant V ...]`: the dress rehearsal of `make live`'s real-kernel
steps on a machine without that GPU (racelab.experiments.rehearsal): upstream's real host code and api.py up to the
kernel launch, which is recorded instead of run. Prints each case, whether it reached the launch and with
which shapes and dtypes; on the GPU host itself also whether torch sees the GPU, the sanitizer knows SM100 and nvcc
builds for it. Ends with one line, READY or NOT READY and every reason. Exit 0 ready; 3 a tool or capability
make live needs is absent; 1 anything else not ready (a case that did not reach the launch); 2 bad arguments."""

import json
import sys

from racelab.cli import EXIT_ABSENT, Parser, UsageError, command
from racelab.experiments import rehearsal
from racelab.toolchain.real_kernel import VariantError
from racelab.toolchain.upstream import UpstreamError


def _args_text(launch: dict) -> str:
    parts = []
    for a in launch["args"]:
        if "shape" in a:
            parts.append(f"{a['dtype']}{tuple(a['shape'])}".replace(",)", ")"))
        elif "value" in a:
            parts.append(repr(a["value"]))
        else:
            parts.append(a.get("type") or a.get("cute_tensor", "?"))
    return ", ".join(parts)


def _print(report: dict) -> None:
    t = report["tools"]
    cap = ".".join(map(str, t["capability"]))
    print(f"GPU: {t['gpu'] or 'none (nvidia-smi absent); rehearsing as'} {cap}: {t['policy']}")
    print(f"compute-sanitizer: {t['compute_sanitizer'] or 'absent: ' + str(t['compute_sanitizer_missing'])}")
    if t["missing_packages"]:
        print(f"missing for upstream's compile path: {', '.join(t['missing_packages'])}")
    for c in report["cases"]:
        mark = "reached" if c["reached"] else "NOT REACHED"
        print(f"  {c['step']:15s} {c['case']:42s} {mark}" + ("" if c["reached"] else f": {c.get('error')}"))
        for launch in c["launches"]:
            print(f"      {launch['kernel']}({_args_text(launch)})")
        built = {f"DSL {x['dsl']}, {x['options']}" for x in c["compiles"] if x["kernel"].startswith("IndexerBackwardSm")}
        if built:
            print(f"      compiled by: {'; '.join(sorted(built))}")
        elif c["reached"]:
            print("      (the kernel compiled for an earlier shape was reused: its compile key has no sequence lengths)")
    for c in report.get("subprocesses", []):
        print(f"  command line    {c['case']:42s} " + ("reached the launch through compute-sanitizer's command line"
                                                       if c["reached"] and c["log_written"] else f"NOT REACHED: {c['error']}"))
    for c in report.get("compiles", []):
        print(f"  compile         {c['variant']:42s} " + (f"NOT COMPILED: {c['error']}" if c.get("error") else
                                                           f"{c['kernel']} ({c['options']}, {c['compiled_s']} s)"))
    n = sum(c["reached"] for c in report["cases"])
    print(f"{n} of {len(report['cases'])} cases reached the launch")
    print(verdict(report))


def verdict(report: dict) -> str:
    """The rehearsal's one last line: READY, or NOT READY with every reason."""
    if report["ok"]:
        return "READY"
    unreached = sum(not c["reached"] for c in report["cases"])
    reasons = list(report.get("not_ready", []))
    if unreached or not report["cases"]:
        reasons.append(f"{unreached} of {len(report['cases'])} cases did not reach the launch")
    return "NOT READY: " + "; ".join(reasons)


def exit_status(report: dict) -> int:
    """0 ready; 3 a tool or capability make live needs is absent (README's table); 1 anything else not ready."""
    return 0 if report["ok"] else EXIT_ABSENT if report.get("absent") else 1


@command("racelab rehearse", usage=(UpstreamError, VariantError, rehearsal.RehearsalError))
def main(argv=None) -> int:
    p = Parser(prog="racelab rehearse", description=__doc__.split("\n\n")[0])
    p.add_argument("target", choices=["sm100", "sm90"])
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--variant", action="append", dest="variants", metavar="V",
                   help="a variant of the target's kernel (repeatable; default: all of them)")
    p.add_argument("--step", action="append", dest="steps", metavar="STEP",
                   help="real-racecheck, real-numerics or real-timing (repeatable; default: all)")
    p.add_argument("--capability", default=None,
                   help="the compute capability rehearsed where nvidia-smi reports no GPU (default 10.0 for sm100, 9.0 for sm90)")
    args = p.parse_args(argv)
    try:
        cap = tuple(int(x) for x in args.capability.split(".")) if args.capability else None
    except ValueError:
        cap = ()
    if cap is not None and len(cap) != 2:
        raise UsageError(f"--capability {args.capability!r} is not like 10.0")
    report = rehearsal.rehearse(args.variants, args.steps or rehearsal.STEPS, capability=cap, arch=args.target,
                                log=None if args.json else (lambda s: print(s, file=sys.stderr, flush=True)))
    if args.json:
        print(json.dumps(report, indent=1, sort_keys=True))
    else:
        _print(report)
    return exit_status(report)


if __name__ == "__main__":
    sys.exit(main())
