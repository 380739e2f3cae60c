"""The entry format: a header line, ``broadcheck-cache 2 <seal>``, then the body: one value
in a tagged text form (``n`` None, ``t``/``f`` booleans, ``i<digits>;`` an integer,
``s<length>:<characters>`` a string, ``l<count>:`` a list of that many values), read without
``eval``, ``pickle`` or ``marshal``. The seal is :func:`~broadcheck.cache.key.mac` of what the
entry is about and its body under the user's key."""

from __future__ import annotations

from broadcheck.cache.key import mac

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any

    from broadcheck.diagnostics import Result

FORMAT = "broadcheck-cache 2"
"""The first word of every entry: another format (an older broadcheck's) is not read."""


def _dump(value: object, out: list[str]) -> None:
    if value is None:
        out.append("n")
    elif value is True:
        out.append("t")
    elif value is False:
        out.append("f")
    elif isinstance(value, int):
        out.append(f"i{value};")
    elif isinstance(value, str):
        out.append(f"s{len(value)}:")
        out.append(value)
    elif isinstance(value, (list, tuple)):
        out.append(f"l{len(value)}:")
        for item in value:
            _dump(item, out)
    else:
        raise TypeError(f"cannot store {type(value).__name__}")


class _Reader:
    __slots__ = ("pos", "text")

    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def value(self) -> Any:
        text, pos = self.text, self.pos
        tag = text[pos]
        if tag == "n":
            self.pos = pos + 1
            return None
        if tag in "tf":
            self.pos = pos + 1
            return tag == "t"
        if tag == "i":
            end = text.index(";", pos)
            self.pos = end + 1
            return int(text[pos + 1 : end])
        if tag in "sl":
            colon = text.index(":", pos)
            count = int(text[pos + 1 : colon])
            if count < 0:
                raise ValueError("a negative length")
            if tag == "s":
                end = colon + 1 + count
                if end > len(text):
                    raise ValueError("a string past the end")
                self.pos = end
                return text[colon + 1 : end]
            self.pos = colon + 1
            return [self.value() for _ in range(count)]
        raise ValueError(f"unknown tag {tag!r}")


def _span(s: Any) -> tuple[int, int, int, int]:
    return (s.line, s.column, s.end_line, s.end_column)


def encode(result: Result, key: str, path: str, secret: bytes) -> bytes | None:
    """An entry for ``result`` (of ``path``, about ``key``), sealed with ``secret``; None if it must not be cached."""
    if result.path != path:
        return None
    diagnostics = []
    for d in result.diagnostics:
        if d.path != path:
            return None  # a diagnostic about another file: not this file's alone
        fix = None
        if d.fix is not None:
            fix = [d.fix.message, d.fix.safe, [[_span(e.span), e.start, e.end, e.new] for e in d.fix.edits]]
        diagnostics.append(
            [
                d.code,
                d.severity,
                d.message,
                _span(d.span),
                [[n.kind, n.message] for n in d.notes],
                [[_span(label.span), label.text, label.mlir_note] for label in d.labels],
                fix,
            ]
        )
    body: list[str] = []
    _dump(
        [
            diagnostics,
            result.ops_checked,
            sorted(result.lines.items()),
            sorted([name, why, n] for (name, why), n in result.passed_over.items()),
            result.annotations_not_held,
        ],
        body,
    )
    text = "".join(body).encode("utf-8", "surrogatepass")
    return f"{FORMAT} {_seal(secret, key, text)}\n".encode() + text


def _seal(secret: bytes, key: str, body: bytes) -> str:
    return mac(secret, key.encode("utf-8", "surrogatepass") + b"\x00" + body)


def decode(data: bytes, key: str, path: str, secret: bytes) -> Result | None:
    """The result an entry holds, if it is an entry about ``key`` sealed with ``secret``; else None."""
    newline = data.find(b"\n")
    if newline < 0:
        return None
    header, body = data[:newline], data[newline + 1 :]
    # The key names the content, code and settings and the seal needs the secret: another
    # format, another file's entry, a corrupt body or one someone else wrote all fail here.
    if header != f"{FORMAT} {_seal(secret, key, body)}".encode():
        return None
    try:
        reader = _Reader(body.decode("utf-8", "surrogatepass"))
        value = reader.value()
        if reader.pos != len(reader.text):
            return None
        return _result(value, path)
    except (ValueError, IndexError, TypeError, KeyError, UnicodeDecodeError, RecursionError):
        return None


def _check(condition: bool) -> None:
    if not condition:
        raise ValueError("not an entry of this form")


def _int(v: Any) -> int:
    _check(isinstance(v, int) and not isinstance(v, bool))
    return int(v)


def _str(v: Any) -> str:
    _check(isinstance(v, str))
    return str(v)


def _list(v: Any, length: int | None = None) -> list[Any]:
    _check(isinstance(v, list) and (length is None or len(v) == length))
    return list(v)


def _make_span(v: Any) -> Any:
    from broadcheck.ops import Span

    line, column, end_line, end_column = (_int(x) for x in _list(v, 4))
    return Span(line, column, end_line, end_column)


def _result(value: Any, path: str) -> Result:
    from broadcheck.diagnostics import Diagnostic, Edit, Fix, Label, Note, Result

    diagnostics_value, ops, lines, passed, not_held = _list(value, 5)
    diagnostics: list[Diagnostic] = []
    for item in _list(diagnostics_value):
        code, severity, message, span, notes, labels, fix = _list(item, 7)
        _check(severity in ("error", "warning", "note"))
        made_notes = []
        for note in _list(notes):
            kind, text = _list(note, 2)
            _check(kind in ("note", "help"))
            made_notes.append(Note(kind, _str(text)))
        made_labels = []
        for label in _list(labels):
            where, text, mlir_note = _list(label, 3)
            _check(isinstance(mlir_note, bool))
            made_labels.append(Label(_make_span(where), _str(text), mlir_note))
        made_fix = None
        if fix is not None:
            fix_message, safe, edits = _list(fix, 3)
            _check(isinstance(safe, bool))
            made_edits = []
            for edit in _list(edits):
                where, start, end, new = _list(edit, 4)
                made_edits.append(Edit(_make_span(where), _int(start), _int(end), _str(new)))
            made_fix = Fix(_str(fix_message), tuple(made_edits), safe)
        diagnostics.append(
            Diagnostic(
                _str(code),
                severity,
                _str(message),
                path,
                _make_span(span),
                tuple(made_notes),
                tuple(made_labels),
                made_fix,
            )
        )
    made_lines: dict[int, str] = {}
    for pair in _list(lines):
        number, text = _list(pair, 2)
        made_lines[_int(number)] = _str(text)
    made_passed: dict[tuple[str, str], int] = {}
    for triple in _list(passed):
        name, why, count = _list(triple, 3)
        made_passed[(_str(name), _str(why))] = _int(count)
    return Result(path, diagnostics, _int(ops), made_lines, made_passed, _int(not_held))
