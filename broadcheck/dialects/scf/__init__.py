"""The scf dialect: structured control flow (``SCFOps.td``, ``SCF.cpp``), each region op checked as
iree-base-compiler 3.13 verifies it: operand types, region counts and block arguments, what each
region's terminator yields against the op's results and its regions' arguments
(``RegionBranchOpInterface``'s edges, ``LoopLikeOpInterface``), in its verifiers' order and words.

The ops read their regions' summaries (:class:`broadcheck.ops.Region`: entry arguments, the
terminator and its operand types); a terminator (``scf.yield``, ``scf.condition``,
``scf.reduce.return``, ``scf.forall.in_parallel``) is judged by the op that holds it
(``by_parent``). Families: :mod:`.loops` (``for``, ``while``, ``parallel``, ``reduce``,
``forall``), :mod:`.branches` (``if``, ``execute_region``, ``index_switch``).
"""

from broadcheck.dialects.assembly import Wrong
from broadcheck.dialects.op import FOR, FUNCTIONAL, NONE, OPERAND_LIST, Assembly, Op, Reading, custom, ops
from broadcheck.dialects.scf.branches import execute_region, if_, index_switch
from broadcheck.dialects.scf.loops import for_, forall, in_parallel, parallel, reduce, while_
from broadcheck.dialects.terminators import by_parent
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText


def _type(text: str) -> TypeText:
    return TypeText(text, 0, 0, text)


def _results(statement: Statement) -> list[TypeText | None]:
    """The result types a custom form writes after ``->`` (its results, named or not)."""
    sig = statement.signature
    outputs: list[TypeText | None] = list(sig.outputs) if sig is not None and sig.kind == "arrow" else []
    if statement.result_count == 0:  # `scf.index_switch %i -> index ...`: results no name binds
        return outputs
    if len(outputs) != statement.result_count:
        return [None] * statement.result_count
    return list(outputs)


def condition(statement: Statement) -> Reading:
    """``scf.condition(%c) %x, %y : T, U``: an ``i1``, then the values forwarded, typed by the list."""
    sig = statement.signature
    forwarded = list(sig.inputs) if sig is not None and sig.kind == "list" else []
    if len(forwarded) != len(statement.operands) - 1:
        forwarded = [None] * (len(statement.operands) - 1)  # type: ignore[list-item]
    operands: list[TypeText | None] = [_type("i1"), *forwarded]
    return Reading(operands[: len(statement.operands)], [])


def if_form(statement: Statement) -> Reading:
    """``scf.if %c -> (T) {...} else {...}``: the condition is an ``i1``; the results are typed by
    the arrow."""
    return Reading([_type("i1")] * len(statement.operands), _results(statement))


def index_switch_form(statement: Statement) -> Reading:
    """``scf.index_switch %i -> T case 2 {...} default {...}``: an ``index``; the results are typed
    by the arrow; the ``case`` values are the ``cases`` property."""
    values: list[str] = []
    start = end = 0
    items = statement.items
    for i, item in enumerate(items):
        if item.kind == "word" and item.text == "case" and i + 1 < len(items):
            values.append(items[i + 1].text)
            start, end = (start or item.start), items[i + 1].end
    cases = Property("cases", f"array<i64: {', '.join(values)}>" if values else "array<i64>", start, end, True)
    results = _results(statement)
    sig = statement.signature
    if sig is not None and sig.kind == "arrow" and len(sig.outputs) == 1 and len(items) > 2:
        # `-> f32, i32 case ...`: the reader takes the arrow's first type; the rest follow its commas
        at = next(i for i, item in enumerate(items) if item.kind == "types") + 1
        more: list[TypeText | None] = [sig.outputs[0]]
        while at + 1 < len(items) and items[at].kind == "punct" and items[at].text == ",":
            item = items[at + 1]
            more.append(TypeText(item.text, item.start, item.end, "".join(item.text.split())))
            at += 2
        if len(more) == statement.result_count or (statement.result_count == 0 and len(more) > 1):
            results = more
    return Reading([_type("index")] * len(statement.operands), results, (cases,))


def parallel_form(statement: Statement) -> Reading:
    """``scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> T``: the bounds are ``index``,
    each initial value its result's type; the groups' sizes are ``operandSegmentSizes``."""
    groups = [i for i in statement.items if i.kind in ("indices", "values", "group")][1:]
    sizes = [sum(1 for u in statement.operands if g.start <= u.start < g.end) for g in groups]
    if len(sizes) == 3:
        sizes.append(0)
    results = _results(statement)
    if len(sizes) != 4 or sum(sizes) != len(statement.operands) or sizes[3] != len(results):
        return Reading([None] * len(statement.operands), [None] * statement.result_count)
    operands: list[TypeText | None] = [_type("index")] * sum(sizes[:3])
    operands += results
    segments = Property(
        "operandSegmentSizes", f"array<i32: {', '.join(map(str, sizes))}>", groups[0].start, groups[-1].end, True
    )
    return Reading(operands, results, (segments,))


def parallel_parse(statement: Statement, custom: str) -> Wrong | None:
    """What ``ParallelOp::parse`` rejects: an upper bound or step group of another size than the
    induction variables' (at the group), initial values of another count than the arrow's types
    (at the op's name)."""
    groups = [i for i in statement.items if i.kind in ("indices", "values", "group")]
    if len(groups) < 4:
        return None
    count = groups[0].text.count("%")
    groups = groups[1:]
    for group in groups[:3]:
        if sum(1 for u in statement.operands if group.start <= u.start < group.end) != count:
            return f"{custom}expected {count} operands", group.start
    inits = sum(1 for g in groups[3:] for u in statement.operands if g.start <= u.start < g.end)
    sig = statement.signature
    types = len(sig.outputs) if sig is not None and sig.kind == "arrow" else 0
    if inits != types:
        return f"{custom}number of operands and types do not match: got {inits} operands and {types} types", (
            statement.name_start
        )
    return None


def for_parse(statement: Statement, custom: str) -> Wrong | None:
    """What ``ForOp::parse`` rejects: a bound or step that is no value (``scf.for %i = index to %n``:
    "expected SSA operand", at it); initial values of another count than the arrow's types (at the
    op's name)."""
    items = statement.items
    if items and items[0].kind == "binding":
        after = items[0].end + 2  # (just after the token before: the binding's `=`, `%i = `, then `to`, `step`)
        for item, want in zip(items[1:6], ("", "to", "", "step", ""), strict=False):
            if not want and item.kind != "value":
                return "expected SSA operand", after
            if want and item.text != want:
                break
            after = item.end
    shared = next((i for i in statement.items if i.kind == "bindings"), None)
    sig = statement.signature
    if shared is None or sig is None or sig.kind != "arrow":
        return None
    inits = sum(1 for u in statement.operands if shared.start <= u.start < shared.end)
    if inits != len(sig.outputs):
        return f"{custom}mismatch in number of loop-carried values and defined values", statement.name_start
    return None


def while_parse(statement: Statement, custom: str) -> Wrong | None:
    """What ``WhileOp::parse`` rejects: a function type of another count of inputs than the
    operands (at the ``:``)."""
    sig = statement.signature
    if statement.generic or sig is None or sig.kind != "function":
        return None
    count = len(statement.operands)
    if len(sig.inputs) != count:
        return f"{custom}expected as many input types as operands (expected {count} got {len(sig.inputs)})", (
            sig.after - 1
        )
    return None


def forall_parse(statement: Statement, custom: str) -> Wrong | None:
    """What ``ForallOp::parse`` rejects: shared outputs of another count than the arrow's types
    (at ``shared_outs``)."""
    word = next((i for i in statement.items if i.kind == "word" and i.text == "shared_outs"), None)
    shared = next((i for i in statement.items if i.kind == "bindings"), None)
    sig = statement.signature
    if word is None or shared is None or sig is None or sig.kind != "arrow":
        return None
    outs = sum(1 for u in statement.operands if shared.start <= u.start < shared.end)
    if outs != len(sig.outputs):
        return f"{custom}number of operands and types do not match: got {outs} operands and {len(sig.outputs)} types", (
            word.start
        )
    return None


def forall_form(statement: Statement) -> Reading:
    """``scf.forall (%i) in (%n) shared_outs(%o = %a) -> (T)``: the bounds are ``index``, each
    shared output the result type in its place."""
    sig = statement.signature
    outputs = list(sig.outputs) if sig is not None and sig.kind == "arrow" else []
    shared = next((i for i in statement.items if i.kind == "bindings"), None)
    index = _type("index")
    operands: list[TypeText | None] = []
    k = 0
    for use in statement.operands:
        if shared is not None and shared.start <= use.start < shared.end:
            operands.append(outputs[k] if k < len(outputs) else None)
            k += 1
        else:
            operands.append(index)
    if k != len(outputs):
        return Reading([None] * len(statement.operands), [None] * statement.result_count)
    return Reading(operands, list(outputs) if len(outputs) == statement.result_count else [None] * len(outputs))


OPS = ops(
    Op("scf.for", FOR, for_, "scf", assembly=Assembly("form", form=for_parse)),
    Op("scf.forall", custom(forall_form), forall, "scf", assembly=Assembly("form", form=forall_parse)),
    Op(
        "scf.parallel",
        custom(parallel_form),
        parallel,
        "scf",
        constants=True,
        assembly=Assembly("form", form=parallel_parse),
    ),
    Op("scf.if", custom(if_form), if_, "scf"),
    Op("scf.while", FUNCTIONAL, while_, "scf", assembly=Assembly("form", form=while_parse)),
    Op("scf.execute_region", NONE, execute_region, "scf"),
    Op("scf.index_switch", custom(index_switch_form), index_switch, "scf"),
    Op("scf.yield", OPERAND_LIST, by_parent, "scf"),
    Op("scf.condition", custom(condition), by_parent, "scf"),
    Op("scf.reduce", NONE, reduce, "scf"),
    Op("scf.reduce.return", OPERAND_LIST, by_parent, "scf"),
    Op("scf.forall.in_parallel", NONE, in_parallel, "scf"),
)
