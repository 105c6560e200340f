// The MNIST lab's worker: the lab's jobs and the batch-size sweep's, on the MNIST core module.
import { createMnistJobs } from './mnist-jobs.js';
import { mnistSweepJobs } from './mnist-sweep-jobs.js';
import { startJobWorker } from './job-worker.js';

startJobWorker({ module: 'mnist', jobs: { ...createMnistJobs(), ...mnistSweepJobs } });
