"""The syntax layer: text -> op statements -> :class:`broadcheck.ops.Operation`.

:mod:`.scanner` finds the statements of the ops broadcheck checks; :mod:`.parser`
runs the Lark grammar (``grammars/mlir.lark``) over each one.
"""
