"""Data about MLIR dialects that broadcheck reads (op names per dialect, in opnames/)."""
