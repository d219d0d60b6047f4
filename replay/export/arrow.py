"""pyarrow, imported once for the Parquet writers, the way the process that runs them wants it.

pyarrow (since 16) imports numpy if it can, and needs it only to exchange arrays with numpy;
the Parquet writers here build their columns from Python values and never do. numpy costs a
command about 15 MB of its 100 MB (bench/memory.py), and pyarrow decides once, when it is
first imported, whether it has numpy. So the command (``replay.cli.app.main``) sets
``WITHOUT_NUMPY``, and pyarrow is then imported as if numpy were not installed (as it is not
in an install of only ``tricklog[parquet]``), unless something in the process imported numpy
first (Dask). A library caller's process is left alone: its own code may want pyarrow with
numpy.
"""

from __future__ import annotations

import sys
from types import ModuleType

__all__ = ["WITHOUT_NUMPY", "pyarrow"]

WITHOUT_NUMPY = False
"""Import pyarrow without numpy unless numpy is already imported; set by the command only."""


def pyarrow() -> tuple[ModuleType, ModuleType]:
    """``pyarrow`` and ``pyarrow.parquet``, imported on first use."""
    if WITHOUT_NUMPY and "pyarrow" not in sys.modules and "numpy" not in sys.modules:
        sys.modules["numpy"] = None  # type: ignore[assignment]  # import numpy: ImportError
        try:
            return _import()
        finally:
            del sys.modules["numpy"]
    return _import()


def _import() -> tuple[ModuleType, ModuleType]:
    import pyarrow as pa  # noqa: PLC0415 (an optional extra)
    import pyarrow.parquet as pq  # noqa: PLC0415 (an optional extra)

    return pa, pq
