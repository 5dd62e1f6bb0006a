#!/usr/bin/env node
'use strict';
/**
 * What the catalogue's read leaves in V8's old space (#44, the sync's memory): the bytes V8's
 * scavenges promote while Create or Update (Read All Products Once + Skip Unchanged, one row)
 * reads an account of `--products` products page by page, the sandbox allowing `--rps` requests
 * a second, for each number of pages requested ahead (`--lookahead`; the build reads 4). In
 * process (n8n-core's WorkflowExecute around the built node), each run in a child process of its
 * own under `--trace-gc-nvp`. What the read promotes is garbage in the old space: it sets how
 * often V8 runs a full collection there, and how much it lets the old space grow after one.
 *
 *   node bench/catalogue-promotion.js [--products 200000] [--rps 50] [--lookahead 1,2,4]
 *     [--latency 0]
 *
 * `--latency MS`: the sandbox answers every request MS later (a hosted PIM's answer time), to
 * weigh what pages read ahead save in time against what they promote.
 *
 * Printed: per lookahead, the read's time, pages, MB allocated a page (what the scavenges saw),
 * MB promoted and MB promoted a page.
 */
const fs = require('node:fs');
const path = require('node:path');

const { tracedChild } = require('./lib/gc-trace');

const ROOT = path.resolve(__dirname, '..');
const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i > 0 ? process.argv[i + 1] : fallback;
};

/** The build's own lookahead, as pagination.ts states it. */
const LOOKAHEAD = /return Math\.min\(4, pim\.settings\.maxConcurrency\);/;

/** A copy of dist/ reading `lookahead` pages ahead (inside the repo: it resolves n8n-workflow). */
function distReading(lookahead, dir) {
	fs.cpSync(path.join(ROOT, 'dist'), dir, { recursive: true });
	const file = path.join(dir, 'nodes/Pim/shared/pagination.js');
	const source = fs.readFileSync(file, 'utf8');
	if (!LOOKAHEAD.test(source))
		throw new Error(`${file}: lookaheadFor is not as this bench knows it`);
	fs.writeFileSync(
		file,
		source.replace(LOOKAHEAD, `return Math.min(${lookahead}, pim.settings.maxConcurrency);`),
	);
	return dir;
}

/** The child: reads the catalogue once, between two marks on stderr. */
async function readOnce(products, rps, latencyMs) {
	const { loadInProcess } = require('./lib/in-process');
	const { startSandbox } = require('./lib/sandbox');
	const { UPSERT } = require('./nightly-sync');
	const h = loadInProcess();
	const sb = await startSandbox({ extra: ['--account', `big:big-token:${products}`] });
	try {
		await sb.admin('PUT', '/faults', { rateLimit: { rps }, latencyMs });
		const creds = { baseUrl: sb.url, domain: 'big', token: 'big-token' };
		const row = { sku: 'SKU-000001', family: 'Shoes', name: 'Changed' };
		await sb.admin('DELETE', '/log');
		process.stderr.write('MARK start\n');
		const t0 = Date.now();
		const { error } = await h.runPim(
			creds,
			UPSERT({ lookup: 'allProducts', skipUnchanged: true }),
			{ input: [row], version: 2 },
		);
		const ms = Date.now() - t0;
		process.stderr.write('MARK end\n');
		if (error) throw new Error(`the sync failed: ${error.message}`);
		const log = await sb.admin('GET', '/log');
		const pages = log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product');
		process.stderr.write(`RESULT ${JSON.stringify({ ms, pages: pages.length })}\n`);
	} finally {
		await sb.close();
	}
}

/** One run in a child process: what its scavenges allocated and promoted between the marks. */
async function measure(lookahead, products, rps, latencyMs) {
	const dir = distReading(lookahead, path.join(ROOT, 'bench/out', `dist-lookahead-${lookahead}`));
	try {
		const { result, allocated, promoted } = await tracedChild(
			__filename,
			[products, rps, latencyMs],
			{ PIM_BENCH_DIST: dir },
		).catch((e) => {
			throw new Error(`lookahead ${lookahead}: ${e.message}`);
		});
		return {
			lookahead,
			...result,
			allocatedMB: allocated / 1048576,
			promotedMB: promoted / 1048576,
		};
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function main() {
	const products = Number(arg('--products', '200000'));
	const rps = Number(arg('--rps', '50'));
	const lookaheads = arg('--lookahead', '1,2,4').split(',').map(Number);
	const latencyMs = Number(arg('--latency', '0'));
	if (latencyMs) console.log(`each answer ${latencyMs} ms later\n`);
	console.log(`| pages read ahead | read | pages | allocated a page | promoted | a page |`);
	console.log(`|---:|---:|---:|---:|---:|---:|`);
	for (const lookahead of lookaheads) {
		const r = await measure(lookahead, products, rps, latencyMs);
		console.log(
			`| ${r.lookahead} | ${(r.ms / 1000).toFixed(1)} s | ${r.pages} | ${(r.allocatedMB / r.pages).toFixed(1)} MB | ${r.promotedMB.toFixed(0)} MB | ${(r.promotedMB / r.pages).toFixed(2)} MB |`,
		);
	}
}

if (process.argv[2] === '--child')
	readOnce(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])).catch((e) => {
		process.stderr.write(`${e.stack}\n`);
		process.exit(1);
	});
else
	main().catch((e) => {
		console.error(e);
		process.exit(1);
	});
