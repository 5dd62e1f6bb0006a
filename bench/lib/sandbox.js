'use strict';
/**
 * The PIM sandbox for the benchmarks: the harness's one spawner (harness/sandbox.js: its own
 * process, so it never shares an event loop with the client being measured, with room for
 * 500 000 products), with the benches' admin call style `admin(method, path, body)`.
 */
const path = require('node:path');

const { startSandbox: spawnSandbox } = require('../../harness');

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * @param {{ products?: number, attributes?: number, log?: boolean, logLimit?: number,
 *   extra?: string[], timeoutMs?: number }} opts  log: false starts it without its request log.
 */
async function startSandbox(opts = {}) {
	const sb = await spawnSandbox({
		products: opts.products,
		attributes: opts.attributes,
		noLog: opts.log === false,
		logLimit: opts.logLimit,
		args: opts.extra ?? [],
		maxOldSpaceMB: 8192,
		timeoutMs: opts.timeoutMs ?? 180_000,
		log: () => {},
	});
	return {
		url: sb.url,
		pid: sb.process.pid,
		startMs: sb.startMs,
		admin: (method, p, body) => sb.admin(p, { method, body }),
		close: async () => {
			await sb.stop();
		},
	};
}

module.exports = { startSandbox, ROOT };
