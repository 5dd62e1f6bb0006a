#!/usr/bin/env node
'use strict';
/**
 * What the node holds for each item waiting for its turn in a write round (#30), in process.
 * n8n's declarative engine starts every item of a run in one synchronous loop, and a sync's items
 * then wait for the account's catalogue: whatever each holds meanwhile is held 100 000 times.
 *
 * Calls the built Create or Update's routing function (what n8n's loop calls) for N items, with
 * stand-ins for n8n's item contexts made beforehand, and measures the heap after a full GC before
 * and after, while every item waits. Beside it, the least a node answering later can hold per
 * item: one pending promise and its resolver.
 *
 *   node --expose-gc bench/waiting-items.js [--items 100000] [--dist path/to/dist]
 */
const path = require('node:path');

const { ROOT } = require('./lib/in-process');

function args(argv) {
	const out = { items: 100000, dist: path.join(ROOT, 'dist') };
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--items') out.items = Number(argv[++i]);
		if (argv[i] === '--dist') out.dist = path.resolve(argv[++i]);
	}
	return out;
}

const heapAfterGc = () => {
	global.gc();
	global.gc();
	return process.memoryUsage().heapUsed;
};

/** Heap bytes per item held by what `start(i)` returns, for `count` items. */
function perItem(count, start) {
	const held = new Array(count);
	const before = heapAfterGc();
	for (let i = 0; i < count; i++) held[i] = start(i);
	const bytes = (heapAfterGc() - before) / count;
	held.length = 0;
	return bytes;
}

function main() {
	if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc');
	const { items, dist } = args(process.argv.slice(2));
	const { option } = require(path.join(dist, 'nodes/Pim/resources/product/upsert.js'));
	const routed = option.routing.operations.pagination;

	// One node run of `items` items, version 2, Continue On Fail off: what the round reads.
	const node = { name: 'PIM', typeVersion: 2, parameters: {} };
	const executeData = { data: { main: [Array.from({ length: items }, () => ({ json: {} }))] } };
	const contexts = Array.from({ length: items }, (_, i) => ({
		getNode: () => node,
		continueOnFail: () => false,
		getExecuteData: () => executeData,
		getItemIndex: () => i,
		getContext: () => {
			throw new Error('no execution data');
		},
	}));

	const least = perItem(items, () => {
		let resolve;
		const promise = new Promise((r) => (resolve = r));
		return { promise, resolve };
	});
	const byNode = perItem(items, (i) => routed.call(contexts[i], {}));
	const mb = (bytes) => ((bytes * items) / 1048576).toFixed(1);
	console.log(`items waiting for their turn: ${items} (${path.relative(ROOT, dist) || dist})`);
	console.log(`  the node:           ${byNode.toFixed(0)} bytes an item, ${mb(byNode)} MB`);
	console.log(`  a pending promise:  ${least.toFixed(0)} bytes an item, ${mb(least)} MB`);
	console.log(`  ratio: ${(byNode / least).toFixed(2)} x`);
	// The items never get their turn: the process ends here.
	process.exit(0);
}

main();
