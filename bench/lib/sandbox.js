'use strict';
/**
 * The PIM sandbox in its own process (so it never shares an event loop with the client being
 * measured), plus small helpers for its /__admin endpoints.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const TS_NODE = path.join(ROOT, 'node_modules', '.bin', 'ts-node');

/**
 * Starts `sandbox/cli.ts` with the given flags and resolves once its ready file holds the URL.
 * @param {{ products?: number, attributes?: number, log?: boolean, logLimit?: number, extra?: string[], timeoutMs?: number }} opts
 */
async function startSandbox(opts = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-sb-'));
	const readyFile = path.join(dir, 'url');
	const args = [
		'--transpile-only',
		path.join(ROOT, 'sandbox', 'cli.ts'),
		'--port',
		'0',
		'--ready-file',
		readyFile,
	];
	if (opts.products !== undefined) args.push('--products', String(opts.products));
	if (opts.attributes !== undefined) args.push('--attributes', String(opts.attributes));
	if (opts.log === false) args.push('--no-log');
	if (opts.logLimit !== undefined) args.push('--log-limit', String(opts.logLimit));
	args.push(...(opts.extra ?? []));
	const child = spawn(TS_NODE, args, {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		// Room for 500 000 seeded products and their cached wire JSON.
		env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=8192' },
	});
	let output = '';
	child.stdout.on('data', (d) => (output = (output + d).slice(-4000)));
	child.stderr.on('data', (d) => (output = (output + d).slice(-4000)));
	const exited = new Promise((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	);

	const started = Date.now();
	const timeoutMs = opts.timeoutMs ?? 180_000;
	let url;
	for (;;) {
		if (fs.existsSync(readyFile)) {
			url = fs.readFileSync(readyFile, 'utf8').trim();
			if (url) break;
		}
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`sandbox exited before it was ready:\n${output}`);
		}
		if (Date.now() - started > timeoutMs) {
			child.kill('SIGTERM');
			throw new Error(`sandbox not ready after ${timeoutMs} ms:\n${output}`);
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	const startMs = Date.now() - started;

	return {
		url,
		pid: child.pid,
		startMs,
		admin: (method, p, body) => admin(url, method, p, body),
		async close() {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGTERM');
				const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
				await exited;
				clearTimeout(timer);
			}
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** One /__admin call; answers parsed JSON (or undefined for an empty body). */
async function admin(url, method, p, body) {
	const res = await fetch(`${url}/__admin${p}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} /__admin${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
	return text ? JSON.parse(text) : undefined;
}

module.exports = { startSandbox, admin, ROOT };
