#include "autotune_cache.h"

#include "kernel_registry.h"

#include <c10/util/Exception.h>
#include <torch/library.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <tuple>

#include <unistd.h>

namespace tiledmm {

namespace {

constexpr const char* kHeader = "# tiledmm autotune cache v1";

// A spec this build can run: a known kernel name, and a config it has (if one is given).
bool known_spec(const std::string& spec) {
  const auto [name, config] = split_kernel_spec(spec);
  const KernelInfo* info = find_kernel(name);
  if (info == nullptr) return false;
  if (config.empty()) return true;
  for (const auto& c : info->configs) {
    if (c == config) return true;
  }
  return false;
}

struct CacheFiles {
  std::mutex mutex;
  std::map<std::string, std::map<std::string, std::string>> by_path;  // loaded files

  std::map<std::string, std::string>& load(const std::string& path) {  // mutex held
    auto it = by_path.find(path);
    if (it == by_path.end()) it = by_path.emplace(path, read_autotune_cache(path)).first;
    return it->second;
  }
};

CacheFiles& cache_files() {
  static CacheFiles files;
  return files;
}

}  // namespace

namespace {
std::atomic<bool>& autotune_switch() {  // one getenv per process, off the gemm hot path
  static std::atomic<bool> enabled = [] {
    const char* value = std::getenv("TILEDMM_AUTOTUNE");
    return value != nullptr && *value != '\0' && std::string(value) != "0";
  }();
  return enabled;
}
}  // namespace

bool autotune_enabled() { return autotune_switch().load(std::memory_order_relaxed); }

void set_autotune(bool enabled) { autotune_switch().store(enabled); }

std::string autotune_cache_path() {
  if (const char* path = std::getenv("TILEDMM_AUTOTUNE_CACHE"); path != nullptr && *path != '\0') return path;
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    dir = xdg;
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    dir = std::filesystem::path(home) / ".cache";
  } else {
    dir = std::filesystem::temp_directory_path();
  }
  return (dir / "tiledmm" / "autotune-v1.txt").string();
}

std::map<std::string, std::string> read_autotune_cache(const std::string& path, std::vector<std::string>* ignored) {
  auto report = [&](const auto&... parts) {
    const std::string message = c10::str("tiledmm: ignoring ", parts...);
    if (ignored != nullptr) {
      ignored->push_back(message);
    } else {
      TORCH_WARN(message);
    }
  };
  std::map<std::string, std::string> entries;
  std::ifstream file(path);
  if (!file) return entries;  // no cache yet
  std::string line;
  if (!std::getline(file, line) || line != kHeader) {
    report("the autotune cache ", path, ": it does not start with '", kHeader,
           "' (corrupt, or written by another version); it will be rewritten");
    return entries;
  }
  for (int number = 2; std::getline(file, line); ++number) {
    if (line.empty()) continue;
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || tab == 0 || tab + 1 == line.size()) {
      report("line ", number, " of the autotune cache ", path, ": not '<key>\\t<kernel>'");
      continue;
    }
    std::string spec = line.substr(tab + 1);
    if (!known_spec(spec)) {
      report("line ", number, " of the autotune cache ", path, ": kernel '", spec,
             "' is not in this build (a stale entry); that problem will be timed again");
      continue;
    }
    entries[line.substr(0, tab)] = std::move(spec);
  }
  return entries;
}

std::optional<std::string> autotune_lookup(const std::string& path, const std::string& key) {
  CacheFiles& files = cache_files();
  const std::lock_guard<std::mutex> lock(files.mutex);
  const auto& entries = files.load(path);
  const auto it = entries.find(key);
  if (it == entries.end()) return std::nullopt;
  return it->second;
}

void autotune_remember(const std::string& path, const std::string& key, const std::string& spec) {
  CacheFiles& files = cache_files();
  const std::lock_guard<std::mutex> lock(files.mutex);
  auto& entries = files.load(path);
  entries[key] = spec;
  std::error_code error;
  const std::filesystem::path target(path);
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), error);
  const std::string temporary = path + ".tmp." + std::to_string(::getpid());  // unique per writer
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << kHeader << '\n';
    for (const auto& [k, v] : entries) out << k << '\t' << v << '\n';
    if (!out) {
      TORCH_WARN("tiledmm: could not write the autotune cache ", path, "; the choice is kept for this process only");
      std::remove(temporary.c_str());
      return;
    }
  }
  std::filesystem::rename(temporary, target, error);
  if (error) {
    TORCH_WARN("tiledmm: could not replace the autotune cache ", path, ": ", error.message());
    std::remove(temporary.c_str());
  }
}

namespace {

// tiledmm::_autotune_cache_entries: the valid "<key>\t<spec>" lines of a cache file, and
// what was ignored (Python turns those into warnings), for tests and inspection.
std::tuple<std::vector<std::string>, std::vector<std::string>> autotune_cache_entries_op(std::string_view path) {
  std::vector<std::string> lines, ignored;
  for (const auto& [key, spec] : read_autotune_cache(std::string(path), &ignored)) lines.push_back(key + "\t" + spec);
  return {lines, ignored};
}

// tiledmm::_set_autotune: turns autotuning on or off for this process; returns the
// previous setting.
bool set_autotune_op(bool enabled) {
  const bool previous = autotune_enabled();
  set_autotune(enabled);
  return previous;
}

}  // namespace

TORCH_LIBRARY_FRAGMENT(tiledmm, m) {
  m.def("_autotune_cache_entries(str path) -> (str[], str[])", &autotune_cache_entries_op);
  m.def("_set_autotune(bool enabled) -> bool", &set_autotune_op);
}

}  // namespace tiledmm
