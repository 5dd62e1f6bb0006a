#!/usr/bin/env node
'use strict';
/**
 * Scenario 7, event burst (issue #14): `npm run bench -- --only 7` (not in the default run: it packs
 * the package of an older commit), or alone `node bench/event-burst.js [--bursts 60,200] [--runs 2]`.
 *
 * An active webhook workflow in a real n8n (one process, `n8n start`) updates one product per
 * event, as a shop or ERP calling n8n on every change does; N events arrive at once, so N
 * executions run concurrently. The PIM (sandbox) allows 5 requests in flight, answers 429 with
 * Retry-After beyond that, and takes 300 ms per request. Per burst: how long until every call
 * was answered, executions per second, events lost (calls not answered 200, or products not
 * updated), and 429s. Variants, each in an n8n of its own:
 *   - before: this package as it was before issue #14 (a limiter per execution), packed from git;
 *   - after: this package as it is (one limiter per account per process, adaptive window);
 *   - HTTP Request: n8n's own HTTP Request node doing the same PUT, with Retry On Fail (3 tries,
 *     1 s apart), as a careful user would set it.
 * Writes bench/out/event-burst.json and the scenario's section of bench/RESULTS.md.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const n8n = require('../harness');
const events = require('../harness/event-workflows');

const REPO = n8n.REPO;
// The last commit before issue #14's shared limiter (953f119).
const BEFORE_COMMIT = '953f119~1';
const VERSION = n8n.DEFAULT_VERSION;
const CRED = n8n.credentialRef();
const FAULTS = { latencyMs: 300, rateLimit: { maxConcurrent: 5 } };
const PATH = 'event-burst';

function args() {
	const o = { bursts: [60, 200], runs: 2, reportOnly: false };
	const argv = process.argv.slice(2);
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--bursts') o.bursts = argv[++i].split(',').map(Number);
		else if (argv[i] === '--runs') o.runs = Number(argv[++i]);
		// Rewrites the RESULTS.md section from bench/out/event-burst.json.
		else if (argv[i] === '--report-only') o.reportOnly = true;
		else throw new Error(`unknown flag ${argv[i]}`);
	}
	return o;
}
const log = (m) => process.stdout.write(`[event-burst] ${m}\n`);

/** `npm pack` of this package at an older commit (built in a temporary worktree). */
async function packAt(commit) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-before-'));
	await n8n.run('git', ['worktree', 'add', '--detach', dir, commit], { cwd: REPO });
	try {
		fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
		await n8n.run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: dir });
		await n8n.run('npx', ['gulp', 'build:icons'], { cwd: dir });
		const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-before-pack-'));
		await n8n.run('npm', ['pack', '--pack-destination', out, '--ignore-scripts'], { cwd: dir });
		return path.join(out, fs.readdirSync(out)[0]);
	} finally {
		await n8n.run('git', ['worktree', 'remove', '--force', dir], { cwd: REPO });
	}
}

/** Webhook → update one product: the PIM node, or n8n's HTTP Request node doing the same PUT. */
function workflow(variant, sbUrl) {
	const httpRequest = {
		id: 'eb-update',
		name: 'Update product',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [240, 0],
		retryOnFail: true,
		maxTries: 3,
		waitBetweenTries: 1000,
		parameters: {
			method: 'PUT',
			url: `${sbUrl}/api/integration/product`,
			sendHeaders: true,
			headerParameters: {
				parameters: [
					{ name: 'token', value: n8n.DEMO_ACCOUNT.token },
					{ name: 'x-domain', value: n8n.DEMO_ACCOUNT.domain },
				],
			},
			sendBody: true,
			contentType: 'form-urlencoded',
			bodyParameters: {
				parameters: [
					{ name: 'sku', value: '={{ $json.body.sku }}' },
					{ name: 'language_code', value: 'en_US' },
					{ name: 'name', value: '={{ $json.body.name }}' },
				],
			},
			options: {},
		},
	};
	return events.updateOnEventWorkflow({
		id: 'eventBurst',
		name: `bench: event burst (${variant})`,
		path: PATH,
		webhookId: '5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
		credential: CRED,
		update: variant === 'httpRequest' ? httpRequest : undefined,
	});
}

async function burst(url, sb, n, tag) {
	await sb.admin('/reset', { method: 'POST' });
	await sb.admin('/faults', { method: 'PUT', body: FAULTS });
	await sb.admin('/counters', { method: 'DELETE' });
	const skus = Array.from({ length: n }, (_, i) => `SKU-${String(i + 1).padStart(6, '0')}`);
	const t0 = Date.now();
	const answers = await Promise.all(
		skus.map(async (sku) => {
			try {
				const res = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ sku, name: `${tag} ${sku}` }),
					signal: AbortSignal.timeout(300_000),
				});
				await res.text();
				return res.status;
			} catch {
				return 0;
			}
		}),
	);
	const ms = Date.now() - t0;
	const counters = await sb.admin('/counters');
	await sb.admin('/faults', { method: 'DELETE' });
	let updated = 0;
	for (const sku of skus)
		if ((await sb.admin(`/accounts/demo/products/${sku}`)).values.name === `${tag} ${sku}`)
			updated++;
	return {
		events: n,
		seconds: ms / 1000,
		executionsPerSec: n / (ms / 1000),
		answered200: answers.filter((s) => s === 200).length,
		lost: n - Math.min(updated, answers.filter((s) => s === 200).length),
		refused429: counters.byStatus['429'] ?? 0,
		maxInFlight: counters.maxInFlight,
		idealSeconds: (n / 5) * 0.3,
	};
}

async function runVariant(variant, tarball, o) {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), `pim-burst-${variant}-`));
	const sb = await n8n.startSandbox({ products: 250, log });
	let server;
	try {
		const prepared = await n8n.prepareN8n({
			version: VERSION,
			userFolder: folder,
			package: { tarball },
			credentials: [n8n.sandboxCredential(sb)],
			workflows: [workflow(variant, sb.url)],
			log,
		});
		server = await prepared.start();
		const api = await server.login();
		await api.setActive('eventBurst', true);
		const url = `${server.url}/webhook/${PATH}`;
		await events.webhookReady(url);
		const results = {};
		for (const n of o.bursts) {
			results[n] = [];
			for (let run = 1; run <= o.runs; run++) {
				const r = await burst(url, sb, n, `${variant}-${run}`);
				results[n].push(r);
				log(
					`${variant} ${n} events run ${run}: ${r.seconds.toFixed(1)} s, ${r.executionsPerSec.toFixed(1)} executions/s, lost ${r.lost}, 429s ${r.refused429}, max ${r.maxInFlight} in flight`,
				);
			}
		}
		return results;
	} finally {
		if (server) await server.stop();
		await sb.stop();
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

function median(xs) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.floor((s.length - 1) / 2)];
}

function section(out) {
	const names = {
		before: 'before #14 (limiter per execution)',
		after: 'this version',
		httpRequest: 'HTTP Request node (Retry On Fail, 3 tries)',
	};
	const lines = [
		'<!-- event-burst:start -->',
		'## Scenario 7: event burst (real n8n, one process)',
		'',
		`\`node bench/event-burst.js\`, n8n ${VERSION}, ${out.machine}, ${out.date}. An active webhook workflow updates one product per event; N events arrive at once. The PIM allows 5 requests in flight (429 + Retry-After: 1 beyond) and takes 300 ms per request: N × 0.3 s / 5 at best. Median of ${out.runs} runs (of two, the faster; lost, 429s, in flight: worst run). *Executions/s* counts failed executions too; *events landed/s* only the events whose product was updated.`,
		'',
		'| Variant | Events | Time (ideal) | Executions/s | Events landed/s | Lost events | 429s | Max in flight |',
		'| --- | --- | --- | --- | --- | --- | --- | --- |',
	];
	for (const [variant, results] of Object.entries(out.variants))
		for (const [n, runs] of Object.entries(results))
			lines.push(
				`| ${names[variant]} | ${n} | ${median(runs.map((r) => r.seconds)).toFixed(1)} s (${runs[0].idealSeconds.toFixed(1)} s) | ${median(runs.map((r) => r.executionsPerSec)).toFixed(1)} | ${median(runs.map((r) => (r.events - r.lost) / r.seconds)).toFixed(1)} | ${Math.max(...runs.map((r) => r.lost))} | ${Math.max(...runs.map((r) => r.refused429))} | ${Math.max(...runs.map((r) => r.maxInFlight))} |`,
			);
	lines.push('<!-- event-burst:end -->');
	return lines.join('\n');
}

function writeSection(out) {
	const file = path.join(REPO, 'bench', 'RESULTS.md');
	const text = fs.readFileSync(file, 'utf8');
	const block = section(out);
	const marked = /<!-- event-burst:start -->[\s\S]*<!-- event-burst:end -->/;
	fs.writeFileSync(
		file,
		marked.test(text) ? text.replace(marked, block) : `${text.trimEnd()}\n\n${block}\n`,
	);
	console.log(block);
}

/**
 * The three variants, each in an n8n of its own; writes bench/out/event-burst.json and returns
 * what it wrote. `bursts`: events per burst; `runs`: bursts of each size per variant.
 */
async function run({ bursts = [60, 200], runs = 2 } = {}) {
	const json = path.join(REPO, 'bench', 'out', 'event-burst.json');
	log('packing the package before #14 and as it is ...');
	await n8n.run('npm', ['run', 'build'], { cwd: REPO });
	const after = await n8n.packPackage({ log });
	const before = await packAt(BEFORE_COMMIT);
	const out = {
		date: new Date().toISOString().slice(0, 10),
		machine: `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at start`,
		runs,
		variants: {},
	};
	try {
		for (const [variant, tarball] of [
			['before', before],
			['after', after],
			['httpRequest', after],
		])
			out.variants[variant] = await runVariant(variant, tarball, { bursts, runs });
	} finally {
		for (const tarball of [before, after])
			fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	}
	fs.mkdirSync(path.dirname(json), { recursive: true });
	fs.writeFileSync(json, JSON.stringify(out, null, 2));
	return out;
}

async function main() {
	const o = args();
	const json = path.join(REPO, 'bench', 'out', 'event-burst.json');
	if (o.reportOnly) return writeSection(JSON.parse(fs.readFileSync(json, 'utf8')));
	writeSection(await run(o));
}

module.exports = { run, writeSection };

if (require.main === module)
	main().catch((e) => {
		console.error(e);
		process.exit(1);
	});
