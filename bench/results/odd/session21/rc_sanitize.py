import sys, torch
sys.path.insert(0, "tests")
import sanitizer_workload as w
n = sum(w.row_class_launches(d) for d in (torch.bfloat16, torch.float16))
torch.cuda.synchronize()
print("row-class launches", n)
