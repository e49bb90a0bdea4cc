# Session 78 call B (fresh machine): build main + s77-wgmma-programmatic-any, then what the
# change is for: small squares as a stream (decode_stream.py, 32 products per CUDA graph) with
# the default launch against TILEDMM_WGMMA_LAUNCH=plain (main's), alternating processes; small
# squares under do_bench the same way; the flushed timeline with do_bench's event.
set -u
export PYTHONUNBUFFERED=1 OUT PYTHONPATH=$PWD
SECONDS=0
timeout 450 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
python -c "import tiledmm" || exit 1
Q=64x64x64,128x128x128,256x256x256,512x512x512,1024x1024x1024
for r in 1 2; do
  [ $SECONDS -lt 520 ] || break
  timeout 60 python bench/decode_stream.py --shapes $Q --layouts nn,nt --layers 32 --out $OUT/small_stream_any_$r > $OUT/small_stream_any_$r.txt 2>&1
  TILEDMM_WGMMA_LAUNCH=plain timeout 60 python bench/decode_stream.py --shapes $Q --layouts nn,nt --layers 32 --out $OUT/small_stream_plain_$r > $OUT/small_stream_plain_$r.txt 2>&1
  echo "stream round $r $SECONDS s"
done
for f in $OUT/small_stream_*.txt; do echo "## $f"; grep -v -i warn $f; done
[ $SECONDS -lt 540 ] && timeout 40 python bench/small_products.py s78_any --shapes $Q --dtypes bfloat16 --rounds 3 > $OUT/small_any.txt 2>&1
[ $SECONDS -lt 560 ] && TILEDMM_WGMMA_LAUNCH=plain timeout 30 python bench/small_products.py s78_plain --shapes $Q --dtypes bfloat16 --rounds 3 > $OUT/small_plain.txt 2>&1
for f in $OUT/small_any.txt $OUT/small_plain.txt; do echo "## $f"; grep -v -i warn $f | head -12; done
[ $SECONDS -lt 575 ] && timeout 20 python bench/timeline.py 64x64x64,256x256x256 --dtype bf16 --event > $OUT/timeline_event_bf16.txt 2>&1
grep -v -i warn $OUT/timeline_event_bf16.txt; echo "end $SECONDS s"
