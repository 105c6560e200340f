// Elements made through the DOM, not from markup: the frame every widget is built in, and its
// tools, reach no HTML sink (so they show even where a host's Trusted Types refuse markup).

/**
 * A new element: attributes as {name: value} (true for present with no value; false, null or
 * undefined for absent), then its children (nodes or text).
 */
export function element(tag, attributes = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes))
    if (value === true) el.setAttribute(name, '');
    else if (value !== false && value != null) el.setAttribute(name, value);
  el.append(...children);
  return el;
}
