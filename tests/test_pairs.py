"""racelab.stats and racelab.readers.samples: the paired-delta statistic, and every way a samples CSV can be
wrong (through `racelab pairs`)."""

import json
import math

import numpy as np
import pytest

from racelab import stats
from racelab.cli import pairs as pairs_cli
from racelab.readers import samples


def _csv(rows, header="pair,variant,launch,ns"):
    return header + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows)


# three pairs, two launches per variant; means a = 100, 200, 400; b = 101, 198, 404
HAND = [
    (0, "A", 0, 99), (0, "A", 1, 101), (0, "B", 0, 100), (0, "B", 1, 102),
    (1, "B", 0, 198), (1, "B", 1, 198), (1, "A", 0, 200), (1, "A", 1, 200),
    (2, "A", 0, 400), (2, "A", 1, 400), (2, "B", 0, 404), (2, "B", 1, 404),
]


# ---- the t quantile against printed tables -----------------------------------------------------

@pytest.mark.parametrize("df, expected", [(1, 12.706), (2, 4.303), (7, 2.365), (15, 2.131), (30, 2.042),
                                          (120, 1.980)])
def test_t975_matches_table(df, expected):
    assert stats.t975(df) == pytest.approx(expected, abs=5e-4)


# ---- the statistic -------------------------------------------------------------------------------

def test_hand_computed_example():
    res = stats.paired(samples.parse_samples(_csv(HAND)), "A", "B")
    # d = +1%, -1%, +1%; mean 1/3 %; sd = sqrt(((2/3)^2 * 2 + (4/3)^2) / 2) = sqrt(4/3)
    assert [p.delta_pct for p in res.per_pair] == pytest.approx([1.0, -1.0, 1.0])
    assert [p.a_mean_ns for p in res.per_pair] == [100.0, 200.0, 400.0]
    assert [p.b_launches for p in res.per_pair] == [2, 2, 2]
    assert res.delta_pct == pytest.approx(1 / 3)
    assert res.sd_pct == pytest.approx(math.sqrt(4 / 3))
    assert res.ci95_pct == pytest.approx(4.302653 * math.sqrt(4 / 3) / math.sqrt(3), rel=1e-6)
    assert res.covers_zero
    assert res.a_mean_ns == pytest.approx(700 / 3)


def test_matches_numpy_on_random_data():
    rng = np.random.default_rng(7)
    n, m = 16, 50
    base = rng.uniform(30_000, 35_000, n)
    a = base[:, None] * (1 + 1e-3 * rng.standard_normal((n, m)))
    b = base[:, None] * (1.002 + 1e-3 * rng.standard_normal((n, m)))
    rows = [(i, "A", j, a[i, j]) for i in range(n) for j in range(m)]
    rows += [(i, "B", j, b[i, j]) for i in range(n) for j in range(m)]
    res = stats.paired(samples.parse_samples(_csv([(p, v, l, repr(float(x))) for p, v, l, x in rows])), "A", "B")
    d = (b.mean(axis=1) - a.mean(axis=1)) / a.mean(axis=1) * 100
    assert res.delta_pct == pytest.approx(d.mean(), rel=1e-9)
    assert res.sd_pct == pytest.approx(d.std(ddof=1), rel=1e-9)
    assert res.ci95_pct == pytest.approx(2.131449546 * d.std(ddof=1) / np.sqrt(n), rel=1e-8)
    # the bootstrap interval brackets the mean and is about as wide as the t interval
    assert res.bootstrap_lo_pct < res.delta_pct < res.bootstrap_hi_pct
    width_t, width_b = 2 * res.ci95_pct, res.bootstrap_hi_pct - res.bootstrap_lo_pct
    assert 0.6 < width_b / width_t < 1.2
    assert not res.covers_zero  # a true +0.2% effect with this little noise


def test_bootstrap_matches_resampling_by_hand():
    """The percentile bootstrap is numpy's: resample the deltas with replacement, seeded, take quantiles."""
    d = np.random.default_rng(5).normal(0.2, 0.05, 9)
    rng = np.random.default_rng(11)
    means = d[rng.integers(0, len(d), size=(4000, len(d)))].mean(axis=1)
    lo, hi = stats.bootstrap_mean_ci(d, reps=4000, seed=11)
    assert (lo, hi) == pytest.approx(tuple(np.quantile(means, [0.025, 0.975])), rel=1e-12)
    assert stats.bootstrap_mean_ci(d, reps=4000, seed=12) != (lo, hi)


def test_bootstrap_is_seeded():
    s = samples.parse_samples(_csv(HAND))
    r1, r2 = stats.paired(s, "A", "B", seed=3), stats.paired(s, "A", "B", seed=3)
    assert (r1.bootstrap_lo_pct, r1.bootstrap_hi_pct) == (r2.bootstrap_lo_pct, r2.bootstrap_hi_pct)


def test_extra_variants_are_ignored_and_subsets_select_pairs():
    rows = HAND + [(0, "ctl", 0, 5), (1, "ctl", 0, 5)]
    s = samples.parse_samples(_csv(rows))
    assert stats.paired(s, "A", "B").pairs == 3
    assert stats.paired(s, "A", "B", pairs=[0, 1]).delta_pct == pytest.approx(0.0)


def test_write_then_read_round_trips(tmp_path):
    path = tmp_path / "s.csv"
    samples.write_samples(HAND, path)
    assert path.read_text().splitlines()[0] == "pair,variant,launch,ns"
    assert samples.read_samples(path).by_pair[2]["B"] == [404.0, 404.0]


# ---- bad input: exit 2 with the reason -----------------------------------------------------------

BAD = [
    ("", "empty file"),
    ("   \n", "empty file"),
    ("pair,variant,launch,ns\n", "no samples"),
    ("pair,variant,launch,time\n0,A,0,1\n", "line 1: columns must be exactly"),
    ("pair,variant,ns,launch\n0,A,1,0\n", "line 1: columns must be exactly"),
    ("pair,variant,launch,ns,kernel\n0,A,0,1,k\n", "line 1: columns must be exactly"),
    (_csv(HAND[:3] + [(0, "B", 1, "fast")]), "line 5: ns 'fast' is not a number"),
    (_csv(HAND[:3] + [(0, "B", 1, 0)]), "line 5: ns 0 is not positive"),
    (_csv(HAND[:3] + [(0, "B", 1, -3.5)]), "line 5: ns -3.5 is not positive"),
    (_csv(HAND[:3] + [(0, "B", 1, "nan")]), "line 5: ns 'nan' is not finite"),
    (_csv(HAND[:3] + [(0, "B", 1, "inf")]), "line 5: ns 'inf' is not finite"),
    (_csv(HAND[:2] + [("x", "B", 1, 3)]), "line 4: pair 'x' is not an integer"),
    (_csv(HAND[:2] + [(0, "B", "1.5", 3)]), "line 4: launch '1.5' is not an integer"),
    (_csv(HAND[:2] + [(0, "", 1, 3)]), "line 4: empty variant"),
    (_csv(HAND[:2]) + "0,B,1\n", "line 4: expected 4 fields, got 3"),
    (_csv(HAND[:2]) + "\n0,B,1,3\n", "line 4: blank line"),
    (_csv(HAND[:2] + [(0, "A", 1, 3)]), "line 4: duplicate sample pair=0 variant=A launch=1 (first on line 3)"),
    (_csv([r for r in HAND if not (r[0] == 1 and r[1] == "B")]), "pair 1 has no samples of variant 'B'"),
    (_csv([r for r in HAND if r[1] == "A"]), "variant 'B' not in the samples"),
    (_csv([r for r in HAND if r[0] == 0]), "need at least 2 complete pairs"),
]


@pytest.mark.parametrize("text, reason", BAD)
def test_bad_input_exits_2_with_reason(tmp_path, capsys, text, reason):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    assert pairs_cli.main([str(path), "--a", "A", "--b", "B"]) == 2
    err = capsys.readouterr().err
    assert reason in err, err


def test_missing_variant_reports_the_pair_line(tmp_path, capsys):
    path = tmp_path / "bad.csv"
    path.write_text(_csv([r for r in HAND if not (r[0] == 2 and r[1] == "B")]))
    assert pairs_cli.main([str(path), "--a", "A", "--b", "B"]) == 2
    assert "line 10: pair 2 has no samples of variant 'B'" in capsys.readouterr().err


def test_same_variant_twice_is_refused(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text(_csv(HAND))
    assert pairs_cli.main([str(path), "--a", "A", "--b", "A"]) == 2
    assert "A/A control needs two labels" in capsys.readouterr().err


def test_missing_file_exits_2(tmp_path, capsys):
    assert pairs_cli.main([str(tmp_path / "nope.csv"), "--a", "A", "--b", "B"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_compressed_files_are_read(tmp_path):
    import gzip
    import lzma

    text = _csv(HAND)
    (tmp_path / "s.csv.xz").write_bytes(lzma.compress(text.encode()))
    (tmp_path / "g.csv.gz").write_bytes(gzip.compress(text.encode()))
    assert samples.read_samples(tmp_path / "s.csv.xz").by_pair == samples.parse_samples(text).by_pair
    assert samples.read_samples(tmp_path / "g.csv.gz").by_pair == samples.parse_samples(text).by_pair
    assert samples.read_samples(tmp_path / "s.csv").by_pair[0]["A"] == [99.0, 101.0]  # finds s.csv.xz


def test_corrupt_xz_exits_2(tmp_path, capsys):
    (tmp_path / "bad.csv.xz").write_bytes(b"\xfd7zXZ\x00garbage")
    assert pairs_cli.main([str(tmp_path / "bad.csv.xz"), "--a", "A", "--b", "B"]) == 2
    assert "cannot decompress" in capsys.readouterr().err


def test_binary_file_exits_2(tmp_path, capsys):
    path = tmp_path / "bin.csv"
    path.write_bytes(b"\xff\xfe\x00\x81")
    assert pairs_cli.main([str(path), "--a", "A", "--b", "B"]) == 2
    assert "not a text CSV" in capsys.readouterr().err


# ---- the command line ------------------------------------------------------------------------------

def test_cli_json(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text(_csv(HAND))
    assert pairs_cli.main([str(path), "--a", "A", "--b", "B", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pairs"] == 3
    assert out["delta_pct"] == pytest.approx(1 / 3)
    assert out["ci95_pct"] == pytest.approx(4.302653 * math.sqrt(4 / 3) / math.sqrt(3), rel=1e-6)
    assert [p["delta_pct"] for p in out["per_pair"]] == pytest.approx([1, -1, 1])
    assert out["bootstrap_lo_pct"] <= out["delta_pct"] <= out["bootstrap_hi_pct"]


def test_cli_text_and_dispatch(tmp_path, capsys):
    from racelab import cli

    path = tmp_path / "s.csv"
    path.write_text(_csv(HAND))
    assert cli.main(["pairs", str(path), "--a", "A", "--b", "B"]) == 0
    out = capsys.readouterr().out
    assert "B vs A: +0.3333% +/- " in out and "Student-t 95%, n=3 pairs" in out
