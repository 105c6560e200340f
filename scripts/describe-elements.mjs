// The package's description of its elements, made from the widgets' own tables: the Custom
// Elements Manifest (package/custom-elements.json) and the TypeScript declarations
// (package/normlab.d.ts). Both are committed: they are the public API, and
// tests/js/element-description.test.js fails when what this script makes differs from them, so a
// change to an element's interface is a deliberate one (and goes into CHANGELOG.md).
// `node scripts/describe-elements.mjs` writes them.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { commonAttributes, THEME, parts } from '../web/src/widget/attributes.js';
import { customProperties } from '../web/src/widget/styles.js';
import { ALL_WIDGETS } from '../web/src/widgets/registry.js';

const root = new URL('../', import.meta.url);
const version = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version;

/** Each widget's element class, read from its module with just enough of a DOM to define it. */
async function elementClasses() {
  const defined = new Map();
  const saved = { HTMLElement: globalThis.HTMLElement, customElements: globalThis.customElements };
  globalThis.HTMLElement ??= class {};
  globalThis.customElements ??= { get: (tag) => defined.get(tag), define: (tag, cls) => defined.set(tag, cls) };
  try {
    for (const tag of ALL_WIDGETS) await import(new URL(`web/src/widgets/${tag}.js`, root));
  } finally {
    Object.assign(globalThis, saved);
  }
  return ALL_WIDGETS.map((tag) => ({ tag, cls: defined.get(tag) }));
}

/** The package's module that defines one element (a subpath export of the package). */
export const entryOf = (tag) => `widgets/${tag}.js`;

/** An option's type as TypeScript writes it. */
function typeText(option) {
  if (option.choices) return option.choices.map((c) => JSON.stringify(c)).join(' | ');
  return { number: 'number', integer: 'number', boolean: 'boolean' }[option.type] ?? 'string';
}

/**
 * An option's type as an attribute or a JSX prop takes it: a number also as its text ("5"), a
 * boolean as "true" or "false", a list as its texts too; any other value refused.
 */
function attributeTypeText(option) {
  if (option.choices) return typeText(option);
  if (option.type === 'number' || option.type === 'integer') return 'number | `${number}`';
  if (option.type === 'boolean') return "boolean | 'true' | 'false'";
  if (option.type === 'list') return 'string | readonly string[]';
  return 'string';
}

/** An option's property's type, as its getter gives it (a list as an array of its texts). */
function propertyTypeText(option) {
  return option.type === 'list' && !option.choices ? 'string[]' : typeText(option);
}

/** An option's property: its name in camelCase, as the platform names a reflected attribute's. */
const propertyName = (option) => option.name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

const PROPERTY_DOC =
  'set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows';

/** An option's default as an attribute writes it. */
function defaultText(option) {
  const value = option.default;
  return JSON.stringify(Array.isArray(value) ? value.join(',') : value);
}

const COMMON_EVENTS = [
  {
    name: 'nl-change',
    type: { text: 'CustomEvent<{ state: string }>' },
    description:
      "The widget's state changed (the reader, `state`, or `reset()`); detail.state is the new state string.",
  },
  {
    name: 'nl-done',
    type: { text: 'CustomEvent<{ state: string; [field: string]: unknown }>' },
    description: 'The widget has drawn, or a training has finished; detail.state is its state string.',
  },
];

const MEMBERS = [
  {
    kind: 'field',
    name: 'theme',
    type: { text: typeText(THEME) },
    attribute: 'theme',
    reflects: true,
    description: `The theme attribute's value: ${PROPERTY_DOC}.`,
  },
  {
    kind: 'field',
    name: 'caption',
    type: { text: 'string | null' },
    attribute: 'caption',
    reflects: true,
    description: `The caption attribute (null when absent): ${PROPERTY_DOC}.`,
  },
  {
    kind: 'field',
    name: 'state',
    type: { text: 'string' },
    description:
      'The options the reader changed, as a state string; setting it starts the widget again from that state.',
  },
  {
    kind: 'field',
    name: 'link',
    type: { text: 'string' },
    readonly: true,
    description: 'This page linked to the present state.',
  },
  { kind: 'method', name: 'reset', return: { type: { text: 'void' } }, description: "Back to the attributes' state." },
  {
    kind: 'method',
    name: 'export',
    parameters: [{ name: 'as', type: { text: "'png' | 'csv' | 'json'" } }],
    return: { type: { text: 'Promise<void>' } },
    description: 'Downloads the chart (or table) as PNG, the numbers as CSV, or the state and numbers as JSON.',
  },
];

/** Events a widget's own module dispatches besides the common ones (its `new CustomEvent('…'`). */
function ownEvents(tag) {
  const source = readFileSync(new URL(`web/src/widgets/${tag}.js`, root), 'utf8');
  return [...source.matchAll(/new CustomEvent\('([\w-]+)'/g)].map(([, name]) => ({
    name,
    type: { text: 'CustomEvent' },
    description: `Dispatched by <${tag}> (see the embedding guide).`,
  }));
}

function declarationOf({ tag, cls }) {
  const options = cls.options.map((o) => ({
    name: o.name,
    type: { text: typeText(o) },
    default: defaultText(o),
    description: o.doc,
  }));
  const common = commonAttributes.map((a) => ({
    name: a.name,
    type: { text: a.name === 'theme' ? typeText(THEME) : 'string' },
    ...(a.name === 'theme' ? { default: defaultText(THEME) } : {}),
    description: a.doc,
  }));
  return {
    kind: 'class',
    customElement: true,
    name: cls.name,
    tagName: tag,
    description: cls.title,
    attributes: [...options, ...common],
    members: [
      ...cls.options.map((o) => ({
        kind: 'field',
        name: propertyName(o),
        type: { text: propertyTypeText(o) },
        attribute: o.name,
        reflects: true,
        description: `${o.doc}: ${PROPERTY_DOC}.`,
      })),
      ...MEMBERS,
    ],
    events: [...COMMON_EVENTS, ...ownEvents(tag)],
    cssParts: Object.entries(parts).map(([name, description]) => ({ name, description })),
    cssProperties: Object.entries(customProperties).map(([name, value]) => ({
      name,
      default: value,
      description: 'a colour or type of the light theme (set it on the element)',
    })),
  };
}

/** The Custom Elements Manifest of the package: one module per element, and the entry defining them all. */
export function manifestOf(elements) {
  const modules = elements.map((element) => ({
    kind: 'javascript-module',
    path: entryOf(element.tag),
    declarations: [declarationOf(element)],
    exports: [{ kind: 'custom-element-definition', name: element.tag, declaration: { name: element.cls.name } }],
  }));
  const everything = {
    kind: 'javascript-module',
    path: 'normlab.js',
    declarations: [],
    exports: elements.map(({ tag, cls }) => ({
      kind: 'custom-element-definition',
      name: tag,
      declaration: { name: cls.name, module: entryOf(tag) },
    })),
  };
  return { schemaVersion: '2.1.0', readme: 'README.md', modules: [everything, ...modules] };
}

const comment = (text, indent = '') => `${indent}/** ${text.replace(/\*\//g, '* /')} */\n`;
const property = (name) => (/^[a-zA-Z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The TypeScript declarations of the package. */
export function declarationsOf(elements) {
  let text = `// normlab ${version}: the elements' types, made by scripts/describe-elements.mjs from the widgets' tables.

/** The detail of the events every widget dispatches. */
export interface NlChangeDetail {
  state: string;
}
export interface NlDoneDetail {
  state: string;
  [field: string]: unknown;
}

export interface NlWidgetEventMap extends HTMLElementEventMap {
${COMMON_EVENTS.map((e) => `${comment(e.description, '  ')}  ${JSON.stringify(e.name)}: ${e.type.text};`).join('\n')}
}

/** What every normlab element has besides its own options (its attributes). */
export interface NlWidget extends HTMLElement {
${MEMBERS.map((m) => {
  const doc = comment(m.description, '  ');
  if (m.kind === 'field') return `${doc}  ${m.readonly ? 'readonly ' : ''}${m.name}: ${m.type.text};`;
  const params = (m.parameters ?? []).map((p) => `${p.name}: ${p.type.text}`).join(', ');
  return `${doc}  ${m.name}(${params}): ${m.return.type.text};`;
}).join('\n')}
  addEventListener<K extends keyof NlWidgetEventMap>(
    type: K,
    listener: (this: this, event: NlWidgetEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** The attributes every widget takes. */
export interface NlCommonAttributes {
${commonAttributes
  .map((a) => `${comment(a.doc, '  ')}  ${a.name}?: ${a.name === 'theme' ? typeText(THEME) : 'string'};`)
  .join('\n')}
}

/** The ::part() names of every widget. */
export type NlPart = ${Object.keys(parts)
    .map((p) => JSON.stringify(p))
    .join(' | ')};

/** The custom properties a host may set on a widget. */
export type NlCustomProperty = ${Object.keys(customProperties)
    .map((p) => JSON.stringify(p))
    .join(' | ')};
`;
  for (const { tag, cls } of elements) {
    text += `
/** <${tag}>'s attributes: ${cls.title}. */
export interface ${cls.name}Attributes extends NlCommonAttributes {
${cls.options.map((o) => `${comment(`${o.doc} (default ${defaultText(o)})`, '  ')}  ${property(o.name)}?: ${attributeTypeText(o)};`).join('\n')}
}
${comment(`<${tag}>: ${cls.title}. Each option is a property too (${PROPERTY_DOC}).`)}export interface ${cls.name} extends NlWidget {
${cls.options.map((o) => `${comment(o.doc, '  ')}  ${propertyName(o)}: ${propertyTypeText(o)};`).join('\n')}
}
`;
  }
  text += `
declare global {
  interface HTMLElementTagNameMap {
${elements.map(({ tag, cls }) => `    ${JSON.stringify(tag)}: ${cls.name};`).join('\n')}
  }
  interface HTMLElementEventMap {
    'nl-change': CustomEvent<NlChangeDetail>;
    'nl-done': CustomEvent<NlDoneDetail>;
  }
}

/** The events every widget dispatches, as props of JSX (React 19 listens for \`on\` + the event's name). */
export interface NlEventProps {
  'onnl-change'?: (event: CustomEvent<NlChangeDetail>) => void;
  'onnl-done'?: (event: CustomEvent<NlDoneDetail>) => void;
}

/**
 * The props of JSX a widget takes besides its options and events, named without React's types
 * so that a host without React reads these declarations too. (aria-* and data-* props are
 * allowed on any element.)
 */
export interface NlElementProps<E> {
  id?: string;
  className?: string;
  /** Preact's name for it (and Solid's). */
  class?: string;
  style?: Record<string, string | number | undefined>;
  slot?: string;
  hidden?: boolean;
  title?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  tabIndex?: number;
  role?: string;
  /** The static fallback, shown only where the widget cannot run. */
  children?: unknown;
  ref?: ((element: E | null) => void | (() => void)) | { current: E | null } | null;
}

/** Every element as an intrinsic element of JSX: its attributes, typed, its events and its own props. */
export interface NlIntrinsicElements {
${elements
  .map(
    ({ tag, cls }) => `  ${JSON.stringify(tag)}: ${cls.name}Attributes & NlEventProps & NlElementProps<${cls.name}>;`,
  )
  .join('\n')}
}

/**
 * The same props in Solid's JSX: its ref is the element itself (assigned) or a function given it,
 * never null, and \`on:\` + an event's name listens for it as Solid's own syntax does.
 */
export interface NlSolidElementProps<E> extends Omit<NlElementProps<E>, 'ref' | 'className'> {
  ref?: E | ((element: E) => void);
  'on:nl-change'?: (event: CustomEvent<NlChangeDetail>) => void;
  'on:nl-done'?: (event: CustomEvent<NlDoneDetail>) => void;
}

/** Every element as an intrinsic element of Solid's JSX. */
export interface NlSolidIntrinsicElements {
${elements
  .map(
    ({ tag, cls }) =>
      `  ${JSON.stringify(tag)}: ${cls.name}Attributes & NlEventProps & NlSolidElementProps<${cls.name}>;`,
  )
  .join('\n')}
}

// The elements in React 19's JSX, Preact's and Solid's, each namespace augmented only where that
// library is.
${[
  ['react', 'NlIntrinsicElements'],
  ['preact', 'NlIntrinsicElements'],
  ['solid-js', 'NlSolidIntrinsicElements'],
]
  .map(
    ([library, elementsType]) => `declare module '${library}' {
  namespace JSX {
    interface IntrinsicElements extends ${elementsType} {}
  }
}
`,
  )
  .join('\n')}`;
  return text;
}

/** The manifest's and the declarations' text, as committed. */
export async function describeElements() {
  const elements = await elementClasses();
  // Written as the lint formats them, so the committed files pass it unchanged.
  const options = await prettier.resolveConfig(fileURLToPath(DECLARATIONS));
  return {
    manifest: await prettier.format(JSON.stringify(manifestOf(elements)), { ...options, parser: 'json' }),
    declarations: await prettier.format(declarationsOf(elements), { ...options, parser: 'typescript' }),
  };
}

export const MANIFEST = new URL('package/custom-elements.json', root);
export const DECLARATIONS = new URL('package/normlab.d.ts', root);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { manifest, declarations } = await describeElements();
  writeFileSync(MANIFEST, manifest);
  writeFileSync(DECLARATIONS, declarations);
  console.log(`wrote ${fileURLToPath(MANIFEST)} and ${fileURLToPath(DECLARATIONS)}`);
}
