"""The generated ``tfl`` table (``broadcheck/dialects/tfl/ods.json``, from ``tfl_ops.td``) says what the
hand-written tables said on every op they covered: each operand's and result's type constraint in its
summary's words (the tables ``traits.py`` kept before the generator, written out below as data), the
operand and result counts and optional operands of every op of ``DECLARED``, and the element predicate
and native traits of every op of ``UNARY``. The hand tables were checked against TensorFlow 2.21's
importer (``tests/oracle/test_tfl_traits.py``, ``test_tfl_unary_new.py``)."""

from __future__ import annotations

import re

import pytest

from broadcheck.dialects.tfl import ods
from broadcheck.dialects.tfl.traits import CONSTRAINED, DECLARED
from broadcheck.dialects.tfl.unary import UNARY

_STATEFUL = "stateful tensor"
_OF_F32_I8_I64_I32_UI8_I1 = (
    "tensor of 32-bit float or 8-bit signless integer or 64-bit signless integer or 32-bit signless integer or "
    "8-bit unsigned integer or 1-bit signless integer values"
)
_OF_F32_I8 = "tensor of 32-bit float or 8-bit signless integer values"
_OF_F32_QI16 = "tensor of 32-bit float or QI16 type values"
_OF_F32_QI32 = "tensor of 32-bit float or QI32 type values"
_OF_F32_QI8_QI16 = "tensor of 32-bit float or QI8 type or QI16 type values"
_OF_F32_QI8_QUI8 = "tensor of 32-bit float or QI8 type or QUI8 type values"
_OF_F32_QI8 = "tensor of 32-bit float or QI8 type values"
_OF_F32_QUI8_QI8_QUINT8_QI16 = (
    "tensor of 32-bit float or QUI8 type or QI8 type or TFLite quint8 type or QI16 type values"
)
_OF_F32_QUI8 = "tensor of 32-bit float or QUI8 type values"
_OF_F32 = "tensor of 32-bit float values"
_OF_I32 = "tensor of 32-bit signless integer values"
_ANY = "tensor of any type values"

REQUIRED: dict[str, tuple[str | None, ...]] = {
    "leaky_relu": (_OF_F32_QUI8_QI8_QUINT8_QI16,),
    "scatter_nd": (_OF_I32, _OF_F32_I8_I64_I32_UI8_I1, "1D"),
    "bitcast": (_ANY,),
    "conv_3d": (_OF_F32, _OF_F32, None),
    "conv_3d_transpose": (_OF_I32, _OF_F32, _OF_F32, None),
    "basic_lstm": (_OF_F32_QUI8, _OF_F32_QUI8, _OF_F32_QUI8, _OF_F32_QI32, _OF_F32_QI16),
    "svdf": (_OF_F32_QI8, _OF_F32_QI8_QUI8, _OF_F32_QI16, None, _STATEFUL),
    "unidirectional_sequence_rnn": (_OF_F32, _OF_F32_QI8, _OF_F32_QI8, _OF_F32, _STATEFUL),
    "lstm": (
        _OF_F32_QI8_QI16,
        None,
        _OF_F32_QI8,
        _OF_F32_QI8,
        _OF_F32_QI8,
        None,
        _OF_F32_QI8,
        _OF_F32_QI8,
        _OF_F32_QI8,
        None,
        None,
        None,
        None,
        _OF_F32_QI32,
        _OF_F32_QI32,
        _OF_F32_QI32,
        None,
        None,
        _STATEFUL,
        _STATEFUL,
        None,
        None,
        None,
        None,
    ),
    "unidirectional_sequence_lstm": (
        _OF_F32,
        None,
        _OF_F32_QI8,
        _OF_F32_QI8,
        _OF_F32_QI8,
        None,
        _OF_F32_QI8,
        _OF_F32_QI8,
        _OF_F32_QI8,
        None,
        None,
        None,
        None,
        _OF_F32,
        _OF_F32,
        _OF_F32,
        None,
        None,
        _STATEFUL,
        _STATEFUL,
        None,
        None,
        None,
        None,
    ),
    "bidirectional_sequence_lstm": (
        _OF_F32_I8,
        None,
        _OF_F32_I8,
        _OF_F32_I8,
        _OF_F32_I8,
        None,
        _OF_F32_I8,
        _OF_F32_I8,
        _OF_F32_I8,
        None,
        None,
        None,
        None,
        _OF_F32,
        _OF_F32,
        _OF_F32,
        None,
        None,
        None,
        _OF_F32_I8,
        _OF_F32_I8,
        _OF_F32_I8,
        None,
        _OF_F32_I8,
        _OF_F32_I8,
        _OF_F32_I8,
        None,
        None,
        None,
        None,
        _OF_F32,
        _OF_F32,
        _OF_F32,
        None,
        None,
        _STATEFUL,
        _STATEFUL,
        _STATEFUL,
        _STATEFUL,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
    ),
}
"""The summary of each operand's type constraint (``TFL_TensorOf<[...]>``: its runtime types' words;
``None``: ``TFL_TensorOfOrNone``, which takes ``none``; ``1D``: ``TFL_1DTensorOf``, a step of its own),
for the ops whose operands the ``tfl_ops.td`` entries declare this way and broadcheck checks for
``none``."""

_RESOURCE = "tensor of resource values"
_VARIABLE = (
    "tensor of 32-bit float or 64-bit float or 1-bit signless integer or 8-bit unsigned integer or 8-bit signless "
    "integer or QI8 type or QUI8 type or 32-bit signless integer or 64-bit signless integer or QI16 type or complex "
    "type with 32-bit float elements or complex type with 64-bit float elements values"
)
_KEYS = "tensor of 32-bit signless integer or TFLite string type or 64-bit signless integer values"
_VALUES = "tensor of 32-bit float or 32-bit signless integer or TFLite string type or 64-bit signless integer values"
REQUIRED.update(
    {
        "assign_variable": (_RESOURCE, _VARIABLE),
        "read_variable": (_RESOURCE,),
        "hashtable_find": (_RESOURCE, _KEYS, _VALUES),
        "hashtable_import": (_RESOURCE, _KEYS, _VALUES),
        "hashtable_size": (_RESOURCE,),
        "NumericVerify": (
            "tensor of QI8 type or QUI8 type or QI16 type or 16-bit float or TFLite quint8 type values",
            _OF_F32,
        ),
    }
)
RESULTS: dict[str, tuple[str, ...]] = {
    "var_handle": (_RESOURCE,),
    "read_variable": (_VARIABLE,),
    "hashtable": (_RESOURCE,),
    "external_const": (_ANY,),
    "NumericVerify": (_OF_F32,),
    "hashtable_find": (_VALUES,),
    "hashtable_size": ("tensor of 64-bit signless integer values",),
    "basic_lstm": ("2D", "2D", "2D", "2D"),
    "leaky_relu": (_OF_F32_QUI8_QI8_QUINT8_QI16,),
    "scatter_nd": (_OF_F32_I8_I64_I32_UI8_I1,),
    "bitcast": (_ANY,),
    "conv_3d": (_OF_F32,),
    "conv_3d_transpose": (_OF_F32,),
    "svdf": (_OF_F32_QI8,),
    "unidirectional_sequence_rnn": (_OF_F32,),
    "lstm": (_ANY,),
    "unidirectional_sequence_lstm": (_OF_F32_QI8,),
    "bidirectional_sequence_lstm": (_ANY, _ANY),
}
"""The summary of each result's type constraint, as :data:`REQUIRED` has the operands'."""


def test_the_table_has_every_op_of_the_dialect() -> None:
    assert len(ods.table()["ops"]) == 164
    assert ods.table()["source"]["repository"] == "google-ai-edge/LiteRT"


def test_constrained_ops_are_the_hand_tables_ops() -> None:
    assert set(CONSTRAINED) == set(REQUIRED) | set(RESULTS)


@pytest.mark.parametrize("name", sorted(set(REQUIRED) | set(RESULTS)))
def test_generated_constraints_equal_the_hand_tables(name: str) -> None:
    assert ods.summaries(name, "operands") == REQUIRED.get(name, ())
    assert ods.summaries(name, "results") == RESULTS.get(name, ())


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_generated_counts_equal_the_declarations(name: str) -> None:
    spec = DECLARED[name]
    operands, results = ods.counts(name)
    assert (spec.operands, spec.results) == (operands, results)
    # scatter_nd's shape may be written none: its 1-D constraint (a step) then rejects it, in its words
    assert spec.optional == (ods.optional(name) or name == "scatter_nd")


_NATIVE = {
    "SameOperandsAndResultShape": "shape",
    "TF_SameOperandsAndResultTypeResolveRef": "resolve-ref",
    "SameOperandsAndResultType": "type",
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_generated_traits_equal_the_unary_table(name: str) -> None:
    traits = ods.entry(name)["traits"]
    subjects = [m.group(1) for t in traits if (m := re.match(r'PredOpTrait<"(.*) must have same element type"', t))]
    assert UNARY[name].predicate == (subjects[0] if subjects else None)
    assert UNARY[name].traits == tuple(_NATIVE[t] for t in traits if t in _NATIVE)


_TD = """
def TFL_SameFirstOperandAndFirstResultElementType :
  PredOpTrait<"values and output must have same element type",
              TFL_TCresVTEtIsSameAsOp<0, 0>>;

class TFL_ConvOp<string mnemonic, string opSummary, int index,
                 list<Trait> additional_traits = []> :
    TFL_Op<mnemonic,[Pure, AffineOpCoefficient<index, 1>, TFL_SparseOp] # additional_traits> {
  let results = (outs TFL_TensorOf<[F32, QI8]>:$output);
}

def TFL_ExpOp: TFL_Op<"exp", [
    Pure, // a comment
    TFL_SameFirstOperandAndFirstResultElementType]> {
  let arguments = (ins TFL_TensorOf<[F32, QI8, QUI8]>:$x);
  let results = (outs TFL_TensorOf<[F32, QI8]>:$y);
}

def TFL_Conv2DOp : TFL_ConvOp<"conv_2d", "Convolution", 0, [SameOperandsAndResultShape]> {
  let arguments = (ins
    TFL_TensorOf<[F32]>:$input,
    TFL_1DTensorOfOrNone<[F32, I32]>:$bias,
    TFL_AFAttr:$fused_activation_function);
}

def TFL_CustomOp : Op<TFL_Dialect, "custom", []> {
  let arguments = (ins Variadic<TFL_TensorOfOrNone<[AnyType]>>:$input, StrAttr:$custom_code);
  let results = (outs Variadic<AnyTensor>:$output, TFL_Control:$control);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}
"""


def test_the_generator_reads_a_declaration() -> None:
    from broadcheck.dialects.tfl.generate import read_ops

    ops = read_ops(_TD)
    assert ops["tfl.exp"] == {
        "operands": [["x", "tensor", "tensor of 32-bit float or QI8 type or QUI8 type values"]],
        "results": [["y", "tensor", "tensor of 32-bit float or QI8 type values"]],
        "regions": [],
        "traits": [
            "Pure",
            'PredOpTrait<"values and output must have same element type", TFL_TCresVTEtIsSameAsOp<0, 0>>',
        ],
        "verifier": False,
    }
    conv = ops["tfl.conv_2d"]
    assert conv["operands"] == [
        ["input", "tensor", "tensor of 32-bit float values"],
        ["bias", "tensor-or-none", "tensor of any type values or none type"],
    ]
    assert conv["results"] == [["output", "tensor", "tensor of 32-bit float or QI8 type values"]]
    assert conv["traits"] == ["Pure", "AffineOpCoefficient<0, 1>", "TFL_SparseOp", "SameOperandsAndResultShape"]
    custom = ops["tfl.custom"]
    assert custom["operands"] == [
        ["input", "variadic-tensor-or-none", "variadic of tensor of any type values or none type"]
    ]
    assert custom["results"] == [
        ["output", "variadic-tensor", "variadic of tensor of any type values"],
        ["control", "control", "control"],
    ]
    assert custom["regions"] == ["SizedRegion<1>:$body"] and custom["verifier"] is True


def test_the_generator_refuses_what_it_does_not_know() -> None:
    from broadcheck.dialects.tfl.generate import parse

    with pytest.raises(ValueError, match="does not know"):
        parse("TFL_TensorOf<[F12]>")
    with pytest.raises(ValueError, match="does not know"):
        parse("SomeNewTensorOf<[F32]>")
