"""Session 63 call 1's survey: each product's plan against cuBLAS (clean L2 and do_bench's
dirty L2), sorted by the clean ratio.  python3 survey.py FOLDER"""
import glob, json, sys
for path in sorted(glob.glob(f"{sys.argv[1]}/survey_*.json")):
    rows = sorted(json.load(open(path))["rows"], key=lambda r: r["ratio_clean"])
    for r in rows:
        print(f"{r['layout']} {r['m']:3d}x{r['n']:5d}x{r['k']:5d} {r['kernel']:7s} {r['config'][:24]:24s} split {r['split_k']} "
              f"tails {r['split_tails']}  us {r['ms_clean'] * 1e3:7.2f}  cuBLAS {r['cublas_ms_clean'] * 1e3:7.2f}  "
              f"ratio {r['ratio_clean']:.3f} (dirty {r['ratio']:.3f})  {r['pct_copy_clean']:.1f}% of copy")
