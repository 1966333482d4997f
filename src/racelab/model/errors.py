"""The model's errors, with no other import, so that the browser's litmus lab can load the rule sets."""


class ModelError(ValueError):
    """A program the model cannot interpret (unknown barrier, bad mask, bad size, unknown rule set...)."""
