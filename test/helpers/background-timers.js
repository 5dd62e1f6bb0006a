'use strict';
/**
 * n8n-core's SSH client manager, made with the first node context of a process, keeps a 60 s
 * clean-up interval, as it would for the life of an n8n server. In a jest worker or a bench it
 * would hold the process open after the last run (jest then force-exits the worker). Loaded
 * first (test/setup-env.js, bench/lib/harness.js): every interval is unreferenced, so none keeps
 * the process alive; what a test or a bench waits for, it awaits.
 */
const setIntervalReferenced = global.setInterval;
global.setInterval = function setInterval(...args) {
	const timer = setIntervalReferenced.apply(this, args);
	timer.unref?.();
	return timer;
};
