cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
L=""
for s in 1536x1024x1024 1280x1024x1024 1536x1536x1024 1152x1152x1152 1536x1536x1536 1024x1536x1024 1500x1000x1000 1792x1024x1024 1536x1024x4096; do
  for c in auto wgmma:128x64_k128B_2wg_s8 wgmma:128x128_k128B_2wg_s6 wgmma:128x256_k128B_2wg_s4; do
    if [ $c = auto ]; then L="$L $s"; else L="$L $s@$c"; fi
  done
done
python3 exp/sweep.py cfg $L 2>&1 | grep -v -i warn
TILEDMM_SPLIT_LAST_WAVE=off python3 exp/sweep.py nosplit 1536x1024x1024 1500x1000x1000 1280x1024x1024 1536x1536x1024 2>&1 | grep -v -i warn
python3 - <<'PY'
import sys, torch
sys.path.insert(0, "bench")
from kernel_times import kernel_table
for s in ["1536x1024x1024", "1280x1024x1024", "1536x1536x1024", "1152x1152x1152", "1536x1536x1536", "1024x1536x1024", "1500x1000x1000", "1792x1024x1024", "1536x1024x4096"]:
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16); b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    t = kernel_table(lambda: torch.matmul(a, b), 20)
    print(f"cublas {s}: {sum(us for _, us in t.values()):.1f} us")
PY
