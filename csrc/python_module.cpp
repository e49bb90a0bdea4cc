// Makes the shared library importable as `tiledmm._C`; importing it runs the
// TORCH_LIBRARY registrations. There are no Python bindings: everything goes through
// torch.ops.tiledmm. Only the Python build (setup.py) compiles this file.
#include <Python.h>

extern "C" {
PyObject* PyInit__C(void) {
  static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "_C", nullptr, -1, nullptr};
  return PyModule_Create(&module_def);
}
}
