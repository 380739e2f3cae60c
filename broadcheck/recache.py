"""Regular expressions (and annotations) compiled once per interpreter and kept between runs,
as bytecode is.

CPython compiles a pattern in Python code (``re._parser``, ``re._compiler``) in every new
process: a clean run of a 5-op file compiled about 50 patterns, a fifth of its instructions.
The result of that work is a short list of integers that ``_sre.compile`` turns into the
pattern object in C. The program (``broadcheck.__main__``, never a library user's process)
keeps those lists in one file beside broadcheck's bytecode, written under the rule the
interpreter writes bytecode by (not when ``PYTHONDONTWRITEBYTECODE`` is set, nor where the
package cannot be written), and read by ``marshal``. A pattern is found by its exact text and
flags, in a file made by the same interpreter build (version, ``_sre.MAGIC``); anything else is
compiled as always. The pattern objects are the ones ``re.compile`` makes (they compare
equal: same text, flags and code).

The same file keeps the code of the annotations ``typing`` compiles: a ``NamedTuple``'s field
annotations are strings under ``from __future__ import annotations``, and ``typing.ForwardRef``
compiles each one (``compile(text, "<string>", "eval")``, about 0.1M instructions each: the 27
named tuples of a clean run have 131 fields, 0.4x of ``python -c pass``). ``typing`` calls
``compile`` in that one place; the program gives the module its own ``compile`` that takes a kept
code object (equal to a fresh one) for a text it has.

So does the code of the methods ``dataclasses`` and ``collections.namedtuple`` write and run
(``exec`` of a dataclass's ``__init__``, ``__repr__``, ``__eq__``, ...; ``eval`` of a named
tuple's ``__new__``): about 40 texts in a clean run, whose parsing and compiling were 13M
instructions (0.34x of ``python -c pass``). The program gives those two modules an ``exec`` and
an ``eval`` that run a kept code object, compiled as the built-in would have compiled the text
(the file name ``<string>``, none of the caller's ``__future__`` flags: neither module has any).

The file has two sections: what the latest run that wrote it used, then the rest (up to
:data:`LIMIT` patterns). A start reads the first; the first miss reads the second, and that run
writes the file again with its own use first. So a tree or an install that has checked many kinds
of files (a test suite grows the file to hundreds of patterns) starts a small file as a fresh one
does.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: start-up time
if TYPE_CHECKING:
    from typing import Any

VERSIONS = ((3, 11), (3, 12), (3, 13))
"""The interpreters whose ``re._compiler.compile`` :func:`_compile` repeats (read in each)."""
LIMIT = 512
"""At most this many patterns are kept (``re``'s own cache holds as many), those used by the
latest run first; a process that compiles more (patterns made from its input, a server)
compiles the rest as always."""

_table: dict[tuple[str, int], tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]] = {}
_annotations: dict[str, object] = {}
_sources: dict[tuple[str, str], object] = {}
"""The code of the texts ``dataclasses`` runs (``exec``) and ``collections`` evaluates (``eval``)."""
_used: dict[tuple[str, int], None] = {}
_used_annotations: dict[str, None] = {}
_used_sources: dict[tuple[str, str], None] = {}
_rest: memoryview | None = None
"""The file's second section, what the latest run that wrote it did not use: read on this run's
first miss (:func:`_cold`), so that a start reads only what such a run needs (a tree or install
that has checked many kinds of files keeps hundreds of patterns; a clean small file uses 30)."""
_new = False
_path = ""
_header: tuple[object, ...] = ()


def install(path: str | None = None) -> None:
    """Make ``re`` take a compiled pattern from the kept file (``path``; by default beside
    broadcheck's bytecode) when it has it; once a process."""
    global _path, _header, _rest
    if _path or sys.version_info[:2] not in VERSIONS:
        return
    import marshal
    import os
    from re import _compiler  # type: ignore[attr-defined]  # re's own compiler (no stub)

    _header = header()
    if path is None:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, "__pycache__", f"patterns.{sys.implementation.cache_tag}.marshal")
    _path = path
    try:
        with open(_path, "rb") as f:
            data = f.read()
        size = int.from_bytes(data[:4], "little")
        if _take(marshal.loads(memoryview(data)[4 : 4 + size]), _header):
            _rest = memoryview(data)[4 + size :]
    except (OSError, ValueError, EOFError, TypeError):
        pass  # none yet, or not ours: compile as always
    _compiler.compile = _compiling(_compiler.compile)
    import collections

    # each shadows the built-in in that module only; typing and dataclasses when a module
    # imports them (a run whose result is cached imports no typing)
    collections.eval = _eval  # type: ignore[attr-defined]
    _when_imported("typing", "compile", _annotation)
    _when_imported("dataclasses", "exec", _exec)


def _take(section: object, header: tuple[object, ...] | None) -> bool:
    """Add a section of the kept file (with ``header``: the first, else the second) to the tables;
    whether it was one of ours."""
    if type(section) is not tuple or len(section) != (4 if header else 3):
        return False
    if header:
        if section[0] != header:
            return False
        section = section[1:]
    table, annotations, sources = section
    if not (type(table) is dict and type(annotations) is dict and type(sources) is dict):
        return False
    for kept, more in ((_table, table), (_annotations, annotations), (_sources, sources)):
        for key, entry in more.items():  # (the sections hold different keys; what is here wins all the same)
            kept.setdefault(key, entry)
    return True


def _cold() -> bool:
    """Read the kept file's second section into the tables, on the first miss of a run; whether
    there was one to read. A run that reads it writes the file again (:func:`save`): its first
    section then holds what this run used."""
    global _rest, _new
    rest, _rest = _rest, None
    if rest is None:
        return False
    import marshal

    _new = True
    try:
        section = marshal.loads(rest)
    except (ValueError, EOFError, TypeError):
        return True  # (not ours after all: what this run uses is compiled and kept)
    _take(section, None)
    return True


def dump(header: Any, used: tuple[set[Any], ...], tables: tuple[dict[Any, Any], ...]) -> bytes:
    """The kept file's bytes: the length of its first section (4 bytes, little-endian), the
    first section (``header`` and the entries of each table whose keys ``used`` holds), then the
    second (the other entries)."""
    import marshal

    pairs = list(zip(tables, used, strict=True))
    first = marshal.dumps((header, *({k: v for k, v in t.items() if k in u} for t, u in pairs)))
    second = marshal.dumps(tuple({k: v for k, v in t.items() if k not in u} for t, u in pairs))
    return len(first).to_bytes(4, "little") + first + second


_pending: dict[str, tuple[str, object]] = {}


def _when_imported(name: str, attribute: str, value: object) -> None:
    """Set ``attribute`` of the module ``name`` to ``value``: now if it is imported, else when it is."""
    module = sys.modules.get(name)
    if module is not None:
        setattr(module, attribute, value)
        return
    _pending[name] = (attribute, value)
    if _Imported not in sys.meta_path:
        sys.meta_path.insert(0, _Imported)


class _Imported:
    """A finder first on ``sys.meta_path`` that finds a pending module by the finders after it
    and sets the module's attribute once its loader has run it (then leaves the path)."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        pending = _pending.pop(name, None)
        if pending is None:
            return None
        if not _pending:
            sys.meta_path.remove(_Imported)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = None if find is None or finder is _Imported else find(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        run = getattr(loader, "exec_module", None)
        if run is None or isinstance(loader, type):  # (a class: every module's, as frozen ones have)
            return spec
        attribute, value = pending

        def exec_module(module: Any) -> None:
            run(module)
            setattr(module, attribute, value)

        loader.exec_module = exec_module  # this module's own loader (a new one per spec)
        return spec


def _compiling(original: Any) -> Any:
    """``re._compiler.compile``, taking a kept pattern's code instead of compiling it."""
    import _sre  # type: ignore[import-not-found]  # re's engine, built in (no stub)
    from re import _compiler  # type: ignore[attr-defined]  # re's own (no stub)

    debug = _compiler.SRE_FLAG_DEBUG

    def compile(p: Any, flags: int = 0) -> Any:
        if type(p) is not str or flags & debug:
            return original(p, flags)
        key = (p, flags)
        entry = _table.get(key)
        if entry is None and _rest is not None and _cold():
            entry = _table.get(key)
        if entry is not None:
            try:
                made = _sre.compile(p, *entry)
            except (RuntimeError, TypeError, ValueError, OverflowError):
                entry = None  # a damaged entry (_sre checks the code): made again below
        if entry is None:
            if len(_table) >= LIMIT and key not in _table:
                return original(p, flags)
            entry = _table[key] = made_entry(p, flags)
            global _new
            _new = True
            made = _sre.compile(p, *entry)
        _used[key] = None
        return made

    return compile


def made_entry(p: str, flags: int) -> tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]:
    """What ``re._compiler.compile`` hands ``_sre.compile`` after the pattern's own flags and text
    (its own steps, repeated): the entry the file keeps."""
    from re import _compiler, _parser  # type: ignore[attr-defined]  # re's own (no stub)

    parsed = _parser.parse(p, flags)
    code = _compiler._code(parsed, flags)
    state = parsed.state
    groupindex = state.groupdict
    indexgroup: list[str | None] = [None] * state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    # (plain ints: the opcodes are int subclasses, which marshal does not write)
    final = int(flags | state.flags)
    return (final, [int(c) for c in code], int(state.groups) - 1, dict(groupindex), tuple(indexgroup))


def header() -> tuple[object, ...]:
    """The kept file's header: the file's layout and the interpreter build it was made by."""
    import _sre  # re's engine, built in (no stub)

    return ("broadcheck patterns", 4, sys.version, _sre.MAGIC, _sre.CODESIZE)


def _annotation(source: Any, filename: Any, mode: Any, *args: Any, **options: Any) -> Any:
    """The built-in ``compile``, for ``typing`` (``ForwardRef``): a kept code object when it
    has the annotation's text."""
    if args or options or filename != "<string>" or mode != "eval" or type(source) is not str:
        return compile(source, filename, mode, *args, **options)
    code = _annotations.get(source)
    if code is None and _rest is not None and _cold():
        code = _annotations.get(source)
    _used_annotations[source] = None
    if code is None:
        code = compile(source, filename, mode)
        if len(_annotations) < LIMIT:
            _annotations[source] = code
            global _new
            _new = True
    return code


def _code(source: str, mode: str) -> Any:
    """The code of ``source`` as ``exec``/``eval`` compile a text (``<string>``; no ``__future__``
    flag, as in ``dataclasses`` and ``collections``), kept."""
    key = (mode, source)
    code = _sources.get(key)
    if code is None and _rest is not None and _cold():
        code = _sources.get(key)
    _used_sources[key] = None
    if code is None:
        code = compile(source, "<string>", mode, 0, True)  # (not this module's __future__ flags)
        if len(_sources) < LIMIT:
            _sources[key] = code
            global _new
            _new = True
    return code


def _exec(source: Any, *args: Any, **options: Any) -> Any:
    """The built-in ``exec``, for ``dataclasses``: a kept code object for a text."""
    return exec(_code(source, "exec") if type(source) is str else source, *args, **options)


def _eval(source: Any, *args: Any, **options: Any) -> Any:
    """The built-in ``eval``, for ``collections.namedtuple``: a kept code object for a text."""
    return eval(_code(source, "eval") if type(source) is str else source, *args, **options)


def save() -> None:
    """Write the kept patterns if this run compiled one the file lacked, or read the file's
    second section (as bytecode is written: not under ``PYTHONDONTWRITEBYTECODE``, and silently
    not where it cannot be): first what this run used, then the rest."""
    global _new
    if not (_new and _path) or sys.dont_write_bytecode:
        return
    _cold()  # (the rest too: the file keeps it, second)
    _new = False
    import contextlib
    import os

    keys = [*_used, *(k for k in _table if k not in _used)][:LIMIT]
    tables = ({k: _table[k] for k in keys}, _annotations, _sources)
    try:
        data = dump(_header, (set(_used), set(_used_annotations), set(_used_sources)), tables)
    except ValueError:
        return  # a value marshal cannot write (not expected): nothing is kept
    temporary = f"{_path}.{os.getpid()}"
    try:
        os.makedirs(os.path.dirname(_path), exist_ok=True)
        with open(temporary, "wb") as f:
            f.write(data)
        os.replace(temporary, _path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
