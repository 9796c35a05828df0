"""Checking many files: the runs (``--jobs``), the process pool or Dask cluster, the jsonl stream."""
