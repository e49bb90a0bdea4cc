import re, sys
lines=open(sys.argv[1]).read().splitlines()
case=None; measured=False; out={}
for l in lines:
    if l.startswith('==='): case=l[4:75]; measured=False; continue
    if l.startswith('--- measured'): measured=True; continue
    if measured and l.startswith('STAMPS') and len(out.get(case,[]))<6:
        out.setdefault(case,[]).append(l)
for c,ls in out.items():
    print('##',c)
    for l in sorted(set(ls), key=lambda x:(x.split()[1], int(x.split()[3]))):
        l=re.sub(r'entry_ns \d+ exit_ns \d+ ','',l)
        nums=l.split()
        if nums[1]=='P':
            iss=[int(x) for x in l.split('issue')[1].split()]
            iss=[x for x in iss if x]
            print('  P blk',nums[3],'sync',l.split('sync ')[1].split()[0],'issue',iss[:12], 'd', [b-a for a,b in zip(iss,iss[1:])][:12])
        else:
            full=[int(x) for x in l.split('full')[1].split('mma_done')[0].split()]
            full=[x for x in full if x]
            rest=l.split('mma_done')[1]
            print('  C blk',nums[3],'sync',l.split('sync ')[1].split()[0],'full',full[:12],'d',[b-a for a,b in zip(full,full[1:])][:12],'\n      mma_done'+rest)
