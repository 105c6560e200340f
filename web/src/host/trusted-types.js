// The widgets' one Trusted Types policy, "normlab", made once. Under a host's
// `require-trusted-types-for 'script'` every string that becomes markup (a widget's render, a
// table's rows) or a worker's script URL passes through it; the host allows it by name
// (`trusted-types normlab`). Markup is built from the widgets' own templates with every value
// escaped (widget/escape.js); a script URL must be a blob: bootstrap or lie on the widgets' own origin.
import { HostPolicyError, TRUSTED_TYPES_BLOCKED, TRUSTED_TYPES_POLICY } from './host-policy.js';

const OWN_ORIGIN = new URL(import.meta.url).origin;
let policy; // undefined: not made yet; null: no Trusted Types here, or the host refused it; else the policy

function made() {
  if (policy !== undefined) return policy;
  const factory = globalThis.trustedTypes;
  if (!factory?.createPolicy) return (policy = null);
  try {
    policy = factory.createPolicy(TRUSTED_TYPES_POLICY, {
      createHTML: (html) => html,
      createScriptURL: (url) => {
        const u = new URL(url, globalThis.location?.href);
        if (u.protocol === 'blob:' || u.origin === OWN_ORIGIN || u.origin === globalThis.location?.origin) return url;
        throw new TypeError(`the widgets start no worker from ${u.origin}`);
      },
    });
  } catch {
    // The host's trusted-types directive does not name the policy.
    policy = null;
  }
  return policy;
}

/**
 * null when markup can be written here, else the sentence saying what the host must allow
 * (its policy requires Trusted Types and does not allow "normlab").
 */
export function trustedTypesProblem() {
  if (made()) return null;
  let required = false;
  try {
    // Where Trusted Types are required, a plain string into an HTML sink throws.
    document.createElement('div').innerHTML = '';
  } catch {
    required = true;
  }
  return required ? TRUSTED_TYPES_BLOCKED : null;
}

/** Markup as the sink takes it: a TrustedHTML through the policy where Trusted Types exist. */
export function trustedHtml(html) {
  const p = made();
  if (p) return p.createHTML(html);
  const problem = trustedTypesProblem();
  if (problem) throw new HostPolicyError(problem, 'trusted-types');
  return html;
}

/** A worker's script URL as new Worker takes it (see trustedHtml). */
export function trustedScriptUrl(url) {
  const p = made();
  return p ? p.createScriptURL(url) : url;
}

/** Replaces el's content with the markup. */
export function setHtml(el, html) {
  el.innerHTML = trustedHtml(html);
}

/** Inserts the markup at `where` ('beforeend', …) of el. */
export function insertHtml(el, where, html) {
  el.insertAdjacentHTML(where, trustedHtml(html));
}
