"""The package is a house in layers: each module imports only from its own layer or the ones below, and
no two modules import each other, directly or round a longer loop (imports inside functions count). A module
started by name in a child process (`python -m racelab.x.y`, the string "racelab.x.y" in the source) counts
as imported: a lower layer may not launch a higher one either. Packages that share a layer (readers and
toolchain; stats, model and lint) do not import each other."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "racelab"
# lowest first; a module's layer is its first dotted part below racelab
LAYERS = {"__init__": 0, "core": 0, "vocab": 1, "style": 1, "readers": 2, "toolchain": 2,
          "stats": 3, "model": 3, "lint": 3, "experiments": 4, "book": 5, "cli": 6}
LONG_MODULE = 600  # lines: a module this long is worth a look (a warning, not a rule; the rules are below)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str], launches: bool = True) -> set[str]:
    """The racelab modules `path` imports, anywhere in the file, resolved to modules that exist, and (with
    `launches`) those it starts by name in a child process."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [f"{stem}.{a.name}" for a in node.names] + [stem]
        elif (launches and isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value.startswith("racelab.")):
            targets = [node.value]  # a module started by name: `[python, "-m", "racelab.x.y", ...]`
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("racelab") and target != name:
                found.add(target)
    # importing racelab.x.y also runs racelab.x's __init__, which is no edge worth reporting
    return {t for t in found if not name.startswith(t + ".") and t != "racelab"}


def layer(name: str) -> int:
    part = name.split(".")[1] if "." in name else "__init__"
    if part not in LAYERS:
        raise AssertionError(f"{name}: no layer is assigned to racelab.{part}")
    return LAYERS[part]


def graph(launches: bool = True) -> dict[str, set[str]]:
    """Each module's imports (and, with `launches`, the modules it starts by name: a worker that imports the
    module starting it is no cycle, but a lower layer starting a higher one points up all the same)."""
    mods = modules()
    return {name: imports_of(name, path, set(mods), launches) for name, path in mods.items()}


def test_every_module_has_a_layer():
    for name in modules():
        layer(name)


def test_no_import_points_up_a_layer():
    upward = sorted(f"{a} (layer {layer(a)}) imports {b} (layer {layer(b)})"
                    for a, deps in graph().items() for b in deps if layer(b) > layer(a))
    assert not upward, "\n".join(upward)


def test_no_import_cycle():
    g = graph(launches=False)
    cycles, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for dep in sorted(g.get(node, ())):
            if state.get(dep) == "open":
                cycles.append(" -> ".join(stack[stack.index(dep):] + [dep]))
            elif dep not in state:
                visit(dep, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(g):
        if node not in state:
            visit(node, [])
    assert not cycles, "\n".join(cycles)


def test_the_walker_sees_a_cycle_and_an_upward_import(tmp_path, monkeypatch):
    pkg = tmp_path / "racelab"
    (pkg / "core").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "core" / "__init__.py").write_text("")
    (pkg / "core" / "a.py").write_text("def f():\n    from . import b\n")
    (pkg / "core" / "b.py").write_text("from racelab.core import a\nfrom racelab.cli import main\n")
    (pkg / "cli.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", pkg)
    with pytest.raises(AssertionError, match="racelab.core.a -> racelab.core.b -> racelab.core.a"):
        test_no_import_cycle()
    with pytest.raises(AssertionError, match="racelab.core.b .layer 0. imports racelab.cli .layer 6."):
        test_no_import_points_up_a_layer()


# One job a module: what a module may not import, by what it is for.
ONE_JOB = {
    # readers parse text and bytes, the toolchain runs tools: neither records or chooses a run
    "racelab.readers": ("racelab.core.store", "racelab.core.choice"),
    "racelab.toolchain": ("racelab.core.store", "racelab.core.choice"),
    # the store keeps runs: choosing one for a page, the usage log and corrections are modules of their own
    "racelab.core.store": ("racelab.core.choice", "racelab.core.corrections"),
    "racelab.core.usage": ("racelab.core.store", "racelab.core.choice"),
    "racelab.core.corrections": ("racelab.core.choice",),
}
# ... and what a module may not import from outside: nouns build no tensors, the store writes no HTML
NO_THIRD_PARTY = {"racelab.vocab": ("torch", "numpy", "pandas"), "racelab.core.store": ("html", "IPython"),
                  "racelab.core.choice": ("html", "IPython")}


def _third_party(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_each_module_keeps_to_its_job():
    mods = modules()
    known = set(mods)
    wrong = []
    for name, path in mods.items():
        got = imports_of(name, path, known, launches=False)
        for owner, banned in ONE_JOB.items():
            if name == owner or name.startswith(owner + "."):
                wrong += [f"{name} imports {b}" for b in banned if any(g == b or g.startswith(b + ".") for g in got)]
        wrong += [f"{name} imports {b}" for b in NO_THIRD_PARTY.get(name, ()) if b in _third_party(path)]
    assert not wrong, "; ".join(wrong)
    long = {name: n for name, path in mods.items() if (n := len(path.read_text().splitlines())) > LONG_MODULE}
    if long:
        import warnings
        warnings.warn(f"modules over {LONG_MODULE} lines (worth a look): {long}", stacklevel=1)


def test_the_one_job_rule_can_fail(tmp_path, monkeypatch):
    pkg = tmp_path / "racelab"
    (pkg / "readers").mkdir(parents=True)
    (pkg / "core").mkdir()
    for f in ("__init__.py", "readers/__init__.py", "core/__init__.py", "core/store.py"):
        (pkg / f).write_text("")
    (pkg / "readers" / "log.py").write_text("def f():\n    from racelab.core import store\n")
    (pkg / "vocab.py").write_text("import torch\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", pkg)
    with pytest.raises(AssertionError, match="racelab.readers.log imports racelab.core.store.*racelab.vocab imports torch"):
        test_each_module_keeps_to_its_job()


def package(name: str) -> str:
    return name.split(".")[1] if "." in name else "__init__"


def test_packages_of_one_layer_stay_apart():
    """Readers parse text and bytes and run no tool; the toolchain runs tools and reads nothing back; what does
    both (compile, then read the SASS) is an experiment. Likewise stats, model and lint share a layer and
    nothing else."""
    across = sorted(f"{a} imports {b}" for a, deps in graph().items() for b in deps
                    if layer(a) == layer(b) and package(a) != package(b) and layer(a) > 0)
    assert not across, "\n".join(across)


def test_the_walker_sees_a_module_launched_by_name(tmp_path, monkeypatch):
    pkg = tmp_path / "racelab"
    (pkg / "toolchain").mkdir(parents=True)
    (pkg / "readers").mkdir()
    for init in (pkg, pkg / "toolchain", pkg / "readers"):
        (init / "__init__.py").write_text("")
    (pkg / "toolchain" / "w.py").write_text('import sys\nARGV = [sys.executable, "-m", "racelab.cli.real", "x"]\n')
    (pkg / "toolchain" / "r.py").write_text('def f():\n    from racelab.readers import sass\n')
    (pkg / "readers" / "sass.py").write_text("")
    (pkg / "cli").mkdir()
    (pkg / "cli" / "__init__.py").write_text("")
    (pkg / "cli" / "real.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", pkg)
    with pytest.raises(AssertionError, match="racelab.toolchain.w .layer 2. imports racelab.cli.real .layer 6."):
        test_no_import_points_up_a_layer()
    with pytest.raises(AssertionError, match="racelab.toolchain.r imports racelab.readers.sass"):
        test_packages_of_one_layer_stay_apart()

