import csv,gzip,io,sys
import os; D=os.path.dirname(os.path.abspath(__file__))
for c in ['plain','bias']:
    rows=list(csv.reader(io.StringIO(gzip.open(f'{D}/ncu_source_sass_linear_4096x4096x1024_{c}_h100.csv.gz','rt').read())))[2:]
    ins=[(r[1].strip(), int(r[2] or 0), int(r[5] or 0)) for r in rows]
    tot=sum(s for _,s,_ in ins)
    dep=[i for i,(t,_,_) in enumerate(ins) if 'DEPBAR.LE gsb0, 0x0' in t]
    arr=[i for i,(t,_,_) in enumerate(ins) if 'WARPGROUP.ARRIVE' in t]
    first_arr=arr[0]; last_dep=dep[0]
    pre=sum(s for _,s,_ in ins[:first_arr]); main=sum(s for _,s,_ in ins[first_arr:last_dep]); epi=sum(s for _,s,_ in ins[last_dep:])
    print(f"{c}: samples {tot}, before main loop {pre}, main loop {main}, from the last wait on {epi}; instructions executed {sum(e for *_,e in ins)}")
    top=sorted(range(len(ins)), key=lambda i:-ins[i][1])[:12]
    for i in top: print(f"   {i:5d} {ins[i][1]:6d} {ins[i][0][:70]}")
