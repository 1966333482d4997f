"""The `racelab` console script: each subcommand is a module with a `main(argv) -> int`, imported only when
its command runs (so that `racelab sass` starts fast).

Every command exits with one convention:
    0  ok
    1  failed, or a finding (a race reported, a run damaged, an experiment failed)
    2  bad input (unknown command, bad arguments, a file that is not there)
    3  the hardware or a tool is absent (no GPU, no compute-sanitizer, no nvcc)
"""

import argparse
import functools
import importlib
import os
import sys

# subcommand -> (module, one-line help). Modules parse their own arguments.
COMMANDS = {
    "hazards": ("racelab.cli.hazards", "parse a compute-sanitizer racecheck log"),
    "runs": ("racelab.cli.runs", "list and verify recorded runs (--pages: with the pages that loaded them)"),
    "book": ("racelab.cli.book", "the book's build steps: cache-guard, postbuild, glue-values"),
    "live": ("racelab.cli.live", "make live: re-measure every experiment this GPU can run and record it"),
    "record": ("racelab.cli.record", "run one step of the make-live registry here and record its runs"),
    "show": ("racelab.cli.show", "what the store holds of one experiment: its newest run, or every run"),
    "calibration": ("racelab.cli.calibration", "build, disassemble and racecheck the calibration repro"),
    "sass": ("racelab.cli.sass", "show the W_LOADED arrive site in an upstream kernel's SASS"),
    "racecheck": ("racelab.cli.racecheck", "run a command under compute-sanitizer racecheck and record it"),
    "twin": ("racelab.cli.twin", "the SM90 twin of the W_LOADED handoff"),
    "pairs": ("racelab.cli.pairs", "paired timing deltas from raw samples"),
    "timing": ("racelab.cli.timing", "record paired timing runs of the fix (fresh processes, CUPTI durations)"),
    "numerics": ("racelab.cli.numerics", "record output hashes across variants and replays"),
    "real": ("racelab.cli.real", "upstream's indexer backward on this GPU: racecheck, numerics, timing (B200 or H200)"),
    "rehearse": ("racelab.cli.rehearse", "dress rehearsal of make live's SM100 steps on a machine without a B200"),
    "model": ("racelab.cli.model", "the happens-before model; model check: litmus files against the PTX axioms"),
    "lint": ("racelab.cli.lint", "lint CuTe DSL kernels (paths, wheels, releases) for elected arrives after "
                                 "multi-lane shared stores or loads"),
    "fwd": ("racelab.cli.fwd", "upstream's SM90 indexer forward under racecheck, shipped vs all-lane arrive"),
    "k-tail": ("racelab.cli.k_tail", "the K-tail probe under racecheck, elected vs all-thread arrive"),
    "peer": ("racelab.cli.peer", "upstream's own DSA indexer tests from a checkout, plainly and under racecheck"),
    "report": ("racelab.cli.report", "upstream-ready reports of the findings open in the newest release"),
    "bench": ("racelab.cli.bench", "benchmarks: the parser (parse), the book build (build)"),
}


EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_ABSENT = 0, 1, 2, 3
EXIT_CODES = {EXIT_OK: "ok", EXIT_FAILED: "failed, or a finding", EXIT_USAGE: "bad input (unknown command, bad arguments)",
              EXIT_ABSENT: "the hardware or tool is absent"}


def failed(prog: str, lines) -> int:
    """EXIT_FAILED with each line on stderr as `prog: FAILED line` where there is one (a failed case of a
    recorded run), else EXIT_OK."""
    lines = list(lines)
    for line in lines:
        print(f"{prog}: FAILED {line}", file=sys.stderr)
    return EXIT_FAILED if lines else EXIT_OK


class UsageError(Exception):
    """Bad arguments: a command returns EXIT_USAGE."""


class Absent(Exception):
    """The hardware or a tool the command needs is not here: a command returns EXIT_ABSENT."""


class Failed(Exception):
    """The command ran and failed: it returns EXIT_FAILED."""


class _Exited(Exception):
    """argparse finished the command itself (--help printed): the command returns `status`."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    """Every command's argument parser: it never ends the process. A bad argument raises UsageError, --help
    returns 0, both through `command`."""

    def error(self, message):
        raise UsageError(message)

    def exit(self, status=0, message=None):
        if message:
            print(message, file=sys.stderr, end="")
        raise _Exited(status)


def command(prog: str, *, absent=(), failed=(), usage=()):
    """Make `main(argv: list) -> int` a command: argv defaults to sys.argv[1:]; --help returns 0. The one way
    errors become exit codes: an exception of a class in `absent` (or Absent), `failed` (or Failed) or `usage`
    (or UsageError, from its Parser or its own checks), looked for in that order, is printed as
    `prog: message` and returns EXIT_ABSENT, EXIT_FAILED or EXIT_USAGE."""
    codes = [(Absent, *absent), EXIT_ABSENT], [(Failed, *failed), EXIT_FAILED], [(UsageError, *usage), EXIT_USAGE]

    def wrap(main):
        @functools.wraps(main)
        def run(argv=None, **kwargs) -> int:
            try:
                return int(main(list(sys.argv[1:] if argv is None else argv), **kwargs) or 0)
            except _Exited as done:
                return done.status
            except BrokenPipeError:  # an OSError, but the reader went away: racelab's main stops quietly
                raise
            except tuple(c for classes, _ in codes for c in classes) as err:
                print(f"{prog}: {err}", file=sys.stderr)
                return next(code for classes, code in codes if isinstance(err, classes))
        return run
    return wrap


def usage() -> str:
    lines = ["usage: racelab COMMAND [ARGS...]   (racelab COMMAND --help for a command's own)", "", "commands:"]
    lines += [f"  {name:<12} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "exit status (every command):"]
    lines += [f"  {code}  {meaning}" for code, meaning in EXIT_CODES.items()]
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        print(usage(), file=sys.stderr)
        return 2
    if argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"racelab: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    try:
        return int(module.main(rest) or 0)
    except BrokenPipeError:  # the reader went away (`racelab show EXP | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
