"""TensorFlow's executor dialect: ``tf_executor.island wraps "tf.AddV2"(...) ...`` holds an op.

Its ops' custom forms write one type where the parser derives the rest (TensorFlow 2.21's
``tf_executor.cc``: ``MergeOp::parse``, ``SwitchOp::parse``, ``EnterOp::parse`` ...): a data
operand and result of that type, a predicate ``tensor<i1>``, an index ``tensor<i32>``, and
``!tf_executor.control`` for every operand after the data. Each reader below places them as
that parser does, so value flow compares each use with its definition as the parser resolves
it (``use of value '%x' expects different type than prior uses``). A form that writes a function
type (``: (T, !tf_executor.control) -> (U, !tf_executor.control)``) says every type itself.
"""

from collections.abc import Sequence

from broadcheck.dialects.op import OPERAND_LIST, Op, Read, Reading, custom, ops
from broadcheck.syntax.statement import Statement, TypeText


def _type(text: str) -> TypeText:
    return TypeText(text, 0, 0, text)


CONTROL = _type("!tf_executor.control")
TOKEN = _type("!tf_executor.token")
PREDICATE = _type("tensor<i1>")
INDEX = _type("tensor<i32>")


def _fit(types: Sequence[TypeText | None], count: int) -> list[TypeText | None]:
    """``types`` if there is one per value, else nothing known (the parser's count error is not ours)."""
    return list(types) if len(types) == count else [None] * count


def _reading(statement: Statement, operands: Sequence[TypeText | None], results: Sequence[TypeText | None]) -> Reading:
    return Reading(_fit(operands, len(statement.operands)), _fit(results, statement.result_count))


def _function(statement: Statement) -> Reading | None:
    """The reading of a form that writes a function type, or None."""
    sig = statement.signature
    if sig is None or sig.kind != "function":
        return None
    return _reading(statement, list(sig.inputs), list(sig.outputs))


def _one(statement: Statement) -> TypeText | None:
    """The one data type of a short form (``: T``), or None."""
    sig = statement.signature
    return sig.inputs[0] if sig is not None and sig.kind == "list" and len(sig.inputs) == 1 else None


def _short(data: int, extra: tuple[TypeText, ...], results: int) -> Read:
    """A short form's reader: ``data`` operands of its type, then ``extra``, then controls;
    ``results`` results of its type, then a control."""

    def read(statement: Statement) -> Reading:
        function = _function(statement)
        if function is not None:
            return function
        t = _one(statement)
        n = len(statement.operands)
        if t is None or n < data + len(extra):
            return Reading([None] * n, [None] * statement.result_count)
        operands: list[TypeText | None] = [t] * data
        operands += extra
        operands += [CONTROL] * (n - len(operands))
        return _reading(statement, operands, [t] * results + [CONTROL])

    return read


def merge(statement: Statement) -> Reading:
    """``tf_executor.Merge %a, %b (, %ctl)* : T``: two data operands ``T``; results ``T``, its index
    ``tensor<i32>``, a control."""
    function = _function(statement)
    if function is not None:
        return function
    t = _one(statement)
    n = len(statement.operands)
    if t is None or n < 2:
        return Reading([None] * n, [None] * statement.result_count)
    return _reading(statement, [t, t] + [CONTROL] * (n - 2), [t, INDEX, CONTROL])


def switch_n(statement: Statement) -> Reading:
    """``tf_executor._SwitchN %data, %index of N (%ctl...) : T``: ``T``, ``tensor<i32>``, controls;
    N results ``T`` and a control."""
    t = _one(statement)
    n = len(statement.operands)
    if t is None or n < 2 or statement.result_count < 1:
        return Reading([None] * n, [None] * statement.result_count)
    return _reading(statement, [t, INDEX] + [CONTROL] * (n - 2), [t] * (statement.result_count - 1) + [CONTROL])


def source(statement: Statement) -> Reading:
    """``tf_executor.NextIteration.Source : T``: results ``T``, a token, a control."""
    t = _one(statement)
    return _reading(statement, [None] * len(statement.operands), [t, TOKEN, CONTROL] if t else [])


def sink(statement: Statement) -> Reading:
    """``tf_executor.NextIteration.Sink [%token] %x (, %ctl)* : T``: a token, ``T``, controls."""
    t = _one(statement)
    n = len(statement.operands)
    if t is None or n < 2:
        return Reading([None] * n, [])
    return _reading(statement, [TOKEN, t] + [CONTROL] * (n - 2), [])


def controls_first(statement: Statement) -> int:
    """How many controls a form writes in parentheses before its other operands (``(%ctl, ...)``:
    ``tf_executor.island``, ``tfl.control_node``)."""
    items = statement.items
    if not items or items[0].kind != "values":
        return 0
    return sum(1 for u in statement.operands if items[0].start <= u.start < items[0].end)


def island(statement: Statement) -> Reading:
    """``tf_executor.island(%ctl, ...) wraps "op"(%a) ... : (T) -> U``: the controls in parentheses,
    then the wrapped op's operands and results as its function type says, then a control result;
    the region form's results are its yield's, which the statement does not write."""
    n, items = len(statement.operands), statement.items
    controls = controls_first(statement)
    operands: list[TypeText | None] = [CONTROL] * controls + [None] * (n - controls)
    sig = statement.signature
    wraps = any(item.kind == "word" and item.text == "wraps" for item in items)
    if not wraps or sig is None or sig.kind != "function":
        return Reading(operands, [None] * statement.result_count)
    if len(sig.inputs) == n - controls:
        operands[controls:] = sig.inputs
    return _reading(statement, operands, [*sig.outputs, CONTROL])


def graph_results(terminator: str, types: tuple[str | None, ...]) -> tuple[str | None, ...] | None:
    """``tf_executor.graph``'s results: its ``fetch``'s operands up to the first control."""
    if terminator != "tf_executor.fetch":
        return None
    data = list(types)
    if CONTROL.key in data:
        data = data[: data.index(CONTROL.key)]
    return tuple(data)


def island_results(terminator: str, types: tuple[str | None, ...]) -> tuple[str | None, ...] | None:
    """A ``tf_executor.island``'s results (its region form): its ``yield``'s operands, then a control."""
    return (*types, CONTROL.key) if terminator == "tf_executor.yield" else None


def trigger(statement: Statement) -> Reading:
    """``tf_executor.ControlTrigger %ctl, ...``: controls in, a control out."""
    return _reading(statement, [CONTROL] * len(statement.operands), [CONTROL])


OPS = ops(
    Op("tf_executor.graph", terminated=graph_results),
    Op("tf_executor.island", custom(island), wraps=True, terminated=island_results),
    Op("tf_executor.fetch", OPERAND_LIST),
    Op("tf_executor.yield", OPERAND_LIST),
    Op("tf_executor.Enter", custom(_short(1, (), 1))),
    Op("tf_executor.Exit", custom(_short(1, (), 1))),
    Op("tf_executor.LoopCond", custom(_short(1, (), 1))),
    Op("tf_executor.Switch", custom(_short(1, (PREDICATE,), 2))),
    Op("tf_executor.Merge", custom(merge)),
    Op("tf_executor._SwitchN", custom(switch_n)),
    Op("tf_executor.NextIteration.Source", custom(source)),
    Op("tf_executor.NextIteration.Sink", custom(sink)),
    Op("tf_executor.ControlTrigger", custom(trigger)),
)
