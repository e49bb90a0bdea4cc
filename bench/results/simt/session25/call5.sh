mkdir -p /tmp/P && cp -r tiledmm /tmp/P/ && gunzip -c exp/soz/new.so.gz > /tmp/P/tiledmm/_C.abi3.so
gunzip -c exp/soz/s25b.so.gz > tiledmm/_C.abi3.so
S=1024x1024x1024,1000x1000x1000,1024x1000x1024
for round in 1 2; do
  echo "=== before $round"; PYTHONPATH=/tmp/P python exp/s25/flush_kt.py $S 2>&1 | grep -v Warn
  echo "=== after $round"; PYTHONPATH=$PWD python exp/s25/flush_kt.py $S 2>&1 | grep -v Warn
done
