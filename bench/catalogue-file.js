#!/usr/bin/env node
'use strict';
/**
 * Scenario 11, a catalogue file in one item (#44): the nightly sheet of scenario 8 (the account's
 * products as they are, 19 rows changed) as ONE file, through Product → Import File in a real
 * n8n (`n8n execute` of Read file → PIM), beside n8n's own cost of holding that file (Read file →
 * No Operation) and, for reference, the same sheet as items (Read file → Extract from CSV → No
 * Operation). n8n keeps binary data in files (`N8N_DEFAULT_BINARY_DATA_MODE=filesystem`, 2.x's
 * default), so the node reads the file as a stream. Printed: requests, writes, the PIM node's
 * time and n8n's peak RSS while the workflow ran, and the ratios to the file alone and to the
 * items alone.
 *
 *   node bench/catalogue-file.js [--sizes 100000] [--versions 1.123.81] [--rps 20] [--changed 19]
 *     [--no-items] [--first-import RPS] [--no-sync] [--xlsx] [--faults 0.05,0.02] [--record]
 *
 * --record: each sync's line (time, its ratio to the requests' own time, the peak over the file
 * alone) added to bench/RESULTS.md, "Scenario 11, one line per build" (#75's guard).
 * --no-sync: the first import only (with --first-import), not the sync of the changed rows.
 * --xlsx: also the same sheet as an XLSX workbook (SheetJS, every cell a shared string), through
 * Import File and alone, beside the CSV (#44: at most 2 × the CSV's time, the same memory bound).
 * --first-import: also the first import of the same file into an account with no products (every
 * row created), the PIM allowing RPS requests a second (0: no limit).
 * --faults E,D: the PIM also answers a share E of requests 503 (Retry-After: 1) before acting on
 * them and drops the connection of a share D after acting on them (#62); each measured import
 * then runs twice, without and with the faults, set beside #62's goals: every count of the
 * summary as without faults, none failed; time ≤ 1.3 × the fault-free run + the faults' pauses;
 * 429s ≤ the fault-free run's + 10; peak RSS beside the fault-free run's.
 *
 * Each run is set beside #44's goals: requests ≤ pages + changes + 10, the node's time ≤ 1.15 ×
 * requests ÷ rate + 30 s, peak RSS ≤ the file alone + 400 MB; a run with faults may add what the
 * faults cost (faultCost): a request each, and the 503s' pauses.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('./lib/sandbox');
const { executeOnce, nodeOf, rssPeakBetween } = require('./lib/realn8n');
const { COLUMNS: SHEET_COLUMNS, csvField, edit, sheet } = require('./nightly-sync');

/** scenario 8's sheet: SKU, family and its columns. */
const COLUMNS = ['sku', 'family', ...SHEET_COLUMNS];
/** Requests the sandbox's log keeps (a million-row first import sends more: the counters count). */
const LOG_LIMIT = 200_000;

/** The sheet as a CSV file, `changes` rows renamed as scenario 8 renames them (edit). */
function writeCsv(file, rows, changes) {
	const lines = [
		COLUMNS.join(','),
		...edit(rows, changes).rows.map((row) => COLUMNS.map((c) => csvField(row[c])).join(',')),
	];
	fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** The same sheet as an XLSX workbook written by SheetJS, every cell text. */
function writeXlsx(file, rows, changes) {
	const XLSX = require('xlsx');
	const cells = [
		COLUMNS,
		...edit(rows, changes).rows.map((row) =>
			COLUMNS.map((c) => (row[c] === undefined || row[c] === null ? '' : String(row[c]))),
		),
	];
	const book = XLSX.utils.book_new();
	XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), 'Products');
	XLSX.writeFile(book, file, { compression: true });
}

const IMPORT = {
	resource: 'product',
	operation: 'importFile',
	binaryPropertyName: 'data',
	skuColumn: 'sku',
	familyColumn: 'family',
	familyCode: 'Clothing',
	languageCode: 'en_US',
	channels: { channel: [{ code: 'web' }] },
	imageColumns: 'image',
};

/** The sandbox's faults for a run: a rate limit (rps 0: none), and #62's faults when given. */
function faultsOf(rps, faults) {
	return {
		...(rps > 0 ? { rateLimit: { rps } } : {}),
		...(faults
			? { errorRate: faults.error, errorStatus: 503, dropRate: faults.drop, dropPhase: 'after' }
			: {}),
	};
}

async function measure(sb, creds, csv, filesDir, version, measured, rps, faults) {
	const credential = { id: 'pimBenchFile', name: 'PIM sandbox (file bench)' };
	const id = 'pimBenchFile';
	const node = nodeOf(id);
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
		node('Read file', 'n8n-nodes-base.readWriteFile', 1, 200, { fileSelector: csv, options: {} }),
	];
	const connections = { Start: { main: [[{ node: 'Read file', type: 'main', index: 0 }]] } };
	if (measured === 'items') {
		nodes.push(
			node('Extract from CSV', 'n8n-nodes-base.extractFromFile', 1.1, 400, { options: {} }),
		);
		connections['Read file'] = { main: [[{ node: 'Extract from CSV', type: 'main', index: 0 }]] };
		connections['Extract from CSV'] = { main: [[{ node: 'Measured', type: 'main', index: 0 }]] };
	} else connections['Read file'] = { main: [[{ node: 'Measured', type: 'main', index: 0 }]] };
	nodes.push(
		measured === 'import'
			? node('Measured', 'n8n-nodes-pim.pim', 2, 600, IMPORT, {
					credentials: { pimApi: credential },
				})
			: node('Measured', 'n8n-nodes-base.noOp', 1, 600, {}),
	);
	await sb.admin('POST', '/reset');
	await sb.admin('PUT', '/faults', faultsOf(rps, faults));
	await sb.admin('DELETE', '/log');
	await sb.admin('DELETE', '/counters');
	const { data, peakRss, samples } = await executeOnce({
		version,
		distDir: process.env.PIM_BENCH_DIST || path.join(__dirname, '..', 'dist'),
		filesDir,
		env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' },
		credentials: [{ ...credential, data: { ...creds, allowHttp: false } }],
		workflow: {
			id,
			name: 'bench catalogue file',
			active: false,
			nodes,
			connections,
			settings: { executionOrder: 'v1' },
			pinData: {},
		},
	});
	await sb.admin('DELETE', '/faults');
	const task = data.data.resultData.runData.Measured[0];
	if (task.error) throw new Error(`${measured}: ${task.error.message}`);
	const log = await sb.admin('GET', '/log');
	// PIM_BENCH_LOG=<prefix>: each run's request log (method, path, query, status, arrival,
	// duration) written to <prefix>-<version>-<measured>[-faults].json, to see where a run's time went.
	if (process.env.PIM_BENCH_LOG)
		fs.writeFileSync(
			`${process.env.PIM_BENCH_LOG}-${version}-${measured}${faults ? '-faults' : ''}.json`,
			JSON.stringify(
				log.map(({ seq, method, path: p, query, status, arrivedAt, durationMs, faulted }) => ({
					seq,
					method,
					path: p,
					query,
					status,
					arrivedAt,
					durationMs,
					faulted,
				})),
			),
		);
	const counters = await sb.admin('GET', '/counters');
	const summary = measured === 'import' ? task.data.main[0][0].json : undefined;
	// The log keeps the last LOG_LIMIT requests; the counters count them all.
	const logCut = log.length >= LOG_LIMIT;
	return {
		ms: task.executionTime,
		summary,
		requests: counters.requests,
		refused: counters.byStatus['429'] ?? 0,
		busy: counters.byStatus['503'] ?? 0,
		dropped: counters.faults?.drop ?? 0,
		// When each refusal came (s after the run's first request) and to what: where the pace meets the limit.
		refusedAt: logCut
			? []
			: log
					.filter((r) => r.status === 429)
					.map((r) => `${((r.arrivedAt - log[0].arrivedAt) / 1000).toFixed(1)} s ${r.method}`),
		phases: logCut || measured !== 'import' ? undefined : phasesOf(log),
		// A cut log cannot tell the writes: the products the summary says were written.
		writes: logCut
			? (summary?.created ?? 0) + (summary?.updated ?? 0)
			: log.filter((r) => r.method === 'POST' || r.method === 'PUT').length,
		peakMB:
			rssPeakBetween(samples, Date.parse(data.startedAt), task.startTime + task.executionTime) /
			1048576,
		processPeakMB: peakRss / 1048576,
	};
}

/**
 * When a run's phases came, in s after its first request: the catalogue's pages read (the last
 * answered), the writes (the first sent, the last answered), and the 503s among each; the reads
 * by SKU that checked lost answers.
 */
function phasesOf(log) {
	const t0 = log[0].arrivedAt;
	const at = (t) => (t - t0) / 1000;
	const lists = log.filter((r) => r.method === 'GET' && r.query['pagination[currentPage]']);
	const pages = lists.filter((r) => r.query['filter[sku]'] === undefined);
	const writes = log.filter((r) => r.method === 'POST' || r.method === 'PUT');
	// A first import's 100 000 writes: too many arguments for Math.max(...list).
	const last = (list) => list.reduce((m, r) => Math.max(m, r.arrivedAt + (r.durationMs ?? 0)), 0);
	const busy = (list) => list.filter((r) => r.status === 503).length;
	return {
		pagesEndS: at(last(pages)),
		pages503: busy(pages),
		writesFromS: writes.length
			? at(writes.reduce((m, r) => Math.min(m, r.arrivedAt), Infinity))
			: undefined,
		writesEndS: writes.length ? at(last(writes)) : undefined,
		writes503: busy(writes),
		checks: lists.length - pages.length,
	};
}

/** A run's phases, as phasesOf gives them. */
const phasesText = (p) =>
	p
		? `pages read by ${p.pagesEndS.toFixed(1)} s (${p.pages503} answered 503), writes from ${p.writesFromS?.toFixed(1)} s to ${p.writesEndS?.toFixed(1)} s (${p.writes503} answered 503), ${p.checks} reads by SKU`
		: 'phases not told (the log was cut)';

/** A measured run's requests, its refusals and when each came, and its phases. */
const requestsText = (m) =>
	`${m.requests} requests (${m.refused} refused with 429${m.refusedAt.length ? `: ${m.refusedAt.join(', ')}` : ''}; ${phasesText(m.phases)})`;

async function run({
	sizes = [100_000],
	versions = ['1.123.81'],
	rps = 20,
	changed = 19,
	firstImport,
	xlsx = false,
	faults,
	sync = true,
	items: withItems = true,
	log = () => {},
} = {}) {
	const sb = await startSandbox({
		extra: sizes.flatMap((size) => [
			'--account',
			`f${size}:f${size}-token:${size}`,
			...(firstImport !== undefined ? ['--account', `e${size}:e${size}-token:0`] : []),
		]),
		logLimit: LOG_LIMIT,
	});
	const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-file-'));
	const rows = [];
	try {
		for (const size of sizes) {
			const domain = `f${size}`;
			const creds = { baseUrl: sb.url, domain, token: `${domain}-token` };
			const csv = path.join(filesDir, `catalogue-${size}.csv`);
			const products = await sheet(sb, domain, size);
			writeCsv(csv, products, changed);
			const mb = fs.statSync(csv).size / 1048576;
			const workbook = path.join(filesDir, `catalogue-${size}.xlsx`);
			if (xlsx) writeXlsx(workbook, products, changed);
			for (const version of versions) {
				const file = await measure(sb, creds, csv, filesDir, version, 'file', rps);
				// A million rows as items does not fit in one n8n process: --no-items leaves it out.
				const items = withItems
					? await measure(sb, creds, csv, filesDir, version, 'items', rps)
					: undefined;
				const imported = sync
					? await measure(sb, creds, csv, filesDir, version, 'import', rps)
					: undefined;
				const row = { size, mb, version, rps, changed, file, items, imported };
				if (imported) rows.push(row);
				if (imported && faults) {
					const f = await measure(sb, creds, csv, filesDir, version, 'import', rps, faults);
					rows.push({ ...row, imported: f, faulted: imported });
					log(
						`sync of ${size} rows with faults, n8n ${version}: ${JSON.stringify(f.summary)} ${requestsText(f)}, ${f.busy} answered 503, ${f.dropped} dropped, ${(f.ms / 1000).toFixed(1)} s, peak ${Math.round(f.peakMB)} MB`,
					);
				}
				if (firstImport !== undefined) {
					const empty = { ...creds, domain: `e${size}`, token: `e${size}-token` };
					const first = await measure(sb, empty, csv, filesDir, version, 'import', firstImport);
					rows.push({ ...row, rps: firstImport, imported: first, first: true });
					log(
						`first import of ${size} rows, n8n ${version}: ${JSON.stringify(first.summary)} ${requestsText(first)}, ${(first.ms / 1000).toFixed(1)} s, peak ${Math.round(first.peakMB)} MB`,
					);
					if (faults) {
						const f = await measure(
							sb,
							empty,
							csv,
							filesDir,
							version,
							'import',
							firstImport,
							faults,
						);
						rows.push({ ...row, rps: firstImport, imported: f, first: true, faulted: first });
						log(
							`first import of ${size} rows with faults, n8n ${version}: ${JSON.stringify(f.summary)} ${requestsText(f)}, ${f.busy} answered 503, ${f.dropped} dropped, ${(f.ms / 1000).toFixed(1)} s, peak ${Math.round(f.peakMB)} MB`,
						);
					}
				}
				if (xlsx && imported) {
					const book = {
						...row,
						mb: fs.statSync(workbook).size / 1048576,
						file: await measure(sb, creds, workbook, filesDir, version, 'file', rps),
						items: undefined,
						imported: await measure(sb, creds, workbook, filesDir, version, 'import', rps),
						xlsx: { csvSeconds: imported.ms / 1000 },
					};
					rows.push(book);
					log(
						`xlsx ${size} rows (${book.mb.toFixed(1)} MB), n8n ${version}: ${JSON.stringify(book.imported.summary)} ${(book.imported.ms / 1000).toFixed(1)} s (the CSV ${(imported.ms / 1000).toFixed(1)} s), peak ${Math.round(book.imported.peakMB)} MB (file alone ${Math.round(book.file.peakMB)} MB)`,
					);
				}
				if (imported)
					log(
						`file ${size} rows (${mb.toFixed(1)} MB), n8n ${version}: ${JSON.stringify(imported.summary)} ${requestsText(imported)}, ${(imported.ms / 1000).toFixed(1)} s, peak ${Math.round(imported.peakMB)} MB (file alone ${Math.round(file.peakMB)} MB, items ${items ? `${Math.round(items.peakMB)} MB` : 'not measured'})`,
					);
			}
		}
	} finally {
		fs.rmSync(filesDir, { recursive: true, force: true });
		await sb.close();
	}
	return rows;
}

/**
 * What #62's faults may add to a run: a request each (a 503's retry, the read that checks a lost
 * answer, a lost read's retry), and each 503's Retry-After (1 s), which only its own request
 * waits, shared by the requests in flight (5). A write's lost answer is read back at once.
 */
const faultCost = (m) => ({ requests: m.busy + m.dropped, seconds: m.busy / 5 });

/** A summary's counts but those only faults make (retries, lost answers found written). */
const countsOf = (summary) =>
	Object.fromEntries(
		Object.entries(summary).filter(
			([k, v]) => typeof v === 'number' && k !== 'retried' && k !== 'confirmed',
		),
	);

/** #62's goals for a run with faults (r.imported) beside the same run without (r.faulted). */
function faultGoals(r, seconds) {
	const clean = r.faulted;
	const cleanSeconds = clean.ms / 1000;
	const limit = 1.3 * cleanSeconds + faultCost(r.imported).seconds;
	const counts = countsOf(r.imported.summary);
	const same = JSON.stringify(counts) === JSON.stringify(countsOf(clean.summary));
	return [
		`with ${r.imported.busy} answers 503 and ${r.imported.dropped} dropped: ${same && counts.failed === 0 ? 'every count as without faults, none failed' : `counts differ: ${JSON.stringify(counts)} against ${JSON.stringify(countsOf(clean.summary))}`}`,
		`time ${seconds.toFixed(1)} s ≤ ${limit.toFixed(1)} s (1.3 × ${cleanSeconds.toFixed(1)} s without faults + ${r.imported.busy} × 1 s ÷ 5): ${(seconds / limit).toFixed(2)}`,
		`429s ${r.imported.refused} ≤ ${clean.refused + 10} (${clean.refused} without faults + 10): ${(r.imported.refused / (clean.refused + 10)).toFixed(2)}`,
		`peak ${Math.round(r.imported.peakMB)} MB, ${(r.imported.peakMB / clean.peakMB).toFixed(2)} × the ${Math.round(clean.peakMB)} MB without faults`,
	];
}

/** #44's goals for one run: each as `value ≤ bound` with its ratio. */
function goals(r) {
	// The first import reads an empty account: one page.
	const pages = r.first ? 1 : Math.ceil(r.size / 1000);
	const changes = r.imported.summary.created + r.imported.summary.updated;
	const faults = r.faulted ? faultCost(r.imported) : { requests: 0, seconds: 0 };
	const bound = {
		requests: pages + changes + faults.requests + 10,
		seconds: (1.15 * r.imported.requests) / r.rps + 30 + faults.seconds,
		peakMB: r.file.peakMB + 400,
	};
	const seconds = r.imported.ms / 1000;
	const xlsx = r.xlsx
		? [
				`XLSX time ${seconds.toFixed(1)} s ≤ ${(2 * r.xlsx.csvSeconds).toFixed(1)} s (2 × the CSV's ${r.xlsx.csvSeconds.toFixed(1)} s): ${(seconds / (2 * r.xlsx.csvSeconds)).toFixed(2)}`,
			]
		: [];
	return [
		...xlsx,
		...(r.faulted ? faultGoals(r, seconds) : []),
		...(r.first || r.xlsx || r.faulted ? [] : syncGoals(r)),
		`requests ${r.imported.requests} ≤ ${bound.requests} (pages ${pages} + changes ${changes}${r.faulted ? ` + faults ${faults.requests}` : ''} + 10; ${r.imported.refused} refused with 429 and sent again): ${(r.imported.requests / bound.requests).toFixed(2)}`,
		`time ${seconds.toFixed(1)} s ≤ ${bound.seconds.toFixed(1)} s (1.15 × requests ÷ ${r.rps}/s + 30 s${r.faulted ? ` + ${faults.seconds.toFixed(1)} s of the 503s' pauses` : ''}): ${(seconds / bound.seconds).toFixed(2)}`,
		`peak ${Math.round(r.imported.peakMB)} MB ≤ ${Math.round(bound.peakMB)} MB (file alone + 400): ${(r.imported.peakMB / bound.peakMB).toFixed(2)}`,
	];
}

/** #75's bounds on the sync's peak over n8n's own (the file alone), by n8n version. */
const SYNC_PEAK_OVER_MB = { '1.123.81': 150, '2.41.1': 250 };

/** #75's goals for a sync: its time against the requests' own at the PIM's rate, its peak over the file alone. */
function syncGoals(r) {
	const seconds = r.imported.ms / 1000;
	const own = r.imported.requests / r.rps;
	const bound = 1.1 * own + 10;
	const over = r.imported.peakMB - r.file.peakMB;
	const overBound = SYNC_PEAK_OVER_MB[r.version];
	return [
		`#75 time ${seconds.toFixed(1)} s ≤ ${bound.toFixed(1)} s (1.10 × requests ÷ ${r.rps}/s + 10 s; ${(seconds / own).toFixed(2)} × the requests' own time): ${(seconds / bound).toFixed(2)}`,
		`#75 peak over the file alone ${Math.round(over)} MB${overBound ? ` ≤ ${overBound} MB: ${(over / overBound).toFixed(2)}` : ''}`,
	];
}

/** The line bench/RESULTS.md keeps per build for a sync ("Scenario 11, one line per build"). */
function recordLine(r, build) {
	const own = r.imported.requests / r.rps;
	return `| ${new Date().toISOString().slice(0, 10)} | ${build} | ${r.version} | ${r.size} | ${r.changed} | ${r.imported.requests} (${r.imported.refused}) | ${(r.imported.ms / 1000).toFixed(1)} s | ${(r.imported.ms / 1000 / own).toFixed(2)} | ${Math.round(r.imported.peakMB)} MB | ${Math.round(r.imported.peakMB - r.file.peakMB)} MB |`;
}

function table(rows) {
	const lines = [
		'| n8n | rows (MB) | requests | writes | Import File | peak RSS: Import File | file alone | as items (Extract from File) | ÷ file alone | ÷ items |',
		'|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
	];
	for (const r of rows)
		lines.push(
			`| ${r.version}${r.first ? ' (first import)' : ''}${r.xlsx ? ' (XLSX)' : ''}${r.faulted ? ' (faults)' : ''} | ${r.size} (${r.mb.toFixed(1)}) | ${r.imported.requests} | ${r.imported.writes} | ${(r.imported.ms / 1000).toFixed(1)} s | ${Math.round(r.imported.peakMB)} MB | ${Math.round(r.file.peakMB)} MB | ${r.items ? `${Math.round(r.items.peakMB)} MB` : '—'} | ${(r.imported.peakMB / r.file.peakMB).toFixed(2)} | ${r.items ? (r.imported.peakMB / r.items.peakMB).toFixed(2) : '—'} |`,
		);
	lines.push('', 'Against the goals of #44, and of #62 with faults (≤ 1.00 meets one):');
	for (const r of rows)
		lines.push(
			`- n8n ${r.version}${r.first ? ', first import' : ''}${r.xlsx ? ', XLSX' : ''}${r.faulted ? ', faults' : ''}, ${r.size} rows at ${r.rps ? `${r.rps}/s` : 'no rate limit'}: ${goals(r).join('; ')}`,
		);
	return `${lines.join('\n')}\n`;
}

const RECORD_HEADING = '## Scenario 11, one line per build';

/**
 * --record: each sync's line added to bench/RESULTS.md under RECORD_HEADING, so a regression shows
 * in the commit that makes it. The build: the commit checked out (build it before the run: the
 * bench measures dist/), or the folder PIM_BENCH_DIST names.
 */
function record(rows) {
	const { execSync } = require('node:child_process');
	const git = (c) =>
		execSync(`git ${c}`, { cwd: path.join(__dirname, '..') })
			.toString()
			.trim();
	const build = process.env.PIM_BENCH_DIST
		? `PIM_BENCH_DIST=${path.basename(process.env.PIM_BENCH_DIST)}`
		: git('rev-parse --short HEAD');
	const file = path.join(__dirname, 'RESULTS.md');
	let text = fs.readFileSync(file, 'utf8');
	if (!text.includes(RECORD_HEADING))
		text += `\n${RECORD_HEADING}\n\n\`node bench/catalogue-file.js --sizes 1000000 --changed 10000 --no-items --rps 50 --versions V --record\`: the million-row sync (bench/README.md, scenario 11). Goals (#75): time ≤ 1.10 × requests ÷ rate + 10 s; peak over the file alone ≤ 150 MB (1.123.81), 250 MB (2.41.1).\n\n| date | build | n8n | rows | changed | requests (429) | Import File | ÷ requests' own time | peak RSS | over the file alone |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n`;
	const lines = rows
		.filter((r) => !r.first && !r.xlsx && !r.faulted)
		.map((r) => recordLine(r, build));
	// The lines go at the end of the section's table.
	const at = text.indexOf(RECORD_HEADING);
	const next = text.indexOf('\n## ', at + RECORD_HEADING.length);
	const end = next < 0 ? text.length : next;
	const section = text.slice(at, end).replace(/\n*$/, '\n');
	text = `${text.slice(0, at)}${section}${lines.map((l) => `${l}\n`).join('')}${next < 0 ? '' : text.slice(end)}`;
	fs.writeFileSync(file, text);
}

module.exports = { run, table, record, IMPORT };

if (require.main === module) {
	const list = (name, fallback) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? process.argv[i + 1].split(',') : fallback;
	};
	run({
		sizes: list('--sizes', ['100000']).map(Number),
		versions: list('--versions', ['1.123.81']),
		rps: Number(list('--rps', ['20'])[0]),
		changed: Number(list('--changed', ['19'])[0]),
		firstImport: process.argv.includes('--first-import')
			? Number(list('--first-import', ['1000'])[0])
			: undefined,
		xlsx: process.argv.includes('--xlsx'),
		faults: process.argv.includes('--faults')
			? (([error, drop]) => ({ error: Number(error), drop: Number(drop) }))(
					list('--faults', ['0.05', '0.02']),
				)
			: undefined,
		sync: !process.argv.includes('--no-sync'),
		items: !process.argv.includes('--no-items'),
		log: (m) => process.stderr.write(`${m}\n`),
	})
		.then((r) => {
			process.stdout.write(table(r));
			if (process.argv.includes('--record')) record(r);
		})
		.catch((e) => {
			process.stderr.write(`${e.stack}\n`);
			process.exit(1);
		});
}
