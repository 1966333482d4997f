"""The `racelab` console script: each subcommand is a module with a `main(argv) -> int`."""

import importlib
import sys

# subcommand -> (module, one-line help). Modules parse their own arguments.
COMMANDS = {
    "hazards": ("racelab.readers.racecheck_log", "parse a compute-sanitizer racecheck log"),
    "runs": ("racelab.core.store", "list and verify recorded runs"),
    "calibration": ("racelab.experiments.calibration", "build, disassemble and racecheck the calibration repro"),
    "sass": ("racelab.readers.sass", "show the W_LOADED arrive site in an upstream kernel's SASS"),
    "racecheck": ("racelab.toolchain.sanitizer", "run a command under compute-sanitizer racecheck and record it"),
    "twin": ("racelab.experiments.twin_racecheck", "the SM90 twin of the W_LOADED handoff"),
    "pairs": ("racelab.stats", "paired timing deltas from raw samples"),
    "timing": ("racelab.experiments.timing", "record paired timing runs of the fix (fresh processes, CUPTI durations)"),
    "numerics": ("racelab.experiments.sm90_numerics", "record output hashes across variants and replays"),
    "sm100": ("racelab.experiments.sm100_racecheck", "the real SM100 kernel under racecheck (needs a B200)"),
    "model": ("racelab.model.core", "the executable happens-before model"),
    "lint": ("racelab.lint.ast_lint", "lint CuTe DSL kernels for elected arrives after all-lane stores"),
    "bench": ("racelab.book.bench", "benchmarks: the parser, the book build"),
}


def usage() -> str:
    lines = ["usage: racelab COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<12} {help_}" for name, (_, help_) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"racelab: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
