"""The report layer: renderers turn complete results into text. They only render.

Each format is one function taking every result at once, so output order and
the summary never depend on how the checking was scheduled.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.syntax.lazyre import lazy

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any, TextIO

    from broadcheck.diagnostics import Result
    from broadcheck.inputs import InputError

FORMATS = ("full", "concise", "json", "sarif", "github", "junit", "gitlab")
MACHINE_FORMATS = ("json", "sarif", "github", "junit", "gitlab")
"""Formats a program reads: when one is chosen, it alone is written on standard output."""

# What text from the input (a source line, a string token in a message, a file name) may not
# send to a terminal or a line-based format: control characters (ESC starts the sequences
# that move the cursor or retitle the window; a line feed would start a new line, and in
# the github format a new workflow command), format characters (bidi overrides), line and
# paragraph separators, and lone surrogates (the bytes of a file name that is not UTF-8, as
# Python reads it). They are shown escaped, as rustc does: ``\x1b``, ``\u{202e}``, and a
# file name's byte as ``\xff``. A tab is harmless, and kept.
UNSAFE = lazy(
    r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
    r"\ufeff\ufff9-\ufffb\ud800-\udfff]"
)


def escape_char(char: str) -> str:
    """How one unsafe character (see :data:`UNSAFE`) is shown."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{{{code:04x}}}"


def shown(text: str) -> str:
    """``text`` with every character a terminal or a line-based format must not get escaped."""
    if text.isascii() and text.isprintable():
        return text
    return UNSAFE.sub(lambda m: escape_char(m.group()), text)


def json_text(text: str) -> str:
    """JSON from ``json.dumps(..., ensure_ascii=False)`` made valid UTF-8: a lone surrogate (a
    file name's byte that is not UTF-8) becomes its ``\\udcff`` escape, which Python's
    ``json.loads`` and ``os.fsencode`` turn back into the name's bytes."""
    if text.isascii():
        return text
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_SURROGATE = lazy(r"[\ud800-\udfff]")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(results: Sequence[Result], unread: Sequence[InputError] | int = ()) -> str:
    """``Found 3 errors in 2 files.``, or what was checked when nothing was found.

    A run that could not read (or write back, or check) some path never says "No problems found".
    """
    errors = sum(1 for r in results for d in r.diagnostics if d.severity == "error")
    warnings = sum(1 for r in results for d in r.diagnostics if d.severity == "warning")
    files = sum(1 for r in results if r.diagnostics)
    failed = _failures(unread)
    if errors or warnings:
        parts = [_plural(errors, "error")] if errors else []
        if warnings:
            parts.append(_plural(warnings, "warning"))
        where = _plural(files, "file") if files == len(results) else f"{files} of {_plural(len(results), 'file')}"
        found = f"Found {' and '.join(parts)} in {where}"
        if failed:
            found += f"; {failed}"
        return found + "." + _coverage(results, True)
    if not results:
        return f"{failed}; nothing was checked." if failed else "No files checked."
    ops = sum(r.ops_checked for r in results)
    checked = f"{_plural(len(results), 'file')} ({_plural(ops, 'op')} checked)"
    if failed:
        return f"{failed}; no problems in the {checked}." + _coverage(results)
    return f"No problems found in {checked}." + _coverage(results)


def _failures(unread: Sequence[InputError] | int) -> str:
    """``2 paths could not be read, 1 file could not be written``, or empty."""
    if isinstance(unread, int):
        return f"{_plural(unread, 'path')} could not be read" if unread else ""
    counts = {action: sum(1 for e in unread if e.action == action) for action in ("read", "write", "check")}
    parts = []
    if counts["read"]:
        parts.append(f"{_plural(counts['read'], 'path')} could not be read")
    if counts["write"]:
        parts.append(f"{_plural(counts['write'], 'file')} could not be written")
    if counts["check"]:
        parts.append(f"{_plural(counts['check'], 'file')} could not be checked (internal error)")
    return ", ".join(parts)


def _coverage(results: Sequence[Result], with_count: bool = False) -> str:
    """What was not checked, on lines of its own; empty when everything was. ``with_count``
    says how many ops were checked too (the first line did not)."""
    lines = []
    reasons = passed_over(results)
    if reasons:
        from broadcheck.diagnostics import NO_RULE, UNKNOWN_OP, UNREADABLE
        from broadcheck.semantics import NOT_JUDGED_REASON

        unknown = sum(n for (_, why), n in reasons.items() if why == UNKNOWN_OP)
        unreadable = sum(n for (_, why), n in reasons.items() if why == UNREADABLE)
        unjudged = sum(n for (_, why), n in reasons.items() if why == NOT_JUDGED_REASON)
        shapeless = sum(n for (_, why), n in reasons.items() if why == NO_RULE)
        parts = [f"{unknown} not in the op table"] if unknown else []
        if unreadable:
            parts.append(f"{unreadable} with unreadable types")
        if unjudged:  # (a check that could not judge the op: an attribute or form it does not read)
            parts.append(f"{unjudged} {NOT_JUDGED_REASON}")
        said = [f"{shapeless} with no shape rule"] if shapeless else []
        if parts:
            said.append(f"{unknown + unreadable + unjudged} passed over ({', '.join(parts)})")
        if with_count:
            ops = _plural(sum(r.ops_checked for r in results), "op")
            lines.append(f"Checked {ops}; {'; '.join(said)}; --show-skipped lists them.")
        else:
            count, _, rest = said[0].partition(" ")
            said[0] = f"{_plural(int(count), 'op statement')} {rest}"
            lines.append(f"{'; '.join(said)}; --show-skipped lists them.")
    not_held = sum(r.annotations_not_held for r in results)
    if not_held:
        lines.append(
            f"note: {_plural(not_held, 'expected-* annotation')} {'is' if not_held == 1 else 'are'} about what "
            "broadcheck does not check; not held against the file."
        )
    return "".join("\n" + line for line in lines)


def passed_over(results: Sequence[Result]) -> dict[tuple[str, str], int]:
    """(op name, reason) -> how many statements were passed over, over all results."""
    total: dict[tuple[str, str], int] = {}
    for result in results:
        for key, count in result.passed_over.items():
            total[key] = total.get(key, 0) + count
    return total


def _no_rule() -> str:
    from broadcheck.diagnostics import NO_RULE

    return NO_RULE


def hidden_fixes(results: Sequence[Result]) -> int:
    """How many problems have only an unsafe fix (applied with ``--unsafe-fixes``)."""
    return sum(1 for r in results for d in r.diagnostics if d.fix is not None and not d.fix.safe)


def _hidden(hidden: int) -> str:
    return f"{_plural(hidden, 'hidden fix')} can be enabled with --unsafe-fixes" if hidden else ""


def fixed(count: int, files: int, hidden: int = 0) -> str:
    """``--fix``: what was fixed, and how many problems only ``--unsafe-fixes`` would fix."""
    if not count:
        return f"No fixes applied ({_hidden(hidden)}).\n" if hidden else ""
    more = f" ({_hidden(hidden)})" if hidden else ""
    return f"Fixed {_plural(count, 'problem')} in {_plural(files, 'file')}{more}.\n"


def would_fix(count: int, files: int, hidden: int = 0) -> str:
    """``--diff``: what ``--fix`` would fix, and how many problems only ``--unsafe-fixes`` would fix."""
    more = f" ({_hidden(hidden)})" if hidden else ""
    if not files:
        return f"No fixes available{more}.\n"
    return f"Would fix {_plural(count, 'problem')} in {_plural(files, 'file')}{more}.\n"


def skipped(results: Sequence[Result]) -> str:
    """``--show-skipped``: the ops passed over, most frequent first."""
    rows = sorted(passed_over(results).items(), key=lambda item: (-item[1], item[0]))
    if not rows:
        return "No op statements were passed over.\n"
    width = max(len(str(n)) for _, n in rows)
    names = {name: shown(name) for (name, _), _ in rows}
    name_width = max(len(name) for name in names.values())
    return "Passed over:\n" + "".join(f"{n:>{width}}  {names[name]:<{name_width}}  {why}\n" for (name, why), n in rows)


def coverage(results: Sequence[Result]) -> dict[str, object]:
    """What was checked and what was passed over, as data (JSON statistics, SARIF properties)."""
    return {
        "files_checked": len(results),
        "ops_checked": sum(r.ops_checked for r in results),
        "no_shape_rule": sum(n for (_, why), n in passed_over(results).items() if why == _no_rule()),
        "passed_over": [
            {"op": name, "reason": why, "count": n} for (name, why), n in sorted(passed_over(results).items())
        ],
        "annotations_not_held": sum(r.annotations_not_held for r in results),
    }


def statistics(
    results: Sequence[Result], as_json: bool = False, as_github: bool = False, unread: Sequence[InputError] = ()
) -> str:
    """``--statistics``: how many of each code, most frequent first, ``[*]`` marking the codes
    ``--fix`` can fix (``[!]``: only with ``--unsafe-fixes``), then the totals; with ``as_json``,
    an object that also says what was checked and passed over (``--output-format json``); with
    ``as_github``, one ``::notice`` workflow command per code (``--output-format github``)."""
    from collections import Counter

    from broadcheck.messages import RULES

    counts = Counter(d.code for r in results for d in r.diagnostics)
    safe = Counter(d.code for r in results for d in r.diagnostics if d.fix is not None and d.fix.safe)
    unsafe = Counter(d.code for r in results for d in r.diagnostics if d.fix is not None and not d.fix.safe)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if as_json:
        import json

        data = {
            "codes": [
                {
                    "code": code,
                    "name": RULES[code].name,
                    "count": n,
                    "fixable": safe[code],
                    "fixable_unsafe": unsafe[code],
                }
                for code, n in rows
            ],
            **coverage(results),
            "total": sum(counts.values()),
            "fixable": sum(safe.values()),
            "fixable_unsafe": sum(unsafe.values()),
        }
        return json_text(json.dumps(data, indent=2, ensure_ascii=False)) + "\n"
    if as_github:
        return "".join(f"::notice title=broadcheck statistics::{n} {code} {RULES[code].name}\n" for code, n in rows)
    width = max((len(str(n)) for _, n in rows), default=1)
    marks = any(safe.values()) or any(unsafe.values())

    def mark(code: str) -> str:
        if not marks:
            return ""
        return "[*] " if safe[code] else "[!] " if unsafe[code] else "    "

    lines = [f"{n:>{width}}  {code}  {mark(code)}{RULES[code].name}\n" for code, n in rows]
    lines.append(summary(results, unread).split("\n")[0] + "\n")
    fixable, hidden = sum(safe.values()), sum(unsafe.values())
    if fixable:
        more = f" ([!] {hidden} more with --fix --unsafe-fixes)" if hidden else ""
        lines.append(f"[*] {fixable} fixable with --fix{more}.\n")
    elif hidden:
        lines.append(f"[!] {hidden} fixable with --fix --unsafe-fixes.\n")
    return "".join(lines)


def render(
    results: Sequence[Result],
    output_format: str,
    out: TextIO,
    unread: Sequence[InputError] = (),
    with_summary: bool = True,
    color: bool | None = None,
) -> None:
    """Render ``results`` in ``output_format`` (one of :data:`FORMATS`); ``unread`` are the
    paths that could not be read (the CLI reports them on stderr too). Only the full
    format loads Rich, and only when there is a diagnostic to draw. ``with_summary`` false
    leaves out the human formats' summary (``--quiet``); ``color`` forces colour on or off in
    the full format (None: on a terminal only)."""
    if output_format in ("full", "concise") and not any(r.diagnostics for r in results):
        if with_summary:
            out.write(summary(results, unread) + "\n")  # nothing to draw: both print just this
        return
    if output_format == "full":
        from broadcheck.report.full import render as full

        full(results, out, unread, with_summary=with_summary, color=color)
    elif output_format == "concise":
        from broadcheck.report.concise import render as concise

        concise(results, out, unread, with_summary=with_summary)
    elif output_format == "json":
        from broadcheck.report.json import render as json

        json(results, out, unread)
    elif output_format == "sarif":
        from broadcheck.report.sarif import render as sarif

        sarif(results, out, unread)
    elif output_format == "github":
        from broadcheck.report.github import render as github

        github(results, out, unread)
    elif output_format == "junit":
        from broadcheck.report.junit import render as junit

        junit(results, out, unread)
    elif output_format == "gitlab":
        from broadcheck.report.gitlab import render as gitlab

        gitlab(results, out, unread)
    else:
        raise ValueError(f"unknown output format '{output_format}'; choose {', '.join(FORMATS)}")


def settings_text(settings: Any, options: Any, cache_dir: str | None) -> str:
    """``--show-settings``: where the settings come from, and each one in force, as TOML."""

    def toml(value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return '""'
        if isinstance(value, str):
            return '"' + shown(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(value, (tuple, list)):
            return "[" + ", ".join(toml(v) for v in value) + "]"
        return str(value)

    source = shown(settings.path) if settings.path else "none (the defaults)"
    ops = ", ".join(f"{toml(p)} = {toml(s)}" for p, s in options.ops.written)
    per_file = ", ".join(f"{toml(glob)} = {toml(codes)}" for glob, codes in settings.per_file_ignores)
    rows = [
        ("profile", toml(str(options.profile.value))),
        ("ops", "{" + (f" {ops} " if ops else "") + "}"),
        ("select", toml(settings.select)),
        ("extend-select", toml(settings.extend_select)),
        ("ignore", toml(settings.ignore)),
        ("per-file-ignores", "{" + (f" {per_file} " if per_file else "") + "}"),
        ("exclude", toml(settings.exclude)),
        ("extend-exclude", toml(settings.extend_exclude)),
        ("respect-gitignore", toml(settings.respect_gitignore)),
        ("output-format", toml(settings.output_format or "full")),
        ("split-input-file", toml(options.split_marker) if options.split_marker is not None else "false"),
        ("verify-diagnostics", toml(options.verify_diagnostics)),
        ("cache-dir", toml(cache_dir) if cache_dir is not None else "false  # --no-cache"),
    ]
    width = max(len(k) for k, _ in rows)
    return (
        f"# settings from: {source}\n# exclude globs are relative to: {shown(settings.root)}\n[tool.broadcheck]\n"
        + "".join(f"{k:<{width}} = {v}\n" for k, v in rows)
    )
