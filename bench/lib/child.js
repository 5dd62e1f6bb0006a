'use strict';
/** Runs bench/worker.js for one measurement in a fresh Node process and returns its result. */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const WORKER = path.join(__dirname, '..', 'worker.js');

/**
 * @param {object} spec   task name and inputs (see bench/tasks)
 * @param {{ nodeArgs?: string[], timeoutMs?: number, env?: object }} opts
 */
async function runChild(spec, opts = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-run-'));
	const specFile = path.join(dir, 'spec.json');
	const resultFile = path.join(dir, 'result.json');
	fs.writeFileSync(specFile, JSON.stringify(spec));
	// Same heap limit for every variant: 500 000 items do not fit in the default one.
	const args = [
		'--max-old-space-size=8192',
		'--expose-gc',
		...(opts.nodeArgs ?? []),
		WORKER,
		specFile,
		resultFile,
	];
	const child = spawn(process.execPath, args, {
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, ...(opts.env ?? {}) },
	});
	let output = '';
	child.stdout.on('data', (d) => (output = (output + d).slice(-8000)));
	child.stderr.on('data', (d) => (output = (output + d).slice(-8000)));
	const timeoutMs = opts.timeoutMs ?? 15 * 60_000;
	const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
	const code = await new Promise((resolve) => child.once('exit', (c, s) => resolve(c ?? s)));
	clearTimeout(timer);
	try {
		if (code !== 0 || !fs.existsSync(resultFile)) {
			throw new Error(`${spec.task} failed (exit ${code}):\n${output.trim()}`);
		}
		return JSON.parse(fs.readFileSync(resultFile, 'utf8'));
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

module.exports = { runChild };
