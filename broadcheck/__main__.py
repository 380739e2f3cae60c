"""The program: ``python -m broadcheck``, and the console script ``broadcheck``.

The plain forms of ``broadcheck check ...`` and ``broadcheck refine ...`` run without click
(``broadcheck.command``): its import alone cost as much CPU as four ``python -c pass``. Every
other command line goes to the click command line (``broadcheck.cli``) unchanged, as does a
``check`` or ``refine`` whose usage is wrong.
"""

from __future__ import annotations

from types import ModuleType  # loaded by the interpreter's own start

TYPE_CHECKING = False  # not typing's: start-up time
if TYPE_CHECKING:
    from typing import NoReturn

DEFERRED = ("inspect", "copy")
"""Standard-library modules the program loads on their first use, not when imported:
``dataclasses`` imports ``inspect`` (with ``ast``, ``dis``, ``tokenize``) for one call that
broadcheck's records never make, about a tenth of a clean run's CPU, and ``copy`` (with
``weakref``, and a failed search of the path for Jython's ``org.python.core``) for
``dataclasses.asdict``, which broadcheck does not call."""


class _Deferred(ModuleType):
    """A module's stand-in in ``sys.modules``: the first read of a name it lacks imports the
    module and takes its names. (``importlib.util.LazyLoader`` does not do here: CPython 3.11's
    ``import`` statement reads the module's ``__spec__``, which makes it load at once.)"""

    def __getattr__(self, attribute: str) -> object:
        import importlib
        import sys

        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        module = importlib.import_module(name)
        self.__dict__.update(module.__dict__)
        return getattr(module, attribute)


def _defer(name: str) -> None:
    """Make ``import name`` give a stand-in that imports the module on its first use; only in
    the program's own process, never for a library user."""
    import sys

    if name not in sys.modules:
        sys.modules[name] = _Deferred(name)


def main() -> NoReturn:
    """Run the command line in ``sys.argv`` and end the process with its exit code."""
    import gc
    import sys

    # The start-up's imports make no garbage: no collection until checking starts, not from the
    # command line's reading on (command.run_program) but from here (the kept patterns' table
    # and broadcheck.command's imports were three young collections, 0.6% of a clean run).
    collecting = gc.isenabled()
    gc.disable()
    for name in DEFERRED:
        _defer(name)
    from broadcheck import recache

    recache.install()  # before the first module that compiles a pattern
    from broadcheck import command

    params = command.parse_check(sys.argv[1:])
    if params is not None:
        command.run_program(params, collecting=collecting)  # returns only for what click must say (a usage error)
    refine = command.parse_refine(sys.argv[1:])
    if refine is not None:
        command.run_program(refine, command.run_refine, collecting=collecting)
    if collecting and params is None and refine is None:
        gc.enable()  # (another command: the collector as it was)
    from broadcheck.cli import main as click_main

    click_main(program=True)


if __name__ == "__main__":
    main()
