"""broadcheck: verify that tensor shapes broadcast in MLIR files.

The pipeline, one package or module per stage::

    text (text.py, inputs.py) -> syntax (syntax/) -> ops (ops.py)
      -> semantics (semantics/) -> diagnostics (diagnostics.py, messages.py)
      -> report (report/)

``checker.py`` wires the stages; ``cli.py`` wires the command line to it;
``api.py`` is the library entry point.
"""

# No `from __future__ import annotations`: it imports a module before the first line below
# runs (see _quiet_start); the annotations are strings instead.
TYPE_CHECKING = False  # not typing's: `import broadcheck` loads no module of its own (start-up time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from broadcheck.diagnostics import Diagnostic

__version__ = "0.1.0"


def _quit_while_starting(signum: int, frame: object) -> None:
    """Ctrl-C, SIGTERM or SIGHUP before the command line is up: nothing to clean up yet, so
    end at once, quietly, with the shell's code (Python would print a KeyboardInterrupt
    traceback from whatever module it was importing)."""
    import os

    os._exit(128 + signum)


def _quiet_start() -> None:
    """Run as the program (the console script, or ``python -m broadcheck`` while runpy looks
    for it, when ``sys.argv[0]`` is ``-m``), a signal ends the process quietly from here on:
    this package is the first of broadcheck's code that runs. ``_signal`` (built in, already
    loaded) rather than ``signal``, whose import (enum) is itself a window."""
    import _signal  # type: ignore[import-not-found]  # signal.py, built in (no stub)
    import sys

    main = sys.modules.get("__main__")
    script = str(getattr(main, "__file__", "")).replace("\\", "/").rsplit("/", 1)[-1]
    if sys.argv[:1] != ["-m"] and script not in ("broadcheck", "broadcheck.exe"):
        return
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(_signal, name, None)
        if number is not None and _signal.getsignal(number) in (_signal.SIG_DFL, _signal.default_int_handler):
            _signal.signal(number, _quit_while_starting)


_quiet_start()

__all__ = ["__version__", "broadcast_shapes", "broadcast_to", "check_text"]


def broadcast_shapes(
    *shapes: "Sequence[int | None]", semantics: str = "numpy", dims: "Sequence[int] | None" = None
) -> "tuple[int | None, ...]":
    """The shape ``shapes`` broadcast to under ``semantics``; ``None`` in a shape is a dynamic size.

    ``semantics`` is ``numpy`` (the Array API), ``mlir`` or ``mlir-llvm`` (the MLIR
    trait's two rule sets), ``onnx`` (multidirectional) or ``xla`` (two shapes,
    with ``dims`` as broadcast_dimensions). Raises ``ValueError`` with that
    semantics' own message when the shapes do not broadcast::

        >>> broadcast_shapes((8, 1, 6, 1), (7, 1, 5))
        (8, 7, 6, 5)
        >>> broadcast_shapes((3,), (4, 3), semantics="xla", dims=[1])
        (4, 3)
    """
    from broadcheck.semantics import Profile, mlir, numpy, onnx, xla

    tuples = [tuple(s) for s in shapes]
    if semantics == "numpy":
        return numpy.broadcast_shapes(*tuples)
    if semantics in ("mlir", "mlir-llvm"):
        profile = Profile.LLVM if semantics == "mlir-llvm" else Profile.SPEC
        try:
            return mlir.infer_result_shape(tuples, profile) or ()
        except mlir.IncompatibleOperands:
            raise ValueError("operands don't have broadcast-compatible shapes") from None
    if semantics == "onnx":
        return onnx.multidirectional(*tuples)
    if semantics == "xla":
        if len(tuples) != 2:
            raise ValueError("xla broadcasts exactly two shapes")
        return xla.broadcast(tuples[0], tuples[1], dims)
    raise ValueError(f"unknown semantics '{semantics}'; choose numpy, mlir, mlir-llvm, onnx or xla")


def broadcast_to(values: "Any", shape: "Sequence[int]") -> "Any":
    """``values`` (nested lists or a scalar) repeated to ``shape``, as nested lists (like ``numpy.broadcast_to``)."""
    from broadcheck.semantics.values import broadcast_to as _broadcast_to

    return _broadcast_to(values, shape)


def check_text(text: str, path: str = "<stdin>", profile: str = "spec") -> "list[Diagnostic]":
    """The diagnostics for MLIR ``text``; see :func:`broadcheck.api.check_text` for every option."""
    from broadcheck.api import check_text as _check_text

    return _check_text(text, path=path, profile=profile)
