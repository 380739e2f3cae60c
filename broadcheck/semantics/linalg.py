"""Placeholder: filled in by the op-table work for this dialect."""

from __future__ import annotations

from broadcheck.semantics import Verifier

VERIFIERS: dict[str, Verifier] = {}
ATTRIBUTE_FREE: frozenset[str] = frozenset()
