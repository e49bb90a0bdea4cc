"""The decode benchmarks' yardstick: the measured device-to-device copy bandwidth."""
import torch

from timing import median_ms


def copy_bandwidth_gb_s(size_bytes=2 << 30):
    """GB/s of a `size_bytes` device-to-device copy, counting the bytes read and written."""
    src = torch.empty(size_bytes // 4, dtype=torch.float32, device="cuda").normal_()
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src), "cuda")
    return 2 * size_bytes / (ms * 1e-3) / 1e9
