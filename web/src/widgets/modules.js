// Each widget's module, loaded on demand: a page loads the code of the widgets it holds only.
const modules = import.meta.glob('./nl-*.js');

/** Loads (and so defines) the widget <tag>. */
export function loadWidget(tag) {
  return modules[`./${tag}.js`]();
}
