"""How `make live` runs one step: `python -m racelab.core.step ARGS...` runs `python ARGS...` (`-m MODULE`,
`-c CODE` or a script) in this process, with SIGTERM turned into SystemExit. A step killed on its timeout is
sent SIGTERM first (racelab.core.proc.kill_group); the exception then unwinds through
racelab.core.proc.run, which kills the process group of whatever the step had started (compute-sanitizer
runs in a session of its own), so nothing the step started outlives it."""

import runpy
import signal
import sys


def _terminate(signum, _frame):
    raise SystemExit(128 + signum)


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m racelab.core.step (-m MODULE | -c CODE | SCRIPT) [ARGS...]", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _terminate)
    if args[0] == "-m" and len(args) > 1:
        sys.argv = [args[1], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    elif args[0] == "-c" and len(args) > 1:
        sys.argv = ["-c", *args[2:]]
        exec(compile(args[1], "<string>", "exec"), {"__name__": "__main__"})  # noqa: S102 - python -c
    else:
        sys.argv = list(args)
        runpy.run_path(args[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
