// The MNIST lab's worker: its own core instance running the lab's jobs (mnist-jobs.js) through
// the project's one message protocol (protocol.js, job-runner.js).
import { loadNormlab } from './normlab.js';
import { createJobRunner } from './job-runner.js';
import { createMnistJobs } from './mnist-jobs.js';
import { ProtocolError, errorReply } from './protocol.js';

const core = loadNormlab();
core.catch(() => {}); // a failed load is reported to each run that needs the core
const runner = createJobRunner({ jobs: createMnistJobs(), core, post: (reply) => postMessage(reply) });
onmessage = ({ data }) => runner.receive(data);
onmessageerror = () => postMessage(errorReply(null, new ProtocolError('a request could not be read')));
