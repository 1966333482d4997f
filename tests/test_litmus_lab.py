"""The litmus lab's Python side (racelab.model.litmus_lab) and how its runtime gets into the site
(racelab.book.weblibs); the page itself is tested in tests/browser/test_litmus_lab.py."""

import json

from racelab.book import weblibs
from racelab.model import catalogue, checker, litmus_lab


def test_the_lab_gives_the_checkers_verdicts_races_and_a_graph():
    programs = litmus_lab.catalogue_programs()
    assert set(programs) == {t.name for t in catalogue.CATALOGUE}
    got = litmus_lab.run(programs["MP+rel-acq"])
    assert [r["rules"] for r in got["rules"]] == list(checker.RULE_SETS)
    for r in got["rules"]:
        assert r["verdict"] == checker.check(catalogue.by_name()["MP+rel-acq"].program(), r["rules"]).verdict
        assert r["ruled_out_by"] == ["causality"] and r["races"] and r["dot"].startswith("digraph")
    assert "lab:1" in litmus_lab.run("st.weak x 1\n")["error"]
    assert json.loads(litmus_lab.run_json(programs["MP+rel-acq"]))["condition"] == "T1:r0=1 /\\ T1:r1=0"


def test_the_lab_loads_only_the_standard_library():
    """Pyodide's core has the standard library and nothing else: the modules the page loads import nothing
    outside it and racelab.model."""
    import ast
    import sys
    from pathlib import Path

    src = Path(weblibs.__file__).resolve().parents[1] / "model"
    for name in weblibs.MODEL_MODULES:
        tree = ast.parse((src / name).read_text())
        for node in ast.walk(tree):
            mods = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                    [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for mod in mods:
                top = mod.split(".")[0]
                assert top == "racelab" or top in sys.stdlib_module_names, (name, mod)
                if top == "racelab":
                    assert mod.split(".")[-1] in {m[:-3] for m in weblibs.MODEL_MODULES} | {"model"}, (name, mod)


def test_install_says_when_the_runtime_is_missing_and_copies_it_when_fetched(tmp_path, monkeypatch):
    site = tmp_path / "html"

    def no_npm(dest=None):
        raise weblibs.WebLibError("npm is needed once to fetch pyodide@x")

    monkeypatch.setattr(weblibs, "fetch", no_npm)
    assert "npm" in weblibs.install(site)
    status = json.loads((site / weblibs.SITE_DIR / weblibs.STATUS).read_text())
    assert status == {"ok": False, "why": "npm is needed once to fetch pyodide@x"}
    assert (site / weblibs.SITE_DIR / "py" / "racelab" / "model" / "checker.py").exists()
    fetched = tmp_path / "pyodide-1"
    fetched.mkdir()
    (fetched / "pyodide.js").write_text("// runtime")
    monkeypatch.setattr(weblibs, "fetch", lambda dest=None: {"pyodide": fetched})
    assert weblibs.install(site) is None
    assert (site / weblibs.SITE_DIR / "pyodide" / "pyodide.js").read_text() == "// runtime"
    assert json.loads((site / weblibs.SITE_DIR / weblibs.STATUS).read_text())["ok"] is True


def test_every_graded_exercise_runs_in_the_lab():
    """Chapter 06's graded litmus path (page 96) pasted into the lab gives the checker's verdicts."""
    from racelab.model.litmus_exercises import PATH

    for ex in PATH:
        got = litmus_lab.run(ex.text)
        assert "error" not in got, ex.key
        expected = {rules: v.verdict for rules, v in ex.verdicts().items()}
        assert {r["rules"]: r["verdict"] for r in got["rules"]} == expected, ex.key


def test_the_files_the_page_loads_are_enough_for_the_catalogue(tmp_path, monkeypatch):
    """What files.json lists, written into an empty folder as the page writes them into Pyodide, imports the
    lab and reads the whole catalogue and graded path (the programs are files now, not module text)."""
    import subprocess
    import sys

    monkeypatch.setattr(weblibs, "fetch", lambda dest=None: {})
    weblibs.install(tmp_path / "html")
    py = tmp_path / "html" / weblibs.SITE_DIR / "py"
    listed = json.loads((py / "files.json").read_text())
    assert any(p.endswith("catalogue.csv") for p in listed) and any(p.endswith(".litmus") for p in listed)
    lab = tmp_path / "lab"
    for path in listed:
        (lab / path).parent.mkdir(parents=True, exist_ok=True)
        (lab / path).write_bytes((py / path).read_bytes())
    (lab / "racelab" / "__init__.py").write_text("")
    code = ("import json, sys; sys.path.insert(0, '.'); from racelab.model import catalogue, litmus_lab; "
            "print(json.dumps([catalogue.__file__, len(catalogue.CATALOGUE), len(litmus_lab.catalogue_programs())]))")
    got = subprocess.run([sys.executable, "-I", "-c", code], cwd=lab, capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr
    from racelab.model import catalogue
    where, *counts = json.loads(got.stdout)
    assert where.startswith(str(lab))  # the folder's modules, not the installed package
    assert counts == [len(catalogue.CATALOGUE)] * 2
