# Session 76 call 4 (same build as calls 2-3): small bf16/fp16 squares, the planner's choice beside
# each family by name (family's own config choice), alternating rounds against torch.matmul.
set -u
export PYTHONUNBUFFERED=1 OUT PYTHONPATH=$PWD
SECONDS=0
python -c "
import torch, tiledmm
for s in (64,128,256,384,512,768,1024):
    a = torch.randn(s, s, device='cuda', dtype=torch.bfloat16)
    for k in (None, 'wgmma', 'mma', 'skinny'):
        try: p = tiledmm.plan(s, s, s, torch.bfloat16, kernel=k)
        except Exception as e: p = repr(e)[:80]
        print(s, k, p if isinstance(p, str) else (p.get('kernel'), p.get('config'), p.get('split_k')))
" > $OUT/plans.txt 2>&1; cat $OUT/plans.txt | tail -30
S=64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1024x1024x1024
timeout 200 python bench/small_products.py s76_families --out $OUT --dtypes bfloat16,float16 --rounds 5 --kernels auto,wgmma,mma --shapes $S > $OUT/small_families.txt 2>&1; echo "families rc=$? $SECONDS s"
timeout 120 python bench/small_products.py s76_skinny --out $OUT --dtypes bfloat16 --rounds 5 --kernels auto,skinny --shapes 64x64x64,128x128x128,256x256x256 > $OUT/small_skinny.txt 2>&1; echo "skinny rc=$? $SECONDS s"
grep -v -i warn $OUT/small_families.txt $OUT/small_skinny.txt | tail -30
