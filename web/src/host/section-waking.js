// Sections far from the window are skipped (`content-visibility: auto`, page/page.css): the browser
// neither lays them out nor paints them. Some engines (WebKit among them) do not paint a canvas
// that was drawn while its section was skipped, or in the frame it stopped being skipped, until it
// is drawn again; a widget drawing its charts once, as it comes near, then shows an empty panel.
// So the page wakes a section for good (`.awake`: `content-visibility: visible`) one window
// before it comes into view: the widgets in it start later (300 px before the window,
// widget/widget.js) in a section that is laid out and painted, and a section a reader has passed
// stays painted. Sections far away stay skipped, so a long page still loads only what is near.

/** Wakes every `main > section` of the document as it comes within one window's height. */
export function wakeSectionsNearTheWindow(doc = document) {
  const sections = doc.querySelectorAll('main > section');
  if (sections.length === 0) return;
  const wake = (section) => section.classList.add('awake');
  if (typeof IntersectionObserver !== 'function') {
    sections.forEach(wake);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        wake(entry.target);
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '100% 0px' },
  );
  sections.forEach((section) => observer.observe(section));
}

/**
 * Calls start once the page section holding el (if any) is awake and has been laid out and
 * painted awake: at once (in a task of its own) when it already was, else two animation frames
 * after waking it. A widget outside such a section (a host's page) starts in a task of its own.
 */
export function whenSectionAwake(el, start) {
  const section = el.closest('main > section');
  const awake =
    !section || section.classList.contains('awake') || document.documentElement.classList.contains('laid-out');
  if (awake) {
    setTimeout(start, 0);
    return;
  }
  section.classList.add('awake');
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}
