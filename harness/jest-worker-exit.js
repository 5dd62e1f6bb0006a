'use strict';
/**
 * Loaded into each jest worker by `scripts/jest.js` (`--require`): a worker still running 300 ms
 * after jest told it to end is about to be force-exited, so it prints what holds it — timers,
 * servers and sockets with their ports — for the next engineer to find the test that left it.
 * Does nothing outside a jest worker (nor in processes a test starts), and nothing when the
 * worker exits in time.
 */
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
	return null; // stdio and the channel to jest: always there
}

// A jest worker is jest-worker's processChild; processes the tests start inherit its environment.
const isJestWorker =
	process.env.JEST_WORKER_ID !== undefined &&
	typeof process.send === 'function' &&
	/jest-worker[\\/]build[\\/]workers[\\/]processChild\.js$/.test(process.argv[1] ?? '');

if (isJestWorker) {
	const ran = [];
	const onMessage = (message) => {
		if (!Array.isArray(message)) return;
		const testPath = message[0] === CHILD_MESSAGE_CALL ? message[3]?.[0]?.path : undefined;
		if (typeof testPath === 'string') ran.push(testPath.split(/[\\/]/).slice(-2).join('/'));
		if (message[0] !== CHILD_MESSAGE_END) return;
		process.off('message', onMessage);
		setTimeout(() => {
			const resources = process.getActiveResourcesInfo().filter((r) => r !== 'PipeWrap');
			const handles = process._getActiveHandles().map(describeHandle).filter(Boolean);
			process.stderr.write(
				`jest worker ${process.env.JEST_WORKER_ID} still running 300 ms after the end, held by: ` +
					`${resources.join(', ') || 'nothing listed'}${handles.length ? `; ${handles.join('; ')}` : ''}` +
					` (its last test files: ${ran.slice(-3).join(', ')})\n`,
			);
		}, 300).unref();
	};
	process.on('message', onMessage);
}
