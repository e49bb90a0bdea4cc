"""Call 1's survey against call 5's rerun of it (the final planner): each layout's geomean ratio
to cuBLAS (clean L2) before and after, and the products whose plan changed.
    python3 survey_change.py SESSION63_FOLDER
    python3 survey_change.py BEFORE_FOLDER AFTER_FOLDER   (any two runs of one survey)"""
import json, math, sys
calls = sys.argv[1:] if len(sys.argv) == 3 else [f"{sys.argv[1]}/{call}" for call in
                                                  ("call1_survey_and_regions", "call5_final_suite_survey")]
for lay in ("nn", "nt"):
    runs = [{(r["m"], r["n"], r["k"]): r for r in json.load(open(f"{call}/survey_{lay}.json"))["rows"]}
            for call in calls]
    before, after = runs
    logs = [[math.log(run[key]["ratio_clean"]) for key in before] for run in runs]
    print(f"{lay}: geomean against cuBLAS {math.exp(sum(logs[0]) / len(before)):.3f} -> "
          f"{math.exp(sum(logs[1]) / len(before)):.3f}; at >= 1.0x {sum(x >= 0 for x in logs[0])} -> "
          f"{sum(x >= 0 for x in logs[1])} of {len(before)}")
    for key, b in before.items():
        a = after[key]
        if (b["config"], b["split_tails"]) != (a["config"], a["split_tails"]):
            print(f"  {key[0]:2d}x{key[1]:5d}x{key[2]:5d} {b['config'][:12]:12s} -> {a['config'][:12]:12s} tails "
                  f"{a['split_tails']}: {b['ms_clean'] * 1e3:7.2f} -> {a['ms_clean'] * 1e3:7.2f} us, against cuBLAS "
                  f"{b['ratio_clean']:.3f} -> {a['ratio_clean']:.3f}")
