// The one generic training worker: the crowd jobs, run by the protocol's job runner.
import { loadNormlab } from './normlab.js';
import { createJobRunner } from './job-runner.js';
import { crowdJobs } from './crowd-jobs.js';
import { ProtocolError, errorReply } from './protocol.js';

const core = loadNormlab();
core.catch(() => {}); // a failed load is reported to each run that needs the core
const runner = createJobRunner({ jobs: crowdJobs, core, post: (reply) => postMessage(reply) });
onmessage = ({ data }) => runner.receive(data);
onmessageerror = () => postMessage(errorReply(null, new ProtocolError('a request could not be read')));
