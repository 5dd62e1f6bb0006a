'use strict';
/**
 * Summarises a sampling heap profile written by bench/lib/promoted-sampler.js: the bytes V8 moved
 * to its old space (or kept live) by the function that allocated them, by the functions on their
 * stacks (inclusive) and by the package that allocated them, with each one's share of the total.
 *
 *   node bench/promoted-summary.js <file.heapprofile> [--top 30]
 */
const fs = require('node:fs');

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) || 30 : 30;
const file = args.find((a, i) => !a.startsWith('--') && (topAt < 0 || i !== topAt + 1));
if (!file) throw new Error('usage: node bench/promoted-summary.js <file.heapprofile> [--top N]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
if (profile.error) throw new Error(`the sampler failed: ${profile.error}`);

const name = ({ callFrame: f }) =>
	`${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '')}:${f.lineNumber + 1}`;
/** This package, Node itself, or the package a frame's file belongs to. */
const owner = ({ callFrame: { url } }) => {
	if (url.includes('n8n-nodes-pim')) return 'this package';
	if (url.startsWith('node:')) return 'Node';
	const inside = url.split('node_modules/').pop();
	if (inside === url) return url ? 'other' : '(V8: built-ins)';
	return inside.startsWith('@') ? inside.split('/').slice(0, 2).join('/') : inside.split('/')[0];
};
const owners = new Map();
const self = new Map();
const inclusive = new Map();
let total = 0;
// Depth first, with the names on the stack counted once each for inclusive bytes.
const stack = [{ node: profile.head, path: [] }];
while (stack.length) {
	const { node, path } = stack.pop();
	const here = name(node);
	const onPath = path.includes(here) ? path : [...path, here];
	total += node.selfSize;
	self.set(here, (self.get(here) ?? 0) + node.selfSize);
	owners.set(owner(node), (owners.get(owner(node)) ?? 0) + node.selfSize);
	for (const key of onPath) inclusive.set(key, (inclusive.get(key) ?? 0) + node.selfSize);
	for (const child of node.children) stack.push({ node: child, path: onPath });
}
const table = (map) =>
	[...map]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(
			([key, bytes]) =>
				`${(bytes / 1e6).toFixed(1).padStart(8)} MB ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${key}`,
		)
		.join('\n');
console.log(
	`${(total / 1e6).toFixed(1)} MB sampled\n\nby the allocating function:\n${table(self)}`,
);
console.log(`\nby the functions on the stack:\n${table(inclusive)}`);
console.log(`\nby who allocated them:\n${table(owners)}`);
