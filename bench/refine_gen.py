"""Small StableHLO modules written as ``jax.export`` writes a symbolic export, for the refine campaign
(``tests/oracle/test_refine_jax.py``).

Each module's public ``@main`` takes one or two activations whose first dimension is the symbolic
batch ``b`` (``tensor<?x...>``) and some static weights, reads ``b`` with ``get_dimension_size``,
asserts ``b >= 1`` and that the second activation's batch is ``b`` (``shape_assertion`` custom
calls), and calls a private ``@_wrapped_jax_export_main`` that takes ``b`` as a ``tensor<i32>``
marked ``jax.global_constant = "b"``. The body is a random chain of: elementwise and unary ops,
``dynamic_broadcast_in_dim`` of a weight to ``(b, ...)`` with a shape operand built from ``b`` by
``reshape``/``multiply``/``concatenate``, ``dynamic_reshape`` (merging or splitting dimensions),
``dot_general`` with a weight, ``concatenate`` (along the batch, which makes ``2b``, or a static
dimension), ``dynamic_iota``, ``reduce``, ``dynamic_broadcast_in_dim`` of a value to a new last
dimension, and a call of a private helper that takes ``b`` too. Each case is
(name, text, ``{"b": batch}``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

Dim = int | tuple[int]
"""A static size, or ``(k,)``: ``k`` times the batch ``b``."""


def _text(dims: list[Dim], element: str = "f32") -> str:
    return "tensor<" + "".join(("?" if isinstance(d, tuple) else str(d)) + "x" for d in dims) + element + ">"


@dataclass
class _Body:
    """The statements of one function, with fresh value names."""

    lines: list[str] = field(default_factory=list)
    count: int = 0
    constants: dict[tuple[str, str], str] = field(default_factory=dict)

    def fresh(self) -> str:
        self.count += 1
        return f"%{self.count - 1}"

    def constant(self, literal: str, type_text: str) -> str:
        key = (literal, type_text)
        if key not in self.constants:
            name = f"%c_{len(self.constants)}"
            self.constants[key] = name
            self.lines.insert(0, f"    {name} = stablehlo.constant {literal} : {type_text}")
        return self.constants[key]

    def add(self, text: str) -> str:
        name = self.fresh()
        self.lines.append(f"    {name} = {text}")
        return name

    def shape(self, dims: list[Dim], batch: str) -> str:
        """A ``tensor<Nxi32>`` holding ``dims``, computed from ``batch`` as JAX computes it."""
        parts = []
        for d in dims:
            if isinstance(d, tuple):
                one = self.add(f"stablehlo.reshape {batch} : (tensor<i32>) -> tensor<1xi32>")
                if d[0] != 1:
                    k = self.constant(f"dense<{d[0]}>", "tensor<1xi32>")
                    one = self.add(f"stablehlo.multiply {one}, {k} : tensor<1xi32>")
                parts.append(one)
            else:
                parts.append(self.constant(f"dense<{d}>", "tensor<1xi32>"))
        if len(parts) == 1:
            return parts[0]
        types = ", ".join("tensor<1xi32>" for _ in parts)
        return self.add(f"stablehlo.concatenate {', '.join(parts)}, dim = 0 : ({types}) -> tensor<{len(parts)}xi32>")


def _case(rng: random.Random, index: int) -> tuple[str, str, dict[str, int]]:
    feature = rng.choice([2, 3, 4, 6])
    second = rng.random() < 0.5
    weights: list[list[int]] = []
    body = _Body()
    batch = "%arg0"
    pool: list[tuple[str, list[Dim]]] = [("%arg1", [(1,), feature])]
    if second:
        pool.append(("%arg2", [(1,), feature]))
    first_weight = 3 if second else 2

    def weight(dims: list[int]) -> str:
        weights.append(dims)
        return f"%arg{first_weight + len(weights) - 1}"

    helper_used = False
    twice_used: int | tuple[int] = 0
    for _ in range(rng.randint(3, 9)):
        name, dims = rng.choice(pool)
        kind = rng.choice(
            [
                *("binary", "unary", "broadcast", "reshape", "dot", "concat", "iota", "reduce", "bcast", "call"),
                *("if", "case", "while", "sort", "twice"),
            ]
        )
        t = _text(dims)
        if kind == "binary":
            same = [v for v in pool if v[1] == dims]
            other = rng.choice(same)[0]
            op = rng.choice(["add", "multiply", "subtract", "maximum"])
            pool.append((body.add(f"stablehlo.{op} {name}, {other} : {t}"), dims))
        elif kind == "unary":
            op = rng.choice(["tanh", "exponential", "negate"])
            pool.append((body.add(f"stablehlo.{op} {name} : {t}"), dims))
        elif kind == "broadcast":
            last = dims[-1]
            if isinstance(last, tuple):
                continue
            w = weight([last])
            shape = body.shape(dims, batch)
            out = body.add(
                f"stablehlo.dynamic_broadcast_in_dim {w}, {shape}, dims = [{len(dims) - 1}] : "
                f"(tensor<{last}xf32>, tensor<{len(dims)}xi32>) -> {t}"
            )
            pool.append((body.add(f"stablehlo.add {name}, {out} : {t}"), dims))
        elif kind == "reshape":
            if len(dims) == 2 and isinstance(dims[1], int) and dims[1] % 2 == 0:
                new: list[Dim] = [dims[0], 2, dims[1] // 2]
            elif len(dims) == 3 and all(isinstance(d, int) for d in dims[1:]):
                new = [dims[0], dims[1] * dims[2]]  # type: ignore[operator]
            elif len(dims) == 2 and isinstance(dims[0], tuple) and isinstance(dims[1], int):
                new = [(dims[0][0] * dims[1],)]
            else:
                continue
            shape = body.shape(new, batch)
            pool.append(
                (
                    body.add(
                        f"stablehlo.dynamic_reshape {name}, {shape} : ({t}, tensor<{len(new)}xi32>) -> {_text(new)}"
                    ),
                    new,
                )
            )
        elif kind == "dot":
            last = dims[-1]
            if isinstance(last, tuple) or len(dims) != 2:
                continue
            n = rng.choice([2, 3, 5])
            w = weight([last, n])
            new = [dims[0], n]
            pool.append(
                (
                    body.add(
                        f"stablehlo.dot_general {name}, {w}, contracting_dims = [1] x [0] : "
                        f"({t}, tensor<{last}x{n}xf32>) -> {_text(new)}"
                    ),
                    new,
                )
            )
        elif kind == "concat":
            axis = rng.randrange(len(dims))
            d = dims[axis]
            new = list(dims)
            new[axis] = (d[0] * 2,) if isinstance(d, tuple) else d * 2
            pool.append(
                (body.add(f"stablehlo.concatenate {name}, {name}, dim = {axis} : ({t}, {t}) -> {_text(new)}"), new)
            )
        elif kind == "iota":
            shape = body.shape(dims, batch)
            axis = rng.randrange(len(dims))
            iota = body.add(
                f"stablehlo.dynamic_iota {shape}, dim = {axis} : (tensor<{len(dims)}xi32>) -> {_text(dims)}"
            )
            pool.append((body.add(f"stablehlo.add {name}, {iota} : {t}"), dims))
        elif kind == "reduce":
            if len(dims) < 2:
                continue
            zero = body.constant("dense<0.000000e+00>", "tensor<f32>")
            new = dims[:-1]
            pool.append(
                (
                    body.add(
                        f"stablehlo.reduce({name} init: {zero}) applies stablehlo.add across dimensions = "
                        f"[{len(dims) - 1}] : ({t}, tensor<f32>) -> {_text(new)}"
                    ),
                    new,
                )
            )
        elif kind == "bcast":
            if len(dims) > 2:
                continue
            k = rng.choice([1, 3])
            new = [*dims, k]
            shape = body.shape(new, batch)
            pool.append(
                (
                    body.add(
                        f"stablehlo.dynamic_broadcast_in_dim {name}, {shape}, dims = "
                        f"[{', '.join(map(str, range(len(dims))))}] : ({t}, tensor<{len(new)}xi32>) -> {_text(new)}"
                    ),
                    new,
                )
            )
        elif kind in ("if", "case"):
            # branches: the results take what every branch returns
            selector = body.constant("dense<true>", "tensor<i1>") if kind == "if" else batch
            op, selector_type = ("if", "tensor<i1>") if kind == "if" else ("case", "tensor<i32>")
            inner = body.fresh()
            result = body.fresh()
            body.lines += [
                f'    {result} = "stablehlo.{op}"({selector}) ({{',
                f"      {inner} = stablehlo.{rng.choice(['tanh', 'negate'])} {name} : {t}",
                f"      stablehlo.return {inner} : {t}",
                "    }, {",
                f"      stablehlo.return {name} : {t}",
                f"    }}) : ({selector_type}) -> {t}",
            ]
            pool.append((result, dims))
        elif kind == "while":
            # a loop in its generic form: the block arguments and results take the operands' types
            zero = body.constant("dense<0>", "tensor<i32>")
            one = body.constant("dense<1>", "tensor<i32>")
            three = body.constant("dense<3>", "tensor<i32>")
            result = body.fresh()
            x, i, c, y, j = (f"%w{body.count}_{k}" for k in "xicyj")
            body.lines += [
                f'    {result}:2 = "stablehlo.while"({name}, {zero}) ({{',
                f"    ^bb0({x}: {t}, {i}: tensor<i32>):",
                f"      {c} = stablehlo.compare LT, {i}, {three}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>",
                f"      stablehlo.return {c} : tensor<i1>",
                "    }, {",
                f"    ^bb0({x}: {t}, {i}: tensor<i32>):",
                f"      {y} = stablehlo.add {x}, {x} : {t}",
                f"      {j} = stablehlo.add {i}, {one} : tensor<i32>",
                f"      stablehlo.return {y}, {j} : {t}, tensor<i32>",
                f"    }}) : ({t}, tensor<i32>) -> ({t}, tensor<i32>)",
            ]
            pool.append((f"{result}#0", dims))
        elif kind == "sort":
            # a body on elements over several lines: the op is re-typed from its operand
            result = body.fresh()
            a, b, c = (f"%s{body.count}_{k}" for k in "abc")
            body.lines += [
                f'    {result} = "stablehlo.sort"({name}) <{{dimension = {len(dims) - 1} : i64, is_stable = true}}>'
                " ({",
                f"    ^bb0({a}: tensor<f32>, {b}: tensor<f32>):",
                f"      {c} = stablehlo.compare GT, {a}, {b}, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
                f"      stablehlo.return {c} : tensor<i1>",
                f"    }}) : ({t}) -> {t}",
            ]
            pool.append((result, dims))
        elif kind == "twice" and not twice_used and len(dims) == 2 and isinstance(dims[0], tuple):
            # a private function called with two sets of types (b and 2b rows): the second takes a clone
            twice_used = dims[1]
            both = [(dims[0][0] * 2,), dims[1]]
            doubled = body.add(f"stablehlo.concatenate {name}, {name}, dim = 0 : ({t}, {t}) -> {_text(both)}")
            first = body.add(f"func.call @twice({name}) : ({t}) -> {t}")
            body.add(f"func.call @twice({doubled}) : ({_text(both)}) -> {_text(both)}")
            pool.append((first, dims))
        elif kind == "call" and not helper_used and dims == [(1,), feature]:
            helper_used = True
            pool.append((body.add(f"func.call @helper({batch}, {name}) : (tensor<i32>, {t}) -> {t}"), dims))
    result, rdims = pool[-1]
    body.lines.append(f"    return {result} : {_text(rdims)}")
    acts = [_text([(1,), feature])] * (2 if second else 1)
    wtypes = [_text(list(w)) for w in weights]  # type: ignore[arg-type]
    main_args = [*acts, *wtypes]
    out = []
    out.append("module @jit_case attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32} {")
    sig = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(main_args))
    out.append(f"  func.func public @main({sig}) -> ({_text(rdims)}) {{")
    out.append("    %c = stablehlo.constant dense<1> : tensor<i32>")
    out.append(f"    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : ({acts[0]}) -> tensor<i32>")
    out.append("    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>")
    out.append(
        '    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Expected '
        "value >= 1 for dimension variable 'b'. Obtained dimension variables: 'b' = {0}\", has_side_effect = "
        "true} : (tensor<i1>, tensor<i32>) -> ()"
    )
    if second:
        out.append(f"    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : ({acts[1]}) -> tensor<i32>")
        out.append("    %3 = stablehlo.compare EQ, %2, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>")
        out.append(
            '    stablehlo.custom_call @shape_assertion(%3, %2, %0) {api_version = 2 : i32, error_message = "Found '
            "inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}).\", "
            "has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()"
        )
    passed = ", ".join(["%0", *(f"%arg{i}" for i in range(len(main_args)))])
    types = ", ".join(["tensor<i32>", *main_args])
    out.append(f"    %r = call @_wrapped_jax_export_main({passed}) : ({types}) -> {_text(rdims)}")
    out.append(f"    return %r : {_text(rdims)}")
    out.append("  }")
    inner = ", ".join(
        ['%arg0: tensor<i32> {jax.global_constant = "b"}', *(f"%arg{i + 1}: {t}" for i, t in enumerate(main_args))]
    )
    out.append(f"  func.func private @_wrapped_jax_export_main({inner}) -> ({_text(rdims)}) {{")
    out.extend(body.lines)  # (in the callee's numbering: %arg0 is b, main's %argN is %argN+1)
    out.append("  }")
    if helper_used:
        t = _text([(1,), feature])
        h = _Body()
        w_shape = h.shape([(1,), feature], "%arg0")
        one = h.constant("dense<1.000000e+00>", "tensor<f32>")
        b = h.add(
            f"stablehlo.dynamic_broadcast_in_dim {one}, {w_shape}, dims = [] : (tensor<f32>, tensor<2xi32>) -> {t}"
        )
        s = h.add(f"stablehlo.add %arg1, {b} : {t}")
        h.lines.append(f"    return {s} : {t}")
        out.append(
            f'  func.func private @helper(%arg0: tensor<i32> {{jax.global_constant = "b"}}, %arg1: {t}) -> {t} {{'
        )
        out.extend(h.lines)
        out.append("  }")
    if twice_used:
        tt = f"tensor<?x{twice_used}xf32>"
        out.append(f"  func.func private @twice(%arg0: {tt}) -> {tt} {{")
        out.append(f"    %0 = stablehlo.multiply %arg0, %arg0 : {tt}")
        out.append(f"    return %0 : {tt}")
        out.append("  }")
    out.append("}")
    return f"case{index}", "\n".join(out) + "\n", {"b": rng.choice([1, 2, 3, 8, 16, 64])}


def generate(count: int, seed: int) -> list[tuple[str, str, dict[str, int]]]:
    """``count`` cases, the same for the same ``seed``."""
    rng = random.Random(seed)
    return [_case(rng, i) for i in range(count)]
