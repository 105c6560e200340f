// The tutorial's Transformer worker: the Transformer jobs, on the tutorial's core module.
import { startJobWorker } from './job-worker.js';
import { transformerJobs } from './transformer-jobs.js';

startJobWorker({ module: 'tutorial', jobs: transformerJobs });
