"""``trfaudit serve``: an arbiter's web page (the optional extra ``trfaudit[web]``).

Drop a tournament file, read the verdict of ``trfaudit check``, the standings of ``trfaudit
standings`` and, for any player, the explanation of ``trfaudit explain`` - the CLI's reports
from the CLI's models, served by a small Starlette application under uvicorn:
:mod:`.app` (the application, its limits and headers), :mod:`.routes`, :mod:`.pages` (the
HTML), :mod:`.service` (the work, run in the worker processes of :mod:`.workers`),
:mod:`.store` (checked uploads, in memory) and ``static/`` (the page's own CSS and script).
"""

from __future__ import annotations

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
