// A Solid app in TypeScript (strict, `jsxImportSource: 'solid-js'`), as Solid's own template
// writes it: `tsc` checks the elements' props from the package's own declarations, which put the
// elements into Solid's JSX with Solid's ref (the element itself, or a function given it) and its
// `on:` events, and refuses a wrong one. The widgets themselves run in Solid as on any page (Solid
// sets a property where the element has one), as the React host's test shows.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { WRONG_PROPS_TSX, frameworkHost, strictJsxTsconfig, typeCheck } from './host.js';

/** The versions tested (docs/embedding.md names them). */
const SOLID = { 'solid-js': '1.9.20', typescript: '5.9.3' };

const FILES = {
  'tsconfig.json': strictJsxTsconfig({ jsx: 'preserve', jsxImportSource: 'solid-js' }),
  'src/app.tsx': `import { createSignal } from 'solid-js';
import 'normlab';
import type { NlPlayground } from 'normlab';

export function App() {
  const [kind, setKind] = createSignal<'layer' | 'rms'>('layer');
  const [state, setState] = createSignal('');
  let playground!: NlPlayground;
  return (
    <>
      <button onClick={() => setKind('rms')}>RMS</button>
      <button onClick={() => playground.reset()}>Reset</button>
      <nl-playground
        ref={playground}
        class="wide"
        kind={kind()}
        onnl-done={(e) => setState(e.detail.state)}
        on:nl-change={(e) => setState(e.detail.state)}
      ></nl-playground>
      <nl-parameter-count width={5} ref={(el) => setState(String(el.width))}></nl-parameter-count>
      <nl-mnist-lab epochs={1} seed={3}></nl-mnist-lab>
      <p>{state()}</p>
    </>
  );
}
`,
  'src/wrong.tsx': WRONG_PROPS_TSX,
  'src/wrong-ref.tsx': `import type { NlMnistLab } from 'normlab';

export function WrongRef() {
  let lab!: NlMnistLab;
  // @ts-expect-error: a ref of another element
  return <nl-playground ref={lab}></nl-playground>;
}
`,
};

let dir;
before(() => {
  dir = frameworkHost('solid', SOLID, FILES);
});

test("tsc --strict passes the Solid app and refuses the wrong props, from the package's declarations", () => {
  const { status, output } = typeCheck(dir);
  assert.equal(status, 0, output);
});
