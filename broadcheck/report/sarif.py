"""``--output-format sarif``: SARIF 2.1.0, as GitHub code scanning reads it.

Rules come from the message catalogue; result locations use URIs relative to
the repository root (the nearest directory above the working directory holding
``.git``, else the working directory); ``partialFingerprints`` let code scanning
follow an alert as lines move. A file name that is not UTF-8 is percent-encoded byte by byte
in URIs (``%FF``), as RFC 3986 has it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import quote

from broadcheck import __version__
from broadcheck.messages import RULES
from broadcheck.report import coverage, json_text, shown

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.inputs import InputError

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/broadcheck/"


def repository_root(start: Path) -> Path:
    """The nearest directory at or above ``start`` that holds ``.git``; ``start`` if none."""
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return start


def artifact_uri(path: str, root: Path) -> str:
    """A repository-relative URI for ``path`` (absolute ``file://`` if outside the repository)."""
    absolute = Path(path).absolute()
    try:
        return quote(os.fsencode(absolute.relative_to(root).as_posix()))
    except ValueError:
        return absolute.as_uri() if absolute.is_absolute() else quote(os.fsencode(Path(path).as_posix()))


def _rules() -> list[dict[str, Any]]:
    return [
        {
            "id": rule.code,
            "name": "".join(part.capitalize() for part in rule.name.split("-")),
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": f"{rule.summary} Message: {rule.template}"},
            "help": {"text": f"{rule.summary}\nExample: {rule.example}"},
            "defaultConfiguration": {"level": rule.severity},
        }
        for rule in RULES.values()
    ]


def _fingerprint(d: Diagnostic, line_text: str, seen: Counter[str]) -> str:
    key = f"{d.code}\0{d.path}\0{d.message}\0{' '.join(line_text.split())}"
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    seen[digest] += 1
    return f"{digest}:{seen[digest]}"


def document(results: Sequence[Result], root: Path, unread: Sequence[InputError] = ()) -> dict[str, Any]:
    """The SARIF log for ``results``; paths that could not be read are tool execution
    notifications, and the run is then not successful."""
    index = {code: i for i, code in enumerate(RULES)}
    seen: Counter[str] = Counter()
    sarif_results = []
    for result in results:
        for d in result.diagnostics:
            region = {"startLine": d.line, "startColumn": d.column, "endLine": d.end_line, "endColumn": d.end_column}
            sarif_results.append(
                {
                    "ruleId": d.code,
                    "ruleIndex": index[d.code],
                    "level": d.severity,
                    "message": {"text": "\n".join([d.message, *(f"{n.kind}: {n.message}" for n in d.notes)])},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": artifact_uri(d.path, root)},
                                "region": region,
                            }
                        }
                    ],
                    "partialFingerprints": {"broadcheck/v1": _fingerprint(d, result.lines.get(d.line, ""), seen)},
                }
            )
            if d.fix is not None:
                sarif_results[-1]["fixes"] = [_fix(d, root)]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "broadcheck",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": _rules(),
                    }
                },
                "columnKind": "unicodeCodePoints",
                "invocations": [
                    {
                        "executionSuccessful": not unread,
                        "toolExecutionNotifications": [
                            {
                                "level": "error",
                                "message": {"text": bad.describe(shown(bad.path))},
                                "locations": [
                                    {"physicalLocation": {"artifactLocation": {"uri": artifact_uri(bad.path, root)}}}
                                ],
                            }
                            for bad in unread
                        ],
                    }
                ],
                "properties": coverage(results),
                "results": sarif_results,
            }
        ],
    }


def _fix(d: Diagnostic, root: Path) -> dict[str, Any]:
    """A fix as SARIF's ``fix``: replacements of regions of the artifact."""
    assert d.fix is not None
    unsafe = "" if d.fix.safe else " (unsafe: it changes a function's signature; --unsafe-fixes applies it)"
    return {
        "description": {"text": d.fix.message + unsafe},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": artifact_uri(d.path, root)},
                "replacements": [
                    {
                        "deletedRegion": {
                            "startLine": e.span.line,
                            "startColumn": e.span.column,
                            "endLine": e.span.end_line,
                            "endColumn": e.span.end_column,
                        },
                        "insertedContent": {"text": e.new},
                    }
                    for e in d.fix.edits
                ],
            }
        ],
    }


def render(results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """The SARIF log, as indented JSON."""
    text = json.dumps(document(results, repository_root(Path.cwd()), unread), indent=2, ensure_ascii=False)
    out.write(json_text(text) + "\n")
