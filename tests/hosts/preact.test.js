// A Preact app in TypeScript (strict, `jsxImportSource: 'preact'`): `tsc` checks the elements'
// props from the package's own declarations, which put the elements into Preact's JSX as they do
// into React's, and refuses a wrong one. The widgets themselves run in Preact as on any page
// (Preact sets a property where the element has one): the React host's test shows that path.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { WRONG_PROPS_TSX, frameworkHost, strictJsxTsconfig, typeCheck } from './host.js';

/** The versions tested (docs/embedding.md names them). */
const PREACT = { preact: '11.2.0', typescript: '5.9.3' };

const FILES = {
  'tsconfig.json': strictJsxTsconfig({ jsx: 'react-jsx', jsxImportSource: 'preact' }),
  'src/app.tsx': `import { useState } from 'preact/hooks';
import 'normlab';

export function App() {
  const [kind, setKind] = useState<'layer' | 'rms'>('layer');
  const [state, setState] = useState('');
  return (
    <>
      <button onClick={() => setKind('rms')}>RMS</button>
      <nl-playground class="wide" kind={kind} onnl-done={(e) => setState(e.detail.state)}></nl-playground>
      <nl-parameter-count width={5}></nl-parameter-count>
      <nl-mnist-lab epochs={1} seed={3}></nl-mnist-lab>
      <p>{state}</p>
    </>
  );
}
`,
  'src/wrong.tsx': WRONG_PROPS_TSX,
};

let dir;
before(() => {
  dir = frameworkHost('preact', PREACT, FILES);
});

test("tsc --strict passes the Preact app and refuses the wrong props, from the package's declarations", () => {
  const { status, output } = typeCheck(dir);
  assert.equal(status, 0, output);
});
