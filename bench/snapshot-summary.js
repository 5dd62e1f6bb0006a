#!/usr/bin/env node
'use strict';
/**
 * Two heap snapshots side by side (Chrome DevTools' .heapsnapshot, as bench/import-promotion.js
 * writes them with PIM_BENCH_SNAPSHOT): objects and their own sizes by constructor (or V8's kind:
 * strings, closures, arrays), the largest differences first.
 *
 *   node bench/snapshot-summary.js before.heapsnapshot after.heapsnapshot [--top 30]
 */
const fs = require('node:fs');

/** Counts and own sizes by constructor, from a snapshot's flat node list. */
function byConstructor(file) {
	const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
	const {
		node_fields: fields,
		node_types: [types],
	} = snapshot.snapshot.meta;
	const width = fields.length;
	const at = (f) => fields.indexOf(f);
	const [type, name, size] = [at('type'), at('name'), at('self_size')];
	const { nodes, strings } = snapshot;
	const groups = new Map();
	let total = 0;
	for (let i = 0; i < nodes.length; i += width) {
		const kind = types[nodes[i + type]];
		// Objects by constructor; the rest (strings, code, arrays' stores) by V8's kind.
		const key = kind === 'object' || kind === 'native' ? strings[nodes[i + name]] : `(${kind})`;
		const group = groups.get(key) ?? { count: 0, bytes: 0 };
		group.count++;
		group.bytes += nodes[i + size];
		total += nodes[i + size];
		groups.set(key, group);
	}
	return { groups, total };
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 30;
const files = args.filter((a, i) => !a.startsWith('--') && i !== topAt + 1);
if (files.length !== 2)
	throw new Error('usage: node bench/snapshot-summary.js before.heapsnapshot after.heapsnapshot');
const [a, b] = files.map(byConstructor);
const mb = (n) => (n / 1048576).toFixed(2);
console.log(`live: ${mb(a.total)} MB → ${mb(b.total)} MB`);
const keys = new Set([...a.groups.keys(), ...b.groups.keys()]);
const rows = [...keys].map((key) => {
	const x = a.groups.get(key) ?? { count: 0, bytes: 0 };
	const y = b.groups.get(key) ?? { count: 0, bytes: 0 };
	return { key, x, y, delta: y.bytes - x.bytes };
});
rows.sort((p, q) => Math.abs(q.delta) - Math.abs(p.delta));
console.log('| constructor | count before | MB before | count after | MB after | Δ MB |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows.slice(0, top))
	console.log(
		`| ${r.key.slice(0, 60)} | ${r.x.count} | ${mb(r.x.bytes)} | ${r.y.count} | ${mb(r.y.bytes)} | ${r.delta >= 0 ? '+' : ''}${mb(r.delta)} |`,
	);
