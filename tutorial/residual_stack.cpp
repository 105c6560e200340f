#include "residual_stack.hpp"

#include <cmath>

#include "core/dense.hpp"
#include "core/errors.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "histogram.hpp"
#include "options.hpp"

namespace normlab {

namespace {

Block random_block(Random& rng, std::size_t rows, std::size_t cols, double spread) {
    Block b(rows, cols);
    for (double& v : b.data) v = spread * rng.normal();
    return b;
}

Block plus(Block a, const Block& b) {
    for (std::size_t k = 0; k < a.size(); ++k) a.data[k] += b.data[k];
    return a;
}

double size_of(const Block& b) {
    double sum = 0;
    for (double v : b.data) sum += v * v;
    return std::sqrt(sum);
}

// What one block keeps from its forward pass for the backward pass.
struct BlockTrace {
    NormResponse norm;
    DenseResponse up, down;
};

} // namespace

ResidualStackPass residual_pass(const ResidualStack& stack, NormPlacement placement) {
    const Block& x0 = stack.input;
    const Block& target = stack.target;
    const std::size_t depth = stack.up.size();
    require_same(stack.down.size(), depth, "number of down layers", "number of up layers");
    require_nonempty(x0.rows, x0.cols, "stack's input");
    require_finite(x0, "stack's input");
    require_shape(target, x0.rows, x0.cols, "stack's target");
    require_finite(target, "stack's target");
    const std::size_t width = x0.cols;
    const Normaliser norm(width, layer_norm());
    ResidualStackPass pass;
    pass.placement = placement;
    std::vector<BlockTrace> traces;
    Block x = x0;
    for (std::size_t l = 0; l < depth; ++l) {
        const Dense &up = stack.up[l], &down = stack.down[l];
        BlockTrace t;
        if (placement == NormPlacement::Post) {
            t.up = up.train(x);
            t.down = down.train(t.up.output);
            t.norm = norm.train(plus(x, t.down.output));
            x = t.norm.output;
        } else {
            t.norm = norm.train(x);
            t.up = up.train(t.norm.output);
            t.down = down.train(t.up.output);
            x = plus(x, t.down.output);
        }
        pass.spread.push_back(deviation_of(x.data));
        traces.push_back(std::move(t));
    }
    NormResponse last;
    if (placement == NormPlacement::Pre) {
        last = norm.train(x);
        x = last.output;
    }

    const double n = static_cast<double>(x.rows);
    Block dy(x.rows, x.cols);
    for (std::size_t k = 0; k < x.size(); ++k) {
        const double gap = x.data[k] - target.data[k];
        pass.loss += 0.5 * gap * gap / n;
        dy.data[k] = gap / n;
    }
    if (placement == NormPlacement::Pre) dy = norm.backward(last, dy).dx;

    pass.weight_slope.assign(depth, 0.0);
    pass.input_slope.assign(depth, 0.0);
    for (std::size_t l = depth; l-- > 0;) {
        const BlockTrace& t = traces[l];
        DenseGradient down, up;
        if (placement == NormPlacement::Post) {
            const Block dsum = norm.backward(t.norm, dy).dx;
            down = stack.down[l].backward(t.down, dsum);
            up = stack.up[l].backward(t.up, down.dx);
            dy = plus(dsum, up.dx);
        } else {
            down = stack.down[l].backward(t.down, dy);
            up = stack.up[l].backward(t.up, down.dx);
            dy = plus(dy, norm.backward(t.norm, up.dx).dx);
        }
        pass.weight_slope[l] =
            std::sqrt(size_of(up.dweights) * size_of(up.dweights) + size_of(down.dweights) * size_of(down.dweights));
        pass.input_slope[l] = size_of(dy) * std::sqrt(n); // the root mean square of n * dy per example
    }
    pass.dinput = dy;
    for (std::size_t l = 1; l < depth; ++l) pass.slope_rises += pass.input_slope[l] > 1.05 * pass.input_slope[l - 1];
    return pass;
}

ResidualStack residual_stack(const ResidualStackSettings& s) {
    require_count(s.depth, 1, 64, "depth");
    require_count(s.width, 2, 64, "width");
    require_count(s.examples, 2, 256, "number of examples");
    Random rng(s.seed);
    const double spread = 1 / std::sqrt(static_cast<double>(s.width));
    ResidualStack stack;
    for (std::size_t l = 0; l < s.depth; ++l) {
        Block w1 = random_block(rng, s.width, s.width, spread);
        Block w2 = random_block(rng, s.width, s.width, spread);
        stack.up.emplace_back(w1, std::vector<double>(s.width, 0.0), Activation::Relu);
        stack.down.emplace_back(w2, std::vector<double>(s.width, 0.0), Activation::Identity);
    }
    stack.input = random_block(rng, s.examples, s.width, 1.0);
    stack.target = random_block(rng, s.examples, s.width, 1.0);
    return stack;
}

ResidualStacks residual_stacks(const ResidualStackSettings& s) {
    const ResidualStack stack = residual_stack(s);
    return {s, residual_pass(stack, NormPlacement::Post), residual_pass(stack, NormPlacement::Pre)};
}

} // namespace normlab
