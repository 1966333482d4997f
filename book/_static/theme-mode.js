// pydata-sphinx-theme 0.15 starts a reader's first visit (no mode stored yet) with an empty mode, logs
// "Got invalid theme mode" to the console and falls back to "auto"; start that visit at "auto" instead.
if (!document.documentElement.dataset.mode) {
  document.documentElement.dataset.mode = "auto";
}
