"""Stage *read a statement*, the custom form: a sequence of items, read from its tokens.

A custom form is read as what MLIR's printers share: value uses, ``%a = %b`` bindings and
``%a: T`` arguments (the values an op defines for its regions), typed value lists
(``ins(%a, %b : T, U)``, ``^bb1(%0 : T)``), ``name = value`` clauses, attribute
dictionaries, keywords, and the types after the ``:`` (a function type, one type or a list,
``A to B``, ``T -> U``). Which operand the types belong to is the op's own knowledge (its
declaration's layout, :mod:`broadcheck.dialects`), not this module's.
"""

from __future__ import annotations

import re

from broadcheck.syntax.cursor import Reader, successor, trailing_location, typed_uses, use_of
from broadcheck.syntax.head import FUNCTION_HEADS, head_problem
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.parts import (
    Attribute,
    Definition,
    Item,
    OpWords,
    ParserWords,
    Result,
    Signature,
    Statement,
    Successor,
    SyntaxProblem,
    Token,
    Use,
)

_SCALAR = lazy(r"-?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+)")
"""A number as a custom form may print a scalar literal (``5``, ``-2.5e3``, ``0x7F``)."""


def custom(r: Reader, results: list[Result], head: Token) -> Statement:
    if head.text in FUNCTION_HEADS and not results:  # a function's head, as its parser reads it
        problem = head_problem(r.text[head.start :])
        if problem is not None:
            raise SyntaxProblem(problem.message, head.start + problem.start, head.start + problem.end)
    r.pos += 1
    operands: list[Use] = []
    definitions: list[Definition] = []
    successors: list[Successor] = []
    attributes: list[Attribute] = []
    items: list[Item] = []
    signature: Signature | None = None
    regions = 0
    end = head.end
    while r.peek() is not None:
        tok = r.peek()
        assert tok is not None
        if tok.text == "loc" and r.at("(", 1) and r.matching.get(r.pos + 1, -2) == len(r.toks) - 1:
            break  # the trailing location
        if r.region_here():
            items.append(Item("region", "{...}", tok.start, r.toks[r.pos + 2].end))
            r.pos += 3
            regions += 1
            end = items[-1].end
            continue
        if tok.text == ":" and signature is None:
            r.pos += 1
            nxt = r.peek()
            before = r.toks[r.pos - 2] if r.pos >= 2 else None  # (`%scope::%key`: a value's name, `::` touching it)
            scoped = nxt is not None and nxt.text == ":" and nxt.start == tok.end
            scoped = scoped and before is not None and before.end == tok.start and before.text.startswith("%")
            if nxt is not None and (nxt.text.startswith("%") or scoped):
                items.append(Item("punct", ":", tok.start, tok.end))  # `init: %v`: a keyword's colon
                continue
            signature = r.signature()
            items.append(Item("types", r.text[signature.start : signature.end], signature.start, signature.end))
            end = signature.end
            after = r.peek()
            if after is not None and after.text.startswith("%") and "\n" in r.text[end : after.start]:
                # a value's name on a line after the types: the op ended with them, this starts the next
                raise SyntaxProblem(f"expected end of statement, found '{after.text}'", after.start, after.end)
            if _stray_closer(r, signature):
                # the statement's last token, a closer no bracket of it opened (`: tensor<4xf32>>`): the op
                # ends with its types, and no op starts so (just after the types, `emitWrongTokenError`'s place)
                raise ParserWords("expected operation name in quotes", end, end + 1)
            continue
        if (
            tok.text == "->"
            and signature is None
            and not (r.at_value(1) and (r.at("[", 2) or r.at(":", 2)))
            and not (r.at("(", 1) and r.at(":", 3) and r.peek(2).kind == "word")  # type: ignore[union-attr]
        ):
            # (not `-> %t[...]`, `-> %scope::%key`: a stream op's target; `-> %arg0`, a tied result, fails here;
            # not `-> (%out: i8, %done: i1)`, `-> (carry: i1)`: named results, calyx.component's (its region's
            # arguments), hw.instance's)
            # Result types without a `:`: `func.func @f(...) -> (T, U)`, `scf.for ... -> (T)`,
            # `linalg.generic ... {...} -> tensor<4xf32>` (after the region)
            r.pos += 1
            listed = not r.at("(")
            outputs = r.type_group()
            while (
                listed
                and r.at(",")
                and (after := r.peek(1)) is not None
                and (after.text[:1].isalpha() or after.text[:1] == "!")
            ):
                r.pos += 1  # (`scf.index_switch %c -> i32, i64`: a list without parentheses)
                outputs.append(r.type())
            signature = Signature("arrow", (), tuple(outputs), outputs[0].start if outputs else tok.end, r._last_end())
            items.append(Item("types", r.text[tok.start : signature.end], tok.start, signature.end))
            end = signature.end
            continue
        if not items and (_SCALAR.fullmatch(tok.text) or tok.kind == "string") and _value_ends(r):
            # `arith.constant 5.0 : i32`, `arith.constant 1`: a literal printed without its attribute's name
            attributes.append(Attribute("", tok.text, tok.start, tok.end))
        _custom_item(r, tok, operands, definitions, successors, attributes, items)
        end = items[-1].end if items else end
    if r.peek() is not None:
        trailing_location(r)
    return Statement(
        head.text, head.start, head.end, False, tuple(results), tuple(operands), tuple(definitions),
        tuple(successors), tuple(attributes), signature, regions, tuple(items), end,
    )  # fmt: skip


def _stray_closer(r: Reader, signature: Signature) -> bool:
    """Whether the token after ``signature`` is the statement's last and a closer none of its
    brackets opened, and the signature's types read (else MLIR's type parser speaks first)."""
    from broadcheck.syntax.types import type_problem

    after = r.peek()
    if after is None or after.kind != "close" or r.pos != len(r.toks) - 1 or r.pos in r.matching.values():
        return False
    return not any(type_problem(t.text) for t in (*signature.inputs, *signature.outputs))


def _value_ends(r: Reader) -> bool:
    """Whether the literal at the cursor ends its statement's values: its type's ``:``, a trailing
    location or nothing follows (``arith.constant 1 : i32``, ``arith.constant 1``: an untyped one)."""
    after = r.peek(1)
    return after is None or after.text == ":" or (after.text == "loc" and r.at("(", 2))


def _custom_item(
    r: Reader,
    tok: Token,
    operands: list[Use],
    definitions: list[Definition],
    successors: list[Successor],
    attributes: list[Attribute],
    items: list[Item],
) -> None:
    """Read the custom-form item at the cursor."""
    text = tok.text
    if tok.kind == "word" and text.startswith("%"):
        r.pos += 1
        use = use_of(tok)
        if use is None:
            raise SyntaxProblem(f"invalid SSA value '{text}'", tok.start, tok.end)
        named = r.pos >= 2 and r.toks[r.pos - 2].text == "as"  # `arc.sim.instantiate @dut as %model {`
        # `%i = %lb` (scf.for) or `%i = 0` (affine.for): a value defined for the region; with no `{` after
        # it, nothing is defined so (`calyx.assign %r.in = %x : i32`), nor by `%tp => %r` (an arrow)
        bound = r.at("=") and not r.text.startswith(">", r.toks[r.pos].end) and r.text.find("{", tok.end) >= 0
        if named or bound:
            r.pos += bound  # (past the `=`)
            definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            items.append(Item("binding", text, tok.start, tok.end))
            return
        operands.append(use)
        items.append(Item("value", text, tok.start, tok.end))
        return
    if tok.kind == "word" and text.startswith("^"):
        r.pos += 1
        successors.append(successor(r, tok))
        items.append(Item("successor", r.text[tok.start : successors[-1].end], tok.start, successors[-1].end))
        return
    if tok.kind == "open":
        start, end = tok.start, r.toks[r.group_end()].end
        if text == "{" and r.at_value(1):  # `!stream.resource<*>{%size}`: a type's dynamic sizes, values used
            operands.extend(_uses_in_group(r))
            r.pos = r.group_end() + 1
            items.append(Item("values", r.text[start:end], start, end))
            return
        if text == "{":
            r.dictionary(attributes)
            items.append(Item("dict", r.text[start:end], start, end))
            return
        if text == "<" and r.at("{", 1):  # properties
            close = r.group_end()
            r.pos += 1
            r.dictionary(attributes, properties=True)
            r.pos = close + 1
            items.append(Item("props", r.text[start:end], start, end))
            return
        if text == "(":
            _paren_group(r, operands, definitions, items)
            return
        if text == "[" and r.at(":", 2) and _group_kind(r.toks[r.pos + 1 : r.group_end()]) == "arguments":
            # `pcf.generic ... execute(%ref = %a)[%id: index, %n: index]`: its region's arguments
            close = r.group_end()
            for tok in r.toks[r.pos + 1 : close]:
                if tok.text.startswith("%") and (use := use_of(tok)) is not None:
                    definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            r.pos = close + 1
            items.append(Item("arguments", r.text[start:end], start, end))
            return
        operands.extend(_uses_in_group(r))  # `%t[%i, 0]`, `[%a, 4]`: values used inside brackets
        r.skip_group()
        items.append(Item("group", r.text[start:end], start, end))
        if text == "[":  # `stablehlo.slice %a [0:2, 1:3]`: an attribute printed without its name
            attributes.append(Attribute("", r.text[start:end], start, end))
        return
    if tok.kind == "word" and r.at("=", 1) and not text.startswith(("@", "#", "!")):
        # `dims = [1, 2]`, `contracting_dims = [1] x [0]`: a clause up to a depth-0 `,` or `:`
        equals = r.peek(1)
        assert equals is not None
        r.pos += 2  # (nothing after the `=`: the clause's text still ends with it)
        vstart = r.peek().start if r.peek() is not None else equals.end  # type: ignore[union-attr]
        vend = vstart
        while r.peek() is not None and r.peek().text not in (",", ":") and not r.region_here():  # type: ignore[union-attr]
            nxt = r.peek()
            assert nxt is not None
            if nxt.kind == "open":
                if nxt.text == "(" and _word_before_paren(r):
                    break
                if nxt.text == "{" and vend > vstart:  # `window = {...} {attrs}`: the op's dictionary follows
                    break
                if nxt.text == "(" and vend > vstart and _arguments_follow(r):
                    break  # `manual_axes={"a"} (%arg1: T) {...}`: the region's arguments follow
                operands.extend(_uses_in_group(r))  # `inner_tiles = [%t, 4]`
                _, vend = r.skip_group()
            elif (nxt.kind == "word" and nxt.text.startswith("%")) or (nxt.kind == "word" and r.at("=", 1)):
                break
            else:
                vend = nxt.end
                r.pos += 1
        attributes.append(Attribute(text, r.text[vstart:vend], tok.start, vend))
        items.append(Item("clause", r.text[tok.start : vend], tok.start, vend))
        return
    r.pos += 1
    if tok.kind == "word" and r.at("<") and r.peek().start == tok.end:  # type: ignore[union-attr]
        _, end = r.skip_group()  # `dense<0>`, `nan_mode<PROPAGATE>`: one word
        items.append(Item("word", r.text[tok.start : end], tok.start, end))
        if text in _LITERALS:  # `stablehlo.constant dense<...> : T`: an attribute printed without its name
            attributes.append(Attribute("", r.text[tok.start : end], tok.start, end))
        return
    if tok.kind == "string":
        items.append(Item("string", text, tok.start, tok.end))
    elif tok.kind == "punct" or tok.kind == "arrow":
        items.append(Item("punct", text, tok.start, tok.end))
    elif text.startswith("@"):
        quoted = r.peek()
        if text == "@" and quoted is not None and quoted.kind == "string" and quoted.start == tok.end:
            r.pos += 1  # `@"functional_1/lstm_1/while/body"`: a quoted symbol name is one item
            items.append(Item("symbol", r.text[tok.start : quoted.end], tok.start, quoted.end))
            return
        items.append(Item("symbol", text, tok.start, tok.end))
    else:
        if tok.kind == "close" and items:  # a closer no bracket opened
            _stray(items[-1], operands, r.at(":") and not r.at(":", 1))
        items.append(Item("word", text, tok.start, tok.end))


def _stray(before: Item, operands: list[Use], typed: bool) -> None:
    """A closer no bracket opened, after the item ``before`` (``operands`` read; ``typed``: the
    op's types follow it): an elements literal wants its ``: T`` ("expected ':'", ``dense<1.0>>
    : T``); after an operand, before the types (``%a, %b] : T``), the op's parser wants what its
    form writes next, the ``:`` or a ``,`` (:class:`OpWords`: the engine words it). Both just
    after ``before``."""
    if before.kind == "word" and before.text.startswith(("dense<", "dense_resource<", "sparse<")):
        raise OpWords("expected ':'", before.end, before.end + 1)
    if typed and before.kind in ("value", "group", "values"):
        raise OpWords(
            "expected ':'", before.end, before.end + 1, "operands", len(operands), operands[0].start if operands else -1
        )


def _uses_in_group(r: Reader) -> list[Use]:
    """The values used inside the bracket group at the cursor, at any depth, in order."""
    close = r.group_end()
    return [use for tok in r.toks[r.pos + 1 : close] if tok.text.startswith("%") and (use := use_of(tok)) is not None]


def _word_before_paren(r: Reader) -> bool:
    """Whether the ``(`` at the cursor follows a word directly (``iter_args(``, ``reducer(``)."""
    prev = r.toks[r.pos - 1] if r.pos else None
    tok = r.peek()
    return prev is not None and tok is not None and prev.kind == "word" and prev.end == tok.start


def _paren_group(r: Reader, operands: list[Use], definitions: list[Definition], items: list[Item]) -> None:
    """A ``(...)`` item of a custom form: operands (``(%a, %b)``, ``(%a init: %b)``), typed
    operands (``ins(%a, %b : T, U)``), bindings (``(%x = %a, ...)``), arguments (``(%x: T, ...)``)."""
    open_tok = r.peek()
    assert open_tok is not None
    close = r.group_end()
    start, end = open_tok.start, r.toks[close].end
    inner = r.toks[r.pos + 1 : close]
    prev = r.toks[r.pos - 1] if r.pos else None
    # `ins (%a : T)`: linalg's printer puts no space there, but its parser takes one
    touching = prev is not None and (prev.end == open_tok.start or prev.text in ("ins", "outs"))
    keyword = prev.text if prev is not None and touching and prev.kind == "word" else ""
    kind = _group_kind(inner)
    if kind == "open bindings":  # `iter_args(%a = %b, %c)`: "expected '='"; `execute(%ref = %init, %ref1)`: other
        kind = "bindings" if keyword == "iter_args" else "other"
    r.pos += 1
    single = len(_values_in(inner)) == 1
    # `index_base(%base : index)`: a keyword's one operand, printed ` : ` (an argument prints `%x: T`)
    spaced = kind == "arguments" and single and keyword[:1].isalpha() and inner[1].start > inner[0].end
    if kind == "arguments" and not (single and (keyword in _TYPED_USE_KEYWORDS or spaced)):
        while r.pos < close:
            tok = r.take()
            use = use_of(tok)
            if use is None and tok.text == "..." and r.pos == close:
                break  # `handshake.func @f(%a: i64, ...)`: variadic (func.func's head says otherwise: FUNCTION_HEADS)
            if use is None:  # `(%a: T, 5 %b: T)`
                raise SyntaxProblem("expected SSA identifier", tok.start, tok.end)
            r.expect(":")
            type_ = r.type()
            definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), type_))
            while r.pos < close and not r.at(","):  # `%a: T {attrs}` or `%a: T loc(...)`
                if r.peek().kind == "open":  # type: ignore[union-attr]
                    r.skip_group()
                else:
                    r.pos += 1
            if r.at(","):
                r.pos += 1
        items.append(Item("arguments", r.text[start:end], start, end))
    elif kind in ("typed", "arguments"):
        operands.extend(typed_uses(r, close))
        items.append(Item("typed", r.text[start:end], start, end))
    elif kind == "bindings":
        while r.pos < close:
            tok = r.take()
            use = use_of(tok)
            if use is None:  # `iter_args(5 = %a)`
                raise SyntaxProblem("expected SSA operand", tok.start, tok.end)
            definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            r.expect("=")
            value = r.take()
            bound = use_of(value)
            if bound is not None:
                operands.append(bound)
            if r.at(","):
                r.pos += 1
        items.append(Item("bindings", r.text[start:end], start, end))
    elif kind == "values":
        # a region's, not used: `scf.forall (%i, %j) in (4, 8)`, `scf.parallel (%i) = (%a) to ...`, and the
        # names a list of arguments touches, `execute(%ref)[%id: index]` (pcf.generic's)
        region = _introduces_indices(r, close, keyword) or _arguments_touch(r, close)
        for tok in inner:
            use = use_of(tok)
            if use is not None and region:
                definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            elif use is not None:
                operands.append(use)
        items.append(Item("indices" if region else "values", r.text[start:end], start, end))
    else:  # (`scf.forall (%i) in (%n, 32)`: the values in it are used, but those it binds for a region)
        # (`@top(in %a : i4)`, `@ext<W: i32>(in %a : i4)`: a head's)
        headed = prev is not None and touching and (prev.text.startswith("@") or prev.text == ">")
        _group_values(inner, operands, definitions, _arguments_touch(r, close), headed)
        items.append(Item("group", r.text[start:end], start, end))
    r.pos = close + 1


def _group_values(
    inner: list[Token], operands: list[Use], definitions: list[Definition], region: bool = False, listed: bool = False
) -> None:
    """The values a ``(...)`` group of no known kind uses and defines: defined, a name after ``as``
    (``with(%r as %capture: T{%size})``), one before ``=`` and one followed by ``:`` (touching it:
    ``%a : T`` alone is a typed use; in a list where another name touches its ``:``, ``(in %a: i2,
    in %b : i2)``, or that a symbol names (``listed``: ``@top(in %a : i4)``), an argument too) or by
    brackets then ``:``, with the names in those brackets (an argument list, ``(%arg0[%offset for
    %length]: T, %n: i32)``); used, the rest (``(%n, 32)``, the sizes ``{%size}`` of a type, a
    keyword's value ``(in1: %x: i1)``). With ``region`` (arguments follow the group: ``execute(%ref
    = %init, %ref1)[%id: index]``) every name is defined but one after ``=``; so is a name its type
    and then ``=`` follow (``%a0 : i32 = %arg0``)."""
    depth, held = 0, False  # (held: inside the brackets right after a bound name)
    # an argument list once one name touches its `:` (`(in %a: i2, in %b : i2)`: the spaced one is bound too)
    listed = listed or any(t.text == ":" and inner[k - 1].end == t.start and inner[k - 1].text.startswith("%")
                           for k, t in enumerate(inner) if k)  # fmt: skip
    for k, tok in enumerate(inner):
        if tok.kind == "open":
            depth += 1
        elif tok.kind == "close":
            depth -= 1
            held = held and depth > 0
        elif tok.text.startswith("%") and (use := use_of(tok)) is not None:
            nxt = inner[k + 1] if k + 1 < len(inner) else None
            after = nxt.text if nxt is not None and nxt.start == tok.end else ""  # (touching: `%x: T`, not `%x : T`)
            bound = held
            if depth == 0:
                before = inner[k - 1].text if k else ""  # (`@half(in1: %x: i1)`: a port's value after `:`, used)
                following = nxt.text if nxt is not None else ""
                argument = before == "as" or after in (":", "[") or (listed and following == ":")
                bound = (argument and before != ":") or following == "=" or (region and before != "=")
                bound = bound or (following == ":" and _typed_binding(inner, k + 2))  # (`%a0 : i32 = %arg0`)
                held = bound and after == "["
            if bound:
                definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            else:
                operands.append(use)


def _typed_binding(inner: list[Token], k: int) -> bool:
    """Whether the type that starts at ``inner[k]`` is followed by ``=`` before the entry ends: the
    name before it is bound to a value (``pipeline.unscheduled(%a0 : i32 = %arg0, ...)``)."""
    depth = 0
    for tok in inner[k:]:
        if tok.kind == "open":
            depth += 1
        elif tok.kind == "close":
            depth -= 1
        elif depth == 0 and tok.text in (",", "="):
            return tok.text == "="
    return False


def _arguments_touch(r: Reader, close: int) -> bool:
    """Whether the group closing at ``close`` is followed, touching it, by a ``[`` listing
    arguments (``[%id: index, ...]``): the names of both are a region's (``pcf.generic``'s
    ``execute(%ref)[%id: index]``)."""
    toks = r.toks
    return (
        close + 3 < len(toks)
        and toks[close + 1].text == "["
        and toks[close + 1].start == toks[close].end
        and toks[close + 2].text.startswith("%")
        and toks[close + 3].text == ":"
    )


def _arguments_follow(r: Reader) -> bool:
    """Whether the ``(`` at the reader names arguments: ``(%x: T, ...)``."""
    toks = r.toks
    return r.pos + 2 < len(toks) and toks[r.pos + 1].text.startswith("%") and toks[r.pos + 2].text == ":"


def _introduces_indices(r: Reader, close: int, keyword: str) -> bool:
    """Whether the ``(%i, ...)`` closing at ``close`` names a loop's induction variables: it is
    followed by ``in`` (``scf.forall``; after a keyword, ``gpu.launch``'s ``blocks(%bx, %by, %bz) in
    (%sx = %n, ...)``) or, with no keyword before it, by ``=`` (``scf.parallel``, ``affine.parallel``)."""
    after = r.toks[close + 1] if close + 1 < len(r.toks) else None
    return after is not None and (after.text == "in" or (after.text == "=" and not keyword))


_LITERALS = frozenset({"dense", "sparse", "dense_resource", "array"})
"""The words that start an elements or array literal, which a custom form may print without its
attribute's name (:class:`Attribute` ``""``)."""

_TYPED_USE_KEYWORDS = frozenset({"ins", "outs", "iter_args", "args", "init", "padding_value"})


def _values_in(inner: list[Token]) -> list[Token]:
    return [t for t in inner if t.kind == "word" and t.text.startswith("%")]


def _group_kind(inner: list[Token]) -> str:
    """How a custom form's ``(...)`` reads: ``values``, ``typed``, ``arguments``, ``bindings``
    (``open bindings`` if the last name is bound to nothing) or ``other`` (anything else: kept as text)."""
    if not inner:
        return "other"
    depth0 = []
    depth = 0
    for t in inner:
        if depth == 0:
            depth0.append(t)
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
    texts = [t.text for t in depth0]
    first = depth0[0]
    if not first.text.startswith("%"):
        return "other"
    if len(texts) >= 3 and texts[1] == "=":
        if not all(texts[i + 1] == "=" for i in range(0, len(texts), 4) if i + 1 < len(texts)):
            return "other"
        return "bindings" if len(texts) % 4 == 3 else "open bindings"  # (`(%a = %b, %c)`: the last not bound)
    if len(texts) >= 3 and texts[1] == ":" and not texts[2].startswith("%"):
        # `%a: T, %b: U` (arguments) or `%a : T` (one typed operand: the same text)
        colon_count = texts.count(":")
        values = sum(1 for t in texts if t.startswith("%"))
        return "arguments" if colon_count == values else "other"
    if ":" in texts:
        colon = texts.index(":")
        if all(t.startswith("%") or t == "," for t in texts[:colon]) and colon + 1 < len(texts):
            if texts[colon + 1].startswith("%"):  # `(%a init: %b)`
                return (
                    "values"
                    if all(t.startswith("%") or t in (",", ":") or t.isidentifier() for t in texts)
                    else "other"
                )
            return "typed"
        if all(t.startswith("%") or t in (",", ":") or re.fullmatch(r"[A-Za-z_]\w*", t) for t in texts):
            return "values"
        return "other"
    if all(t.startswith("%") or t == "," for t in texts):
        return "values"
    if _values_then_named(texts):
        return "values"
    return "other"


def _values_then_named(texts: list[str]) -> bool:
    """``%x, k = 4, is_stable = false``: values, then named attributes (``chlo.top_k(...)``)."""
    at = next((i for i, t in enumerate(texts) if not (t.startswith("%") or t == ",")), len(texts))
    if at == 0 or texts[at - 1] != ",":
        return False
    rest = texts[at:]
    return len(rest) % 4 == 3 and all(
        re.fullmatch(r"[A-Za-z_]\w*", rest[i]) and rest[i + 1] == "=" and (i + 3 >= len(rest) or rest[i + 3] == ",")
        for i in range(0, len(rest), 4)
    )
