"""``python -m benchmarks``: run the suite and print the table."""

import sys

from benchmarks.run import main

sys.exit(main())
