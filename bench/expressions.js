'use strict';
/**
 * Diagnostic for scenario 2: how many expression evaluations one input item of product.update
 * costs in n8n-core, and where they come from (RoutingNode's parameter loop, the node's preSend).
 * Runs `count` items against a sandbox process and counts n8n-workflow's Expression calls.
 *
 *   node bench/expressions.js [count=200]
 *   PIM_BENCH_DIST=<other build> node bench/expressions.js
 */
const { attributes, productWrite } = require('../harness/product-write');
const { startSandbox } = require('./lib/sandbox');
const { sandboxCredential } = require('../harness/sandbox');
const { loadInProcess } = require('./lib/in-process');

async function main() {
	const count = Number(process.argv[2] || 200);
	const sb = await startSandbox({ products: count, log: false });
	try {
		const h = loadInProcess();
		const { Expression } = require('n8n-workflow');
		const byValue = new Map();
		const bySite = new Map();
		const original = Expression.prototype.resolveSimpleParameterValue;
		Error.stackTraceLimit = 60;
		Expression.prototype.resolveSimpleParameterValue = function (value, ...rest) {
			if (typeof value === 'string' && value.startsWith('=')) {
				byValue.set(value, (byValue.get(value) ?? 0) + 1);
				// Who asked: the first frame outside n8n-workflow and n8n-core's parameter helpers
				// (RoutingNode's own loop, or a function of the node).
				const site = new Error().stack
					.split('\n')
					.slice(2)
					.map((l) => l.trim())
					.find(
						(l) =>
							!/n8n-workflow|node:internal|node-execution-context|RoutingNode\.getParameterValue|Array\.map|^Error/.test(
								l,
							),
					);
				const name = (site ?? '?')
					.replace(/^at /, '')
					.replace(/^async /, '')
					.replace(/ \(.*\)$/, '');
				bySite.set(name, (bySite.get(name) ?? 0) + 1);
			}
			return original.call(this, value, ...rest);
		};
		const input = Array.from({ length: count }, (_, i) => ({
			sku: `SKU-${String(i + 1).padStart(6, '0')}`,
			name: `Renamed ${i + 1}`,
		}));
		const started = performance.now();
		const { error } = await h.runPim(
			sandboxCredential(sb).data,
			productWrite('update', { attributes: attributes({ name: '={{ $json.name }}' }) }),
			{ input },
		);
		if (error) throw new Error(error.message);
		const total = [...byValue.values()].reduce((a, b) => a + b, 0);
		process.stdout.write(
			`${count} items in ${(performance.now() - started).toFixed(0)} ms; ${(total / count).toFixed(1)} expression evaluations per item (2 expressions in the node's parameters)\n\nper expression:\n`,
		);
		for (const [k, v] of [...byValue].sort((a, b) => b[1] - a[1])) {
			process.stdout.write(`${(v / count).toFixed(1).padStart(6)}  ${k}\n`);
		}
		process.stdout.write('\nper caller:\n');
		for (const [k, v] of [...bySite].sort((a, b) => b[1] - a[1])) {
			process.stdout.write(`${(v / count).toFixed(1).padStart(6)}  ${k}\n`);
		}
	} finally {
		await sb.close();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${error.stack ?? error}\n`);
		process.exit(1);
	},
);
