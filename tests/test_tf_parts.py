"""Issue 31 (Build 3): a TensorFlow export pays only for the ``tf`` (``tfl``) ops it uses.

``tf`` and ``tfl`` are declared in parts (``broadcheck.dialects.parts``, ``make index``): a run of
a file builds the parts of the ops it names, with the modules they import, merges the generated
traits of those ops alone (``merge_traits(..., only=name)``), and a ``tf`` file imports no ``tfl``
module (nor a ``tfl`` file the ``tf`` verifiers). Counts work, not time: modules loaded, ops
declared, ``ods.checked`` calls, each in a fresh process as the program runs.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.waits import HANG

# The ops of bench/.data/exports-tf/small-cnn.tfstd.mlir (and a tf_executor file's tf.NoOp).
TF = """\
func.func @main(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32> {
  %b = "tf.Const"() <{value = dense<0.5> : tensor<4xf32>}> : () -> tensor<4xf32>
  %c = "tf.Conv2D"(%x, %w) <{data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  %d = "tf.BiasAdd"(%c, %b) <{data_format = "NHWC"}> : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %e = "tf.AddV2"(%d, %d) : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %f = "tf.Relu6"(%e) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %g = "tf.Rsqrt"(%f) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %h = "tf.Identity"(%g) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  "tf.NoOp"() : () -> ()
  return %h : tensor<1x8x8x4xf32>
}
"""

TFL = """\
func.func @main(%x: tensor<1x8x8x3xf32>) -> tensor<1x8x8x4xf32> {
  %w = "tfl.pseudo_const"() <{value = dense<0.5> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
  %b = "tfl.pseudo_const"() <{value = dense<0.5> : tensor<4xf32>}> : () -> tensor<4xf32>
  %c = "tfl.conv_2d"(%x, %w, %b) <{dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %d = tfl.add %c, %c {fused_activation_function = "NONE"} : tensor<1x8x8x4xf32>
  return %d : tensor<1x8x8x4xf32>
}
"""

# The program, as a user runs it; at its end (it ends with os._exit, after the atexit callbacks):
# every module loaded, the ops each dialect built (its parts' declarations), how many times
# ods.checked ran, the dialects whose whole table was built, and how many generated tables were.
COUNT = """
import atexit, sys

calls = [0]

def report():
    from broadcheck import dialects

    built = {}
    for name in ("tf", "tfl"):
        module = sys.modules.get("broadcheck.dialects." + name)
        table = getattr(module, "OPS", None)
        if isinstance(table, dialects.Parts):
            built[name] = sum(len(table.part(n)) for n in table._built)
        elif table is not None:
            built[name] = len(table)
    ods = sys.modules.get("broadcheck.dialects.ods")
    tables = ods.table.cache_info().currsize if ods is not None else 0
    print(repr((sorted(sys.modules), built, calls[0], sorted(dialects._MERGED), tables)), file=sys.stderr)
    sys.stderr.flush()

atexit.register(report)


# ods.checked wrapped when the program first imports broadcheck.dialects.ods (not before: a run
# that never reads a generated table must not load it here either)
class Counting:

    def find_spec(self, name, path=None, target=None):
        if name != "broadcheck.dialects.ods":
            return None
        import importlib.util

        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            checked = module.checked

            def counted(*args, **kwargs):
                calls[0] += 1
                return checked(*args, **kwargs)

            module.checked = counted

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, Counting())
sys.argv[1:] = ["check", "--no-cache", "one.mlir"]
from broadcheck.__main__ import main
main()
"""


def _run(tmp_path: Path, text: str, clean: bool = True) -> tuple[set[str], dict[str, int], int, list[str], int]:
    (tmp_path / ".git").mkdir()
    (tmp_path / "one.mlir").write_text(text)
    done = subprocess.run(
        [sys.executable, "-c", COUNT], cwd=tmp_path, capture_output=True, text=True, timeout=HANG, check=False
    )
    if clean:
        assert (done.returncode, done.stdout.startswith("No problems found in 1 file")) == (0, True), (
            done.stdout + done.stderr[-3000:]
        )
    modules, built, calls, merged, tables = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    return set(modules), built, calls, merged, tables


TF_ONLY_OF_OTHERS = {
    "broadcheck.dialects.tf.verified_a",
    "broadcheck.dialects.tf.verified_b",
    "broadcheck.dialects.tf.verified_c",
    "broadcheck.dialects.tf.calls",
}


def test_a_tf_file_builds_only_the_parts_of_its_ops(tmp_path: Path) -> None:
    # At f830a58 the file built every `tf` declaration (174 by hand, 635 with the generated
    # table's), ran ods.checked over the whole table (834 ops), imported the ~5k lines of the
    # verifiers of ops it does not use, and the whole `tfl` dialect (for TensorFlow's windowed
    # size), and importlib.resources with it.
    modules, built, calls, merged, tables = _run(tmp_path, TF)
    assert "broadcheck.dialects.tf.checks" in modules  # the check can see what it looks for
    assert not modules & TF_ONLY_OF_OTHERS
    assert not {m for m in modules if m.startswith("broadcheck.dialects.tfl")}
    assert "importlib.resources" not in modules
    assert "tf" not in merged  # no whole table
    # the rule families' part (43 ops), the shape ops' (60) and tf.Const's: not the 174
    assert set(built) == {"tf"} and built["tf"] <= 104
    # tf.Relu6 and tf.Rsqrt, declared by the generated table alone (tf.NoOp, not declared, asks none),
    # their traits made for them alone: the generated table (834 ops) is not built
    assert calls == 2 and tables == 0


def test_a_tfl_file_builds_only_the_parts_of_its_ops(tmp_path: Path) -> None:
    # At f830a58 the file built all of `tfl` (the unary ops, the ODS-declared ops, the region ops
    # and their modules).
    modules, built, calls, merged, tables = _run(tmp_path, TFL)
    assert "broadcheck.dialects.tfl.nn" in modules  # the check can see what it looks for
    assert not modules & {
        "broadcheck.dialects.tfl.unary",
        "broadcheck.dialects.tfl.traits",
        "broadcheck.dialects.tfl.regions",
        "broadcheck.dialects.tfl.ods",
        *TF_ONLY_OF_OTHERS,
        "broadcheck.dialects.tf.checks",
        "importlib.resources",
    }
    assert "tfl" not in merged and calls == tables == 0
    assert built.get("tf", 0) == 0 and 0 < built["tfl"] <= 60


def test_the_control_a_tf_call_builds_its_part(tmp_path: Path) -> None:
    # The counts above can move: a file that adds a `tf.If` imports the call ops' module.
    call = (
        '  %i = "tf.If"(%x) <{else_branch = @e, is_stateless = true, then_branch = @t}> : (tensor<1x8x8x3xf32>) -> ()\n'
    )
    modules, built, _, _, _ = _run(tmp_path, TF.replace("  return %h", call + "  return %h"), clean=False)
    assert "broadcheck.dialects.tf.calls" in modules and built["tf"] >= 108


def test_an_op_s_traits_made_alone_are_its_entry_in_the_table() -> None:
    from broadcheck.dialects import ods

    for dialect in ods.DIALECTS:
        table = ods.table(dialect)
        assert table, dialect
        for name, traits in table.items():
            assert ods.traits(name) == traits == ods.generated(name), name
    assert ods.traits("tf.NoSuchOp") is None and ods.traits("nodialect.op") is None
    # the constraints TensorFlow named and the steps of UNSEEN are in both
    assert any(t.startswith("operand#0=") for t in ods.traits("tf.Relu6") or ())
    assert (ods.traits("tf.ToBool") or ())[-1] == "inferred=~tensor<i1>"


FIVE = """\
func.func @f(%a: tensor<8x768xf32>, %b: tensor<8x768xf32>) -> tensor<8x768xf32> {
  %0 = "tf.Mul"(%a, %b) {device = ""} : (tensor<8x768xf32>, tensor<8x768xf32>) -> tensor<8x768xf32>
  %1 = "tf.AddV2"(%0, %a) {device = ""} : (tensor<8x768xf32>, tensor<8x768xf32>) -> tensor<8x768xf32>
  %2 = "tf.Identity"(%1) {device = ""} : (tensor<8x768xf32>) -> tensor<8x768xf32>
  return %2 : tensor<8x768xf32>
}
"""


def test_a_file_of_hand_checked_tf_ops_reads_no_generated_table(tmp_path: Path) -> None:
    # `a * b + a` as TensorFlow writes it: ops checked by hand alone, so the run reads neither the
    # generated table nor TensorFlow's named constraints (JSON): `tf.DataFormatVecPermute`'s traits,
    # in the shape ops' part, are made when it is first checked (at f830a58 they were made, and both
    # tables read, when the part was built).
    modules, _, calls, _, tables = _run(tmp_path, FIVE)
    assert "broadcheck.dialects.tf.checks" in modules  # (tf.Identity's part)
    assert not modules & {"json", "broadcheck.dialects.ods", "broadcheck.dialects.ods.traits"}
    assert calls == tables == 0
