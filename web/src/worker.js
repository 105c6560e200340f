// The one generic worker: runs the crowd trainings off the main thread, in pieces, posting
// progress at display rate and stopping between any two pieces when asked.
import { loadNormlab } from './normlab.js';
import { REQUEST, REPLY, JOBS, PROGRESS_INTERVAL_MS } from './protocol.js';

const cancelled = new Set();
const nlPromise = loadNormlab();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function comparison(nl, id) {
  const total = nl.comparisonPlanSize();
  const results = [];
  let lastPost = 0;
  for (let done = 0; done < total;) {
    if (cancelled.has(id)) return null;
    const piece = nl.runComparison(done, done + 1).results;
    results.push(...piece);
    done += piece.length;
    const now = performance.now();
    if (now - lastPost >= PROGRESS_INTERVAL_MS || done === total) {
      lastPost = now;
      postMessage({ type: REPLY.progress, id, done, total });
      await nextTask(); // lets a cancel message in
    }
  }
  return nl.summariseComparison(results);
}

const jobs = {
  [JOBS.comparison]: comparison,
  [JOBS.wholeCrowd]: async (nl) => nl.wholeCrowd(),
};

onmessage = async ({ data }) => {
  if (data.type === REQUEST.cancel) {
    cancelled.add(data.id);
    return;
  }
  if (data.type !== REQUEST.run) return;
  try {
    const nl = await nlPromise;
    const job = jobs[data.job];
    if (!job) throw new TypeError(`no job named ${data.job}`);
    const whole = await job(nl, data.id);
    if (whole === null) return;
    const result = data.part ? { [data.part]: whole[data.part] } : whole;
    postMessage({ type: REPLY.done, id: data.id, result });
  } catch (e) {
    postMessage({ type: REPLY.error, id: data.id, name: e.name, message: e.message });
  }
};
