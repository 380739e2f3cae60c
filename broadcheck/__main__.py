"""The program: ``python -m broadcheck``, and the console script ``broadcheck``.

The plain forms of ``broadcheck check ...`` run without click (``broadcheck.command``): its
import alone cost as much CPU as four ``python -c pass``. Every other command line goes to the
click command line (``broadcheck.cli``) unchanged, as does a ``check`` whose usage is wrong.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up time
if TYPE_CHECKING:
    from typing import NoReturn


def main() -> NoReturn:
    """Run the command line in ``sys.argv`` and end the process with its exit code."""
    import sys

    from broadcheck import command

    params = command.parse_check(sys.argv[1:])
    if params is not None:
        command.run_program(params)  # returns only for what click must say (a usage error)
    from broadcheck.cli import main as click_main

    click_main(program=True)


if __name__ == "__main__":
    main()
