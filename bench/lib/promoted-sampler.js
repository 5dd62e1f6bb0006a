'use strict';
/**
 * A `--require` hook for the n8n process (realn8n.js, PIM_BENCH_PROMOTED=<file>[,from,to]): V8's
 * sampling heap profiler between `from` and `to` seconds after n8n starts (40 and 100 by default),
 * keeping the samples of objects a full collection freed and dropping those a scavenge freed. What
 * it writes is where the bytes V8 moved to its old space (or kept live) were allocated, by call
 * stack: bench/promoted-summary.js reads it.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');

const [file, from = '40', to = '100'] = (process.env.PIM_BENCH_PROMOTED ?? '').split(',');
if (file) {
	const session = new inspector.Session();
	session.connect();
	const post = (method, params) =>
		new Promise((resolve, reject) =>
			session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
		);
	setTimeout(
		async () => {
			try {
				await post('HeapProfiler.enable');
				await post('HeapProfiler.startSampling', {
					samplingInterval: 4096,
					includeObjectsCollectedByMajorGC: true,
					includeObjectsCollectedByMinorGC: false,
				});
				await new Promise((resolve) => setTimeout(resolve, (Number(to) - Number(from)) * 1000));
				const { profile } = await post('HeapProfiler.stopSampling');
				fs.writeFileSync(file, JSON.stringify(profile));
			} catch (error) {
				fs.writeFileSync(file, JSON.stringify({ error: String(error) }));
			}
		},
		Number(from) * 1000,
	).unref();
}
