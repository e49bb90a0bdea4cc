# Session 50 call 8, the final build: does the 128-byte promotion of the row-class maps (rows on
# sectors, off 128-byte lines) change #6's odd shape? odd_ratio.py (do_bench, 7 rounds, bf16 and
# fp16) and kernel times of row-class products, TILEDMM_TMA_PROMOTION=256 against the default,
# alternated; ncu of fp16 nn 1024x3304x2048 on 128x128 and 128x256 (session 50 call 4's outlier).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
for r in 1 2; do
  timeout 150 python bench/odd_ratio.py --rounds 7 --out $R/odd_def_$r > $R/odd_def_$r.txt 2>&1; echo "odd def $r rc=$? $SECONDS s"
  TILEDMM_TMA_PROMOTION=256 timeout 150 python bench/odd_ratio.py --rounds 7 --out $R/odd_256_$r > $R/odd_256_$r.txt 2>&1; echo "odd 256 $r rc=$? $SECONDS s"
  timeout 150 python exp/s50/times.py exp/s50/shapes_classes.json default $R/cls_def_$r.json > $R/cls_def_$r.txt 2>&1; echo "cls def $r rc=$? $SECONDS s"
  TILEDMM_TMA_PROMOTION=256 timeout 150 python exp/s50/times.py exp/s50/shapes_classes.json p256 $R/cls_256_$r.json > $R/cls_256_$r.txt 2>&1; echo "cls 256 $r rc=$? $SECONDS s"
done
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.avg,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,lts__t_requests.sum,lts__t_sector_hit_rate.pct,l1tex__m_xbar2l1tex_read_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum
for cfg in wgmma:128x128_k128B_2wg_s6 wgmma:128x256_k128B_2wg_s4; do
  tag=1024x3304x2048_${cfg#wgmma:}
  timeout 100 ncu --clock-control none -k regex:"wgmma_gemm" --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py 1024 3304 2048 float16 nn $cfg > $R/ncu_$tag.txt 2>&1; echo "$tag rc=$? $SECONDS s"
done
cp exp/s50/dev8.sh exp/s50/shapes_classes.json $R/
tar czf $OUT/results.tgz -C /tmp r8
grep -h "median\|ratio" $R/odd_*_1.txt $R/odd_*_2.txt | head -20
paste $R/cls_def_1.txt $R/cls_256_1.txt | grep -v Warn | grep -v _warn
