'use strict';
/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, e.g. `node bench/run.js --profile`):
 * self time by function and by package/file, and total (inclusive) time of the functions that
 * match an optional filter.
 *
 *   node bench/profile-summary.js bench/out/profiles/getall-node-50000.cpuprofile [--top 25] [--match pagination]
 */
const fs = require('node:fs');
const path = require('node:path');

function parseArgs(argv) {
	const args = { file: undefined, top: 25, match: undefined };
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--top') args.top = Number(argv[++i]);
		else if (argv[i] === '--match') args.match = new RegExp(argv[++i]);
		else args.file = argv[i];
	}
	if (!args.file)
		throw new Error(
			'usage: node bench/profile-summary.js <file.cpuprofile> [--top N] [--match REGEX]',
		);
	return args;
}

/** "n8n-core/dist/…", "axios/…", "dist/nodes/Pim/…" or the node: built-in, for grouping. */
function owner(url) {
	if (!url) return '(native / VM)';
	const clean = url.replace(/^file:\/\//, '');
	const nm = clean.lastIndexOf('node_modules/');
	if (nm >= 0) {
		const rest = clean.slice(nm + 'node_modules/'.length).split('/');
		return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
	}
	if (clean.startsWith('node:')) return clean;
	const repo = path.resolve(__dirname, '..') + '/';
	return clean.startsWith(repo) ? clean.slice(repo.length) : clean;
}

function main() {
	const args = parseArgs(process.argv.slice(2));
	const profile = JSON.parse(fs.readFileSync(args.file, 'utf8'));
	const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	// Self time per node from the samples and their time deltas.
	const self = new Map();
	profile.samples.forEach((id, i) =>
		self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
	);
	const total = [...self.values()].reduce((a, b) => a + b, 0);

	const byFunction = new Map();
	const byOwner = new Map();
	const inclusive = new Map();
	for (const [id, t] of self) {
		const n = nodes.get(id);
		const cf = n.callFrame;
		const key = `${cf.functionName || '(anonymous)'}  ${owner(cf.url)}:${cf.lineNumber + 1}`;
		byFunction.set(key, (byFunction.get(key) ?? 0) + t);
		const o = owner(cf.url);
		byOwner.set(o, (byOwner.get(o) ?? 0) + t);
		if (args.match) {
			// Inclusive time: charge each matching frame on the stack once.
			const seen = new Set();
			for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
				const f = nodes.get(cur).callFrame;
				const k = `${f.functionName || '(anonymous)'}  ${owner(f.url)}:${f.lineNumber + 1}`;
				if (!args.match.test(k) || seen.has(k)) continue;
				seen.add(k);
				inclusive.set(k, (inclusive.get(k) ?? 0) + t);
			}
		}
	}
	const print = (title, map) => {
		process.stdout.write(`\n${title}\n`);
		for (const [k, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, args.top)) {
			process.stdout.write(
				`${t.toFixed(1).padStart(9)} ms ${((t / total) * 100).toFixed(1).padStart(5)} %  ${k}\n`,
			);
		}
	};
	process.stdout.write(`${args.file}: ${total.toFixed(0)} ms sampled\n`);
	print('Self time by package / file', byOwner);
	print('Self time by function', byFunction);
	if (args.match) print(`Inclusive time of functions matching ${args.match}`, inclusive);
}

main();
