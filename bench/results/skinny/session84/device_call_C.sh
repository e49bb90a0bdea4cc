#!/bin/bash
# Session 84, call C (no build of tiledmm needed): the floor with the bytes in flight in shared
# memory -- stream_floor_graph.py's bulk-copy read kernel (one block per SM, a ring of TMA bulk
# copies, 96-192 KB in flight), plain, programmatic with the wait, and without it.
set -x
python bench/stream_floor_graph.py --bulk-only --modes plain,pdl,pdl_nowait --out $OUT/stream_floor_graph_bulk_h200 > $OUT/stream_floor_graph_bulk.txt 2>&1
echo "rc=$?" >> $OUT/stream_floor_graph_bulk.txt
grep -v "^W" $OUT/stream_floor_graph_bulk.txt | tail -40
