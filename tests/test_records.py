"""The value types (broadcheck.ops.Frozen) behave as the frozen dataclasses they replace:
same repr, equality, hash, immutability, pickling; ``dataclasses.replace`` where it is used."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from broadcheck.config import Settings
from broadcheck.diagnostics import Diagnostic, Edit, Fix, Label, Note, Result
from broadcheck.dialects.stablehlo.common import Kind, Spec
from broadcheck.engine.options import Options
from broadcheck.inputs import InputError, NothingFound
from broadcheck.messages import RULES, Rule
from broadcheck.ops import Attribute, OpaqueType, Operation, ShapedType, Span, TypeUse
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.stablehlo import HLO_TENSOR, Element, OpRule, Quant
from broadcheck.semantics.xla import ChloRule, _Fold
from broadcheck.text import Source

SPAN = Span(1, 2, 1, 9)
TENSOR = ShapedType("tensor", (4, None), "f32")
USE = TypeUse(TENSOR, SPAN)
EDIT = Edit(SPAN, 3, 7, "tensor<4xf32>")
QUANT = Quant("i8", -128, 127, "f32", None, ((0.5, 0),), "!quant.uniform<i8:f32, 5.000000e-01>")

VALUES: list[tuple[Any, dict[str, Any]]] = [
    (SPAN, {"line": 1, "column": 2, "end_line": 1, "end_column": 9}),
    (OpaqueType("i32"), {"text": "i32"}),
    (Attribute("axis", "1 : i32", SPAN), {"name": "axis", "text": "1 : i32", "span": SPAN, "property": False}),
    (TENSOR, {"kind": "tensor", "shape": (4, None), "element": "f32", "encoding": None, "scalable": ()}),
    (USE, {"type": TENSOR, "span": SPAN}),
    (
        Operation("tosa.add", SPAN, SPAN, (USE,), (USE,)),
        {
            "name": "tosa.add",
            "name_span": SPAN,
            "span": SPAN,
            "operands": (USE,),
            "results": (USE,),
            "attributes": (),
            "generic": True,
            "regions": (),
            "constants": (),
            "dictionary": None,
        },
    ),
    (Label(SPAN, "operand #0"), {"span": SPAN, "text": "operand #0", "mlir_note": False}),
    (Note("note", "why"), {"kind": "note", "message": "why"}),
    (
        Diagnostic("BC101", "error", "bad", "a.mlir", SPAN, (Note("help", "fix"),)),
        {
            "code": "BC101",
            "severity": "error",
            "message": "bad",
            "path": "a.mlir",
            "span": SPAN,
            "notes": (Note("help", "fix"),),
            "labels": (),
            "fix": None,
        },
    ),
    (EDIT, {"span": SPAN, "start": 3, "end": 7, "new": "tensor<4xf32>"}),
    (Fix("why", (EDIT,)), {"message": "why", "edits": (EDIT,), "safe": True}),
    (
        QUANT,
        {
            "storage": "i8",
            "storage_min": -128,
            "storage_max": 127,
            "expressed": "f32",
            "axis": None,
            "params": ((0.5, 0),),
            "text": "!quant.uniform<i8:f32, 5.000000e-01>",
            "signed": True,
        },
    ),
    (Element("quant", QUANT.text, QUANT), {"family": "quant", "text": QUANT.text, "quant": QUANT}),
    (Element("float", "f32"), {"family": "float", "text": "f32", "quant": None}),
    (OpRule(len, (HLO_TENSOR,), HLO_TENSOR), {"check": len, "operands": (HLO_TENSOR,), "result": HLO_TENSOR}),
    (
        ChloRule(HLO_TENSOR, HLO_TENSOR, "same"),
        {"operand": HLO_TENSOR, "result": HLO_TENSOR, "trait": "same", "infers": "lhs"},
    ),
    (_Fold((2, None)), {"shape": (2, None), "bounds": None, "lint": None}),
    (Kind(("F",)), {"atoms": ("F",), "shape": "ranked", "words_": ""}),
    (Spec("dims", "i64-array"), {"name": "dims", "kind": "i64-array", "custom": None, "required": True}),
    (Source("a.mlir", "x\r\ny\n"), {"path": "a.mlir", "text": "x\r\ny\n"}),
    (InputError("a.mlir", "gone"), {"path": "a.mlir", "reason": "gone", "action": "read"}),
    (NothingFound("dir"), {"path": "dir"}),
    (Subject("operand", 1), {"kind": "operand", "index": 1}),
    (RULES["BC101"], {name: getattr(RULES["BC101"], name) for name in Rule.__match_args__}),
    (
        Settings(root="/r"),
        {
            "profile": "spec",
            "ops": (),
            "exclude": (),
            "select": (),
            "ignore": (),
            "output_format": None,
            "split_input_file": None,
            "verify_diagnostics": False,
            "extend_select": (),
            "extend_exclude": (),
            "per_file_ignores": (),
            "respect_gitignore": True,
            "cache_dir": None,
            "root": "/r",
            "path": None,
        },
    ),
]


@pytest.mark.parametrize(("value", "fields"), VALUES, ids=lambda v: type(v).__name__)
def test_behaves_as_a_frozen_dataclass(value: Any, fields: dict[str, Any]) -> None:
    # The reference: the frozen dataclass with these fields, as the type used to be.
    reference = dataclasses.make_dataclass(type(value).__name__, list(fields), frozen=True)(**fields)
    assert repr(value) == repr(reference)
    assert hash(value) == hash(reference)
    assert value == type(value)(**fields)
    assert value != reference  # another class, as between two dataclasses
    for name, field in fields.items():
        assert getattr(value, name) == field
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
            setattr(value, name, field)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(value, name)
    for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert twin == value
        assert type(twin) is type(value)


def test_a_field_differing_makes_unequal() -> None:
    assert Span(1, 2, 1, 9) != Span(1, 2, 1, 10)
    assert OpaqueType("i32") != OpaqueType("i64")
    assert Span(1, 2, 1, 9) != (1, 2, 1, 9)


def test_source_lines_are_neither_shown_nor_compared() -> None:
    source = Source("a.mlir", "x\r\ny\n")
    assert source.lines == ["x", "y"]
    assert pickle.loads(pickle.dumps(source)).lines == ["x", "y"]


@pytest.mark.parametrize(
    ("value", "change"),
    [
        (TENSOR, {"element": "i32"}),
        (USE, {"type": OpaqueType("i32")}),
        (Operation("tosa.add", SPAN, SPAN, (USE,), (USE,)), {"generic": False}),
        (Diagnostic("BC101", "error", "bad", "a.mlir", SPAN), {"span": Span(2, 1, 2, 3)}),
    ],
    ids=lambda v: type(v).__name__,
)
def test_dataclasses_replace_applies_where_it_is_used(value: Any, change: dict[str, Any]) -> None:
    changed = dataclasses.replace(value, **change)
    assert type(changed) is type(value)
    for name in type(value).__match_args__:
        assert getattr(changed, name) == change.get(name, getattr(value, name))
    assert [f.name for f in dataclasses.fields(value)] == list(type(value).__match_args__)


def test_settings_merged() -> None:
    settings = Settings(profile="llvm", root="/r").merged(profile=None, select=("BC1",))
    assert (settings.profile, settings.select, settings.root) == ("llvm", ("BC1",), "/r")


def test_problem_behaves_as_its_frozen_dataclass() -> None:
    fields = {"code": "BC101", "args": {"a": 1}, "subject": Subject("result", 0), "inferred": (2, None)}
    fields |= {"expected": TENSOR, "notes": (("dim-clash", {"index": 1}),), "span": None}
    reference = dataclasses.make_dataclass("Problem", list(fields), frozen=True)(**fields)
    problem = Problem(**fields)  # type: ignore[arg-type]
    assert repr(problem) == repr(reference)
    assert problem == Problem(**fields) != Problem("BC101")  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.code = "BC102"
    assert pickle.loads(pickle.dumps(problem)) == problem
    first, second = Problem("BC101"), Problem("BC101")
    assert first.args == {} and first.args is not second.args  # each its own, as field(default_factory=dict)
    assert (first.subject, first.inferred, first.expected, first.notes) == (None, None, None, ())


def test_results_show_and_compare_as_their_dataclass() -> None:
    result = Result("a.mlir", [], 3, {1: "x"})
    fields = {name: getattr(result, name) for name in Result.__match_args__}
    assert repr(result) == repr(dataclasses.make_dataclass("Result", list(fields))(**fields))
    assert result == Result("a.mlir", [], 3, {1: "x"}) != Result("a.mlir", [], 3)
    with pytest.raises(TypeError):
        hash(result)


def test_options_are_frozen_and_hold_no_state() -> None:
    options = Options(Profile.LLVM)
    assert options == Options(Profile.LLVM) != Options()
    assert dataclasses.replace(options, split_marker="// -----").profile is Profile.LLVM
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.profile = Profile.SPEC  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(options)) == options
