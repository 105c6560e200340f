// Where the built site lies (the folder of normlab-widgets.js, frame.html and the pages), found
// from this module's own address: its chunk is in the site's assets/ folder, or in the site's
// root when bundled into an entry there; under the development server, web/src/host/.
const here = new URL(import.meta.url);

/** The site's folder, as an absolute URL ending in "/". */
export const siteRoot = import.meta.env?.DEV
  ? new URL('../../', here).href
  : new URL(/\/assets\/[^/]*$/.test(here.pathname) ? '../' : './', here).href;
