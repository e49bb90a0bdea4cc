mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_head/tiledmm/_C.abi3.so /tmp/A/tiledmm/
cp exp/so/tiledmm/_C.abi3.so tiledmm/
for r in 1 2; do
  PYTHONPATH=/tmp/A python3 exp/sector_ab.py > $OUT/sector_A_$r.txt 2>&1
  PYTHONPATH=$PWD python3 exp/sector_ab.py > $OUT/sector_B_$r.txt 2>&1
done
for f in $OUT/sector_*.txt; do echo "## $(basename $f)"; grep " us " $f | cut -c1-110; done
export PYTHONPATH=$PWD
timeout 120 compute-sanitizer --tool memcheck python3 -c "
import torch, tiledmm
torch.backends.cuda.matmul.allow_tf32 = True
for dt in (torch.bfloat16, torch.float32):
    a = torch.randn(2048, 2056, device='cuda', dtype=dt)[:, :2048]
    b = torch.randn(2048, 2056, device='cuda', dtype=dt)[:, :2048]
    c = tiledmm.gemm(a, b, kernel='wgmma'); torch.cuda.synchronize()
    print(dt, ((c.double() - a.double() @ b.double()).norm() / (a.double() @ b.double()).norm()).item())
" > $OUT/memcheck_sector.txt 2>&1; tail -4 $OUT/memcheck_sector.txt
timeout 330 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -3 $OUT/pytest.log
