"""Write :mod:`.kept_patterns`: the compiled code of every pattern broadcheck declares with
:func:`~.lazyre.lazy`, as this interpreter's ``re`` compiles it (``python -m
broadcheck.syntax.keep_patterns``; ``tests/test_first_use.py`` holds the file current).

The patterns are found by importing every module of the package and taking each module's
``lazy`` objects (module-level names, and those inside its lists, tuples and dicts); their code is
what ``re._compiler.compile`` hands ``_sre.compile`` (:func:`broadcheck.recache.made_entry`), each
code list as its 32-bit words (``_sre.CODESIZE``), zlib-compressed, in base64 (a run decodes only
the patterns it uses: about a fiftieth of what compiling one costs).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from array import array
from pathlib import Path

from broadcheck.recache import made_entry
from broadcheck.syntax import lazyre
from broadcheck.syntax.lazyre import _Lazy, build

TARGET = Path(__file__).with_name("kept_patterns.py")
PACKAGE = Path(__file__).resolve().parent.parent
SKIPPED = ("broadcheck.__main__", "broadcheck.syntax.kept_patterns")


def declared() -> list[tuple[str, int]]:
    """Every ``(source, flags)`` a module of broadcheck declares with ``lazy``, sorted."""
    found: set[tuple[str, int]] = set()
    kept, lazyre._kept = lazyre._kept, {}  # (an import's patterns compiled by re, not read from the file being written)
    try:
        for info in pkgutil.walk_packages([str(PACKAGE)], "broadcheck."):
            if info.name in SKIPPED:
                continue
            module = importlib.import_module(info.name)
            values = list(vars(module).values())
            while values:
                value = values.pop()
                if type(value) is _Lazy:
                    found.add((value._source, int(value._flags)))
                elif type(value) in (list, tuple):
                    values.extend(value)
                elif type(value) is dict:
                    values.extend(value.values())
    finally:
        lazyre._kept = kept
    return sorted(found)


def text() -> str:
    """The module's text."""
    import binascii
    import zlib

    entries = []
    for source, flags in declared():
        final, code, groups, groupindex, indexgroup = made_entry(source, flags)
        packed = binascii.b2a_base64(zlib.compress(array("I", code).tobytes(), 9), newline=False).decode("ascii")
        entries.append(f"    ({source!r}, {flags}): ({final}, {packed!r}, {groups}, {groupindex!r}, {indexgroup!r}),")
    lines = [
        '"""The compiled code of broadcheck\'s patterns (``syntax.lazyre``), written by ``python -m',
        'broadcheck.syntax.keep_patterns`` for the interpreter ``BUILD`` names: do not edit."""',
        "",
        "# ruff: noqa: E501",
        "# fmt: off",
        f"BUILD = {build()!r}",
        "",
        "PATTERNS = {",
        *entries,
        "}",
        "# fmt: on",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
