"""Session 54: the chosen metrics of an ncu raw CSV, one column per profiled kernel.
argv: raw.csv [labels file: ncu_run.txt with 'profiled:' lines]"""
import csv, sys

rows = list(csv.reader(open(sys.argv[1])))
hdr, units, data = rows[0], rows[1], rows[2:]
labels = []
if len(sys.argv) > 2:
    labels = [l.split("profiled:")[1].strip() for l in open(sys.argv[2]) if l.startswith("profiled:")]
want = ["Kernel Name", "gpu__time_duration.sum", "sm__cycles_elapsed.avg", "l1tex__m_xbar2l1tex_read_bytes.sum",
        "lts__t_requests_srcunit_tex_op_read.sum", "lts__t_sectors_srcunit_tex_op_read.sum",
        "lts__t_requests_srcunit_tex.sum", "lts__t_sectors_srcunit_tex.sum", "lts__t_sectors.sum",
        "lts__throughput.avg.pct_of_peak_sustained_elapsed", "lts__t_tag_requests.avg.pct_of_peak_sustained_elapsed",
        "lts__t_sectors.sum.pct_of_peak_sustained_elapsed", "dram__bytes_read.sum", "dram__bytes_write.sum",
        "sm__pipe_tensor_type_hmma_hgmma_qgmma_imma_igmma_bmma_bgmma_cycles_active.avg.pct_of_peak_sustained_elapsed",
        "smsp__inst_executed_op_tma_ld.sum", "launch__grid_size", "launch__cluster_dim_x", "launch__cluster_dim_y"]
for i, d in enumerate(data):
    print(f"[{i}] {labels[i] if i < len(labels) else ''}")
    for w in want:
        if w in hdr:
            j = hdr.index(w)
            print(f"    {w:100} {d[j][:90]} {units[j]}")
