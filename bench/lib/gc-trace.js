'use strict';
/**
 * V8's `--trace-gc-nvp` lines, read by the benches that measure what a piece of work leaves in
 * the old space (request-promotion.js, catalogue-promotion.js, import-promotion.js).
 */
const { spawn } = require('node:child_process');

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

/**
 * Runs `script --child ...args` in a Node child of its own under `--trace-gc-nvp` (an 8 GB old
 * space), `env` added to this process's: the JSON of the child's `RESULT` line, and what its
 * scavenges allocated and promoted and how many full collections ran between the lines
 * `MARK start` and `MARK end` of its output. Rejects with the output's end when it fails.
 */
function tracedChild(script, args, env = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			['--max-old-space-size=8192', '--trace-gc-nvp', script, '--child', ...args.map(String)],
			{ env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		child.on('error', reject);
		child.on('close', (code) => {
			const result = /RESULT (.*)/.exec(output);
			if (code !== 0 || !result) return reject(new Error(output.slice(-2000)));
			const { allocated, promoted } = scavengeTotals(output, 'MARK start', 'MARK end');
			const full = (output.split('MARK start')[1]?.split('MARK end')[0] ?? '')
				.split('\n')
				.filter((l) => /gc=(mc|ms)\b/.test(l)).length;
			resolve({ result: JSON.parse(result[1]), allocated, promoted, full });
		});
	});
}

module.exports = { scavengeTotals, tracedChild };
