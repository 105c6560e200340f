// The MNIST chapter (its formulas were typeset when it was built): defines its widgets. The digits are
// fetched only when the reader presses Train in the lab.
import './widgets/nl-mnist-lab.js';
import './widgets/nl-mnist-circle.js';
import './widgets/nl-mnist-freedom.js';
import { followHash } from './widget.js';
// The address bar links to what the reader sees: each widget's state is written into the hash.
followHash();
