// The MNIST chapter: typesets its formulas with KaTeX and defines its widgets. The digits are
// fetched only when the reader presses Train in the lab.
import { typesetFormulas } from './typeset.js';
import './widgets/nl-mnist-lab.js';
import './widgets/nl-mnist-circle.js';
import './widgets/nl-mnist-freedom.js';

typesetFormulas();
