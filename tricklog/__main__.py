"""``python -m tricklog`` runs the ``tricklog`` command."""

import sys

from replay.cli.app import main

sys.exit(main())
