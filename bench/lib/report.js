'use strict';
/** Turns bench/out/results.json into bench/RESULTS.md, bench/throughput.svg and a console summary. */
const fs = require('node:fs');
const path = require('node:path');
const { fmt, ms, msSpread, summary } = require('./stats');
const { renderChart } = require('./svg');

const TARGETS = {
	nodeRaw: 1.15,
	bulkShare: 0.9,
	dropdownMs: 100,
};

const COLORS = {
	node: '#4e79a7',
	node2: '#76b7b2',
	'raw-seq': '#9c9c9c',
	'raw-par': '#bab0ac',
	http: '#f28e2b',
	'http-split': '#ffbe7d',
};

const yes = (ok) => (ok === undefined ? 'n/a' : ok ? '**met**' : '**missed**');
const ratio = (r) => (r === undefined || Number.isNaN(r) ? '–' : fmt(r, 2));
const mb = (v) => (v === undefined ? '–' : `${fmt(v, 0)} MB`);
const pct = (v) => (v === undefined ? '–' : `${fmt(v * 100, 1)} %`);
const bytes = (b) => (b >= 1048576 ? `${fmt(b / 1048576, 2)} MiB` : `${fmt(b / 1024, 1)} KiB`);

/** Every target with its figure and verdict. */
function targets(r) {
	const rows = [];
	if (r.getall) {
		for (const e of r.getall.sizes.filter((x) => x.main)) {
			const s = e.summary;
			if (s.node.failed) {
				rows.push({
					what: `1. Return All ${fmt(e.size)}: the node completes`,
					figure: s.node.failed,
					ok: false,
				});
				continue;
			}
			const nr = s.ratios.nodeRaw;
			rows.push({
				what: `1. Return All ${fmt(e.size)}: node / raw ≤ ${TARGETS.nodeRaw} (the faster raw loop)`,
				figure: `${ratio(nr)} (vs sequential ${ratio(s.ratios.nodeRawSeq)}, vs 4 in flight ${ratio(s.ratios.nodeRawPar)})`,
				ok: nr <= TARGETS.nodeRaw,
			});
			const real = s.realN8n;
			if (real && !real.failed && real.firstMedian !== undefined) {
				rows.push({
					what: `1. Return All ${fmt(e.size)} in a real n8n ${r.n8n ? r.n8n.version : ''}: node time / raw sequential ≤ ${TARGETS.nodeRaw}`,
					figure: `${ratio(s.ratios.realFirstRawSeq)} (first run of a process; warm runs ${ratio(s.ratios.realWarmRawSeq)}, cold \`n8n execute\` ${ratio(s.ratios.realColdRawSeq)}; in-process ${ratio(s.ratios.nodeRawSeq)})`,
					ok: s.ratios.realFirstRawSeq <= TARGETS.nodeRaw,
				});
			}
			if (s.http && !s.http.failed) {
				rows.push({
					what: `1. Return All ${fmt(e.size)}: node ≤ HTTP Request node`,
					figure: `${ms(s.node.wallMedian)} vs ${ms(s.http.wallMedian)} (ratio ${ratio(s.ratios.nodeHttp)})`,
					ok: s.node.wallMedian <= s.http.wallMedian,
				});
			}
		}
	}
	for (const v of ['node', 'node2']) {
		if (!(r.bulk && r.bulk.summary[v])) continue;
		const s = r.bulk.summary[v];
		rows.push({
			what: `2. Bulk update ${fmt(r.bulk.count)}${v === 'node2' ? ' (version 2, Map Automatically)' : ''}: ≥ ${TARGETS.bulkShare * 100} % of the allowed rate, 0 failed`,
			figure: `${fmt(s.itemsPerSec, 1)} items/s = ${pct(s.shareOfCeiling)} of the allowed ${fmt(r.bulk.ceilingPerSec, 1)}/s (${pct(s.shareOfRps)} of ${r.bulk.rps} rps); failed ${s.failedMax}; updated exactly once ${s.updatedOnceMin}/${r.bulk.count}`,
			ok:
				s.shareOfCeiling >= TARGETS.bulkShare &&
				s.failedMax === 0 &&
				s.updatedOnceMin === r.bulk.count &&
				s.duplicatedMax === 0,
		});
	}
	if (r.dropdowns) {
		const over = r.dropdowns.cases.filter((c) => c.stats.median > TARGETS.dropdownMs);
		const worst = r.dropdowns.cases.reduce((a, c) => (c.stats.median > a.stats.median ? c : a));
		rows.push({
			what: `3. Dropdowns: ≤ ${TARGETS.dropdownMs} ms per first page`,
			figure: over.length
				? `${over.length} of ${r.dropdowns.cases.length} over: ${over.map((c) => `${c.name} ${ms(c.stats.median)}`).join(', ')}`
				: `all ${r.dropdowns.cases.length} within; slowest ${worst.name} ${ms(worst.stats.median)}`,
			ok: over.length === 0,
		});
	}
	return rows;
}

function machineSection(r) {
	const m = r.machine;
	const lines = [
		'| | |',
		'|---|---|',
		`| CPU | ${m.cpu}, ${m.cores} cores |`,
		`| Memory | ${fmt(m.memoryGB, 1)} GB |`,
		`| OS | ${m.os} |`,
		`| Node.js | ${m.node} |`,
		`| n8n-core / n8n-workflow (engine of every in-process run) | ${m.n8nCore} / ${m.n8nWorkflow} |`,
	];
	if (r.n8n) {
		lines.push(
			`| n8n (HTTP Request node, cold load) | ${r.n8n.version} from \`.cache/\` (its n8n-core ${r.n8n.n8nCore}, n8n-nodes-base ${r.n8n.nodesBase}) |`,
		);
	}
	lines.push(
		`| Package | n8n-nodes-pim ${m.packageVersion}, commit ${m.commit ?? '?'}${m.dirty ? ' with uncommitted changes in nodes/ or credentials/' : ''}${r.staleDist ? ' (**dist/ older than the sources**)' : ''} |`,
	);
	lines.push(
		`| Load average (1/5/15 min) | start ${m.loadAverageAtStart.map((l) => fmt(l, 2)).join(' / ')}, end ${(m.loadAverageAtEnd ?? []).map((l) => fmt(l, 2)).join(' / ')} |`,
	);
	return lines.join('\n');
}

function getallSection(g) {
	const out = [];
	out.push(
		`Every figure is one fresh child process per run (so peak RSS is that variant's alone), against the sandbox in its own process on loopback; the PIM node with its defaults (Return All reads pages of ${g.pageSize}; the bench checks its request count), every other variant with the same pageLimit, unless a case says otherwise; ` +
			"the sandbox's JSON cache is warmed by an untimed read first; each child does one small untimed warm-up request before the timed read; the variants are interleaved run by run. " +
			'Wall time is the read alone (not process start or module loading). Peak RSS is the child\'s `maxRSS` (it includes the loaded engine: see "RSS before"). ' +
			'The HTTP Request node (n8n-nodes-base from the cached n8n, v4.3) runs in-process through the same n8n-core `WorkflowExecute` as the PIM node, not through `n8n execute`; ' +
			'its pagination: `pagination[currentPage]` = `{{ $pageCount + 1 }}`, complete when `data.record` is empty or `currentPage * pageLimit >= recordsTotal`. It outputs one item per page; "+ Split Out" adds the node that makes one item per product.',
	);
	out.push('');
	out.push(
		'| case | variant | wall time: median (min–max, spread) | records/s (median) | peak RSS | RSS before | output items |',
	);
	out.push('|---|---|---|---:|---:|---:|---:|');
	for (const e of g.sizes) {
		for (const v of g.variants) {
			const s = e.summary[v];
			if (s.failed) {
				out.push(
					`| ${e.label}${e.main ? '' : ' *'} | ${g.labels[v]} | **failed**: ${s.failed.replace(/\|/g, '\\|')} | | | | |`,
				);
				continue;
			}
			out.push(
				`| ${e.label}${e.main ? '' : ' *'} | ${g.labels[v]} | ${msSpread(s.wall)} | ${fmt(s.rateMedian)} | ${mb(s.peakRssMB)} | ${mb(s.rssBeforeMB)} | ${fmt(s.items)} |`,
			);
		}
	}
	if (g.sizes.some((e) => !e.main)) {
		out.push('');
		out.push(
			"\\* Not part of the brief's cases; the same variants with another page size set explicitly (Options → Page Size, and the same `pageLimit` for the other variants), or with the sandbox answering after a fixed delay (`--latency`).",
		);
	}
	out.push('');
	out.push('Ratios of median wall times (below 1: the node is faster):');
	out.push('');
	out.push(
		'| case | node / raw sequential | node / raw 4 in flight | node / HTTP Request | node / HTTP Request + Split Out |',
	);
	out.push('|---|---:|---:|---:|---:|');
	for (const e of g.sizes) {
		const r = e.summary.ratios;
		out.push(
			`| ${e.label}${e.main ? '' : ' *'} | ${ratio(r.nodeRawSeq)} | ${ratio(r.nodeRawPar)} | ${ratio(r.nodeHttp)} | ${ratio(r.nodeHttpSplit)} |`,
		);
	}
	const real = realN8nTable(g);
	if (real) out.push('', real);
	return out.join('\n');
}

/** Both harnesses side by side: the in-process engine and the node in a real n8n. */
function realN8nTable(g) {
	const cases = g.sizes.filter((e) => e.summary.realN8n);
	if (!cases.length) return undefined;
	const times = (list) =>
		list && list.length
			? `${ms(summary(list).median)}${list.length > 1 ? ` (${ms(summary(list).min)}–${ms(summary(list).max)}, n=${list.length})` : ' (1 run)'}`
			: '–';
	const out = [];
	out.push('### The same read in a real n8n', '');
	out.push(
		'The PIM node installed in the cached n8n as a Community Nodes install does (`.n8n/nodes/node_modules/n8n-nodes-pim`, the build the bench measures), the sandbox credential imported with `n8n import:credentials`, ' +
			'a workflow *Manual Trigger → PIM (Product → Get Many, Return All, no Page Size)* imported per run and executed by `n8n execute-batch` (one after the other in one n8n process, each as `n8n execute --id` runs it, saved as usual), after one warm-up execution (Limit 10). ' +
			"Time = the node's own execution time from n8n's run data (`runData.PIM[0].executionTime`). " +
			'*First run* is the first large read of an n8n process, like each in-process child; *warm runs* are the later ones in the same process; *cold `n8n execute`* is a fresh `n8n execute --id` per run with no warm-up (how issue #16 measured). ' +
			'Every ratio divides by the median of the raw sequential loop of the same case (the in-process table above), which also ran right before and after the real n8n (shown). ' +
			'CPU ms: CPU time (user + system, all threads) of the measuring process during the read (`process.cpuUsage()` in the children; in n8n sampled every 5 ms by `bench/lib/clock-mark.js` and read for each execution), medians; on a busy machine it moves less than wall time. ' +
			'Source: `bench/lib/realn8n.js`; `--profile` adds CPU profiles of the n8n process cut to the timed executions.',
	);
	out.push('');
	out.push(
		'| case | raw sequential | in-process node (wall) | ratio | real n8n, first run | ratio | real n8n, warm runs | ratio | cold `n8n execute` | ratio | CPU ms: raw seq. / in-process / real first / real warm | execution − node time | n8n process wall | raw seq. before / after | 1-min load during |',
	);
	out.push('|---|---|---|---:|---|---:|---|---:|---|---:|---|---:|---|---|---|');
	for (const e of cases) {
		const s = e.summary;
		const x = s.realN8n;
		if (x.failed) {
			out.push(
				`| ${e.label} | | | | **failed**: ${x.failed.replace(/\|/g, '\\|')} | | | | | | | | | | |`,
			);
			continue;
		}
		const r = s.ratios;
		out.push(
			`| ${e.label} | ${ms(s['raw-seq'].wallMedian)} | ${ms(s.node.wallMedian)} | ${ratio(r.nodeRawSeq)} | ${times(x.first)} | ${ratio(r.realFirstRawSeq)} | ${times(x.warm)} | ${ratio(r.realWarmRawSeq)} | ${times(x.cold)} | ${ratio(r.realColdRawSeq)} | ${[s['raw-seq'].cpuMedian, s.node.cpuMedian, x.firstCpuMedian, x.warmCpuMedian].map((v) => fmt(v, 0)).join(' / ')} | ${ms(x.executionOverheadMs)} | ${x.processWallMs.map((v) => ms(v)).join(', ')}${x.coldProcessWallMs.length ? `; cold ${x.coldProcessWallMs.map((v) => ms(v)).join(', ')}` : ''} | ${x.rawAround.map((v) => ms(v)).join(' / ')} | ${fmt(x.load.start, 2)} → ${fmt(x.load.end, 2)} |`,
		);
	}
	return out.join('\n');
}

function bulkSection(b) {
	const out = [];
	out.push(
		`${fmt(b.count)} input items, one \`PUT /api/integration/product\` each (\`sku = {{ $json.sku }}\`, \`name = {{ $json.name }}\`), against the sandbox limited to ${b.rps} requests/s ` +
			`(token bucket of ${b.rps}, so at best ${fmt(b.count)} requests pass in ${fmt((b.count - b.rps) / b.rps, 1)} s = ${fmt(b.ceilingPerSec, 1)}/s: the "allowed rate"). ` +
			'Both nodes run with On Error "Continue" so failed items are counted, not fatal. The reference client is plain `fetch` with the node\'s strategy (5 requests in flight, every worker paused for `Retry-After` after a 429), without n8n: what that strategy can reach. ' +
			'After every run the sandbox is checked through `/__admin`: ' +
			'one successful PUT per SKU in the request log and the stored name equal to what that run wrote. Retries = 429 answers (`/__admin/counters`).',
	);
	out.push('');
	out.push(
		'| variant | runs | wall time | successful items/s | share of allowed rate | failed items | 429 answers (retries) | updated exactly once | updated twice |',
	);
	out.push('|---|---:|---|---:|---:|---:|---:|---:|---:|');
	const label = {
		node: 'PIM node (Update, defaults)',
		node2: 'PIM node v2 (Update, Map Automatically)',
		raw: 'reference: fetch, 5 workers, pause on Retry-After',
		http: 'HTTP Request node (defaults)',
	};
	for (const v of b.variants) {
		const s = b.summary[v];
		out.push(
			`| ${label[v]} | ${b.results[v].length} | ${msSpread(s.wall)} | ${fmt(s.itemsPerSec, 1)} | ${pct(s.shareOfCeiling)} (${pct(s.shareOfRps)} of ${b.rps}/s) | ${fmt(s.failed)}${s.failedMax !== s.failed ? ` (max ${s.failedMax})` : ''} | ${fmt(s.status429)} | ${fmt(s.updatedOnceMin)} / ${fmt(b.count)} | ${fmt(s.duplicatedMax)} |`,
		);
	}
	if (b.overhead && b.overhead.node && b.overhead.node2) {
		const [v1, v2] = [b.overhead.node, b.overhead.node2];
		out.push('');
		out.push(
			`Without a rate limit (${fmt(b.count)} updates, median of ${v1.walls.length} runs): version 1 ${fmt(v1.msPerItem, 3)} ms per item, ` +
				`version 2 with Map Automatically ${fmt(v2.msPerItem, 3)} ms per item (${v2.msPerItem >= v1.msPerItem ? '+' : ''}${fmt(v2.msPerItem - v1.msPerItem, 3)} ms; the attribute list is read once per run).`,
		);
	}
	const http = b.results.http && b.results.http[0];
	if (http && http.firstError) {
		out.push('');
		out.push(
			`First error item of the HTTP Request node: \`${http.firstError.replace(/`/g, "'").slice(0, 160)}\``,
		);
	}
	return out.join('\n');
}

function dropdownSection(d) {
	const out = [];
	out.push(
		`Account with ${fmt(d.products)} products and ${fmt(d.attributes)} extra attributes; each list called ${d.calls} times in a row through n8n-core's LoadOptionsContext ` +
			'(the first call is also shown alone: cold code paths). A listSearch answers its first page; getAttributes/getFilterAttributes answer the whole option list.',
	);
	out.push('');
	out.push(
		`| list | median (min–max) | first call | results | more pages | ≤ ${TARGETS.dropdownMs} ms |`,
	);
	out.push('|---|---|---:|---:|:---:|:---:|');
	for (const c of d.cases) {
		out.push(
			`| \`${c.name}\` | ${ms(c.stats.median)} (${ms(c.stats.min)}–${ms(c.stats.max)}) | ${ms(c.first)} | ${fmt(c.results)} | ${c.more === undefined ? '' : c.more ? 'yes' : 'no'} | ${c.stats.median <= TARGETS.dropdownMs ? 'yes' : '**no**'} |`,
		);
	}
	return out.join('\n');
}

function coldSection(c) {
	const out = [];
	out.push(
		`\`n8n start\` (n8n ${c.version}, Node ${c.nodeVersion}, SQLite) until \`/healthz/readiness\` answers, polled every 10 ms; two user folders, one with the packed package in ` +
			'`.n8n/nodes/node_modules/n8n-nodes-pim` (as Community Nodes installs it), each started once before measuring (database migrations), then alternately ' +
			`${c.runs} time(s). The package is checked to be loaded (its type in the node types n8n writes at start, \`.cache/n8n/public/types/nodes.json\`) or absent.`,
	);
	out.push('');
	out.push('| | ready after: median (min–max) | RSS of the n8n process when ready |');
	out.push('|---|---|---:|');
	out.push(
		`| without the package | ${msSpread(c.starts.without.map((s) => s.readyMs))} | ${mb(c.rss.without)} |`,
	);
	out.push(
		`| with the package | ${msSpread(c.starts.with.map((s) => s.readyMs))} | ${mb(c.rss.with)} |`,
	);
	out.push(
		`| difference | ${c.diffMs >= 0 ? '+' : ''}${ms(c.diffMs)} | ${c.rss.with - c.rss.without >= 0 ? '+' : ''}${mb(c.rss.with - c.rss.without)} |`,
	);
	out.push('');
	if (c.loaderMs) {
		out.push(
			`- What n8n does with the package at start, alone (n8n-core's \`LazyPackageDirectoryLoader.loadAll()\` on the installed folder, fresh Node, n8n-core already loaded): median ${ms(c.loaderMs.median)} (${ms(c.loaderMs.min)}–${ms(c.loaderMs.max)}); a difference of start times much larger than this is noise of the 4-6 s start.`,
		);
	}
	out.push(
		`- Loading the package's own files (require + instantiate its node and credential classes, fresh Node, n8n-workflow already loaded): median ${ms(c.requireMs.median)} (${ms(c.requireMs.min)}–${ms(c.requireMs.max)}).`,
	);
	out.push(
		`- \`dist/\`: ${bytes(c.dist.bytes)} in ${fmt(c.dist.files)} files (with source maps and declarations).`,
	);
	out.push(
		`- \`npm pack --dry-run\`: tarball ${bytes(c.pack.size)}, unpacked ${bytes(c.pack.unpackedSize)}, ${fmt(c.pack.entryCount)} files.`,
	);
	return out.join('\n');
}

function chart(r) {
	const panels = [];
	if (r.getall) {
		const rows = [];
		for (const e of r.getall.sizes) {
			rows.push({ heading: e.label });
			for (const v of r.getall.variants) {
				const s = e.summary[v];
				if (s.failed) {
					rows.push({
						label: r.getall.labels[v],
						value: 0,
						color: COLORS[v],
						note: 'failed (see RESULTS.md)',
					});
					continue;
				}
				rows.push({
					label: r.getall.labels[v],
					value: s.rateMedian,
					lo: s.rateMin,
					hi: s.rateMax,
					color: COLORS[v],
				});
			}
		}
		panels.push({
			title: '1. Return All: records per second (median of runs, whiskers min–max)',
			subtitle: `product.getAll, pages of ${r.getall.pageSize} unless stated, sandbox on loopback in its own process`,
			unit: 'records/s',
			format: (v) => fmt(v),
			rows,
		});
	}
	if (r.bulk) {
		const label = {
			node: 'PIM node (Update)',
			node2: 'PIM node v2 (Map Automatically)',
			raw: 'reference client (fetch, 5 workers)',
			http: 'HTTP Request node (defaults)',
		};
		const rows = r.bulk.variants.map((v) => {
			const rates = r.bulk.results[v].map((x) => x.itemsPerSec);
			return {
				label: label[v],
				value: r.bulk.summary[v].itemsPerSec,
				lo: Math.min(...rates),
				hi: Math.max(...rates),
				color: COLORS[v],
				note: `failed ${r.bulk.summary[v].failed} of ${r.bulk.count}`,
			};
		});
		panels.push({
			title: `2. Bulk update of ${fmt(r.bulk.count)} products: successful items per second`,
			subtitle: `sandbox rate limit ${r.bulk.rps} requests/s (429 + Retry-After); dashed line: the allowed rate`,
			unit: 'items/s',
			format: (v) => fmt(v, 0),
			target: { value: r.bulk.ceilingPerSec, label: `allowed ${fmt(r.bulk.ceilingPerSec, 1)}/s` },
			rows,
		});
	}
	if (r.dropdowns) {
		panels.push({
			title: '3. Dropdowns: time to first page (median)',
			subtitle: `${fmt(r.dropdowns.products)} products, ${fmt(r.dropdowns.attributes)} extra attributes; dashed line: target`,
			unit: 'ms',
			format: (v) => fmt(v, 0),
			target: { value: TARGETS.dropdownMs, label: `${TARGETS.dropdownMs} ms` },
			rows: r.dropdowns.cases.map((c) => ({
				label: c.name,
				value: c.stats.median,
				lo: c.stats.min,
				hi: c.stats.max,
				color: c.stats.median <= TARGETS.dropdownMs ? '#59a14f' : '#e15759',
			})),
		});
	}
	return renderChart({
		caption: `n8n-nodes-pim benchmarks (${r.mode}), ${r.machine.cpu} × ${r.machine.cores}, Node ${r.machine.node}, n8n-core ${r.machine.n8nCore}, ${r.startedAt.slice(0, 10)}`,
		panels,
	});
}

function writeReport(r, { dir, write }) {
	const rows = targets(r);
	const md = [];
	md.push('# Benchmark results');
	md.push('');
	md.push(
		`Generated by \`node bench/run.js${r.mode === 'quick' ? ' --quick' : ''}\` on ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC in ${fmt(r.durationMs / 60000, 1)} min (${r.mode} mode). ` +
			'How to reproduce: [README.md](README.md). Raw figures: `bench/out/results.json` (not committed).',
	);
	md.push('');
	md.push('![throughput per scenario](throughput.svg)');
	md.push('');
	md.push('## Machine');
	md.push('');
	md.push(machineSection(r));
	md.push('');
	md.push('## Targets');
	md.push('');
	md.push('Printed next to the figures, never asserted.');
	md.push('');
	md.push('| target | figure | |');
	md.push('|---|---|---|');
	for (const t of rows) md.push(`| ${t.what} | ${t.figure} | ${yes(t.ok)} |`);
	md.push('');
	const load = (x) =>
		x.load
			? `\n\n1-minute load average of the machine: ${fmt(x.load.start, 2)} at the start of this scenario, ${fmt(x.load.end, 2)} at its end (2 cores; the bench itself keeps about 2 busy).`
			: '';
	if (r.getall)
		md.push('## 1. Return All of N products', '', getallSection(r.getall) + load(r.getall), '');
	if (r.bulk)
		md.push('## 2. Bulk update under a rate limit', '', bulkSection(r.bulk) + load(r.bulk), '');
	if (r.dropdowns)
		md.push('## 3. Dropdown latency', '', dropdownSection(r.dropdowns) + load(r.dropdowns), '');
	if (r.coldload) md.push('## 4. Cold load', '', coldSection(r.coldload) + load(r.coldload), '');
	if (r.mapperUi)
		md.push(
			'## Editor: the attribute mapper',
			'',
			'Scenario 5 (`bench/mapper-ui.js`): a version-2 Create or Update node in Map Each Column Manually, opened in the real editor (Chromium) for accounts of 16 to 10 016 attributes. ' +
				'Up to 100 attributes every field is in the form when the node opens; up to 1 000 the form starts empty and an attribute is added from the "Add attribute" list (timed: opening the list, adding its last entry); ' +
				'above 1 000 the mapper gets no field list and says to use Map Automatically, which needs none (with all 10 016 fields it took 75.5 s to open in a measurement of this scenario on 2026-11-23, before this limit).',
			'',
			require('../mapper-ui').table(r.mapperUi) + load(r.mapperUi),
			'',
		);
	if (r.triggerPolls)
		md.push(
			'## 6. Trigger polls per list order',
			'',
			'Scenario 6 (`bench/trigger-polls.js`): a PIM Trigger polled through n8n-core against the sandbox (own process) holding 100 000 products, for each list order the real service may use. ' +
				'The interface has no "changed since" query: on a last-update-first list the trigger reads only down to its cursor; on the others it must read the whole list.',
			'',
			require('../trigger-polls').table(r.triggerPolls) + load(r.triggerPolls),
			'',
		);
	if (r.nightlySync)
		md.push(
			'## 8. A nightly sync',
			'',
			'Scenario 8 (`bench/nightly-sync.js`): the whole catalogue as a sheet, 1 % of its rows changed, through Create or Update (version 2, Map Automatically) against the sandbox (own process) limited to a few requests per second, for each way of finding products. Writing every row costs a request per row, so those modes run on a smaller catalogue.',
			'',
			require('../nightly-sync').table(r.nightlySync) + load(r.nightlySync),
			'',
		);
	for (const [key, error] of Object.entries(r.errors ?? {})) {
		md.push(`## Scenario ${key} failed`, '', '```', error.slice(0, 3000), '```', '');
	}
	const analysis = path.join(dir, 'analysis.md');
	if (fs.existsSync(analysis)) {
		md.push(fs.readFileSync(analysis, 'utf8').trim(), '');
	}
	if (write) {
		// Scenario 7 (bench/event-burst.js) runs on its own: its section is kept as it was.
		const file = path.join(dir, 'RESULTS.md');
		const kept = fs.existsSync(file)
			? fs
					.readFileSync(file, 'utf8')
					.match(/<!-- event-burst:start -->[\s\S]*<!-- event-burst:end -->/)
			: null;
		if (kept) md.push(kept[0], '');
		fs.writeFileSync(file, md.join('\n'));
		fs.writeFileSync(path.join(dir, 'throughput.svg'), chart(r));
	}
	const summaryText = [
		'Targets:',
		...rows.map((t) => `  ${t.ok ? 'met   ' : 'MISSED'}  ${t.what}: ${t.figure}`),
	].join('\n');
	return { markdown: md.join('\n'), summary: summaryText };
}

module.exports = { writeReport, TARGETS };
