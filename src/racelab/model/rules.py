"""The rule sets of the happens-before model (:mod:`racelab.model.happens_before`): which edges each reading of
the rules grants.

``ptx-formal``
    §8.9.4's synchronizes-with list and nothing else: each arriving thread's release-arrive with every
    acquiring wait that returns for that phase (§8.8, *mbarrier.test_wait/try_wait*); ``bar.sync`` among
    its participants (named barriers with a thread count included); a release store of a flag with the
    acquire load that reads it. ``bar.warp.sync`` is not in the list, so it gives no edge at all. Fences
    give none on their own either: a ``fence.acq_rel`` is half of a release pattern only with a later
    strong write of its own thread (§8.8).
``ptx+warpsync``
    The same, plus ``bar.warp.sync`` as a synchronizes-with among the lanes of its mask, as ``bar.sync``
    is (what the instruction's description and the CUDA programming guide promise). By transitivity,
    ``__syncwarp`` then one lane's arrive releases every lane's earlier stores.
``racecheck``
    compute-sanitizer racecheck, fitted on the calibration variants V0-V7 (the counts it was built to
    reproduce, so they do not test it): one mbarrier edge per arriving thread, edges for a ``bar.sync`` of
    the whole CTA but none for a named barrier with a thread count (V6's ``bar.sync 1, 32``), a
    ``__syncwarp`` that orders only its own lanes' accesses among themselves and does not chain into a
    later arrive (a non-transitive order that models the tool, not PTX), no credit for fences or for
    release/acquire flags (their accesses are checked like any other), and async-proxy accesses (TMA,
    WGMMA/UMMA operand reads) not checked.
``membar-assumed``
    ``ptx-formal`` plus ordering credited to ``MEMBAR.ALL.CTA`` (the lowering of ``fence.acq_rel.cta`` and
    ``fence.proxy.async.shared::cta``) under assumed semantics: executed by a converged warp, it performs
    every lane's earlier accesses CTA-wide before any lane's next instruction. No document states that.
    The other candidate explanation is SIMT issue itself: a converged warp's shared store is one
    instruction for all 32 lanes, issued before lane 0's arrive in lane 0's program order; ptxas lowers
    ``bar.warp.sync`` to ``WARPSYNC.ALL`` or to nothing, relying on that ordering without a MEMBAR. This
    rule set models the first explanation only and assumes the warp is converged at the fence.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from racelab.model.errors import ModelError

SYNCWARP_READINGS = ("none", "barrier", "lanes-only")


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    name: str
    syncwarp: str  # "none": no edge; "barrier": synchronizes-with among its lanes (transitive);
    #                "lanes-only": orders its lanes' accesses among themselves only (racecheck, not PTX)
    membar: bool  # a converged warp's MEMBAR orders all lanes' earlier accesses before later ones (assumed)
    release_acquire: bool  # a flag's release store synchronizes with the acquire load that reads it
    sees_async_proxy: bool  # async-proxy accesses are checked (cross-proxy pairs need fence.proxy.async)
    summary: str
    counted_bar_sync: bool = True  # a bar.sync with a thread count (named barrier) synchronizes its participants

    def __post_init__(self):
        if self.syncwarp not in SYNCWARP_READINGS:
            raise ModelError(f"syncwarp reading must be one of {SYNCWARP_READINGS}")

    @property
    def syncwarp_composes(self) -> bool:
        return self.syncwarp == "barrier"

    def with_(self, **changes) -> "RuleSet":
        """A variant of this rule set, e.g. ``RULES["ptx-formal"].with_(syncwarp="barrier")``."""
        return dataclasses.replace(self, **changes)


RULES: dict[str, RuleSet] = {r.name: r for r in (
    RuleSet(name="ptx-formal", syncwarp="none", membar=False, release_acquire=True, sees_async_proxy=True,
            summary="§8.9.4's synchronizes-with edges only, closed transitively (cumulativity): mbarrier "
                    "arrive/wait, bar.sync, release/acquire flags; bar.warp.sync gives no edge; a fence alone "
                    "gives none."),
    RuleSet(name="ptx+warpsync", syncwarp="barrier", membar=False, release_acquire=True, sees_async_proxy=True,
            summary="As ptx-formal, plus bar.warp.sync synchronizing its lanes as bar.sync does (the instruction's "
                    "description); by transitivity __syncwarp then one lane's arrive covers every lane."),
    RuleSet(name="racecheck", syncwarp="lanes-only", membar=False, release_acquire=False, sees_async_proxy=False,
            counted_bar_sync=False,
            summary="The tool, fitted on the calibration variants: the mbarrier edge per arriving thread and a "
                    "whole-CTA bar.sync; no credit for a counted named barrier, fences or release/acquire flags; "
                    "__syncwarp orders its own lanes only and does not chain into the arrive; async-proxy reads "
                    "unchecked."),
    RuleSet(name="membar-assumed", syncwarp="none", membar=True, release_acquire=True, sees_async_proxy=True,
            summary="ptx-formal plus ordering credited to a converged warp's MEMBAR.ALL.CTA under assumed, "
                    "undocumented semantics (every lane's earlier accesses performed before any lane's next "
                    "instruction)."),
)}
RULE_NAMES = tuple(RULES)


def rule_set(rules: str | RuleSet) -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    if rules not in RULES:
        raise ModelError(f"unknown rule set {rules!r}; choose one of {', '.join(RULES)}")
    return RULES[rules]


__all__ = ["RULE_NAMES", "RULES", "SYNCWARP_READINGS", "RuleSet", "rule_set"]
