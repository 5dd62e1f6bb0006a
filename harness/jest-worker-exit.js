'use strict';
/**
 * Loaded into each jest worker by `scripts/jest.js` (`--require`). jest tells a worker to end and
 * force-exits it (SIGTERM, then SIGKILL) when it is still running 500 ms later. This records, in
 * the folder `PIM_JEST_WORKERS` names, what each worker did around its end, for scripts/jest.js
 * to judge a forced exit:
 *
 * - `held`: still running 300 ms after the end, or at jest's SIGTERM, with what held it (timers,
 *   servers and sockets with their ports, child processes, pending file or DNS work): a test
 *   left it open.
 * - `drained`: its event loop emptied (nothing held it), at that many ms after the end; a forced
 *   exit after that is the process's own teardown running late on a loaded machine.
 * - neither: its JavaScript never ran again after the end (busy with work a test left running).
 *
 * and the test files it ran. Does nothing outside a jest worker (nor in processes a test starts).
 */
const fs = require('node:fs');
const path = require('node:path');

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
	process.env.PIM_JEST_WORKERS !== undefined &&
	typeof process.send === 'function' &&
	/jest-worker[\\/]build[\\/]workers[\\/]processChild\.js$/.test(process.argv[1] ?? '');

if (isJestWorker) {
	const record = {
		worker: process.env.JEST_WORKER_ID,
		pid: process.pid,
		ran: [],
		endedAt: 0,
		drainedMs: undefined,
		held: undefined,
		forced: false,
	};
	const file = path.join(process.env.PIM_JEST_WORKERS, `worker-${process.pid}.json`);
	// Written at once, each time: the process may be about to end.
	const save = () => fs.writeFileSync(file, JSON.stringify(record));
	const holding = (when) => {
		const resources = process.getActiveResourcesInfo().filter((r) => r !== 'PipeWrap');
		const handles = process._getActiveHandles().map(describeHandle).filter(Boolean);
		record.held = {
			when,
			resources,
			handles,
		};
		save();
	};
	const onMessage = (message) => {
		if (!Array.isArray(message)) return;
		const testPath = message[0] === CHILD_MESSAGE_CALL ? message[3]?.[0]?.path : undefined;
		if (typeof testPath === 'string') {
			record.ran.push(testPath.split(/[\\/]/).slice(-2).join('/'));
			save();
		}
		if (message[0] !== CHILD_MESSAGE_END) return;
		record.endedAt = Date.now();
		save();
		process.off('message', onMessage);
		setTimeout(() => holding('300 ms after the end'), 300).unref();
	};
	process.on('message', onMessage);
	process.on('exit', () => {
		if (!record.endedAt || record.forced) return;
		record.drainedMs = Date.now() - record.endedAt;
		save();
	});
	process.on('SIGTERM', () => {
		record.forced = true;
		holding(
			record.endedAt
				? `at the forced exit, ${Date.now() - record.endedAt} ms after the end`
				: 'at the forced exit, before the end reached it',
		);
		process.exit(143);
	});
}
