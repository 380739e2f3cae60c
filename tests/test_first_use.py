"""What a mid-size export's run pays the first time it meets a dialect (issue 31, Build 1): no
``typing`` for the checker's named tuples, no regular expression compiled at a module's import.

Counts work, never time: the modules a run loads (``sys.modules`` at its end) and the patterns a
module's import compiles (``re``'s compiler, counted in a fresh interpreter). Each count fails at
``e3e3edd``: every checking run imported ``typing`` (twelve million instructions, a third of
``python -c pass``, and a ``ForwardRef`` compiled for each field of thirty named tuples), and the
dialects' and rules' modules compiled their patterns when imported (``ods.traits`` 28,
``literal`` 6), used or not.
"""

from __future__ import annotations

import ast
import pickle
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from broadcheck.syntax import named
from tests.waits import HANG

RUN = """
import atexit, sys

atexit.register(lambda: print(repr(sorted(sys.modules)), file=sys.stderr))
sys.argv[1:] = ["check", "--no-cache", "one.mlir"]
from broadcheck.__main__ import main
main()
"""

TOSA = """func.func @main(%a: tensor<1x4xf32>, %b: tensor<4xf32>) -> tensor<1x4xf32> {
  %0 = "tosa.const"() <{values = dense<1.0> : tensor<1x4xf32>}> : () -> tensor<1x4xf32>
  %1 = tosa.const_shape  {values = dense<[1, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %2 = tosa.reshape %b, %1 : (tensor<4xf32>, !tosa.shape<2>) -> tensor<1x4xf32>
  %3 = tosa.add %a, %2 : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  %4 = tosa.sub %3, %0 : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  return %4 : tensor<1x4xf32>
}
"""
LINALG = """#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} \
ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
"""
STABLEHLO = """func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<3xf32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.add %arg0, %0 : tensor<2x3xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}
"""
TF = """func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %cst = "tf.Const"() <{value = dense<1.000000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %0 = "tf.AddV2"(%arg0, %cst) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.Relu"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "tf.Identity"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}
"""


def _loaded(tmp_path: Path, text: str) -> tuple[str, set[str]]:
    (tmp_path / ".git").mkdir()  # (no configuration of a parent directory is read)
    (tmp_path / "one.mlir").write_text(text)
    done = subprocess.run(
        [sys.executable, "-c", RUN], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=HANG
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return done.stdout, set(ast.literal_eval(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    ("text", "dialect"),
    [(TOSA, "tosa"), (LINALG, "linalg"), (STABLEHLO, "stablehlo"), (TF, "tf")],
)
def test_a_checking_run_of_an_export_imports_no_typing(tmp_path: Path, text: str, dialect: str) -> None:
    # The control: the run checked its ops, with its dialect's modules and the named tuples of the
    # reader, value flow and the dialects (syntax.parts, engine.control, dialects.op, ...).
    output, loaded = _loaded(tmp_path, text)
    assert " ops checked)" in output or " op checked)" in output, output
    assert f"broadcheck.dialects.{dialect}" in loaded
    assert {"broadcheck.syntax.parts", "broadcheck.engine.control", "broadcheck.syntax.named"} <= loaded
    assert "typing" not in loaded
    assert "array" not in loaded  # (engine.findings imports it for a file with a call: 9M instructions)


COUNT_IMPORT = """
import sys
from re import _compiler
compiled = []
original = _compiler.compile
def counting(p, flags=0):
    compiled.append(p)
    return original(p, flags)
_compiler.compile = counting
import importlib
import broadcheck.engine.run  # (the checker, which every run imports before its first dialect)
before = len(compiled)
importlib.import_module(sys.argv[1])
print(len(compiled) - before, compiled[before:])
"""

# Modules a run imports for its first op of a dialect; each compiled patterns as it was imported.
FIRST_USE = [
    "broadcheck.dialects.ods.traits",
    "broadcheck.dialects.literal",
    "broadcheck.dialects.tf.base",
    "broadcheck.semantics.tf",
    "broadcheck.semantics.tosa",
    "broadcheck.semantics.linalg",
    "broadcheck.dialects.linalg.structured",
    "broadcheck.dialects.stablehlo.contract",
    "broadcheck.dialects.stablehlo.constant",
]


@pytest.mark.parametrize("module", FIRST_USE)
def test_a_dialect_module_compiles_no_pattern_when_imported(module: str) -> None:
    # Its patterns are compiled by the check that first matches one (syntax.lazyre): a run of a
    # Linalg export compiled ods.traits' 28 TensorFlow patterns, a TOSA run literal's six, whether
    # it used them or not (a pattern is about a million instructions to compile).
    done = subprocess.run(
        [sys.executable, "-c", COUNT_IMPORT, module], capture_output=True, text=True, check=False, timeout=HANG
    )
    assert done.returncode == 0, done.stderr[-2000:]
    count, patterns = done.stdout.split(" ", 1)
    assert count == "0", (module, patterns)


# ---------------------------------------------------------------- syntax.named: typing's classes


class _Point(named.NamedTuple):
    """A point."""

    x: int
    y: int = 0
    label: str | None = None

    def moved(self, by: int) -> _Point:
        return self._replace(x=self.x + by)

    @property
    def both(self) -> int:
        return self.x + self.y

    @classmethod
    def origin(cls) -> _Point:
        return cls(0)


class _TypingPoint(typing.NamedTuple):
    """A point."""

    x: int
    y: int = 0
    label: str | None = None

    def moved(self, by: int) -> _TypingPoint:
        return self._replace(x=self.x + by)

    @property
    def both(self) -> int:
        return self.x + self.y

    @classmethod
    def origin(cls) -> _TypingPoint:
        return cls(0)


def test_named_tuples_behave_as_typing_s() -> None:
    ours, theirs = _Point(3, 4, "a"), _TypingPoint(3, 4, "a")
    assert _Point._fields == _TypingPoint._fields == ("x", "y", "label")
    assert _Point._field_defaults == _TypingPoint._field_defaults == {"y": 0, "label": None}
    assert _Point.__doc__ == _TypingPoint.__doc__ == "A point."
    assert _Point.__match_args__ == _TypingPoint.__match_args__
    assert _Point.__module__ == _TypingPoint.__module__ == __name__
    assert _Point.__qualname__ == "_Point" and _TypingPoint.__qualname__ == "_TypingPoint"
    assert list(_Point.__annotations__) == list(_TypingPoint.__annotations__)
    assert repr(ours) == repr(theirs).replace("_TypingPoint", "_Point")
    assert tuple(ours) == tuple(theirs) and ours == theirs and hash(ours) == hash(theirs)
    assert ours.moved(1) == theirs.moved(1) == (4, 4, "a") and type(ours.moved(1)) is _Point
    assert ours.both == theirs.both == 7
    assert _Point.origin() == _TypingPoint.origin() == (0, 0, None)
    assert ours._asdict() == theirs._asdict() and _Point._make([1, 2, 3]) == (1, 2, 3)
    assert _Point(x=1, label="b") == _TypingPoint(x=1, label="b")
    assert pickle.loads(pickle.dumps(ours)) == ours and type(pickle.loads(pickle.dumps(ours))) is _Point
    assert issubclass(_Point, tuple) and not hasattr(ours, "__dict__")
    match ours:
        case _Point(x, y):
            assert (x, y) == (3, 4)


def test_named_tuples_refuse_what_typing_refuses() -> None:
    for base in (named.NamedTuple, typing.NamedTuple):
        with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow default field a"):
            exec("class Bad(base):\n    a: int = 0\n    b: int\n", {"base": base})
    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):

        class _Wrong(named.NamedTuple):
            a: int

            def _replace(self) -> None:  # type: ignore[override]
                pass


# ---------------------------------------------------------------- syntax.simple: a head's pattern


def _heads(count: int) -> list[str]:
    """Function heads as JAX and mlir-opt print them, and each cut, doubled or spliced at random."""
    import random

    rnd = random.Random(31)
    types = ["tensor<2x3xf32>", "!a", "i32", "tensor<?xi64>", "!tf_type.resource<tensor<f32>>", "f16", "index"]
    extras = ["", ' {jax.arg_info = "x[0]", mhlo.sharding = "{replicated}"}', ' loc("a"("b.py":1:2))', " loc(#loc3)"]
    pieces = ["%_: ", ", ", ")", "(", " -> ", "{", "}", " loc(", '"', "!", "<", ">", " ", "f32", "@f"]
    out = []
    for _ in range(count):
        arguments = ", ".join(
            f"%_: {rnd.choice(types)}{rnd.choice(extras) if rnd.random() < 0.3 else ''}"
            for _ in range(rnd.randint(1, 4))
        )
        results = [f"{rnd.choice(types)}{rnd.choice(extras[:2]) if rnd.random() < 0.2 else ''}" for _ in range(3)]
        arrow = rnd.choice(["", f" -> {results[0]}", f" -> ({results[0]})", f" -> ({', '.join(results)})", " -> ()"])
        head = f"func.func {rnd.choice(['', 'public ', 'private '])}@main({arguments}){arrow} {{...}}"
        for _ in range(rnd.choice([0, 0, 1, 2])):
            at = rnd.randrange(len(head) + 1)
            cut = rnd.choice([0, 1, 2])
            head = head[:at] + rnd.choice(pieces) + head[at + cut :]
        out.append(head)
    return out


def test_the_head_pattern_matches_what_its_repeated_form_matched() -> None:
    # syntax.simple._SIMPLE_HEAD writes each argument and result type once (a lookahead after
    # each `, `) where it wrote `A(?:, A)*+`: a third less to compile in every run with a function.
    import re

    from broadcheck.syntax import simple

    t, argument, result = simple._SIMPLE_TYPE, simple._ARGUMENT, simple._RESULT_TYPE
    repeated = re.compile(
        rf"func\.func (?:(?P<visibility>public|private|nested) )?(?P<symbol>@[A-Za-z_][\w$.]*+)"
        rf"\((?P<arguments>{argument}(?:, {argument})*+)\)"
        rf"(?: (?P<arrow>-> (?:(?P<one>{t})|\((?P<many>{result}(?:, {result})*+)\))))? \{{\.\.\.\}}"
    )
    heads = _heads(20_000)
    matched = 0
    for head in heads:
        old, new = repeated.fullmatch(head), simple._SIMPLE_HEAD.fullmatch(head)
        assert (old is None) == (new is None), head
        if old is not None and new is not None:
            matched += 1
            assert [old.span(g) for g in old.re.groupindex] == [new.span(g) for g in old.re.groupindex], head
    assert 2_000 < matched < len(heads) - 2_000  # (both kinds are among them)
    assert len(simple._SIMPLE_HEAD.pattern) < len(repeated.pattern) * 0.7


# ---------------------------------------------------------------- syntax.kept_patterns


def test_the_kept_patterns_are_current() -> None:
    # The table holds every pattern the package declares with `lazy`, as this interpreter's `re`
    # compiles it (`python -m broadcheck.syntax.keep_patterns` writes it). Under another
    # interpreter the table is not used (lazyre.build() differs) and the patterns are compiled as
    # before: the check is then that nothing is taken from it.
    from broadcheck.syntax import keep_patterns, kept_patterns, lazyre

    path = Path(kept_patterns.__file__)
    if lazyre.build() == kept_patterns.BUILD:
        assert path.read_text(encoding="utf-8") == keep_patterns.text(), "python -m broadcheck.syntax.keep_patterns"
    else:
        assert lazyre._from_table(*next(iter(kept_patterns.PATTERNS))) is None


def test_a_kept_pattern_is_the_pattern_re_compiles() -> None:
    import re

    from broadcheck.syntax import kept_patterns, lazyre

    if lazyre.build() != kept_patterns.BUILD:
        assert all(lazyre._from_table(source, flags) is None for source, flags in kept_patterns.PATTERNS)
        return
    for source, flags in kept_patterns.PATTERNS:
        kept, compiled = lazyre._from_table(source, flags), re.compile(source, flags)
        assert kept is not None and kept == compiled, source  # (same text, flags and code)
        assert (kept.groups, kept.groupindex) == (compiled.groups, compiled.groupindex)
    assert lazyre._from_table("not a kept pattern", 0) is None


COUNT_PARSED = """
import atexit, sys
from re import _parser
parsed = []
_parse = _parser.parse
_parser.parse = lambda p, flags=0: (parsed.append(p), _parse(p, flags))[1]
atexit.register(lambda: print(len(parsed), file=sys.stderr))
sys.argv[1:] = ["check", "--no-cache", "one.mlir"]
from broadcheck.__main__ import main
main()
"""


@pytest.mark.parametrize("text", [TOSA, LINALG, STABLEHLO, TF])
def test_a_run_parses_none_of_its_lazy_patterns(tmp_path: Path, text: str) -> None:
    # e3e3edd parsed each pattern a run used (re's parser and compiler are Python code, about a
    # million instructions a pattern: 40-60 for these files) unless a kept-pattern file written by
    # an earlier run of the same install held it (never where bytecode cannot be written, as under
    # PYTHONDONTWRITEBYTECODE). Left: the few patterns made by the standard library (dataclasses)
    # and those compiled from text built at run time.
    (tmp_path / ".git").mkdir()
    (tmp_path / "one.mlir").write_text(text)
    done = subprocess.run(
        [sys.executable, "-c", COUNT_PARSED], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=HANG
    )
    assert done.returncode == 0 and " checked)" in done.stdout, done.stderr[-2000:]
    assert int(done.stderr.strip().splitlines()[-1]) <= 8
