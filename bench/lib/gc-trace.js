'use strict';
/**
 * V8's `--trace-gc-nvp` lines, read by the benches that measure what a piece of work leaves in
 * the old space (request-promotion.js, catalogue-promotion.js).
 */

/**
 * The bytes allocated and promoted over the scavenges logged between the line holding `start`
 * and the line holding `end` of a child's output.
 */
function scavengeTotals(output, start, end) {
	const between = output.split(start)[1]?.split(end)[0] ?? '';
	let allocated = 0;
	let promoted = 0;
	for (const line of between.split('\n')) {
		if (!/gc=s\b/.test(line)) continue;
		allocated += Number(/\ballocated=(\d+)/.exec(line)?.[1] ?? 0);
		promoted += Number(/\bpromoted=(\d+)/.exec(line)?.[1] ?? 0);
	}
	return { allocated, promoted };
}

module.exports = { scavengeTotals };
