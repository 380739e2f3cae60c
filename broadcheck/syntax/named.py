"""``class X(NamedTuple)`` at run time without :mod:`typing`'s class machinery.

``typing.NamedTuple`` checks each field's annotation (``typing._type_check``): under ``from
__future__ import annotations`` every annotation is a string, so each field of each class
compiles a ``ForwardRef`` that nothing evaluates. The checker's modules declare about thirty
named tuples, and importing :mod:`typing` for them cost 12M instructions (a third of ``python -c
pass``'s 39M). This module's :data:`NamedTuple` makes the same class
(``collections.namedtuple``, the class body's methods, properties and docstring copied, the
field defaults taken, the same errors for a misplaced default or a reserved name) and keeps the
annotations as the strings they are. A module imports ``NamedTuple`` (and ``Protocol``) from here,
which mypy reads as typing's (and mypyc, compiling a module, builds with typing's as it always did).
"""

from __future__ import annotations

import sys
from keyword import iskeyword  # (loaded with collections)
from types import FunctionType  # (loaded by the interpreter's start)

TYPE_CHECKING = False  # not typing's: this module is what keeps typing out of a run
if TYPE_CHECKING:
    from typing import Any
    from typing import NamedTuple as NamedTuple
    from typing import Protocol as Protocol

_PROHIBITED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make", "_replace", "_asdict"}
    | {"_source"}
)
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})
try:
    from _collections import _tuplegetter as _getter  # type: ignore[import-not-found]  # (collections' own; no stub)
except ImportError:  # (as collections does without it)
    _getter = None


def _field(index: int, doc: str) -> Any:
    """The accessor of a field, as ``collections.namedtuple`` makes it."""
    if _getter is not None:
        return _getter(index, doc)
    from operator import itemgetter

    return property(itemgetter(index), doc=doc)


_tuple_new = tuple.__new__
_NEWS = (
    lambda _cls, _0: _tuple_new(_cls, (_0,)),
    lambda _cls, _0, _1: _tuple_new(_cls, (_0, _1)),
    lambda _cls, _0, _1, _2: _tuple_new(_cls, (_0, _1, _2)),
    lambda _cls, _0, _1, _2, _3: _tuple_new(_cls, (_0, _1, _2, _3)),
    lambda _cls, _0, _1, _2, _3, _4: _tuple_new(_cls, (_0, _1, _2, _3, _4)),
    lambda _cls, _0, _1, _2, _3, _4, _5: _tuple_new(_cls, (_0, _1, _2, _3, _4, _5)),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6: _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6)),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7: _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7)),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8: _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8)),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9: _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9)),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10: _tuple_new(
        _cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10)
    ),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11: _tuple_new(
        _cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11)
    ),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12: _tuple_new(
        _cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12)
    ),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13: _tuple_new(
        _cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13)
    ),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14: _tuple_new(
        _cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14)
    ),
    lambda _cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15: _tuple_new(
        _cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15)
    ),
)
"""The code of a named tuple's ``__new__`` for 1 to 16 fields named ``_0``, ``_1``, ...: what
``collections.namedtuple`` compiles for each class (``eval`` of this text, about a million
instructions: a run's thirty named tuples were 4% of a mid-size export's check), here compiled
once with this module's bytecode. Only the names of the arguments differ from class to class
(``co_varnames``: the instructions read the arguments by their place). (Reads ``_tuple_new`` from
the globals a class's ``__new__`` is made with, as ``namedtuple``'s does.)"""
_NEW: dict[int, Any] = {}
"""Those code objects, made as ``namedtuple``'s are (:func:`_new_code`), by their count of fields."""


def _new_code(count: int) -> Any:
    """The code ``collections.namedtuple`` compiles for the ``__new__`` of a named tuple of ``count``
    fields, with fields named ``_0``, ``_1``, ...: as :data:`_NEWS` has it, with ``namedtuple``'s file
    name, line, name and flags (compiled from the text as ``namedtuple`` does past 16 fields)."""
    code = _NEW.get(count)
    if code is None:
        if 0 < count <= len(_NEWS):
            import __future__  # (loaded: this module's first line imports it)

            made = _NEWS[count - 1].__code__
            code = made.replace(
                co_filename="<string>",
                co_firstlineno=1,
                co_flags=made.co_flags
                & ~__future__.annotations.compiler_flag,  # (none of this module's __future__ flags)
            )
        else:
            arguments = ", ".join(f"_{i}" for i in range(count)) + ("," if count == 1 else "")
            text = f"lambda _cls, {arguments}: _tuple_new(_cls, ({arguments}))"
            code = compile(text, "<string>", "eval", 0, True).co_consts[0]  # (no __future__ flag)
        _NEW[count] = code
    return code


def _namedtuple(typename: str, field_names: list[str], defaults: list[Any], module: str) -> Any:
    """``collections.namedtuple(typename, field_names, defaults=defaults, module=module)``, the
    same class, its ``__new__`` made from :func:`_new_code` (the checks of the names are
    ``namedtuple``'s, but a name is never renamed)."""
    for name in [typename, *field_names]:
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
        if iskeyword(name):
            raise ValueError(f"Type names and field names cannot be a keyword: {name!r}")
    seen: set[str] = set()
    for name in field_names:
        if name.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    typename = sys.intern(typename)
    fields = tuple(map(sys.intern, field_names))
    count = len(fields)
    arg_list = ", ".join(fields) + ("," if count == 1 else "")
    repr_fmt = "(" + ", ".join(f"{name}=%r" for name in fields) + ")"
    tuple_new = tuple.__new__
    namespace = {"_tuple_new": tuple_new, "__builtins__": {}, "__name__": f"namedtuple_{typename}"}
    code = _new_code(count)
    __new__: Any = FunctionType(code.replace(co_varnames=("_cls", *fields)), namespace)
    __new__.__name__ = "__new__"
    __new__.__doc__ = f"Create new instance of {typename}({arg_list})"
    __new__.__defaults__ = tuple(defaults)

    def _make(cls: Any, iterable: Any) -> Any:
        result = tuple_new(cls, iterable)
        if len(result) != count:
            raise TypeError(f"Expected {count} arguments, got {len(result)}")
        return result

    _make.__doc__ = f"Make a new {typename} object from a sequence or iterable"

    def _replace(self: Any, /, **kwds: Any) -> Any:
        result = self._make(map(kwds.pop, fields, self))
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return result

    _replace.__doc__ = f"Return a new {typename} object replacing specified fields with new values"

    def __repr__(self: tuple[Any, ...]) -> str:
        "Return a nicely formatted representation string"
        return self.__class__.__name__ + repr_fmt % self

    def _asdict(self: Any) -> dict[str, Any]:
        "Return a new dict which maps field names to their values."
        return dict(zip(self._fields, self, strict=False))

    def __getnewargs__(self: Any) -> tuple[Any, ...]:
        "Return self as a plain tuple.  Used by copy and pickle."
        return tuple(self)

    for method in (__new__, _make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = f"{typename}.{method.__name__}"
    class_namespace: dict[str, Any] = {
        "__doc__": f"{typename}({arg_list})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": dict(zip(fields[count - len(defaults) :], defaults, strict=True)) if defaults else {},
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": fields,
    }
    for index, name in enumerate(fields):
        class_namespace[name] = _field(index, sys.intern(f"Alias for field number {index}"))
    result = type(typename, (tuple,), class_namespace)
    result.__module__ = module
    return result


class _NamedTupleMeta(type):
    """``typing.NamedTupleMeta`` for the classes broadcheck declares (no generic ones)."""

    def __new__(cls, typename: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        if bases != (_BASE,):
            raise TypeError("can only inherit from a NamedTuple type alone")
        annotations: dict[str, Any] = namespace.get("__annotations__", {})
        defaults: list[Any] = []
        default_names: list[str] = []
        for name in annotations:
            if name in namespace:
                defaults.append(namespace[name])
                default_names.append(name)
            elif defaults:
                raise TypeError(
                    f"Non-default namedtuple field {name} cannot follow default field"
                    f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}"
                )
        made = _namedtuple(typename, list(annotations), defaults=defaults, module=namespace["__module__"])
        made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
        fields = made._fields
        for key, value in namespace.items():
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in fields:
                setattr(made, key, value)
        return made


_BASE = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})

if not TYPE_CHECKING:  # (mypy, and mypyc compiling a module that imports them, read typing's)
    NamedTuple = _BASE
    """The base to write ``class X(NamedTuple):`` with."""
    Protocol = object
    """A protocol's base: at run time a protocol is a plain class (none is checked with isinstance)."""
