"""Differential test: the ``tf`` ops of :mod:`broadcheck.dialects.tf.verified_b` (the uniform quantized
ops, the ``Xla*`` window/variadic ops, the TPU/IFRT/TFRT runtime ops) against tensorflow-cpu 2.21
(``tf.mlir.experimental.run_pass_pipeline``).

Each case writes one op with random operand and result types (ranks 0-3 or unranked, sizes that
agree or not, elements its constraints take or not), random attributes (absent, of the wrong kind,
values the verifier rejects; in the attribute dictionary or, one case in three whose attributes are all
of their kind, the properties: the parser's property conversion is base.properties', campaigned elsewhere), now and then a constant operand (``tf.Const``) where the verifier
reads one, and functions of one block for the symbols the ``Xla*`` ops name (or a name the module
does not define). The verdict and the first error message must agree. Not generated: a non-empty
``host_mlir_module`` (TensorFlow deserializes it; not read here), an ``IfrtCall`` inside an IFRT
program's function, function declarations or functions of several blocks as reducers/comparators.
Knobs: ``BROADCHECK_TF_VERIFY_B_CASES`` (default 2520), ``BROADCHECK_ODS_SEED``; the tool runs through
``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import collections
import os
import random
import re

import pytest

from tests.oracle.test_ods_traits import broadcheck_verdict, tool_verdicts

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_TF_VERIFY_B_CASES", "2520"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))

FUNCTIONS = """
func.func private @g(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func private @g1(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func private @s(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %c = "tf.Less"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %c : tensor<i1>
}
"""
"""The functions every case's module defines: two parameters, one, and a boolean select."""
FUNCTION_NAMES = ("@g", "@g", "@g", "@g1", "@s", "@missing")
POOL = (
    "f32",
    "i32",
    "f64",
    "!tf_type.qint8",
    "!tf_type.qint32",
    "!tf_type.quint8",
    "i1",
    "!tf_type.string",
    "!tf_type.variant",
)


class Case:
    """One op being written: its operand and result types, constants and attributes."""

    def __init__(self, rng: random.Random, name: str) -> None:
        self.rng, self.name = rng, name
        self.ins: list[str] = []
        self.outs: list[str] = []
        self.consts: dict[int, str] = {}
        self.attrs: dict[str, str] = {}
        self.spoiled = False

    def dims(self, rank: int) -> list[int | None]:
        return [None if self.rng.random() < 0.1 else self.rng.randint(1, 4) for _ in range(rank)]

    def tensor(self, dims: list[int | None] | None, element: str) -> str:
        if dims is None:
            return f"tensor<*x{element}>"
        return "tensor<" + "".join("?x" if d is None else f"{d}x" for d in dims) + element + ">"

    def value(self, element: str, ranks: tuple[int, ...] = (0, 1, 2), unranked: float = 0.1) -> str:
        """A tensor of ``element`` (now and then another of :data:`POOL`), of one of ``ranks`` or unranked."""
        if self.rng.random() < 0.02:
            return self.rng.choice(("f32", "i32"))  # not a tensor
        if self.rng.random() < 0.03:
            element = self.rng.choice(POOL)
        if self.rng.random() < unranked:
            return self.tensor(None, element)
        return self.tensor(self.dims(self.rng.choice(ranks)), element)

    def const(self, index: int, dims: list[int], element: str = "i32") -> None:
        """Operand ``index`` a ``tf.Const`` of static ``dims``."""
        t = self.tensor(list(dims), element)
        while len(self.ins) <= index:
            self.ins.append("tensor<i32>")
        self.ins[index] = t
        self.consts[index] = f"dense<1> : {t}"

    def spoil(self, required: tuple[str, ...]) -> None:
        """Now and then an attribute dropped or of the wrong kind."""
        r = self.rng.random()
        self.spoiled = r < 0.08
        if r < 0.04 and required:
            self.attrs.pop(self.rng.choice(required), None)
        elif r < 0.08 and self.attrs:
            key = self.rng.choice(sorted(self.attrs))
            self.attrs[key] = self.rng.choice(['"x"', "1 : i32", "[1, 2]", "true", "{}"])

    def text(self) -> str:
        """The case: one function holding the constants and the op, and :data:`FUNCTIONS`."""
        args = [f"%a{i}: {t}" for i, t in enumerate(self.ins) if i not in self.consts]
        lines = [f'  %a{i} = "tf.Const"() <{{value = {v}}}> : () -> {self.ins[i]}' for i, v in self.consts.items()]
        res = f"%r:{len(self.outs)} = " if len(self.outs) > 1 else "%r = " if self.outs else ""
        uses = ", ".join(f"%a{i}" for i in range(len(self.ins)))
        attrs = ", ".join(f"{k} = {v}" for k, v in self.attrs.items())
        if attrs and not self.spoiled and self.rng.random() < 0.3:  # as TensorFlow prints them: the properties
            attrs = f" <{{{attrs}}}>"
        else:
            attrs = f" {{{attrs}}}" if attrs else ""
        op = f'{res}"{self.name}"({uses}){attrs} : ({", ".join(self.ins)}) -> ({", ".join(self.outs)})'
        return f"func.func @f({', '.join(args)}) {{\n" + "\n".join([*lines, "  " + op]) + "\n  return\n}\n" + FUNCTIONS


# ---- the uniform quantized ops

QUANT = {
    "tf.UniformDequantize": (["q8|qu8|q32", "f32", "i32"], "f32", [(1, 2, "")]),
    "tf.UniformQuantize": (["f32", "f32", "i32"], "q8|qu8|q32", [(1, 2, "")]),
    "tf.UniformQuantizedAdd": (["q32", "q32", "f32", "i32", "f32", "i32", "f32", "i32"], "q32",
                               [(2, 3, "lhs_"), (4, 5, "rhs_"), (6, 7, "output_")]),
    "tf.UniformQuantizedClipByValue": (["q32", "q32", "q32", "f32", "i32"], "q32", [(3, 4, "")]),
    "tf.UniformQuantizedConvolution": (["q8", "q8", "f32", "i32", "f32", "i32", "f32", "i32"], "q32",
                                       [(2, 3, "lhs_"), (4, 5, "rhs_"), (6, 7, "output_")]),
    "tf.UniformQuantizedConvolutionHybrid": (["f32", "q8", "f32", "i32"], "f32", [(2, 3, "rhs_")]),
    "tf.UniformQuantizedDot": (["q8", "q8", "f32", "i32", "f32", "i32", "f32", "i32"], "q32",
                               [(2, 3, "lhs_"), (4, 5, "rhs_"), (6, 7, "output_")]),
    "tf.UniformQuantizedDotHybrid": (["f32", "q8", "f32", "i32"], "f32", [(2, 3, "rhs_")]),
    "tf.UniformRequantize": (["q32|q8", "f32", "i32", "f32", "i32"], "q8|q32", [(1, 2, "input_"), (3, 4, "output_")]),
}  # fmt: skip
"""Each op's operand elements, result element and (scales, zero points, attribute prefix) groups."""
ELEMENTS = {"q8": "!tf_type.qint8", "qu8": "!tf_type.quint8", "q32": "!tf_type.qint32", "f32": "f32", "i32": "i32"}
AXES = ("-1 : i64", "0 : i64", "1 : i64", "4294967295 : i64", "-2 : i64")


def make_quant(c: Case) -> None:
    """A uniform quantized op: random scales and zero points against random quantization axes."""
    rng = c.rng
    ins, out, groups = QUANT[c.name]
    params = {i for s, z, _ in groups for i in (s, z)}
    for i, spec in enumerate(ins):
        element = ELEMENTS[rng.choice(spec.split("|"))]
        if i in params:
            c.ins.append(c.value(element, (0, 0, 1, 1, 2)) if rng.random() < 0.5 else "")
        else:
            c.ins.append(c.value(element, (1, 2, 3, 4)))
    c.outs.append(c.value(ELEMENTS[rng.choice(out.split("|"))], (1, 2, 3, 4)))
    if c.name.startswith(("tf.UniformQuantizedConvolution",)):
        c.attrs["padding"] = '"VALID"'
        if rng.random() < 0.3:
            c.attrs["window_strides"] = "[1, 1]"
    for scales, zero_points, prefix in groups:
        axis = rng.choice(AXES) if rng.random() < 0.75 else None
        if axis is not None:
            c.attrs[f"{prefix}quantization_axis"] = axis
        per_tensor = axis is None or axis.startswith(("-1", "4294967295"))
        size = rng.randint(1, 3)
        for i, element in ((scales, "f32"), (zero_points, "i32")):
            if not c.ins[i]:  # one that fits the axis (mostly)
                dims: list[int | None] | None = [] if per_tensor else [size if rng.random() < 0.85 else None]
                c.ins[i] = c.tensor(None if rng.random() < 0.1 else dims, element)
        c.attrs[f"{prefix}quantization_min_val"] = "-128 : i64"
        c.attrs[f"{prefix}quantization_max_val"] = "127 : i64"
    required = tuple(k for k in c.attrs if not k.endswith("quantization_axis") and k != "window_strides")
    c.spoil(required)


# ---- the Xla* ops


def _window_const(c: Case, index: int, r: int) -> None:
    """A window operand: a constant vector of the input's rank (mostly), another size or rank, or not constant."""
    rng = c.rng
    x = rng.random()
    if x < 0.6:
        c.const(index, [r])
    elif x < 0.75:
        c.const(index, [r + rng.choice([-1, 1]) if r > 0 else 1])
    elif x < 0.85:
        c.const(index, rng.choice([[], [1, r or 1]]))
    else:
        while len(c.ins) <= index:
            c.ins.append("tensor<i32>")
        c.ins[index] = c.value("i32", (1,), 0.2)


def _padding_const(c: Case, index: int, r: int) -> None:
    rng = c.rng
    x = rng.random()
    while len(c.ins) <= index:
        c.ins.append("tensor<i32>")
    if x < 0.7:
        c.const(index, [r or 1, 2])
    elif x < 0.85:
        c.const(index, rng.choice([[r or 1, 3], [r or 1], [2, 2, 2]]))
    else:
        c.ins[index] = c.value("i32", (1, 2), 0.2)


def make_reduce_window(c: Case) -> None:
    """``tf.XlaReduceWindow``: window operands and padding against the input's rank, a computation."""
    rng = c.rng
    r = rng.randint(0, 3)
    element = rng.choice(["f32", "f32", "i32"])
    unranked = rng.random() < 0.1
    c.ins = [c.tensor(None if unranked else c.dims(r), element), c.value(element, (0,), 0)]
    for index in range(2, 6):
        _window_const(c, index, r)
    _padding_const(c, 6, r)
    c.outs = [c.tensor(c.dims(r), element)]
    c.attrs["computation"] = rng.choice(FUNCTION_NAMES)
    c.spoil(("computation",))


def make_select_and_scatter(c: Case) -> None:
    """``tf.XlaSelectAndScatter``: window operands and padding, a select and a scatter function."""
    rng = c.rng
    r = rng.randint(0, 3)
    unranked = rng.random() < 0.1
    c.ins = [c.tensor(None if unranked else c.dims(r), "f32")]
    for index in (1, 2):
        _window_const(c, index, r)
    _padding_const(c, 3, r)
    c.ins += [c.tensor(c.dims(r), "f32"), c.value("f32", (0,), 0)]
    c.outs = [c.tensor(c.dims(r), "f32")]
    c.attrs["select"] = rng.choice(["@s", "@s", "@s", "@g", "@g1", "@missing"])
    c.attrs["scatter"] = rng.choice(FUNCTION_NAMES)
    c.spoil(("select", "scatter"))


def make_conv_v2(c: Case) -> None:
    """``tf.XlaConvV2``: its five window operands constants of the right ranks (mostly) or not."""
    rng = c.rng
    c.ins = [c.value("f32", (4,), 0.05), c.value("f32", (4,), 0.05)]
    wanted = [[2], [2, 2], [2], [2], []]
    for index, dims in enumerate(wanted, start=2):
        if rng.random() < 0.85:
            if rng.random() < 0.15:
                dims = rng.choice([[], [2], [2, 3], [1, 2, 2]])
            c.const(index, dims)
        else:
            while len(c.ins) <= index:
                c.ins.append("tensor<i32>")
            c.ins[index] = c.value("i32", (0, 1, 2), 0.1)
    c.outs = [c.value("f32", (4,), 0.05)]
    c.attrs = {"dimension_numbers": '""', "precision_config": '""'}
    if rng.random() < 0.3:
        c.attrs["batch_group_count"] = "1 : i64"
    c.spoil(("dimension_numbers", "precision_config"))


def _same_shapes(c: Case, n: int, element: str | None = None) -> list[str]:
    """``n`` inputs of one shape (mostly), now and then one of another shape or element type."""
    rng = c.rng
    base = c.dims(rng.randint(0, 3))
    out = []
    for _ in range(n):
        dims: list[int | None] | None = list(base)
        x = rng.random()
        if x < 0.15:
            dims = c.dims(rng.randint(0, 3))
        elif x < 0.2:
            dims = None
        e = element or rng.choice(["f32", "f32", "f32", "i32"])
        out.append(c.tensor(dims, e))
    return out


def make_variadic_reduce(c: Case) -> None:
    """``tf.XlaVariadicReduce``: N inputs and N scalar init values, of one element type (mostly)."""
    rng = c.rng
    n = rng.choice([1, 1, 2, 3])
    element = rng.choice(["f32", "i32"])
    inputs = _same_shapes(c, n, element)
    if rng.random() < 0.25:
        i = rng.randrange(n)
        inputs[i] = re.sub(r"(f32|i32)>$", rng.choice(["f64>", "i64>", "i32>", "f32>"]), inputs[i])
    c.ins = inputs + [c.value(element, (0,), 0) for _ in range(n)]
    if rng.random() < 0.05:
        c.ins = c.ins[:-1]
    c.outs = [c.value(element, (0, 1), 0.1) for _ in range(n)]
    c.attrs = {"dimensions_to_reduce": rng.choice(["[0]", "[]", "[0, 1]"]), "reducer": rng.choice(FUNCTION_NAMES)}
    c.spoil(("dimensions_to_reduce", "reducer"))


def make_variadic_reduce_v2(c: Case) -> None:
    """``tf.XlaVariadicReduceV2``: inputs of one shape, as many scalar init values (mostly), a reducer."""
    rng = c.rng
    n = rng.choice([0, 1, 1, 2, 2, 3]) if rng.random() < 0.95 else 0
    m = n if rng.random() < 0.85 else rng.randint(0, 3)
    inputs = _same_shapes(c, n) if n else []
    inits = [c.value("f32", (0, 0, 0, 1), 0.1) for _ in range(m)]
    c.ins = inputs + inits
    c.outs = [c.value("f32", (0, 1), 0.1) for _ in range(max(n, 1))]
    dims = rng.choice(["[0]", "[]", "[0, 1]", "[0, 1, 2]", "[0, 1, 2, 3]"])
    c.attrs = {"dimensions_to_reduce": dims, "reducer": rng.choice(FUNCTION_NAMES)}
    c.spoil(("dimensions_to_reduce", "reducer"))
    segments = (n, m) if rng.random() < 0.97 else (n + 1, m)
    c.attrs["operandSegmentSizes"] = f"array<i32: {segments[0]}, {segments[1]}>"


def make_variadic_sort(c: Case) -> None:
    """``tf.XlaVariadicSort``: inputs of one shape (mostly), a dimension (a scalar constant or not), a comparator."""
    rng = c.rng
    n = rng.choice([1, 1, 2, 3])
    c.ins = _same_shapes(c, n)
    c.outs = list(c.ins)
    x = rng.random()
    if x < 0.5:
        c.const(n, [])
    elif x < 0.7:
        c.const(n, rng.choice([[1], [2], [1, 1]]))
    else:
        c.ins.append(c.value("i32", (0, 0, 1), 0.1))
    c.attrs = {"comparator": rng.choice(["@s", "@s", "@g", "@missing"]), "is_stable": rng.choice(["true", "false"])}
    c.spoil(("comparator", "is_stable"))


# ---- the runtime ops

RESOURCES = ("tensor<!tf_type.resource>", "tensor<!tf_type.resource<tensor<2xf32>>>", "tensor<2x!tf_type.resource>")


def _maybe_resource(c: Case, p: float) -> str:
    return c.rng.choice(RESOURCES) if c.rng.random() < p else c.value(c.rng.choice(["f32", "i32"]), (0, 1, 2))


def _indices(rng: random.Random, n: int, low: int) -> list[int]:
    values = sorted(rng.sample(range(low, low + 6), min(n, 6)))
    if values and rng.random() < 0.2:
        rng.shuffle(values)
    return values


def make_ifrt_call(c: Case) -> None:
    """``tf.IfrtCall``: arguments and results now and then resources, variable argument indices."""
    rng = c.rng
    c.ins = [_maybe_resource(c, 0.1) for _ in range(rng.randint(0, 3))]
    c.outs = [_maybe_resource(c, 0.1) for _ in range(rng.randint(0, 2))]
    values = _indices(rng, rng.randint(0, 3), rng.choice([0, 0, 0, -1]))
    typed = rng.random() < 0.95
    c.attrs = {
        "program_id": "1 : i64",
        "variable_arg_indices": "[" + ", ".join(f"{v} : i32" if typed else str(v) for v in values) + "]",
    }
    c.spoil(("program_id", "variable_arg_indices"))


def make_pw_stream_results(c: Case) -> None:
    """``tf.PwStreamResults``: arguments and names, of one count (mostly)."""
    rng = c.rng
    n = rng.randint(0, 3)
    c.ins = [c.value(rng.choice(["f32", "i32"]), (0, 1, 2)) for _ in range(n)]
    k = n if rng.random() < 0.6 else rng.randint(0, 3)
    c.attrs = {"names": "[" + ", ".join(f'"n{i}"' for i in range(k)) + "]"}
    c.spoil(("names",))


def make_tpu_execute(c: Case) -> None:
    """``tf.TPUExecuteAndUpdateVariables``: resource and other arguments, a key, read and update indices."""
    rng = c.rng
    args = [_maybe_resource(c, 0.5) for _ in range(rng.randint(0, 3))]
    handles = sum("resource" in a for a in args)
    c.ins = [*args, "tensor<3x!tf_type.string>"]
    c.outs = [c.value("f32", (0, 1)) for _ in range(rng.randint(0, 2))]

    def indices(least: int) -> str:
        n = handles if rng.random() < 0.75 else rng.randint(0, 3)
        return "[" + ", ".join(str(rng.randint(least - (rng.random() < 0.15), 3)) for _ in range(n)) + "]"

    c.attrs = {"device_var_reads_indices": indices(0), "device_var_updates_indices": indices(-1)}
    c.spoil(("device_var_reads_indices", "device_var_updates_indices"))


def make_partitioned_input(c: Case) -> None:
    """``tf.TPUPartitionedInputV2``: inputs against the partitions and ``is_packed``."""
    rng = c.rng
    dims = rng.choice([[], [], [2], [2, 3], [1, 2], [3], [1, 1]])
    packed = rng.choice([None, None, "false", "true"])
    product = 1
    for d in dims:
        product *= d
    n = (1 if packed == "true" else product) if rng.random() < 0.5 else rng.randint(1, 6)
    element = rng.choice(["f32", "i32"])
    c.ins = [c.value(element, (1,), 0) for _ in range(n)]
    c.outs = [c.value(element, (1,), 0.1)]
    c.attrs = {"partition_dims": "[" + ", ".join(map(str, dims)) + "]"}
    if packed is not None:
        c.attrs["is_packed"] = packed
    c.spoil(("partition_dims",))


def make_tfrt_get_resource(c: Case) -> None:
    """``tf._TfrtGetResource``: its three arrays of one length (mostly)."""
    rng = c.rng
    n = rng.randint(0, 3)
    sizes = [n if rng.random() < 0.7 else rng.randint(0, 3) for _ in range(3)]
    c.outs = [rng.choice(RESOURCES) for _ in range(rng.randint(0, 2))]
    c.attrs = {
        "indices": "[" + ", ".join(str(i) for i in range(sizes[0])) + "]",
        "shared_name": "[" + ", ".join(f'"v{i}"' for i in range(sizes[1])) + "]",
        "container": "[" + ", ".join('""' for _ in range(sizes[2])) + "]",
    }
    c.spoil(("indices", "shared_name", "container"))


def make_host_compute(c: Case) -> None:
    """``tf._XlaHostComputeMlir``: its attributes (an empty module or none)."""
    rng = c.rng
    c.ins = [c.value("f32", (0, 1, 2)) for _ in range(rng.randint(0, 2))]
    c.outs = [c.value("f32", (0, 1, 2)) for _ in range(rng.randint(0, 2))]
    c.attrs = {"send_key": '"s"', "recv_key": '"r"'}
    if rng.random() < 0.3:
        c.attrs["manual_sharding"] = rng.choice(["true", "false"])
    c.spoil(("send_key", "recv_key"))
    if rng.random() < 0.3:
        c.attrs["host_mlir_module"] = rng.choice(['""', "1 : i64"])


MAKERS = {
    **dict.fromkeys(QUANT, make_quant),
    "tf.XlaConvV2": make_conv_v2,
    "tf.XlaReduceWindow": make_reduce_window,
    "tf.XlaSelectAndScatter": make_select_and_scatter,
    "tf.XlaVariadicReduce": make_variadic_reduce,
    "tf.XlaVariadicReduceV2": make_variadic_reduce_v2,
    "tf.XlaVariadicSort": make_variadic_sort,
    "tf.IfrtCall": make_ifrt_call,
    "tf.PwStreamResults": make_pw_stream_results,
    "tf.TPUExecuteAndUpdateVariables": make_tpu_execute,
    "tf.TPUPartitionedInputV2": make_partitioned_input,
    "tf._TfrtGetResource": make_tfrt_get_resource,
    "tf._XlaHostComputeMlir": make_host_compute,
}


def make_case(rng: random.Random, name: str) -> str:
    """One case of op ``name`` (see the module's docstring)."""
    c = Case(rng, name)
    MAKERS[name](c)
    return c.text()


def cases(n: int, seed: int = SEED) -> list[tuple[str, str]]:
    """``n`` cases, the ops in turn."""
    rng = random.Random(f"{seed}:tf-verify-b")
    names = list(MAKERS)
    return [(name, make_case(rng, name)) for name in (names[i % len(names)] for i in range(n))]


def test_tf_verified_b_ops_agree_with_tensorflow() -> None:
    found = cases(CASES)
    expected = tool_verdicts("tf", [t for _, t in found])
    diffs = []
    per_op: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    kinds: collections.Counter[str] = collections.Counter()
    for (name, text), want in zip(found, expected, strict=True):
        got = broadcheck_verdict(text)
        per_op[name]["ok" if want == "ok" else "rejected"] += 1
        kinds[re.sub(r"'[^']*'", "'T'", re.sub(r"^\d+:\d+: ", "", want))[:70]] += 1
        if got != want:
            diffs.append((name, text, want, got))
    print(f"tf verified ops, part B: {len(found)} cases over {len(MAKERS)} ops; {len(diffs)} differences")
    for name, counts in per_op.items():
        print(f"  {name}: {counts['ok']} accepted, {counts['rejected']} rejected")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(60)))
    by_op = collections.Counter(n for n, *_ in diffs)
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences ({dict(by_op)}):\n{shown}"
    for name, counts in per_op.items():
        assert counts["ok"] and counts["rejected"], (name, counts)
