// The on-disk memory of the optional autotuner (TILEDMM_AUTOTUNE=1): which kernel spec
// ("name" or "name:config") was fastest for a problem class, keyed by GPU, dtype,
// layout, shape bucket and TF32 setting (the key text is built by the CUDA backend).
//
// File format, one text file (default ~/.cache/tiledmm/autotune-v1.txt, or the path in
// TILEDMM_AUTOTUNE_CACHE):
//   # tiledmm autotune cache v1
//   <key>\t<kernel spec>
// A file with another first line, lines without a tab, and specs this build does not
// have (stale entries from another build) are ignored with a warning, never an error:
// the autotuner then times those problems again and rewrites the file.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tiledmm {

// Whether gemm calls that name no kernel autotune: the TILEDMM_AUTOTUNE environment
// variable (set, and not "" or "0"), read once at first use, unless set_autotune changed it.
bool autotune_enabled();
void set_autotune(bool enabled);

// TILEDMM_AUTOTUNE_CACHE, else $XDG_CACHE_HOME/tiledmm/autotune-v1.txt, else
// ~/.cache/tiledmm/autotune-v1.txt.
std::string autotune_cache_path();

// The valid entries of a cache file (empty when it does not exist). What it ignores is
// described in `ignored`, or else reported with TORCH_WARN.
std::map<std::string, std::string> read_autotune_cache(const std::string& path,
                                                       std::vector<std::string>* ignored = nullptr);

// The spec remembered for `key` in the cache file at `path` (read once per process).
std::optional<std::string> autotune_lookup(const std::string& path, const std::string& key);

// Remembers `spec` for `key` and rewrites the file (atomically: a temporary file renamed
// over it). A file that cannot be written costs a warning, not an error.
void autotune_remember(const std::string& path, const std::string& key, const std::string& spec);

}  // namespace tiledmm
