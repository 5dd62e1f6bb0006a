#!/usr/bin/env node
'use strict';
/**
 * What Import File's sync leaves in V8's old space (#75): scenario 11's sheet (the account's
 * products as they are, `--changed` rows renamed) as one CSV through Product → Import File, in
 * process (n8n-core's WorkflowExecute around the built node, the file as in-memory binary data),
 * the sandbox allowing `--rps` requests a second. Each build runs in a child process of its own
 * under `--trace-gc-nvp`: what the scavenges allocated and promoted over the import, per row.
 * Promoted bytes are what fills the old space between full collections: with what stays live they
 * set n8n's peak (bench/analysis.md, "Where the promoted bytes came from").
 *
 *   node bench/import-promotion.js [--rows 100000] [--changed 1000] [--rps 50] [--runs 1]
 *     [--dist dist,/other/dist] [--sample FILE]
 *
 * `--dist`: the builds compared (each a dist/ folder; `PIM_BENCH_DIST` as bench/README.md says).
 * `--sample FILE`: also V8's sampling heap profiler over the import, keeping what full
 * collections freed (what was promoted) by allocating stack: FILE-<n>.heapprofile, for
 * bench/promoted-summary.js.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');
const os = require('node:os');
const path = require('node:path');

const { IMPORT } = require('./catalogue-file');
const { tracedChild } = require('./lib/gc-trace');

const ROOT = path.resolve(__dirname, '..');
const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i > 0 ? process.argv[i + 1] : fallback;
};

function post(session, method, params) {
	return new Promise((resolve, reject) =>
		session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
	);
}

/** A heap snapshot of this process, written to `file` (Chrome DevTools reads it). */
async function takeSnapshot(file) {
	const session = new inspector.Session();
	session.connect();
	const out = fs.openSync(file, 'w');
	session.on('HeapProfiler.addHeapSnapshotChunk', (m) => fs.writeSync(out, m.params.chunk));
	await post(session, 'HeapProfiler.takeHeapSnapshot', { reportProgress: false });
	fs.closeSync(out);
	session.disconnect();
}

/** The child: one import of the sheet, between two marks on stderr. */
async function importOnce(rows, changed, rps, sampleFile) {
	const { loadInProcess } = require('./lib/in-process');
	const { startSandbox } = require('./lib/sandbox');
	const { COLUMNS, csvField, edit, sheet } = require('./nightly-sync');
	const h = loadInProcess();
	const sb = await startSandbox({ extra: ['--account', `big:big-token:${rows}`] });
	try {
		const products = await sheet(sb, 'big', rows);
		const columns = ['sku', 'family', ...COLUMNS];
		const text = [
			columns.join(','),
			...edit(products, changed).rows.map((row) => columns.map((c) => csvField(row[c])).join(',')),
		].join('\n');
		const binary = {
			data: {
				data: Buffer.from(`${text}\n`).toString('base64'),
				mimeType: 'text/csv',
				fileName: 'catalogue.csv',
			},
		};
		await sb.admin('PUT', '/faults', { rateLimit: { rps } });
		await sb.admin('DELETE', '/counters');
		let session;
		if (sampleFile) {
			session = new inspector.Session();
			session.connect();
			await post(session, 'HeapProfiler.enable');
			await post(session, 'HeapProfiler.startSampling', {
				samplingInterval: 4096,
				includeObjectsCollectedByMajorGC: true,
				includeObjectsCollectedByMinorGC: false,
			});
		}
		// PIM_BENCH_SNAPSHOT=<file>,<s>: a heap snapshot <s> seconds into the import (the write pass).
		const [snapshotFile, snapshotS] = (process.env.PIM_BENCH_SNAPSHOT ?? '').split(',');
		let snapshotTaken;
		if (snapshotFile)
			setTimeout(
				() => {
					snapshotTaken = takeSnapshot(snapshotFile);
				},
				Number(snapshotS) * 1000,
			);
		process.stderr.write('MARK start\n');
		const t0 = Date.now();
		const { items, error } = await h.runPim(
			{ baseUrl: sb.url, domain: 'big', token: 'big-token' },
			IMPORT,
			{ input: [{ $binary: binary }], version: 2 },
		);
		const ms = Date.now() - t0;
		process.stderr.write('MARK end\n');
		await snapshotTaken;
		if (sampleFile) {
			const { profile } = await post(session, 'HeapProfiler.stopSampling');
			fs.writeFileSync(sampleFile, JSON.stringify(profile));
		}
		if (error) throw new Error(`the import failed: ${error.message}`);
		const summary = items[0].json;
		const counters = await sb.admin('GET', '/counters');
		// PIM_BENCH_PHASES=1: when the catalogue's pages and the writes came, in s after the start.
		if (process.env.PIM_BENCH_PHASES) {
			const log = await sb.admin('GET', '/log');
			const at = (r) => ((r.arrivedAt - t0) / 1000).toFixed(1);
			const pages = log.filter(
				(r) => r.method === 'GET' && r.query['pagination[currentPage]'] && r.arrivedAt >= t0,
			);
			const writes = log.filter((r) => r.method === 'POST' || r.method === 'PUT');
			const ms = writes.map((r) => r.durationMs ?? 0).sort((a, b) => a - b);
			const pct = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
			process.stderr.write(
				`PHASES pages ${pages.length} from ${at(pages[0])} s to ${at(pages[pages.length - 1])} s; writes from ${at(writes[0])} s to ${at(writes[writes.length - 1])} s, answered in ${pct(0.5)} ms (median), ${pct(0.9)} ms (90th)\n`,
			);
		}
		process.stderr.write(
			`RESULT ${JSON.stringify({ ms, requests: counters.requests, updated: summary.updated, unchanged: summary.unchanged, failed: summary.failed })}\n`,
		);
	} finally {
		await sb.close();
	}
}

/** One run of a build in a child process: what its scavenges allocated and promoted. */
async function measure(dist, rows, changed, rps, sampleFile) {
	const env = { PIM_BENCH_DIST: path.resolve(dist) };
	const args = [rows, changed, rps, sampleFile ?? ''];
	const { result, ...gc } = await tracedChild(__filename, args, env).catch((e) => {
		throw new Error(`${dist}: ${e.message}`);
	});
	return { dist, ...result, ...gc };
}

async function main() {
	const rows = Number(arg('--rows', '100000'));
	const changed = Number(arg('--changed', String(Math.ceil(rows / 100))));
	const rps = Number(arg('--rps', '50'));
	const runs = Number(arg('--runs', '1'));
	const dists = arg('--dist', path.join(ROOT, 'dist')).split(',');
	const sample = arg('--sample', undefined);
	console.log(
		`Import File of ${rows} rows (${changed} changed), the PIM at ${rps}/s, in process (${os.cpus().length} cores, Node ${process.version})`,
	);
	console.log(
		'| build | run | time | requests | KB allocated a row | KB promoted a row | full collections |',
	);
	console.log('|---|---:|---:|---:|---:|---:|---:|');
	let n = 0;
	for (let run = 1; run <= runs; run++)
		for (const dist of dists) {
			const file = sample ? `${sample}-${++n}.heapprofile` : undefined;
			const r = await measure(dist, rows, changed, rps, file);
			console.log(
				`| ${path.relative(process.cwd(), path.resolve(dist)) || '.'} | ${run} | ${(r.ms / 1000).toFixed(1)} s | ${r.requests} (${r.updated} updated, ${r.failed} failed) | ${(r.allocated / rows / 1024).toFixed(1)} | ${(r.promoted / rows / 1024).toFixed(2)} | ${r.full} |${file ? ` ${file}` : ''}`,
			);
		}
}

if (process.argv[2] === '--child') {
	const [rows, changed, rps, sampleFile] = process.argv.slice(3);
	importOnce(Number(rows), Number(changed), Number(rps), sampleFile || undefined).catch((e) => {
		process.stderr.write(`${e.stack}\n`);
		process.exit(1);
	});
} else
	main().catch((e) => {
		process.stderr.write(`${e.stack}\n`);
		process.exit(1);
	});
