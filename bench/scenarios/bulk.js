'use strict';
/**
 * Scenario 2: bulk update of N products through a rate-limited sandbox (token bucket of `rps`
 * tokens refilled at `rps`/s, 429 + Retry-After when empty). After every run the sandbox is
 * checked through /__admin: exactly one successful PUT per SKU in the request log, and each
 * product's stored name is the value that run wrote.
 */
const { startSandbox } = require('../lib/sandbox');
const { runChild } = require('../lib/child');
const { median } = require('../lib/stats');

const PRODUCT_PATH = '/api/integration/product';

function sku(i) {
	return `SKU-${String(i).padStart(6, '0')}`;
}

/** What the sandbox says happened, compared with what the run meant to write. */
async function verify(sb, count, tag) {
	const counters = await sb.admin('GET', '/counters');
	const log = await sb.admin('GET', '/log');
	const okPuts = new Map();
	let puts = 0;
	for (const e of log) {
		if (e.method !== 'PUT' || e.path !== PRODUCT_PATH) continue;
		puts++;
		if (e.status !== 200) continue;
		const s = e.body && e.body.sku;
		okPuts.set(s, (okPuts.get(s) ?? 0) + 1);
	}
	let updatedOnce = 0;
	let duplicated = 0;
	let missing = 0;
	let wrongValue = 0;
	const skus = Array.from({ length: count }, (_, i) => sku(i + 1));
	for (let i = 0; i < skus.length; i += 25) {
		const batch = skus.slice(i, i + 25);
		const states = await Promise.all(
			batch.map((s) => sb.admin('GET', `/accounts/demo/products/${encodeURIComponent(s)}`)),
		);
		batch.forEach((s, k) => {
			const n = okPuts.get(s) ?? 0;
			const valueOk = states[k].values && states[k].values.name === `${tag} ${s}`;
			if (n === 0) missing++;
			else if (n > 1) duplicated++;
			if (n > 0 && !valueOk) wrongValue++;
			if (n === 1 && valueOk) updatedOnce++;
		});
	}
	return {
		requests: counters.requests,
		puts,
		status429: counters.byStatus['429'] ?? 0,
		byStatus: counters.byStatus,
		maxInFlight: counters.maxInFlight,
		updatedOnce,
		duplicated,
		missing,
		wrongValue,
		logComplete: log.length < 200_000,
	};
}

async function run(ctx) {
	const { log } = ctx;
	const { count, rps } = ctx.bulk;
	const variants = ['node', 'node2', 'raw', ...(ctx.n8n ? ['http'] : [])];
	const runsOf = {
		node: ctx.bulk.runs,
		node2: ctx.bulk.runs,
		raw: ctx.bulk.httpRuns,
		http: ctx.bulk.httpRuns,
	};
	log(
		`scenario 2: update ${count} products at ${rps} requests/s, ${variants.map((v) => `${runsOf[v]}× ${v}`).join(', ')}`,
	);
	const sb = await startSandbox({ products: count, logLimit: 200_000 });
	const out = { count, rps, variants, results: {} };
	try {
		for (const v of variants) {
			out.results[v] = [];
			for (let i = 0; i < runsOf[v]; i++) {
				await sb.admin('POST', '/reset');
				await sb.admin('PUT', '/faults', { rateLimit: { rps } });
				const tag = `Bench ${v} ${i + 1}`;
				const r = await runChild({ task: `bulk-${v}`, url: sb.url, count, tag, n8n: ctx.n8n });
				Object.assign(r, await verify(sb, count, tag));
				r.itemsPerSec = (count - r.failed) / (r.wallMs / 1000);
				out.results[v].push(r);
				log(
					`  ${v} run ${i + 1}: ${(r.wallMs / 1000).toFixed(1)} s, ${r.itemsPerSec.toFixed(1)} items/s, failed ${r.failed}, ` +
						`429s ${r.status429}, updated once ${r.updatedOnce}/${count}`,
				);
			}
		}
		await sb.admin('DELETE', '/faults');
		// Per-item cost of each node version without a rate limit: what Map Automatically adds.
		out.overhead = {};
		for (const v of ['node', 'node2']) {
			const walls = [];
			for (let i = 0; i < ctx.bulk.runs; i++) {
				await sb.admin('POST', '/reset');
				const tag = `Overhead ${v} ${i + 1}`;
				const r = await runChild({ task: `bulk-${v}`, url: sb.url, count, tag, n8n: ctx.n8n });
				const check = await verify(sb, count, tag);
				if (r.failed || check.updatedOnce !== count)
					throw new Error(
						`${v} unthrottled: ${r.failed} failed, ${check.updatedOnce}/${count} updated once`,
					);
				walls.push(r.wallMs);
			}
			out.overhead[v] = { walls, msPerItem: median(walls) / count };
			log(
				`  ${v} without rate limit: ${(median(walls) / 1000).toFixed(2)} s, ${(median(walls) / count).toFixed(3)} ms per item`,
			);
		}
	} finally {
		await sb.close();
	}
	// The bucket starts full: N requests can pass in (N - rps) / rps seconds at best.
	out.ceilingPerSec = count > rps ? count / ((count - rps) / rps) : Infinity;
	out.summary = {};
	for (const v of variants) {
		const rs = out.results[v];
		out.summary[v] = {
			wallMedian: median(rs.map((r) => r.wallMs)),
			wall: rs.map((r) => r.wallMs),
			itemsPerSec: median(rs.map((r) => r.itemsPerSec)),
			failed: median(rs.map((r) => r.failed)),
			failedMax: Math.max(...rs.map((r) => r.failed)),
			status429: median(rs.map((r) => r.status429)),
			updatedOnceMin: Math.min(...rs.map((r) => r.updatedOnce)),
			duplicatedMax: Math.max(...rs.map((r) => r.duplicated)),
			maxInFlight: Math.max(...rs.map((r) => r.maxInFlight)),
		};
		out.summary[v].shareOfRps = out.summary[v].itemsPerSec / rps;
		out.summary[v].shareOfCeiling = out.summary[v].itemsPerSec / out.ceilingPerSec;
	}
	return out;
}

module.exports = { run };
