#!/usr/bin/env bash
# Session 41 call 9: why the C^T kernels run slower with M < N than with M > N at the same
# tile counts (NOTES, session 41). ncu on the final build: each product once (after a warm-up)
# on its C^T config by name, the orientations side by side; L2 traffic, the share crossing
# the fabric between L2 partitions, TMA/L2 throughputs.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r9; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
m, n, k = (int(v) for v in sys.argv[1].split("x"))
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(3):
    tiledmm.gemm(a, b, kernel=sys.argv[2])
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStart()
tiledmm.gemm(a, b, kernel=sys.argv[2])
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStop()
PY
M=gpu__time_duration.sum,sm__cycles_elapsed.max,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sector_op_read_hit_rate.pct,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__m_xbar2l1tex_read_bytes.sum,lts__t_requests_srcunit_tex_op_read.sum,smsp__cycles_active.avg
for case in "512x1024x1024 wgmma:64x80_ct_k256B_1wg_s5" "1024x512x1024 wgmma:64x80_ct_k256B_1wg_s5" \
            "256x1024x4096 wgmma:64x32_ct_k256B_1wg_s8" "1024x256x4096 wgmma:64x32_ct_k256B_1wg_s8" \
            "512x1024x1024 wgmma:64x64_k128B_1wg_s4" "1024x512x1024 wgmma:64x64_k128B_1wg_s4"; do
  set -- $case
  timeout 60 ncu --profile-from-start off --metrics $M --csv python /tmp/one.py $1 $2 > $R/ncu_${1}_${2#wgmma:}.csv 2>&1; echo "$case rc=$? $SECONDS s"
done
save
