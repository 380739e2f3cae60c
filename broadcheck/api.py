"""broadcheck as a library: check MLIR text or infer a broadcast from Python."""

from __future__ import annotations

from collections.abc import Iterable

from broadcheck.diagnostics import Diagnostic
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text as check_source
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile


def check_text(
    text: str,
    path: str = "<stdin>",
    profile: str = "spec",
    ops: Iterable[tuple[str, str]] = (),
    split_marker: str | None = None,
    verify_diagnostics: bool = False,
) -> list[Diagnostic]:
    """The diagnostics for MLIR ``text`` (empty when every checked op is valid).

    ``ops`` adds ``(glob pattern, semantics)`` pairs over the built-in op table.
    """
    options = Options(Profile(profile), OpTable(ops), split_marker, verify_diagnostics)
    return check_source(path, text, options).diagnostics
