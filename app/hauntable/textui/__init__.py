"""Terminal front-end: pure renderers (render) and the read-eval-print loop (loop)."""
