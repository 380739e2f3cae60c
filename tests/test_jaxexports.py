"""bench/jaxexports.py without jax: its models name builders of bench/jaxmodels2.py, and its cache is
fresh only for the manifest the current scripts wrote (the exports themselves need the bench
environment: `make exports`)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from bench import exports, jaxexports


def _functions(path: Path) -> set[str]:
    return {node.name for node in ast.parse(path.read_text()).body if isinstance(node, ast.FunctionDef)}


def test_every_model_names_a_builder_of_jaxmodels2() -> None:
    builders = _functions(Path(jaxexports.HERE) / "jaxmodels2.py")
    models = jaxexports.MODELS + jaxexports.DYNAMIC
    assert {m.builder for m in models} <= builders
    assert len({m.name for m in models}) == len(models)
    assert len(jaxexports.MODELS) >= 8 and len(jaxexports.DYNAMIC) >= 2


def test_the_cache_is_fresh_only_for_the_current_scripts(tmp_path: Path) -> None:
    assert not jaxexports.fresh(tmp_path)
    manifest = {"source": jaxexports.source_key(), "files": []}
    (tmp_path / exports.MANIFEST).write_text(json.dumps(manifest))
    assert jaxexports.fresh(tmp_path)
    (tmp_path / exports.MANIFEST).write_text(json.dumps({**manifest, "source": "0" * 16}))
    assert not jaxexports.fresh(tmp_path)
