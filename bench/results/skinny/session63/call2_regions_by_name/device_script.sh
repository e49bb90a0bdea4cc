# Session 63 call 2 (HEAD fd6fc3a's build, measurement): call 1's survey found three regions
# behind cuBLAS. R1: 33-64 small rows (64x64 tiles), against skinny, 64x80 C^T, 64x32 C^T (two
# tile columns) and 128x96 C^T by name; R2: 1-16 rows at K under 4 KB per row against 64x32
# C^T by name; R3: row-major weights at 1-8 rows x 2048-8448 rows, deep K, against 64x32 C^T
# by name, whole and (TILEDMM_CT_PARTS=2) in 2 parts. 2 rounds in opposite orders each.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s63/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r2; }
CT=wgmma:64x32_ct_k256B_1wg_s8; C80=wgmma:64x80_ct_k256B_1wg_s5; C96=wgmma:128x96_ct_k128B_2wg_s6
R1N=60x15056x4152,51x18328x10776,47x6176x14648,62x22608x3368,57x8648x6448,33x22048x15088,52x8112x16176,62x21704x15200,51x13728x8992,60x22584x2136,40x14552x6464,58x19080x13432,54x13992x7848,52x23528x3736,62x3512x11632,54x7376x7128
R1T=49x10328x8176,60x7736x13088,49x6568x15536,48x17480x16248,58x22688x592,53x3312x15456,40x21376x14752,34x18832x9056,46x13720x7792,64x19616x6840,36x18088x7280,49x5808x6712,52x4264x14752,37x19808x14160,33x24192x5760,38x4160x11624
R2N=3x23824x2128,14x8072x2912,5x3568x2160,10x3400x3192,6x13808x408,11x10392x400,6x3192x3704,16x13064x952,10x22160x1824,14x15168x2368,12x15544x408,11x8048x2128,1x13920x392,3x5472x1144,15x2144x520,7x5064x2008
R2T=9x22384x1792,8x14288x440,14x14592x3624,12x11464x2024,14x14312x2128,5x12648x1544,2x13136x1568,15x8144x2744,6x18384x3056,10x4904x2952,8x9712x1712,2x18640x1656,5x7424x1512,8x4616x2320,7x9872x544,6x21672x2432
R3=1x4840x8528,5x5416x9832,6x7960x15000,7x4232x14024,8x6424x4720,1x7920x8432,1x2736x12256,5x7000x11768,6x4120x10480,5x5000x4408,5x5080x8064,6x7496x12032
b() { timeout 200 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $R1N auto,skinny,$C80,$CT,$C96 r1n_1
b nt $R1T auto,skinny,$C80,$CT,$C96 r1t_1
b nn $R2N auto,$CT r2n_1
b nt $R2T auto,$CT r2t_1
b nn $R3 auto,$CT r3_1
TILEDMM_CT_PARTS=2 b nn $R3 $CT p2r3_1
TILEDMM_CT_PARTS=2 b nn $R3 $CT p2r3_2
b nn $R3 $CT,auto r3_2
b nt $R2T $CT,auto r2t_2
b nn $R2N $CT,auto r2n_2
b nt $R1T $C96,$CT,$C80,skinny,auto r1t_2
b nn $R1N $C96,$CT,$C80,skinny,auto r1n_2
