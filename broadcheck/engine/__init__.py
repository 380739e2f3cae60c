"""The engine: a file's text in, its result out, as named stages.

read and split (:mod:`.run`), scan (:mod:`.scan`, reading each distinct statement once:
:mod:`.forms`), value flow (:mod:`.flow`), verify per distinct key (:mod:`.verify`),
diagnose (:mod:`.diagnose`), then suppressions and ``--verify-diagnostics``.
"""
