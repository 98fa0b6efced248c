"""``python -m grille`` runs the command line."""

import sys

from grille.cli import main

sys.exit(main())
