cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
L=""
for s in 2040x2048x2047 2040x2048x2040 4088x4096x4095 4088x4096x4088 1000x1024x999 1000x1000x1000 4096x4096x4096+8 1016x1024x1016; do
  for c in 128x256_k128B_2wg_s4 128x128_k128B_2wg_s6 128x64_k128B_2wg_s8 64x64_k128B_1wg_s4; do L="$L $s@wgmma:$c"; done
done
python3 exp/sweep.py on $L 2>&1 | grep -v -i warn > $OUT/policy_on.txt
TILEDMM_ROW_CLASSES=off python3 exp/sweep.py off $L 2>&1 | grep -v -i warn > $OUT/policy_off.txt
paste -d"\n" $OUT/policy_on.txt $OUT/policy_off.txt | sed 's/void tiledmm::cuda::(anonymous namespace/copy/'
