// The timing worker: one worker of its own for the timings (no other job shares its thread while
// it times), on the tutorial's core module.
import { startJobWorker } from './job-worker.js';
import { timingJobs } from './timing-jobs.js';

startJobWorker({ module: 'tutorial', jobs: timingJobs });
