// libFuzzer's entry for programs with their own main (compiler-rt's FuzzerInterface.h). SwiftPM
// gives every executable a main of its own, so the targets call this instead of relying on
// libFuzzer's main.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
