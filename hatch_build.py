"""Hatch build hook: the wheel's hot path compiled with mypyc, when asked (``BROADCHECK_MYPYC=1``).

``BROADCHECK_MYPYC=1 pip install .`` (or ``make compiled``) builds a wheel whose modules in
:data:`COMPILED` are also C extensions, next to their ``.py`` source: Python's import system
takes an extension before a source file of the same name, so the compiled module is the one
used, and the source stays for tracebacks and reading. Without the variable (every default
install, ``make demo``, ``make test``, an editable install) the hook does nothing and asks for
nothing: no compiler, no mypy in the build environment, a pure-Python wheel. An editable
install is never compiled (the extensions would shadow the sources being edited).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = (
    "broadcheck/syntax/lexer.py",
    "broadcheck/syntax/lines.py",
    "broadcheck/syntax/problem.py",
    "broadcheck/syntax/parts.py",
    "broadcheck/syntax/cursor.py",
    "broadcheck/syntax/simple.py",
    "broadcheck/syntax/attributed.py",
    "broadcheck/syntax/custom.py",
    "broadcheck/syntax/statement.py",
    "broadcheck/syntax/types.py",
    "broadcheck/syntax/attributes.py",
    "broadcheck/engine/scan_text.py",
    "broadcheck/engine/scan_brace.py",
    "broadcheck/engine/scan_labels.py",
    "broadcheck/engine/scan_pieces.py",
    "broadcheck/engine/scan.py",
    "broadcheck/engine/forms.py",
)
"""The modules compiled: the reader and the forms. Each must pass ``mypy --strict`` and use nothing
mypyc refuses (see docs/performance.md). Compiling the rest of the engine's per-statement path too
(verify, verdicts, run, regions, findings, ...) was measured slower (1.04x the pure build's CPU on
gen2's 20k ops, against 0.94x for these eight, the scanner then one module): those modules mostly
call interpreted code (the dialects' semantics, value flow), and each crossing converts and checks
its values."""

ENABLE = "BROADCHECK_MYPYC"


def enabled() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(ENABLE, "").strip() not in ("", "0", "false", "no")


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile :data:`COMPILED` with mypyc into the wheel, when :func:`enabled`."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the build environment needs on top of hatchling: mypy (mypyc) and setuptools to drive
        the C compiler, and the runtime dependencies, whose types mypy reads."""
        if not enabled():
            return []
        return ["mypy>=1.10", "setuptools>=70", "click>=8.1", "lark>=1.2,<2", "rich>=13.7"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and add the extensions to the wheel (tagged for this interpreter and platform)."""
        if self.target_name != "wheel" or version == "editable" or not enabled():
            return
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext

        root = Path(self.root)
        out = root / "build" / "mypyc"
        here = os.getcwd()
        os.chdir(root)  # mypyc names modules by their paths relative to the working directory
        try:
            extensions = mypycify(list(COMPILED), opt_level="3", target_dir=str(out / "c"), group_name="broadcheck")
            command = build_ext(Distribution({"ext_modules": extensions, "name": "broadcheck"}))
            command.build_lib = str(out / "lib")
            command.build_temp = str(out / "temp")
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(here)
        lib = out / "lib"
        for built in sorted(lib.rglob("*")):
            if built.is_file() and built.suffix in (".so", ".pyd"):
                build_data["force_include"][str(built)] = built.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        print(f"broadcheck: compiled {len(COMPILED)} modules with mypyc", file=sys.stderr)
