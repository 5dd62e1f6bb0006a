'use strict';
/**
 * What one request leaves in V8's old space (#44, the first import's memory): the bytes each
 * scavenge promotes, summed over 50 000 POSTs (5 at once) to a local server, for n8n-core's own
 * request helper and for what it is made of. A write of the node goes through
 * `httpRequestWithAuthentication` → `httpRequest` (n8n-core's in 1.x, @n8n/backend-network's in
 * 2.x, run on Node 24); what that promotes fills the old space between two full collections, and
 * the peak of a long import is where it fills. Both versions give every request agents of its
 * own, so every request opens a connection: `raw` does the same, `raw:keepalive` reuses them.
 *
 *   node bench/request-promotion.js [--version 1.123.81] [--requests 50000]
 *
 * Each way runs in a child process of its own under `--trace-gc-nvp`, after 2 000 untimed
 * requests. Printed: bytes allocated and promoted per request, and the promoted bytes as a ratio
 * of raw `http.request`'s and of n8n-core's `httpRequest`'s. The node's deadline ways
 * (`deadline:*`) read the answer with a listener on the deadline's signal, as `readAnswer` does
 * (n8n replaces the request's own `abortSignal` with the execution's cancel signal).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { ensureN8n } = require('../harness/install');
const { scavengeTotals } = require('./lib/gc-trace');

const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i > 0 ? process.argv[i + 1] : fallback;
};

const WAYS = [
	['raw', 'Node http.request, an agent per request'],
	['raw:keepalive', 'Node http.request, one keep-alive agent (connections reused)'],
	['axios', 'axios alone'],
	[
		'axios+agents',
		"axios with n8n's request module loaded (its interceptor) and its config (two agents a request)",
	],
	['core', "n8n's httpRequest (1.x adds axios.getUri for the allowed domains)"],
	['deadline:own', "n8n's httpRequest + a deadline per request (AbortSignal.timeout)"],
	['deadline:shared', "n8n's httpRequest + one deadline timer a second (the node's)"],
];

function child(way, url, inst, requests) {
	const modules = path.join(inst.dir, 'node_modules');
	// n8n 2.x sends a node's requests through @n8n/backend-network (its own axios), 1.x through n8n-core.
	const network = path.join(modules, '@n8n/backend-network/dist/http/axios');
	const modern = fs.existsSync(path.join(network, 'request.js'));
	const core = modern
		? path.join(network, 'request.js')
		: path.join(
				modules,
				'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions.js',
			);
	// The axios n8n's request helper loads: 2.x's own copy when it has one.
	const nested = path.join(modules, '@n8n/backend-network/node_modules/axios');
	const axiosDir = modern && fs.existsSync(nested) ? nested : path.join(modules, 'axios');
	const source = `
const http = require('node:http');
const WAY = ${JSON.stringify(way)}, URL_ = ${JSON.stringify(url)}, N = ${requests};
const usesCore = !WAY.startsWith('raw') && WAY !== 'axios';
const keepAlive = new http.Agent({ keepAlive: true });
const core = usesCore ? require(${JSON.stringify(core)}) : null;
// 2.x: the interceptor n8n installs at start (its agents and headers on every request).
if (usesCore && ${modern}) require(${JSON.stringify(path.join(network, 'config.js'))}).configureGlobalAxiosDefaults();
const axios = require(${JSON.stringify(axiosDir)});
class SharedDeadline {
	constructor(step, ms) {
		this.step = step; this.watching = new Set(); this.passed = false;
		AbortSignal.timeout(ms).addEventListener('abort', () => { this.passed = true; for (const c of this.watching) c.abort(); }, { once: true });
	}
	watch() { const c = new AbortController(); if (this.passed) c.abort(); else this.watching.add(c); return { signal: c.signal, release: () => this.watching.delete(c) }; }
}
let shared;
function deadline() {
	if (WAY === 'deadline:own') return { signal: AbortSignal.timeout(60000), release() {} };
	const step = Math.floor(Date.now() / 1000);
	if (!shared || shared.step !== step) shared = new SharedDeadline(step, 61000);
	return shared.watch();
}
const n8nRequest = (i) => ({ url: URL_, method: 'POST', body: { sku: 'S' + i }, json: true, returnFullResponse: true,
	ignoreHttpStatusErrors: true, disableFollowRedirect: true, encoding: 'stream', headers: { token: 't' }, timeout: 61000 });
async function readAll(stream, signal) {
	const onAbort = () => stream.destroy();
	if (signal) signal.addEventListener('abort', onAbort);
	for await (const _ of stream);
	if (signal) signal.removeEventListener('abort', onAbort);
}
async function one(i) {
	if (WAY.startsWith('raw')) {
		await new Promise((resolve, reject) => {
			const agent = WAY === 'raw' ? new http.Agent() : keepAlive;
			const req = http.request(URL_, { method: 'POST', agent }, (res) => { res.resume(); res.on('end', resolve); });
			req.on('error', reject);
			req.end(JSON.stringify({ sku: 'S' + i }));
		});
		return;
	}
	if (WAY === 'axios' || WAY === 'axios+agents') {
		const config = WAY === 'axios'
			? { url: URL_, method: 'POST', data: { sku: 'S' + i }, responseType: 'stream', maxRedirects: 0, validateStatus: () => true, timeout: 61000 }
			: core.convertN8nRequestToAxios(n8nRequest(i));
		const res = await axios(config);
		await readAll(res.data);
		return;
	}
	const d = WAY.startsWith('deadline') ? deadline() : null;
	// 2.x's httpRequest takes the SSRF policy second: none here, as in n8n by default.
	const res = await core.httpRequest(n8nRequest(i), undefined);
	await readAll(res.body, d && d.signal);
	if (d) d.release();
}
(async () => {
	for (let i = 0; i < 2000; i++) await one(i);
	console.log('MARK START');
	let next = 0;
	await Promise.all(Array.from({ length: 5 }, async () => { while (next < N) await one(next++); }));
	console.log('MARK END');
	process.exit(0);
})();`;
	return new Promise((resolve, reject) => {
		const p = spawn(inst.nodeBin, ['--trace-gc-nvp', '-e', source], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		p.stdout.on('data', (d) => (out += d));
		p.on('error', reject);
		p.on('exit', (code) => {
			if (code !== 0) return reject(new Error(`${way}: exit ${code}`));
			const { allocated, promoted } = scavengeTotals(out, 'MARK START', 'MARK END');
			resolve({ allocated: allocated / requests, promoted: promoted / requests });
		});
	});
}

(async () => {
	const version = arg('--version', '1.123.81');
	const requests = Number(arg('--requests', '50000'));
	const inst = await ensureN8n(version);
	const body = JSON.stringify({ status: true, data: { id: 1, sku: 'S' } });
	const server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			res.writeHead(201, {
				'content-type': 'application/json',
				'content-length': Buffer.byteLength(body),
			});
			res.end(body);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${server.address().port}/api/products`;
	const results = {};
	for (const [way] of WAYS) results[way] = await child(way, url, inst, requests);
	server.close();
	console.log(
		`n8n ${version} (node ${inst.nodeVersion}), ${requests} POSTs, 5 at once, per request:\n`,
	);
	console.log('| way | allocated | promoted | ÷ raw | ÷ n8n-core |');
	console.log('|---|---:|---:|---:|---:|');
	for (const [way, what] of WAYS) {
		const r = results[way];
		console.log(
			`| ${what} | ${(r.allocated / 1024).toFixed(1)} KB | ${(r.promoted / 1024).toFixed(2)} KB | ${(r.promoted / Math.max(1, results.raw.promoted)).toFixed(0)} | ${(r.promoted / results.core.promoted).toFixed(2)} |`,
		);
	}
})().catch((e) => {
	console.error(e);
	process.exit(1);
});
