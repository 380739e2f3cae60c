"""The func dialect: functions, calls and returns (``FuncOps.td``).

Value flow checks functions, calls and returns (``func.return`` against its function's
results); the symbol table checks ``func.call``'s callee and ``func.constant``'s function
(:func:`symbol_uses`: ``reference to undefined function``, ``reference to function with
mismatched type``). The ops have no check of their own (an op check reads each type, and their
types may be function types, which broadcheck's type reader does not take): their declarations
say ``semantics=VALUE_FLOW``, which ``docs/ops.md`` shows as what checks them.

``func.constant`` and ``func.call_indirect`` print one function type: the constant's result has
it, and ``call_indirect``'s callee, whose inputs and results are the call's own
(the custom form derives them from it, so value flow holds each argument's definition to
it, as the parser does). The generic form's ``TypesMatchWith`` predicates are not checked:
broadcheck's type grammar does not read a function type as an operand's type.
"""

from __future__ import annotations

from broadcheck.dialects.assembly import Assembly, Wrong
from broadcheck.dialects.op import FUNCTIONAL, Op, Reading, SymbolRule, Texts, custom, ops
from broadcheck.dialects.shaped import reading, unplaced
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Statement, TypeText, symbol_name

VALUE_FLOW = "value-flow"
"""What checks the func ops: the engine's value flow and symbol table, not an op check."""


def _key(text: str) -> str:
    return "".join(text.split())


def _function_text(inputs: tuple[str, ...], results: tuple[str, ...]) -> str:
    """A function type as MLIR prints it (one result without parentheses)."""
    out = results[0] if len(results) == 1 and not results[0].startswith("(") else f"({', '.join(results)})"
    return f"({', '.join(inputs)}) -> {out}"


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The function ``func.constant`` names and its ``verifySymbolUses`` (the function exists,
    and its type is the constant's), or ``None`` where its form is not read."""
    symbol = next((i.text for i in statement.items if i.kind == "symbol"), None)
    if statement.generic:
        symbol = next((a.text.strip() for a in statement.attributes if a.name == "value"), None)
    if symbol is None or not symbol.startswith("@"):
        return None
    name = symbol_name(symbol)

    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        callee = callees[0]
        if callee is None:
            return "BC1757", {"name": name}
        written = texts[1][0] if len(texts[1]) == 1 else None
        if written is None or "?" in (*callee[0], *callee[1]):
            return None
        if _key(written) != _key(_function_text(callee[0], callee[1])):
            return "BC1758", {}
        return None

    return (name,), rule


def _function_type(statement: Statement) -> TypeText | None:
    """The function type a custom form writes after its ``:``, as one type."""
    sig = statement.signature
    if sig is None or sig.kind != "function":
        return None
    item = next((i for i in statement.items if i.kind == "types"), None)
    if item is None:
        return None
    return TypeText(item.text, item.start, item.end, "".join(item.text.split()))


def constant_form(statement: Statement) -> Reading:
    """``func.constant @f : (T) -> U``: the result is the function type."""
    whole = _function_type(statement)
    if whole is None or statement.result_count != 1:
        return unplaced(statement)
    return reading([], [whole])


def call_indirect_form(statement: Statement) -> Reading:
    """``func.call_indirect %f(%a) : (T) -> U``: ``%f`` is the function type, ``%a`` its
    input, the results its results."""
    whole = _function_type(statement)
    sig = statement.signature
    if whole is None or sig is None or len(sig.inputs) != len(statement.operands) - 1:
        return unplaced(statement)
    return reading([whole, *sig.inputs], list(sig.outputs))


def return_form(statement: Statement) -> Reading:
    """``return %a, %b : T, U``: one type per operand; ``return %f : (T) -> U``: the one operand's
    type is that function type (not a signature)."""
    sig = statement.signature
    count = len(statement.operands)
    if sig is not None and sig.kind == "list" and len(sig.inputs) == count:
        return reading(list(sig.inputs), [])
    whole = _function_type(statement) if count == 1 else None
    return reading([whole] if whole is not None else [None] * count, [])


_SYMBOL = lazy(r'@(?:[A-Za-z_][\w$.\-]*+|"(?:[^"\\]|\\.)*+")')
_UNSEPARATED = lazy(r"(%[\w$.\-]+(?:#\d+)?)[ \t]+(?=%)")


def call_form(statement: Statement, custom: str) -> Wrong | None:
    """``func.call @f(%a, %b) attr-dict : (T, U) -> V``, up to its types (which ``functional`` reads):
    the callee's symbol then ``(`` (a symbol ends where MLIR's lexer ends it: ``@f%a`` is ``@f``), the
    operands with a ``,`` between, then ``:``; each ``expected`` just after the token before."""
    items = statement.items
    if not items or items[0].kind != "symbol" or (m := _SYMBOL.match(items[0].text)) is None:
        return None
    symbol = items[0]
    if m.end() < len(symbol.text) or len(items) < 2 or not items[1].text.startswith("("):
        return "expected '('", symbol.start + m.end()
    values = items[1]
    unseparated = _UNSEPARATED.search(values.text)
    if unseparated is not None:
        return "expected ')'", values.start + unseparated.end(1)
    following = next((item for item in items[2:] if item.kind != "dict"), None)
    if following is not None and following.kind == "group":  # (types with no `:` before them)
        return "expected ':'", values.end
    return None


_CALL = lazy(r"\s*(?:%[^=]*=\s*)?(?:func\.)?call\s+(@[A-Za-z_][\w$.\-]*+)\s*")


def call_text(source: str) -> Wrong | None:
    """A call the reader cannot take (a bracket left open): its callee's ``(`` missing (``@f%a)``)."""
    m = _CALL.match(source)
    return ("expected '('", m.end(1)) if m is not None and not source.startswith("(", m.end()) else None


OPS = ops(
    Op("func.func", FUNCTIONAL, semantics=VALUE_FLOW, isolated=True),
    Op("func.return", custom(return_form), semantics=VALUE_FLOW),
    Op(
        "func.call",
        FUNCTIONAL,
        semantics=VALUE_FLOW,
        assembly=Assembly("functional", form=call_form, text_form=call_text),
    ),
    Op("func.call_indirect", custom(call_indirect_form), semantics=VALUE_FLOW),
    Op("func.constant", custom(constant_form), semantics=VALUE_FLOW),
)
