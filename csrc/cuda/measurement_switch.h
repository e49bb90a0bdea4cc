// Measurement switches: environment variables that turn one mechanism off (or force one path)
// so that a benchmark can time what it buys in the same build (bench/NOTES.md). Each switch
// reads its variable once per process, off the hot path of a call.
#pragma once

#include <cstdlib>
#include <string_view>

namespace tiledmm::cuda {

// Whether the environment variable `name` is set to exactly `value`.
inline bool environment_says(const char* name, std::string_view value) {
  const char* v = std::getenv(name);
  return v != nullptr && value == v;
}

// The environment variable `name` as a number (a count a measurement asks for); 0 when unset
// or not a number.
inline int environment_number(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::atoi(v) : 0;
}

}  // namespace tiledmm::cuda
