// A scratch folder, with what was written into it, is gone once its process exits, passed or failed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';

const module = new URL('../../scripts/scratch-folder.mjs', import.meta.url).href;

for (const [how, end] of [
  ['ends', ''],
  ['fails', 'process.exitCode = 1;'],
]) {
  test(`a scratch folder is removed when its process ${how}`, () => {
    const script = `import { writeFileSync, mkdirSync } from 'node:fs';
      import { scratchFolder } from '${module}';
      const dir = scratchFolder('normlab-scratch-test-');
      mkdirSync(dir + '/inner');
      writeFileSync(dir + '/inner/file.txt', 'x');
      console.log(dir);
      ${end}`;
    let out;
    try {
      out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    } catch (e) {
      assert.equal(e.status, 1);
      out = e.stdout;
    }
    const dir = out.trim();
    assert.match(dir, /normlab-scratch-test-/);
    assert.equal(existsSync(dir), false, `${dir} is still there`);
  });
}
