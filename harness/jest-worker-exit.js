'use strict';
/**
 * Loaded into each jest worker by `scripts/jest.js` (`--require`). jest tells a worker to end
 * and force-exits it (SIGTERM) when it is still running 500 ms later. The worker then prints what
 * holds it — timers, servers, sockets with their ports, child processes, pending file or DNS
 * work — and its last test files, for the next engineer to find the test that left it: at once
 * when the SIGTERM comes (on a loaded machine the worker may not get 300 ms of its own before
 * it), and after 300 ms otherwise. Does nothing outside a jest worker (nor in processes a test
 * starts), and nothing when the worker exits in time.
 */
const fs = require('node:fs');

const CHILD_MESSAGE_CALL = 1; // jest-worker's message giving a worker a test file to run
const CHILD_MESSAGE_END = 2; // and telling it to finish

function describeHandle(handle) {
	const name = handle?.constructor?.name ?? typeof handle;
	if (name === 'Socket' && handle.localPort !== undefined)
		return `Socket ${handle.localAddress}:${handle.localPort} -> ${handle.remoteAddress}:${handle.remotePort}`;
	if (name === 'Server') {
		const address = handle.address?.();
		return `Server listening on ${typeof address === 'object' && address ? address.port : address}`;
	}
	if (name === 'ChildProcess') return `ChildProcess ${handle.pid} ${handle.spawnargs?.join(' ')}`;
	return null; // stdio and the channel to jest: always there
}

// A jest worker is jest-worker's processChild; processes the tests start inherit its environment.
const isJestWorker =
	process.env.JEST_WORKER_ID !== undefined &&
	typeof process.send === 'function' &&
	/jest-worker[\\/]build[\\/]workers[\\/]processChild\.js$/.test(process.argv[1] ?? '');

if (isJestWorker) {
	const ran = [];
	let endedAt = 0;
	const report = (when) => {
		const resources = process.getActiveResourcesInfo().filter((r) => r !== 'PipeWrap');
		const handles = process._getActiveHandles().map(describeHandle).filter(Boolean);
		// Written at once: the process may be about to end.
		fs.writeSync(
			2,
			`jest worker ${process.env.JEST_WORKER_ID} ${when}, held by: ` +
				`${resources.join(', ') || 'nothing listed'}${handles.length ? `; ${handles.join('; ')}` : ''}` +
				` (its last test files: ${ran.slice(-3).join(', ') || 'none'})\n`,
		);
	};
	const onMessage = (message) => {
		if (!Array.isArray(message)) return;
		const testPath = message[0] === CHILD_MESSAGE_CALL ? message[3]?.[0]?.path : undefined;
		if (typeof testPath === 'string') ran.push(testPath.split(/[\\/]/).slice(-2).join('/'));
		if (message[0] !== CHILD_MESSAGE_END) return;
		endedAt = Date.now();
		process.off('message', onMessage);
		setTimeout(() => report('still running 300 ms after the end'), 300).unref();
	};
	process.on('message', onMessage);
	process.on('SIGTERM', () => {
		report(
			endedAt
				? `force-exited ${Date.now() - endedAt} ms after the end`
				: 'force-exited before it was told to end',
		);
		process.exit(143);
	});
}
