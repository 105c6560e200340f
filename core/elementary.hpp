// The core's own exp, log, tanh and sigmoid, built from + - * / and exact scaling by powers of
// two, so the native and the WebAssembly builds round every result identically (the C
// libraries of the two builds may differ in the last bit, and training is chaotic enough to
// turn a last-bit difference into a different accuracy). Accurate to about one unit in the
// last place; sqrt is IEEE-exact everywhere and is taken from <cmath>.
#pragma once

namespace normlab {

double exp(double x);
double expm1(double x);
double log(double x);
double tanh(double x);
double sigmoid(double x);

} // namespace normlab
