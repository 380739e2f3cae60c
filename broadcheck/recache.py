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
_new = False
_path = ""
_header: tuple[object, ...] = ()


def install(path: str | None = None) -> None:
    """Make ``re`` take a compiled pattern from the kept file (``path``; by default beside
    broadcheck's bytecode) when it has it; once a process."""
    global _path, _header
    if _path or sys.version_info[:2] not in VERSIONS:
        return
    import _sre  # type: ignore[import-not-found]  # re's engine, built in (no stub)
    import marshal
    import os
    from re import _compiler  # type: ignore[attr-defined]  # re's own compiler (no stub)

    _header = ("broadcheck patterns", 3, sys.version, _sre.MAGIC, _sre.CODESIZE)
    if path is None:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, "__pycache__", f"patterns.{sys.implementation.cache_tag}.marshal")
    _path = path
    try:
        with open(_path, "rb") as f:
            header, table, annotations, sources = marshal.loads(f.read())
        if header == _header and type(table) is dict and type(annotations) is dict and type(sources) is dict:
            _table.update(table)
            _annotations.update(annotations)
            _sources.update(sources)
    except (OSError, ValueError, EOFError, TypeError):
        pass  # none yet, or not ours: compile as always
    _compiler.compile = _compiling(_compiler.compile)
    import collections

    # each shadows the built-in in that module only; typing and dataclasses when a module
    # imports them (a run whose result is cached imports no typing)
    collections.eval = _eval  # type: ignore[attr-defined]
    _when_imported("typing", "compile", _annotation)
    _when_imported("dataclasses", "exec", _exec)


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
    import _sre  # re's engine, built in (no stub)
    from re import _compiler, _parser  # type: ignore[attr-defined]  # re's own (no stub)

    debug = _compiler.SRE_FLAG_DEBUG

    def compile(p: Any, flags: int = 0) -> Any:
        if type(p) is not str or flags & debug:
            return original(p, flags)
        key = (p, flags)
        entry = _table.get(key)
        if entry is not None:
            try:
                made = _sre.compile(p, *entry)
            except (RuntimeError, TypeError, ValueError, OverflowError):
                entry = None  # a damaged entry (_sre checks the code): made again below
        if entry is None:
            if len(_table) >= LIMIT and key not in _table:
                return original(p, flags)
            # re._compiler.compile's own steps, keeping what it hands to _sre.compile
            parsed = _parser.parse(p, flags)
            code = _compiler._code(parsed, flags)
            state = parsed.state
            groupindex = state.groupdict
            indexgroup: list[str | None] = [None] * state.groups
            for name, index in groupindex.items():
                indexgroup[index] = name
            # (plain ints: the opcodes are int subclasses, which marshal does not write)
            final = int(flags | state.flags)
            entry = (final, [int(c) for c in code], int(state.groups) - 1, dict(groupindex), tuple(indexgroup))
            _table[key] = entry
            global _new
            _new = True
            made = _sre.compile(p, *entry)
        _used[key] = None
        return made

    return compile


def _annotation(source: Any, filename: Any, mode: Any, *args: Any, **options: Any) -> Any:
    """The built-in ``compile``, for ``typing`` (``ForwardRef``): a kept code object when it
    has the annotation's text."""
    if args or options or filename != "<string>" or mode != "eval" or type(source) is not str:
        return compile(source, filename, mode, *args, **options)
    code = _annotations.get(source)
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
    """Write the kept patterns if this run compiled one the file lacked (as bytecode is
    written: not under ``PYTHONDONTWRITEBYTECODE``, and silently not where it cannot be)."""
    global _new
    if not (_new and _path) or sys.dont_write_bytecode:
        return
    _new = False
    import contextlib
    import marshal
    import os

    keys = [*_used, *(k for k in _table if k not in _used)][:LIMIT]
    kept: Any = (_header, {k: _table[k] for k in keys}, _annotations, _sources)
    temporary = f"{_path}.{os.getpid()}"
    try:
        data = marshal.dumps(kept)
    except ValueError:
        return  # a value marshal cannot write (not expected): nothing is kept
    try:
        os.makedirs(os.path.dirname(_path), exist_ok=True)
        with open(temporary, "wb") as f:
            f.write(data)
        os.replace(temporary, _path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
