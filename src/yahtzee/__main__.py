import sys

from yahtzee.cli import main

sys.exit(main())
