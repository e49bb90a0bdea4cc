set -x
ROOT=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
export PYTHONPATH=$PWD
mkdir -p /tmp/r1 && cd /tmp/r1
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > gpu.txt
python $ROOT/exp/s52/cold.py 64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1000x1000x1000,1024x1024x1024 bf16,fp16 cold.json > cold.txt 2>&1
cd /tmp/r1
cuobjdump -elf $ROOT/tiledmm/_C.abi3.so 2>/dev/null | grep -E "^\s*[0-9]+.*\.text\." > text_sections.txt
wc -l text_sections.txt
tar czf $OUT/results.tgz -C /tmp r1
