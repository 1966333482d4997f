"""racelab.readers.racecheck_log on real racecheck logs (tests/fixtures/racecheck, from an H200 run) and on
mutations of them: what it counts, what it refuses (exit code 2 and the line), and that no mutation makes it
crash or miscount. Every case is also run through the line-by-line reference parser, the record path and
small chunks, which must agree with the fast paths (racelab.readers.racecheck_fast) exactly."""

import gzip
import io
import json
import lzma
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from racelab.cli import hazards as cli
from racelab.readers import racecheck_fast
from racelab.readers import racecheck_log
from racelab.readers.racecheck_log import HazardLogError, LineType, classify, parse, records_iter

FIXTURES = Path(__file__).parent / "fixtures" / "racecheck"
HAZARD = FIXTURES / "racecheck-hazard-V0.log.xz"
PYHOST = FIXTURES / "racecheck-hazard-V0-python-host.log.xz"
ANALYSIS = FIXTURES / "racecheck-analysis-V0.log.xz"
CLEAN = FIXTURES / "racecheck-hazard-V2.log.xz"
TWIN = FIXTURES / "racecheck-hazard-topk128-heads64-ctas1-elected.log.xz"


def text(path: Path) -> bytes:
    return lzma.decompress(path.read_bytes())


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def join(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def record_spans(lines: list[bytes]) -> list[tuple[int, int]]:
    """(first, last) 0-based line indexes of each hazard record, the separator line included."""
    spans, start = [], None
    for i, line in enumerate(lines):
        if b"Potential" in line and line.startswith(b"========= "):
            start = i
        elif start is not None and line.rstrip() == b"=========":
            spans.append((start, i))
            start = None
    return spans


def outcome(data: bytes | Path, **kw):
    """The comparable result of parsing `data` (or the file): the report as a dict, or ("error", line)."""
    try:
        report = parse(data if isinstance(data, Path) else io.BytesIO(data), **kw)
    except HazardLogError as err:
        return ("error", err.line)
    d = report.to_dict()
    d.pop("source")
    return d


def all_paths_agree(data: bytes, **kw):
    """Fast paths, reference parser, record path, tiny chunks and a file: one outcome, returned."""
    first = outcome(data, **kw)
    assert outcome(data, fast=False, **kw) == first
    kept = outcome(data, keep_records=True, **kw)
    if isinstance(kept, dict):
        kept.pop("record_list")
    assert kept == first
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "log"
        path.write_bytes(data)
        assert outcome(path, **kw) == first
        old = racecheck_log.CHUNK_BYTES
        try:
            racecheck_log.CHUNK_BYTES = 2999
            assert outcome(data, **kw) == first
            assert outcome(path, **kw) == first
            assert outcome(data, fast=False, **kw) == first
        finally:
            racecheck_log.CHUNK_BYTES = old
    return first


def refused_at(data: bytes, tmp_path, capsys, *args, says: str = "") -> int:
    """Run the command on `data`; it must exit 2 naming a line (and saying `says`); return that line."""
    path = tmp_path / "mutated.log"
    path.write_bytes(data)
    assert cli.main([str(path), *args]) == 2
    err = capsys.readouterr().err
    m = re.search(r"mutated\.log:(\d+): ", err)
    assert m and says in err, err
    return int(m.group(1))


# ------------------------------------------------------------------ the line grammar

@pytest.mark.parametrize("kind", list(LineType))
def test_every_line_type_matches_its_example(kind):
    assert kind.regex.match(kind.example.encode())
    assert classify(kind.example.encode())[0] is kind


def test_every_line_of_the_real_logs_is_classified():
    for path in FIXTURES.glob("*.log.xz"):
        for line in lines_of(text(path)):
            assert classify(line)[0] is not None, (path.name, line)


def test_unknown_prefixed_line_is_unclassified():
    assert classify(b"=========     Something new in a future sanitizer") == (None, None)
    assert classify(b"wrong 0")[0] is LineType.OUTPUT


# ------------------------------------------------------------------ real logs

@pytest.mark.parametrize("path", [HAZARD, PYHOST], ids=["plain", "python-host"])
def test_real_hazard_log(path):
    report = parse(path)
    assert report.mode == "hazard"
    assert report.records == 124
    assert report.summary == {"hazards": 124, "errors": 124, "warnings": 0}
    assert report.by_type == {"RAW": 124}
    assert report.by_severity == {"error": 124}
    assert report.thread_ids == "linear"
    assert report.writer_threads == list(range(1, 32))
    assert report.reader_threads == list(range(33, 64))
    assert report.bytes_per_writer == {str(t): 4 for t in range(1, 32)}
    assert report.hazards_per_writer == {str(t): 4 for t in range(1, 32)}
    assert report.blocks == {"0,0,0": 124}
    assert report.hazard_bytes == 124
    assert report.program_output_lines == 1
    assert report.truncated is None and not report.print_limited
    [site] = report.sites
    assert site["type"] == "RAW" and site["count"] == 124
    assert (site["writer"]["file"], site["writer"]["line"], site["writer"]["pc"]) == ("mbar_calib.cu", 60, "0x280")
    assert (site["reader"]["file"], site["reader"]["line"], site["reader"]["pc"]) == ("mbar_calib.cu", 68, "0x1f0")
    assert site["writer"]["function"] == "calibration_handoff(const float *, float *)"


def test_real_records_for_the_breakdown():
    recs = list(records_iter(PYHOST))
    assert len(recs) == 124
    first = recs[0]
    assert (first.line, first.type, first.severity, first.address, first.block) == (2, "RAW", "error", 0x404, (0, 0, 0))
    assert (first.writer.thread, first.reader.thread) == ((1, 0, 0), (33, 0, 0))
    assert (first.writer_thread, first.reader_thread) == (1, 33)
    assert first.writer.location.line == 60 and first.reader.location.pc == 0x1f0
    assert first.current_value == "8"
    assert len(first.backtrace) == 18 and first.backtrace[-1] == "<module> in launch_v0.py:6"
    # each writer lane w stored 4 bytes at 0x400 + 4w, read by thread w + 32
    assert sorted(r.address for r in recs) == list(range(0x404, 0x480))
    assert all(r.address // 4 - 0x100 == r.writer_thread == r.reader_thread - 32 for r in recs)
    lines = lines_of(text(PYHOST))
    assert all(b"Potential RAW hazard" in lines[r.line - 1] for r in recs)


def test_real_analysis_log():
    report = parse(ANALYSIS)
    assert report.mode == "analysis"
    assert report.records == 0 and len(report.reports) == 1
    assert report.summary == {"hazards": 1, "errors": 1, "warnings": 0}
    assert report.analysis_hazards == report.hazard_bytes == 124
    rep = report.reports[0]
    assert (rep.line, rep.severity, rep.first.kind, rep.first.location.line) == (2, "error", "Read", 68)
    assert [(o.kind, o.location.line, o.hazards) for o in rep.others] == [("Write", 60, 124)]
    [site] = report.sites
    assert site["source"] == "analysis" and site["count"] == 124
    assert site["writer"]["line"] == 60 and site["reader"]["line"] == 68


def test_real_twin_log():
    """The SM90 twin at topk=128, heads=64: 4 fp32 and 2 bf16 stores per lane, lanes 1..31 unordered."""
    report = parse(TWIN)
    assert report.records == 620 and report.summary == {"hazards": 620, "errors": 620, "warnings": 0}
    assert report.by_type == {"RAW": 620}
    assert report.writer_threads == list(range(1, 32))
    assert report.bytes_per_writer == {str(t): 20 for t in range(1, 32)}  # 4 x 4 B + 2 x 2 B
    assert set(report.reader_threads) <= set(range(128, 256))  # the compute warpgroup, warps 4-7
    assert sorted(s["count"] for s in report.sites) == [62, 62, 124, 124, 124, 124]
    assert {(s["writer"]["file"], s["writer"]["line"]) for s in report.sites} == {
        ("handoff_twin_sm90.py", 138), ("handoff_twin_sm90.py", 142)}
    assert report.program_output_lines == 0  # written with --log-file


def test_real_clean_log():
    report = parse(CLEAN)
    assert report.mode == "none" and report.records == 0 and report.reports == []
    assert report.summary == {"hazards": 0, "errors": 0, "warnings": 0}
    assert report.writer_threads == [] and report.bytes_per_writer == {}


@pytest.mark.parametrize("path", [HAZARD, PYHOST, ANALYSIS, CLEAN, TWIN], ids=lambda p: p.name)
def test_all_paths_agree_on_real_logs(path):
    result = all_paths_agree(text(path))
    assert isinstance(result, dict)
    assert outcome(path.read_bytes()) == result  # compressed, detected by magic


@pytest.mark.parametrize("path", [HAZARD, TWIN], ids=lambda p: p.name)
def test_template_path_is_taken_and_agrees_with_the_reference(path, monkeypatch):
    """Logs whose records repeat one shape (short backtrace) go through the per-chunk template pattern;
    the counts equal the reference parser's, and those of the older fast path with the template off."""
    data = text(path)
    report = parse(io.BytesIO(data))
    assert report.stats.get("template_chunks", 0) >= 1
    strict = outcome(data, fast=False)
    assert outcome(data) == strict
    monkeypatch.setattr(racecheck_fast.FastReader, "_template", lambda self, rec: None)
    assert outcome(data) == strict
    assert "template_chunks" not in parse(io.BytesIO(data)).stats


def test_template_reads_sites_loosely_only_where_they_differ():
    """The template skips the sites unread where every record of the chunk has the first one's (the C++
    calibration log), and matches them as lines of anything where they differ (the twin's sW and
    sGradSignal stores): both agree with the reference parser (above)."""
    assert "template_loose_chunks" not in parse(io.BytesIO(text(HAZARD))).stats
    assert parse(io.BytesIO(text(TWIN))).stats.get("template_loose_chunks", 0) >= 1


def few_records(path: Path, n: int) -> bytes:
    """The log's banner and first `n` hazard records, with a summary that counts them."""
    lines = lines_of(text(path))
    spans = record_spans(lines)
    body = lines[:spans[n - 1][1] + 1]
    return join(body + [f"========= RACECHECK SUMMARY: {n} hazards displayed ({n} errors, 0 warnings)".encode()])


@pytest.mark.parametrize("loose", [False, True], ids=["sites-skipped", "sites-loose"])
@pytest.mark.parametrize("path", [HAZARD, TWIN], ids=lambda p: p.name)
def test_template_sees_every_byte_it_skips(path, loose):
    """The template pattern skips the text that every record shares without reading it, and proves it
    afterwards. Each byte of a record in the middle of the log, changed in place (so that the skips
    still line up), must change the report (or its refusal) exactly as it changes the reference
    parser's; with the sites skipped, and read loosely (one record's writer site a digit longer)."""
    lines = lines_of(few_records(path, 8))
    if loose:
        second = record_spans(lines)[1][0] + 1
        lines[second] += b"0"
    data = join(lines)
    stats = parse(io.BytesIO(data)).stats
    assert stats.get("template_chunks", 0) == 1 and ("template_loose_chunks" in stats) == loose
    first, last = record_spans(lines)[4]
    start, end = len(join(lines[:first])), len(join(lines[:last + 1]))
    for i in range(start, end):
        for new in {b"X", b"7", b" ", b")", b"\r", b"\n"} - {data[i:i + 1]}:
            mutated = data[:i] + new + data[i + 1:]
            assert outcome(mutated) == outcome(mutated, fast=False), (i, data[i:i + 1], new)


def test_sources(tmp_path):
    data = text(HAZARD)
    expected = parse(HAZARD).to_dict()
    for name, source in [("plain", io.BytesIO(data)), ("xz stream", io.BytesIO(HAZARD.read_bytes())),
                         ("gzip stream", io.BytesIO(gzip.compress(data))), ("text", io.StringIO(data.decode()))]:
        d = parse(source).to_dict()
        assert d["source"] != expected["source"] and {**d, "source": 0} == {**expected, "source": 0}, name
    gz = tmp_path / "renamed.log"  # gzip under a plain name: the magic decides
    gz.write_bytes(gzip.compress(data))
    assert parse(gz).records == 124


def test_callback_and_kept_records():
    seen = []
    report = parse(HAZARD, on_record=seen.append)
    assert report.record_list is None and len(seen) == 124
    kept = parse(HAZARD, keep_records=True)
    assert kept.record_list == seen
    assert kept.to_dict()["record_list"][0]["writer"]["tid"] == 1


def test_command_json(capsys):
    assert cli.main([str(PYHOST), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("records", "summary", "by_type", "writer_threads", "bytes_per_writer", "sites"):
        assert key in out
    assert out["records"] == 124 and out["by_type"] == {"RAW": 124}
    assert out["writer_threads"] == list(range(1, 32)) and out["bytes_per_writer"]["31"] == 4
    assert cli.main([str(ANALYSIS)]) == 0
    assert "1 covering 124 byte hazards" in capsys.readouterr().out


def test_missing_file_exits_2(tmp_path, capsys):
    assert cli.main([str(tmp_path / "nope.log")]) == 2
    assert "nope.log" in capsys.readouterr().err


# ------------------------------------------------------------------ refusals, each on a real log

def test_refuses_a_record_cut_off_at_the_end(tmp_path, capsys):
    lines = lines_of(text(HAZARD))
    first, last = record_spans(lines)[-1]
    cut = lines[:first + 2]  # header and the first access line of the last record
    assert refused_at(join(cut), tmp_path, capsys) == first + 2
    report = parse(io.BytesIO(join(cut)), allow_truncated=True)
    assert report.records == 123 and report.summary is None
    assert report.truncated["line"] == first + 1 and "dropped" in report.truncated["reason"]
    # cut inside its backtrace: the record is complete and kept
    report = parse(io.BytesIO(join(lines[:last - 1])), allow_truncated=True)
    assert report.records == 124 and "kept" in report.truncated["reason"]


def test_refuses_a_line_cut_mid_way(tmp_path, capsys):
    data = text(HAZARD)
    cut = data[:data.rindex(b"Read Thread (63,0,0)") + 30]  # in the last record's reader line
    assert refused_at(cut, tmp_path, capsys) == cut.count(b"\n") + 1
    report = parse(io.BytesIO(cut), allow_truncated=True)
    assert report.records == 123  # the cut line is dropped, so is its record


def test_refuses_an_unknown_line_inside_a_record(tmp_path, capsys):
    lines = lines_of(text(HAZARD))
    first, _ = record_spans(lines)[5]
    lines.insert(first + 3, b"=========     Shared Value : 12")
    assert refused_at(join(lines), tmp_path, capsys) == first + 4


def test_refuses_an_unknown_sanitizer_line_outside_records(tmp_path, capsys):
    lines = lines_of(text(HAZARD))
    lines.insert(1, b"========= Warning: something this parser has never seen")
    assert refused_at(join(lines), tmp_path, capsys) == 2


def test_program_output_between_records_is_counted_inside_is_refused(tmp_path, capsys):
    lines = lines_of(text(PYHOST))
    spans = record_spans(lines)
    between = lines[:spans[3][1] + 1] + [b"step 3 done"] + lines[spans[3][1] + 1:]
    report = parse(io.BytesIO(join(between)))
    assert report.records == 124 and report.program_output_lines == 2
    inside = list(lines)
    inside.insert(spans[3][0] + 2, b"step 3 done")
    assert refused_at(join(inside), tmp_path, capsys) == spans[3][0] + 3


def test_refuses_a_log_without_summary(tmp_path, capsys):
    lines = [ln for ln in lines_of(text(HAZARD)) if b"RACECHECK SUMMARY" not in ln]
    assert refused_at(join(lines), tmp_path, capsys) == len(lines)
    report = parse(io.BytesIO(join(lines)), allow_truncated=True)
    assert report.records == 124 and report.summary is None


@pytest.mark.parametrize("path", [HAZARD, PYHOST], ids=["plain", "python-host"])
def test_refuses_a_dropped_record(path, tmp_path, capsys):
    lines = lines_of(text(path))
    first, last = record_spans(lines)[40]
    dropped = lines[:first] + lines[last + 1:]
    summary = next(i for i, ln in enumerate(dropped) if b"RACECHECK SUMMARY" in ln) + 1
    assert refused_at(join(dropped), tmp_path, capsys, says="123 hazard records") == summary


def test_refuses_a_duplicated_record(tmp_path, capsys):
    lines = lines_of(text(HAZARD))
    first, last = record_spans(lines)[7]
    doubled = lines[:last + 1] + lines[first:last + 1] + lines[last + 1:]
    summary = next(i for i, ln in enumerate(doubled) if b"RACECHECK SUMMARY" in ln) + 1
    assert refused_at(join(doubled), tmp_path, capsys) == summary


@pytest.mark.parametrize("old,new", [(b"124 hazards displayed (124 errors", b"125 hazards displayed (124 errors"),
                                     (b"124 hazards displayed (124 errors", b"124 hazards displayed (125 errors"),
                                     (b"(124 errors, 0 warnings)", b"(124 errors, 1 warnings)"),
                                     (b"124 hazards displayed (124 errors", b"123 hazards displayed (123 errors")])
def test_refuses_a_summary_that_disagrees(old, new, tmp_path, capsys):
    data = text(HAZARD)
    line = data[:data.index(b"RACECHECK SUMMARY")].count(b"\n") + 1
    assert refused_at(data.replace(old, new), tmp_path, capsys) == line


def test_print_limit_is_refused_unless_allowed(tmp_path, capsys):
    data = text(ANALYSIS).replace(b"(1 error, 0 warnings)", b"(3 errors, 0 warnings)")
    assert refused_at(data, tmp_path, capsys) == 6
    report = parse(io.BytesIO(data), allow_print_limit=True)
    assert report.print_limited and report.summary["errors"] == 3


def test_refuses_a_type_that_disagrees_with_its_accesses(tmp_path, capsys):
    lines = lines_of(text(HAZARD))
    first, _ = record_spans(lines)[10]
    lines[first] = lines[first].replace(b"RAW", b"WAR")
    assert refused_at(join(lines), tmp_path, capsys) == first + 3


def test_refuses_an_access_line_outside_a_record(tmp_path, capsys):
    lines = lines_of(text(HAZARD))
    first, _ = record_spans(lines)[10]
    del lines[first]
    assert refused_at(join(lines), tmp_path, capsys) == first + 1


def test_refuses_an_analysis_report_without_its_sites(tmp_path, capsys):
    lines = [ln for ln in lines_of(text(ANALYSIS)) if b" and " not in ln]
    assert refused_at(join(lines), tmp_path, capsys) == 3


# ------------------------------------------------------------------ properties: mutated real logs

REAL = {p.name: text(p) for p in (HAZARD, PYHOST, ANALYSIS)}
BASE = {name: outcome(data) for name, data in REAL.items()}
PROPS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def counts(d: dict) -> dict:
    """What a mutation that leaves every record whole must not change."""
    return {k: d[k] for k in ("records", "reports", "hazard_bytes", "summary", "by_type", "writer_threads",
                              "reader_threads", "bytes_per_writer", "sites", "analysis")} | {
        "analysis": [{k: v for k, v in r.items() if k != "line"} for r in d["analysis"]]}


@PROPS
@given(name=st.sampled_from(sorted(REAL)), where=st.integers(min_value=0))
def test_property_drop_a_line(name, where):
    lines = lines_of(REAL[name])
    i = where % len(lines)
    result = all_paths_agree(join(lines[:i] + lines[i + 1:]))
    if isinstance(result, tuple):
        assert 1 <= result[1] <= len(lines)
    else:  # accepted: then every record is still whole and the counts are the original's
        assert counts(result) == counts(BASE[name])


@PROPS
@given(name=st.sampled_from(sorted(REAL)), where=st.integers(min_value=0), allow=st.booleans())
def test_property_truncate_at_a_byte(name, where, allow):
    data = REAL[name]
    n = where % (len(data) + 1)
    cut = data[:n]
    result = all_paths_agree(cut, allow_truncated=allow)
    whole = data.index(b"RACECHECK SUMMARY")
    summary_end = data.index(b"\n", whole) + 1
    if n >= summary_end or (n >= summary_end - 1 and not allow):  # the summary line is all there
        assert isinstance(result, dict) and counts(result) == counts(BASE[name])
    elif not allow:
        assert isinstance(result, tuple) and 1 <= result[1] <= cut.count(b"\n") + 1
    else:  # what survives: every record whose second access line ends inside the cut
        assert isinstance(result, dict) and result["summary"] is None
        lines = lines_of(data)
        ends, pos = [], 0
        for ln in lines:
            pos += len(ln) + 1
            ends.append(pos)
        if name == "racecheck-analysis-V0.log.xz":
            assert result["reports"] == (1 if n >= ends[2] else 0)
        else:
            expected = sum(1 for first, _ in record_spans(lines) if ends[first + 2] <= n)
            assert result["records"] == expected


@PROPS
@given(name=st.sampled_from([HAZARD.name, PYHOST.name]), which=st.integers(min_value=0),
       where=st.integers(min_value=0))
def test_property_duplicate_a_record(name, which, where):
    lines = lines_of(REAL[name])
    spans = record_spans(lines)
    first, last = spans[which % len(spans)]
    at = [s[0] for s in spans] + [spans[-1][1] + 1]
    k = at[where % len(at)]
    result = all_paths_agree(join(lines[:k] + lines[first:last + 1] + lines[k:]))
    assert result == ("error", len(lines) + last - first + 1)  # 125 records against the summary's 124


@PROPS
@given(name=st.sampled_from(sorted(REAL)), field=st.integers(min_value=0, max_value=2),
       delta=st.integers(min_value=-200, max_value=200).filter(bool))
def test_property_change_a_summary_count(name, field, delta):
    data = REAL[name]
    m = re.search(rb"RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\)", data)
    old = int(m.group(field + 1))
    assume(old + delta >= 0)
    numbers = [m.group(1), m.group(2), m.group(3)]
    numbers[field] = str(old + delta).encode()
    line = b"RACECHECK SUMMARY: %s hazards displayed (%s errors, %s warnings)" % tuple(numbers)
    result = all_paths_agree(data[:m.start()] + line + data[m.end():])
    assert result == ("error", data[:m.start()].count(b"\n") + 1)


@PROPS
@given(count=st.integers(min_value=0, max_value=10**7))
def test_property_change_an_analysis_count(count):
    data = REAL[ANALYSIS.name].replace(b"[124 hazards]", b"[%d hazards]" % count)
    result = all_paths_agree(data)  # nothing to check a bracketed count against: it is taken as printed
    assert result["analysis_hazards"] == result["hazard_bytes"] == count


@PROPS
@given(name=st.sampled_from(sorted(REAL)), where=st.integers(min_value=0), byte=st.integers(0, 255))
def test_property_change_a_byte(name, where, byte):
    """Any one byte changed: a refusal, or a report whose record count still matches the summary."""
    data = bytearray(REAL[name])
    data[where % len(data)] = byte
    result = all_paths_agree(bytes(data))
    if isinstance(result, dict):
        assert result["records"] + result["reports"] == result["summary"]["hazards"]


# ------------------------------------------------------------------ other layouts, threads, processes

def test_thread_ids_with_y_and_z(tmp_path):
    data = text(HAZARD).replace(b"Write Thread (1,0,0)", b"Write Thread (1,1,0)")
    report = parse(io.BytesIO(data))
    assert report.thread_ids == "xyz" and "1,1,0" in report.writer_threads
    report = parse(io.BytesIO(data), block_dim=(64, 2, 1))
    assert report.thread_ids == "linear" and 65 in report.writer_threads and 1 not in report.writer_threads
    assert report.bytes_per_writer["65"] == 4


OLD_STYLE = b"""========= CUDA-MEMCHECK
========= WARN:(Warp Level Programming) Potential WAR hazard detected at __shared__ 0x3 in block (0, 0, 0) :
=========     Read Thread (31, 0, 0) at 0x00000170 in ./race.cu:4:test(int*, int*)
=========     Write Thread (0, 0, 0) at 0x000001a8 in ./race.cu:4:test(int*, int*)
=========     Current Value : 0, Incoming Value : 0
=========     Saved host backtrace up to driver entry point at kernel launch time
=========     Host Frame:/lib64/libcuda.so.1 (cuLaunchKernel + 0x346) [0x297db6]
=========     Host Frame:./race [0x101d9]
=========
========= Error: Potential WAW hazard detected at __shared__ 0x0 in block (0,0,0) :
=========     Write Thread (0,0,0) at WAW()+0x2f0 in raceWAW.cu:20
=========     Write Thread (1,0,0) at WAW()+0x2f0 in raceWAW.cu:20
=========     Current Value : 1, Incoming Value : 2
=========     Saved host backtrace up to driver entry point at kernel launch time
=========     Host Frame: [0x20828a]
=========                in /lib64/libcuda.so.1
=========     Host Frame:cudaLaunchKernel [0x666c8]
=========                in /tmp/test
=========     ...
=========
========= WARN: Race reported between Read access at 0x00000170 in ./race.cu:4:test(int*, int*)
=========     and Write access at 0x00000148 in ./race.cu:3:test(int*, int*) [4 hazards]
=========     and Write access at 0x000001a8 in ./race.cu:4:test(int*, int*) [4 hazards]
=========
========= RACECHECK SUMMARY: 3 hazards displayed (1 error, 2 warnings)
"""


def test_documented_older_layouts():
    """The layouts of the sanitizer's documentation and older releases (cuda-memcheck, the two-line
    host frames of 2022-24) and --racecheck-report all, which mixes records and reports."""
    report = all_paths_agree(OLD_STYLE)
    assert report["mode"] == "all" and report["records"] == 2 and report["reports"] == 1
    assert report["by_type"] == {"WAR": 1, "WAW": 1} and report["by_severity"] == {"error": 1, "warning": 2}
    assert report["writer_threads"] == [0] and report["reader_threads"] == [1, 31]
    recs = list(records_iter(io.BytesIO(OLD_STYLE)))
    assert recs[0].qualifier == "Warp Level Programming"
    assert (recs[0].writer.location.file, recs[0].writer.location.line, recs[0].writer.location.pc) == ("./race.cu", 4, 0x1a8)
    assert recs[1].backtrace == ("[0x20828a] in /lib64/libcuda.so.1", "cudaLaunchKernel [0x666c8] in /tmp/test", "...")
    assert report["analysis_hazards"] == 8


def big_log(tmp_path, records: int) -> Path:
    """A log of `records` real records (the python-host one), many chunks long."""
    from racelab.book import bench
    path = tmp_path / "big.log"
    bench.generate(path, records=records, template=PYHOST)
    return path


def test_a_big_log_agrees_with_the_reference_parser(tmp_path):
    path = big_log(tmp_path, 3000)
    report = parse(path)
    assert report.records == 3000 and report.stats.get("fast_counts_chunks", 0) >= 2
    assert report.to_dict() == parse(path, fast=False).to_dict()


def test_a_bad_line_deep_in_a_big_log_is_numbered(tmp_path):
    path = big_log(tmp_path, 3000)
    lines = lines_of(path.read_bytes())
    bad = len(lines) * 3 // 4  # chunks past the first
    while not lines[bad].startswith(b"=========     Write Thread"):
        bad += 1
    lines[bad] = lines[bad].replace(b"Write Thread", b"Wrote Thread")
    path.write_bytes(join(lines))
    for fast in (True, False):
        with pytest.raises(HazardLogError) as err:
            parse(path, fast=fast)
        assert err.value.line == bad + 1


def test_ranges_text():
    assert racecheck_log.ranges_text([1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-8"
    assert racecheck_log.ranges_text([1, 2, 3, 5], sep=",") == "1-3,5"
    assert racecheck_log.ranges_text(list(range(1, 32)), dash="–", min_run=3) == "1–31"
    assert racecheck_log.ranges_text([1, 2], min_run=3) == "1, 2"
    assert racecheck_log.ranges_text([]) == "" and racecheck_log.ranges_text(["1,1,0", "2,0,0"]) == "1,1,0, 2,0,0"


def test_report_summary_is_the_report_without_per_record_data():
    report = parse(HAZARD, keep_records=True)
    summary = racecheck_log.report_summary(report)
    assert "record_list" not in summary and "blocks" not in summary and summary["n_blocks"] == 1
    assert json.loads(json.dumps(summary)) == summary
    assert {k: v for k, v in summary.items() if k != "n_blocks"} == {
        k: v for k, v in report.to_dict().items() if k not in ("record_list", "blocks")}


def test_bench_generator_and_dispatch(tmp_path, capsys):
    from racelab.book import bench
    from racelab.cli import bench as bench_cli
    for name, template in bench.TEMPLATES.items():
        path = tmp_path / f"{name}.log"
        assert bench.generate(path, records=500, template=FIXTURES / template) == 500
        report = parse(path)
        assert report.records == 500 and report.writer_threads == list(range(1, 32)), name
        assert report.summary == {"hazards": 500, "errors": 500, "warnings": 0}
    assert bench_cli.main(["--help"]) == 0 and "parse" in capsys.readouterr().out
    assert bench_cli.main(["nope"]) == 2


def test_hazards_with_a_named_cause_parse():
    """racecheck 2025.3.1 names cp.async hazards '(invalid memcpy_async synchronization)' (K-tail probe run)."""
    report = racecheck_log.parse(FIXTURES / "k-tail-probe-hazard-sk256-elected.log.xz")
    assert report.records == report.summary["hazards"] == 8128
    assert report.by_type == {"RAW": 8128}
    assert len(report.writer_threads) == 127 and 0 not in report.writer_threads
