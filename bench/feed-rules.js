#!/usr/bin/env node
'use strict';
/**
 * What a feed's work costs Export File, in process (#70), as bench/xlsx-writer.js measures the
 * writers: `rows` product records (a pool of the sandbox's generated records of the
 * million-product bench account, cycled, each with its own SKU) made into a file's rows by the
 * built code (dist/) and written by its writer into a counter of bytes. Four runs on the same
 * records, each the process's CPU time (best of `--repeat`):
 *
 * 1. plain: Export File's own CSV (every column, as records show them);
 * 2. feed: a Google Merchant Center TSV with a link template, a value map and a currency, its
 *    cells in Google's forms, every rule checked (feeds/feedCheck.ts), as Export File runs it;
 * 3. feed XML: the same as RSS 2.0;
 * 4. rules: the checking alone: the feed's cells made beforehand (50 products at a time,
 *    untimed), then only FeedCheck's work on them timed;
 * 5. rules in the pipeline: what the checking adds to the feed's writing. Each 50 products' cells
 *    are made twice (untimed); one copy is written as the TSV writer writes it, the other checked
 *    and written; the order alternates from batch to batch. The difference of the two sums is the
 *    rules' cost where Export File pays it: on cells just made, beside the writer that reads them
 *    next (a cell the check reads is then in the processor's cache, and a cell it flattens is one
 *    the writer need not flatten).
 *
 * Batches of 50, not thousands: Export File checks each product the moment its cells are made; a
 * batch of 2 000 products' cells (some 4 MB) measured reads from memory the real run does not make
 * (0.60 µs a product in batches of 2 000, 0.32–0.39 in batches of 50, the same build).
 *
 * Printed: each run's CPU and rows a second, and #70's goal: checking the rules ÷ the plain
 * CSV's CPU (1) ≤ 0.10, as (5) measures it, with (4) beside it. The feed runs keep invalid products (Invalid Products → Keep), so that
 * every run writes every row. (A difference of two whole runs, with and without the checking, is
 * lost in the JIT's and the collector's noise: measured so, it came out from −0.2 to +0.18.)
 *
 *   node bench/feed-rules.js [--rows 1000000] [--pool 20000] [--repeat 3] [--json]
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const DOMAIN = 'x1000000';

function options(argv) {
	const o = { rows: 1_000_000, pool: 20_000, repeat: 3 };
	for (let i = 0; i < argv.length; i++) {
		const value = () => argv[++i];
		if (argv[i] === '--rows') o.rows = Number(value());
		else if (argv[i] === '--pool') o.pool = Number(value());
		else if (argv[i] === '--repeat') o.repeat = Number(value());
		else if (argv[i] === '--json') o.json = true;
		else if (argv[i] === '--make-pool') o.makePool = value();
		else throw new Error(`Unknown option ${argv[i]}`);
	}
	return o;
}

/** Run in a child: the pool's records as the API lists them, and the account's attributes. */
function makePool(file, size) {
	require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
	const { AccountStore } = require(path.join(ROOT, 'sandbox', 'store'));
	const { hashString } = require(path.join(ROOT, 'sandbox', 'util'));
	const store = new AccountStore(
		{
			domain: DOMAIN,
			token: 't',
			products: size,
			extraAttributes: 0,
			empty: false,
			seed: (hashString(DOMAIN) ^ 1) >>> 0,
			multiSelectForm: 'suffix',
			listOrder: 'id',
		},
		() => new Date(),
	);
	const records = store.products.map((p) => JSON.parse(store.productJson(p)));
	const attributes = store.attributes.map(({ code, title, type }) => ({ code, title, type }));
	fs.writeFileSync(file, JSON.stringify({ records, attributes }));
}

function poolOf(o) {
	const file = path.join(os.tmpdir(), `pim-bench-feed-pool-${DOMAIN}-${o.pool}.json`);
	if (!fs.existsSync(file))
		execFileSync(process.execPath, [__filename, '--make-pool', file, '--pool', String(o.pool)], {
			stdio: 'inherit',
		});
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const load = (module) => require(path.join(DIST, 'nodes/Pim', module));

/** The Export Options of the feed runs: the example's link, condition, stock words and currency. */
const FEED_COLUMNS = [
	{ header: 'link', value: 'https://shop.example.com/products/{slug}' },
	{ header: 'condition', value: 'new' },
];
const VALUE_MAP = new Map([
	[
		'availability',
		new Map([
			['yes', 'in_stock'],
			['no', 'out_of_stock'],
		]),
	],
]);

/** One run: rows made and written; the process's CPU time over it. */
async function once(pool, o, kind) {
	if (kind === 'rules') return rulesAlone(pool, o);
	if (kind === 'pipeline') return rulesInPipeline(pool, o);
	const { fileColumns } = load('resources/product/fileExport/cells');
	const { FORMATS } = load('resources/product/fileExport/formats');
	const { catalogOf } = load('shared/attributes');
	const feed = kind !== 'plain';
	const { columns, check } = feed
		? googleFeed(pool)
		: { columns: fileColumns(undefined, catalogOf(pool.attributes), undefined, new Map()) };
	const context = { currency: feed ? 'USD' : undefined, broken: [], learnCurrency() {} };
	let written = 0;
	async function* rows() {
		const { records } = pool;
		for (let n = 1; n <= o.rows; n++) {
			const record = Object.assign({}, records[(n - 1) % records.length], {
				sku: `SKU-${String(n).padStart(7, '0')}`,
			});
			context.broken.length = 0;
			const cells = columns.map((c) => c.cell(record, context));
			if (check && !check.written(record, cells, context.broken)) continue;
			written++;
			yield cells;
		}
	}
	const format = kind === 'plain' ? 'csv' : kind === 'xml' ? 'xml' : 'tsv';
	let bytes = 0;
	const cpu0 = process.cpuUsage();
	const t0 = process.hrtime.bigint();
	for await (const chunk of FORMATS[format].write(
		columns.map((c) => c.header),
		rows(),
		{ title: 'bench', linkColumn: 'link', onSheet() {} },
	))
		bytes += chunk.length;
	const cpu = process.cpuUsage(cpu0);
	return {
		kind,
		format,
		cpuMs: (cpu.user + cpu.system) / 1000,
		wallMs: Number(process.hrtime.bigint() - t0) / 1e6,
		written,
		invalid: check?.invalid,
		invalidByRule: check?.invalidByRule,
		mb: bytes / 1048576,
	};
}

/** Products checked together: each product's cells are still in the processor's cache. */
const BATCH = 50;

/** The Google feed's columns and its check, as the feed runs make them (Invalid Products → Keep). */
function googleFeed(pool) {
	const { fileColumns } = load('resources/product/fileExport/cells');
	const { CHANNELS } = load('resources/product/fileExport/feeds/channels');
	const { FeedCheck } = load('resources/product/fileExport/feeds/feedCheck');
	const { catalogOf } = load('shared/attributes');
	const channel = CHANNELS.googleMerchantCenter;
	const columns = fileColumns(FEED_COLUMNS, catalogOf(pool.attributes), channel, VALUE_MAP);
	return { columns, check: new FeedCheck(channel, columns, true) };
}

/** Products `from`… of a batch: their records and cells (and the rules the cells' forms refused). */
function batchOf(pool, columns, from, rows) {
	const batch = [];
	for (let n = from; n < from + BATCH && n <= rows; n++) {
		const record = Object.assign({}, pool.records[(n - 1) % pool.records.length], {
			sku: `SKU-${String(n).padStart(7, '0')}`,
		});
		const context = { currency: 'USD', broken: [], learnCurrency() {} };
		const cells = columns.map((c) => c.cell(record, context));
		batch.push([record, cells, context.broken]);
	}
	return batch;
}

/**
 * A young-generation collection before a timed window (the process runs with --expose-gc): the
 * untimed making of cells fills the young generation, and a collection falling in a window of 50
 * products would charge it with the cells' garbage (that made the differences swing ±0.3 s).
 */
const quiet = () => global.gc({ type: 'minor' });

const cpuMsSince = (cpu0) => {
	const cpu = process.cpuUsage(cpu0);
	return (cpu.user + cpu.system) / 1000;
};

/** The checking alone: cells made beforehand, a batch at a time; only FeedCheck timed. */
function rulesAlone(pool, o) {
	const { columns, check } = googleFeed(pool);
	let cpuMs = 0;
	let wallMs = 0;
	for (let from = 1; from <= o.rows; from += BATCH) {
		const batch = batchOf(pool, columns, from, o.rows);
		quiet();
		const cpu0 = process.cpuUsage();
		const t0 = process.hrtime.bigint();
		for (const [record, cells, broken] of batch) check.written(record, cells, broken);
		wallMs += Number(process.hrtime.bigint() - t0) / 1e6;
		cpuMs += cpuMsSince(cpu0);
	}
	return {
		kind: 'rules',
		format: '—',
		cpuMs,
		wallMs,
		written: o.rows,
		invalid: check.invalid,
		invalidByRule: check.invalidByRule,
		mb: 0,
	};
}

/**
 * What the checking adds to the TSV's writing: each batch written once without the check and once
 * with it (the same records, their cells made apart, untimed), in alternating order.
 */
async function rulesInPipeline(pool, o) {
	const { FORMATS } = load('resources/product/fileExport/formats');
	const { columns, check } = googleFeed(pool);
	const headers = columns.map((c) => c.header);
	const spent = { plain: { cpuMs: 0, wallMs: 0 }, checked: { cpuMs: 0, wallMs: 0 } };
	let bytes = 0;
	async function write(batch, checked) {
		async function* rows() {
			for (const [record, cells, broken] of batch)
				if (!checked || check.written(record, cells, broken)) yield cells;
		}
		const cpu0 = process.cpuUsage();
		const t0 = process.hrtime.bigint();
		for await (const chunk of FORMATS.tsv.write(headers, rows(), {})) bytes += chunk.length;
		const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
		const cpuMs = cpuMsSince(cpu0);
		const into = spent[checked ? 'checked' : 'plain'];
		into.cpuMs += cpuMs;
		into.wallMs += wallMs;
	}
	for (let from = 1, turn = 0; from <= o.rows; from += BATCH, turn++) {
		const unchecked = batchOf(pool, columns, from, o.rows);
		const checked = batchOf(pool, columns, from, o.rows);
		quiet();
		if (turn % 2) {
			await write(checked, true);
			await write(unchecked, false);
		} else {
			await write(unchecked, false);
			await write(checked, true);
		}
	}
	return {
		kind: 'pipeline',
		format: 'tsv',
		cpuMs: spent.checked.cpuMs - spent.plain.cpuMs,
		wallMs: spent.checked.wallMs - spent.plain.wallMs,
		written: o.rows,
		invalid: check.invalid,
		invalidByRule: check.invalidByRule,
		mb: bytes / 1048576,
		writingMs: spent.plain.cpuMs,
	};
}

async function main() {
	if (typeof global.gc !== 'function') {
		const { status } = require('node:child_process').spawnSync(
			process.execPath,
			['--expose-gc', __filename, ...process.argv.slice(2)],
			{ stdio: 'inherit' },
		);
		process.exit(status ?? 1);
	}
	const o = options(process.argv.slice(2));
	if (o.makePool) return makePool(o.makePool, o.pool);
	const pool = poolOf(o);
	const best = {};
	// A difference's best would be its luckiest: the pipeline's repeats give their median.
	const differences = [];
	for (let r = 0; r < o.repeat; r++)
		for (const kind of ['plain', 'feed', 'xml', 'rules', 'pipeline']) {
			const run = await once(pool, o, kind);
			if (kind === 'pipeline') differences.push(run);
			else if (!best[kind] || run.cpuMs < best[kind].cpuMs) best[kind] = run;
		}
	differences.sort((a, b) => a.cpuMs - b.cpuMs);
	best.pipeline = differences[Math.floor((differences.length - 1) / 2)];
	const { plain, feed, xml, rules, pipeline } = best;
	const ratio = pipeline.cpuMs / plain.cpuMs;
	const result = {
		rows: o.rows,
		pool: o.pool,
		repeat: o.repeat,
		node: process.version,
		runs: best,
		rulesShareOfPlainCsv: ratio,
		rulesAloneShareOfPlainCsv: rules.cpuMs / plain.cpuMs,
		pipelineDifferencesMs: differences.map((d) => d.cpuMs),
		complete: feed.written === o.rows && feed.invalid > 0,
	};
	if (o.json) return process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
	const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
	for (const run of Object.values(best))
		process.stdout.write(
			`${run.kind.padEnd(12)} ${run.format}: CPU ${s(run.cpuMs)} (wall ${s(run.wallMs)}), ${Math.round((o.rows * 1000) / run.cpuMs).toLocaleString('en-US')} rows/s of CPU, ${run.written.toLocaleString('en-US')} written${run.invalid !== undefined ? `, ${run.invalid.toLocaleString('en-US')} invalid ${JSON.stringify(run.invalidByRule)}` : ''}, ${run.mb.toFixed(1)} MB\n`,
		);
	process.stdout.write(
		`\nchecking the rules, what it adds to the TSV's writing (median of ${differences.length}: ${differences.map((d) => s(d.cpuMs)).join(', ')}): ${s(pipeline.cpuMs)} ÷ plain CSV ${s(plain.cpuMs)} = ${ratio.toFixed(3)} (goal ≤ 0.10: **${(ratio / 0.1).toFixed(2)}**); the checking alone ${s(rules.cpuMs)} = ${(rules.cpuMs / plain.cpuMs).toFixed(3)}; feed TSV ÷ plain CSV ${(feed.cpuMs / plain.cpuMs).toFixed(2)}; XML ÷ TSV ${(xml.cpuMs / feed.cpuMs).toFixed(2)}; every row written, the invalid ones named: ${result.complete}\n`,
	);
}

main().catch((e) => {
	process.stderr.write(`${e.stack}\n`);
	process.exit(1);
});
