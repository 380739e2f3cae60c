"""broadcheck: verify that tensor shapes broadcast in MLIR files.

The pipeline, one package or module per stage::

    text (text.py, inputs.py) -> syntax (syntax/) -> ops (ops.py)
      -> semantics (semantics/) -> diagnostics (diagnostics.py, messages.py)
      -> report (report/)

``checker.py`` wires the stages; ``cli.py`` wires the command line to it;
``api.py`` is the library entry point.
"""

__version__ = "0.1.0"
