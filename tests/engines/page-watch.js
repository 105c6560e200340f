// Loaded first in every page the engine tests serve (serve-static's inject): records what the page
// reports as a problem, in any engine, in window.__problems: uncaught errors, rejected promises,
// console.error, resource elements that fire `error` (a failed script, style or preload), and
// Content-Security-Policy violations.
export const PAGE_WATCH = `
window.__problems = [];
(() => {
  const note = (text) => window.__problems.push(String(text).slice(0, 400));
  addEventListener('error', (e) => {
    const el = e.target;
    if (el && el !== window && el.localName) note('error event on <' + el.localName + ' ' + (el.rel || '') + '> ' + (el.href || el.src || ''));
    else note('uncaught: ' + (e.error && e.error.stack || e.message));
  }, true);
  addEventListener('unhandledrejection', (e) => note('unhandled rejection: ' + (e.reason && e.reason.stack || e.reason)));
  addEventListener('securitypolicyviolation', (e) => note('policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));
  const error = console.error.bind(console);
  console.error = (...args) => { note('console.error: ' + args.map(String).join(' ')); error(...args); };
})();
`;
