#!/usr/bin/env node
'use strict';
/**
 * Export File's writers alone (#61), in process: `rows` rows of the sandbox's cells (the
 * million-product bench account's 20 columns: sku, family, categories, image and 16 attributes,
 * each cell as Export File makes it from the product's record) written by the built writer
 * (dist/, or `--dist <folder>`) through the stream n8n's binary data takes, into a file as n8n's
 * filesystem mode writes it (`fs.promises.writeFile` iterating the stream). Printed: wall time,
 * the process's CPU (every thread), the main thread's own CPU (Linux's per-thread ticks; the rest
 * is mostly the compressor on libuv's threads) and its event loop's busy time, the file's size,
 * the peak RSS (and the RSS before writing), how idle the machine's cores were during the write
 * (/proc/stat: the room a compressor thread has to run beside the main thread) and the 1-minute
 * load before and after.
 *
 * The file is then read back, so that a broken writer cannot look fast: an XLSX by `unzip` (every
 * entry's CRC; the sheet's rows counted, the last row's number and SKU) and its first rows by the
 * node's own reader, cell by cell; a CSV's lines counted, its first rows read back.
 *
 * The rows cycle through a pool of distinct products (`--pool`, 20 000 by default: 5 MB of XML
 * apart, far past deflate's 32 KB window), each with its own SKU; the pool is built once from the
 * sandbox's generator in a child process and kept in the temp folder.
 *
 *   node bench/xlsx-writer.js [--format xlsx|csv] [--rows 1000000] [--pool 20000] [--dist dir]
 *        [--keep file] [--json]
 */
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '..');
/** The million-product account of bench/export-file.js (its domain picks the profile and seed). */
const DOMAIN = 'x1000000';
const SAMPLE_ROWS = 1000;

function options(argv) {
	const o = { format: 'xlsx', rows: 1_000_000, pool: 20_000, dist: path.join(ROOT, 'dist') };
	for (let i = 0; i < argv.length; i++) {
		const value = () => argv[++i];
		switch (argv[i]) {
			case '--format':
				o.format = value();
				break;
			case '--rows':
				o.rows = Number(value());
				break;
			case '--pool':
				o.pool = Number(value());
				break;
			case '--dist':
				o.dist = path.resolve(value());
				break;
			case '--keep':
				o.keep = path.resolve(value());
				break;
			case '--json':
				o.json = true;
				break;
			case '--make-pool':
				o.makePool = value();
				break;
			default:
				throw new Error(`Unknown option ${argv[i]}`);
		}
	}
	return o;
}

/** Run in a child: the pool's header and rows, as Export File's cells, into `file`. */
function makePool(file, size, dist) {
	require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
	const { AccountStore } = require(path.join(ROOT, 'sandbox', 'store'));
	const { cellOf } = require(path.join(dist, 'nodes/Pim/resources/product/fileExport/cells'));
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
	const header = ['sku', 'family', 'categories', 'image', ...store.attributes.map((a) => a.code)];
	const rows = store.products.map((p) => {
		const record = JSON.parse(store.productJson(p));
		return header.map((source) => cellOf(record, source));
	});
	fs.writeFileSync(file, JSON.stringify({ header, rows }));
}

function poolOf(o) {
	const file = path.join(os.tmpdir(), `pim-bench-xlsx-pool-${DOMAIN}-${o.pool}.json`);
	if (!fs.existsSync(file))
		execFileSync(
			process.execPath,
			[__filename, '--make-pool', file, '--pool', String(o.pool), '--dist', o.dist],
			{
				stdio: 'inherit',
			},
		);
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const skuOf = (n) => `SKU-${String(n).padStart(7, '0')}`;

/** Row `n` (1-based): the pool's row with its own SKU. */
function rowOf(pool, n) {
	const row = pool.rows[(n - 1) % pool.rows.length].slice();
	row[0] = skuOf(n);
	return row;
}

async function* rowsOf(pool, count) {
	for (let n = 1; n <= count; n++) yield rowOf(pool, n);
}

const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** The main thread's CPU time in seconds (its user and system clock ticks; Linux). */
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
function mainThreadCpu() {
	const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return (Number(fields[11]) + Number(fields[12])) / TICK;
}

/** The machine's idle and total CPU ticks so far (/proc/stat's first line). */
function machineTicks() {
	const cpu = fs
		.readFileSync('/proc/stat', 'utf8')
		.split('\n')[0]
		.trim()
		.split(/\s+/)
		.slice(1)
		.map(Number);
	return { idle: cpu[3] + cpu[4], total: cpu.reduce((a, b) => a + b, 0) };
}

/** The XLSX read back: CRCs, rows counted, the last row, the first rows cell by cell. */
async function checkXlsx(file, o, pool, dist) {
	execFileSync('unzip', ['-tq', file], { stdio: 'pipe' });
	let rows = 0;
	let tail = '';
	await new Promise((resolve, reject) => {
		const unzip = spawn('unzip', ['-p', file, 'xl/worksheets/sheet1.xml']);
		unzip.stdout.setEncoding('utf8');
		unzip.stdout.on('data', (text) => {
			const seen = tail + text;
			// A row's start is counted where it is whole; the last 64 characters go on with the next.
			const keep = Math.max(0, seen.length - 64);
			for (let i = seen.indexOf('<row ', 0); i !== -1 && i < keep; i = seen.indexOf('<row ', i + 1))
				rows++;
			tail = seen.slice(keep);
		});
		unzip.on('error', reject);
		unzip.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`unzip ${code}`))));
	});
	for (let i = tail.indexOf('<row '); i !== -1; i = tail.indexOf('<row ', i + 1)) rows++;
	const expected = o.rows + 1;
	if (rows !== expected) throw new Error(`the sheet has ${rows} rows, not ${expected}`);
	const last = execFileSync(
		'sh',
		['-c', `unzip -p '${file}' xl/worksheets/sheet1.xml | tail -c 4096`],
		{
			encoding: 'utf8',
		},
	);
	if (!last.includes(`<row r="${expected}">`) || !last.includes(`>${skuOf(o.rows)}<`))
		throw new Error('the last row is not the last product');
	const { xlsxRecords } = require(path.join(dist, 'nodes/Pim/shared/file/xlsx'));
	await sample(xlsxRecords(fs.readFileSync(file)), pool, Math.min(o.rows, SAMPLE_ROWS));
	return `${rows - 1} rows, CRCs, the last row and ${Math.min(o.rows, SAMPLE_ROWS)} rows' cells checked`;
}

/** The first `count` records of a reader are the header and the rows written. */
async function sample(records, pool, count) {
	let n = 0;
	for await (const record of records) {
		const cells = record.cells ?? record;
		const want = n === 0 ? pool.header : rowOf(pool, n);
		const trimmed = cells.slice(0, want.length);
		while (trimmed.length < want.length) trimmed.push('');
		if (JSON.stringify(trimmed) !== JSON.stringify(want))
			throw new Error(
				`row ${n} reads back as ${JSON.stringify(cells)}, not ${JSON.stringify(want)}`,
			);
		if (++n > count) break;
	}
	if (n <= count) throw new Error(`only ${n} records read back`);
}

async function checkCsv(file, o, pool, dist) {
	let lines = 0;
	for await (const chunk of fs.createReadStream(file))
		for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
	// Some cells hold line breaks (quoted): at least a line per row.
	if (lines < o.rows + 1) throw new Error(`${lines} lines for ${o.rows} rows`);
	const { csvRecords } = require(path.join(dist, 'nodes/Pim/shared/file/csv'));
	await sample(csvRecords(fs.createReadStream(file)), pool, Math.min(o.rows, SAMPLE_ROWS));
	return `${lines} lines, ${Math.min(o.rows, SAMPLE_ROWS)} rows' cells checked`;
}

async function measure(o) {
	const pool = poolOf(o);
	const { ByteStream } = require(path.join(o.dist, 'nodes/Pim/shared/file/byteStream'));
	const { xlsxFile } = require(path.join(o.dist, 'nodes/Pim/shared/file/xlsxWriter'));
	const { delimitedFile } = require(path.join(o.dist, 'nodes/Pim/shared/file/csvWriter'));
	const file = o.keep ?? path.join(os.tmpdir(), `pim-bench-xlsx-${process.pid}.${o.format}`);
	const rssBefore = process.memoryUsage().rss;
	const loadBefore = load();
	const elu0 = performance.eventLoopUtilization();
	const main0 = mainThreadCpu();
	const machine0 = machineTicks();
	const cpu0 = process.cpuUsage();
	const t0 = performance.now();
	const bytes =
		o.format === 'xlsx'
			? xlsxFile(pool.header, rowsOf(pool, o.rows), { sheetName: 'Products' })
			: delimitedFile(o.format, pool.header, rowsOf(pool, o.rows));
	await fs.promises.writeFile(file, new ByteStream(bytes));
	const wallMs = performance.now() - t0;
	const cpu = process.cpuUsage(cpu0);
	const elu = performance.eventLoopUtilization(elu0);
	const mainCpu = mainThreadCpu() - main0;
	const machine1 = machineTicks();
	const peakRss = process.resourceUsage().maxRSS * 1024;
	const result = {
		format: o.format,
		rows: o.rows,
		dist: path.relative(ROOT, o.dist) || o.dist,
		wallS: wallMs / 1000,
		cpuS: (cpu.user + cpu.system) / 1e6,
		mainCpuS: mainCpu,
		mainBusyS: elu.active / 1000,
		idlePct: (100 * (machine1.idle - machine0.idle)) / (machine1.total - machine0.total),
		fileMB: fs.statSync(file).size / 1e6,
		rssBeforeMB: rssBefore / 1e6,
		peakRssMB: peakRss / 1e6,
		load: [loadBefore, load()],
	};
	try {
		result.check = await (o.format === 'xlsx' ? checkXlsx : checkCsv)(file, o, pool, o.dist);
	} finally {
		if (!o.keep) fs.rmSync(file, { force: true });
	}
	return result;
}

async function main() {
	const o = options(process.argv.slice(2));
	if (o.makePool) return makePool(o.makePool, o.pool, o.dist);
	const r = await measure(o);
	if (o.json) return console.log(JSON.stringify(r));
	const s = (x) => `${x.toFixed(1)} s`;
	console.log(
		`${r.format} ${r.rows} rows (${r.dist}): wall ${s(r.wallS)}, CPU ${s(r.cpuS)}, main thread's CPU ${s(r.mainCpuS)} ` +
			`(its event loop busy ${s(r.mainBusyS)}), the machine ${r.idlePct.toFixed(0)} % idle, ` +
			`file ${r.fileMB.toFixed(1)} MB, peak RSS ${r.peakRssMB.toFixed(0)} MB (${r.rssBeforeMB.toFixed(0)} MB before writing), ` +
			`load ${r.load.join(' → ')}; ${r.check}`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
