"""racelab.book.designs (chapter 05's figure of half-widths by timing design), and `racelab timing fwd`'s arguments."""

import pytest

from racelab.book import designs
from racelab.cli import timing as cli
from racelab.experiments.timing import load, plan


@pytest.mark.parametrize("manifest, design", [
    ({"design": "interleaved"}, designs.TWO_PROCESSES),
    ({"design": "in-process"}, designs.FIXED),
    ({"design": "in-process", "alternate": False, "copies": 32}, designs.FIXED),
    ({"design": "in-process", "alternate": True}, designs.ALTERNATING),
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
    for i, extra in enumerate((["--design", "interleaved"], ["--design", "in-process"],
                               ["--design", "in-process", "--alternate"])):
        assert cli.main(["record", *common, "--seed", str(i), *extra]) == 0
        experiment = plan.INTERLEAVED_EXPERIMENT if extra[1] == "interleaved" else plan.IN_PROCESS_EXPERIMENT
        runs.append(store.newest(experiment, gpu="cpu", root=tmp_path / "results"))
    frame = designs.half_width_frame(runs)
    assert list(frame["design"].unique()) == list(designs.DESIGNS)
    assert len(frame) == 3 * 2 and set(frame["shape"]) == {"topk128", "topk512"}
    for row in frame.itertuples():
        run = next(r for r in runs if r.id == row.run)
        summary = load.summarize_folder(run)
        shape = next(s for s in summary.shapes if load.short(s) == row.shape)
        per = summary.shapes[shape]
        assert row.ab_half == per["ab"].test.paired.ci95_pct
        assert row.ba_half == per["ba"].test.paired.ci95_pct
        assert row.worse_half == max(row.ab_half, row.ba_half)
        assert row.met == (row.worse_half <= plan.INTERLEAVED_TARGET_CI_PCT)
        assert row.conservative_half == load.order_null(summary)[shape].conservative_half
    fig = designs.plot_half_widths(frame)
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == 3 and labels[0].startswith(designs.TWO_PROCESSES) and "3 pairs" in labels[0]
    assert labels[2].startswith(designs.ALTERNATING)
    assert any(line.get_xdata()[0] == plan.INTERLEAVED_TARGET_CI_PCT for line in ax.get_lines())
    assert sum(len(c.get_offsets()) for c in ax.collections) == len(frame)


@pytest.mark.parametrize("argv, code, said", [
    (["fwd", "--backend", "fake", "--a", "release", "--b", "release"], 2, "--a and --b must differ"),
    (["fwd", "--a", "release", "--b", "bogus"], 2, "variants of the forward are release, all-lanes"),
    (["fwd", "--shape", "precision=fp8,qh=16,s_q=64,s_k=512"], 2, "fp8: qh must be one of (32, 64)"),
    (["fwd", "--shape", "precision=bf16,qh=64,s_q=3,s_k=512"], 2, "whole M tiles"),
    (["fwd", "--copies", "2"], 2, "upstream's kernels are loaded once"),
    (["fwd", "--alternate"], 2, "--alternate belongs to `racelab timing record --design in-process`"),
    (["real", "--backend", "fake", "--alternate"], 2, "--alternate belongs to"),
])
def test_timing_fwd_refuses_bad_arguments(argv, code, said, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    assert cli.main(argv) == code
    assert said in capsys.readouterr().err


def test_timing_fwd_needs_an_sm90_gpu(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(cli, "_local_sm", lambda: None)
    assert cli.main(["fwd"]) == 3
    assert "needs an SM90 GPU" in capsys.readouterr().err
    monkeypatch.setattr(cli, "_local_sm", lambda: 100)
    assert cli.main(["fwd"]) == 3
    assert "this GPU is sm_100" in capsys.readouterr().err


def test_fwd_shape_parses_and_labels():
    from racelab.experiments.timing.plan import FWD_SHAPES, parse_shape
    from racelab.experiments.timing.plan import FwdShape

    for shape in FWD_SHAPES:
        assert parse_shape(shape.as_arg()) == shape and FwdShape.parse(shape.as_arg()).label == shape.label
    assert parse_shape("precision=bf16,qh=64,s_q=256,s_k=8192").label == "bf16-qh64-sq256-sk8192"
    with pytest.raises(ValueError, match="lacks s_k"):
        FwdShape.parse("precision=bf16,qh=64,s_q=256")
    with pytest.raises(ValueError, match="a forward shape is precision=bf16[|]fp8"):
        FwdShape.parse("precision=fp16,qh=64,s_q=256,s_k=512")
