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
 * 4. rules: the checking alone: the feed's cells made beforehand (2 000 products at a time,
 *    untimed), then only FeedCheck's work on them timed.
 *
 * Printed: each run's CPU and rows a second, and #70's goal: checking the rules (4) ÷ the plain
 * CSV's CPU (1) ≤ 0.10. The feed runs keep invalid products (Invalid Products → Keep), so that
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
	const { fileColumns } = load('resources/product/fileExport/cells');
	const { CHANNELS } = load('resources/product/fileExport/feeds/channels');
	const { FeedCheck } = load('resources/product/fileExport/feeds/feedCheck');
	const { FORMATS } = load('resources/product/fileExport/formats');
	const { catalogOf } = load('shared/attributes');
	const catalog = catalogOf(pool.attributes);
	const feed = kind !== 'plain';
	if (kind === 'rules') return rulesAlone(pool, o);
	const channel = feed ? CHANNELS.googleMerchantCenter : undefined;
	const columns = feed
		? fileColumns(FEED_COLUMNS, catalog, channel, VALUE_MAP)
		: fileColumns(undefined, catalog, undefined, new Map());
	// Invalid Products → Keep: every run writes every row.
	const check = feed ? new FeedCheck(channel, columns, true) : undefined;
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

/** The checking alone: cells made beforehand, a batch at a time; only FeedCheck timed. */
function rulesAlone(pool, o) {
	const { fileColumns } = load('resources/product/fileExport/cells');
	const { CHANNELS } = load('resources/product/fileExport/feeds/channels');
	const { FeedCheck } = load('resources/product/fileExport/feeds/feedCheck');
	const { catalogOf } = load('shared/attributes');
	const channel = CHANNELS.googleMerchantCenter;
	const columns = fileColumns(FEED_COLUMNS, catalogOf(pool.attributes), channel, VALUE_MAP);
	const check = new FeedCheck(channel, columns, true);
	const context = { currency: 'USD', broken: [], learnCurrency() {} };
	const BATCH = 2_000;
	let cpuMs = 0;
	let wallMs = 0;
	for (let from = 1; from <= o.rows; from += BATCH) {
		const batch = [];
		for (let n = from; n < from + BATCH && n <= o.rows; n++) {
			const record = Object.assign({}, pool.records[(n - 1) % pool.records.length], {
				sku: `SKU-${String(n).padStart(7, '0')}`,
			});
			context.broken = [];
			const cells = columns.map((c) => c.cell(record, context));
			batch.push([record, cells, context.broken]);
		}
		const cpu0 = process.cpuUsage();
		const t0 = process.hrtime.bigint();
		for (const [record, cells, broken] of batch) check.written(record, cells, broken);
		const cpu = process.cpuUsage(cpu0);
		wallMs += Number(process.hrtime.bigint() - t0) / 1e6;
		cpuMs += (cpu.user + cpu.system) / 1000;
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

async function main() {
	const o = options(process.argv.slice(2));
	if (o.makePool) return makePool(o.makePool, o.pool);
	const pool = poolOf(o);
	const best = {};
	for (let r = 0; r < o.repeat; r++)
		for (const kind of ['plain', 'feed', 'xml', 'rules']) {
			const run = await once(pool, o, kind);
			if (!best[kind] || run.cpuMs < best[kind].cpuMs) best[kind] = run;
		}
	const { plain, feed, xml, rules } = best;
	const ratio = rules.cpuMs / plain.cpuMs;
	const result = {
		rows: o.rows,
		pool: o.pool,
		repeat: o.repeat,
		node: process.version,
		runs: best,
		rulesShareOfPlainCsv: ratio,
		complete: feed.written === o.rows && feed.invalid > 0,
	};
	if (o.json) return process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
	const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
	for (const run of Object.values(best))
		process.stdout.write(
			`${run.kind.padEnd(12)} ${run.format}: CPU ${s(run.cpuMs)} (wall ${s(run.wallMs)}), ${Math.round((o.rows * 1000) / run.cpuMs).toLocaleString('en-US')} rows/s of CPU, ${run.written.toLocaleString('en-US')} written${run.invalid !== undefined ? `, ${run.invalid.toLocaleString('en-US')} invalid ${JSON.stringify(run.invalidByRule)}` : ''}, ${run.mb.toFixed(1)} MB\n`,
		);
	process.stdout.write(
		`\nchecking the rules: ${s(rules.cpuMs)} ÷ plain CSV ${s(plain.cpuMs)} = ${ratio.toFixed(3)} (goal ≤ 0.10: **${(ratio / 0.1).toFixed(2)}**); feed TSV ÷ plain CSV ${(feed.cpuMs / plain.cpuMs).toFixed(2)}; XML ÷ TSV ${(xml.cpuMs / feed.cpuMs).toFixed(2)}; every row written, the invalid ones named: ${result.complete}\n`,
	);
}

main().catch((e) => {
	process.stderr.write(`${e.stack}\n`);
	process.exit(1);
});
