"""``python -m broadcheck``."""

from broadcheck.cli import main

main()
