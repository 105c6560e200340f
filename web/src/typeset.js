// Typesets a page's formulas ([data-tex]) with KaTeX: visible HTML and MathML for screen readers.
// One formula per task, so typesetting never holds the main thread for long.
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function typesetFormulas(root = document) {
  for (const el of root.querySelectorAll('[data-tex]')) {
    setTimeout(() => {
      katex.render(el.dataset.tex, el, {
        displayMode: el.classList.contains('formula'),
        throwOnError: false,
        output: 'htmlAndMathml',
      });
    }, 0);
  }
}
