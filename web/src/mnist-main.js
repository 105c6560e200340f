// The MNIST chapter: typesets its formulas with KaTeX and defines its widgets. The digits are
// fetched only when the reader presses Train in the lab.
import katex from 'katex';
import 'katex/dist/katex.min.css';
import './widgets/nl-mnist-lab.js';
import './widgets/nl-mnist-circle.js';
import './widgets/nl-mnist-freedom.js';

for (const el of document.querySelectorAll('[data-tex]')) {
  setTimeout(() => {
    katex.render(el.dataset.tex, el, {
      displayMode: el.classList.contains('formula'),
      throwOnError: false,
      output: 'html',
    });
  }, 0);
}
