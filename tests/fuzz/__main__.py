"""``python -m tests.fuzz --minutes 10``: fuzz tricklog for as long as asked (``tests.fuzz.long``)."""

import sys

from tests.fuzz.long import main

sys.exit(main())
