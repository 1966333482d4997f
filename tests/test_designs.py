"""racelab.book.designs: the timing designs side by side (chapter 05's figure of half-widths)."""

import pytest

from racelab.book import designs
from racelab.cli import timing as cli
from racelab.experiments.timing import load, plan


@pytest.mark.parametrize("manifest, design", [
    ({"design": "interleaved"}, designs.TWO_PROCESSES),
    ({"design": plan.IN_PROCESS}, designs.FIXED),
    ({"design": plan.IN_PROCESS, "alternate": False, "copies": 32}, designs.FIXED),
    ({"design": plan.IN_PROCESS, "alternate": True}, designs.ALTERNATING),
])
def test_design_of(manifest, design):
    assert designs.design_of(manifest) == design


def test_half_width_frame_and_plot(tmp_path, monkeypatch):
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    common = ["--backend", "fake", "--pairs", "3", "--aa-groups", "2", "--launches", "40", "--prefetch", "2",
              "--fake-launch-sd", "0.05", "--fake-effect", "all-lanes=0.2", "--shape", "topk=128,work=1000",
              "--shape", "topk=512,work=400"]
    runs = []
    for i, extra in enumerate((["--design", "interleaved"], ["--design", plan.IN_PROCESS],
                               ["--design", plan.IN_PROCESS, "--alternate"])):
        assert cli.main(["record", *common, "--seed", str(i), *extra]) == 0
        experiment = plan.INTERLEAVED_EXPERIMENT if extra[1] == "interleaved" else plan.IN_PROCESS_EXPERIMENT
        runs.append(store.newest(experiment, gpu="cpu", root=tmp_path / "results"))
    frame = designs.half_width_frame(runs)
    assert list(frame["design"].unique()) == list(designs.DESIGNS)
    assert len(frame) == 3 * 2 and set(frame["shape"]) == {"topk128", "topk512"}
    for row in frame.itertuples():
        run = next(r for r in runs if r.id == row.run)
        summary = load.summarize_folder(run)
        shape = next(s for s in summary["shapes"] if load.short(s) == row.shape)
        per = summary["shapes"][shape]
        assert row.ab_half == per["ab"]["test"]["paired"].ci95_pct
        assert row.ba_half == per["ba"]["test"]["paired"].ci95_pct
        assert row.worse_half == max(row.ab_half, row.ba_half)
        assert row.met == (row.worse_half <= plan.INTERLEAVED_TARGET_CI_PCT)
        assert row.conservative_half == load.order_null(summary)[shape]["conservative_half"]
    fig = designs.plot_half_widths(frame)
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == 3 and labels[0].startswith(designs.TWO_PROCESSES) and "3 pairs" in labels[0]
    assert labels[2].startswith(designs.ALTERNATING)
    assert any(line.get_xdata()[0] == plan.INTERLEAVED_TARGET_CI_PCT for line in ax.get_lines())
    assert sum(len(c.get_offsets()) for c in ax.collections) == len(frame)
