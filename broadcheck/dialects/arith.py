"""The arith dialect (forms only): ``arith.addf %a, %b : f32`` gives every operand and the
result one type, ``arith.cmpf oeq, %a, %b : f32`` the operands alone, casts ``A to B``."""

from collections.abc import Callable
from functools import cache

from broadcheck.dialects import parts
from broadcheck.dialects.literal import same_type
from broadcheck.dialects.op import CONVERSION, RESULT, SAME, Assembly, Op, Reading, custom
from broadcheck.dialects.properties import Unreadable, rejected
from broadcheck.dialects.shaped import (
    Rule,
    bit_width,
    check_types,
    derived,
    element_of,
    is_float,
    reading,
    trailing_types,
    unplaced,
    view,
    view_text,
)
from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, then
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement

_SAME = (
    "addf addi addui_extended ceildivsi ceildivui divf divsi divui floordivsi maximumf maxnumf maxsi maxui minimumf "
    "minnumf minsi minui mulf muli mulsi_extended mului_extended negf remf remsi remui subf subi andi ori xori "
    "shli shrsi shrui"
).split()
_BINARY = [name for name in _SAME if not name.endswith("_extended")]
_CASTS = "bitcast extf extsi extui fptosi fptoui index_cast index_castui sitofp uitofp truncf trunci".split()


def _compare(statement: Statement) -> Reading:
    """``arith.cmpf oeq, %a, %b : T``: the operands are ``T``, the result ``T`` with ``i1`` elements
    (``vector<3xindex>`` gives ``vector<3xi1>``: the element is replaced whole, never by its text).
    The predicate is kept as written (``""`` where none is, at the token the parser stands on),
    for :func:`_compare_check` to read as the parser does."""
    first = statement.items[0] if statement.items else None
    written = (
        Property("predicate", first.text, first.start, first.end)
        if first is not None and first.kind in ("word", "string")
        else Property("predicate", "", first.start, first.end)
        if first is not None
        else None
    )
    types = trailing_types(statement)
    if len(types) != 1 or len(statement.operands) != 2:
        found = unplaced(statement)
        return found._replace(properties=(written,)) if written is not None else found
    v = view_text(types[0].text)
    result = derived("i1" if v is None else str(v._replace(element="i1")), types[0])
    return reading([types[0]] * 2, [result], [written] if written is not None else [])


_PREDICATES = {
    "arith.cmpi": "eq ne slt sle sgt sge ult ule ugt uge".split(),
    "arith.cmpf": "false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split(),
}
_I64 = lazy(r"(-?[0-9]+)(?:\s*:\s*(\w+))?")


def _predicate(op: Operation) -> Problem | None:
    """The predicate of ``arith.cmpi``/``cmpf``: in the custom form a keyword (or string) of the
    enum, read by the parser; in the generic form a required 64-bit integer among the cases."""
    cases = _PREDICATES[op.name]
    attr = op.attribute("predicate")
    if not op.generic:
        if attr is None:
            return None
        text = attr.text
        if text.startswith('"'):
            if text[1:-1] in cases:
                return None
            return Problem("BC1355", {"name": op.name, "text": text}, span=attr.span)
        if text in cases:
            return None
        return Problem("BC1354", {"name": op.name, "cases": ", ".join(cases)}, span=attr.span)
    if attr is None:
        return Problem("BC610", {"name": "predicate"})
    m = _I64.fullmatch(attr.text.strip())
    if m is None and attr.text.strip().startswith("#"):
        return NOT_JUDGED  # an alias: not read here
    if m is None or m.group(2) not in (None, "i64") or not 0 <= int(m.group(1)) < len(cases):
        if attr.property:  # (the parser converts it to the enum attribute first: a parse error)
            try:
                return rejected(op, "predicate")
            except Unreadable:
                return NOT_JUDGED
        constraint = "allowed 64-bit signless integer cases: " + ", ".join(map(str, range(len(cases))))
        return Problem("BC562", {"name": "predicate", "constraint": constraint})
    return None


@cache
def _kin(kin: str, rename: tuple[str, str] = ("", "")) -> Callable[[Operation, Profile], Problem | None]:
    """The generated check of an op newer than the ODS tables (iree-opt 3.13's ``maximumnumf``,
    ``subui_extended``, ...) from its kin's traits (the same ODS class; ``rename`` a value's name
    in its predicates): each probed against iree-opt 3.13, which words them alike."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of

    old, new = rename
    traits = ods.traits(kin) or ()
    return check_of(tuple(t.replace(old, new) if old and t.startswith("pred=") else t for t in traits), NOT_JUDGED)


def _maximumnumf(op: Operation, profile: Profile) -> Problem | None:
    """``arith.maximumnumf``/``minimumnumf``: Arith_FloatBinaryOp, as ``maximumf``."""
    return _kin("arith.maximumf")(op, profile)


def _flush_denormals(op: Operation, profile: Profile) -> Problem | None:
    """``arith.flush_denormals``: Arith_FloatUnaryOp, as ``negf``."""
    return _kin("arith.negf")(op, profile)


def _subui_extended(op: Operation, profile: Profile) -> Problem | None:
    """``arith.subui_extended``: as ``addui_extended``, its difference named ``diff``."""
    return _kin("arith.addui_extended", ("sum}", "diff}"))(op, profile)


def _convertf(op: Operation, profile: Profile) -> Problem | None:
    """``arith.convertf`` (newer than the ODS tables): Arith_FToFCastOp, as ``extf``, its
    ``areCastCompatible`` two different float types of one width (``f16`` and ``bf16``)."""
    problem = _kin("arith.extf")(op, profile)
    if problem is not None and problem is not NOT_JUDGED and problem.code != "BC1170":
        return problem
    return then(NOT_JUDGED if problem is NOT_JUDGED else None, lambda: _convert_cast(op))


def _convert_cast(op: Operation) -> Problem | None:
    """``arith.convertf``'s ``areCastCompatible``."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return None
    a, r = element_of(op.operands[0].type), element_of(op.results[0].type)
    if a == r or not is_float(a) or not is_float(r) or bit_width(a) != bit_width(r):
        return Problem(
            "BC1170", {"operands": f"operand type '{op.operands[0].type}'", "result": str(op.results[0].type)}
        )
    return None


@cache
def _generated(name: str) -> Callable[[Operation, Profile], Problem | None]:
    """The check made from the op's generated ODS traits."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of

    return check_of(ods.traits(name) or (), NOT_JUDGED)


def _compare_check(op: Operation, profile: Profile) -> Problem | None:
    """``arith.cmpi``/``cmpf``: the predicate (the parser's reading, or the attribute's constraint,
    which ODS checks before the types), then the checks of the generated traits."""
    problem = then(_predicate(op), lambda: _generated(op.name)(op, profile))
    if problem is not None and problem.code == "BC1167" and not op.generic:
        # the custom form's parser checks the one written type against lhs's constraint
        return Problem("BC1357", {**problem.args, "name": op.name, "operand": "lhs"})
    return problem


def _sum_and_overflow(statement: Statement) -> Reading:
    """``arith.addui_extended %a, %b : T, B``: the operands and the sum are ``T``, the overflow ``B``."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) != 2:
        return unplaced(statement)
    return reading([types[0]] * 2, [types[0], types[1]])


def _select(statement: Statement) -> Reading:
    """``arith.select %c, %a, %b : T`` (the condition ``i1``) or ``: C, T``: the values and the
    result are ``T``."""
    types = trailing_types(statement)
    if len(types) not in (1, 2) or len(statement.operands) != 3:
        return unplaced(statement)
    value = types[-1]
    condition = types[0] if len(types) == 2 else derived("i1", statement.operands[0])
    return reading([condition, value, value], [value])


def _select_check(op: Operation, profile: Profile) -> Problem | None:
    """``arith.select``: the checks of its generated traits, then ``SelectOp::verify``: a shaped
    condition is the result's type with ``i1`` elements (its encoding kept)."""
    return then(_generated(op.name)(op, profile), lambda: _select_verify(op))


def _select_verify(op: Operation) -> Problem | None:
    """``SelectOp::verify``."""
    if len(op.operands) != 3 or len(op.results) != 1:
        return None
    condition, result = op.operands[0].type, op.results[0].type
    if str(condition).strip() == "i1" or not isinstance(result, ShapedType):
        return None
    expected = ShapedType(result.kind, result.shape, "i1", result.encoding, result.scalable)
    if "".join(str(condition).split()) != "".join(str(expected).split()):
        return Problem("BC1356", {"expected": str(expected), "type": str(condition)})
    return None


def _scaling(statement: Statement) -> Reading:
    """``arith.scaling_extf %a, %s : A, S to R``: the value, the scale, then the result."""
    types = trailing_types(statement)
    if len(types) != 3 or len(statement.operands) != 2:
        return unplaced(statement)
    return reading(types[:2], types[2:])


def _float_like(t: Type) -> bool:
    v = view(t)
    return is_float(element_of(t)) and (v is None or v.kind != "memref")


_FLOAT_LIKE: Rule = ("floating-point-like", _float_like)


def _shape(t: Type) -> tuple[str, tuple[int | None, ...] | None] | None:
    v = view(t)
    return (v.kind, v.shape) if v is not None else None


def _compatible_shapes(a: Type, b: Type) -> bool:
    """MLIR's ``verifyCompatibleShapes`` of two types: both scalars, or shapes alike (``?`` fits any)."""
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None:
        return sa is sb
    if sa[1] is None or sb[1] is None:
        return True
    return len(sa[1]) == len(sb[1]) and all(x is None or y is None or x == y for x, y in zip(sa[1], sb[1], strict=True))


def _scaling_check(wider: bool) -> Callable[[Operation, Profile], Problem | None]:
    """``arith.scaling_extf`` / ``scaling_truncf``: their ODS types and tensor-dims predicate, then
    CastOpInterface (the value and the result: shapes alike, the result wider or narrower), then
    ``Elementwise`` (which alone looks at the scale)."""

    def check(op: Operation, profile: Profile) -> Problem | None:
        from broadcheck.dialects.ods.traits import elementwise, predicate  # (not at the declaration's import)

        if len(op.operands) != 2 or len(op.results) != 1:
            return None
        problem = check_types(op, [_FLOAT_LIKE, _FLOAT_LIKE], [_FLOAT_LIKE])
        operands = [u.type for u in op.operands]
        results = [u.type for u in op.results]
        problem = problem or predicate("input and output have the same tensor dimensions@o0,r0", operands, results)
        if problem:
            return problem
        a, r = operands[0], results[0]
        wa, wr = bit_width(element_of(a)), bit_width(element_of(r))
        widths = wa is not None and wr is not None and (wr > wa if wider else wr < wa)
        if not (widths and _compatible_shapes(a, r)):
            texts = ", ".join(f"'{t}'" for t in operands)
            return Problem("BC1170", {"operands": f"operand types {texts}", "result": str(r)})
        return elementwise(operands, results)

    return check


def _operands_first(statement: Statement, custom: str) -> tuple[str, int] | None:
    """``$lhs, $rhs`` (``$operand``) right after the name: anything else there is ``expected SSA
    operand`` just after the name (``arith.addf{%a, %a} : f32``, ``arith.negf : f32``)."""
    after = next((i for i in statement.items if i.start >= statement.name_end), None)
    if after is None or after.kind == "value" or (statement.operands and statement.operands[0].start < after.start):
        return None
    return "expected SSA operand", statement.name_end  # (where the parser stood: just after the name)


def _value_first(statement: Statement, custom: str) -> tuple[str, int] | None:
    """``attr-dict $value``: nothing after the name is ``expected attribute value`` just after it."""
    if statement.generic or any(i.start >= statement.name_end for i in statement.items):
        return None
    return "expected attribute value", statement.name_end


def _declared() -> list[Op]:
    """Every op: the one part of :data:`OPS`."""
    return [
        # `$lhs, $rhs attr-dict : type($result)` (negf: `$operand ...`): the parser wants the `:` after them
        *(
            Op(f"arith.{name}", SAME, assembly=Assembly("same", 1 if name == "negf" else 2, form=_operands_first))
            for name in _BINARY
        ),
        *(Op(f"arith.{name}", SAME) for name in ("mulsi_extended", "mului_extended")),  # two results: not that form
        # `%sum, %overflow = arith.addui_extended %a, %b : T, B`
        Op("arith.addui_extended", custom(_sum_and_overflow)),
        # newer than the ODS tables (TF 2.21's LLVM): checked as their kin, probed against iree-opt 3.13
        Op("arith.subui_extended", custom(_sum_and_overflow), _subui_extended, "ods-traits"),
        *(
            Op(f"arith.{name}", SAME, _maximumnumf, "ods-traits", assembly=Assembly("same", 2))
            for name in ("maximumnumf", "minimumnumf")
        ),
        Op("arith.flush_denormals", SAME, _flush_denormals, "ods-traits", assembly=Assembly("same", 1)),
        *(Op(f"arith.{name}", CONVERSION) for name in _CASTS),
        Op("arith.convertf", CONVERSION, _convertf, "ods-traits"),
        Op("arith.cmpf", custom(_compare), _compare_check, "arith-compare"),
        Op("arith.cmpi", custom(_compare), _compare_check, "arith-compare"),
        Op(
            "arith.constant",
            RESULT,
            same_type,
            "constant",
            literal="value",
            assembly=Assembly("form", form=_value_first),
        ),
        # `arith.scaling_extf %a, %s : A, S to R`: CastOpInterface over two operands, before Elementwise
        Op("arith.scaling_extf", custom(_scaling), _scaling_check(wider=True), "arith-scaling"),
        Op("arith.scaling_truncf", custom(_scaling), _scaling_check(wider=False), "arith-scaling"),
        # `arith.select %c, %a, %b : T`, or `: C, T` for a shaped condition
        Op("arith.select", custom(_select), _select_check, "arith-select"),
    ]


OPS = parts(_declared)  # (make index: a lookup merges the generated traits of its op alone, not the table's)
