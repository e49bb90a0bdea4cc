# Session 51 call 1: the plan_for build (429ce01): (1) full GPU suite; (2) bench.py's config column
# through plan_for; (3) nt products off sectors: in place against B copied row-major (nn + row classes).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; mkdir -p $R
save() { cp exp/s51/*.py exp/s51/dev1.sh $R/; tar czf $OUT/results.tgz -C /tmp r1; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 330 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log
save
timeout 120 python bench/bench.py --dtypes bf16 --shapes 1000x1000x1000,2728x1456x1024,4096x4096x4096 --layout nn > $R/bench_nn.txt 2>&1; echo "bench rc=$? $SECONDS s"
timeout 120 python bench/bench.py --dtypes bf16 --shapes 1000x1000x1000,1280x1280x1272 --layout nt > $R/bench_nt.txt 2>&1; echo "bench nt rc=$? $SECONDS s"
save
timeout 200 python exp/s51/nt_copy.py $R/nt_copy.json > $R/nt_copy.txt 2>&1; echo "nt_copy rc=$? $SECONDS s"; cat $R/nt_copy.txt | tail -25
save
