"""Read an attribute's text into a typed value, once, in any of MLIR's printed forms.

A check never parses attribute text itself: it asks for the value it needs,

* :func:`ints` for a list of integers however printed: ``array<i64: 1, 2>``,
  ``dense<[1, 2]> : tensor<2xi64>``, ``dense<1> : tensor<1xi64>``, ``[1, 2]``, ``1 : i64``;
* :func:`value` for the whole value: numbers, booleans, strings, lists, dictionaries,
  dense arrays and elements, and dialect attributes (``#stablehlo.gather<offset_dims =
  [1], index_vector_dim = 1>`` as a :class:`Struct`, ``#stablehlo<comparison_direction LT>``
  as an :class:`Enum`); anything else is kept as :class:`Opaque` text.

:func:`value` returns ``None`` for text it cannot read. It reads with an explicit stack:
an attribute nested a hundred thousand deep costs memory, not Python's stack.
"""

from __future__ import annotations

from functools import lru_cache

from broadcheck.syntax.lazyre import lazy

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import ClassVar

Value = object
"""``int``, ``float``, ``bool``, :class:`Str`, ``list``, ``dict``, :class:`DenseArray`,
:class:`Dense`, :class:`Struct`, :class:`Enum`, :class:`Unit` or :class:`Opaque`."""


class _Record:
    """A frozen dataclass's behaviour, without generating its code at import (about a
    millisecond a class): ``repr``, ``==`` (same class, equal fields) and ``hash`` (of the
    fields' tuple) over ``__match_args__``. Plain slotted classes, so that mypyc compiles them."""

    __slots__: tuple[str, ...] = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()  # (a ClassVar: mypyc makes a class attribute of it)

    def _names(self) -> tuple[str, ...]:
        return type(self).__match_args__

    def _fields(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._names()])

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names())
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, _Record)
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())


class Str(_Record):
    """A string literal's value (escapes kept as written)."""

    __slots__ = ("text",)
    __match_args__: ClassVar[tuple[str, ...]] = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class Unit(_Record):
    """A unit attribute (a dictionary entry without ``= value``)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()


class Opaque(_Record):
    """An attribute broadcheck keeps as its text (an affine map, a type, a symbol)."""

    __slots__ = ("text",)
    __match_args__: ClassVar[tuple[str, ...]] = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class DenseArray(_Record):
    """``array<i64: 1, 2>``."""

    __slots__ = ("element", "values")
    __match_args__: ClassVar[tuple[str, ...]] = ("element", "values")

    def __init__(self, element: str, values: tuple[Value, ...]) -> None:
        self.element = element
        self.values = values


class Dense(_Record):
    """``dense<...> : T`` (``values`` a scalar or nested lists; ``None`` for a hex blob)."""

    __slots__ = ("type", "values")
    __match_args__: ClassVar[tuple[str, ...]] = ("values", "type")

    def __init__(self, values: Value, type: str) -> None:
        self.values = values
        self.type = type


class Struct(_Record):
    """A dialect attribute with fields: ``#stablehlo.gather<offset_dims = [1], ...>``;
    its unnamed parts, in order, are in ``positional``."""

    __slots__ = ("fields", "name", "positional")
    __match_args__: ClassVar[tuple[str, ...]] = ("name", "fields", "positional")

    def __init__(self, name: str, fields: dict[str, Value] | None = None, positional: tuple[Value, ...] = ()) -> None:
        self.name = name
        self.fields: dict[str, Value] = {} if fields is None else fields
        self.positional = positional


class Enum(_Record):
    """``#stablehlo<comparison_direction LT>`` or ``#tosa.nan_mode<IGNORE>``: its words."""

    __slots__ = ("name", "words")
    __match_args__: ClassVar[tuple[str, ...]] = ("name", "words")

    def __init__(self, name: str, words: tuple[str, ...]) -> None:
        self.name = name
        self.words = words


_TOKEN = lazy(
    r'\s*+(?:(?P<string>"(?:[^"\\]++|\\.)*+")'
    r"|(?P<arrow>->)"
    r"|(?P<number>[-+]?(?:0x[0-9A-Fa-f]++|[0-9]++(?:\.[0-9]*+)?(?:[eE][-+]?[0-9]++)?|inf|nan)(?![\w.$]))"
    r"|(?P<punct>[\[\](){}<>,:=])"
    r"|(?P<word>[^\s\[\](){}<>,:=\"]++))"
)


def _tokens(text: str) -> list[tuple[str, str]] | None:
    out: list[tuple[str, str]] = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            return None
        kind = m.lastgroup
        assert kind is not None
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def integer(text: str) -> int:
    """An integer literal as MLIR's lexer reads it: decimal (leading zeros too: ``09``), or
    hexadecimal after ``0x``; a sign before either. Raises ``ValueError`` on anything else."""
    return int(text, 16 if text.lstrip("+-").startswith(("0x", "0X")) else 10)


def _number(text: str) -> int | float:
    try:
        if not any(c in text for c in ".eEn") or text.startswith(("0x", "-0x")):
            return integer(text)
        return float(text)
    except ValueError:
        return float(text)


class _Frame:
    __slots__ = ("closer", "items", "keys", "kind", "name", "pending_key")

    def __init__(self, kind: str, closer: str, name: str = "") -> None:
        self.kind, self.closer, self.name = kind, closer, name
        self.items: list[Value] = []
        self.keys: list[str | None] = []
        self.pending_key: str | None = None


_CLOSE = {"[": "]", "{": "}", "<": ">", "(": ")"}


def _read(tokens: list[tuple[str, str]]) -> Value | None:
    """One value from ``tokens`` (all of them), or ``None``."""
    stack: list[_Frame] = [_Frame("top", "")]
    i = 0
    n = len(tokens)

    def add(v: Value) -> None:
        frame = stack[-1]
        frame.items.append(v)
        frame.keys.append(frame.pending_key)
        frame.pending_key = None

    while i < n:
        kind, tok = tokens[i]
        frame = stack[-1]
        if kind == "punct":
            if tok in _CLOSE:
                stack.append(_Frame({"[": "list", "{": "dict", "<": "angle", "(": "paren"}[tok], _CLOSE[tok]))
                i += 1
                continue
            if tok == frame.closer:
                stack.pop()
                done = _close(frame)
                if done is None:
                    return None
                add(done)
                i += 1
                continue
            if tok == ",":
                i += 1
                continue
            if tok == "=" and frame.items and frame.pending_key is None and frame.kind in ("dict", "angle"):
                key = frame.items.pop()
                frame.keys.pop()
                frame.pending_key = key.text if isinstance(key, (Opaque, Str)) else str(key)
                i += 1
                continue
            if tok == ":":
                if frame.kind == "angle" and frame.name == "array" and len(frame.items) == 1:
                    element = frame.items.pop()  # `array<i64: 1, 2>`: the values follow
                    frame.keys.pop()
                    frame.name = f"array:{element.text if isinstance(element, Opaque) else element}"
                    i += 1
                    continue
                # `1 : i64`, `dense<...> : tensor<...>`: a type follows, kept with a dense value
                j, type_text = _type_after(tokens, i + 1, frame.closer)
                if frame.items:
                    last = frame.items[-1]
                    if isinstance(last, Struct) and last.name == "dense":
                        frame.items[-1] = Dense(last.positional[0] if last.positional else None, type_text)
                i = j
                continue
            return None
        if kind == "string":
            add(Str(tok[1:-1]))
        elif kind == "number":
            add(_number(tok))
        elif tok in ("true", "false"):
            add(tok == "true")
        elif i + 1 < n and tokens[i + 1] == ("punct", "<"):
            # `array<...>`, `dense<...>`, `#d.name<...>`, `affine_map<...>`, a type
            stack.append(_Frame("angle", ">", tok))
            i += 2
            continue
        else:
            add(Opaque(tok))
        i += 1
    if len(stack) != 1 or len(stack[0].items) != 1:
        return None
    return stack[0].items[0]


def _type_after(tokens: list[tuple[str, str]], i: int, closer: str) -> tuple[int, str]:
    """The type that starts at token ``i`` (up to a depth-0 ``,`` or ``closer``): where it ends, its text."""
    depth = 0
    parts: list[str] = []
    n = len(tokens)
    while i < n:
        kind, tok = tokens[i]
        if depth == 0 and kind == "punct" and tok in (",", closer):
            break
        if kind == "punct" and tok in _CLOSE:
            depth += 1
        elif kind == "punct" and tok in _CLOSE.values():
            depth -= 1
        parts.append(tok)
        i += 1
    return i, "".join(parts)


def _close(frame: _Frame) -> Value | None:
    items, keys = frame.items, frame.keys
    if frame.kind == "list" or frame.kind == "paren":
        return list(items)
    if frame.kind == "dict":
        return {k if k is not None else (v.text if isinstance(v, (Opaque, Str)) else str(v)): (v if k else Unit())
                for k, v in zip(keys, items, strict=True)}  # fmt: skip
    name = frame.name
    if name.startswith("array") and ":" in name:
        return DenseArray(name.partition(":")[2], tuple(items))
    if name == "array":  # `array<i64>`: no values
        element = items[0].text if len(items) == 1 and isinstance(items[0], Opaque) else ""
        return DenseArray(element, ())
    if name == "dense":
        return Struct("dense", {}, tuple(items))
    if name.startswith("#") and "." not in name and all(isinstance(v, Opaque) for v in items) and not any(keys):
        return Enum(name, tuple(v.text for v in items if isinstance(v, Opaque)))
    if name.startswith("#") and not any(keys) and all(isinstance(v, Opaque) for v in items):
        return Enum(name, tuple(v.text for v in items if isinstance(v, Opaque)))
    fields = {k: v for k, v in zip(keys, items, strict=True) if k is not None}
    positional = tuple(v for k, v in zip(keys, items, strict=True) if k is None)
    return Struct(name, fields, positional)


@lru_cache(maxsize=4096)
def value(text: str) -> Value | None:
    """The value of an attribute's text (see the module docstring), or ``None``."""
    tokens = _tokens(text)
    if tokens is None or not tokens:
        return None
    return _read(tokens)


def _flat_ints(v: Value) -> tuple[int, ...] | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return (v,)
    if isinstance(v, list):
        out: list[int] = []
        for item in v:
            inner = _flat_ints(item)
            if inner is None or isinstance(item, list):
                return None
            out.extend(inner)
        return tuple(out)
    return None


def ints(text: str) -> tuple[int, ...] | None:
    """A list of integers however it is printed (see the module docstring), or ``None``."""
    v = value(text)
    if isinstance(v, DenseArray):
        return (
            tuple(x for x in v.values if isinstance(x, int) and not isinstance(x, bool))
            if all(isinstance(x, int) and not isinstance(x, bool) for x in v.values)
            else None
        )
    if isinstance(v, Dense):
        return _flat_ints(v.values)
    return _flat_ints(v)
