// The one generic training worker: the crowd jobs, run by the protocol's job runner. The page's
// pool hands it the compiled core before any request (core-module.js); a worker spoken to
// without one loads the core itself.
import { loadNormlab } from '../normlab.js';
import { createJobRunner } from './job-runner.js';
import { crowdJobs } from './crowd-jobs.js';
import { moduleOfMessage } from '../core-module.js';
import { ProtocolError, errorReply } from './protocol.js';

let handed;
const core = new Promise((resolve) => (handed = resolve)).then((wasmModule) =>
  loadNormlab(wasmModule ? { wasmModule } : {}),
);
core.catch(() => {}); // a failed load is reported to each run that needs the core
const runner = createJobRunner({ jobs: crowdJobs, core, post: (reply) => postMessage(reply) });
onmessage = ({ data }) => {
  const wasmModule = moduleOfMessage(data);
  if (wasmModule !== undefined) return void handed(wasmModule);
  handed(null); // a request with no core handed first: the worker loads the core itself
  runner.receive(data);
};
onmessageerror = () => postMessage(errorReply(null, new ProtocolError('a request could not be read')));
