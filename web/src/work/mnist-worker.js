// The MNIST lab's worker: its own core instance running the lab's jobs (mnist-jobs.js) through
// the project's one message protocol (protocol.js, job-runner.js). The page hands it the compiled
// core first (core-module.js; none: the worker loads the core itself); requests may come before
// it, and runs wait for it.
import { loadNormlab } from '../normlab.js';
import { createJobRunner } from './job-runner.js';
import { createMnistJobs } from './mnist-jobs.js';
import { moduleOfMessage } from '../core-module.js';
import { ProtocolError, errorReply } from './protocol.js';

let handed;
const core = new Promise((resolve) => (handed = resolve)).then((wasmModule) =>
  loadNormlab({ module: 'mnist', ...(wasmModule ? { wasmModule } : {}) }),
);
core.catch(() => {}); // a failed load is reported to each run that needs the core
const runner = createJobRunner({ jobs: createMnistJobs(), core, post: (reply) => postMessage(reply) });
onmessage = ({ data }) => {
  const wasmModule = moduleOfMessage(data);
  if (wasmModule !== undefined) handed(wasmModule);
  else runner.receive(data);
};
onmessageerror = () => postMessage(errorReply(null, new ProtocolError('a request could not be read')));
