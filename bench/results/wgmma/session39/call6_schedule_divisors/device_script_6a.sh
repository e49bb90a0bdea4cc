#!/usr/bin/env bash
# Session 39 call 6a: leave HEAD's build (pp4) and the base on the warm machine, under build/s39/
# (ignored, kept between calls), for call 6b, whose carried patch of the new build fills the
# carry limit.
set -u
cd "$(dirname "$0")/.."
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
mkdir -p build/s39
Z -q -d --long=27 exp/C_final_s.so.zst -o build/s39/base.so || exit 1
Z -q -d --long=27 --patch-from=build/s39/base.so exp/pp4_s.patch.zst -o build/s39/old.so || exit 1
md5sum build/s39/*.so
