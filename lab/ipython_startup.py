# JupyterLab's kernels for the book's chapters (make lab copies this into the virtual environment's IPython
# profile): show every glued value under the cell that glues it, since the lab does not fill glue roles.
from racelab.book import lab as _racelab_lab

_racelab_lab.install()
del _racelab_lab
