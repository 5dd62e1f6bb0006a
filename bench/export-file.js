#!/usr/bin/env node
'use strict';
/**
 * Product → Export File at catalogue size (#61), in a real n8n of each version (`n8n execute`,
 * binary data in files: `N8N_DEFAULT_BINARY_DATA_MODE=filesystem`), against the sandbox in its
 * own process, the PIM allowing `rps` requests a second:
 *
 * 1. `size` products (a million by default) as one CSV: the node's time against
 *    1.15 × requests ÷ rate + 30 s, n8n's peak RSS against a Start → No Operation run's (the same
 *    version, the same run of the bench) + 250 MB (stretch: + 150 MB).
 * 2. The same as XLSX: time ≤ 1.5 × the CSV's, the same memory bound.
 * 3. The delta (Export Options → Updated Since), `changed` of the products (1 %) touched after
 *    the date, the account listing products by id (every page read) and last-updated first (the
 *    read stops after the first older page): requests = the pages the summary says it read (+ the
 *    account's attribute read), the file exactly the changed products.
 * 5. (#70) A Google Merchant Center feed of the same products, TSV and XML: a link template, a
 *    value map, one currency, every rule checked: time ≤ 1.10 × requests ÷ rate + 15 s, peak
 *    RSS ≤ No Operation + 150 MB; the XML ≤ 1.2 × the TSV's time. The file: a row per product
 *    written, each id once, written + invalid = every product, its first 2 000 products passing
 *    the tests' validator (e2e/feedValidator.js).
 * 4. Export File beside the item flow it replaces, Get Many (Return All) → Convert to File (CSV),
 *    on `flowSize` products (100 000: Get Many's most per input item): time and peak RSS.
 *
 * Every file is written to disk by a Read/Write Files node after the measured node (outside the
 * measured window) and checked there: its rows (each product once, every SKU of the account or
 * exactly the changed ones) and a few rows cell by cell against the product's record as the
 * sandbox holds it (`/__admin/accounts/<d>/products/<sku>`'s `wire`); an XLSX file through
 * `unzip -p` and a reader of SpreadsheetML's cells here, a CSV through csv-parse (neither is the node's own reader).
 *
 *   node bench/export-file.js [--size 1000000] [--flow-size 100000] [--versions 1.123.81,2.41.1]
 *     [--rps 50] [--changed 0.01] [--only noop,csv,xlsx,delta,flow,gmc,gmcxml] [--repeat N]
 *
 * Peak RSS: the n8n process's, sampled every 100 ms (harness/process.js), from the execution's
 * start to the measured node's end (lib/realn8n.js rssPeakBetween; a run shorter than a sample,
 * the No Operation's, takes the first sample after it), and in brackets over the process's whole
 * life. n8n's old space as in every real-n8n bench (8 GB; PIM_BENCH_HEAP_MB sets another).
 * The 1-minute load average is taken before and after each run. Raw figures:
 * bench/out/export-file.json.
 */
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { parse } = require('csv-parse');

const { startSandbox } = require('./lib/sandbox');
const { cpuBetween, executeOnce, nodeOf, rssPeakBetween } = require('./lib/realn8n');
const { median } = require('./lib/stats');

const LIST = '/api/integration/product';
/** When the changed products were changed, and the Updated Since that finds them. */
const TOUCHED_FROM = Date.UTC(2026, 5, 1, 0, 0, 0);
const SINCE = '2026-05-31 00:00:00';
/** Rows of a file compared cell by cell with the product's record. */
const SAMPLES = 20;

const load = () => Number(os.loadavg()[0].toFixed(2));
const mb = (bytes) => bytes / 1048576;

/** The sandbox's record of a product as the API lists it. */
async function wireOf(sb, domain, sku) {
	return (await sb.admin('GET', `/accounts/${domain}/products/${encodeURIComponent(sku)}`)).wire;
}

/**
 * A record's value as docs/file-export.md says a cell holds it: a list joined with `, ` (a JSON
 * list when a value holds a comma, starts with `[` or has spaces around it; categories once each
 * and never as JSON), an object as JSON, nothing as an empty cell.
 */
function expectedCell(record, header) {
	const value = header === 'categories' ? record.category : record[header];
	if (value === undefined || value === null) return '';
	if (Array.isArray(value)) {
		const texts = value.map(String);
		if (header === 'categories') return [...new Set(texts)].join(', ');
		return texts.some((t) => t.includes(',') || t.startsWith('[') || t !== t.trim())
			? JSON.stringify(texts)
			: texts.join(', ');
	}
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

/**
 * What a file holds, row by row: `rows(onRow)` calls onRow(cells, index) for each row after the
 * header and resolves with the header. A sheet's rows come from `unzip -p`, read by cellsOf.
 */
function csvRows(file) {
	return (onRow) =>
		new Promise((resolve, reject) => {
			let header;
			let index = 0;
			fs.createReadStream(file)
				.on('error', reject)
				.pipe(parse({ bom: true, relax_column_count: true }))
				.on('data', (cells) => {
					if (!header) header = cells;
					else onRow(cells, index++);
				})
				.on('error', reject)
				.on('end', () => resolve({ header, sheets: 1 }));
		});
}

/** `A` → 0, `AB` → 27: the column of a cell reference. */
function columnIndex(reference) {
	let n = 0;
	for (const ch of reference) {
		const c = ch.charCodeAt(0);
		if (c < 65 || c > 90) break;
		n = n * 26 + (c - 64);
	}
	return n - 1;
}

const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text as it reads: entities, then Excel's `_xHHHH_` escapes. */
const unescapeXml = (text) =>
	text
		.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e) =>
			e[0] === '#'
				? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
				: ENTITIES[e],
		)
		.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The cells of one `<row>…` of SpreadsheetML, by their references (`r`), else in order. */
function cellsOf(row) {
	const cells = [];
	for (const c of row.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
		const reference = /\br="([A-Z]+)\d*"/.exec(c[1]);
		const column = reference ? columnIndex(reference[1]) : cells.length;
		while (cells.length < column) cells.push('');
		const texts = [...(c[2] ?? '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]);
		cells[column] = unescapeXml(texts.join(''));
	}
	return cells;
}

function xlsxRows(file) {
	return async (onRow) => {
		// `unzip -l`: each entry's size and name.
		const entries = await new Promise((resolve, reject) => {
			const unzip = spawn('unzip', ['-l', file]);
			let out = '';
			unzip.stdout.on('data', (d) => (out += d));
			unzip.on('error', reject);
			unzip.on('close', (code) =>
				code === 0
					? resolve(
							[...out.matchAll(/^\s*(\d+)\s+\S+\s+\S+\s+(xl\/worksheets\/sheet(\d+)\.xml)$/gm)].map(
								(m) => ({ size: Number(m[1]), name: m[2], number: Number(m[3]) }),
							),
						)
					: reject(new Error(`unzip ${code}`)),
			);
		});
		const sheets = entries.sort((a, b) => a.number - b.number).map((e) => e.name);
		const xmlMB = mb(entries.reduce((sum, e) => sum + e.size, 0));
		let header;
		let index = 0;
		for (const sheet of sheets) {
			let first = true;
			let rest = '';
			const unzip = spawn('unzip', ['-p', file, sheet]);
			unzip.stdout.setEncoding('utf8');
			for await (const text of unzip.stdout) {
				rest += text;
				const end = rest.lastIndexOf('</row>');
				if (end < 0) continue;
				for (const row of rest.slice(0, end + 6).split('</row>')) {
					if (!row.includes('<row')) continue;
					const cells = cellsOf(row);
					// Each sheet starts with the header again.
					if (first) header ??= cells;
					else onRow(cells, index++);
					first = false;
				}
				rest = rest.slice(end + 6);
			}
		}
		return { header, sheets: sheets.length, xmlMB };
	};
}

/**
 * Checks a written file: its rows, each product once, the SKUs `expected` (every product of the
 * account when undefined: `count` of them) and `SAMPLES` rows cell by cell against the records.
 */
async function checkFile(sb, domain, file, format, { count, expected }) {
	const t0 = Date.now();
	const rows = format === 'xlsx' ? xlsxRows(file) : csvRows(file);
	const skus = new Set();
	let repeated = 0;
	let unexpected = 0;
	const every = Math.max(1, Math.floor((expected ? expected.size : count) / SAMPLES));
	const sampled = [];
	let last;
	const { header, sheets, xmlMB } = await rows((cells, i) => {
		const sku = cells[0];
		if (skus.has(sku)) repeated++;
		skus.add(sku);
		if (expected && !expected.has(sku)) unexpected++;
		if (i % every === 0) sampled.push(cells);
		last = cells;
	});
	if (last && sampled[sampled.length - 1] !== last) sampled.push(last);
	if (header[0] !== 'sku') throw new Error(`${file}: the header starts with ${header[0]}, not sku`);
	const problems = [];
	for (const cells of sampled) {
		const record = await wireOf(sb, domain, cells[0]);
		header.forEach((h, c) => {
			const want = expectedCell(record, h);
			if ((cells[c] ?? '') !== want)
				problems.push(`${cells[0]} ${h}: ${JSON.stringify(cells[c])} ≠ ${JSON.stringify(want)}`);
		});
	}
	const want = expected ? expected.size : count;
	const missing = expected ? [...expected].filter((s) => !skus.has(s)).length : want - skus.size;
	const check = {
		rows: skus.size + repeated,
		distinct: skus.size,
		repeated,
		unexpected,
		missing,
		sheets,
		...(xmlMB ? { xmlMB } : {}),
		columns: header.length,
		sampled: sampled.length,
		problems: problems.slice(0, 10),
		mb: mb(fs.statSync(file).size),
		checkMs: Date.now() - t0,
	};
	check.ok = check.rows === want && !repeated && !unexpected && !missing && !problems.length;
	return check;
}

/** Rows of Convert to File's CSV (no header check: n8n's own columns). */
async function countCsvRows(file) {
	let n = 0;
	const { header } = await csvRows(file)(() => n++);
	return { rows: n, columns: header.length, mb: mb(fs.statSync(file).size) };
}

/** The feed runs' options: the example's (examples/publish-a-google-merchant-center-feed.json). */
const GMC = {
	feed: 'googleMerchantCenter',
	exportOptions: {
		columns: {
			column: [
				{ header: 'link', value: 'https://shop.example.com/products/{slug}' },
				{ header: 'condition', value: 'new' },
			],
		},
		currency: 'USD',
		valueMap: {
			mapping: [
				{ column: 'availability', from: 'Yes', to: 'in_stock' },
				{ column: 'availability', from: 'No', to: 'out_of_stock' },
			],
		},
	},
};

/** Products of a feed passed to the validator (the first ones: it holds a whole file). */
const VALIDATED = 2000;

/**
 * Checks a feed file: a row (TSV line, XML item) per product written, each id once, written +
 * invalid = every product, and the first VALIDATED products through the tests' validator.
 */
async function checkFeed(file, format, summary, size) {
	const t0 = Date.now();
	const { validateFeed } = require('../e2e/feedValidator');
	const ids = new Set();
	let rows = 0;
	let repeated = 0;
	let head = '';
	let rest = '';
	const seen = (id) => {
		rows++;
		if (ids.has(id)) repeated++;
		ids.add(id);
	};
	const stream = fs.createReadStream(file, { encoding: 'utf8' });
	let header;
	for await (const chunk of stream) {
		if (head.length < 4_000_000) head += chunk;
		rest += chunk;
		if (format === 'tsv') {
			const lines = rest.split('\r\n');
			rest = lines.pop();
			for (const line of lines) {
				if (!header) header = line.split('\t');
				else seen(line.slice(0, line.indexOf('\t')));
			}
		} else {
			const end = rest.lastIndexOf('</item>');
			if (end < 0) continue;
			for (const m of rest.slice(0, end).matchAll(/<g:id>([^<]*)<\/g:id>/g)) seen(m[1]);
			rest = rest.slice(end + 7);
		}
	}
	// The validator on the first products: the file's start, cut after a whole row.
	const cutAt =
		format === 'tsv'
			? head
					.split('\r\n')
					.slice(0, VALIDATED + 1)
					.join('\r\n') + '\r\n'
			: `${head.slice(0, head.split('</item>').slice(0, VALIDATED).join('</item>').length)}</item>\n</channel>\n</rss>\n`;
	const report = validateFeed('googleMerchantCenter', format, Buffer.from(cutAt));
	const check = {
		rows,
		distinct: ids.size,
		repeated,
		validated: report.rows.length,
		validatorProblems: report.problems.slice(0, 5),
		mb: mb(fs.statSync(file).size),
		checkMs: Date.now() - t0,
	};
	check.ok =
		rows === summary.products &&
		!repeated &&
		summary.products + summary.invalid === size &&
		report.problems.length === 0 &&
		report.rows.length === Math.min(VALIDATED, rows);
	return check;
}

const EXPORT = (format, extra = {}) => ({
	resource: 'product',
	operation: 'exportFile',
	fileFormat: format,
	binaryPropertyName: 'data',
	...extra,
});

/**
 * One run in a fresh n8n: `kind` noop (Start → No Operation), export (Start → Export File →
 * Write file) or flow (Start → Get Many, Return All → Convert to File (CSV) → Write file).
 */
async function measureOnce(sb, o, { version, kind, domain, format = 'csv', exportExtra, out }) {
	const credential = { id: 'pimBenchExport', name: 'PIM sandbox (export bench)' };
	const id = 'pimBenchExport';
	const node = nodeOf(id);
	const pim = { credentials: { pimApi: credential } };
	const chain = [node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {})];
	if (kind === 'noop') chain.push(node('Measured', 'n8n-nodes-base.noOp', 1, 200, {}));
	if (kind === 'export')
		chain.push(node('Measured', 'n8n-nodes-pim.pim', 2, 200, EXPORT(format, exportExtra), pim));
	if (kind === 'flow')
		chain.push(
			node(
				'Get Many',
				'n8n-nodes-pim.pim',
				2,
				200,
				{ resource: 'product', operation: 'getAll', returnAll: true },
				pim,
			),
			node('Measured', 'n8n-nodes-base.convertToFile', 1.1, 400, {
				operation: 'csv',
				binaryPropertyName: 'data',
				options: {},
			}),
		);
	if (out)
		chain.push(
			node('Write file', 'n8n-nodes-base.readWriteFile', 1, 600, {
				operation: 'write',
				fileName: out,
				dataPropertyName: 'data',
				options: {},
			}),
		);
	const connections = {};
	for (let i = 1; i < chain.length; i++)
		connections[chain[i - 1].name] = { main: [[{ node: chain[i].name, type: 'main', index: 0 }]] };

	await sb.admin('DELETE', '/log');
	await sb.admin('DELETE', '/counters');
	if (kind !== 'noop') await sb.admin('PUT', '/faults', { rateLimit: { rps: o.rps } });
	const loadBefore = load();
	let run;
	try {
		run = await executeOnce({
			version,
			distDir: o.distDir,
			filesDir: o.filesDir,
			env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' },
			cpu: true,
			credentials: [
				{
					...credential,
					data: { baseUrl: sb.url, domain, token: `${domain}-token`, allowHttp: false },
				},
			],
			workflow: {
				id,
				name: `bench export ${kind}`,
				active: false,
				nodes: chain,
				connections,
				settings: { executionOrder: 'v1' },
				pinData: {},
			},
		});
	} finally {
		await sb.admin('DELETE', '/faults');
	}
	const loadAfter = load();
	const { data, peakRss, samples, cpu } = run;
	const runData = data.data.resultData.runData;
	const task = runData.Measured[0];
	if (task.error) throw new Error(`${kind}: ${task.error.message}`);
	const counters = await sb.admin('GET', '/counters');
	const log = await sb.admin('GET', '/log');
	const end = task.startTime + task.executionTime;
	const startedAt = Date.parse(data.startedAt);
	const getMany = runData['Get Many']?.[0];
	return {
		version,
		kind,
		format,
		ms: task.executionTime + (getMany?.executionTime ?? 0),
		getManyMs: getMany?.executionTime,
		convertMs: getMany ? task.executionTime : undefined,
		spanMs: end - startedAt,
		// The n8n process's CPU time (all threads) over the measured node(s): what the load of the
		// machine does not stretch as it stretches wall time.
		cpuMs: cpuBetween(cpu, getMany ? getMany.startTime : task.startTime, end),
		summary: kind === 'export' ? task.data.main[0][0].json : undefined,
		requests: counters.requests,
		refused: counters.byStatus['429'] ?? 0,
		listPages: log.filter((r) => r.path === LIST && r.status === 200).length,
		peakMB: mb(rssPeakBetween(samples, startedAt, end)),
		processPeakMB: mb(peakRss),
		load: [loadBefore, loadAfter],
	};
}

/**
 * One run, once more when n8n was ended by a signal (seen once, 2.41.1, after printing a
 * successful run: another process's doing or n8n's exit); the first attempt is kept as `retried`.
 */
async function measure(sb, o, spec) {
	try {
		return await measureOnce(sb, o, spec);
	} catch (error) {
		if (!/exited with -1/.test(error.message)) throw error;
		const retried = error.message.split('\n')[0];
		o.log(`${spec.version} ${spec.kind}: ${retried}; once more`);
		return { ...(await measureOnce(sb, o, spec)), retried };
	}
}

/** `repeat` runs of one measure: the median of each figure, the range of time and peak. */
async function repeated(repeat, once) {
	const runs = [];
	for (let i = 0; i < repeat; i++) runs.push(await once(i));
	if (runs.length === 1) return runs[0];
	const result = { ...runs[runs.length - 1], runs: runs.length };
	for (const key of ['ms', 'cpuMs', 'spanMs', 'peakMB', 'processPeakMB', 'requests', 'refused'])
		result[key] = median(runs.map((r) => r[key]));
	result.msRange = [Math.min(...runs.map((r) => r.ms)), Math.max(...runs.map((r) => r.ms))];
	result.peakRange = [
		Math.min(...runs.map((r) => r.peakMB)),
		Math.max(...runs.map((r) => r.peakMB)),
	];
	result.load = [runs[0].load[0], runs[runs.length - 1].load[1]];
	result.checks = runs.map((r) => r.check);
	result.check = runs.find((r) => r.check && !r.check.ok)?.check ?? runs[runs.length - 1].check;
	return result;
}

/** Reads every page of an account once (untimed): the sandbox builds and caches each record's JSON. */
async function warm(sb, domain, pages) {
	for (let page = 1; page <= pages; page++) {
		const res = await fetch(
			`${sb.url}${LIST}?pagination[pageLimit]=1000&pagination[currentPage]=${page}`,
			{ headers: { token: `${domain}-token`, 'x-domain': domain } },
		);
		await res.arrayBuffer();
	}
}

/** The same list in an order that looks random, the same every run (Fisher-Yates, an LCG). */
function shuffled(list) {
	let seed = 61;
	const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
	for (let i = list.length - 1; i > 0; i--) {
		const j = Math.floor(next() * (i + 1));
		[list[i], list[j]] = [list[j], list[i]];
	}
	return list;
}

/** `count` SKUs spread evenly over the account (sandbox SKUs are SKU-<id, 6 digits>). */
function spread(size, count) {
	const skus = new Set();
	for (let k = 0; k < count; k++)
		skus.add(`SKU-${String(1 + Math.floor((k * size) / count)).padStart(6, '0')}`);
	return skus;
}

/** The commit dist/ was presumably built from, `+` when the work tree has changes in nodes/. */
function build() {
	const git = (...args) =>
		execFileSync('git', args, { cwd: path.join(__dirname, '..'), encoding: 'utf8' }).trim();
	return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', 'nodes') ? '+' : ''}`;
}

async function run({
	size = 1_000_000,
	flowSize = 100_000,
	versions = ['1.123.81', '2.41.1'],
	rps = 50,
	changed = 0.01,
	only = ['noop', 'csv', 'xlsx', 'gmc', 'gmcxml', 'delta', 'flow'],
	repeat = 1,
	log = () => {},
	onRun = () => {},
} = {}) {
	const big = `x${size}`;
	const small = `y${flowSize}`;
	const t0 = Date.now();
	const sb = await startSandbox({
		extra: [
			'--account',
			`${big}:${big}-token:${size}`,
			...(only.includes('flow') ? ['--account', `${small}:${small}-token:${flowSize}`] : []),
		],
		timeoutMs: 600_000,
	});
	log(
		`sandbox with ${size} + ${flowSize} products ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
	);
	const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-export-'));
	// Every run installs this copy of the build: a rebuild meanwhile cannot mix two builds.
	const distDir = path.join(filesDir, 'dist');
	fs.cpSync(process.env.PIM_BENCH_DIST || path.join(__dirname, '..', 'dist'), distDir, {
		recursive: true,
	});
	const o = { rps, filesDir, distDir, log };
	const result = {
		size,
		flowSize,
		rps,
		changed,
		startedAt: new Date().toISOString(),
		build: process.env.PIM_BENCH_DIST || build(),
		runs: [],
	};
	const started = load();
	const add = (r, label) => {
		result.runs.push(r);
		log(`${label}: ${line(r)}`);
		onRun(result);
	};
	try {
		await warm(sb, big, Math.ceil(size / 1000));
		if (only.includes('flow')) await warm(sb, small, Math.ceil(flowSize / 1000));
		log(`sandbox warm (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
		/** How the account's changed products were last touched, and how many times. */
		let touched;
		let touchRounds = 0;
		for (const version of versions) {
			if (only.includes('noop'))
				add(
					await repeated(repeat, () => measure(sb, o, { version, kind: 'noop', domain: big })),
					`${version} Start → No Operation`,
				);
			for (const format of ['csv', 'xlsx'].filter((f) => only.includes(f)))
				add(
					await repeated(repeat, async (i) => {
						const out = path.join(filesDir, `products-${i}.${format}`);
						const r = await measure(sb, o, { version, kind: 'export', domain: big, format, out });
						r.check = await checkFile(sb, big, out, format, { count: size });
						fs.rmSync(out, { force: true });
						return r;
					}),
					`${version} Export File ${format}, ${size} products`,
				);
			for (const [kind, format] of [
				['gmc', 'tsv'],
				['gmcxml', 'xml'],
			].filter(([k]) => only.includes(k)))
				add(
					await repeated(repeat, async (i) => {
						const out = path.join(filesDir, `feed-${i}.${format}`);
						const r = await measure(sb, o, {
							version,
							kind: 'export',
							domain: big,
							format,
							exportExtra: GMC,
							out,
						});
						r.feed = kind;
						r.check = await checkFeed(out, format, r.summary, size);
						fs.rmSync(out, { force: true });
						return r;
					}),
					`${version} Export File, Google Merchant Center ${format.toUpperCase()}, ${size} products`,
				);
			if (only.includes('delta')) {
				const set = spread(size, Math.round(size * changed));
				// Changes as they come (a random order), and as a bulk update walking the catalogue
				// by SKU makes them (id order: a last-updated-first list's first pages then fall
				// by id too, the order of a newest-created-first list).
				for (const [changes, order] of [
					['random', 'id'],
					['random', 'updated-desc'],
					['id order', 'updated-desc'],
				]) {
					if (touched !== changes) {
						const skus = changes === 'random' ? shuffled([...set]) : [...set];
						const from = TOUCHED_FROM + 86_400_000 * touchRounds++;
						for (const [k, sku] of skus.entries())
							await sb.admin('POST', `/accounts/${big}/products/${sku}/touch`, {
								at: new Date(from + 1000 * k).toISOString(),
							});
						touched = changes;
						await sb.admin('PATCH', `/accounts/${big}`, { listOrder: 'id' });
						// The records changed: their JSON is built again before the timed reads.
						await warm(sb, big, Math.ceil(size / 1000));
						log(`${set.size} products touched after ${SINCE}, in ${changes}`);
					}
					await sb.admin('PATCH', `/accounts/${big}`, { listOrder: order });
					// The sandbox sorts its list once per order: before the timed read.
					await warm(sb, big, Math.ceil((set.size + 1000) / 1000));
					add(
						await repeated(repeat, async (i) => {
							const out = path.join(filesDir, `delta-${i}.csv`);
							const r = await measure(sb, o, {
								version,
								kind: 'export',
								domain: big,
								exportExtra: { exportOptions: { updatedSince: SINCE } },
								out,
							});
							Object.assign(r, { order, changes });
							r.check = await checkFile(sb, big, out, 'csv', { expected: set });
							fs.rmSync(out, { force: true });
							return r;
						}),
						`${version} delta, changes in ${changes}, list order ${order}`,
					);
				}
				await sb.admin('PATCH', `/accounts/${big}`, { listOrder: 'id' });
			}
			if (only.includes('flow')) {
				add(
					await repeated(repeat, async (i) => {
						const out = path.join(filesDir, `flow-export-${i}.csv`);
						const r = await measure(sb, o, { version, kind: 'export', domain: small, out });
						r.flowSize = flowSize;
						r.check = await checkFile(sb, small, out, 'csv', { count: flowSize });
						fs.rmSync(out, { force: true });
						return r;
					}),
					`${version} Export File csv, ${flowSize} products`,
				);
				add(
					await repeated(repeat, async (i) => {
						const out = path.join(filesDir, `flow-items-${i}.csv`);
						const r = await measure(sb, o, { version, kind: 'flow', domain: small, out });
						r.flowSize = flowSize;
						r.check = await countCsvRows(out);
						r.check.ok = r.check.rows === flowSize;
						fs.rmSync(out, { force: true });
						return r;
					}),
					`${version} Get Many → Convert to File, ${flowSize} products`,
				);
			}
		}
	} finally {
		fs.rmSync(filesDir, { recursive: true, force: true });
		await sb.close();
	}
	result.load = [started, load()];
	result.minutes = (Date.now() - t0) / 60000;
	return result;
}

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const m = (v) => `${Math.round(v)} MB`;
const range = (r, key, fmt) => (r[key] ? ` [${fmt(r[key][0])}–${fmt(r[key][1])}]` : '');

function line(r) {
	const check = r.check
		? `; file ${r.check.rows} rows${r.check.ok ? ' ok' : ` NOT OK ${JSON.stringify(r.check)}`}`
		: '';
	return `${s(r.ms)} (CPU ${r.cpuMs === undefined ? '—' : s(r.cpuMs)}), ${r.requests} requests (${r.refused} refused), peak ${m(r.peakMB)} (process ${m(r.processPeakMB)}), load ${r.load.join(' → ')}${r.summary ? `, summary ${JSON.stringify({ ...r.summary, columns: r.summary.columns.length, problems: r.summary.problems?.length })}` : ''}${check}`;
}

/** The figures and #61's goals, each as a ratio (≤ 1.00 meets it). */
function table(result) {
	const { runs, rps } = result;
	const find = (version, pred) => runs.find((r) => r.version === version && pred(r));
	const versions = [...new Set(runs.map((r) => r.version))];
	const lines = [
		`| n8n | run | products | requests (429) | pages read | time | n8n's CPU | requests ÷ ${rps}/s | peak RSS (process) | file | load 1 min |`,
		'|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
	];
	for (const r of runs) {
		const label =
			r.kind === 'noop'
				? 'Start → No Operation'
				: r.kind === 'flow'
					? 'Get Many → Convert to File (CSV)'
					: r.order
						? `Export File, Updated Since, changes in ${r.changes}, list order ${r.order}`
						: r.feed
							? `Export File, Google Merchant Center ${r.format.toUpperCase()}`
							: `Export File ${r.format.toUpperCase()}`;
		const products =
			r.kind === 'noop'
				? '—'
				: (r.summary?.products ?? r.check?.rows ?? '').toLocaleString('en-US');
		const time =
			r.kind === 'noop'
				? '—'
				: r.kind === 'flow'
					? `${s(r.ms)}${range(r, 'msRange', s)} (${s(r.getManyMs)} + ${s(r.convertMs)})`
					: `${s(r.ms)}${range(r, 'msRange', s)}`;
		const file = r.check
			? `${r.check.rows.toLocaleString('en-US')} rows, ${r.check.mb.toFixed(1)} MB${r.check.ok ? ', checked' : ', **NOT OK**'}`
			: '—';
		lines.push(
			`| ${r.version} | ${label}${r.runs ? ` (median of ${r.runs})` : ''} | ${products} | ${r.kind === 'noop' ? '—' : `${r.requests} (${r.refused})`} | ${r.summary?.pages ?? (r.kind === 'flow' ? r.listPages : '—')} | ${time} | ${r.kind === 'noop' || r.cpuMs === undefined ? '—' : s(r.cpuMs)} | ${r.kind === 'noop' ? '—' : s((1000 * r.requests) / rps)} | ${m(r.peakMB)}${range(r, 'peakRange', m)} (${m(r.processPeakMB)}) | ${file} | ${r.load.join(' → ')} |`,
		);
	}
	lines.push('', "Against #61's goals (≤ 1.00 meets one):");
	for (const version of versions) {
		const noop = find(version, (r) => r.kind === 'noop');
		const csv = find(
			version,
			(r) => r.kind === 'export' && r.format === 'csv' && !r.order && !r.flowSize && !r.feed,
		);
		const xlsx = find(version, (r) => r.kind === 'export' && r.format === 'xlsx');
		const memory = (r) =>
			noop
				? `peak ${m(r.peakMB)} ≤ ${m(noop.peakMB + 250)} (No Operation ${m(noop.peakMB)} + 250): **${(r.peakMB / (noop.peakMB + 250)).toFixed(2)}**; stretch + 150: ${(r.peakMB / (noop.peakMB + 150)).toFixed(2)}`
				: 'no No Operation run';
		if (csv) {
			const bound = (1.15 * csv.requests) / rps + 30;
			lines.push(
				`- n8n ${version}, 1. CSV of ${result.size.toLocaleString('en-US')}: time ${s(csv.ms)} ≤ ${bound.toFixed(1)} s (1.15 × ${csv.requests} ÷ ${rps}/s + 30 s): **${(csv.ms / 1000 / bound).toFixed(2)}**; ${memory(csv)}; file ${csv.check.ok ? 'complete' : 'NOT complete'}`,
			);
		}
		if (xlsx)
			lines.push(
				`- n8n ${version}, 2. XLSX: time ${s(xlsx.ms)}${csv ? ` ≤ ${s(1.5 * csv.ms)} (1.5 × the CSV's ${s(csv.ms)}): **${(xlsx.ms / (1.5 * csv.ms)).toFixed(2)}**` : ''}; ${memory(xlsx)}; file ${xlsx.check.ok ? 'complete' : 'NOT complete'}`,
			);
		const tsv = find(version, (r) => r.feed === 'gmc');
		const xml = find(version, (r) => r.feed === 'gmcxml');
		const feedMemory = (r) =>
			noop
				? `peak ${m(r.peakMB)} ≤ ${m(noop.peakMB + 150)} (No Operation + 150): **${(r.peakMB / (noop.peakMB + 150)).toFixed(2)}**`
				: 'no No Operation run';
		if (tsv) {
			const bound = (1.1 * tsv.requests) / rps + 15;
			lines.push(
				`- n8n ${version}, 5. Google Merchant Center TSV (${tsv.summary.products} written, ${tsv.summary.invalid} invalid ${JSON.stringify(tsv.summary.invalidByRule)}): time ${s(tsv.ms)} ≤ ${bound.toFixed(1)} s (1.10 × ${tsv.requests} ÷ ${rps}/s + 15 s): **${(tsv.ms / 1000 / bound).toFixed(2)}**; ${feedMemory(tsv)}; file ${tsv.check.ok ? 'complete, the first products pass the validator' : 'NOT OK'}${csv ? `; CPU ${s(tsv.cpuMs)} against the plain CSV's ${s(csv.cpuMs)}` : ''}`,
			);
		}
		if (xml)
			lines.push(
				`- n8n ${version}, 5. Google Merchant Center XML: time ${s(xml.ms)}${tsv ? ` ≤ ${s(1.2 * tsv.ms)} (1.2 × the TSV's): **${(xml.ms / (1.2 * tsv.ms)).toFixed(2)}**` : ''}; ${feedMemory(xml)}; file ${xml.check.ok ? 'complete, the first products pass the validator' : 'NOT OK'}`,
			);
		for (const d of runs.filter((r) => r.version === version && r.order)) {
			const others = d.requests - d.refused - d.listPages;
			lines.push(
				`- n8n ${version}, 3. delta, changes in ${d.changes}, list order ${d.order}: ${d.listPages} product pages answered = ${d.summary.pages} the summary counts${d.listPages === d.summary.pages ? '' : ' (**differ**)'} (+ ${others} other requests, ${d.refused} refused with 429), deltaRead ${d.summary.deltaRead}; the file ${d.check.rows} rows, ${d.check.ok ? 'exactly the changed products' : 'NOT the changed products'}; ${s(d.ms)}`,
			);
		}
		const fe = find(version, (r) => r.kind === 'export' && r.flowSize);
		const fi = find(version, (r) => r.kind === 'flow');
		if (fe && fi)
			lines.push(
				`- n8n ${version}, 4. ${result.flowSize.toLocaleString('en-US')} products: Export File ${s(fe.ms)}, peak ${m(fe.peakMB)}; Get Many → Convert to File ${s(fi.ms)}, peak ${m(fi.peakMB)}: time ÷ ${(fe.ms / fi.ms).toFixed(2)}, peak ÷ ${(fe.peakMB / fi.peakMB).toFixed(2)}${noop ? `, over No Operation ${m(fe.peakMB - noop.peakMB)} against ${m(fi.peakMB - noop.peakMB)}` : ''}`,
			);
	}
	return `${lines.join('\n')}\n`;
}

module.exports = { run, table, expectedCell };

/** bench/out/export-file.json */
function save(result) {
	const outDir = path.join(__dirname, 'out');
	fs.mkdirSync(outDir, { recursive: true });
	fs.writeFileSync(path.join(outDir, 'export-file.json'), JSON.stringify(result, null, 2));
}

if (require.main === module) {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? process.argv[i + 1] : fallback;
	};
	run({
		size: Number(arg('--size', '1000000')),
		flowSize: Number(arg('--flow-size', '100000')),
		versions: arg('--versions', '1.123.81,2.41.1').split(','),
		rps: Number(arg('--rps', '50')),
		changed: Number(arg('--changed', '0.01')),
		only: arg('--only', 'noop,csv,xlsx,gmc,gmcxml,delta,flow').split(','),
		repeat: Number(arg('--repeat', '1')),
		log: (msg) => process.stderr.write(`${msg}\n`),
		// The figures so far after each measure: a run that fails late keeps the earlier ones.
		onRun: save,
	})
		.then((result) => {
			save(result);
			process.stdout.write(
				`build ${result.build}, ${result.startedAt}, load average (1 min) ${result.load.join(' → ')}, ${result.minutes.toFixed(1)} min\n\n${table(result)}`,
			);
		})
		.catch((e) => {
			process.stderr.write(`${e.stack}\n`);
			process.exit(1);
		});
}
