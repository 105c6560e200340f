// The tests a test file declares, read from its source: each Catch2 TEST_CASE (its name, its tags
// and its body) and each node:test `test(...)` (its title and its body). The claims ledger test
// uses it to see that a cited test names its claim and asserts something; it reads the text, it
// does not run the tests.

/** Reads a string literal (C++ "...", or JS '...', "..." or `...`) opening at `at`: {text, end}. */
function literal(source, at) {
  const quote = source[at];
  let text = '';
  let k = at + 1;
  while (k < source.length && source[k] !== quote) {
    if (source[k] === '\\') {
      const next = source[k + 1];
      text += { n: '\n', t: '\t', '\n': '' }[next] ?? next;
      k += 2;
    } else {
      text += source[k];
      k += 1;
    }
  }
  return { text, end: k + 1 };
}

/** Skips white space and comments from `at`; the index of the next code character. */
function skipSpace(source, at) {
  let k = at;
  for (;;) {
    if (/\s/.test(source[k] ?? '')) k += 1;
    else if (source.startsWith('//', k)) k = source.indexOf('\n', k) === -1 ? source.length : source.indexOf('\n', k);
    else if (source.startsWith('/*', k)) k = source.includes('*/', k) ? source.indexOf('*/', k) + 2 : source.length;
    else return k;
  }
}

/**
 * The end (one past) of the bracketed span opening at `at` ('{' or '('), skipping strings, character
 * literals, template literals and comments. A template literal's `${...}` is read as code.
 */
function closing(source, at) {
  const open = source[at];
  const shut = { '{': '}', '(': ')' }[open];
  let depth = 0;
  let k = at;
  while (k < source.length) {
    const c = source[k];
    if (c === '"' || c === "'" || c === '`') k = literal(source, k).end;
    else if (source.startsWith('//', k) || source.startsWith('/*', k)) k = skipSpace(source, k);
    else if (c === '/' && opensRegex(source, k)) k = regex(source, k);
    else {
      if (c === open) depth += 1;
      else if (c === shut && (depth -= 1) === 0) return k + 1;
      k += 1;
    }
  }
  return source.length;
}

/** Whether the '/' at `at` opens a regular expression: it follows an operator, a bracket or `return`. */
function opensRegex(source, at) {
  let k = at - 1;
  while (k >= 0 && /\s/.test(source[k])) k -= 1;
  return k < 0 || /[(,=:[!&|?{};>]/.test(source[k]) || /\breturn$/.test(source.slice(Math.max(0, k - 6), k + 1));
}

/** One past the end of the JavaScript regular expression literal opening at `at`. */
function regex(source, at) {
  let k = at + 1;
  let inClass = false;
  while (k < source.length && source[k] !== '\n' && (inClass || source[k] !== '/')) {
    if (source[k] === '\\') k += 1;
    else if (source[k] === '[') inClass = true;
    else if (source[k] === ']') inClass = false;
    k += 1;
  }
  return k + 1;
}

/** Adjacent string literals from `at` (C++ concatenates them): {text, end}, or null if none opens there. */
function literals(source, at) {
  let k = skipSpace(source, at);
  if (!/["'`]/.test(source[k] ?? '')) return null;
  let text = '';
  while (/["'`]/.test(source[k] ?? '')) {
    const read = literal(source, k);
    text += read.text;
    k = skipSpace(source, read.end);
  }
  return { text, end: k };
}

/**
 * `source` with every comment, string, character and regular-expression literal blanked to spaces
 * (new lines kept), so that a test-like call inside one is not read as a test.
 */
function codeOnly(source) {
  const out = source.split('');
  const blank = (from, to) => {
    for (let k = from; k < to; k += 1) if (out[k] !== '\n') out[k] = ' ';
  };
  let k = 0;
  while (k < source.length) {
    const c = source[k];
    let end = k + 1;
    if (source.startsWith('//', k) || source.startsWith('/*', k)) end = skipSpace(source, k);
    else if (c === 'R' && source[k + 1] === '"' && !/\w/.test(source[k - 1] ?? '')) {
      const delimiter = source.slice(k + 2, source.indexOf('(', k));
      end = source.indexOf(`)${delimiter}"`, k) + delimiter.length + 2;
    } else if (c === '"' || c === "'" || c === '`') end = literal(source, k).end;
    else if (c === '/' && opensRegex(source, k)) end = regex(source, k);
    else {
      k = end;
      continue;
    }
    blank(k, end);
    k = end;
  }
  return out.join('');
}

/**
 * The tests `source` declares: [{name, tags, body, at, end}]. `tags` is a Catch2 case's tag string
 * ('' for a node test); `body` is the text of its function; `at` and `end` bound its arguments in
 * `source`. A title built from `${...}` keeps the expression. A call in a comment or a string is
 * not a declaration.
 */
export function testDeclarations(source) {
  const out = [];
  const code = codeOnly(source); // brackets are matched here, where no literal or comment can hold one
  for (const match of code.matchAll(/(?<![\w.])(TEST_CASE|test)\s*\(/g)) {
    const start = match.index + match[0].length - 1;
    const name = literals(source, start + 1);
    if (!name) continue;
    let tags = '';
    if (match[1] === 'TEST_CASE' && source[name.end] === ',') tags = literals(source, name.end + 1)?.text ?? '';
    const end =
      match[1] === 'TEST_CASE' ? closing(code, code.indexOf('{', closing(code, start))) : closing(code, start);
    out.push({ name: name.text, tags, body: source.slice(name.end, end), at: start + 1, end });
  }
  return out;
}

/** The claim ids ([EMT] and a number) a test's name and tags carry. */
export const claimIds = ({ name, tags }) => new Set(`${name} ${tags}`.match(/(?<![\w-])[EMT]\d+(?!\w)/g) ?? []);

/** Whether a test's body asserts: a Catch2 REQUIRE or CHECK, a node assert, a playwright expect. */
export const asserts = ({ body }) => /\b(REQUIRE|CHECK)\w*\s*\(|\bassert\b|\bexpect\s*\(/.test(body);
