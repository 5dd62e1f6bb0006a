#!/usr/bin/env node
'use strict';
/**
 * What a PIM Trigger poll costs on a big catalogue, per list order: requests and wall time of the
 * activation poll, a poll with no change and a poll with 10 changes, on 100 000 products listed by
 * id ascending, id descending (newest created first) and last update first (as the real service
 * lists products). The trigger runs through n8n-core's PollContext (harness/in-process.ts) against
 * the sandbox in its own process; requests are counted in the sandbox's log. Scenario 6 of
 * `npm run bench`; alone it prints the table:
 *
 *   node bench/trigger-polls.js [--products 100000]
 */
const { loadInProcess } = require('./lib/in-process');
const { startSandbox } = require('./lib/sandbox');

const ORDERS = [
	['id', 'id ascending'],
	['id-desc', 'id descending (newest created first)'],
	['updated-desc', 'last update first (the real service)'],
];
const DOMAIN = 'polls';

async function run({ products = 100_000, log = () => {} } = {}) {
	const h = loadInProcess();
	const sb = await startSandbox({
		extra: ['--account', `${DOMAIN}:${DOMAIN}-token:${products}`],
		logLimit: 100_000,
	});
	const creds = { baseUrl: sb.url, domain: DOMAIN, token: `${DOMAIN}-token` };
	const rows = [];
	try {
		for (const [order, label] of ORDERS) {
			await sb.admin('POST', '/reset');
			await sb.admin('PATCH', `/accounts/${DOMAIN}`, { listOrder: order });
			const poller = h.pimTriggerPoller(creds, {});
			const poll = async () => {
				await sb.admin('DELETE', '/log');
				const t0 = process.hrtime.bigint();
				const out = await poller.poll();
				const ms = Number(process.hrtime.bigint() - t0) / 1e6;
				const requests = (await sb.admin('GET', '/log')).filter(
					(r) => r.path === '/api/integration/product',
				).length;
				return { requests, ms, emitted: out ? out[0].length : 0 };
			};
			const activation = await poll();
			const idle = await poll();
			for (let i = 0; i < 10; i++) {
				const sku = `SKU-${String(1 + ((i * 9973) % products)).padStart(6, '0')}`;
				await sb.admin('POST', `/accounts/${DOMAIN}/products/${sku}/touch`, {});
			}
			const changed = await poll();
			if (changed.emitted !== 10)
				throw new Error(`${order}: the poll after 10 changes emitted ${changed.emitted}`);
			rows.push({ order, label, activation, idle, changed });
			log(`polls ${order}: ${activation.requests}/${idle.requests}/${changed.requests} requests`);
		}
	} finally {
		await sb.close();
	}
	return { products, rows };
}

function table(result) {
	if (!result) return '_not measured_\n';
	const cell = (p) =>
		`${p.requests} (${p.ms < 1000 ? `${Math.round(p.ms)} ms` : `${(p.ms / 1000).toFixed(2)} s`})`;
	const lines = [
		`| list order (${result.products.toLocaleString('en-US')} products) | activation | no change | 10 changes |`,
		'|---|---:|---:|---:|',
		...result.rows.map(
			(r) => `| ${r.label} | ${cell(r.activation)} | ${cell(r.idle)} | ${cell(r.changed)} |`,
		),
	];
	return `${lines.join('\n')}\n\nRequests per poll (wall time of the poll, which includes the sandbox sorting its 100 000 products again after a change in the last-update-first order). Each poll after the changes emitted exactly the 10 changed products.\n`;
}

module.exports = { run, table };

if (require.main === module) {
	const i = process.argv.indexOf('--products');
	const products = i > 0 ? Number(process.argv[i + 1]) : 100_000;
	run({ products, log: (m) => process.stderr.write(`${m}\n`) })
		.then((r) => process.stdout.write(table(r)))
		.catch((e) => {
			process.stderr.write(`${e.stack}\n`);
			process.exit(1);
		});
}
