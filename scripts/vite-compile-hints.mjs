// A Vite plugin that marks the chunks holding the named packages for eager compilation
// (V8's explicit compile hint, `//# allFunctionsCalledOnLoad` on the first line): the browser
// then compiles all their functions while it streams the script, off the main thread, instead of
// lazily on first call, which for Chart.js was ~30 ms of the main thread inside the first chart
// a page draws. Browsers without the hint read it as a comment.
const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileEagerly(packages) {
  const inPackage = (id) => packages.some((name) => id.includes(`/node_modules/${name}/`));
  return {
    name: 'normlab-compile-hints',
    // After minification, which would drop the comment.
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.moduleIds.some(inPackage)) chunk.code = HINT + chunk.code;
    },
  };
}
