"""tiledmm's timing helpers (tiledmm/_timing.py), importable without the built extension:
importing the `tiledmm` package loads its library, and some benchmarks (stream_floor_graph.py)
time only kernels of their own, on a machine where the extension is not built."""
import importlib.util
import os

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tiledmm", "_timing.py")
_spec = importlib.util.spec_from_file_location("tiledmm_timing_standalone", _PATH)
_timing = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_timing)

event_median_ms = _timing.event_median_ms
median_ms = _timing.median_ms
