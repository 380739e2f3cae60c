"""Real model exports for the benchmark: JAX lowers GPT-2- and ResNet-style models to StableHLO.

``python -m bench.exports [--out DIR] [--force] [--quick]`` (in the bench-only environment
with ``jax``/``jaxlib`` 0.10.2 for CPU, ``.venv-bench``, which ``make bench`` creates) writes
each model of :data:`EXPORTS` twice, as real exports come:

* ``NAME.mlir``: ``jax.jit(f).lower(*args).as_text()``, no locations;
* ``NAME.loc.mlir``: ``lowered.compiler_ir('stablehlo').operation.get_asm(enable_debug_info=True)``,
  with ``loc(#locN)`` on every op and the ``#locN = loc(...)`` aliases (file, line, column,
  name and call-site locations) at the end, as ``mlir-opt --mlir-print-debuginfo`` prints them;

and ``manifest.json``, which gives for each file its op statements (see :func:`count_ops`),
lines, bytes and op names. The models are in :mod:`bench.jaxmodels` (GPT-2 small's shapes;
ResNet-50's); the functions are only lowered, never run, so a 480-layer model costs seconds
and no memory for weights.

The files are written only when missing or when this script or :mod:`bench.jaxmodels`
changed (the manifest keeps a hash of both; :func:`fresh` reads it without ``jax``, so
:mod:`bench.run` can tell whether the cache is up to date). ``--quick`` writes the small
exports only. The cache is ``bench/.data/exports/`` (git-ignored).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports"
MANIFEST = "manifest.json"

_OP = re.compile(
    r"^[ \t]*(?:%[^=\n]*=[ \t]*)?(?P<name>\"[\w.$]+\"|[A-Za-z_][\w$]*\.[\w.$]+|module|return|call)(?=[\s(<{@\"]|$)",
    re.M,
)
"""An op statement: the op's name after the results, if any. Custom assembly prints
``func.return`` and ``func.call`` as ``return`` and ``call``; region keywords (``cond {``,
``} do {``, ``reducer(...)``) and block labels have no dot and are not counted."""


def count_ops(text: str) -> collections.Counter[str]:
    """Op statements by op name: one per line that holds an op (``module`` and ``func.func`` included;
    the op printed inside ``stablehlo.reduce(...) applies stablehlo.add`` is part of its line's statement)."""
    names: collections.Counter[str] = collections.Counter()
    for match in _OP.finditer(text):
        name = match.group("name").strip('"')
        names[{"return": "func.return", "call": "func.call", "module": "builtin.module"}.get(name, name)] += 1
    return names


@dataclass(frozen=True)
class Export:
    """One model to lower: its file stem, a title for the table and how to build (function, arguments)."""

    name: str
    title: str
    build: Callable[[], tuple[Callable[..., Any], tuple[Any, ...]]]
    quick: bool = False
    locations: bool = True
    """Also write ``NAME.loc.mlir``."""


def _five_op() -> tuple[Callable[..., Any], tuple[Any, ...]]:
    import jax
    import jax.numpy as jnp

    x = jax.ShapeDtypeStruct((8, 768), jnp.float32)
    return (lambda a, b: a * b + a), (x, x)


def _gpt_forward() -> tuple[Callable[..., Any], tuple[Any, ...]]:
    import jax.numpy as jnp

    from bench import jaxmodels as m

    cfg = m.GPT()
    return m.gpt_forward(cfg), (cfg.params(), m._spec((cfg.batch, cfg.seq), jnp.int32))


def _gpt_train(layers: int) -> Callable[[], tuple[Callable[..., Any], tuple[Any, ...]]]:
    def build() -> tuple[Callable[..., Any], tuple[Any, ...]]:
        from bench import jaxmodels as m

        cfg = m.GPT(layers=layers)
        return m.gpt_train_step(cfg), m.gpt_train_args(cfg)

    return build


def _gpt_decode(steps: int, scan: bool) -> Callable[[], tuple[Callable[..., Any], tuple[Any, ...]]]:
    def build() -> tuple[Callable[..., Any], tuple[Any, ...]]:
        from bench import jaxmodels as m

        cfg = m.GPT()
        return m.gpt_decode(cfg, steps, scan), m.gpt_decode_args(cfg)

    return build


def _resnet(train: bool) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    from bench import jaxmodels as m

    return m.resnet_train(m.ResNet()) if train else m.resnet_inference(m.ResNet())


EXPORTS = (
    Export("jax-5op", "a clean 5-op JAX function (x * y + x)", _five_op, quick=True, locations=False),
    Export("gpt2-forward", "GPT-2 forward, 12 layers", _gpt_forward, quick=True),
    Export("gpt2-decode-scan", "GPT-2 decoding, 64 steps in a lax.scan (stablehlo.while)", _gpt_decode(64, True), True),
    Export("resnet50-forward", "ResNet-50 inference", lambda: _resnet(False), quick=True),
    Export("resnet50-train", "ResNet-50 training step (SGD, momentum)", lambda: _resnet(True), quick=True),
    Export("gpt2-train-l48", "GPT-2 training step, 48 layers (AdamW)", _gpt_train(48)),
    Export("gpt2-decode-64", "GPT-2 decoding, 64 steps unrolled", _gpt_decode(64, False)),
    Export("gpt2-train-l480", "GPT-2 training step, 480 layers (AdamW)", _gpt_train(480)),
)


def source_key() -> str:
    """A hash of the code that decides the exports (this file and :mod:`bench.jaxmodels`)."""
    digest = hashlib.sha256()
    for name in ("exports.py", "jaxmodels.py"):
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()[:16]


def script_key(path: Path) -> str:
    """A hash of one export script (:mod:`bench.tfexports`, :mod:`bench.torchexports`): their
    caches are written again when it changes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def entry(name: str, title: str, text: str) -> dict[str, Any]:
    """One file of an export script's manifest, as :mod:`bench.run` reads it: its op statements
    (:func:`count_ops`), lines and bytes."""
    ops = count_ops(text)
    return {
        "file": name,
        "title": title,
        "ops": sum(ops.values()),
        "lines": text.count("\n"),
        "bytes": len(text.encode()),
        "locations": False,
        "quick": True,
        "op_names": dict(ops),
    }


def write_framework(
    out: Path, script: Path, framework: str, models: Iterable[tuple[str, Callable[[], dict[str, str]]]], force: bool
) -> dict[str, Any]:
    """An export script's cache (:mod:`bench.tfexports`, :mod:`bench.torchexports`): each model's
    texts written as ``NAME.KIND.mlir`` and the manifest, unless ``script`` wrote them already."""
    manifest = load(out)
    key = script_key(script)
    if not force and manifest is not None and manifest.get("source") == key:
        return manifest
    out.mkdir(parents=True, exist_ok=True)
    files: list[dict[str, Any]] = []
    for model, texts in models:
        start = time.monotonic()
        for kind, text in texts().items():
            if not text.strip():
                raise SystemExit(f"{model}: {framework} wrote no {kind} text")
            name = f"{model}.{kind}.mlir"
            (out / name).write_text(text)
            files.append(entry(name, f"{framework}: {model}, {kind}", text))
        print(f"{model}: {time.monotonic() - start:.1f} s", file=sys.stderr)
    manifest = {"source": key, "files": files}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


def framework_main(
    argv: Sequence[str] | None, prog: str, doc: str, out: Path, write: Callable[[Path, bool], Any]
) -> int:
    """The command line of an export script: write its exports; print where they are."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.splitlines()[0])
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--force", action="store_true", help="write the files even if they are fresh")
    args = parser.parse_args(argv)
    manifest = write(args.out, args.force)
    for found in manifest["files"]:
        print(f"{args.out / found['file']}: {found['ops']} op statements, {found['bytes'] / 1e6:.2f} MB")
    return 0


def load(out: Path = OUT) -> dict[str, Any] | None:
    """The manifest, or None when there is none."""
    try:
        loaded: dict[str, Any] = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return loaded


def fresh(out: Path = OUT, quick: bool = False) -> bool:
    """Are the exports written by the current code, and every file (of ``--quick``'s, with ``quick``) there?"""
    manifest = load(out)
    if manifest is None or manifest.get("key") != source_key():
        return False
    have = {entry["file"] for entry in manifest["files"] if (out / entry["file"]).exists()}
    return all(name in have for name in _files(quick))


def _files(quick: bool) -> list[str]:
    names = []
    for export in EXPORTS:
        if export.quick or not quick:
            names.append(f"{export.name}.mlir")
            if export.locations:
                names.append(f"{export.name}.loc.mlir")
    return names


def _write(path: Path, text: str, export: Export, locations: bool) -> dict[str, Any]:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(path)
    names = count_ops(text)
    return {
        "file": path.name,
        "name": export.name,
        "title": export.title + (", with locations" if locations else ""),
        "locations": locations,
        "quick": export.quick,
        "ops": sum(names.values()),
        "lines": text.count("\n"),
        "bytes": path.stat().st_size,
        "op_names": dict(names.most_common()),
    }


def log(message: str) -> None:
    print(f"[exports] {message}", file=sys.stderr, flush=True)


def write_all(out: Path = OUT, quick: bool = False, force: bool = False) -> dict[str, Any]:
    """Lower every export (``quick``: the small ones) and write the files and the manifest; reuse what
    the current code already wrote unless ``force``."""
    import jax

    key = source_key()
    old = load(out)
    kept: dict[str, dict[str, Any]] = {}
    if old is not None and old.get("key") == key and not force:
        kept = {entry["file"]: entry for entry in old["files"] if (out / entry["file"]).exists()}
    out.mkdir(parents=True, exist_ok=True)
    entries: list[dict[str, Any]] = []
    for export in EXPORTS:
        wanted = [f"{export.name}.mlir"] + ([f"{export.name}.loc.mlir"] if export.locations else [])
        if all(f in kept for f in wanted) or (quick and not export.quick):
            entries.extend(kept[f] for f in wanted if f in kept)
            continue
        start = time.perf_counter()
        function, args = export.build()
        lowered = jax.jit(function).lower(*args)
        lowered_s = time.perf_counter() - start
        entries.append(_write(out / wanted[0], lowered.as_text(), export, False))
        if export.locations:
            module = lowered.compiler_ir("stablehlo")
            text = module.operation.get_asm(enable_debug_info=True)
            entries.append(_write(out / wanted[1], text, export, True))
        sizes = ", ".join(f"{e['ops']:,} ops / {e['bytes'] / 1e6:.1f} MB" for e in entries[-len(wanted) :])
        log(f"{export.name}: lowered in {lowered_s:.1f} s, written in {time.perf_counter() - start:.1f} s: {sizes}")
    manifest = {"key": key, "jax": jax.__version__, "jaxlib": _jaxlib_version(), "files": entries}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def _jaxlib_version() -> str:
    import jaxlib

    return str(getattr(jaxlib, "__version__", "?"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.exports", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the cache directory (default {OUT})")
    parser.add_argument("--force", action="store_true", help="write every file again")
    parser.add_argument("--quick", action="store_true", help="only the small exports (under 10k ops)")
    args = parser.parse_args(argv)
    if not args.force and fresh(args.out, args.quick):
        log(f"up to date in {args.out}")
        return 0
    try:
        import jax  # noqa: F401
    except ImportError:
        log("jax is not installed here: run this in the bench environment (make bench creates .venv-bench)")
        return 2
    started = time.perf_counter()
    manifest = write_all(args.out, args.quick, args.force)
    total = sum(entry["ops"] for entry in manifest["files"])
    log(f"{len(manifest['files'])} files, {total:,} op statements, in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
