"""The report renderers of ``trfaudit check``: text, JSON (with its schema) and HTML."""
