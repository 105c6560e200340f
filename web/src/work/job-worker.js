// The one worker entry: a worker module calls startJobWorker with its core module and its jobs,
// and serves them through the protocol's job runner (protocol.js, job-runner.js). The page hands
// it the compiled core first (core-handoff.js); a worker spoken to without one loads the core
// itself.
import { loadNormlab } from '../normlab.js';
import { moduleOfMessage } from '../core-module.js';
import { createJobRunner } from './job-runner.js';
import { ProtocolError, REPLY, errorReply } from './protocol.js';

/** Serves `jobs` (see job-runner.js) on this worker's messages, against the core module `module`. */
export function startJobWorker({ module = 'core', jobs }) {
  let handed;
  const core = new Promise((resolve) => (handed = resolve)).then((wasmModule) =>
    loadNormlab({ module, ...(wasmModule ? { wasmModule } : {}) }),
  );
  core.catch(() => {}); // a failed load is reported to each run that needs the core
  const runner = createJobRunner({ jobs, core, post: (reply) => postMessage(reply) });
  onmessage = ({ data }) => {
    const wasmModule = moduleOfMessage(data);
    if (wasmModule !== undefined) return void handed(wasmModule);
    handed(null); // a request with no core handed first: the worker loads the core itself
    runner.receive(data);
  };
  onmessageerror = () => postMessage(errorReply(null, new ProtocolError('a request could not be read')));
  postMessage({ type: REPLY.ready });
}
