// What a chance-driven figure does over seeds (or draws): given one value per seed, their count,
// mean, least and largest, median and the 10 % and 90 % quantiles; given one curve per seed, the
// same at each step (the band a chart draws around the median curve).
//
// The quantile is type 7 of Hyndman and Fan (1996), the default of numpy ('linear') and of R: of
// the n values sorted, x_0 <= ... <= x_(n-1), the q quantile lies at h = (n - 1) q, a share
// t = h - floor(h) of the way from x_floor(h) to the next, computed as numpy interpolates:
// a + (b - a) t, or b - (b - a) (1 - t) when t >= 1/2 (exact at both ends, never outside them).
// The median is the 0.5 quantile: the middle value, or midway between the two middle ones.
// The mean is the sum of x_k / n in the order given, from 0: it cannot overflow, and it is the
// sum starting_slopes has always formed, so its means are the same bits.
#pragma once
#include <cstddef>
#include <vector>

#include "block.hpp"

namespace normlab {

constexpr double spread_low_quantile = 0.1;  // Spread::low
constexpr double spread_high_quantile = 0.9; // Spread::high

struct Spread {
    std::size_t count = 0; // values summarised
    double mean = 0, min = 0, max = 0, median = 0;
    double low = 0, high = 0; // the 10 % and 90 % quantiles
};

// requires: 1..max_block_cells values (else SizeError), each finite (else NonFiniteError naming
// its entry, counted from 1, and its value).
Spread spread_of(const std::vector<double>& values);

// The q quantile of the values (type 7, above). requires: the values as spread_of; q in [0, 1]
// (else OptionError naming it).
double quantile_of(const std::vector<double>& values, double q);

// Each step's spread over the curves: the curves are the rows of a block (N curves, T steps), and
// entry j of each list is spread_of(column j).
struct Band {
    std::size_t count = 0;                                 // curves (seeds) each step summarises
    std::vector<double> mean, min, max, median, low, high; // (T), one per step
};

// requires: at least one curve of at least one step (else SizeError), the block well formed (else
// ShapeError), every value finite (else NonFiniteError naming its step and curve, from 1).
Band band_of(const Block& curves);

} // namespace normlab
