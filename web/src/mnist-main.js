// The MNIST chapter (its formulas were typeset when it was built): defines its widgets. The digits are
// fetched only when the reader presses Train in the lab.
import './widgets/nl-mnist-lab.js';
import './widgets/nl-mnist-circle.js';
import './widgets/nl-mnist-freedom.js';
