'use strict';
/**
 * `npm test`'s jest, which must also exit cleanly. jest force-exits a worker still running 500 ms
 * after it was told to end ("A worker process has failed to exit gracefully"). Each worker records
 * what it did around its end (harness/jest-worker-exit.js), and a forced exit is judged by it:
 *
 * - a worker that something held (a socket, a server, a timer, a child process) or that was still
 *   running a test's work fails the run, even when every test passed, naming the handles and its
 *   last test files;
 * - a worker whose event loop had emptied (nothing held it) and whose process then ended late is
 *   the machine's load, not a test's leak: reported, not failed.
 *
 * Arguments go to jest.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const FORCED = /failed to exit gracefully/;
const UNCLOSED = /did not exit one second after the test run/;

const workers = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-jest-workers-'));
const child = spawn(
	process.execPath,
	[require.resolve('jest/bin/jest'), ...process.argv.slice(2)],
	{
		stdio: ['inherit', 'inherit', 'pipe'],
		env: {
			...process.env,
			PIM_JEST_WORKERS: workers,
			NODE_OPTIONS:
				`${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(require.resolve('../harness/jest-worker-exit'))}`.trim(),
		},
	},
);
let window = '';
let forced = false;
let unclosed = false;
child.stderr.on('data', (chunk) => {
	process.stderr.write(chunk);
	window = (window + chunk.toString()).slice(-4096);
	if (FORCED.test(window)) forced = true;
	if (UNCLOSED.test(window)) unclosed = true;
});

/** The workers' records (harness/jest-worker-exit.js). */
function records() {
	return fs
		.readdirSync(workers)
		.map((f) => {
			try {
				return JSON.parse(fs.readFileSync(path.join(workers, f), 'utf8'));
			} catch {
				return undefined; // written as the process was killed
			}
		})
		.filter(Boolean);
}

/** What the forced exit was: the leaks that fail the run, and the late exits that do not. */
function judge() {
	const leaks = [];
	const late = [];
	for (const r of records()) {
		const files = r.ran.slice(-3).join(', ') || 'none';
		if (r.held && r.forced)
			leaks.push(
				`worker ${r.worker} (pid ${r.pid}) held ${r.held.when} by: ${[...r.held.resources, ...r.held.handles].join(', ') || 'nothing listed'}; its last test files: ${files}`,
			);
		else if (r.drainedMs !== undefined) {
			if (r.drainedMs > 300)
				late.push(`worker ${r.worker} emptied its event loop ${r.drainedMs} ms after the end`);
		} else if (r.endedAt || r.ran.length)
			leaks.push(
				`worker ${r.worker} (pid ${r.pid}) ran no JavaScript between the end and its forced exit: busy with work a test left running, or blocked; its last test files: ${files}`,
			);
	}
	return { leaks, late };
}

child.on('exit', (code, signal) => {
	if (signal) process.kill(process.pid, signal);
	let failed = false;
	if (code === 0 && unclosed) {
		console.error(
			'\njest did not exit cleanly: a test left a socket or a timer open in jest itself (run `npx jest --detectOpenHandles <file>` to find it)',
		);
		failed = true;
	}
	if (forced) {
		const { leaks, late } = judge();
		if (leaks.length) {
			console.error(
				`\njest force-exited a worker that a test left busy or open:\n  ${leaks.join('\n  ')}`,
			);
			failed = true;
		} else {
			console.error(
				`\njest force-exited a worker whose event loop had emptied (nothing held it; its process ended late on a loaded machine): not a test's leak.${late.length ? `\n  ${late.join('\n  ')}` : ''}`,
			);
		}
	}
	fs.rmSync(workers, { recursive: true, force: true });
	process.exit(failed ? 1 : (code ?? 1));
});
