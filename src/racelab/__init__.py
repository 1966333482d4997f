"""racelab: the instruments behind the book on cudnn-frontend PR #426 (the W_LOADED handoff race)."""

__version__ = "0.1.0"
