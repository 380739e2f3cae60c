"""Regenerate ``broadcheck/dialects/opnames/*.txt``: every op name each dialect defines, from the real tools.

Each source is a tool installed in the running interpreter; run the script with that interpreter
from the repository root::

    python tests/oracle/make_opnames.py --source iree        # iree-base-compiler==3.13.0
    python tests/oracle/make_opnames.py --source jaxlib      # jax==0.10.2 (mhlo, sparse_tensor)
    python tests/oracle/make_opnames.py --source tensorflow  # tensorflow-cpu==2.21.0 (tf*, tfl)
    python tests/oracle/make_opnames.py --source onnx-mlir --onnx-mlir-src DIR
                                          # DIR: src/Dialect/ONNX of onnx-mlir at ec744fe6 (no tool installs)

``--check`` compares instead of writing (exit 1 on a difference). How each source finds its names
(``broadcheck/dialects/opnames/README.md`` says more):

* iree: every dotted word in ``libIREECompiler.so`` (and every ``OPERATION_NAME`` of the Python
  bindings) is asked ``Context.is_registered_operation``; an op's name is a string constant in the
  library that registers it, so nothing registered is missed. Unknown generic ops: a generic
  ``"<dialect>.zz_unknown"()`` parsed. Ops without a custom form: the custom form of each op parsed.
* jaxlib: the same for ``mhlo`` in JAX's context with ``mhlo.register_mhlo_dialect``;
  ``sparse_tensor`` is registered in no context here, so its names are the ``OPERATION_NAME``s of
  ``jaxlib.mlir.dialects.sparse_tensor`` (generated from its ODS).
* tensorflow: ``tf``, ``tf_executor``, ``tf_device``, ``tf_saved_model``: each dotted word of
  ``libtensorflow_cc.so.2`` and each name in the ODS headers the wheel ships is parsed in custom form
  by ``tf.mlir.experimental.run_pass_pipeline``: ``custom op '...' is unknown`` means not an op.
  ``tfl`` (no TF entry point parses ``tfl`` text): the op classes ``mlir::TFL::*Op`` whose
  ``verifyInvariants`` the library exports, each with its ``tfl.*`` name constant in the library
  (matched on the name without case and underscores; five irregular ones named below).
* onnx-mlir: the ``ONNX_Op<"Name"`` definitions of ``ONNXOps.td.inc`` and ``AdditionalONNXOps.td``.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "broadcheck" / "dialects" / "opnames"
GENERIC_ONLY = "generic_only.txt"

# The versions the committed lists follow; a different installed version is an error.
IREE_VERSION = "3.13.0"
JAX_VERSION = "0.10.2"
TF_VERSION = "2.21.0"
ONNX_MLIR_VERSION = (
    "main at ec744fe6d3d0 (2026-07-01; the release v0.5.0.1 lacks Attention, Fused, Im2Col, UpsampleAndPad)"
)

# A dotted word: a dialect namespace, a dot, the rest of an op name (generic names may hold '-').
_DIALECT_DOT = re.compile(rb"[a-z_][a-z0-9_]{0,40}\.")
_TOKEN = re.compile(rb"[A-Za-z0-9_.$-]+")
# An op name the custom form can spell: MLIR's bare-id after the dialect's dot.
_BARE_OP_NAME = re.compile(r"[a-z_][a-z0-9_]*\.[A-Za-z0-9_$.]+\Z")
_OPERATION_NAME = re.compile(r'OPERATION_NAME = "([^"]+)"')


@dataclass(frozen=True)
class OpList:
    """One dialect's op names, with what the tool says of names it does not know."""

    dialect: str
    source: str
    generic_unknown: str  # what an unknown op in the generic form gets: "error", "accepted", or why not known
    ops: tuple[str, ...]
    generic_only: tuple[str, ...] = ()  # ops whose custom form the tool rejects: no custom assembly form
    notes: tuple[str, ...] = ()

    def render(self) -> str:
        head = [f"# {self.source}", f"# generic-unknown: {self.generic_unknown}", *(f"# {n}" for n in self.notes)]
        return "\n".join([*head, *self.ops]) + "\n"


def read_list(path: Path) -> tuple[list[str], list[str]]:
    """A committed list: (its comment lines without '# ', its op names)."""
    comments, ops = [], []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            comments.append(line[2:])
        elif line:
            ops.append(line)
    return comments, ops


# ------------------------------------------------------------------------------------ candidates


def dotted_words(data: bytes, dialects: Iterable[str]) -> set[str]:
    """Every ``<dialect>.<rest>`` in ``data`` for the given dialects: found also inside a longer word
    (the linker stores "tosa.add" as the tail of "xtosa.add"), with each prefix of it that ends
    before a '.', '_', '$' or '-' (code may build a constant that runs on into other bytes)."""
    names = sorted(dialects, key=len, reverse=True)
    starts = re.compile("(?=(?:" + "|".join(re.escape(n) for n in names) + r")\.)")
    found: set[str] = set()
    for raw in set(_TOKEN.findall(data)):
        if b"." not in raw:
            continue
        word = raw.decode()
        for m in starts.finditer(word):
            tail = word[m.start() :]
            found.add(tail)
            dot = tail.index(".")
            found.update(tail[:i] for i in range(dot + 2, len(tail)) if tail[i] in "._$-")
    return found


def namespaces(data: bytes) -> set[str]:
    """Every word that stands before a '.' in ``data``: the candidates for dialect namespaces."""
    return {m.decode()[:-1] for m in set(_DIALECT_DOT.findall(data))}


def binding_names(directory: str) -> set[str]:
    """The ``OPERATION_NAME``s of the generated Python bindings (``_*_ops_gen.py``) in ``directory``."""
    out: set[str] = set()
    for path in glob.glob(os.path.join(directory, "_*_ops_gen.py")):
        out.update(_OPERATION_NAME.findall(Path(path).read_text()))
    return out


def group(names: Iterable[str]) -> dict[str, list[str]]:
    """Op names by dialect, each sorted."""
    out: dict[str, list[str]] = {}
    for name in names:
        out.setdefault(name.partition(".")[0], []).append(name)
    return {d: sorted(v) for d, v in sorted(out.items())}


# ------------------------------------------------------------------------------------------- iree


def iree_lists() -> list[OpList]:
    """Every dialect ``iree.compiler.ir.Context()`` registers, with its registered ops."""
    from importlib.metadata import version

    import iree.compiler
    from iree.compiler import ir
    from iree.compiler import version as iree_version

    check_version("iree-base-compiler", version("iree-base-compiler"), IREE_VERSION)
    ctx = ir.Context()
    ctx.load_all_available_dialects()
    package = os.path.dirname(iree.compiler.__file__)
    data = Path(package, "_mlir_libs", "libIREECompiler.so").read_bytes()
    loaded = {d for d in namespaces(data) if _has_dialect(ctx, d)}
    candidates = dotted_words(data, loaded) | binding_names(os.path.join(package, "dialects"))
    registered = [n for n in candidates if ctx.is_registered_operation(n)]
    opt = iree_opt_dialects()

    def first_error(text: str) -> str | None:
        try:
            ir.Module.parse(text, ctx)
        except ir.MLIRError as err:
            return str(err.error_diagnostics[0].message)
        return None

    revision = iree_version.REVISIONS.get("IREE", "?")[:12]
    out = []
    for dialect, ops in group(registered).items():
        source = (
            f"{dialect}: the operations iree.compiler.ir.Context() registers, iree-base-compiler "
            f"{IREE_VERSION} (build {iree_version.VERSION}, IREE {revision})"
        )
        notes = (
            ()
            if dialect in opt
            else (
                f"not registered in the iree-opt binary of the same wheel: {dialect} ops are of an unregistered dialect there",
            )
        )
        out.append(
            OpList(
                dialect,
                source,
                generic_unknown(first_error, dialect),
                tuple(ops),
                generic_only(first_error, ops),
                notes,
            )
        )
    return out


def _has_dialect(ctx: Any, name: str) -> bool:
    try:
        ctx.dialects[name]
    except (IndexError, KeyError, ValueError):
        return False
    return True


def iree_opt() -> str:
    """The ``iree-opt`` binary of the installed iree-base-compiler wheel."""
    import iree.compiler

    return os.path.join(os.path.dirname(iree.compiler.__file__), "_mlir_libs", "iree-opt")


def iree_opt_dialects() -> set[str]:
    """The dialects ``iree-opt --show-dialects`` lists."""
    out = subprocess.run([iree_opt(), "--show-dialects"], capture_output=True, text=True, check=True).stdout
    return set(out.split("Available Dialects:", 1)[1].strip().split(","))


def iree_opt_unknown(names: Iterable[str]) -> dict[str, str]:
    """``iree-opt``'s first error on each name written alone in custom form (one split chunk each)."""
    import tempfile

    names = sorted(names)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write("\n// -----\n".join(f"{n}\n" for n in names))
    try:
        err = subprocess.run(
            [iree_opt(), "--split-input-file", f.name, "-o", os.devnull], capture_output=True, text=True
        ).stderr
    finally:
        os.unlink(f.name)
    out: dict[str, str] = {}
    for line, msg in re.findall(r"^\S*?:(\d+):\d+: error: (.*)$", err, re.M):
        out.setdefault(names[(int(line) - 1) // 3], msg)
    return out


def generic_unknown(first_error: Callable[[str], str | None], dialect: str) -> str:
    """What the tool says of an op name the dialect does not define, written in the generic form."""
    message = first_error(f'"{dialect}.zz_unknown_op"() : () -> ()\n')
    if message is None:
        return "accepted (the dialect allows unknown operations)"
    expected = f"unregistered operation '{dialect}.zz_unknown_op' found in dialect ('{dialect}') that does not allow unknown operations"
    if message != expected:
        raise SystemExit(f"unexpected message for an unknown {dialect} op: {message}")
    return "error"


def generic_only(first_error: Callable[[str], str | None], ops: Iterable[str]) -> tuple[str, ...]:
    """The ops whose custom form the tool rejects with ``has no custom assembly form``."""
    return tuple(
        op
        for op in ops
        if _BARE_OP_NAME.match(op) and f"custom op '{op}' has no custom assembly form" == first_error(f"{op}\n")
    )


def check_version(what: str, found: str, wanted: str) -> None:
    if found != wanted:
        raise SystemExit(f"{what} {found} is installed; the lists follow {wanted}")


# ------------------------------------------------------------------------------------------ jaxlib


def jaxlib_lists() -> list[OpList]:
    """``mhlo`` as JAX registers it, and ``sparse_tensor`` from jaxlib's bindings."""
    import jaxlib
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import mhlo
    from jaxlib.version import __version__ as jaxlib_version

    check_version("jaxlib", jaxlib_version, JAX_VERSION)
    ctx = jax_mlir.make_ir_context()
    mhlo.register_mhlo_dialect(ctx)
    ctx.load_all_available_dialects()
    package = os.path.dirname(jaxlib.__file__)
    candidates: set[str] = set()
    for so in glob.glob(os.path.join(package, "**", "*.so"), recursive=True):
        candidates |= dotted_words(Path(so).read_bytes(), ["mhlo"])
    dialects = os.path.join(package, "mlir", "dialects")
    candidates |= {n for n in binding_names(dialects) if n.startswith("mhlo.")}
    ops = sorted(n for n in candidates if ctx.is_registered_operation(n))

    def first_error(text: str) -> str | None:
        with ctx:
            try:
                ir.Module.parse(text)
            except ir.MLIRError as err:
                return str(err.error_diagnostics[0].message)
        return None

    mhlo_list = OpList(
        "mhlo",
        f"mhlo: the operations JAX's MLIR context registers with mhlo.register_mhlo_dialect, jax/jaxlib {jaxlib_version}",
        generic_unknown(first_error, "mhlo"),
        tuple(ops),
        generic_only(first_error, ops),
        ("not registered in iree-base-compiler 3.13: mhlo ops are of an unregistered dialect there",),
    )
    sparse = sorted(n for n in binding_names(dialects) if n.startswith("sparse_tensor."))
    if ctx.is_registered_operation(sparse[0]):
        raise SystemExit("sparse_tensor is registered in JAX's context now: read it as mhlo is read")
    sparse_list = OpList(
        "sparse_tensor",
        f"sparse_tensor: the OPERATION_NAMEs of jaxlib.mlir.dialects.sparse_tensor (generated from its ODS), jaxlib {jaxlib_version}",
        "not known here (no context here registers sparse_tensor)",
        tuple(sparse),
        (),
        (
            "not registered in iree-base-compiler 3.13, nor in JAX's context: sparse_tensor ops are of an unregistered dialect in both",
        ),
    )
    return [mhlo_list, sparse_list]


# -------------------------------------------------------------------------------------- tensorflow

TF_DIALECTS = ("tf", "tf_executor", "tf_device", "tf_saved_model")

# TFL op classes whose name is not their class name without "Op" (checked: each string is in the library).
TFL_IRREGULAR = {
    "ConstOp": "tfl.pseudo_const",
    "QConstOp": "tfl.pseudo_qconst",
    "SparseConstOp": "tfl.pseudo_sparse_const",
    "SparseQConstOp": "tfl.pseudo_sparse_qconst",
    "Relu1Op": "tfl.relu_n1_to_1",
}


def tensorflow_lists() -> list[OpList]:
    """TensorFlow's dialects as tensorflow-cpu registers them, and ``tfl`` from its library."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    check_version("tensorflow", tf.version.VERSION, TF_VERSION)
    package = os.path.dirname(tf.__file__)
    library = Path(package, "libtensorflow_cc.so.2")
    data = library.read_bytes()
    candidates = dotted_words(data, TF_DIALECTS)
    headers = os.path.join(package, "include", "tensorflow", "compiler", "mlir", "tensorflow", "ir")
    for path in glob.glob(os.path.join(headers, "**", "*.h.inc"), recursive=True):
        candidates.update(re.findall(r'StringLiteral\("([a-z_]+\.[^"]+)"\);\s*\}', Path(path).read_text()))

    def first_error(text: str) -> str | None:
        try:
            tf.mlir.experimental.run_pass_pipeline(text, "", show_debug_info=False)
        except Exception as exc:  # the binding raises a plain Exception holding the diagnostics
            for line in str(exc).splitlines():
                if ": error: " in line:
                    return line.split(": error: ", 1)[1]
            return str(exc)
        return None

    registered = []
    for name in sorted(candidates):
        if name.partition(".")[0] not in TF_DIALECTS or not _BARE_OP_NAME.match(name):
            continue
        message = first_error(f"{name}\n")
        if message is None or not (message == f"custom op '{name}' is unknown" or message.startswith("Dialect `")):
            registered.append(name)
    git = tf.version.GIT_VERSION
    out = []
    for dialect, ops in group(registered).items():
        source = f"{dialect}: the operations tensorflow-cpu {tf.version.VERSION} ({git}) registers for tf.mlir.experimental.run_pass_pipeline"
        out.append(
            OpList(
                dialect,
                source,
                generic_unknown(first_error, dialect),
                tuple(ops),
                generic_only(first_error, ops),
                ("not registered in iree-base-compiler 3.13",),
            )
        )
    out.append(tfl_list(library, data, f"{tf.version.VERSION} ({git})"))
    return out


def tfl_list(library: Path, data: bytes, version: str) -> OpList:
    """``tfl`` from the library: its exported op classes, each matched with its name constant."""
    symbols = subprocess.run(["nm", "-D", "--defined-only", str(library)], capture_output=True, text=True, check=True)
    mangled = "\n".join(line.split()[-1] for line in symbols.stdout.splitlines() if "_ZN4mlir3TFL" in line)
    demangled = subprocess.run(["c++filt"], input=mangled, capture_output=True, text=True, check=True).stdout
    classes = sorted(set(re.findall(r"^mlir::TFL::(\w+Op)::verifyInvariants\(", demangled, re.M)))
    constants = {m.decode() for m in re.findall(rb"(?<=[\x00-\x1f])tfl\.[A-Za-z0-9_]+(?=\x00)", data)}

    def key(text: str) -> str:
        return text.lower().replace("_", "")

    by_key: dict[str, list[str]] = {}
    for name in constants:
        by_key.setdefault(key(name[4:]), []).append(name)
    ops = []
    for cls in classes:
        if cls in TFL_IRREGULAR:
            name = TFL_IRREGULAR[cls]
            if name not in constants:
                raise SystemExit(f"{name} (mlir::TFL::{cls}) is not a string in {library.name}")
        else:
            matches = by_key.get(key(cls[:-2]), [])
            if len(matches) != 1:
                raise SystemExit(f"mlir::TFL::{cls}: {len(matches)} names match in {library.name}: {matches}")
            name = matches[0]
        ops.append(name)
    return OpList(
        "tfl",
        f"tfl: the op classes libtensorflow_cc.so.2 of tensorflow-cpu {version} exports, by their name constants",
        "not known here (no entry point of tensorflow-cpu parses tfl text)",
        tuple(sorted(ops)),
        (),
        ("not registered in iree-base-compiler 3.13",),
    )


# --------------------------------------------------------------------------------------- onnx-mlir


def onnx_list(src: Path) -> OpList:
    """``onnx`` from onnx-mlir's op definitions (``src/Dialect/ONNX`` of a checkout)."""
    names: set[str] = set()
    for file in ("ONNXOps.td.inc", "AdditionalONNXOps.td"):
        text = (src / file).read_text()
        defs = len(re.findall(r"^def ", text, re.M))
        found = re.findall(r'ONNX_Op<\s*"([^"]+)"', text)
        if defs != len(found):
            raise SystemExit(f"{file}: {defs} definitions but {len(found)} ONNX_Op names")
        names.update(f"onnx.{n}" for n in found)
    return OpList(
        "onnx",
        f"onnx: the ONNX_Op definitions of onnx/onnx-mlir {ONNX_MLIR_VERSION} (src/Dialect/ONNX/ONNXOps.td.inc, AdditionalONNXOps.td)",
        "not checked with a tool (no onnx-mlir tool installs here; its source never calls allowUnknownOperations)",
        tuple(sorted(names)),
        (),
        ("not registered in iree-base-compiler 3.13",),
    )


# ------------------------------------------------------------------------------------------- files


def write(lists: list[OpList], out: Path = OUT) -> None:
    """Write each list, and merge their generic-only ops into ``generic_only.txt``."""
    for item in lists:
        (out / f"{item.dialect}.txt").write_text(item.render())
    (out / GENERIC_ONLY).write_text(render_generic_only(lists, out))


def render_generic_only(lists: list[OpList], out: Path = OUT) -> str:
    """``generic_only.txt`` with these lists' dialects replaced by their new entries."""
    dialects = {item.dialect for item in lists}
    path = out / GENERIC_ONLY
    kept = [] if not path.exists() else [n for n in read_list(path)[1] if n.partition(".")[0] not in dialects]
    ops = sorted({*kept, *(op for item in lists for op in item.generic_only)})
    head = [
        "# Ops whose custom (pretty) form the tool rejects: `custom op '<name>' has no custom assembly form`;",
        '# each dialect\'s file names the tool. Only the generic form "<name>"(...) parses.',
    ]
    return "\n".join([*head, *ops]) + "\n"


def differences(lists: list[OpList], out: Path = OUT) -> list[str]:
    """How the committed files differ from ``lists`` (empty when they are equal)."""
    diffs = []
    for item in lists:
        path = out / f"{item.dialect}.txt"
        if not path.exists():
            diffs.append(f"{path.name}: missing")
            continue
        ops = read_list(path)[1]
        old, new = set(ops), set(item.ops)
        if old != new:
            diffs.append(f"{path.name}: only committed {sorted(old - new)}, only the tool {sorted(new - old)}")
        if path.read_text() != item.render():
            diffs.append(f"{path.name}: text differs (header or order)")
    generic = out / GENERIC_ONLY
    if not generic.exists() or generic.read_text() != render_generic_only(lists, out):
        diffs.append(f"{GENERIC_ONLY}: differs")
    return diffs


SOURCES: dict[str, Callable[[argparse.Namespace], list[OpList]]] = {
    "iree": lambda args: iree_lists(),
    "jaxlib": lambda args: jaxlib_lists(),
    "tensorflow": lambda args: tensorflow_lists(),
    "onnx-mlir": lambda args: [onnx_list(Path(args.onnx_mlir_src))],
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=sorted(SOURCES), required=True)
    parser.add_argument("--check", action="store_true", help="compare with the committed lists; exit 1 on a difference")
    parser.add_argument("--onnx-mlir-src", help="src/Dialect/ONNX of an onnx-mlir checkout (for --source onnx-mlir)")
    args = parser.parse_args(argv)
    if args.source == "onnx-mlir" and not args.onnx_mlir_src:
        parser.error("--source onnx-mlir needs --onnx-mlir-src")
    lists = SOURCES[args.source](args)
    for item in lists:
        print(
            f"{item.dialect}: {len(item.ops)} ops, {len(item.generic_only)} generic-only; unknown generic: {item.generic_unknown}"
        )
    if args.check:
        diffs = differences(lists)
        print("\n".join(diffs) or "the committed lists are the tool's")
        return 1 if diffs else 0
    write(lists)
    return 0


if __name__ == "__main__":
    sys.exit(main())
