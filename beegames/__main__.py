"""``python -m beegames`` runs the same command line as ``beegames``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
