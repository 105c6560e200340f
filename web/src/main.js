// The page: typesets its formulas with KaTeX and defines every widget.
import katex from 'katex';
import 'katex/dist/katex.min.css';
import './widgets/index.js';

for (const el of document.querySelectorAll('[data-tex]')) {
  katex.render(el.dataset.tex, el, { displayMode: el.classList.contains('formula'), throwOnError: false, output: 'html' });
}
