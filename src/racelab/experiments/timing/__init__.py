"""Paired timing of the elected vs all-lane W_LOADED arrive, in fresh processes, with CUPTI kernel times.

The method of PR #426, made reproducible: for each pair, one fresh process runs variant A and another
runs variant B (the order per pair is fixed, swapped or drawn from a seed, and recorded; in the
interleaved design the A/B, B/A and A/A pairs themselves run in one order drawn from a seed); each process
compiles once, warms up, then times M launches of the kernel under test and of a control kernel,
interleaved, reading device-side kernel durations from CUPTI (``torch.profiler`` with
``ProfilerActivity.CUDA``). Every launch is a row of a ``pair,variant,launch,ns`` CSV (the control kernel
gets its own CSV with the same columns); ``racelab pairs`` turns a CSV into the paired delta and its CI.

Process start-up (Python, torch, the CuTe DSL) costs seconds and would dominate, so the runner keeps the
next processes started ahead: they import while the current one measures and wait on their stdin for
"GO" before touching CUDA. Only one process uses the GPU at a time.

    plan      the variants, shapes and targets; how many pairs fit a budget; the jobs and their order
              (in blocks, interleaved, or many comparisons and one A/A control in rounds: "arms")
    backends  what one process measures: the CUPTI loop, and a fake backend for tests
    twin      the SM90 twin (kernels/handoff_twin_sm90.py) as a backend
    real      upstream's indexer backward through its wrapper as a backend (SM100 on a B200, SM90 on an H200)
    fwd       upstream's SM90 indexer forward as a backend
    worker    one fresh process (``python -m racelab.experiments.timing.worker``)
    runner    fresh processes, started ahead, run one at a time
    record    a whole experiment into a folder or a store run
    load      a recorded run read back: every statistic computed again from the raw CSVs (TimingSummary)
    layouts   runs of the layouts design (the fix at every code offset) read back
    report    the table and target lines a record prints and keeps as table.txt

Commands: ``racelab timing record|real|fwd|variants|layouts|summary`` (racelab.cli.timing); each worker process
is ``python -m racelab.experiments.timing.worker``.
"""
