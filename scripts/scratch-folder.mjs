// Scratch folders for tests and benchmarks: each made under the system's temporary folder and
// removed, with all it holds, when the process exits (passed or failed), so no run leaves files behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made = [];
process.on('exit', () => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/** A new empty folder named `prefix` and six random characters, gone when the process exits. */
export function scratchFolder(prefix) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}
