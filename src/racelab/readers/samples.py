"""Timing samples: the ``pair,variant,launch,ns`` CSV a timing run records (one row per profiled launch),
and the CUPTI kernel activity (``torch.profiler`` with ``ProfilerActivity.CUDA``) those rows come from.

A samples CSV has exactly the columns ``pair,variant,launch,ns``; every problem is a SamplesError that
names its line. Kernel activity is read from a finished profiler session and told apart into the kernel
under test and the control kernel; a problem there is a TimingError (CuptiUnavailable when the profiler
saw no kernel at all)."""

import csv
import functools
import io
import lzma
import math
from dataclasses import dataclass, field
from pathlib import Path

from racelab.core import files

COLUMNS = ("pair", "variant", "launch", "ns")


class SamplesError(ValueError):
    """Bad samples: the message names the reason and, where there is one, the line."""


class TimingError(RuntimeError):
    """A timing measurement that cannot be trusted or did not happen."""


class CuptiUnavailable(TimingError):
    """The profiler recorded no CUDA kernel activity: kernel durations cannot be read here."""


# ---------------------------------------------------------------------------------------------------
# The samples CSV
# ---------------------------------------------------------------------------------------------------

@dataclass
class Samples:
    """Per pair, per variant: the launch samples in ns (in file order), and the line each pair starts on."""

    by_pair: dict[int, dict[str, list[float]]] = field(default_factory=dict)
    first_line: dict[int, int] = field(default_factory=dict)

    @property
    def variants(self) -> set[str]:
        return {v for per in self.by_pair.values() for v in per}


def _parse_int(text: str, what: str, lineno: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SamplesError(f"line {lineno}: {what} {text!r} is not an integer") from None
    if value < 0:
        raise SamplesError(f"line {lineno}: {what} {value} is negative")
    return value


@functools.lru_cache(maxsize=32)
def parse_samples(text: str, source: str = "samples") -> Samples:
    """Parse and validate a ``pair,variant,launch,ns`` CSV. Raises SamplesError with the line number.
    The same text is parsed once per process (a page reads an A/A file for its interval, its groups and its
    resampled coverage): the Samples returned are shared, and no caller changes them."""
    if not text.strip():
        raise SamplesError(f"{source}: empty file")
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    if tuple(h.strip() for h in header) != COLUMNS:
        raise SamplesError(f"{source}: line 1: columns must be exactly {','.join(COLUMNS)}, got {','.join(header)}")
    samples = Samples()
    seen: dict[tuple[int, str, int], int] = {}
    for row in reader:
        lineno = reader.line_num
        if not row or all(not cell.strip() for cell in row):
            raise SamplesError(f"{source}: line {lineno}: blank line")
        if len(row) != len(COLUMNS):
            raise SamplesError(f"{source}: line {lineno}: expected {len(COLUMNS)} fields, got {len(row)}")
        pair_s, variant, launch_s, ns_s = (cell.strip() for cell in row)
        pair = _parse_int(pair_s, "pair", lineno)
        if not variant:
            raise SamplesError(f"{source}: line {lineno}: empty variant")
        launch = _parse_int(launch_s, "launch", lineno)
        try:
            ns = float(ns_s)
        except ValueError:
            raise SamplesError(f"{source}: line {lineno}: ns {ns_s!r} is not a number") from None
        if not math.isfinite(ns):
            raise SamplesError(f"{source}: line {lineno}: ns {ns_s!r} is not finite")
        if ns <= 0:
            raise SamplesError(f"{source}: line {lineno}: ns {ns_s} is not positive")
        key = (pair, variant, launch)
        if key in seen:
            raise SamplesError(f"{source}: line {lineno}: duplicate sample pair={pair} variant={variant} "
                               f"launch={launch} (first on line {seen[key]})")
        seen[key] = lineno
        samples.by_pair.setdefault(pair, {}).setdefault(variant, []).append(ns)
        samples.first_line.setdefault(pair, lineno)
    if not samples.by_pair:
        raise SamplesError(f"{source}: no samples (header only)")
    return samples


def read_text(path) -> str:
    """A samples file as text: `path`, or its .xz / .gz form next to it when `path` is missing; the
    compression is told by the content's magic bytes."""
    path = Path(path)
    if not path.exists():
        for suffix in (".xz", ".gz"):
            if path.with_name(path.name + suffix).exists():
                path = path.with_name(path.name + suffix)
                break
    return files.read_bytes(path).decode()


def read_samples(path) -> Samples:
    """Read and validate a samples CSV (plain, .xz or .gz)."""
    path = Path(path)
    try:
        text = read_text(path)
    except OSError as err:
        if err.errno is None:  # gzip's BadGzipFile
            raise SamplesError(f"{path}: cannot decompress: {err}") from None
        raise SamplesError(f"{path}: cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise SamplesError(f"{path}: not a text CSV") from None
    except (EOFError, ValueError, lzma.LZMAError) as err:
        raise SamplesError(f"{path}: cannot decompress: {err}") from None
    return parse_samples(text, str(path))


def samples_csv(rows) -> str:
    """(pair, variant, launch, ns) rows as the canonical CSV text."""
    buf = io.StringIO()
    write_samples(rows, buf)
    return buf.getvalue()


def write_samples(rows, path_or_stream) -> None:
    """Write (pair, variant, launch, ns) rows as the canonical CSV."""
    own = isinstance(path_or_stream, (str, Path))
    stream = open(path_or_stream, "w", newline="") if own else path_or_stream
    try:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(COLUMNS)
        for pair, variant, launch, ns in rows:
            writer.writerow((int(pair), variant, int(launch), int(ns) if float(ns).is_integer() else ns))
    finally:
        if own:
            stream.close()


# ---------------------------------------------------------------------------------------------------
# CUPTI kernel activity of a torch.profiler session
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class KernelEvent:
    name: str
    start_ns: int
    dur_ns: int


def kernel_events(prof) -> list[KernelEvent]:
    """Device-side kernel activity (CUPTI) of a finished torch.profiler session, ordered by start."""
    from torch.autograd import DeviceType

    found = []
    results = getattr(getattr(prof, "profiler", None), "kineto_results", None)
    if results is not None:
        device = [ev for ev in results.events() if ev.device_type() == DeviceType.CUDA]
        for ev in device:
            kind = str(ev.activity_type()).lower() if hasattr(ev, "activity_type") else ""
            if "kernel" in kind:
                found.append(KernelEvent(ev.name(), int(ev.start_ns()), _duration_ns(ev)))
        if not found:  # no (recognisable) activity types: every device event but copies and fills
            found = [KernelEvent(ev.name(), int(ev.start_ns()), _duration_ns(ev)) for ev in device
                     if not ev.name().startswith(("Memcpy", "Memset"))
                     and not any(t in str(getattr(ev, "activity_type", lambda: "")()).lower()
                                 for t in ("memcpy", "memset", "sync"))]
    else:  # older profiler objects: FunctionEvents with microsecond floats
        for ev in prof.events():
            if ev.device_type == DeviceType.CUDA and not ev.name.startswith(("Memcpy", "Memset")):
                found.append(KernelEvent(ev.name, int(round(ev.time_range.start * 1000)),
                                         int(round(ev.time_range.elapsed_us() * 1000))))
    found.sort(key=lambda e: e.start_ns)
    return found


def _duration_ns(ev) -> int:
    if hasattr(ev, "duration_ns"):
        return int(ev.duration_ns())
    return int(ev.end_ns()) - int(ev.start_ns())


def pick_name(events: list[KernelEvent], match: str | None = None, what: str = "kernel") -> str:
    """The kernel a launcher launched: the one whose name contains `match`, else the one with the most
    device time. Raises TimingError when the choice is ambiguous or empty."""
    totals: dict[str, int] = {}
    for ev in events:
        totals[ev.name] = totals.get(ev.name, 0) + ev.dur_ns
    names = [n for n in totals if match is None or match in n]
    if not names:
        raise TimingError(f"no {what} kernel{'' if match is None else ' matching ' + repr(match)} among "
                          f"{sorted(totals)}")
    if match is not None and len(names) > 1:
        raise TimingError(f"{what}: {len(names)} kernels match {match!r}: {sorted(names)}")
    return max(names, key=lambda n: totals[n])


def names_by_position(events: list[KernelEvent], per_iteration: int = 2) -> tuple[str, str]:
    """(test, control) kernel names when each iteration launches the test kernel then the control kernel
    and nothing else: the first two events in start order (stream order)."""
    if len(events) < per_iteration:
        raise TimingError(f"expected at least {per_iteration} kernels, the profiler saw {len(events)}")
    return events[0].name, events[1].name


def split_events(events: list[KernelEvent], test_name: str, control_name: str | None, launches: int):
    """(test_ns, control_ns, other_counts). Same names for test and control: alternate by start order."""
    others: dict[str, int] = {}
    if control_name is not None and control_name == test_name:
        mine = [e for e in events if e.name == test_name]
        if len(mine) != 2 * launches:
            raise TimingError(f"expected {2 * launches} launches of {test_name!r} (test and control alternating), "
                              f"got {len(mine)}")
        test, control = [e.dur_ns for e in mine[0::2]], [e.dur_ns for e in mine[1::2]]
    else:
        test, control = [], []
        for e in events:
            if e.name == test_name:
                test.append(e.dur_ns)
            elif control_name is not None and e.name == control_name:
                control.append(e.dur_ns)
            else:
                others[e.name] = others.get(e.name, 0) + 1
    if len(test) != launches:
        raise TimingError(f"expected {launches} launches of the test kernel {test_name!r}, the profiler saw {len(test)}")
    if control_name is not None and len(control) != launches:
        raise TimingError(f"expected {launches} launches of the control kernel {control_name!r}, saw {len(control)}")
    return test, control, others


def split_rounds(events: list[KernelEvent], launches: int, alternate: bool = False) -> dict:
    """Two builds timed in turn in one process, each round launching the first build, the control kernel,
    the second build, the control kernel, and nothing else: their durations by position in start (stream)
    order. With `alternate`, every odd round launches the second build first (its positions 0 and 2 swap).
    {"first_ns", "second_ns", "control_ns" (after the first), "control2_ns" (after the second), "first_name",
    "second_name", "control_name", "first_idle_ns", "second_idle_ns" (the GPU's idle time before each)}. Raises TimingError when the events are not `launches`
    such rounds (a kernel missing or extra, or a control kernel where a build's should be)."""
    if len(events) != 4 * launches:
        raise TimingError(f"expected {4 * launches} kernel launches ({launches} rounds of build, control, build, "
                          f"control), the profiler saw {len(events)}")
    # the GPU's idle time before each launch: its start less the end of the kernel before it (0 for the first)
    idle = [0] + [events[k].start_ns - events[k - 1].start_ns - events[k - 1].dur_ns for k in range(1, len(events))]
    if alternate:  # put every round in the order first build, control, second build, control
        events, idle = list(events), list(idle)
        for r in range(1, launches, 2):
            for seq in (events, idle):
                seq[4 * r], seq[4 * r + 2] = seq[4 * r + 2], seq[4 * r]
    names = [{e.name for e in events[k::4]} for k in range(4)]
    if any(len(n) != 1 for n in names):
        raise TimingError(f"the launches of a round are not in the same order every round: {names}")
    first, control, second, control2 = (n.pop() for n in names)
    if control != control2 or control in (first, second):
        raise TimingError(f"expected build, control, build, control in every round, saw {first!r}, {control!r}, "
                          f"{second!r}, {control2!r}")
    return {"first_ns": [e.dur_ns for e in events[0::4]], "control_ns": [e.dur_ns for e in events[1::4]],
            "second_ns": [e.dur_ns for e in events[2::4]], "control2_ns": [e.dur_ns for e in events[3::4]],
            "first_name": first, "second_name": second, "control_name": control,
            "first_idle_ns": idle[4::4], "second_idle_ns": idle[2::4]}
