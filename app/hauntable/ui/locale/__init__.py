"""UI string catalogs, one module per language, each a ``STRINGS`` dict keyed like ``en``."""
