# Session 50 call 1: (a) TMA L2 promotion of the input maps on products read in place with
# lines off their sectors (TILEDMM_TMA_PROMOTION per process, alternated, two rounds), cuBLAS's
# kernel names there; (b) ncu of bf16 nn 2728x1456x1024 (short-K ping-pong lost) and
# 2048x2048x1024 (won): ping-pong, 128x128, 128x256, cuBLAS, the GPU's own clocks.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; mkdir -p $R
save() { cp exp/s50/*.py exp/s50/dev1.sh $R/; tar czf $OUT/results.tgz -C /tmp r1; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
for r in 1 2; do for mode in 256 none 128 64; do
  TILEDMM_TMA_PROMOTION=$mode timeout 200 python exp/s50/promo.py $R/promo_${mode}_$r.json > $R/promo_${mode}_$r.txt 2>&1
  echo "promo $mode $r rc=$? $SECONDS s"
done; done
save
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.avg,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,lts__t_requests.sum,lts__t_sector_hit_rate.pct,l1tex__m_xbar2l1tex_read_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum
for shape in "2728 1456 1024" "2048 2048 1024"; do
  for cfg in wgmma:128x128_k128B_pingpong_s6 wgmma:128x128_k128B_2wg_s6 wgmma:128x256_k128B_2wg_s4 torch; do
    tag=$(echo $shape | tr ' ' x)_${cfg#wgmma:}
    timeout 120 ncu --clock-control none -k regex:"wgmma_gemm|nvjet|gemm" --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nn $cfg > $R/ncu_$tag.txt 2> $R/ncu_$tag.err; echo "$tag rc=$? $SECONDS s"
  done
done
for mode in 256 none; do
  for shape in "1280 1280 1272"; do
    tag=promo${mode}_$(echo $shape | tr ' ' x)
    TILEDMM_TMA_PROMOTION=$mode timeout 120 ncu --clock-control none -k regex:"wgmma_gemm|nvjet|gemm" --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nt > $R/ncu_$tag.txt 2> $R/ncu_$tag.err; echo "$tag rc=$? $SECONDS s"
  done
done
timeout 120 ncu --clock-control none -k regex:"nvjet|gemm" --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py 1280 1280 1272 bfloat16 nt torch > $R/ncu_cublas_1280x1280x1272.txt 2>&1
save
grep -h "" $R/promo_*_1.txt | sort -k2,5 -s
