// An op returning str[] (as tiledmm's _kernel_table does), built as a torch extension.
#include <torch/library.h>
#include <string>
#include <vector>
namespace {
std::vector<std::string> table() { return {"a|b|c", std::string(40, 'x')}; }
int64_t abi() { return _GLIBCXX_USE_CXX11_ABI; }
}
TORCH_LIBRARY(PROBE_NS, m) {
  m.def("table() -> str[]", &table);
  m.def("abi() -> int", &abi);
}
