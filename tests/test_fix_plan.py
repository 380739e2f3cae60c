"""The fix plan reads only the lines that can change it: the same plan as reading every line.

:meth:`broadcheck.fixes.Planner.plan` finds the lines it reads by searches over blocks of
the text. Here it is checked against the plan of a line-by-line reading (every line, in
order, through the same per-line steps), on the fixtures, the examples and generated
functions with stale result types, with noise that the searches must get right: unrelated
functions and lines, split markers, alias definitions (indented, anywhere), declarations,
headers over several lines, ``func.func`` in comments and strings, CRLF and lone CR line
endings; with the lines of the problems as candidates, and with every line or a random
choice; and read in blocks of any size.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Collection
from dataclasses import replace

import pytest

from broadcheck.checker import Options, check_source, define_alias
from broadcheck.fixes import Fix, Planner, with_fixes
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile, registry
from broadcheck.syntax.scanner import AliasDefinition, scan_aliases
from broadcheck.text import Source, split_marker
from tests.conftest import ROOT
from tests.mutations import corpus

Plan = list[tuple[list[tuple[int, int, str]], Fix]]
SPLIT = "// -----"
OPTIONS = [
    Options(),
    Options(Profile.LLVM, OpTable(), SPLIT),
    Options(Profile.LLVM, OpTable([("*.*", "numpy")])),
]


def planner(options: Options) -> Planner:
    return Planner(options.ops.semantics, registry(), options.profile)


def plan(text: str, options: Options, candidates: Collection[int]) -> Plan:
    return planner(options).plan(io.StringIO(text, newline=""), options.split_marker, candidates)


def line_by_line(text: str, options: Options, candidates: Collection[int]) -> Plan:
    """The plan of reading every line in order (as the planner did before it searched)."""
    p = planner(options)
    split = options.split_marker
    offset = 0
    for number, line in enumerate(io.StringIO(text, newline=""), start=1):
        content = line.rstrip("\r\n")
        if "!" in line and line.lstrip().startswith("!"):
            for definition in scan_aliases(content, 0, len(content), number):
                if isinstance(definition, AliasDefinition):
                    define_alias(definition, p.aliases)
        elif split is not None and "//" in line and (split_marker(content, split) or (False, 0))[0]:
            p._end_function()
            p.aliases = {}
        elif "func.func" in line:
            p._line(number, offset, content, False)
        elif p.function is not None and (
            number in candidates or (p._uses is not None and p._uses.search(line) is not None)
        ):
            p._line(number, offset, content, number in candidates)
        offset += len(line)
    p._end_function()
    return [(function.roots, fix) for function, fix in p.fixes]


def candidates_of(text: str, options: Options) -> set[int]:
    diagnostics = check_source(Source("x.mlir", text), options).diagnostics
    return {d.line for d in diagnostics if d.severity == "error" and any(n.kind == "help" for n in d.notes)}


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def stale_function(rng: random.Random, name: str) -> str:
    """A function of chained broadcasting ops where one op may miss a broadcast (a stale result
    type), and every later type follows from it."""
    rank = rng.randint(1, 3)
    shapes = [tuple(rng.choice((1, 1, 2, 3)) for _ in range(rank)) for _ in range(rng.randint(2, 3))]
    args = len(shapes)
    body = []
    for i in range(rng.randint(2, 6)):
        a, b = rng.randrange(len(shapes)), rng.randrange(len(shapes))
        shape = tuple(max(x, y) if 1 in (x, y) or x == y else x for x, y in zip(shapes[a], shapes[b], strict=True))
        if rng.random() < 0.3:
            shape = tuple(1 if rng.random() < 0.5 else d for d in shape)  # stale
        op = rng.choice(("tosa.add", "tosa.sub", '"tf.AddV2"', '"stablehlo.add"'))
        names = [f"%arg{k}" if k < args else f"%{k - args}" for k in (a, b)]
        types = f"({_t(shapes[a])}, {_t(shapes[b])}) -> {_t(shape)}"
        if op.startswith('"'):
            attributes = ' {device = ""}' if rng.random() < 0.3 else ""
            body.append(f"  %{i} = {op}({', '.join(names)}){attributes} : {types}")
        else:
            body.append(f"  %{i} = {op} {', '.join(names)} : {types}")
        shapes.append(shape)
    last = len(shapes) - 1 - args
    header = f"func.func @{name}(" + ", ".join(f"%arg{k}: {_t(s)}" for k, s in enumerate(shapes[:args]))
    return "\n".join([f"{header}) -> {_t(shapes[-1])} {{", *body, f"  return %{last} : {_t(shapes[-1])}", "}"])


NOISE = [
    "",
    "  ",
    "// func.func @not_a_function(%a: tensor<4xf32>) {",
    SPLIT,
    "  // ----- indented",
    "//-----",
    "!a0 = tensor<4x4xf32>",
    "  !a1 = tensor<2x3xf32>",
    "!broken = tensor<4x",
    "func.func private @declaration(tensor<4xf32>) -> tensor<4xf32>",
    "func.func @multi_line(%a: tensor<2xf32>,",
    "    %b: tensor<2xf32>) -> tensor<2xf32> {",
    '  %q = "test.op"() {s = "func.func"} : () -> tensor<4xf32>',
    "  %0 = tosa.abs %0 : (tensor<2xf32>) -> tensor<2xf32>",
    "  return %1 : tensor<2x2xf32>",
    "}",
]


def noisy(text: str, rng: random.Random) -> str:
    """``text`` with aliases used in ops (defined before most uses, some indented), noise lines
    and unrelated functions, other line endings."""
    lines = text.split("\n")
    if rng.random() < 0.5:
        types = sorted(set(re.findall(r"tensor<[0-9x]*f32>", text)))
        for k, written in enumerate(rng.sample(types, min(3, len(types)))):
            lines = [line.replace(written, f"!t{k}") for line in lines]
            at = rng.randrange(min(len(lines), 4) + 1) if rng.random() < 0.7 else rng.randrange(len(lines) + 1)
            lines.insert(at, rng.choice(("", "  ", "\t")) + f"!t{k} = {written}")
    for _ in range(rng.randint(0, 8)):
        extra = rng.choice(NOISE) if rng.random() < 0.8 else stale_function(rng, f"noise{rng.randrange(99)}")
        lines.insert(rng.randrange(len(lines) + 1), extra)
    text = "\n".join(lines)
    ending = rng.random()
    if ending < 0.2:
        text = text.replace("\n", "\r\n")
    elif ending < 0.3:
        text = "".join(c if c != "\n" or rng.random() < 0.7 else rng.choice(("\r", "\r\r\n", "\n\r")) for c in text)
    return text


def cases() -> list[str]:
    rng = random.Random(20261122)
    texts = [(ROOT / "tests" / "golden" / "fix" / "stale.mlir").read_text(), *corpus()]
    for _ in range(40):
        functions = [stale_function(rng, f"f{i}") for i in range(rng.randint(1, 6))]
        texts.append(noisy("\n".join(functions) + "\n", rng))
    return texts


CASES = cases()


@pytest.mark.parametrize("index", range(len(CASES)))
@pytest.mark.parametrize("options", OPTIONS, ids=["spec", "llvm-split", "numpy"])
def test_the_plan_is_a_line_by_line_reading(index: int, options: Options) -> None:
    text = CASES[index]
    rng = random.Random(index)
    lines = text.count("\n") + 2
    problems = candidates_of(text, options)
    for candidates in (problems, set(range(-1, lines + 2)), {n for n in range(lines) if rng.random() < 0.3}):
        assert plan(text, options, candidates) == line_by_line(text, options, candidates)


@pytest.mark.parametrize("size", [1, 40, 700])
def test_the_plan_read_in_small_blocks_is_the_same(size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file is read in blocks of whole lines: aliases, split markers, headers and functions
    that hold a change go on from one block to the next."""
    from broadcheck import fixes

    expected = [line_by_line(text, OPTIONS[1], set(range(text.count("\n") + 2))) for text in CASES]
    monkeypatch.setattr(fixes, "_READ", size)
    for text, plan_of_lines in zip(CASES, expected, strict=True):
        assert plan(text, OPTIONS[1], set(range(text.count("\n") + 2))) == plan_of_lines
        candidates = candidates_of(text, OPTIONS[1])
        assert plan(text, OPTIONS[1], candidates) == line_by_line(text, OPTIONS[1], candidates)


def test_the_generated_cases_have_fixes() -> None:
    """The comparison above means something: most generated cases have a plan."""
    planned = sum(1 for text in CASES[-40:] if plan(text, OPTIONS[0], candidates_of(text, OPTIONS[0])))
    assert planned > 20


def test_ops_read_without_the_grammar_plan_as_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simple lines are read by the fast path; through the grammar, the plans are the same."""
    expected = {}
    for index, text in enumerate(CASES):
        expected[index] = plan(text, OPTIONS[1], set(range(text.count("\n") + 2)))
    monkeypatch.setattr(Planner, "_simple_operation", lambda *args: None)
    for index, text in enumerate(CASES):
        assert plan(text, OPTIONS[1], set(range(text.count("\n") + 2))) == expected[index]


def _shifted(found: Plan, lines: int, chars: int) -> list[object]:
    return [
        (
            [(line + lines, column, new) for line, column, new in roots],
            fix.message,
            [(e.span.line + lines, e.span.column, e.start + chars, e.end + chars, e.new) for e in fix.edits],
        )
        for roots, fix in found
    ]


def test_unrelated_lines_before_shift_the_plan() -> None:
    rng = random.Random(7)
    text = "\n".join(stale_function(rng, f"f{i}") for i in range(12)) + "\n"
    before = "\n".join(["!a0 = tensor<4x4xf32>", "// -- a comment", stale_function(random.Random(1), "g"), "", ""])
    shifted = before + text
    options = OPTIONS[0]
    found = plan(text, options, candidates_of(text, options))
    assert found
    lines = before.count("\n")
    again = plan(shifted, options, candidates_of(shifted, options) - set(range(1, lines + 1)))
    assert _shifted(again, 0, 0) == _shifted(found, lines, len(before))


def test_the_plan_reads_the_lines_near_its_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a file of many functions with one stale op, the plan reads a few lines, not all."""
    from broadcheck import fixes

    functions = [
        f"func.func @f{i}(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {{\n"
        f"  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
        "  return %0 : tensor<3x4xf32>\n}"
        for i in range(300)
    ]
    functions[150] = functions[150].replace("-> tensor<3x4xf32>\n  return", "-> tensor<3x1xf32>\n  return")
    text = "\n".join(functions) + "\n"
    reads = []
    real = fixes.read
    monkeypatch.setattr(fixes, "read", lambda line: reads.append(line) or real(line))
    found = plan(text, OPTIONS[0], candidates_of(text, OPTIONS[0]))
    assert [(roots, fix.message) for roots, fix in found] == [
        ([(150 * 4 + 2, 8, "tensor<3x4xf32>")], "change the result type to tensor<3x4xf32>")
    ]
    assert len(reads) == 4  # its header, the op, the return (it uses %0), and the next header


def test_with_fixes_takes_a_file_or_lines() -> None:
    text = (ROOT / "tests" / "golden" / "fix" / "stale.mlir").read_text()
    options = Options()
    diagnostics = check_source(Source("x.mlir", text), options).diagnostics
    from_text = with_fixes(io.StringIO(text, newline=""), diagnostics, options)
    from_lines = with_fixes(io.StringIO(text, newline="").readlines(), diagnostics, options)
    assert from_text == from_lines
    assert [d.fix is not None for d in from_text] == [True, False, True, False]
    assert [replace(d, fix=None) for d in from_text] == diagnostics
