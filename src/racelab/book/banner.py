"""The admonition a page shows above what a recorded run measured: which run, which GPU, live or replayed,
the tools' versions, and (for a replay) the note of the page's choice where this machine could record a run
the store lacks (racelab.core.choice). Renders as HTML."""

import html
import re

from racelab.core.corrections import commit_of
from racelab.core.store import shortened

def describe(run, mode: str) -> dict:
    """The facts the banner shows of `run`, measured live or replayed (`mode`)."""
    prov = run.provenance
    tools = prov.get("tools", {})
    commit, fix = commit_of(run)
    return {"run": f"{run.experiment}/{run.id}", "mode": mode, "gpu": run.gpu_name,
            "driver": (prov.get("gpu") or {}).get("driver"), "date": prov.get("date_utc"), "commit": commit,
            **({"commit_recorded": fix["recorded"]} if fix else {}), "sanitizer": tools.get("compute_sanitizer"),
            "nvcc": tools.get("nvcc"), "cuda": tools.get("cuda_runtime_nvidia_smi"),
            "torch": (prov.get("packages") or {}).get("torch"), "manifest": run.manifest_hash[:16],
            **({"shortened": shortened(run)} if shortened(run) else {})}


_CODE = re.compile(r"`([^`]+)`")


def _html(text: str) -> str:
    """Escaped text with `code` spans as <code>."""
    return _CODE.sub(r"<code>\1</code>", html.escape(text, quote=False))


class Banner:
    """The admonition a page shows: which run, which GPU, live or replayed, and (for a replay) the note of
    the page's choice where this machine could record a run the store lacks (passed in). Renders as HTML."""

    def __init__(self, run, mode: str, note: str | None = None):
        self.info = describe(run, mode)
        self.note = None if mode == "live" else note

    def _parts(self):
        i = self.info
        title = "Measured live in this build" if i["mode"] == "live" else "Replayed from a recorded run"
        bits = [f"run <code>{i['run']}</code>", f"GPU <strong>{i['gpu']}</strong>"]
        if i["driver"]:
            bits.append(f"driver {i['driver']}" + (f" (CUDA {i['cuda']})" if i.get("cuda") else ""))
        if i.get("torch"):
            bits.append(f"torch {i['torch']}")
        if i["sanitizer"]:
            bits.append(f"compute-sanitizer {i['sanitizer']}")
        bits += [f"recorded {i['date']}", f"commit <code>{(i['commit'] or 'unknown')[:10]}</code>"
                 + (" (corrected; the provenance page says why)" if "commit_recorded" in i else ""),
                 f"manifest <code>{i['manifest']}</code>"]
        if i.get("shortened"):
            bits.append(f"shortened: {_html(i['shortened'])}")
        kind = "important" if i["mode"] == "live" else ("warning" if self.note else "note")
        return kind, title, ", ".join(bits) + "."

    def _repr_html_(self) -> str:
        kind, title, body = self._parts()
        note = f"<p>{_html(self.note)}</p>" if self.note else ""
        return (f'<div class="admonition {kind} racelab-run"><p class="admonition-title">{title}</p>'
                f"<p>{body}</p>{note}</div>")

    def __repr__(self) -> str:
        return " | ".join(f"{k}={v}" for k, v in {**self.info, **({"note": self.note} if self.note else {})}.items())


def banner(run, mode: str, note: str | None = None) -> Banner:
    """The banner of `run`, measured live or replayed (`mode`), with the choice's `note` (replays only)."""
    return Banner(run, mode, note)


def for_choice(choice, run=None) -> Banner:
    """The banner of what a page chose (racelab.core.choice.Choice): its run, or `run` where the page measured
    live; its mode; and its note."""
    return Banner(run if run is not None else choice.run, choice.mode, choice.note)
