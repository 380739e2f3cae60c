"""The parser's conversion of a generic form's properties (``<{...}>``) into the op's declared storage,
for any dialect (StableHLO's and TOSA's ops call it).

MLIR's generated ``setPropertiesFromAttr`` takes each name the op declares, in sorted order, from the
dictionary and casts its value to the name's storage class; a value of another class stops the parse,
printing the whole dictionary sorted (iree-opt 3.13: ``invalid properties {acc_type = f32, ...} for op
tosa.conv2d: Invalid attribute `pad` in property conversion: array<i32: 1, 1, 1, 1>``). A name the op does
not declare is not converted, only printed with the others; a missing one is the verifier's to report.

A storage class is MLIR's name (``DenseI64ArrayAttr``, ``IntegerAttr``, ``BoolAttr``, ``TypeAttr``, ...), or
a dialect's enum attribute by its printed head (``#tosa.nan_mode``); any other (``Attribute``,
``ElementsAttr``) takes every value. A value broadcheck cannot classify is taken as converting.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

from broadcheck.ops import Operation
from broadcheck.semantics import Problem
from broadcheck.syntax.attributes import Dense, DenseArray, Enum, Str, Struct, value
from broadcheck.syntax.lazyre import lazy

Storage = str
"""An MLIR storage class, or an enum attribute's head (see the module docstring)."""

CHECKED = frozenset(
    {
        "BoolAttr", "IntegerAttr", "FloatAttr", "StringAttr", "TypeAttr", "UnitAttr", "DenseIntElementsAttr",
        "DenseBoolArrayAttr", "DenseI8ArrayAttr", "DenseI16ArrayAttr", "DenseI32ArrayAttr", "DenseI64ArrayAttr",
        "DenseF32ArrayAttr", "DenseF64ArrayAttr",
    }
)  # fmt: skip
"""The storage classes whose values are checked (besides enum attributes)."""


class Unreadable(Exception):
    """A dictionary that fails to convert holds a value broadcheck cannot print as MLIR does."""


def conversion(op: Operation, declared: Mapping[str, Storage]) -> Problem | None:
    """``invalid properties {...}`` (BC564) for the first declared property, in sorted order, whose value is
    of another class than its storage; ``None`` when each converts (or the op is not in the generic form).
    Raises :class:`Unreadable` when the dictionary cannot be printed."""
    texts = {a.name: a.text for a in op.attributes if a.property}
    for name in sorted(declared):
        if name not in texts or converts(texts[name], declared[name]):
            continue
        return rejected(op, name)
    return None


def rejected(op: Operation, name: str) -> Problem:
    """``invalid properties {...}`` (BC564) for property ``name`` of the generic form's dictionary, which
    does not convert to its storage. Raises :class:`Unreadable` when the dictionary cannot be printed."""
    shown = {a.name: printed(a.text) for a in op.attributes if a.property}
    body = ", ".join(k if shown[k] == "unit" else f"{k} = {shown[k]}" for k in sorted(shown))
    return Problem("BC564", {"properties": "{" + body + "}", "op_name": op.name, "name": name, "value": shown[name]})


_CONVERTS: dict[tuple[str, Storage], bool] = {}
""":func:`converts`' answer per value and storage (a pure function's cache: the same properties recur)."""


def converts(text: str, storage: Storage) -> bool:
    """Whether the value written ``text`` casts to ``storage`` (``True`` for a value not classified here)."""
    if storage not in CHECKED and not storage.startswith("#"):
        return True
    known = _CONVERTS.get((text, storage))
    if known is None:
        if len(_CONVERTS) >= 4096:
            _CONVERTS.clear()
        known = _CONVERTS[text, storage] = _converts(text, storage)
    return known


def _converts(text: str, storage: Storage) -> bool:
    found = kind(text)
    if found is None:
        return True
    if storage == "IntegerAttr":  # a BoolAttr is an IntegerAttr of type i1
        return found in ("IntegerAttr", "BoolAttr")
    return found == storage


_TYPE = lazy(r"(?:[su]?i\d+|f\d+|bf16|tf32|f\d+E\d+M\d+\w*|index|none|(?:tensor|vector|memref|complex|tuple)<.*>|!.+)")
_SCALAR_TYPE = lazy(r"(?:[su]?i\d+|f\d+|bf16|tf32|f\d+E\d+M\d+\w*|index|none)")
_ELEMENT = lazy(r"(?:tensor|vector)<(?:[\d?]+x)*(\w+)>")
_ENUM = lazy(r"#[\w.]+<\w+>")
_RESOURCE = lazy(r"dense_resource<([\w.]+)>\s*:\s*(tensor<(?:[\d?]+x)*\w+>)")


def kind(text: str) -> str | None:
    """The attribute class of the value written ``text`` (``None`` when not known here)."""
    text = text.strip()
    if text in ("", "unit"):
        return "UnitAttr"
    if _TYPE.fullmatch(text):
        return "TypeAttr"
    v = value(text)
    typ = _scalar_type(text)
    if isinstance(v, bool):
        return "BoolAttr"
    if isinstance(v, int):
        if typ == "i1":
            return "BoolAttr"
        return "FloatAttr" if typ.startswith(("f", "bf")) else "IntegerAttr"
    if isinstance(v, float):
        return "FloatAttr"
    if isinstance(v, Str):
        return "StringAttr"
    if isinstance(v, DenseArray):
        element = "Bool" if v.element == "i1" else v.element.upper()
        return f"Dense{element}ArrayAttr"
    if isinstance(v, Dense):
        m = _ELEMENT.fullmatch(v.type)
        if m is None:
            return None
        return "DenseIntElementsAttr" if m.group(1).startswith(("i", "si", "ui", "index")) else "DenseElementsAttr"
    if isinstance(v, Enum) and _ENUM.fullmatch(text):
        return v.name
    if isinstance(v, Struct) and v.name == "dense_resource":
        return "DenseResourceElementsAttr"
    if isinstance(v, (list, dict)):
        return "ArrayAttr" if isinstance(v, list) else "DictionaryAttr"
    return None


def _scalar_type(text: str) -> str:
    """The type of a scalar written ``1 : i32`` (``""`` when none is written)."""
    _, colon, typ = text.rpartition(":")
    return typ.strip() if colon else ""


def printed(text: str) -> str:
    """The value written ``text`` as MLIR prints it (``unit`` for a unit attribute); raises
    :class:`Unreadable` for a form not reprinted here."""
    text = text.strip()
    found = kind(text)
    v = value(text)
    if found == "UnitAttr":
        return "unit"
    if found == "BoolAttr":
        return "true" if v else "false"
    if found == "IntegerAttr" and isinstance(v, int):
        return f"{v} : {_scalar_type(text) or 'i64'}"
    if found == "FloatAttr" and isinstance(v, float):
        typ = _scalar_type(text) or "f64"
        return f"{_float(v, typ)} : {typ}"
    if found == "StringAttr" and "\\" not in text:
        return text
    if found == "TypeAttr" and _SCALAR_TYPE.fullmatch(text):
        return text
    if found is not None and found.startswith("#"):  # an enum attribute, ``#tosa.nan_mode<PROPAGATE>``
        return text
    if isinstance(v, DenseArray) and v.element != "i1" and all(type(x) is int for x in v.values):
        return f"array<{v.element}: {', '.join(map(str, v.values))}>" if v.values else f"array<{v.element}>"
    if isinstance(v, Dense):
        m = _ELEMENT.fullmatch(v.type)
        if m is not None:
            return f"dense<{'' if v.values is None else _elements(v.values, m.group(1))}> : {v.type}"
    m = _RESOURCE.fullmatch(text)
    if m is not None:
        return f"dense_resource<{m.group(1)}> : {m.group(2)}"
    raise Unreadable(text)


def _elements(values: object, element: str) -> str:
    """A dense literal's values as MLIR prints them: one value when all are equal (a splat)."""
    flat: list[object] = []
    stack = [values]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        else:
            flat.append(item)
    if not flat:
        raise Unreadable(str(values))
    if all(x == flat[0] and type(x) is type(flat[0]) for x in flat):
        return _element(flat[0], element)
    return _nested(values, element)


def _nested(values: object, element: str) -> str:
    if isinstance(values, list):
        return "[" + ", ".join(_nested(x, element) for x in values) + "]"
    return _element(values, element)


def _element(v: object, element: str) -> str:
    if type(v) is int and not element.startswith(("f", "bf")):
        return str(v)
    if isinstance(v, (int, float)) and not isinstance(v, bool) and element in ("f32", "f64"):
        return _float(float(v), element)
    raise Unreadable(str(v))


def _float(v: float, typ: str) -> str:
    """A float as MLIR prints it when six digits after the point give it back exactly (else unreadable)."""
    if typ not in ("f32", "f64") or v != v or v in (float("inf"), float("-inf")):
        raise Unreadable(str(v))
    stored = struct.unpack("<f", struct.pack("<f", v))[0] if typ == "f32" else v
    shown = f"{stored:.6e}"
    back = float(shown)
    if typ == "f32":
        back = struct.unpack("<f", struct.pack("<f", back))[0]
    if back != stored:
        raise Unreadable(shown)
    return shown
