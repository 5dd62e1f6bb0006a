'use strict';
/**
 * Timers in tests and benches.
 *
 * - n8n-core's SSH client manager and scheduled-task manager, made with the first node context
 *   of a process, keep an interval for the life of an n8n server. In a jest worker or a bench it
 *   would hold the process open after the last run: those two, and only those, are unreferenced.
 * - A timer the package itself (dist/, nodes/) leaves running is a leak: `leakedTimers()` lists
 *   the ones still pending and holding the process, with where they were made (test/setup-env.js
 *   fails a test file that leaves one).
 * Loaded first (test/setup-env.js, bench/lib/in-process.js).
 */
const N8N_CORE_INTERVALS =
	/n8n-core[\\/](dist|src)[\\/]execution-engine[\\/](ssh-clients-manager|scheduled-task-manager)\.[jt]s/;
const OURS =
	/[\\/](dist|nodes)[\\/](nodes[\\/])?(Pim|PimTrigger)[\\/]|[\\/]dist[\\/]credentials[\\/]/;

const made = new Set();

function track(original, name) {
	return function (...args) {
		const timer = original.apply(this, args);
		const stack = new Error().stack ?? '';
		const from = stack.split('\n').slice(2).join('\n');
		if (name === 'setInterval' && N8N_CORE_INTERVALS.test(from)) timer.unref?.();
		// Made by the package, or by a helper it called (n8n-workflow's sleep).
		else if (OURS.test(from.split('\n').slice(0, 2).join('\n'))) made.add({ timer, name, from });
		return timer;
	};
}

global.setInterval = track(global.setInterval, 'setInterval');
global.setTimeout = track(global.setTimeout, 'setTimeout');

/**
 * The package's timers still pending and holding the process, with where each was made;
 * `release`: unreferenced once listed, so they no longer hold it.
 */
function leakedTimers({ release = false } = {}) {
	const leaked = [];
	for (const entry of made) {
		const { timer } = entry;
		if (timer._destroyed || !(timer.hasRef?.() ?? true)) made.delete(entry);
		else {
			leaked.push(`${entry.name} made ${entry.from.split('\n').slice(0, 4).join(' ← ').trim()}`);
			if (release) timer.unref?.();
		}
	}
	return leaked;
}

module.exports = { leakedTimers };
