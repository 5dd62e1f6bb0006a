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
 * jest's own warning is held back and printed only with a leak: a green run says only the above.
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
/** jest's forced-exit warning, held back: printed only when the judge finds a leak. */
let forcedWarning = '';
let partial = '';
child.stderr.on('data', (chunk) => {
	const text = chunk.toString();
	window = (window + text).slice(-4096);
	if (FORCED.test(window)) forced = true;
	if (UNCLOSED.test(window)) unclosed = true;
	// Whole lines pass through as they come, but jest's forced-exit warning.
	const lines = (partial + text).split('\n');
	partial = lines.pop();
	const shown = lines.filter((line) => {
		if (!FORCED.test(line)) return true;
		forcedWarning += `${line}\n`;
		return false;
	});
	if (shown.length) process.stderr.write(`${shown.join('\n')}\n`);
});
child.stderr.on('end', () => {
	if (partial) process.stderr.write(partial);
	partial = '';
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

// 'exit', not 'close': a process a test left behind may hold the stderr pipe open; what jest
// wrote before it exited is in hand.
child.on('exit', (code, signal) => {
	if (partial) process.stderr.write(partial);
	partial = '';
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
			process.stderr.write(forcedWarning);
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
