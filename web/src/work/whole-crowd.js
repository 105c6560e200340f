// The five whole-crowd runs (loss curves, two ways, covariate shift), computed once per page and
// shared by every widget that reads them. A widget on its own page gets them the same way.
import { JOBS } from './protocol.js';
import { sharedJob } from './shared-job.js';

/** The whole-crowd result of this page: {curves, twoWays, covariateShift}. */
export const wholeCrowd = sharedJob(JOBS.wholeCrowd);
