"""`python -m racelab.cli ARGS...` is `racelab ARGS...` (make live runs each experiment this way)."""

import sys

from racelab.cli import main

sys.exit(main())
