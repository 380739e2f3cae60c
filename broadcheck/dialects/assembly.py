"""What an op's custom parser checks before any verifier runs (:class:`Assembly`).

A custom form that its op's parser rejects is a parse error: MLIR stops there, in the
parser's own words and at its place, and no verifier runs. The rules below were each
checked against iree-opt 3.13 (``tests/fixtures/custom_parsers.mlir``,
``tests/fixtures/parse_errors_custom.mlir``). Where the place would be a token after the
statement (on a later line), the rule says nothing: the statement does not see it.

Two kinds of place: a missing punctuation (``expected ','``) sits just after the token
before it, a missing keyword or a wrong type at the token found (MLIR's
``emitWrongTokenError`` against ``emitError`` at the current token).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from broadcheck.ops import Frozen, ShapedType
from broadcheck.syntax.brackets import scan
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import depth
from broadcheck.syntax.named import NamedTuple
from broadcheck.syntax.problem import UNKNOWN_CUSTOM_OP, SyntaxProblem
from broadcheck.syntax.statement import Item, Signature, Statement, TypeText
from broadcheck.syntax.types import read_type, type_problem

TYPE_CHECKING = False  # not typing's: the aliases no module imports are for annotations only (start-up)
if TYPE_CHECKING:
    from typing import Literal

    TypeRule = Literal[
        "same", "functional", "complex", "select", "vector", "parens", "tuple", "pairwise", "index", "form"
    ]
    Value = Callable[[str], "str | None"]
    Form = Callable[[Statement, str], "Wrong | None"]


class Found(NamedTuple):
    """A parse error that MLIR follows with more errors of the same failure, on the same
    statement (an enum attribute's parser: ``expected ... to be one of: ...``, then ``failed
    to parse ... parameter 'value' ...``): each a message and the offset it names."""

    message: str
    at: int
    then: tuple[tuple[str, int], ...] = ()


Wrong = tuple[str, int] | Found
"""The parser's message and the offset it names (with its follow-ups, if it has any)."""

DIRECTIONS = ("EQ", "NE", "GE", "GT", "LE", "LT")
COMPARE_TYPES = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")

NEXT_OP = "expected operation name in quotes"

_OPERAND = r"%[\w$.-]+(?:#[0-9]+)?"
"""An SSA use as a custom form lists it."""
"""What MLIR says when an op is complete and what follows cannot start another one."""


def _not_an_operand(statement: Statement, n: int) -> Wrong | None:
    """ "expected SSA operand" where a form of ``n`` operands listed one by one (``$lhs , $rhs``) finds
    something else for its next operand: a word, a bracket, a ``,`` (``stablehlo.add ] %x, %y``, ``%x,
    y``, ``(%x)``), just after the token before it, as the op's parser says it; ``None`` where the
    operands are as written, or end early (the other checks say what then)."""
    items = statement.items
    for k in range(n):
        if 2 * k >= len(items):
            return None
        item = items[2 * k]
        if item.kind != "value":
            if item.kind not in _NOT_OPERANDS:
                return None
            return "expected SSA operand", items[2 * k - 1].end if k else statement.name_end
        if not is_comma(items, 2 * k + 1):
            return None
    return None


_NOT_OPERANDS = frozenset(("word", "punct", "group", "values"))


class Assembly(Frozen):
    """What an op's custom parser checks of its operands and types before any verifier runs:
    a custom form that breaks it is the parser's error, in its words and at its place.

    * ``operands``: the form lists exactly this many operands one by one (``$lhs, $rhs``);
      one more is ``expected ':'`` just after the last one it takes, one fewer ``expected
      ','`` just after the last one written;
    * ``keyword``: after the operands, ``, <keyword> = <value>`` (``dims = [..]``,
      ``format = e5m10``): anything else there is ``expected '<keyword>'`` at it; ``value``
      judges the value as written (the parser's message, or ``None``);
    * ``types``: how the types after the ``:`` are read:

      - ``same`` (StableHLO's ``custom<SameOperandsAndResultType>``): one type, or a function
        type that numbers the operands (``N operands present, but expected M``) and has one
        result (``expected single output``), both at the type; a second type ends the op;
      - ``complex`` (``custom<ComplexOpType>``): as ``same``, but the one type is a tensor of
        complex elements;
      - ``select`` (``custom<SelectOpType>``): two types (the predicate's, the values'), or a
        function type;
      - ``functional`` (ODS ``functional-type(operands, results)``): a function type
        (``invalid kind of type specified: expected builtin.function``), giving each operand
        a type (``number of operands and types do not match``, at the first operand, or at
        the op's name when the form does not write them with the ``operands`` directive:
        ``at_name``);
      - ``vector`` (``vector.broadcast``: ``type($source) to type($vector)``): ``to``, then a
        vector type;
      - ``parens`` (CHLO's broadcasting ops: ``( type($lhs) , type($rhs) ) -> type(results)``);
      - ``tuple`` (MHLO's ``custom<TupleOpType>``): one tuple type (``expected tuple type`` at
        the type), as many elements as operands;
      - ``pairwise`` (MHLO's ``custom<PairwiseOpType>``): a type list, one type per operand and
        per result (``expected type list`` after ``expected non-function type``);
      - ``index`` (ODS ``type($result)`` of an ``Index`` result: ``linalg.index 0 : index``): the
        one type is ``index`` (``invalid kind of type specified: expected builtin.index``, at it);
      - ``form``: what ``form`` says is all (``stablehlo.reduce``'s forms, read by its own parser);

    * ``compare`` (``stablehlo`` or ``mhlo``): ``$comparison_direction , $lhs , $rhs ( ,
      $compare_type )?`` before the types, each enum a keyword or a string of its values (a
      wrong one is two errors: the enum's, then its attribute parser's).

    And after any of them, the results named must be as many as the op defines (``operation
    defines N results but was provided M to bind``, at the first name).
    """

    __slots__ = __match_args__ = ("types", "operands", "keyword", "value", "at_name", "compare", "form", "text_form")
    types: TypeRule
    operands: int | None
    keyword: str | None
    value: Value | None
    at_name: bool
    compare: str | None
    form: Form | None
    """An op's own custom directive before its types (``custom<PrecisionConfig>``), read first."""
    text_form: Callable[[str], Wrong | None] | None
    """What the op's parser says of a custom form the reader cannot take, from its text (:meth:`unread`)."""

    def __init__(
        self,
        types: TypeRule,
        operands: int | None = None,
        keyword: str | None = None,
        value: Value | None = None,
        at_name: bool = False,
        compare: str | None = None,
        form: Form | None = None,
        text_form: Callable[[str], Wrong | None] | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "form", form)
        put(self, "text_form", text_form)
        put(self, "compare", compare)
        put(self, "types", types)
        put(self, "operands", operands)
        put(self, "keyword", keyword)
        put(self, "value", value)
        put(self, "at_name", at_name)

    def problem(self, statement: Statement) -> Wrong | None:
        """The parser's message for ``statement`` (a custom form) and the offset it names."""
        custom = f"custom op '{statement.name}' "
        items = statement.items
        colon = next((i for i, item in enumerate(items) if item.kind == "punct" and item.text == ":"), None)
        uses = statement.operands
        if colon is not None:  # `%a : %b`: a value where the types should be
            uses = tuple(u for u in uses if u.start < items[colon].start)
        elif statement.signature is not None:  # (what follows the types is not this op's)
            uses = tuple(u for u in uses if u.start < statement.signature.start)
        wrong = self._compare(statement, custom) if self.compare is not None else None
        wrong = wrong or (self.form(statement, custom) if self.form is not None else None)
        if self.types == "form":  # the op's own ``form`` reads all of it
            return wrong
        wrong = wrong or self._operands(statement, uses, custom) or self._listed(statement)
        if wrong is not None:
            return wrong
        if colon is not None:
            if colon + 1 < len(items) and items[colon + 1].kind == "value":
                if self.types == "pairwise":  # `parseTypeList` fails, and its caller says so too
                    then = ((f"{custom}expected type list", items[colon + 1].start),)
                    return Found("expected non-function type", items[colon].end, then)
                return ("expected '('" if self.types == "parens" else "expected non-function type"), items[colon].end
            return None
        signature = statement.signature
        if signature is None or (signature.kind != "function" and not signature.inputs):
            return None  # no types after a `:` (`-> T` alone): not a form these parsers read
        rule: Callable[[Statement, tuple[object, ...], str], Wrong | None] = getattr(self, f"_{self.types}")
        wrong = rule(statement, uses, custom)
        if wrong is not None and wrong[0] != NEXT_OP:
            return wrong
        if not self._complete(statement):
            return None
        # the op is read: its results are bound, then what follows must start another op
        bound = self._bind(statement)
        if bound is not None or wrong is not None:
            return bound or wrong
        after = _after(statement, signature.end)
        if after is not None and after.kind == "punct" and after.text == "," and self.types != "parens":
            return NEXT_OP, signature.end  # (CHLO's results are a type list: `-> T, U`)
        return next_op(statement, after)

    def _complete(self, statement: Statement) -> bool:
        """Whether the types read as the rule wants them (so the op is read to its end)."""
        signature = statement.signature
        assert signature is not None
        kind, inputs = signature.kind, signature.inputs
        if self.types in ("functional", "parens"):
            return kind == "function"
        if self.types == "vector":
            return kind == "to"
        if self.types == "select":
            return kind == "function" or (kind in ("list", "arrow") and len(inputs) == 2)
        if self.types == "tuple":
            return kind == "list" and len(inputs) == 1
        if self.types == "pairwise":
            return kind in ("list", "function")
        return kind == "function" or (kind in ("list", "arrow") and bool(inputs))

    # ---------------------------------------------------------------- operands

    def _operands(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        written = statement.operands
        n = self.operands
        if n is None:
            return None
        wrong = _not_an_operand(statement, n)
        if wrong is not None or not uses:
            return wrong
        unseparated = _unseparated(statement, min(len(uses), n)) if len(written) > 1 else None
        if unseparated is not None:  # (`%a %b`: the form's `,` is wanted after `%a`)
            return ("expected ','" if unseparated < n - 1 else "expected ':'"), written[unseparated].end
        if self.keyword is None:
            if len(uses) > n:
                return "expected ':'", written[n - 1].end if n else statement.name_end
            if len(uses) < n:
                return "expected ','", written[len(uses) - 1].end
            return None
        if len(uses) < n:
            return "expected ','", written[len(uses) - 1].end
        # `$operand, <keyword> = <value>`: what follows the n-th operand
        items = statement.items
        last = next(
            (i for i, item in enumerate(items) if item.kind == "value" and item.start == written[n - 1].start), -1
        )
        if last < 0:
            return None  # the operand is inside a bracket: not this form
        if not is_comma(items, last + 1):
            return "expected ','", written[n - 1].end
        if last + 2 >= len(items):
            return None  # the keyword would be on a later line
        clause = items[last + 2]
        if clause.kind == "word" and clause.text == self.keyword:  # (`dims 0]`: its `=` left out)
            return "expected '='", clause.start + len(clause.text)
        if clause.kind != "clause" or clause_name(clause) != self.keyword:
            return f"{custom}expected '{self.keyword}'", clause.start
        attribute = next((a for a in statement.attributes if a.start == clause.start), None)
        if attribute is not None and self.value is not None:
            message = self.value(attribute.text)
            if message is not None:
                return custom + message, attribute.end - len(attribute.text)
        if attribute is not None and self.keyword == "dims":
            if not attribute.text.startswith("["):  # (`dims = 0, 1]`: the list's `[`, just after the `=`)
                return "expected '['", clause.start + clause.text.index("=") + 1
            return _shifted(integer_list(attribute.text, custom), attribute.end - len(attribute.text))
        return None

    def unread(self, source: str) -> Wrong | None:
        """What this op's parser says of a custom form the reader cannot take (a bracket left
        open), where it is its ``dims = [...]`` list that fails, or its ``text_form`` says (offsets into
        ``source``)."""
        if self.text_form is not None:
            return self.text_form(source)
        if self.keyword is None:
            return None
        name = re.match(r"\s*(?:%[^=]*=\s*)?([\w$.]+)", source)
        custom = f"custom op '{name.group(1) if name else ''}' "
        if name is not None and self.operands:  # `$a, $b, <keyword>`: another token where the keyword goes
            listed = r"\s*,\s*".join([_OPERAND] * self.operands)
            m = re.compile(rf"\s+{listed}\s*,\s*(?=\S)").match(source, name.end())
            if m is not None and not re.compile(rf"{self.keyword}(?![\w$.])").match(source, m.end()):
                return f"{custom}expected '{self.keyword}'", m.end()
        if self.keyword != "dims":
            return None
        m = re.search(r",\s*dims\s*=\s*(?=\[)", source)
        if m is None:
            return None
        return _shifted(integer_list(source[m.end() :], custom), m.end())

    def _compare(self, statement: Statement, custom: str) -> Wrong | None:
        """``$comparison_direction , $lhs , $rhs ( , $compare_type )? attr-dict :``: each enum a
        keyword or a string (``generated enum attribute parsers``), the punctuation in place."""
        items = statement.items
        if len(items) < 2:
            return None
        wrong = self._enum(items, 0, "ComparisonDirection", DIRECTIONS, custom)
        if wrong is not None:
            return wrong
        at = 1
        for _ in range(2):  # `, $lhs`, `, $rhs`
            if not is_comma(items, at):
                return ("expected ','", items[at - 1].end) if at < len(items) else None
            if at + 1 >= len(items) or items[at + 1].kind != "value":
                return None  # not a form these rules read
            at += 2
        if at < len(items) and items[at].kind == "punct" and items[at].text == ",":
            wrong = self._enum(items, at + 1, "ComparisonType", COMPARE_TYPES, custom, statement.signature)
            if wrong is not None:
                return wrong
            at += 2
        if at < len(items) and items[at].kind == "punct" and items[at].text == ",":
            return "expected ':'", items[at - 1].end
        return None

    def _enum(
        self,
        items: tuple[Item, ...],
        at: int,
        enum: str,
        values: tuple[str, ...],
        custom: str,
        signature: Signature | None = None,
    ) -> Wrong | None:
        """An enum attribute written bare (``LT``) or as a string (``"LT"``) at ``items[at]``."""
        if at >= len(items):
            return None
        item = items[at]
        space = f"::mlir::{self.compare}::{enum}"
        prefix = "StableHLO" if self.compare == "stablehlo" else "MHLO"
        failed = f"{custom}failed to parse {prefix}_{enum}Attr parameter 'value' which is to be a `{space}`"
        word = item.text[1:-1] if item.kind == "string" else item.text
        if item.kind in ("word", "string") and _KEYWORD.fullmatch(item.text if item.kind == "word" else "x"):
            if word in values:
                return None
            if at + 1 >= len(items):
                return None  # the next token is on a later line
            after = items[at + 1]
            then = signature.after - 1 if after.kind == "types" and signature is not None else after.start
            return Found(f"{custom}expected {space} to be one of: {', '.join(values)}", item.start, ((failed, then),))
        if item.kind in ("value", "punct", "types"):
            start = item.start
            if item.kind == "types" and signature is not None and signature.after > 0:
                start = signature.after - 1  # the `:` before the types
            return Found(f"{custom}expected valid keyword or string", start, ((failed, start),))
        return None

    def _listed(self, statement: Statement) -> Wrong | None:
        """A variadic operand list (``tuple``, ``pairwise``, the ``operands`` of a functional
        form): two values without a ``,`` between end it after the first, where the ``:`` (or
        the attribute dictionary) must follow."""
        variadic = self.types == "functional" and self.operands is None and self.compare is None
        if self.types not in ("tuple", "pairwise") and not variadic:
            return None
        items = statement.items
        for before, item in pairwise(items):
            if item.kind != "value" and not (item.kind == "punct" and item.text == ","):
                return None
            if before.kind == "value" and item.kind == "value":
                return "expected ':'", before.end
        return None

    def _bind(self, statement: Statement) -> Wrong | None:
        """The generic parser's check once the op is read: as many result names as results."""
        signature = statement.signature
        assert signature is not None
        defined = len(signature.outputs) if self.types == "functional" else 1
        if self.types == "pairwise":
            defined = len(signature.inputs) if signature.kind == "list" else 1
        return bind_problem(statement, defined)

    # ---------------------------------------------------------------- types

    def _counted(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        """``assignFromFunctionType``: the function type numbers the operands, one result."""
        signature = statement.signature
        assert signature is not None
        if len(signature.inputs) != len(uses):
            return f"{custom}{len(uses)} operands present, but expected {len(signature.inputs)}", signature.start
        if len(signature.outputs) != 1:
            return f"{custom}expected single output", signature.start
        return None

    def _same(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind == "function":
            return self._counted(statement, uses, custom)
        if signature.kind == "arrow" or (signature.kind == "list" and len(signature.inputs) > 1):
            return NEXT_OP, signature.inputs[0].end
        return None

    def _complex(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind == "function":
            return self._counted(statement, uses, custom)
        if signature.kind not in ("list", "arrow"):
            return None
        written = _type(signature.inputs[0])
        if written is None:
            return None
        if not (isinstance(written, ShapedType) and str(written.element).startswith("complex<")):
            if not isinstance(written, ShapedType) and str(written).startswith(("memref<", "!")):
                return None  # a shaped type broadcheck does not read, or an alias
            return f"{custom}expected tensor with complex element type", signature.start
        return self._same(statement, uses, custom)

    def _select(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        inputs = signature.inputs
        if signature.kind == "function":
            return self._counted(statement, uses, custom)
        if signature.kind == "arrow" and len(inputs) == 2:
            return NEXT_OP, inputs[1].end
        if signature.kind == "list" and len(inputs) == 2:
            if len(uses) != 3 and uses:
                first = statement.operands[0].start
                return f"{custom}number of operands and types do not match: got {len(uses)} operands and 3 types", first
            return None
        if signature.kind in ("list", "arrow", "to"):
            return f"{custom}expected functional type or list of two types", signature.start
        return None

    def _functional(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind != "function":
            found = _printed(signature.inputs[0])
            if found is None:
                return None
            return f"{custom}invalid kind of type specified: expected builtin.function, but found '{found}'", (
                signature.start
            )
        if len(signature.inputs) == len(uses) or not uses:
            return None
        words = f"number of operands and types do not match: got {len(uses)} operands and {len(signature.inputs)} types"
        return custom + words, statement.name_start if self.at_name else statement.operands[0].start

    def _index(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind != "list" or len(signature.inputs) != 1:
            return None
        found = _printed(signature.inputs[0])
        if found is None or found == "index":
            return None
        return f"{custom}invalid kind of type specified: expected builtin.index, but found '{found}'", signature.start

    def _vector(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind == "list" and len(signature.inputs) == 1:
            after = _after(statement, signature.end)
            return None if after is None else (f"{custom}expected 'to'", after.start)
        if signature.kind != "to":
            return None
        result = _type(signature.outputs[0])
        if result is None or (isinstance(result, ShapedType) and result.kind == "vector"):
            after = _after(statement, signature.end)
            if after is not None and after.kind == "punct" and after.text == ",":
                return NEXT_OP, signature.end
            return None
        if str(result).startswith("!"):
            return None
        found = str(result)
        return f"{custom}invalid kind of type specified: expected builtin.vector, but found '{found}'", (
            signature.outputs[0].start
        )

    def _parens(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind != "function":
            return "expected '('", signature.after if signature.after >= 0 else signature.start
        inputs, n = signature.inputs, self.operands or 0
        if inputs and len(inputs) < n:
            return "expected ','", inputs[-1].end
        if len(inputs) > n:
            return "expected ')'", inputs[n - 1].end
        if signature.outputs and signature.end > signature.outputs[-1].end:  # `-> (T)`: a function type's start
            return "expected '->' in function type", signature.end
        return None

    def _tuple(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        first = signature.inputs[0] if signature.inputs else None
        if signature.kind == "function" or (first is not None and not first.text.startswith(("tuple<", "!"))):
            return f"{custom}expected tuple type", signature.start
        if signature.kind != "list" or first is None:
            return None
        if len(signature.inputs) > 1:
            return NEXT_OP, first.end
        size = _tuple_size(first.text)
        if size is not None and uses and size != len(uses):
            words = f"number of operands and types do not match: got {len(uses)} operands and {size} types"
            return custom + words, statement.operands[0].start
        return None

    def _pairwise(self, statement: Statement, uses: tuple[object, ...], custom: str) -> Wrong | None:
        signature = statement.signature
        assert signature is not None
        if signature.kind not in ("list", "function"):
            return None
        size = len(signature.inputs) if signature.kind == "list" else 1  # (a function type is one type)
        if uses and size != len(uses):
            words = f"number of operands and types do not match: got {len(uses)} operands and {size} types"
            return custom + words, statement.operands[0].start
        return None


_BARE = lazy(r"[A-Za-z_][\w$]*")


def next_op(statement: Statement, after: Item | None) -> Wrong | None:
    """What follows a complete custom form on its line, read as the start of the next op: a bare
    word is an op name (without a dialect: ``custom op 'extra' is unknown``); a value alone is a
    result name without its ``=`` (``expected '=' after SSA name``, just after it); an arrow starts
    none (``: T -> %a``, a tied result no form of a known op writes)."""
    if after is None:
        return None
    if after.kind == "punct" and after.text == "->":  # (just after the types: the wrong token's place)
        return NEXT_OP, statement.signature.end if statement.signature is not None else after.start
    if after.kind == "word" and _BARE.fullmatch(after.text):
        return UNKNOWN_CUSTOM_OP.format(name=after.text), after.start
    if after.kind == "value" and after is statement.items[-1] and ":" not in after.text and "#" not in after.text:
        return "expected '=' after SSA name", after.end
    return None


def _unseparated(statement: Statement, count: int) -> int | None:
    """Which of the first ``count`` operands a custom form writes is followed by another operand with
    no ``,`` between (``%a %b``), if one is (each at the statement's top level; else ``None``)."""
    items = statement.items
    for i in range(len(items) - 1):  # (most forms: one pass, no two values side by side)
        if items[i].kind == "value" and items[i + 1].kind == "value" and items[i + 1].text.startswith("%"):
            start = items[i].start
            k = next((k for k, use in enumerate(statement.operands) if use.start == start), count)
            return k if k < count else None
    return None


def statement_problem(statement: Statement) -> Wrong | None:
    """What MLIR's parser rejects in any form of an op: an attribute written without its value
    (``{name = }``: ``expected attribute value``, just after the ``=``), and, in the generic
    form, a function type with other operand types than operands (``expected N operand types
    but had M``, at the type), or other result names than results (``operation defines N
    results but was provided M to bind``, at the first name; a custom form's are
    :meth:`Assembly._bind`'s)."""
    for attribute in statement.attributes:
        if attribute.text.strip() == "=":  # (the reader keeps the `=` of an entry without a value)
            return "expected attribute value", attribute.end - len(attribute.text) + attribute.text.index("=") + 1
        dictionary = statement.generic or attribute.property  # (a dictionary's entry: one value, then `,` or `}`)
        left = _after_value(attribute.text) if dictionary else None
        if left is not None:
            return "expected '}' in attribute dictionary", attribute.end - len(attribute.text) + left
        if ":" in attribute.text and (untyped := _no_type_after(attribute.text)) is not None:
            return "expected non-function type", attribute.end - len(attribute.text) + untyped
        clause = not dictionary and statement.name.startswith(_LIST_PARSERS)
        listed = (dictionary or clause or attribute.text.startswith("dense<")) and _side_by_side(attribute.text)
        gap = _list_gap(attribute.text) if listed else None
        if gap is not None:  # (`[1 2]`: an element after another with no `,`)
            words = "expected ']'" if gap[1] or clause else "expected ',' or ']'"
            return words, attribute.end - len(attribute.text) + gap[0]
        if attribute.text.startswith("array<"):
            found = dense_array_problem(attribute.text)
            if found is not None:
                return found[0], attribute.end - len(attribute.text) + found[1]
    signature = statement.signature
    if not statement.generic and statement.name in _OPERANDS_THEN_TYPES:
        return _ended_early(statement)
    if not statement.generic or signature is None or signature.kind != "function":
        return None
    if len(signature.inputs) != len(statement.operands):  # (before the results are bound)
        return f"expected {len(statement.operands)} operand types but had {len(signature.inputs)}", signature.start
    return bind_problem(statement, len(signature.outputs))


_OPERANDS_THEN_TYPES = frozenset(("return", "func.return", "scf.yield", "linalg.yield"))
"""The terminators whose custom form is ``attr-dict ($operands^ `:` type($operands))?``: without an
operand first the op ends (after its dictionary, if any), and the next token must start an op."""


def _ended_early(statement: Statement) -> Wrong | None:
    """What the parser of a terminator with optional operands says where its form ends early:
    "expected operation name in quotes" just after its name (or dictionary) when no operand but
    something else follows on its line (``return : %a f32``, ``scf.yield = %x : f32``); "expected ':'"
    just after its last operand when no ``:`` and types follow (``return %a``, ``return %a ) f32``)."""
    items = statement.items
    first = 1 if items and items[0].kind == "dict" else 0
    if first == len(items):
        return None
    if items[first].kind in _NO_OPERAND:
        return "expected operation name in quotes", items[0].end if first else statement.name_end
    at = first
    while at < len(items) and items[at].kind == "value" and is_comma(items, at + 1):
        at += 2
    if at >= len(items) or items[at].kind not in ("value", "binding"):
        return None  # (no operand first, or a `,` then something else: the other checks')
    after = items[at + 1] if at + 1 < len(items) else None
    if after is not None and (after.kind == "types" or (after.kind == "punct" and after.text == ":")):
        return None  # (its `:`, then types or what the type parser words: `: %x`)
    return "expected ':'", items[at].start + len(items[at].text)


_NO_OPERAND = frozenset(("punct", "types", "values", "group"))


def _no_type_after(text: str) -> int | None:
    """Where an attribute's value ends with a ``:`` that no type follows (``0 :``, ``dense<1> :
    <tensor4xi64>``, ``: -<4xi64>``): just after that ``:``, where the type parser says "expected
    non-function type"; ``None`` otherwise (a ``:`` inside a bracket or a string is the value's own)."""
    colon = text.rfind(":")
    after = text[colon + 1 :].lstrip()
    if after and (after[0].isalpha() or after[0] in "!(_"):
        return None  # (a type, or the value's own `:`: `array<i64: 1>`, `"a:b"`)
    if text.startswith(":", colon - 1):
        return None  # (`@a::@b`)
    if '"' in text:  # (a string's `:`; its escaped `\"` ends it not)
        text = _STRING.sub(lambda m: " " * len(m.group()), text)
        if text[colon] != ":":
            return None
    return None if depth(text, "", 0, colon).stack else colon + 1  # (a bracket's `:`: `array<i64: 1>`)


_STRING = lazy(r'"(?:[^"\\\n]|\\.)*+"')


def parse_problem(statement: Statement) -> bool:
    """Whether MLIR's parser rejects ``statement`` in what broadcheck reads of any op: its attributes
    (:func:`statement_problem`) and its types. For an op no check judges: a known one's (``func.call``),
    or the generic form of an unregistered dialect's, which MLIR parses all the same."""
    if statement_problem(statement) is not None:
        return True
    signature = statement.signature
    return signature is not None and any(type_problem(t.text) for t in (*signature.inputs, *signature.outputs))


_SCALAR_VALUE = lazy(
    r"\s*(?:-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)|\"(?:[^\"\\]|\\.)*\"|true|false|unit"
    r"|@[\w$.\-]+(?:::@[\w$.\-]+)*)(?![\w$.\-])(?:\s*:\s*[A-Za-z_][\w$.]*(?![\w$.<]))?\s*"
)
"""An attribute value with no bracket: a number, a string, a boolean, ``unit`` or a symbol, and the type
a number may have after its ``:`` if that is one word (``1 : i64``)."""


_LIST_PARSERS = ("stablehlo.",)
"""The dialects whose custom forms read each list clause (``dims = [...]``, ``precision = [...]``) with
one list parser, which says ``expected ']'`` where a ``,`` is missing (iree-opt 3.13); other dialects'
clauses are each op's own parser's, in other words (not judged)."""
_SIDE_BY_SIDE = lazy(r'[\w.\]"][ \t\r\n]++[\w."\[\-]')
"""Two tokens with only blanks between, as a list's elements may stand."""


def _side_by_side(text: str) -> bool:
    """Whether two tokens of ``text`` may stand with only blanks between (:func:`_list_gap` then says
    where): one search in C; a long text (a dense literal of a million elements) first has its list's
    blanks counted against its commas' (MLIR prints ``, `` between elements): each a pass in C."""
    if len(text) > 4096:
        inner = text[text.find("[") : text.rfind("]")]
        if inner.count(" ") == inner.count(", ") and not any(c in inner for c in "\t\r\n"):
            return False
    return _SIDE_BY_SIDE.search(text) is not None


_LIST_ELEMENT = lazy(r'@?"(?:[^"\\]|\\.)*+"|[^\s,:\[\]()<>{}"]++(?::[^\s,:\[\]()<>{}"]++)*+')


def _list_gap(text: str) -> tuple[int, bool] | None:
    """Where an attribute value's ``[...]`` list has an element followed by another with no ``,`` between
    (just after the first: MLIR's place), and whether that list is a dense literal's (whose parser says
    ``expected ']'``; an array's, ``expected ',' or ']'``); ``None`` if none has."""
    if "[" not in text:
        return None
    stack: list[bool] = []  # (an open bracket: whether it is a list's `[`, and in a dense literal)
    kinds: list[str] = []
    last = -1  # (where the last element of the innermost list ended, -1: none since its `[` or `,`)
    i = 0
    while i < len(text):
        c = text[i]
        if c == "<" and not text.endswith("dense", 0, i):  # (a dialect's attribute or a type: its own syntax)
            close, _ = scan(text, i + 1, len(text))
            last, i = (close + 1 if kinds and kinds[-1] == "[" else -1), close + 1
        elif c in "[(<{":
            if c == "[" and kinds and kinds[-1] == "[" and last >= 0:
                return last, stack[-1]
            stack.append(c == "[" and (bool(stack and stack[-1]) or text.endswith("dense", 0, i - 1)))
            kinds.append(c)
            last, i = -1, i + 1
        elif c == ">" and text[i - 1 : i] == "-":  # (an affine map's `->`)
            i += 1
        elif c in "])>}":
            if kinds:
                kinds.pop(), stack.pop()
            last, i = (i + 1 if kinds and kinds[-1] == "[" else -1), i + 1
        elif c in ",:":  # (after a `:`, an element's type: `[1 : i32, 2 : i32]`)
            last, i = -1, i + 1
        elif c.isspace():
            i += 1
        else:
            m = _LIST_ELEMENT.match(text, i)
            end = m.end() if m is not None else i + 1
            if kinds and kinds[-1] == "[" and last >= 0:
                return last, stack[-1]
            last, i = (-1 if text[i:end] == "-" else end), end  # (`- 1`: a sign, then its number)
    return None


def _after_value(text: str) -> int | None:
    """Where MLIR's attribute dictionary wants its ``,`` or ``}`` and finds more (``1  i64``, ``"a" b``:
    just after the value, the text before the token it found); ``None`` where the value is all the
    entry, or not one judged here."""
    m = _SCALAR_VALUE.match(text)
    if m is None or m.end() == len(text) or text.startswith(":", m.end()):
        return None  # (a type that is no word after the `:`: its own parser's)
    return len(text[: m.end()].rstrip())


_ARRAY = lazy(r"array<\s*(?:(i)(\d+)|(f16|bf16|f32|f64))\s*:")
_ELEMENT = lazy(r"\s*(-?)\s*(?:(true|false)|(0x[0-9a-fA-F]+)|(\d+)(?![.\d])|(\d+\.\d*(?:[eE][-+]?\d+)?))\s*")


def dense_array_problem(text: str) -> tuple[str, int] | None:
    """What MLIR's parser says of a dense array attribute's elements (``array<i8: 1, 300>``), and
    the offset in ``text`` it says it at: an element that is not of the array's kind (``true`` or
    ``false`` only for ``i1``; a float, or a decimal integer for a float type), or an integer its
    width does not hold (signless: from -2^(n-1) to 2^n-1; ``-0`` neither), which it says once it
    has read the number (at what follows it). ``None``: read, or not a form judged here."""
    m = _ARRAY.match(text)
    if m is None:
        return None
    width = int(m.group(2)) if m.group(1) else 0
    at = m.end()
    while True:
        e = _ELEMENT.match(text, at)
        if e is None:
            return None
        sign, boolean, hexadecimal, decimal, real = e.groups()
        start = e.start(2) if boolean else e.start(3) if hexadecimal else e.start(4) if decimal else e.start(5)
        after = e.end()
        if width == 1 and not boolean:
            return ("expected 'true' or 'false' values for i1 type", after) if decimal else None
        if width > 1 and boolean:
            return "expected i1 type for 'true' or 'false' values", start
        if width > 1 and real:
            return "expected integer literal", start
        if width > 1 and decimal:
            number = -int(decimal) if sign else int(decimal)
            if (sign and not number) or not -(2 ** (width - 1)) <= number < 2**width:
                return "integer constant out of range", after
        if not width and boolean:
            return "expected floating point literal", start
        if not width and decimal:
            return "unexpected decimal integer literal for a floating point value", start
        if text.startswith(",", after):
            at = after + 1
            continue
        return None


_CALLS = frozenset({"func.call", "call"})
_FUNCTION_RESULTS = ("stablehlo.",)
"""The dialects whose custom forms' function types are their ops' results
(``functional-type(operands, results)``: ``rng_bit_generator``, ``custom_call``, ``reduce``...)."""


def custom_bind_problem(statement: Statement) -> Wrong | None:
    """A custom form whose types say how many results it has: one (``A to B``), the list after
    its region's ``->`` alone (``linalg.generic``'s, ``scf.if``'s), or the results of its function
    type (``func.call``'s): the results named must be as many (``operation defines N results but
    was provided M to bind``, at the first name; iree-opt 3.13). The parser says it once the op is
    read: after any other error of its form."""
    if statement.generic or not statement.results or (signature := statement.signature) is None:
        return None
    kind = signature.kind
    if kind == "to":
        defined = 1
    elif kind == "arrow" and statement.regions and not signature.inputs:  # (an op without its region may
        defined = len(signature.outputs)  # stop before it is read: a named linalg op's)
    elif kind == "function" and (statement.name in _CALLS or statement.name.startswith(_FUNCTION_RESULTS)):
        defined = len(signature.outputs)  # (`func.constant @f : () -> ()` types its value; `tfl.control_node`
    else:  # has one result more)
        return None
    return bind_problem(statement, defined)


def bind_problem(statement: Statement, defined: int) -> Wrong | None:
    """MLIR's parser once it has read an op of ``defined`` results: the names before its ``=``
    must be as many (``cannot name an operation with no results``, ``operation defines N results but
    was provided M to bind``; at the first name)."""
    if not statement.results:
        return None
    if not defined:
        return "cannot name an operation with no results", statement.results[0].start
    named = statement.result_count
    if named != defined:
        return f"operation defines {defined} results but was provided {named} to bind", statement.results[0].start
    return None


def _tuple_size(text: str) -> int | None:
    """How many types ``tuple<...>`` holds (``None``: not a tuple type as written)."""
    if not (text.startswith("tuple<") and text.endswith(">")):
        return None
    inner, depth, count = text[6:-1], 0, 0
    if not inner.strip():
        return 0
    for ch in inner:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return count + 1


def clause_name(item: Item) -> str:
    """A clause's name (``dims = [1, 0]``: ``dims``)."""
    return item.text.partition("=")[0].strip()


def is_comma(items: Sequence[Item], at: int) -> bool:
    """Whether the item at ``at`` is a ``,``."""
    return at < len(items) and items[at].kind == "punct" and items[at].text == ","


def _after(statement: Statement, end: int) -> Item | None:
    """The item that follows offset ``end`` in the statement, if any."""
    return next((item for item in statement.items if item.start >= end), None)


def _type(text: TypeText) -> object | None:
    """The type as read (``None``: broadcheck cannot read it)."""
    try:
        return read_type(text.text, {})
    except SyntaxProblem:
        return None


def _printed(text: TypeText) -> str | None:
    """The type as MLIR prints it (``None``: an alias, or a type broadcheck cannot read)."""
    if text.text.startswith("!"):
        return None
    written = _type(text)
    return None if written is None else str(written)


_KEYWORD = lazy(r"[A-Za-z_][\w$.]*")
_EXPONENT_MANTISSA = lazy(r"e([0-9]+)m([0-9]+)")
_INT_MAX = 2**31 - 1


_LIST_TOKEN = lazy(r"\s*(-?[0-9]+|\S)")


def integer_list(text: str, custom: str) -> Wrong | None:
    """StableHLO's ``dims = [1, 0]`` (``custom<DenseI64Array>``, ``parseCommaSeparatedList``
    of ``parseInteger``) as its parser reads ``text``: offsets into it. A token where an integer
    should be is ``expected integer value`` there, then ``expected ']'`` just before it unless it
    is the ``]``; after an integer, anything but ``,`` or ``]`` is ``expected ']'`` just after it."""
    if not text.startswith("["):
        return None
    pos, first, want = 1, True, True
    while True:
        m = _LIST_TOKEN.match(text, pos)
        if m is None:
            return None  # the next token is on a later line
        token, at = m.group(1), m.start(1)
        before = len(text[:at].rstrip())
        if want:
            if token == "]" and first:
                return None
            if not token.lstrip("-").isdigit():
                then = () if token == "]" else (("expected ']'", before),)
                return Found(f"{custom}expected integer value", at, then)
            want = first = False
        elif token == ",":
            want = True
        elif token == "]":
            return None
        else:
            return "expected ']'", before
        pos = m.end()


def _shifted(wrong: Wrong | None, by: int) -> Wrong | None:
    if wrong is None:
        return None
    then = tuple((message, at + by) for message, at in getattr(wrong, "then", ()))
    return Found(wrong[0], wrong[1] + by, then)


def exponent_mantissa(text: str) -> str | None:
    """StableHLO's ``custom<ExponentMantissa>`` (``reduce_precision``'s ``format = e5m10``):
    a bare word ``e<exponent bits>m<mantissa bits>``, each a C ``int``."""
    if not _KEYWORD.fullmatch(text):
        return None if any(c.isspace() for c in text) else "expected valid keyword"
    m = _EXPONENT_MANTISSA.fullmatch(text)
    if m is None:
        return f"expected exponent mantissa in format e#m#, saw {text}"
    if int(m.group(1)) > _INT_MAX:
        return f"unable to parse exponent '{m.group(1)}'"
    if int(m.group(2)) > _INT_MAX:
        return f"unable to parse mantissa '{m.group(2)}'"
    return None
