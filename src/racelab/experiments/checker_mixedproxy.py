"""The litmus checker (racelab.model.checker, rule set ptx-formal) against NVIDIA's mixed-proxy PTX model
(NVlabs/mixedproxy, the ISCA'22 artifact), into a run "checker-mixedproxy" (on this CPU). Three sets are asked:
the model's own test suite (every instance the checker's format can express, run as the suite writes it), the
generated programs over atomics (racelab.model.mixedproxy_text.generated: read-modify-write chains, release
sequences, counters, at .cta and .gpu scope, in one CTA and across CTAs), the generated programs of the ptx.als
comparison (racelab.model.alloy_text.generated) and the catalogue programs the format can say. For each, the model's verdict comes from the model's own front end (its `src/`, which turns a test into
an Alloy module with its `alloy/ptx.als`) and Alloy; the checker's from its allowed outcomes.

Nothing of the model is in this repository. `--model` names a checkout or a bare git directory of the
repository; its files are read at the commit named there, used unchanged from a scratch folder, and recorded with
their paths, commit and sha256. The front end needs the `lark-parser` package (`--lark` names a folder holding
it, e.g. `pip install --target DIR lark-parser`); `--alloy-jar` names Alloy's distribution jar."""

import json
import os
import tempfile
from pathlib import Path

from racelab.core import files, proc, store
from racelab.experiments.checker_alloy import (  # noqa: F401 - verdict_rows reads this run's table too
    JAVA_SOURCE, VERDICTS, AlloyError, not_compared_counts, verdict_rows, verdicts_csv)
from racelab.model import alloy_text, catalogue, checker, mixedproxy_text
from racelab.vocab import Experiment

EXPERIMENT = Experiment.CHECKER_MIXEDPROXY.value
# where the programs come from: the model's suite, the generated programs over atomics, the generated programs
# the ptx.als comparison asks (racelab.model.alloy_text.generated), and the catalogue
SOURCES = ("suite", "atomics", "plain", "catalogue")
MODEL_REPO = "NVlabs/mixedproxy"
FRONT_END = ("alloy/ptx.als", "src/litmus_parser.py", "src/litmus.py", "src/alloy_emitter.py", "src/output.py",
             "src/grammar.lark")
# turns each test into an Alloy module with the model's own front end (run with its src/ on the path)
DRIVER = """import json, sys
import output
output.set_info(False)
from litmus_parser import parse
model = open(sys.argv[1]).read()
for label, text in json.load(open(sys.argv[2])).items():
    open(f"{sys.argv[3]}/{label}.als", "w").write(parse(model, text).to_alloy())
"""


def _git(model: Path) -> list[str]:
    bare = (model / "HEAD").exists() and not (model / "alloy").exists()
    return ["git", f"--git-dir={model if bare else model / '.git'}"]


def read_model(model: Path) -> tuple[dict, dict, dict]:
    """{path: text} of the front end and the model, {path: text} of the suite's tests, and their provenance."""
    model = Path(model)
    git = _git(model)
    commit = proc.run([*git, "rev-parse", "HEAD"], timeout_s=60).stdout.strip()
    if not commit:
        raise AlloyError(f"{model}: not a git checkout or bare repository of {MODEL_REPO}")
    listed = proc.run([*git, "ls-tree", "-r", "--name-only", "HEAD"], timeout_s=60).stdout.split()
    tests = sorted(p for p in listed if p.startswith("tests/") and p.endswith(".test"))
    texts, suite = {}, {}
    for path in (*FRONT_END, *tests):
        got = proc.run([*git, "show", f"HEAD:{path}"], timeout_s=60)
        if got.returncode:
            raise AlloyError(f"{model}: no {path} at HEAD ({got.stderr.strip()})")
        (suite if path in tests else texts)[path] = got.stdout
    prov = {"repository": MODEL_REPO, "commit": commit,
            "files": {p: {"path": p, "sha256": files.sha256_bytes(t.encode())} for p, t in {**texts, **suite}.items()}}
    return texts, suite, prov


def items(suite: dict) -> list[dict]:
    """Every program asked: the suite's instances (expressible or not, with why), the generated programs and the
    catalogue's; each with the test text the model's front end reads, or why there is none."""
    out = []
    for path, text in suite.items():
        for suffix, instance in mixedproxy_text.instances(text):
            name = Path(path).stem + suffix
            try:
                litmus, commands = mixedproxy_text.from_test(instance, name)
            except mixedproxy_text.NotExpressible as err:
                out.append({"source": "suite", "program": name, "why": str(err)})
                continue
            for kind, cond, command, inline in commands:
                out.append({"source": "suite", "program": name, "litmus": litmus, "test": instance,
                            "command": command, "kind": kind, "condition": cond, "inline": inline})
    generated = [("atomics", n, checker.parse(t, n), t) for n, t in mixedproxy_text.generated()]
    plain = [("plain", n, checker.parse(t, n), t) for n, t in alloy_text.generated()]
    listed = [("catalogue", t.name, t.program(), t.text) for t in catalogue.CATALOGUE]
    for source, name, program, text in generated + plain + listed:
        why = mixedproxy_text.not_translatable(program)
        row = {"source": source, "program": name, "litmus": text}
        out.append({**row, "why": why} if why else
                   {**row, "test": mixedproxy_text.test_text(program, "q"), "command": "q", "kind": "permit"})
    return out


def ours(item: dict, fence_patterns: bool = True) -> str:
    """The checker's answer to the item's Alloy command: SAT or UNSAT (``fence_patterns=False``: with fences
    read as the mixed-proxy model reads them, racelab.model.checker.Checker)."""
    program = checker.parse(item["litmus"], item["program"])
    verdict = checker.check(program, "ptx-formal", fence_patterns)
    if item["source"] == "suite":
        return mixedproxy_text.suite_verdict(verdict.outcomes, item["kind"], item["condition"], item["inline"])
    return {"allowed": "SAT", "forbidden": "UNSAT"}.get(verdict.verdict, verdict.verdict)


def run_model(asked: list[dict], texts: dict, jar: Path, lark: Path, workdir: Path, timeout_s: float = 7200) -> dict:
    """The model's front end and Alloy on every asked item; {label: {command: SAT|UNSAT}}, the solver and Java."""
    for path, text in texts.items():
        (workdir / path).parent.mkdir(parents=True, exist_ok=True)
        (workdir / path).write_text(text)
    jobs = {f"m{k}": item["test"] for k, item in enumerate(asked)}
    (workdir / "jobs.json").write_text(json.dumps(jobs))
    (workdir / "driver.py").write_text(DRIVER)
    modules = workdir / "modules"
    modules.mkdir()
    env = {**os.environ, "PYTHONPATH": f"{lark}:{workdir / 'src'}"}
    made = proc.run(["python3", str(workdir / "driver.py"), str(workdir / "alloy" / "ptx.als"),
                     str(workdir / "jobs.json"), str(modules)], timeout_s=1800, env=env)
    if made.returncode:
        raise AlloyError(f"the model's front end failed: {(made.stderr or made.stdout)[-800:]}")
    classes = workdir / "classes"
    classes.mkdir()
    built = proc.run(["javac", "-cp", str(jar), "-d", str(classes), str(JAVA_SOURCE)], timeout_s=300)
    if built.returncode:
        raise AlloyError(f"javac failed: {(built.stderr or built.stdout)[-800:]}")
    done = proc.run(["java", "-cp", f"{jar}:{classes}", "AlloyVerdicts", *(str(modules / f"{label}.als")
                                                                          for label in jobs)], timeout_s=timeout_s)
    if done.returncode or done.timed_out:
        raise AlloyError(f"Alloy failed (exit {done.returncode}): {(done.stderr or '')[-800:]}")
    answers, label, solver = {}, None, None
    for line in done.stdout.splitlines():
        if line.startswith("FILE "):
            label = Path(line[5:]).stem
            answers[label] = {}
        elif line.startswith("VERDICT "):
            _, command, verdict, _ = line.split()
            answers[label][command] = verdict
        elif line.startswith("SOLVER "):
            solver = line.split(None, 1)[1]
    java = proc.run(["java", "-version"], timeout_s=60)
    return {"answers": answers, "solver": solver, "java": (java.stderr or java.stdout).splitlines()[0]}


def compare(all_items: list[dict], answers: dict) -> list[dict]:
    """One row per item: the checker's answer, the model's (and its sanity check: the test without the
    model's axioms must have an instance), and whether they agree; or why the item is not compared."""
    rows, k = [], 0
    for item in all_items:
        row = {"source": item["source"], "program": item["program"], "command": item.get("command", ""),
               "checker": "", "model": "", "sanity": "", "agree": "", "fences_as_the_model": "",
               "not_compared": item.get("why") or ""}
        if "test" in item:
            got = answers[f"m{k}"]
            k += 1
            row.update(checker=ours(item), model=got[item["command"]], sanity=got.get(f"sanity_{item['command']}", ""))
            row["agree"] = str(row["checker"] == row["model"])
            if row["agree"] == "False":  # the checker again, with fences that synchronize nothing, as the model's
                row["fences_as_the_model"] = ours(item, fence_patterns=False)
        rows.append(row)
    return rows


def record(model: Path, jar: Path, lark: Path, command, jar_source: str | None = None) -> tuple[str, dict]:
    """Run the comparison and record it; returns (run id, summary)."""
    jar, lark = Path(jar), Path(lark)
    if not jar.exists():
        raise AlloyError(f"no Alloy jar at {jar}")
    if not (lark / "lark").is_dir():
        raise AlloyError(f"no lark package in {lark} (pip install --target {lark} lark-parser)")
    texts, suite, model_prov = read_model(model)
    every = items(suite)
    asked = [i for i in every if "test" in i]
    with tempfile.TemporaryDirectory(prefix="racelab-mixedproxy-") as tmp:
        got = run_model(asked, texts, jar, lark, Path(tmp))
    rows = compare(every, got["answers"])
    compared = [r for r in rows if r["model"]]
    lark_version = next((p.name for p in lark.glob("lark_parser-*.dist-info")), None)
    summary = {"programs": len(rows), "compared": len(compared),
               "agree": sum(r["agree"] == "True" for r in compared),
               "disagree": [f"{r['program']}:{r['command']}" for r in compared if r["agree"] != "True"],
               # a disagreement the fence reading explains: the checker, with fences in no release or acquire
               # pattern (the model's strong relation needs one proxy, and its fences have none), answers as
               # the model does
               "explained_by_fences": [f"{r['program']}:{r['command']}" for r in compared
                                       if r["agree"] != "True" and r["fences_as_the_model"] == r["model"]],
               "sanity_failed": [r["program"] for r in compared if r["sanity"] != "SAT"],
               "by_source": {s: sum(r["source"] == s for r in compared) for s in SOURCES},
               "not_compared": not_compared_counts(rows),
               "model": model_prov, "adaptation": "none: the model's front end and ptx.als are used unchanged",
               "alloy_jar": {"file": jar.name, "sha256": files.sha256_bytes(jar.read_bytes()), "source": jar_source},
               "lark": lark_version, "solver": got["solver"], "java": got["java"], "rules": "ptx-formal"}
    with store.new_run(EXPERIMENT, command=command) as run:
        (run.path / VERDICTS).write_text(verdicts_csv(rows))
        (run.path / "tests.json").write_text(json.dumps(
            {f"{i['program']}:{i.get('command', '')}": {k: i[k] for k in ("source", "litmus", "test", "why") if k in i}
             for i in every}, indent=1, sort_keys=True) + "\n")
        (run.path / "summary.json").write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    return run.recorded.id, summary

