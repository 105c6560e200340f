// The page's training worker: the crowd jobs, on the essay's core module.
import { crowdJobs } from './crowd-jobs.js';
import { startJobWorker } from './job-worker.js';

startJobWorker({ module: 'core', jobs: crowdJobs });
