// The page: typesets its formulas with KaTeX and defines every widget.
import katex from 'katex';
import 'katex/dist/katex.min.css';
import './widgets/index.js';

// One formula per task, so typesetting never holds the main thread for long.
for (const el of document.querySelectorAll('[data-tex]')) {
  setTimeout(() => {
    katex.render(el.dataset.tex, el, {
      displayMode: el.classList.contains('formula'),
      throwOnError: false,
      output: 'html',
    });
  }, 0);
}
