"""Stage *read a statement*, fast, for a call (issue 31): ``%_:N = call @f(%_, ...) : (T, ...) ->
(U, ...)`` as MLIR prints it, read by one regular expression, without the tokenizer (a JAX export's
``main`` calls its wrapped function with 17k operands and results on one line: 0.7 MB, half a
second token by token). What it gives is what :func:`~.statement.read_statement` gives
(``tests/test_check_large_exports.py`` holds the two to each other), or ``None``.
"""

from __future__ import annotations

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.parts import Item, Result, Signature, Statement, TypeText, type_text, use_at

_TYPE = r"!?[A-Za-z_][\w.$]*+(?:<[^<>()\[\]{}\"]*+(?<!-)>)?"
_TYPES = rf"{_TYPE}(?:, {_TYPE})*+"
_CALL = lazy(
    r"(?:%_(?::(?P<count>[1-9][0-9]*+))? = )?(?P<name>call|func\.call) (?P<symbol>@[A-Za-z_$.\-][\w$.\-]*+)"
    rf"(?P<values>\(%_(?:, %_)*+\)) : (?P<types>\((?P<ins>{_TYPES})?\) -> (?:(?P<one>{_TYPE})|\((?P<many>{_TYPES})?\)))"
)
_ONE_TYPE = lazy(_TYPE)


def simple_call(key: str) -> Statement | None:
    """The statement of a call's key (one or more operands, a plain symbol, types without nested
    brackets, in MLIR's printed spacing), or ``None``: then the reader reads it."""
    m = _CALL.fullmatch(key) if "call @" in key else None  # (its pattern compiled for a call only)
    if m is None:
        return None
    results: tuple[Result, ...] = ()
    if key.startswith("%_"):
        results = (Result("%_", int(m.group("count") or 1), 0, 2),)
    values_start, values_end = m.span("values")
    operands = tuple(use_at(at) for at in range(values_start + 1, values_end, 4))
    inputs = _types(key, *m.span("ins"))
    outputs = (type_text(key, *m.span("one")),) if m.group("one") is not None else _types(key, *m.span("many"))
    types_start, types_end = m.span("types")
    signature = Signature("function", inputs, outputs, types_start, types_end, types_start - 1)
    items = (
        Item("symbol", m.group("symbol"), *m.span("symbol")),
        Item("values", m.group("values"), values_start, values_end),
        Item("types", m.group("types"), types_start, types_end),
    )
    name_start, name_end = m.span("name")
    return Statement(
        m.group("name"), name_start, name_end, False, results, operands, (), (), (), signature, 0, items, len(key)
    )


def _types(key: str, start: int, end: int) -> tuple[TypeText, ...]:
    """The types listed at ``key[start:end]`` (none where ``start`` is -1: nothing listed)."""
    if start < 0:
        return ()
    return tuple([type_text(key, t.start(), t.end()) for t in _ONE_TYPE.finditer(key, start, end)])
