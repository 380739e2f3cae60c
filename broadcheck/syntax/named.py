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

from collections import namedtuple

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
_namedtuple: Any = namedtuple  # (called with a name made at run time: mypy's special form does not apply)


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
