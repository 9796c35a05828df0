"""Extra ``trfaudit`` commands.

Every module in this package that defines ``register(app: typer.Typer)`` is imported by
``checker.cli`` and its ``register`` is called with the application, e.g.::

    def register(app):
        @app.command("check")
        def check(...): ...
"""
