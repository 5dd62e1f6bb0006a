'use strict';
/**
 * `npm test`'s jest, which must also exit cleanly: a run whose worker had to be force-exited
 * ("A worker process has failed to exit gracefully"), or that jest reports did not exit, left a
 * socket or a timer open, and fails here even when every test passed; the worker then prints what
 * held it. Arguments go to jest.
 */
const { spawn } = require('node:child_process');

const UNCLEAN = /failed to exit gracefully|did not exit one second after the test run/;

const child = spawn(
	process.execPath,
	[require.resolve('jest/bin/jest'), ...process.argv.slice(2)],
	{
		stdio: ['inherit', 'inherit', 'pipe'],
		// Each worker says what holds it if it does not end in time (harness/jest-worker-exit.js).
		env: {
			...process.env,
			NODE_OPTIONS:
				`${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(require.resolve('../harness/jest-worker-exit'))}`.trim(),
		},
	},
);
let window = '';
let unclean = false;
child.stderr.on('data', (chunk) => {
	process.stderr.write(chunk);
	window = (window + chunk.toString()).slice(-4096);
	if (UNCLEAN.test(window)) unclean = true;
});
child.on('exit', (code, signal) => {
	if (signal) process.kill(process.pid, signal);
	if (code === 0 && unclean) {
		console.error(
			'\njest did not exit cleanly: a test left a socket or a timer open (run `npx jest --detectOpenHandles <file>` to find it)',
		);
		process.exit(1);
	}
	process.exit(code ?? 1);
});
