// The frame page (frame.html#playground=<state>&theme=dark): exactly one widget, the one its
// address names, for platforms that allow an iframe but no script. It tells the page around it
// its height as it changes, by the message normlab-frames.js (frame-host.js) listens for:
// {type: 'normlab:height', widget: '<id>', height: <CSS pixels>}.
import { ALL_WIDGETS } from '../widgets/registry.js';
import { loadWidget } from '../widgets/modules.js';
import { TEXT_CHARS } from '../host/limits.js';
import { hashAnchor, hashStates } from '../host/hash.js';
import { quoted, showInert } from '../host/inert.js';
import { showTitles } from '../host/captions.js';

export const HEIGHT_MESSAGE = 'normlab:height';

const main = document.getElementById('frame');

/** A sentence in place of the widget (made inert: it may quote the address; see inert.js). */
function say(text) {
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  showInert(p, text);
  main.replaceChildren(p);
}

/** The widget the address names: {tag, id, theme} or {problem}. */
export function frameRequest(hash) {
  const states = hashStates(hash);
  // A widget's id with its state (#playground=kind:rms), or alone (#loss-curves: its defaults).
  const ids = [...states.keys()].filter((k) => k !== 'theme');
  const bare = hashAnchor(hash);
  if (ids.length === 0 && bare !== '') ids.push(bare);
  if (ids.length === 0)
    return {
      problem: 'This frame shows one normlab widget, named in its address (frame.html#playground), and names none.',
    };
  const [id] = ids;
  const tag = `nl-${id}`;
  if (!ALL_WIDGETS.includes(tag)) {
    return {
      problem: `This frame's address names ${quoted(id)}, which is no normlab widget (playground, comparison, bowl, …).`,
    };
  }
  let theme = states.get('theme');
  try {
    theme = theme === undefined ? null : decodeURIComponent(theme);
  } catch {
    // an undecodable theme is given as it is: the widget names it in a notice
  }
  return { tag, id, theme };
}

/** Posts the page's height to the page around the frame whenever it changes. */
function reportHeight(id) {
  if (window.parent === window) return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, widget: id, height }, '*');
  };
  new ResizeObserver(post).observe(document.documentElement);
  post();
}

async function showOne() {
  const request = frameRequest(location.hash);
  if (request.problem) {
    say(request.problem);
    reportHeight('');
    return;
  }
  showTitles();
  await loadWidget(request.tag);
  const widget = document.createElement(request.tag);
  if (request.theme !== null) widget.setAttribute('theme', request.theme.slice(0, TEXT_CHARS));
  // The page behind the widget takes its theme too (an unknown one: the widget's notice names it).
  if (['light', 'dark'].includes(request.theme)) document.documentElement.dataset.theme = request.theme;
  main.replaceChildren(widget);
  reportHeight(request.id);
}

showOne().catch((e) => {
  console.error(e);
  say(`The widget could not be shown: ${e.message}`);
});
