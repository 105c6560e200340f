// The MNIST lab's worker: the lab's jobs, on the MNIST core module.
import { createMnistJobs } from './mnist-jobs.js';
import { startJobWorker } from './job-worker.js';

startJobWorker({ module: 'mnist', jobs: createMnistJobs() });
