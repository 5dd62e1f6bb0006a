/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Product → Export File (#61), version 2 against the sandbox over HTTP: the account's products in
 * ONE file (CSV, TSV, XLSX) read back by csv-parse and SheetJS; values as the records show them,
 * quotes, commas, line breaks and tabs in them; Columns picking and renaming for a feed; Filters;
 * Updated Since on a list in id order (every page read) and last-updated first (the read stops at
 * the first older page); a product moved while the export reads written once; a page failing
 * after its retries fails the node with its page number, and no file; a 10 MB value. The round
 * trip through Import File: export-roundtrip.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { BinaryDataService, ExecutionLifecycleHooks, RoutingNode, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
} from 'n8n-workflow';
import { NodeConnectionTypes, Workflow } from 'n8n-workflow';
import * as XLSX from 'xlsx';

// n8n-core's own container (n8n-core has its own copy of @n8n/di).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Container } = require(
	require.resolve('@n8n/di', { paths: [require.resolve('n8n-core')] }),
) as typeof import('@n8n/di');

import { additionalData, nodeTypes, PIM_TYPE, pimNode, runPim } from '../../harness/in-process';
import type { LoggedRequest } from '../../sandbox/types';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	products: 25,
	// Updated Since with changes made in id order: a list long enough to stop well before its end.
	accounts: [{ domain: 'bulk', token: 'bulk-token', products: 100, listOrder: 'updated-desc' }],
});
const demo = () => env.sb.account('demo');
const productList = () =>
	env.sb.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product');

const exportFile = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'product',
	operation: 'exportFile',
	...extra,
});

async function run(extra: INodeParameters = {}, domain = 'demo') {
	const { items, error } = await runPim(env.creds(domain), exportFile(extra), { version: 2 });
	return { items, error, summary: items[0]?.json, file: fileOf(items[0]) };
}

function fileOf(item: INodeExecutionData | undefined, field = 'data') {
	const binary = item?.binary?.[field];
	return binary ? { ...binary, bytes: Buffer.from(binary.data, 'base64') } : undefined;
}

const csvRows = (bytes: Buffer, delimiter = ',') =>
	parse(bytes, { bom: true, delimiter, relax_quotes: delimiter === '\t' }) as string[][];

function xlsxRows(bytes: Buffer, sheet?: string): string[][] {
	const book = XLSX.read(bytes, { type: 'buffer' });
	return XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet ?? book.SheetNames[0]], {
		header: 1,
		raw: false,
		defval: '',
	});
}

/** The account's products as the API lists them (the wire records), by SKU. */
async function records(domain = 'demo'): Promise<Map<string, IDataObject>> {
	const response = await fetch(`${env.sb.url}/api/integration/product?pagination[pageLimit]=1000`, {
		headers: { token: `${domain}-token`, 'x-domain': domain },
	});
	const body = (await response.json()) as { data: { record: IDataObject[] } };
	return new Map(body.data.record.map((r) => [String(r.sku), r]));
}

/** A record's value as the file writes it (multi-selects and categories joined). */
const shown = (value: unknown) =>
	value === undefined || value === null
		? ''
		: Array.isArray(value)
			? value.join(', ')
			: String(value);

/** A file's rows as objects by header. */
const byHeader = (rows: string[][]) =>
	rows.slice(1).map((row) => Object.fromEntries(rows[0].map((h, i) => [h, row[i] ?? ''])));

afterAll(() => env.sb.reset());
beforeEach(() => {
	env.sb.clearLog();
	env.sb.clearFaults();
});

describe('every column, every product', () => {
	it('CSV: sku, family, categories, image, then every attribute by code; values as the records show them', async () => {
		const { summary, file, error } = await run();
		expect(error).toBeUndefined();
		expect(productList()).toHaveLength(1);
		const attributes = demo().attributes.map((a) => a.code);
		const headers = ['sku', 'family', 'categories', 'image', ...attributes];
		expect(summary).toEqual({
			products: 25,
			columns: headers,
			fileName: 'products.csv',
			pages: 1,
			format: 'csv',
		});
		expect(file).toMatchObject({ mimeType: 'text/csv', fileName: 'products.csv' });
		const rows = csvRows(file!.bytes);
		expect(rows[0]).toEqual(headers);
		const wire = await records();
		expect(rows.slice(1).map((r) => r[0])).toEqual([...wire.keys()]);
		for (const row of byHeader(rows)) {
			const record = wire.get(row.sku)!;
			expect(row.family).toBe(record.family);
			// A path the record shows once per tree holding the product there is named once.
			expect(row.categories).toBe(shown([...new Set(record.category as string[])]));
			expect(row.image).toBe(shown(record.image));
			for (const code of attributes) expect([code, row[code]]).toEqual([code, shown(record[code])]);
		}
		// Values as people typed them: units, currencies, multi-selects in one cell.
		const some = byHeader(rows).find((r) => r.color.includes(','))!;
		expect(some.price).toMatch(/^\d+([.,]\d+)? [A-Z]{3}$/);
		expect(some.weight).toMatch(/ /);
	});

	it('XLSX: SheetJS reads every value back as text; every request through the limiter', async () => {
		const { summary, file } = await run({ fileFormat: 'xlsx', fileName: 'catalogue.xlsx' });
		expect(summary).toMatchObject({ products: 25, fileName: 'catalogue.xlsx', format: 'xlsx' });
		expect(file!.mimeType).toBe(
			'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		);
		const csv = csvRows((await run()).file!.bytes);
		expect(xlsxRows(file!.bytes)).toEqual(csv);
	});
});

describe('values that need care', () => {
	beforeAll(() => {
		demo().createProduct({
			sku: 'CARE-1',
			familyCode: 'clothing',
			values: {
				name: 'Tee, "basic"\nsecond line',
				short_description: 'tab\there, and a\r\nCRLF',
				price: '392,12 USD',
			},
			multiSelect: { color: ['Red', 'Green, dark'] },
			channels: [{ code: 'web', status: 1 }],
		});
		demo().createProduct({ sku: 'CARE-2', familyCode: 'clothing', channels: [{ code: 'web' }] });
	});
	afterAll(() => demo().reset());

	it('CSV quotes them as RFC 4180 does; a value with a comma in a multi-select is a JSON list', async () => {
		const { file } = await run();
		const row = byHeader(csvRows(file!.bytes)).find((r) => r.sku === 'CARE-1')!;
		expect(row.name).toBe('Tee, "basic"\nsecond line');
		expect(row.short_description).toBe('tab\there, and a\r\nCRLF');
		expect(row.price).toBe('392,12 USD');
		expect(row.color).toBe('["Red","Green, dark"]');
		// A record with fields missing: empty cells.
		const bare = byHeader(csvRows(file!.bytes)).find((r) => r.sku === 'CARE-2')!;
		expect(bare).toMatchObject({ family: 'Clothing', categories: '', image: '', name: '' });
	});

	it('TSV: a tab or line break inside a value is a space, nothing quoted', async () => {
		const { file, summary } = await run({ fileFormat: 'tsv' });
		expect(summary).toMatchObject({ fileName: 'products.tsv', format: 'tsv' });
		expect(file!.mimeType).toBe('text/tab-separated-values');
		const lines = file!.bytes.toString('utf8').split('\r\n');
		const header = lines[0].split('\t');
		const line = lines.find((l) => l.startsWith('CARE-1\t'))!.split('\t');
		expect(line).toHaveLength(header.length);
		expect(line[header.indexOf('name')]).toBe('Tee, "basic" second line');
		expect(line[header.indexOf('short_description')]).toBe('tab here, and a CRLF');
	});

	it('XLSX keeps them whole', async () => {
		const { file } = await run({ fileFormat: 'xlsx' });
		const row = byHeader(xlsxRows(file!.bytes)).find((r) => r.sku === 'CARE-1')!;
		expect(row.name).toBe('Tee, "basic"\nsecond line');
		expect(row.short_description).toBe('tab\there, and a\r\nCRLF');
	});
});

describe('a feed: Columns, Filters', () => {
	const feed: INodeParameters = {
		fileFormat: 'tsv',
		filters: { filter: [{ attribute: 'family', value: 'clothing' }] },
		exportOptions: {
			columns: {
				column: [
					{ header: 'id', source: 'sku' },
					{ header: 'title', source: 'name' },
					{ header: 'price', source: 'price' },
					{ header: 'image_link', source: 'image' },
				],
			},
		},
	};

	it('picks, orders and renames the columns; only the filtered products, the filter sent', async () => {
		const { summary, file } = await run(feed);
		const wire = [...(await records()).values()].filter((r) => r.family === 'Clothing');
		expect(summary).toMatchObject({
			products: wire.length,
			columns: ['id', 'title', 'price', 'image_link'],
		});
		expect(productList()[0].query['filter[family]']).toBe('clothing');
		const rows = file!.bytes
			.toString('utf8')
			.trim()
			.split('\r\n')
			.map((l) => l.split('\t'));
		expect(rows[0]).toEqual(['id', 'title', 'price', 'image_link']);
		expect(rows.slice(1)).toEqual(
			wire.map((r) => [r.sku, shown(r.name), shown(r.price), shown(r.image)]),
		);
	});

	it('bad columns or dates are errors naming the parameter, before any request', async () => {
		for (const [extra, message] of [
			[
				{ exportOptions: { columns: { column: [{ header: 'x', source: '' }] } } },
				'Parameter "Export Options → Columns": column 1 has no Source and no Value',
			],
			[
				{
					exportOptions: {
						columns: {
							column: [
								{ header: 'a', source: 'sku' },
								{ header: 'A', source: 'name' },
							],
						},
					},
				},
				'Parameter "Export Options → Columns": columns 1 and 2 have the same header "A"',
			],
			[
				{ exportOptions: { updatedSince: 'last night' } },
				'Parameter "Export Options → Updated Since" holds "last night", which is not a date-time',
			],
			[
				{ filters: { filter: [{ attribute: 'a b', value: 'x' }] } },
				'Parameter "Filters": every filter needs a valid attribute code (got "a b")',
			],
		] as Array<[INodeParameters, string]>) {
			env.sb.clearLog();
			const { error, items } = await run(extra);
			expect(error?.message).toBe(message);
			expect(items).toEqual([]);
			expect(env.sb.log).toEqual([]);
		}
	});

	it('a Source that is no attribute of the account: an error naming it, before the products are read', async () => {
		const { error } = await run({
			exportOptions: { columns: { column: [{ header: 'x', source: 'colour' }] } },
		});
		expect(error?.message).toContain(
			'column 1\'s Source "colour" is neither sku, family, categories, image nor an attribute code of the account',
		);
		expect(productList()).toEqual([]);
	});
});

describe('Updated Since: a nightly delta', () => {
	const changed = ['SKU-000003', 'SKU-000011', 'SKU-000019'];
	beforeAll(() => {
		for (const sku of changed) demo().touchProduct(sku, new Date('2030-01-02T03:04:05Z'));
	});
	afterAll(() => {
		demo().configure({ listOrder: 'id' });
		demo().reset();
	});
	const since = { exportOptions: { updatedSince: '2030-01-01T00:00:00Z', pageSize: 5 } };

	it('a list in id order: every page is read, the changed products kept', async () => {
		const { summary, file } = await run(since);
		expect(summary).toMatchObject({
			products: 3,
			pages: 5,
			updatedSince: '2030-01-01 00:00:00',
			deltaRead: 'everyPage',
		});
		expect(
			csvRows(file!.bytes)
				.slice(1)
				.map((r) => r[0]),
		).toEqual(changed);
	});

	it('a list last-updated first: the read stops at the first older page', async () => {
		demo().configure({ listOrder: 'updated-desc' });
		const { summary, file } = await run(since);
		expect(summary).toMatchObject({ products: 3, pages: 1, deltaRead: 'stoppedAtOlderPage' });
		expect(productList()).toHaveLength(1);
		expect(
			csvRows(file!.bytes)
				.slice(1)
				.map((r) => r[0])
				.sort(),
		).toEqual(changed);
		// An n8n date ({{ $now.minus(…) }}) as the expression gives it.
		const later = await run({
			exportOptions: { updatedSince: '={{ DateTime.fromISO("2030-01-02T03:04:05Z") }}' },
		});
		expect(later.summary).toMatchObject({ products: 0, pages: 1 });
	});
});

describe('Updated Since: changes made in id order (a bulk update walking the catalogue by SKU)', () => {
	// SKU-000002, 4, … 24, each a second after the one before: last-updated first, the first
	// pages fall by id too, as a newest-created-first list's would.
	const changed = Array.from(
		{ length: 12 },
		(_, i) => `SKU-${String(2 * (i + 1)).padStart(6, '0')}`,
	);
	beforeAll(() => {
		changed.forEach((sku, i) =>
			env.sb.account('bulk').touchProduct(sku, new Date(Date.UTC(2030, 1, 1, 0, 0, i))),
		);
	});

	it('the read goes on until a page shows the order, and stops at the first older page after it', async () => {
		const { summary, file } = await run(
			{ exportOptions: { updatedSince: '2030-01-15 00:00:00', pageSize: 5 } },
			'bulk',
		);
		// Pages 1 and 2 fall by id (24 … 6); page 3 (4, 2, then older products) shows the order and
		// ends older: the read stops there, with the 4 pages asked for ahead while it was not known.
		expect(summary).toMatchObject({ products: 12, deltaRead: 'stoppedAtOlderPage' });
		expect(summary.pages).toBeLessThanOrEqual(3 + 4);
		expect(productList().length).toBe(summary.pages);
		expect(
			csvRows(file!.bytes)
				.slice(1)
				.map((r) => r[0])
				.sort(),
		).toEqual([...changed].sort());
	});
});

describe('a list that moves while it is read', () => {
	afterAll(() => {
		demo().configure({ listOrder: 'id' });
		demo().reset();
	});

	it('last-updated first, a product updated between pages: every product once', async () => {
		demo().configure({ listOrder: 'updated-desc' });
		const before = [...(await records()).keys()];
		// Page 2 is answered after a product of page 4 moved to the front.
		env.sb.setFaults({
			pathPattern: '^GET /api/integration/product$',
			script: [{}, { delayMs: 400 }],
		});
		const moved = before[17];
		const touching = new Promise<void>((resolve) => {
			setTimeout(() => {
				demo().touchProduct(moved, new Date('2031-01-01T00:00:00Z'));
				resolve();
			}, 150);
		});
		const { summary, file, error } = await run({ exportOptions: { pageSize: 5 } });
		await touching;
		expect(error).toBeUndefined();
		const skus = csvRows(file!.bytes)
			.slice(1)
			.map((r) => r[0]);
		expect(skus.length).toBe(new Set(skus).size);
		expect([...skus].sort()).toEqual([...before].sort());
		expect(summary).toMatchObject({ products: before.length });
	});
});

describe('when it goes wrong', () => {
	it("a page that fails after its retries fails the node with its page number and the PIM's answer; no file", async () => {
		env.sb.setFaults({
			pathPattern: '^GET /api/integration/product$',
			script: [{}, ...Array.from({ length: 12 }, () => ({ status: 500 }))],
		});
		const { items, error } = await run({
			exportOptions: { pageSize: 5 },
			requestOptions: { maxRetries: 1 },
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^The export stopped at page 2 of the product list: Scripted response with status 500\. \(after 2 attempts\)$/,
		);
		expect(error?.httpCode).toBe('500');
		expect(JSON.stringify(error)).toMatch(/500/);
		expect(JSON.stringify(error)).not.toContain('demo-token');
	});

	describe('a 10 MB description', () => {
		const huge = 'x'.repeat(10 * 1024 * 1024);
		beforeAll(() => {
			demo().createProduct({
				sku: 'HUGE-1',
				familyCode: 'clothing',
				values: { web_description: huge, name: 'Huge' },
				channels: [{ code: 'web' }],
			});
		});
		afterAll(() => demo().reset());

		it('CSV writes it whole', async () => {
			const { file, summary } = await run();
			expect(summary).toMatchObject({ products: 26 });
			const row = byHeader(csvRows(file!.bytes)).find((r) => r.sku === 'HUGE-1')!;
			expect(row.web_description.length).toBe(huge.length);
		});

		it('XLSX refuses its row, naming its SKU (a cell holds 32,767 characters), and writes the others', async () => {
			const { file, summary } = await run({ fileFormat: 'xlsx' });
			expect(summary).toMatchObject({
				products: 25,
				refused: 1,
				problems: [
					{
						sku: 'HUGE-1',
						error: expect.stringContaining('"web_description" has 10,485,760 characters'),
					},
				],
			});
			expect(xlsxRows(file!.bytes)).toHaveLength(26);
		});
	});
});

describe('n8n binary data modes and a cancelled execution', () => {
	it('filesystem mode: the file is written to disk as a stream, the same bytes as in memory mode', async () => {
		const memory = await run({ fileFormat: 'xlsx' });
		const service = Container.get(BinaryDataService);
		const config = (service as unknown as { config: IDataObject }).config;
		const saved = { ...config };
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-export-'));
		Object.assign(config, {
			mode: 'filesystem',
			availableModes: ['filesystem'],
			localStoragePath: folder,
		});
		try {
			await service.init();
			const { items, error } = await runPim(env.creds(), exportFile({ fileFormat: 'xlsx' }), {
				version: 2,
			});
			expect(error).toBeUndefined();
			const binary = items[0].binary!.data;
			expect(binary.id).toMatch(/^filesystem(-v2)?:/);
			expect(binary.data).not.toBe(memory.file!.data);
			const bytes = await service.getAsBuffer(binary);
			// The same workbook but for its ZIP entries' time stamps.
			expect(xlsxRows(bytes)).toEqual(xlsxRows(memory.file!.bytes));
			expect(items[0].json).toEqual(memory.summary);
		} finally {
			Object.assign(config, saved);
			await service.init();
			fs.rmSync(folder, { recursive: true, force: true });
		}
	});

	it('a cancelled execution stops within a page: no more pages are asked for, no file', async () => {
		env.sb.setFaults({
			pathPattern: '^GET /api/integration/product$',
			script: Array.from({ length: 30 }, () => ({ delayMs: 150 })),
		});
		// One request at a time: the one in flight at the cancel is the only one that may arrive after it.
		const pim = pimNode(
			exportFile({ exportOptions: { pageSize: 2 }, requestOptions: { maxConcurrency: 1 } }),
			{ typeVersion: 2 },
		);
		const { sentBefore, sentAfter, output } = await cancelledRun(pim, [{}], productList);
		// 13 pages of 2.
		expect(sentBefore).toBeGreaterThan(0);
		expect(sentBefore).toBeLessThan(13);
		expect(sentAfter).toBeLessThanOrEqual(1);
		expect(output).toEqual([]);
	});

	it("a cancelled execution sends no input item's request still waiting for its turn", async () => {
		const ids = demo()
			.products.slice(0, 20)
			.map((p) => ({ id: p.id }));
		const shown = () => env.sb.log.filter((r) => r.path === '/api/integration/product/show');
		env.sb.setFaults({
			pathPattern: '^GET /api/integration/product/show$',
			script: Array.from({ length: 30 }, () => ({ delayMs: 150 })),
		});
		const pim = pimNode({
			resource: 'product',
			operation: 'get',
			productId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			requestOptions: { maxConcurrency: 1 },
		});
		const { sentBefore, sentAfter, output } = await cancelledRun(pim, ids, shown);
		expect(sentBefore).toBeGreaterThan(0);
		expect(sentBefore).toBeLessThan(20);
		expect(sentAfter).toBeLessThanOrEqual(1);
		expect(output).toEqual([]);
	});
});

/**
 * Runs Input → `pim` as n8n runs a declarative node (its node types give it an execute method
 * running RoutingNode in the node's context, which carries the execution's cancel signal), cancels
 * the execution 400 ms in, and counts the requests `requests()` lists that arrived before and after
 * the cancel (the log has a request once answered).
 */
async function cancelledRun(pim: INode, items: IDataObject[], requests: () => LoggedRequest[]) {
	const input: INode = {
		id: 'input-node',
		name: 'Input',
		type: 'test.input',
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(items) },
	};
	const connections = {
		Input: { main: [[{ node: pim.name, type: NodeConnectionTypes.Main, index: 0 }]] },
	};
	const declarative = nodeTypes.getByName(PIM_TYPE) as INodeType;
	const asInN8n = {
		...declarative,
		description: declarative.description,
		async execute(this: IExecuteFunctions) {
			return (await new RoutingNode(this as never, declarative).runNode()) ?? [];
		},
	} as INodeType;
	const types = {
		...nodeTypes,
		getByName: (type: string) => (type === PIM_TYPE ? asInN8n : nodeTypes.getByName(type)),
		getByNameAndVersion: (type: string) =>
			type === PIM_TYPE ? asInN8n : nodeTypes.getByNameAndVersion(type),
	} as INodeTypes;
	const workflow = new Workflow({
		id: 'wf1',
		nodes: [input, pim],
		connections,
		active: false,
		nodeTypes: types,
	});
	const data = additionalData(env.creds());
	data.hooks = new ExecutionLifecycleHooks('manual', 'exec-cancel', {
		id: 'wf1',
		name: 'cancel',
		active: false,
		nodes: [input, pim],
		connections,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
	} as never);
	env.sb.clearLog();
	const execution = new WorkflowExecute(data, 'manual').run(workflow, workflow.getNode('Input')!);
	await new Promise((resolve) => setTimeout(resolve, 400));
	const cancelledAt = Date.now();
	execution.cancel();
	const result = await execution;
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const sentBefore = requests().filter((r) => (r.arrivedAt ?? 0) <= cancelledAt).length;
	return {
		sentBefore,
		sentAfter: requests().length - sentBefore,
		output: result.data.resultData.runData[pim.name]?.[0]?.data?.main?.[0] ?? [],
	};
}
