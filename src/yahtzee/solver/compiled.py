"""Calling the compiled (numba) kernels: on every core, and with arguments typed once.

Threads: a kernel that fills a table or a batch takes ``t`` and ``nt`` as its last two arguments
and does items ``t``, ``t + nt``, ``t + 2 nt`` …; ``on_threads`` calls it once per thread. The
kernels are compiled with ``nogil``, so the threads run side by side, as a ``numba.prange`` over
them would; but a ``parallel=True`` kernel takes about 10 CPU-seconds more to compile, each of
them, on every fresh checkout.

Arguments: a whole number written in compiled code and passed to another compiled function is
typed as a literal (``Literal[int](1)``), and numba compiles that function, with everything it
calls, once more for each such value. A module constant made by ``as_int64`` is a plain int64
there: one compile serves every caller.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import cast

import numba
import numpy as np


def as_int64(value: int) -> int:
    """``value`` as a numpy int64 scalar (to the type checker, the ``int`` the kernels take)."""
    return cast(int, np.int64(value))


def on_threads(kernel: Callable[..., None], *args: object, items: int) -> None:
    """Call ``kernel(*args, t, nt)`` for ``t`` in ``range(nt)`` on ``nt`` threads, the calling
    thread one of them: numba's thread count, but at most ``items`` (no thread without an item).
    The kernel must release the GIL (``nogil=True``), and no two threads may write one item."""
    nt = max(1, min(numba.get_num_threads(), items))
    if nt == 1:
        kernel(*args, 0, 1)
        return
    with ThreadPoolExecutor(max_workers=nt - 1, thread_name_prefix="kernel") as pool:
        others = [pool.submit(kernel, *args, t, nt) for t in range(1, nt)]
        kernel(*args, 0, nt)
        for other in others:
            other.result()
