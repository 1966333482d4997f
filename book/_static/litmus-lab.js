// The litmus lab (book/litmus-lab.md): racelab's PTX memory-model checker run in the page by Pyodide, with
// each rule set's execution drawn by Viz.js. Everything is served from this site (racelab.book.weblibs).
(function () {
  "use strict";
  const root = document.getElementById("litmus-lab");
  if (!root) return;
  const base = root.dataset.static; // .../_static/litmus-lab/
  const $ = (id) => document.getElementById(id);
  const status = (text) => { $("lab-status").textContent = text; };

  function script(src) {
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src; s.onload = resolve; s.onerror = () => reject(new Error("cannot load " + src));
      document.head.appendChild(s);
    });
  }

  function render(result, viz) {
    const out = $("lab-result");
    out.replaceChildren();
    if (result.error) {
      const p = document.createElement("p"); p.className = "lab-error"; p.textContent = result.error;
      out.appendChild(p); return;
    }
    for (const r of result.rules) {
      const box = document.createElement("section"); box.className = "lab-rules"; box.dataset.rules = r.rules;
      const h = document.createElement("h3");
      h.textContent = `${r.rules}: ${result.condition} is ${r.verdict}` +
        (result.filter ? ` (only executions with ${result.filter})` : '') +
        (r.ruled_out_by.length ? ` (ruled out by ${r.ruled_out_by.join(", ")})` : "");
      h.className = "lab-verdict"; box.appendChild(h);
      const pre = document.createElement("pre");
      pre.textContent = "allowed outcomes:\n  " + (r.outcomes.join("\n  ") || "(none: every execution deadlocks)") +
        "\n" + (r.races.length ? "data races (§8.7.1):\n  " + r.races.join("\n  ") : "race-free");
      box.appendChild(pre);
      const same = result.rules.find(o => o !== r && o.dot === r.dot && result.rules.indexOf(o) < result.rules.indexOf(r));
      if (r.dot && viz && same) {  // one graph when two rule sets draw the same execution
        const note = document.createElement("p"); note.className = "lab-same-graph";
        note.textContent = `The same execution as under ${same.rules}, drawn above.`;
        box.appendChild(note);
      } else if (r.dot && viz) {
        const graph = document.createElement("div"); graph.className = "lab-graph";
        graph.appendChild(viz.renderSVGElement(r.dot));
        box.appendChild(graph);
      }
      out.appendChild(box);
    }
  }

  // the program in the page's address (#p=...), so that a link carries it
  const PROGRAM_KEY = "#p=";
  function programFromAddress() {
    return location.hash.startsWith(PROGRAM_KEY) ? decodeURIComponent(location.hash.slice(PROGRAM_KEY.length)) : null;
  }

  async function main() {
    if (location.protocol === "file:") {  // a browser loads nothing beside a page opened as a file
      status("This page is opened as a file, so the lab cannot load Python beside it. Serve the built site, for " +
             "example with `python -m http.server -d _build/html`, and open it from there.");
      root.dataset.ready = "file";
      return;
    }
    const runtime = await (await fetch(base + "runtime.json")).json();
    if (!runtime.ok) {
      status("This build has no Python runtime for the lab (" + runtime.why +
             "); `racelab model check FILE` gives the same answers on the command line.");
      root.dataset.ready = "missing";
      return;
    }
    status("Loading Python in the page (Pyodide) …");
    await script(base + "pyodide/pyodide.js");
    await script(base + "viz-js-viz/viz-global.js");
    const py = await loadPyodide({ indexURL: base + "pyodide/" });
    py.FS.mkdirTree("/lab/racelab/model");
    py.FS.writeFile("/lab/racelab/__init__.py", "");
    // the checker's modules and the catalogue's files, as the build listed them (racelab.book.weblibs)
    for (const path of await (await fetch(base + "py/files.json")).json()) {
      const text = await (await fetch(base + "py/" + path)).text();
      py.FS.mkdirTree("/lab/" + path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile("/lab/" + path, text);
    }
    py.runPython("import sys; sys.path.insert(0, '/lab')");
    const lab = py.pyimport("racelab.model.litmus_lab");
    const viz = await Viz.instance();
    const programs = JSON.parse(py.runPython("import json; from racelab.model import litmus_lab; " +
                                            "json.dumps(litmus_lab.catalogue_programs())"));
    const pick = $("lab-pick");
    for (const name of Object.keys(programs)) {
      const o = document.createElement("option"); o.value = name; o.textContent = name; pick.appendChild(o);
    }
    pick.onchange = () => { if (programs[pick.value]) $("lab-source").value = programs[pick.value]; };
    // predict, then check: a graded exercise shows its question and asks for a prediction before Check
    const graded = JSON.parse(py.runPython("import json; from racelab.model import litmus_lab; " +
                                          "json.dumps(litmus_lab.graded_programs())"));
    const gpick = $("lab-graded");
    for (const g of graded) {
      const o = document.createElement("option"); o.value = g.key; o.textContent = `${g.key}: ${g.title}`;
      gpick.appendChild(o);
    }
    const prediction = () => (document.querySelector('input[name="lab-prediction"]:checked') || {}).value;
    let exercise = null;
    gpick.onchange = () => {
      exercise = graded.find(g => g.key === gpick.value) || null;
      $("lab-question").hidden = $("lab-predict").hidden = !exercise;
      for (const r of document.querySelectorAll('input[name="lab-prediction"]')) r.checked = false;
      $("lab-result").replaceChildren();
      if (exercise) {
        $("lab-source").value = exercise.text;
        $("lab-question").textContent = `${exercise.key}. ${exercise.question}`;
      }
      $("lab-run").disabled = !!exercise;
    };
    for (const r of document.querySelectorAll('input[name="lab-prediction"]')) {
      r.onchange = () => { $("lab-run").disabled = false; };
    }
    $("lab-run").onclick = () => {
      status("Checking …");
      const t0 = performance.now();
      history.replaceState(null, "", PROGRAM_KEY + encodeURIComponent($("lab-source").value));
      const result = JSON.parse(lab.run_json($("lab-source").value));
      render(result, viz);
      const guess = prediction();
      if (exercise && guess && result.rules) {  // the prediction against the checker's verdict under ptx-formal
        const got = result.rules.find(r => r.rules === "ptx-formal").verdict;
        const p = document.createElement("p"); p.className = "lab-feedback";
        p.textContent = `You predicted ${guess}; under ptx-formal the checker says ${got}` +
          (guess === got ? "." : ". The rules behind it are in the exercise's answer in the teacher's edition.");
        $("lab-result").prepend(p);
      }
      status(`Checked in ${((performance.now() - t0) / 1000).toFixed(2)} s.`);
    };
    $("lab-run").disabled = false;
    root.dataset.ready = "yes";
    status("Ready: pick a program or write one, then Check.");
    const linked = programFromAddress();
    if (linked !== null) {  // a link to a program: show it and its verdicts
      $("lab-source").value = linked;
      $("lab-run").click();
    }
  }
  main().catch((err) => { status("The lab could not start: " + err.message); root.dataset.ready = "failed"; });
})();
