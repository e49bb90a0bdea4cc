# Session 60 call 4 (the build of call 3; the commits since changed a comment and a test): the
# second-wave rule with N small (exp/s60/n_small.py); the staged tests; compute-sanitizer
# memcheck and racecheck over the staged config at a shape the rule now sends there (16 x 3072
# x 4100: 384 tiles, 2-3 per block, a ragged K), both layouts of the large operand.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s60/call4.sh $R/device_script.sh; cp exp/s60/n_small.py $R/
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 120 python exp/s60/n_small.py $R/n_small.json > $R/n_small.txt 2>&1; echo "n_small rc=$? $SECONDS s"; save
timeout 100 python -m pytest -q -p no:cacheprovider tests/test_skinny_staged.py > $R/pytest_staged.log 2>&1; echo "pytest rc=$? $SECONDS s"; tail -1 $R/pytest_staged.log; save
cat > $R/sanitize.py <<'PY'
import torch, tiledmm
for b_col in (True, False):
    a = torch.randn(16, 4100, device="cuda").bfloat16()
    b = torch.randn(4100, 3072, device="cuda").bfloat16()
    if b_col:
        b = b.t().contiguous().t()
    p = tiledmm.plan_for(a, b)
    out = tiledmm.gemm(a, b)
    ref = a.double() @ b.double()
    err = ((out.double() - ref).norm() / ref.norm()).item()
    print(p["config"], p["split_k"], f"{err:.1e}")
    assert err < 1e-2
torch.cuda.synchronize()
PY
for tool in memcheck racecheck; do
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 1 python $R/sanitize.py > $R/$tool.log 2>&1; echo "$tool rc=$? $SECONDS s"; tail -2 $R/$tool.log; save
done
