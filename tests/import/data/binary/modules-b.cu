#include "modules.h"
void launch_b (float *x, int n) { scale<4><<<(n + 255) / 256, 256>>> (x, n); }
