"""Stage *refine*: a module re-typed under new argument types (``broadcheck refine``).

The design is in ``docs/refine.md``. In short: the functions are read with the fix stage's
reader (:mod:`.fix`), the new argument types are seeds, and each op, in the order of its
function (dominance order: a value is defined before its uses), gets its new operand types
and the result types its own check says would verify (the check's ``expected`` type, asked
with a result type that cannot be right). Integer shape values (``get_dimension_size``,
``tensor.dim``, constants, the arithmetic on them) are followed too, so that a
``dynamic_broadcast_in_dim`` whose shape operand is now known gets a static result, as
``stablehlo-refine-shapes`` gives it. ``func.call`` carries the types (and the shape values)
into a private callee once, and the callee's ``func.return`` gives the call's result types.
What cannot be inferred stops along its values only, with a warning (BC1860). The edits are
of type text only (:class:`broadcheck.diagnostics.Edit`), applied by :func:`.fix.apply_stream`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from broadcheck.diagnostics import Diagnostic, Note
from broadcheck.dialects.op import Layout
from broadcheck.engine.fix import UNREAD_AT, Collector, PlannedFunction, PlannedStatement, result_keys, use_key
from broadcheck.engine.forms import Form, place_types, read_form
from broadcheck.engine.options import Options
from broadcheck.engine.scan import Scanner, Text
from broadcheck.engine.verify import Checks, Unreadable
from broadcheck.ops import Operation, Span, Type
from broadcheck.semantics import Problem
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, TypeText, read_statement
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
from broadcheck.syntax.types import read_type

Values = tuple[int, ...]
"""The known contents of a small integer tensor, flattened (a scalar is one value)."""

_PROBE = 999_983
"""A dimension size no real result has: a result type with it makes a check say the right one."""

_CALLS = frozenset({"func.call", "call"})
_RETURNS = frozenset({"func.return", "return"})
_SHAPE_OPS = frozenset({"stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_reshape", "stablehlo.dynamic_iota"})
_MAX_VALUES = 64
"""Integer tensors up to this many elements are followed (shape computations are small)."""


class BadRequest(Exception):
    """A request refine cannot carry out on this module (an unknown function, argument or
    dimension name, a type that does not parse): a usage error, exit 2."""


@dataclass
class Request:
    """What to refine: new argument types by (function, index), and symbolic dimension sizes by name."""

    args: dict[tuple[str, int], str] = field(default_factory=dict)
    dims: dict[str, int] = field(default_factory=dict)


@dataclass
class Refined:
    """The outcome of refining one text: its edits (``(start, end, new)``, ordered), refine's own
    diagnostics, and which lines were re-typed from which argument (for the trace notes)."""

    edits: list[tuple[int, int, str]]
    diagnostics: list[Diagnostic]
    traces: dict[int, str]


def parse_arg(spec: str) -> tuple[str, int, str]:
    """``@fn:N=TYPE`` as (function name, argument index, type text); raises :class:`BadRequest`."""
    match = re.fullmatch(r"\s*@?([\w$.\-]+|\"[^\"]*\"):(\d+)\s*=\s*(.+?)\s*", spec)
    if match is None:
        raise BadRequest(f"'{spec}' is not @FUNCTION:INDEX=TYPE (e.g. @main:0=tensor<16x128xi32>)")
    name, index, text = match.group(1).strip('"'), int(match.group(2)), match.group(3)
    try:
        read_type(text)
    except SyntaxProblem as problem:
        raise BadRequest(f"'{text}' is not a type: {problem.message}") from None
    return name, index, text


def parse_dim(spec: str) -> tuple[str, int]:
    """``NAME=SIZE`` as (name, size); raises :class:`BadRequest`."""
    match = re.fullmatch(r"\s*([A-Za-z_][\w]*)\s*=\s*(\d+)\s*", spec)
    if match is None:
        raise BadRequest(f"'{spec}' is not NAME=SIZE (e.g. b=16)")
    return match.group(1), int(match.group(2))


class _Reader(Collector):
    """The fix stage's collector, also noting how deep in an op's regions each statement is."""

    def __init__(self, lines: list[str], starts: list[int]) -> None:
        super().__init__(lines, starts)
        self.depths: dict[int, int] = {}

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        current = self.function()
        super().statement(form, names, lines, text, body, regions)
        if current is not None and current.statements:
            depth = 0
            for entry in reversed(self.stack):
                if entry is not None:
                    break
                depth += 1
            self.depths[id(current.statements[-1])] = depth


def read_functions(text: str) -> tuple[list[PlannedFunction], _Reader]:
    """The functions of ``text`` (one module), as the fix stage reads them."""
    lines = text.split("\n")
    starts: list[int] = []
    at = 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    lines = [line.removesuffix("\r") for line in lines]
    reader = _Reader(lines, starts)
    scanner = Scanner(reader, {}, read_form)
    scanner.block(text, 1)
    scanner.end()
    return reader.functions, reader


def _dims_of(text: str) -> list[int | None] | None:
    """The shape of a ranked tensor type's text, or ``None``."""
    match = re.match(r"tensor<((?:(?:\d+|\?)x)*)", "".join(text.split()))
    if match is None:
        return None
    return [None if d == "?" else int(d) for d in match.group(1).split("x")[:-1]]


def with_shape(text: str, dims: Sequence[int | None]) -> str | None:
    """``text`` (a ranked tensor type) with shape ``dims``, its element type and encoding as written."""
    match = re.match(r"\s*tensor<((?:(?:\d+|\?)x)*)", text)
    if match is None or text[match.end() :].startswith("*"):
        return None
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in dims) + text[match.end() :].rstrip()


def _probe(text: str, index: int) -> str | None:
    dims = _dims_of(text)
    if dims is None:
        return None
    return with_shape(text, [_PROBE + index] * len(dims))


_CONSTANTS = frozenset({"stablehlo.constant", "arith.constant", "tf.Const", "onnx.Constant", "tosa.const"})
"""The constant ops whose integer contents refine follows (shape, axis, permutation operands)."""


def _int_literal(text: str) -> Values | None:
    """The integers of ``dense<...> : tensor<...xiN>`` (a splat filled out), or of a scalar
    ``N : index`` / ``N : iN``, or ``None``."""
    scalar = re.fullmatch(r"(-?\d+)\s*:\s*(?:index|i\d+)", text.strip())
    if scalar is not None:
        return (int(scalar.group(1)),)
    match = re.fullmatch(r"dense<(.*)>\s*:\s*(tensor<[^>]*>)", text.strip(), re.S)
    if match is None:
        return None
    body, type_text = match.group(1).strip(), match.group(2)
    if not re.search(r"x?i\d+>$|xindex>$|<i\d+>$|<index>$", type_text):
        return None
    dims = _dims_of(type_text)
    if dims is None or any(d is None for d in dims):
        return None
    count = 1
    for d in dims:
        count *= d or 0
    if count > _MAX_VALUES:
        return None
    if body in ("true", "false"):
        return (int(body == "true"),) * count
    numbers = re.findall(r"-?\d+|true|false", body)
    if not numbers or re.search(r"[.e]\d|0x", body):
        return None
    found = tuple(1 if n == "true" else 0 if n == "false" else int(n) for n in numbers)
    if len(found) == 1:
        return found * count
    return found if len(found) == count else None


def _fold(name: str, args: list[Values], direction: str | None) -> Values | None:
    """An elementwise integer op on known values (a scalar broadcast), as the folders compute it."""
    if not args or any(len(a) == 0 for a in args):
        return None
    size = max(len(a) for a in args)
    if any(len(a) not in (1, size) for a in args):
        return None
    wide = [a * size if len(a) == 1 else a for a in args]
    out: list[int] = []
    for row in zip(*wide, strict=True):
        value = _one(name, row, direction)
        if value is None:
            return None
        out.append(value)
    return tuple(out)


def _one(name: str, row: tuple[int, ...], direction: str | None) -> int | None:
    op = name.rpartition(".")[2]
    a = row[0]
    b = row[1] if len(row) > 1 else 0
    if op in ("add", "addi"):
        return a + b
    if op in ("subtract", "subi"):
        return a - b
    if op in ("multiply", "muli"):
        return a * b
    if op in ("divide", "divsi", "floordivsi") and b != 0:
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q
    if op in ("remainder", "remsi") and b != 0:
        return a - b * _one("divide", (a, b), None)  # type: ignore[operator]
    if op in ("maximum", "maxsi"):
        return max(a, b)
    if op in ("minimum", "minsi"):
        return min(a, b)
    if op == "and" or op == "andi":
        return a & b
    if op == "or" or op == "ori":
        return a | b
    if op == "negate":
        return -a
    if op == "select" and len(row) == 3:
        return row[1] if a else row[2]
    if op in ("compare", "cmpi") and direction is not None:
        table = {
            "EQ": a == b, "NE": a != b, "LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b,
            "eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b,
        }  # fmt: skip
        found = table.get(direction)
        return None if found is None else int(found)
    return None


_FOLDED = frozenset("add subtract multiply divide remainder maximum minimum and or negate select compare".split())
_PASSED = frozenset({"stablehlo.reshape", "stablehlo.convert", "arith.index_cast", "arith.index_castui"})


class Refiner:
    """Refines the functions of one text (see the module docstring)."""

    def __init__(self, options: Options, path: str) -> None:
        self.options = options
        self.path = path
        self.checks = Checks(options.profile, options.ops)
        self.edits: dict[tuple[int, int], str] = {}
        self.diagnostics: list[Diagnostic] = []
        self.traces: dict[int, str] = {}
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self._functions: dict[str, PlannedFunction] = {}
        self._depths: dict[int, int] = {}
        self._sums: dict[tuple[int, str], tuple[str, str]] = {}
        self._verdicts: dict[object, tuple[Problem | None, Operation | None] | None] = {}
        self._lines: list[str] = []
        self._starts: list[int] = []
        self._done: dict[str, tuple[tuple[tuple[int, str], ...], dict[int, str]]] = {}
        self._warned: set[tuple[int, str]] = set()

    # ---------------------------------------------------------------- entry

    def refine(self, text: str, request: Request) -> Refined:
        """The edits that re-type ``text`` under ``request``; raises :class:`BadRequest`."""
        functions, reader = read_functions(text)
        self.aliases = reader.aliases
        self._depths = reader.depths
        self._lines, self._starts = reader.lines, reader.starts
        self._functions = {f.name: f for f in functions}
        seeds: dict[str, dict[int, str]] = {}
        for (name, index), type_text in request.args.items():
            fn = self._functions.get(name)
            if fn is None:
                known = ", ".join("@" + f.name for f in functions) or "none"
                raise BadRequest(f"no function @{name} in the input (its functions: {known})")
            arguments = self._arguments(fn)
            if index >= len(arguments):
                raise BadRequest(f"@{name} has {len(arguments)} arguments: there is no argument {index}")
            seeds.setdefault(name, {})[index] = type_text
        for name, size in request.dims.items():
            found = self._dimension(name, functions)
            if not found:
                raise BadRequest(
                    f"no dimension variable '{name}' in the input (jax.export names them in "
                    "'jax.global_constant' argument attributes)"
                )
            for fn_name, index, dim in found:
                fn = self._functions[fn_name]
                arguments = self._arguments(fn)
                written = seeds.get(fn_name, {}).get(index, arguments[index][1].text)
                dims = _dims_of(written)
                if dims is None or dim >= len(dims):
                    raise BadRequest(f"@{fn_name}'s argument {index} has no dimension {dim}")
                dims[dim] = size
                new = with_shape(written, dims)
                assert new is not None
                seeds.setdefault(fn_name, {})[index] = new
        for name, retyped in seeds.items():
            self._function(self._functions[name], retyped, {})
        edits = sorted((start, end, new) for (start, end), new in self.edits.items())
        return Refined(edits, self.diagnostics, self.traces)

    def _arguments(self, fn: PlannedFunction) -> list[tuple[str, TypeText]]:
        header = fn.header
        if header is None:
            return []
        return [(d.name, d.type) for d in header.statement.definitions if d.type is not None]

    def _dimension(self, name: str, functions: list[PlannedFunction]) -> list[tuple[str, int, int]]:
        """Where dimension variable ``name`` comes from: (function, argument, dimension), from the
        calls that pass a ``get_dimension_size`` of an argument to a callee argument that
        ``jax.global_constant = "name"`` marks."""
        marked: dict[str, set[int]] = {}
        for fn in functions:
            if fn.header is None:
                continue
            header = fn.header.text
            for index, (_, type_text) in enumerate(self._arguments(fn)):
                tail = header[type_text.end :]
                attrs = tail[: tail.find("%arg") if "%arg" in tail else len(tail)]
                if f'jax.global_constant = "{name}"' in attrs:
                    marked.setdefault(fn.name, set()).add(index)
        found: list[tuple[str, int, int]] = []
        for fn in functions:
            sizes: dict[str, tuple[int, int]] = {}
            equal: list[tuple[str, str, str]] = []
            asserted: set[str] = set()
            sources: list[str] = []
            arguments = {a: i for i, (a, _) in enumerate(self._arguments(fn))}
            for s in fn.statements:
                if s.offset == UNREAD_AT or not any(
                    w in s.text for w in ("get_dimension_size", "compare", "shape_assertion", "call")
                ):
                    continue
                st = s.statement
                if st.name == "stablehlo.get_dimension_size":
                    dim = _attribute_int(st, "dimension", "dim")
                    if st.operands and st.results and dim is not None and st.operands[0].name in arguments:
                        sizes[st.results[0].name] = (arguments[st.operands[0].name], dim)
                elif st.name == "stablehlo.compare" and _direction(s.text, st) == "EQ" and len(st.operands) == 2:
                    equal.append((st.results[0].name, use_key(st.operands[0]), use_key(st.operands[1])))
                elif st.name == "stablehlo.custom_call" and _callee(st) == "shape_assertion" and st.operands:
                    asserted.add(use_key(st.operands[0]))
                elif st.name in _CALLS:
                    callee = _callee(st)
                    for index in marked.get(callee or "", ()):
                        if index < len(st.operands) and st.operands[index].name in sizes:
                            sources.append(st.operands[index].name)
            # The other dimensions JAX asserts equal to the variable's (`compare EQ` fed to a
            # shape_assertion) have its size too.
            group = set(sources)
            for _ in range(len(equal)):
                for result, left, right in equal:
                    if result in asserted and (left in group) != (right in group):
                        group |= {left, right}
            for key in sorted(group, key=lambda k: sizes.get(k, (0, 0))):
                if key in sizes and (fn.name, *sizes[key]) not in found:
                    found.append((fn.name, *sizes[key]))
        return found

    # ---------------------------------------------------------------- a function

    def _function(
        self, fn: PlannedFunction, retyped_args: dict[int, str], known_args: dict[int, Values]
    ) -> dict[int, str] | None:
        """Refine ``fn`` with these argument types and values; its new result types (index -> type)."""
        key = tuple(sorted(retyped_args.items())) + tuple(
            (i, ",".join(map(str, v))) for i, v in sorted(known_args.items())
        )
        done = self._done.get(fn.name)
        if done is not None:
            if done[0] != key:
                return None
            return done[1]
        self._done[fn.name] = (key, {})
        types: dict[str, str] = {}
        values: dict[str, Values] = {}
        origins: dict[str, str] = {}
        header = fn.header
        arguments = self._arguments(fn)
        for index, new in retyped_args.items():
            name, written = arguments[index]
            if "".join(new.split()) != written.key and header is not None:
                self._edit(header, written, new)
            types[name] = new
            origins[name] = f"@{fn.name}'s argument #{index} (now {new}, was {written.text})"
        for index, known in known_args.items():
            values[arguments[index][0]] = known
        results = self._block(fn, fn.statements, 0, types, values, origins)
        self._done[fn.name] = (key, results)
        return results

    def _block(
        self,
        fn: PlannedFunction,
        statements: list[PlannedStatement],
        depth: int,
        types: dict[str, str],
        values: dict[str, Values],
        origins: dict[str, str],
    ) -> dict[int, str]:
        """Refine the statements of one nesting ``depth`` in order (an op's regions with the op);
        the function's new result types if its ``return`` is among them."""
        results: dict[int, str] = {}
        for position, s in enumerate(statements):
            if self._depths.get(id(s), 0) != depth:
                continue  # inside an op's regions: refined with that op
            if s.offset == UNREAD_AT:
                inner = []
                for back in range(position - 1, -1, -1):
                    if self._depths.get(id(statements[back]), 0) <= depth:
                        break
                    inner.append(statements[back])
                inner.reverse()
                names = set(types) | set(values)
                if any(_uses(t.text, names) for t in [s, *inner]):
                    loop = next((k for k, (head, _) in _LOOPS.items() if head.match(self._line(s))), None)
                    if loop is not None:
                        self._while(fn, s, inner, depth, types, values, origins, loop)
                    else:
                        self._stop(s, "an op with regions or over several lines is not refined yet", origins)
                continue
            st = s.statement
            if st.name in _CONSTANTS:
                literal = next((a.text for a in st.attributes if a.name == "value" and ":" in a.text), None)
                text = literal if literal is not None else _after_name(s.text, st)
                found = _int_literal(text) if text is not None else None
                if found is not None and st.results:
                    values[st.results[0].name] = found
                continue
            used = [u for u in st.operands if use_key(u) in types or use_key(u) in values]
            if st.name == "tensor.dim" and len(st.operands) == 2 and st.results:
                self._tensor_dim(s, st, types, values, origins)
                continue
            if st.name == "stablehlo.get_dimension_size" and st.operands and st.results:
                self._dimension_size(s, st, types, values, origins)
                continue
            if not used:
                continue
            origin = next((origins[use_key(u)] for u in st.operands if use_key(u) in origins), None)
            if origin is not None:
                self.traces[s.line] = origin
            if st.name in _RETURNS:
                results = self._return(fn, s, st, types)
                continue
            if st.name in _CALLS:
                self._call(s, st, types, values, origins, origin)
                continue
            if st.name == "stablehlo.custom_call" and _callee(st) == "shape_assertion":
                self._assertion(s, st, values)
                continue
            self._values(s, st, values)
            if not any(use_key(u) in types for u in st.operands) and st.name not in _SHAPE_OPS:
                continue
            self._op(s, st, types, values, origins, origin)
        return results

    def _while(
        self,
        fn: PlannedFunction,
        s: PlannedStatement,
        inner: list[PlannedStatement],
        depth: int,
        types: dict[str, str],
        values: dict[str, Values],
        origins: dict[str, str],
        loop: str = "stablehlo.while",
    ) -> None:
        """A loop in its custom form (``stablehlo.while``, ``scf.for`` with ``iter_args``): its one
        list of types (carried operands, block arguments and results) takes its operands' new types,
        if its body then yields those types."""
        from broadcheck.dialects.shaped import split_top

        head, terminator = _LOOPS[loop]
        match = head.match(self._line(s))
        if match is None:
            self._stop(s, "its header is not on one line", origins)
            return
        pairs = [p.strip() for p in split_top(match.group(4))]
        carried = [tuple(x.strip() for x in p.split("=", 1)) for p in pairs if "=" in p]
        written = split_top(match.group(5))
        if len(carried) != len(pairs) or len(written) != len(carried):
            self._stop(s, "its operands and types cannot be paired", origins)
            return
        new = [types.get(operand, old.strip()) for (_, operand), old in zip(carried, written, strict=True)]
        inside = dict(types)
        for (arg, operand), type_text, old in zip(carried, new, written, strict=True):
            if "".join(type_text.split()) != "".join(old.split()):
                inside[arg] = type_text
                if operand in origins:
                    origins[arg] = origins[operand]
        known = {k: v for k, v in values.items()}
        for arg, _ in carried:
            known.pop(arg, None)  # a carried value changes from one iteration to the next
        saved, said = dict(self.edits), len(self.diagnostics)
        self._block(fn, inner, depth + 1, inside, known, origins)
        body = [x for x in inner if self._depths.get(id(x), 0) == depth + 1 and x.offset != UNREAD_AT]
        last = body[-1].statement if body else None
        why = None
        if last is None or last.name != terminator or len(last.operands) != len(new):
            why = f"its body does not end in a {terminator} of its values"
        else:
            yielded = [inside.get(use_key(u)) or old.strip() for u, old in zip(last.operands, written, strict=True)]
            for i, (y, n) in enumerate(zip(yielded, new, strict=True)):
                if "".join(y.split()) != "".join(n.split()):
                    why = f"its body yields {y} for {carried[i][0]}, not {n}"
                    break
        if why is not None:  # nothing inside is re-typed (the loop keeps its types)
            self.edits, self.diagnostics = saved, self.diagnostics[:said]
            self._stop(s, why, origins)
            return
        start = self._starts[s.line - 1] + match.end(1)
        at = start
        base = match.group(5)
        cursor = 0
        for old, type_text in zip(written, new, strict=True):
            offset = base.index(old.strip(), cursor)
            cursor = offset + len(old.strip())
            if "".join(type_text.split()) != "".join(old.split()):
                self.edits[at + offset, at + cursor] = type_text
        count = int(match.group(3) or 1)
        name = match.group(2)
        for i, type_text in enumerate(new[:count]):
            key = name if i == 0 else f"{name}#{i}"
            if "".join(type_text.split()) != "".join(written[i].split()):
                types[key] = type_text
                operand = carried[i][1]
                if operand in origins:
                    origins[key] = origins[operand]

    def _line(self, s: PlannedStatement) -> str:
        """The first line of a statement (an op with regions: its header)."""
        return self._lines[s.line - 1] if 0 < s.line <= len(self._lines) else ""

    def _dimension_size(
        self,
        s: PlannedStatement,
        st: Statement,
        types: dict[str, str],
        values: dict[str, Values],
        origins: dict[str, str],
    ) -> None:
        dim = _attribute_int(st, "dimension", "dim")
        operand_types, _ = place_types(st, self._layout(st.name))
        source = types.get(use_key(st.operands[0]))
        if source is None and operand_types and operand_types[0] is not None:
            source = operand_types[0].text
        if source is not None and use_key(st.operands[0]) in types:
            written = operand_types[0] if operand_types else None
            if written is not None:
                self._edit(s, written, source)
        dims = _dims_of(source) if source is not None else None
        if dims is not None and dim is not None and dim < len(dims) and dims[dim] is not None:
            values[st.results[0].name] = (dims[dim],)  # type: ignore[assignment]
            if use_key(st.operands[0]) in origins:
                origins[st.results[0].name] = origins[use_key(st.operands[0])]

    def _tensor_dim(
        self,
        s: PlannedStatement,
        st: Statement,
        types: dict[str, str],
        values: dict[str, Values],
        origins: dict[str, str],
    ) -> None:
        """``tensor.dim`` of a value whose dimension is now static folds to its size (its written
        type, the source's, takes the source's new type)."""
        operand_types, _ = place_types(st, self._layout(st.name))
        written = operand_types[0] if operand_types else None
        source = types.get(use_key(st.operands[0]))
        if source is not None and written is not None:
            self._edit(s, written, source)
        elif written is not None:
            source = written.text
        index = values.get(use_key(st.operands[1]))
        dims = _dims_of(source) if source is not None else None
        if dims is not None and index is not None and len(index) == 1 and 0 <= index[0] < len(dims):
            size = dims[index[0]]
            if size is not None:
                values[st.results[0].name] = (size,)
                if use_key(st.operands[0]) in origins:
                    origins[st.results[0].name] = origins[use_key(st.operands[0])]

    def _values(self, s: PlannedStatement, st: Statement, values: dict[str, Values]) -> None:
        """The integer contents of ``st``'s result, where its operands' are known."""
        if not st.results or st.results[0].size != 1:
            return
        if st.name == "stablehlo.add" and len(st.operands) == 2:
            self._sums[id(values), st.results[0].name] = (use_key(st.operands[0]), use_key(st.operands[1]))
        known = [values.get(use_key(u)) for u in st.operands]
        if any(k is None for k in known):
            return
        args = [k for k in known if k is not None]
        out: Values | None = None
        short = st.name.rpartition(".")[2]
        if st.name in _PASSED and len(args) == 1:
            out = args[0]
        elif st.name in ("stablehlo.concatenate", "tensor.from_elements"):
            out = tuple(v for a in args for v in a)
        elif st.name.startswith(("stablehlo.", "arith.")) and (
            short in _FOLDED
            or short in ("addi", "subi", "muli", "divsi", "cmpi", "maxsi", "minsi", "andi", "ori", "remsi")
        ):
            direction = _direction(s.text, st)
            out = _fold(st.name, args, direction)
        if out is not None and len(out) <= _MAX_VALUES:
            values[st.results[0].name] = out

    def _op(
        self,
        s: PlannedStatement,
        st: Statement,
        types: dict[str, str],
        values: dict[str, Values],
        origins: dict[str, str],
        origin: str | None,
    ) -> None:
        """Re-type one op: its operands' types written anew, its results' inferred."""
        layout = self._layout(st.name)
        operand_types, result_types = place_types(st, layout)
        edits: dict[tuple[int, int], str] = {}
        for i, use in enumerate(st.operands):
            new = types.get(use_key(use))
            if new is None:
                continue
            written = operand_types[i] if i < len(operand_types) else None
            if written is None:
                self._stop(s, "its operand types cannot be placed", origins)
                return
            if (written.start, written.end) in edits and edits[written.start, written.end] != new:
                self._stop(s, "one written type stands for operands whose new types differ", origins)
                return
            edits[written.start, written.end] = new
        for i, use in enumerate(st.operands):  # a written type shared with an unchanged operand
            written = operand_types[i] if i < len(operand_types) else None
            if (
                use_key(use) not in types
                and written is not None
                and (written.start, written.end) in edits
                and "".join(edits[written.start, written.end].split()) != written.key
            ):
                self._stop(s, "one written type stands for operands whose new types differ", origins)
                return
        keys = result_keys(st)
        shared = [
            i for i, t in enumerate(result_types) if t is not None and (t.start, t.end) in edits
        ]  # `op %a : T`: the one type is the result's too
        new_results: dict[int, str] = {i: edits[result_types[i].start, result_types[i].end] for i in shared}  # type: ignore[union-attr]
        shape = self._shape_result(st, values, result_types)
        if shape is not None:
            new_results.update(shape)
        _, check = self.checks.check_of(st.name)
        if check is None:
            dynamic = any(None in (_dims_of(t.text) or []) for t in result_types if t is not None)
            if dynamic and len(new_results) < len(result_types):
                self._stop(s, "broadcheck has no check of it to infer its results", origins)
            self._commit(s, edits, result_types, new_results, keys, types, origins, origin)
            return
        judged = self._judged(s, edits, result_types, new_results, values)
        if judged is not None and judged[0] is not None and not _about_result(judged[0]):
            # The op does not verify with its new operand types, whatever its results: an error
            # in its check's words; its results keep their types (they follow no further).
            self._broken(s, edits, result_types, new_results, values)
            self._commit(s, edits, result_types, _only(new_results, shared), keys, types, origins, origin)
            return
        for index, t in enumerate(result_types):
            if index in new_results or t is None:
                continue
            probe = _probe(t.text, index)
            if probe is None:
                continue
            found = self._problem(s, edits, result_types, {**new_results, index: probe}, values)
            if found is None or found is _STUCK or not _about_result(found) or found.subject.index != index:  # type: ignore[union-attr]
                # A check that verifies its result's shape without inferring it (compare, a
                # cast): a result written with an operand's old shape takes its new shape, and
                # keeps its element type, if the check then accepts it.
                followed = self._followed(t, st, operand_types, types)
                if (
                    followed is not None
                    and self._problem(s, edits, result_types, {**new_results, index: followed}, values) is None
                    and self._problem(s, edits, result_types, {**new_results, index: probe}, values) is not None
                ):
                    new_results[index] = followed
                    continue
                if None in (_dims_of(t.text) or []):
                    self._stop(s, "its check does not say which result type it infers", origins)
                continue
            inferred = str(found.expected)
            if "".join(inferred.split()) != t.key:
                new_results[index] = inferred
        final = self._judged(s, edits, result_types, new_results, values)
        if final is None or final[0] is not None:
            if final is not None and final[0] is not None:
                self._broken(s, edits, result_types, new_results, values)
            new_results = _only(new_results, shared)
        self._commit(s, edits, result_types, new_results, keys, types, origins, origin)

    @staticmethod
    def _followed(
        result: TypeText, st: Statement, operand_types: Sequence[TypeText | None], types: Mapping[str, str]
    ) -> str | None:
        """``result`` with the new shape of an operand whose old shape it has."""
        own = _dims_of(result.text)
        for i, use in enumerate(st.operands):
            new = types.get(use_key(use))
            written = operand_types[i] if i < len(operand_types) else None
            if new is None or written is None or own is None:
                continue
            if _dims_of(written.text) == own:
                now = _dims_of(new)
                if now is not None and now != own:
                    return with_shape(result.text, now)
        return None

    def _broken(
        self,
        s: PlannedStatement,
        edits: Mapping[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: Mapping[int, str],
        values: Mapping[str, Values],
    ) -> None:
        """An op that no longer verifies: its check's problem, at the op, in its words."""
        from broadcheck.engine.diagnose import diagnose

        found = self._judged(s, edits, result_types, new_results, values, located=True)
        if found is not None and found[0] is not None and found[1] is not None:
            self.diagnostics.append(diagnose(found[0], found[1], self.path))

    def _shape_result(
        self, st: Statement, values: dict[str, Values], result_types: Sequence[TypeText | None]
    ) -> dict[int, str] | None:
        """The static result type of an op whose shape operand is now known (``dynamic_*``)."""
        if st.name == "stablehlo.real_dynamic_slice" and len(st.operands) == 4 and result_types:
            return self._slice_result(st, values, result_types[0])
        if st.name not in _SHAPE_OPS or not result_types or result_types[0] is None:
            return None
        index = 0 if st.name == "stablehlo.dynamic_iota" else 1
        if index >= len(st.operands):
            return None
        shape = values.get(use_key(st.operands[index]))
        if shape is None or any(d < 0 for d in shape):
            return None
        new = with_shape(result_types[0].text, list(shape))
        if new is None or "".join(new.split()) == result_types[0].key:
            return None
        return {0: new}

    def _slice_result(self, st: Statement, values: dict[str, Values], result: TypeText | None) -> dict[int, str] | None:
        """``real_dynamic_slice`` with unit strides whose limits are its starts plus known sizes
        (``stablehlo-refine-shapes`` makes it a ``dynamic_slice`` of those sizes)."""
        start, limit, strides = (use_key(u) for u in st.operands[1:])
        if result is None or values.get(strides) is None or any(v != 1 for v in values[strides]):
            return None
        sizes: Values | None = None
        if values.get(start) is not None and values.get(limit) is not None:
            sizes = tuple(b - a for a, b in zip(values[start], values[limit], strict=False))
        else:
            pair = self._sums.get((id(values), limit))
            if pair is not None and start in pair:
                other = pair[1] if pair[0] == start else pair[0]
                sizes = values.get(other)
        if sizes is None or any(v < 0 for v in sizes):
            return None
        new = with_shape(result.text, list(sizes))
        if new is None or "".join(new.split()) == result.key:
            return None
        return {0: new}

    def _commit(
        self,
        s: PlannedStatement,
        edits: dict[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: dict[int, str],
        keys: list[str],
        types: dict[str, str],
        origins: dict[str, str],
        origin: str | None,
    ) -> None:
        for (start, end), new in edits.items():
            self._edit_at(s, start, end, new)
        for index, new in new_results.items():
            written = result_types[index]
            if written is not None:
                self._edit_at(s, written.start, written.end, new)
            if index < len(keys):
                types[keys[index]] = new
                if origin is not None:
                    origins[keys[index]] = origin

    def _call(
        self,
        s: PlannedStatement,
        st: Statement,
        types: dict[str, str],
        values: dict[str, Values],
        origins: dict[str, str],
        origin: str | None,
    ) -> None:
        callee = _callee(st)
        fn = self._functions.get(callee or "")
        operand_types, result_types = place_types(st, self._layout(st.name))
        retyped = {i: types[use_key(u)] for i, u in enumerate(st.operands) if use_key(u) in types}
        known = {i: values[use_key(u)] for i, u in enumerate(st.operands) if use_key(u) in values}
        if fn is None or fn.header is None or "private" not in fn.header.text.split("(")[0]:
            if retyped:
                self._stop(s, f"its callee @{callee} is not a private function of this module", origins)
            return
        if not retyped and not known:
            return
        new = self._function(fn, retyped, known)
        if new is None:
            self._stop(s, f"@{callee} is called with other argument types elsewhere", origins)
            return
        edits = {}
        for i, t in retyped.items():
            written = operand_types[i] if i < len(operand_types) else None
            if written is None:
                self._stop(s, "its operand types cannot be placed", origins)
                return
            edits[written.start, written.end] = t
        self._commit(s, edits, result_types, new, result_keys(st), types, origins, origin)

    def _return(self, fn: PlannedFunction, s: PlannedStatement, st: Statement, types: dict[str, str]) -> dict[int, str]:
        from broadcheck.dialects.op import OPERAND_LIST

        operand_types, _ = place_types(st, OPERAND_LIST)
        header = fn.header
        signature = header.statement.signature if header is not None else None
        outputs = signature.outputs if signature is not None else ()
        changed: dict[int, str] = {}
        for i, use in enumerate(st.operands):
            new = types.get(use_key(use))
            if new is None:
                continue
            written = operand_types[i] if i < len(operand_types) else None
            if written is None or header is None or i >= len(outputs):
                self._stop(s, "its types cannot be placed", {})
                return changed
            self._edit(s, written, new)
            if outputs[i].key != "".join(new.split()):
                self._edit(header, outputs[i], new)
            changed[i] = new
        return changed

    def _assertion(self, s: PlannedStatement, st: Statement, values: dict[str, Values]) -> None:
        """JAX's ``shape_assertion``: false with the new shapes is an error, in its own message."""
        known = [values.get(use_key(u)) for u in st.operands]
        if not known or known[0] is None or any(known[0]):
            return
        message = next((a.text for a in st.attributes if a.name == "error_message"), '""')
        try:
            import json

            text = json.loads(message) if message.startswith('"') else message
        except ValueError:
            text = message.strip('"')
        shown = [str(k[0]) if k is not None and len(k) == 1 else "?" for k in known[1:]]
        with contextlib.suppress(IndexError, KeyError, ValueError):
            text = text.format(*shown)
        from broadcheck.messages import RULES

        rule = RULES["BC1861"]
        span = Span(s.line, s.column + st.name_start, s.line, s.column + st.name_end)
        self.diagnostics.append(
            Diagnostic(rule.code, rule.severity, rule.format(st.name, message=text), self.path, span)
        )

    # ---------------------------------------------------------------- helpers

    def _layout(self, name: str) -> Layout | None:
        from broadcheck import dialects

        decl = dialects.lookup(name)
        return decl.layout if decl is not None else None

    def _problem(
        self,
        s: PlannedStatement,
        edits: Mapping[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: Mapping[int, str],
        values: Mapping[str, Values] | None = None,
    ) -> Problem | None:
        """The check's problem with ``s`` once these types are written (and the known integer
        operands folded to constants, as the refinement passes fold them)."""
        found = self._judged(s, edits, result_types, new_results, values)
        return found[0] if found is not None else _STUCK

    def _judged(
        self,
        s: PlannedStatement,
        edits: Mapping[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: Mapping[int, str],
        values: Mapping[str, Values] | None = None,
        located: bool = False,
    ) -> tuple[Problem | None, Operation | None] | None:
        """The check's verdict on ``s`` with these types, and the op it judged when ``located``
        (a verdict depends on the text but for value names and location: it is kept per key)."""
        changes = dict(edits)
        for index, new in new_results.items():
            written = result_types[index]
            if written is not None:
                changes[written.start, written.end] = new
        text = s.text
        for (start, end), new in sorted(changes.items(), reverse=True):
            text = text[:start] + new + text[end:]
        key = None
        if not located:
            bare = text.rstrip()
            at = bare.rfind(" loc(")
            if at > 0 and bare.endswith(")"):
                bare = bare[:at]
            known = tuple(values.get(use_key(u)) for u in s.statement.operands) if values else ()
            key = (_NAMES.sub("%", bare), known)
            if key in self._verdicts:
                return self._verdicts[key]
        found = self._judge(s, text, values)
        if key is not None and len(self._verdicts) < 200_000:
            self._verdicts[key] = None if found is None else (found[0], None)
        return found

    def _judge(
        self, s: PlannedStatement, text: str, values: Mapping[str, Values] | None
    ) -> tuple[Problem | None, Operation] | None:
        try:
            statement = read_statement(text)
        except ReaderProblem:
            return None
        from broadcheck import dialects

        decl = dialects.lookup(statement.name)
        _, check = self.checks.check_of(statement.name)
        if check is None:
            return None

        def locate(start: int, end: int) -> Span:
            return Span(s.line, s.column + start, s.line, s.column + end)

        constants: tuple[str | None, ...] = ()
        if values:
            operand_types, _ = place_types(statement, decl.layout if decl is not None else None)
            constants = tuple(
                _literal(values[use_key(u)], operand_types[i])
                if use_key(u) in values and i < len(operand_types)
                else None
                for i, u in enumerate(statement.operands)
            )
        try:
            op = self.checks.operation(statement, decl, locate, self.aliases, (), constants)
        except (Unreadable, SyntaxProblem):
            return None
        return check(op, self.options.profile), op

    def _edit(self, s: PlannedStatement, written: TypeText, new: str) -> None:
        self._edit_at(s, written.start, written.end, new)

    def _edit_at(self, s: PlannedStatement, start: int, end: int, new: str) -> None:
        if "".join(new.split()) == "".join(s.text[start:end].split()):
            return
        self.edits[s.offset + start, s.offset + end] = new

    def _stop(self, s: PlannedStatement, why: str, origins: Mapping[str, str]) -> None:
        """Refinement stops along the values of ``s``: a warning naming the op."""
        from broadcheck.messages import RULES

        name = s.statement.name if s.offset != UNREAD_AT else s.text.split("=")[-1].split("(")[0].strip().strip('"')
        if s.offset == UNREAD_AT:
            match = re.search(r"(?:^|=\s*)\"?([a-z_][\w]*\.[\w.]+)", s.text)
            name = match.group(1) if match else name
        if (s.line, why) in self._warned:
            return
        self._warned.add((s.line, why))
        rule = RULES["BC1860"]
        column = s.column + (s.statement.name_start if s.offset != UNREAD_AT else 0)
        if s.offset == UNREAD_AT:  # the op's name on its first line
            line_text = self._line(s)
            at = line_text.find(name)
            column = at + 1 if at >= 0 else 1 + len(line_text) - len(line_text.lstrip())
        span = Span(s.line, column, s.line, column + len(name))
        self.diagnostics.append(Diagnostic(rule.code, rule.severity, rule.format(name, reason=why), self.path, span))


def _about_result(problem: Problem) -> bool:
    """Whether ``problem`` is only that a result type is not the one the check infers."""
    return problem.expected is not None and problem.subject is not None and problem.subject.kind == "result"


def _only(new: Mapping[int, str], keep: Sequence[int]) -> dict[int, str]:
    return {i: v for i, v in new.items() if i in keep}


def _uses(text: str, names: set[str]) -> bool:
    return any(re.search(re.escape(name) + r"(?![\w$.\-])", text) for name in names if name in text)


def _after_name(text: str, st: Statement) -> str | None:
    rest = text[st.name_end :].strip()
    rest = re.sub(r"\s+loc\(.*\)\s*$", "", rest)
    return rest or None


def _callee(st: Statement) -> str | None:
    symbol = next((i.text for i in st.items if i.kind == "symbol"), None)
    if symbol is None:
        symbol = next((a.text for a in st.attributes if a.name in ("callee", "call_target_name")), None)
    return None if symbol is None else symbol.strip().lstrip("@").strip('"')


def _attribute_int(st: Statement, *names: str) -> int | None:
    for a in st.attributes:
        if a.name in names:
            match = re.match(r"\s*(\d+)", a.text)
            if match:
                return int(match.group(1))
    return None


def _direction(text: str, st: Statement) -> str | None:
    for a in st.attributes:
        if a.name in ("comparison_direction", "predicate"):
            match = re.search(r"(EQ|NE|LT|LE|GT|GE|eq|ne|slt|sle|sgt|sge)\b", a.text)
            if match:
                return match.group(1)
    match = re.search(r"\b(?:compare|cmpi)\s+(EQ|NE|LT|LE|GT|GE|eq|ne|slt|sle|sgt|sge)\b", text)
    return match.group(1) if match else None


def _literal(values: Values, written: TypeText | None) -> str | None:
    """A known integer operand as the constant the refinement passes fold it to."""
    if written is None:
        return None
    dims = _dims_of(written.text)
    match = re.search(r"x?(i\d+|index)>$", "".join(written.text.split()))
    if dims is None or match is None:
        return None
    if len(dims) > 1:
        # (a 2-D constant, ``tf.Pad``'s paddings: nested as written, when its sizes are known)
        if len(dims) != 2 or None in dims or dims[0] * dims[1] != len(values):  # type: ignore[operator]
            return None
        step = dims[1] or 0
        rows = ["[" + ", ".join(map(str, values[i : i + step])) + "]" for i in range(0, len(values), step)]
        return f"dense<[{', '.join(rows)}]> : tensor<{dims[0]}x{dims[1]}x{match.group(1)}>"
    body = str(values[0]) if not dims else "[" + ", ".join(map(str, values)) + "]"
    shape = f"{len(values)}x" if dims else ""
    return f"dense<{body}> : tensor<{shape}{match.group(1)}>"


_LOOPS = {
    "stablehlo.while": (
        re.compile(r"(\s*(%[\w$.\-]+)(?::(\d+))?\s*=\s*stablehlo\.while\((.*)\)\s*:\s*)(.*?)\s*$"),
        "stablehlo.return",
    ),
    "scf.for": (
        re.compile(
            r"(\s*(%[\w$.\-]+)(?::(\d+))?\s*=\s*scf\.for\s+%[\w$.\-]+\s*=\s*\S+\s+to\s+\S+\s+step\s+\S+"
            r"(?:\s*:\s*\w+)?\s+iter_args\((.*)\)\s*->\s*\(?)(.*?)\)?\s*\{\s*$"
        ),
        "scf.yield",
    ),
}
"""The loops refined with their regions: the header of their custom form (its groups: up to the
type list, the results' name and count, the carried ``%arg = %operand`` pairs, the type list) and
the terminator of their body."""

_NAMES = re.compile(r"%[\w$.\-]+")
"""A value name (``%0``, ``%arg1``, ``%iterArg_2``): no check reads one."""

_STUCK = Problem("BC001")
"""The op cannot be read with the new types (no inference from it)."""


def trace(diagnostics: Sequence[Diagnostic], traces: Mapping[int, str]) -> list[Diagnostic]:
    """The errors at re-typed ops, each with a note naming the argument its new types follow from."""
    from dataclasses import replace

    from broadcheck.messages import note

    return [
        replace(d, notes=(*d.notes, Note("note", note("refine-trace", origin=traces[d.line]))))
        if d.severity == "error" and d.line in traces and d.code != "BC1861"
        else d
        for d in diagnostics
    ]


__all__ = ["BadRequest", "Refined", "Refiner", "Request", "parse_arg", "parse_dim", "trace", "with_shape"]
