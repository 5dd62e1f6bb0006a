'use strict';
/**
 * Scenario 3: dropdown latency on a large account (100 000 products, 10 000 extra attributes),
 * every list called `calls` times through n8n-core's LoadOptionsContext in one child process.
 */
const { startSandbox } = require('../lib/sandbox');
const { runChild } = require('../lib/child');
const { summary } = require('../lib/stats');

async function run(ctx) {
	const { log } = ctx;
	const { products, attributes, calls } = ctx.dropdowns;
	log(
		`scenario 3: dropdowns on ${products} products / ${attributes} extra attributes, ${calls} calls each`,
	);
	const sb = await startSandbox({ products, attributes, log: false });
	try {
		const r = await runChild({ task: 'dropdowns', url: sb.url, calls });
		const cases = r.cases.map((c) => ({ ...c, stats: summary(c.times), first: c.times[0] }));
		for (const c of cases)
			log(
				`  ${c.name.padEnd(36)} median ${c.stats.median.toFixed(1)} ms (first ${c.first.toFixed(1)} ms), ${c.results} results`,
			);
		return { products, attributes, calls, sandboxStartMs: sb.startMs, cases };
	} finally {
		await sb.close();
	}
}

module.exports = { run };
