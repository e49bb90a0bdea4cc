# Session 51 call 3: #5's layers at K >= 4096, the plan's 128x256 against ping-pong by name, bias and
# fused activations, against F.linear (+ the activation); build of 429ce01.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R
save() { cp exp/s51/act_pp.py $R/; cp exp/s51/dev3.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r3; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 400 python exp/s51/act_pp.py $R/act_pp.json 3 > $R/act_pp.txt 2>&1; echo "rc=$? $SECONDS s"
save
grep -v -i warn $R/act_pp.txt
