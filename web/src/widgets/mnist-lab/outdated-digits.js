// The lab's word for digits gone with an old build: on a page of the site left open across a
// deploy, digits the server answered with an error status are the old build's, and the reader's
// remedy is a reload (host/site-build.js); on a page whose address is gone, or read from an
// offline copy since let go, the lab says that. The core's and the worker's files say so themselves
// (host/load-failures.js); the digits, fetched in the workers, are told here.
import { LET_GO_MARK, outdatedPageSentence } from '../../host/site-build.js';
import { DIGITS_STATUS_FAILURE } from '../../work/mnist-jobs.js';

/**
 * After a failure `error` was shown in a status (read() gives its text, write(text) replaces it):
 * for digits the server answered with an error status, or any failure to have the digits once the
 * page let its offline copy go (page/offline.js), asks whether the page's files are gone
 * (site-build.js), and if so writes why, unless the status has moved on meanwhile.
 * ensures: never throws; resolves once settled.
 */
export async function sayReloadForOutdatedDigits(error, { read, write }) {
  const message = String(error?.message);
  // Once the page let its copy go, any failure to have the digits (not another of the lab's
  // errors, nor the device being offline, which its own sentence says).
  const letGo =
    globalThis.document?.documentElement?.dataset?.offline === LET_GO_MARK &&
    globalThis.navigator?.onLine !== false &&
    /\bdigits\b/.test(message);
  if (!letGo && !message.startsWith(DIGITS_STATUS_FAILURE)) return;
  const said = read();
  const outdated = await outdatedPageSentence();
  if (outdated && read() === said) write(outdated);
}
