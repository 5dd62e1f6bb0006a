import type {
	IBinaryData,
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { looksLastUpdatedFirst, nonRising, updatedAt } from '../../../PimTrigger/cursor';
import { isAttributeCode, type AttributeCatalog } from '../../shared/attributes';
import { codeDropdown, FROM_VERSION_2, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { ByteStream } from '../../shared/file/byteStream';
import { counted } from '../../shared/file/bounds';
import { delimitedFile } from '../../shared/file/csvWriter';
import { XLSX_CELL_CHARS, xlsxFile } from '../../shared/file/xlsxWriter';
import type { PimItem } from '../../shared/item';
import { lookaheadFor, MAX_PAGE_SIZE, paginate, type Page } from '../../shared/pagination';
import { fail, optionalString, positiveNumber } from '../../shared/params';
import { fold, text } from '../../shared/records';
import { runClient, sendsItsOwnRequests } from '../../shared/runners';
import type { PimClient, PimRequest } from '../../shared/transport';
import { filterQuery } from './getAll';
import { accountAttributes } from './lists';

/**
 * Product → Export File (version 2): the account's products, read page by page (paginate: the
 * account's limiter, retries, every product that exists for the whole read written once), written
 * as ONE file (CSV, TSV or XLSX) into the output item's binary data as a stream: a page is
 * handed to the writer only when the writer has taken the one before, so the node holds a page,
 * the pages read ahead (as bytes) and the writer's chunk, whatever the catalogue's size; n8n's
 * binary data mode decides where the file itself goes (docs/file-export.md, "Memory").
 *
 * Values are written as the records show them, in the form Import File reads back: a list (a
 * multi-select's values, a product's categories) in one cell, separated by commas.
 */

const FORMATS = {
	csv: { mimeType: 'text/csv', extension: 'csv' },
	tsv: { mimeType: 'text/tab-separated-values', extension: 'tsv' },
	xlsx: {
		mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		extension: 'xlsx',
	},
} as const;
type Format = keyof typeof FORMATS;

/** The columns of a product record that are no attribute, each under its header. */
const RECORD_COLUMNS = ['sku', 'family', 'categories', 'image'];
/** Other fields of a product record a column may also take (the interface's Product). */
const RECORD_FIELDS = ['id', 'slug', 'status', 'updated_at', 'url', 'product_type_id'];

/**
 * The most products one export reads: a list that never ends (a server that ignores
 * pagination[currentPage] past its end) is refused there instead of filling the disk.
 */
export const EXPORT_BOUND = 10_000_000;

/** The problems the summary lists; the count is `refused`. */
const MAX_PROBLEMS = 100;

const COLUMNS_LABEL = 'Export Options → Columns';
const SINCE_LABEL = 'Export Options → Updated Since';

interface Column {
	header: string;
	source: string;
}

/** What the item asks for, checked before any request. */
interface ExportPlan {
	format: Format;
	property: string;
	fileName: string;
	/** Undefined: every column. */
	columns?: Column[];
	/** `updated_at` must be later than this (`YYYY-MM-DD HH:MM:SS`, as records write it). */
	since?: string;
	filters: IDataObject;
	pageSize: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as product records write it (UTC). */
const recordTime = (d: Date) =>
	`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/**
 * Updated Since as records write times: `YYYY-MM-DD HH:MM:SS` (or a date alone, or ISO 8601
 * without a zone) as given, in the PIM's own time; a moment with a zone (ISO 8601 with `Z` or an
 * offset, n8n's `$now`, a Date) in UTC, as the sandbox and the real service's default write them.
 */
export function sinceOf(value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date && Number.isFinite(value.getTime())) return recordTime(value);
	const toISO = (value as { toISO?: unknown }).toISO;
	const given =
		typeof value === 'object' && typeof toISO === 'function'
			? String((toISO as () => string).call(value))
			: text(value).trim();
	if (given === '') return undefined;
	const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(given);
	if (local) return `${local[1]} ${local[2] ?? '00'}:${local[3] ?? '00'}:${local[4] ?? '00'}`;
	if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(given)) {
		const at = new Date(given);
		if (Number.isFinite(at.getTime())) return recordTime(at);
	}
	return fail(
		`Parameter "${SINCE_LABEL}" holds "${given}", which is not a date-time`,
		'Give YYYY-MM-DD HH:MM:SS (the PIM\'s own time) or ISO 8601, e.g. {{ $now.minus(1, "day") }}.',
	);
}

/** The item's parameters, checked: every problem is the node's error before a request is sent. */
function planOf(item: PimItem): ExportPlan {
	const format = optionalString(item.param<unknown>('fileFormat', 'csv')) ?? 'csv';
	if (!(format in FORMATS))
		fail(`Parameter "File Format" must be csv, tsv or xlsx (got "${format}")`);
	const property = optionalString(item.param<unknown>('binaryPropertyName', 'data'));
	if (!property) fail('Parameter "Put Output File in Field" is required');
	const fileName =
		optionalString(item.param<unknown>('fileName', '')) ??
		`products.${FORMATS[format as Format].extension}`;
	const options = item.param<IDataObject>('exportOptions', {});
	const pageSize = positiveNumber(options.pageSize, 'Export Options → Page Size', MAX_PAGE_SIZE);
	if (pageSize > MAX_PAGE_SIZE)
		fail(
			`Parameter "Export Options → Page Size" must be at most ${MAX_PAGE_SIZE} (got ${pageSize})`,
		);
	return {
		format: format as Format,
		property,
		fileName,
		columns: columnsOf(options.columns),
		since: sinceOf(options.updatedSince),
		filters: filterQuery(item),
		pageSize,
	};
}

/** Export Options → Columns as given (undefined when none is). */
function columnsOf(given: unknown): Column[] | undefined {
	const entries = ((given ?? {}) as IDataObject).column as IDataObject[] | undefined;
	if (!entries?.length) return undefined;
	const headers = new Map<string, number>();
	return entries.map((entry, i) => {
		const source = optionalString(entry.source);
		if (!source) fail(`Parameter "${COLUMNS_LABEL}": column ${i + 1} has no Source`);
		if (!isAttributeCode(source))
			fail(
				`Parameter "${COLUMNS_LABEL}": column ${i + 1}'s Source "${source}" is no attribute code`,
			);
		const header = optionalString(entry.header) ?? source;
		const before = headers.get(fold(header));
		if (before !== undefined)
			fail(
				`Parameter "${COLUMNS_LABEL}": columns ${before + 1} and ${i + 1} have the same header "${header}"`,
				'Headers are read ignoring case: give each column its own.',
			);
		headers.set(fold(header), i);
		return { header, source };
	});
}

/** The columns of the file: those given (their sources checked against the account), or every one. */
function fileColumns(plan: ExportPlan, attributes: AttributeCatalog): Column[] {
	if (plan.columns) {
		for (const { source } of plan.columns)
			if (
				!RECORD_COLUMNS.includes(source) &&
				!RECORD_FIELDS.includes(source) &&
				!attributes.byCode.has(source)
			)
				fail(
					`Parameter "${COLUMNS_LABEL}": the Source "${source}" is neither ${RECORD_COLUMNS.join(', ')} nor an attribute code of the account`,
					`Other fields a record has: ${RECORD_FIELDS.join(', ')}.`,
				);
		return plan.columns;
	}
	const taken = new Set(RECORD_COLUMNS);
	const columns = RECORD_COLUMNS.map((source) => ({ header: source, source }));
	for (const code of attributes.byCode.keys())
		if (!taken.has(fold(code))) {
			taken.add(fold(code));
			columns.push({ header: code, source: code });
		}
	return columns;
}

/**
 * A list in one cell as Import File reads it back: its values separated by commas, or, when a
 * value holds a comma, starts with `[` or has spaces around it, as a JSON list (which Import File
 * reads for a multi-select).
 */
function listCell(values: unknown[], json: boolean): string {
	const texts = values.map(text);
	if (json && texts.some((t) => t.includes(',') || t.startsWith('[') || t !== t.trim()))
		return JSON.stringify(texts);
	return texts.join(', ');
}

/** A record's value under a column, as the record shows it. */
function cellOf(record: IDataObject, source: string): string {
	const value = source === 'categories' ? record.category : record[source];
	if (value === undefined || value === null) return '';
	// A record shows a path once per tree that holds the product there (channels' trees share
	// paths, and a record names no channel): the cell names each path once. Category titles are
	// never a JSON list: Import File splits them at commas only.
	if (source === 'categories' && Array.isArray(value))
		return listCell([...new Set(value.map(text))], false);
	if (Array.isArray(value)) return listCell(value, true);
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

/**
 * Pages handed from the reading to the writer, one at a time: `put` waits until the writer has
 * taken the page (the reading waits for the writer), the writer waits for the next page.
 */
class Handoff<T> {
	private waiting?: { value: T; taken: () => void; refused: (error: unknown) => void };
	private wake?: () => void;
	private ended = false;
	private failure?: { error: unknown };
	private closed = false;

	async put(value: T): Promise<void> {
		if (this.closed) throw new Error('The file is no longer written');
		await new Promise<void>((taken, refused) => {
			this.waiting = { value, taken, refused };
			this.wake?.();
		});
	}

	end(): void {
		this.ended = true;
		this.wake?.();
	}

	fail(error: unknown): void {
		this.failure ??= { error };
		this.wake?.();
	}

	/** The writer is done with the pages (or never started): a page offered now is refused. */
	close(): void {
		this.closed = true;
		this.waiting?.refused(new Error('The file is no longer written'));
		this.waiting = undefined;
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<T> {
		try {
			for (;;) {
				if (this.waiting) {
					const { value, taken } = this.waiting;
					this.waiting = undefined;
					taken();
					yield value;
					continue;
				}
				if (this.failure) throw this.failure.error;
				if (this.ended) return;
				await new Promise<void>((resolve) => (this.wake = resolve));
				this.wake = undefined;
			}
		} finally {
			// The writer stopped (done, or failed).
			this.close();
		}
	}
}

/**
 * Updated Since on a list read last-updated first: whether to stop after a page. A page shows the
 * order (looksLastUpdatedFirst, as the trigger tells it, with the page before's last product);
 * until one does, a list whose times never rise may still be newest-created first (the first
 * pages of changes made in id order fall by id too), and the next page is read. Every page must
 * keep the order, across the page boundary too, or the read goes on to the end (every product is
 * still filtered by its `updated_at`). Stops after the first page, once the order is shown, whose
 * last product is not later than `since`.
 */
function deltaStop(since: string) {
	let ordered: boolean | undefined;
	let last: IDataObject | undefined;
	const state = { stopped: false, ordered: () => ordered === true };
	const stopAfter = (page: Page) => {
		const records = page.records;
		const read = last ? [last, ...records] : records;
		if (ordered !== false && !nonRising(read)) ordered = false;
		else if (ordered === undefined && looksLastUpdatedFirst(read)) ordered = true;
		last = records[records.length - 1] ?? last;
		state.stopped = ordered === true && last !== undefined && updatedAt(last) <= since;
		return state.stopped;
	};
	return { state, stopAfter };
}

/** How the list read ended when it failed: the page it stopped at, in the error n8n shows. */
function atPage(error: unknown, page: number): unknown {
	if (error instanceof Error && !/^The export stopped at page/.test(error.message))
		error.message = `The export stopped at page ${page} of the product list: ${error.message}`;
	return error;
}

class Cancelled extends Error {
	constructor() {
		super('The export was stopped: the execution was cancelled');
	}
}

/** One export: the file in the item's binary field, the summary as its JSON. */
async function exportOne(item: PimItem): Promise<INodeExecutionData> {
	const plan = planOf(item);
	// One long run: its requests keep to the pace a rate limit taught, not just its pauses.
	const pim = runClient(item, true);
	const attributes = await accountAttributes(item.run, pim);
	const columns = fileColumns(plan, attributes);
	const headers = columns.map((c) => c.header);
	const { format, since } = plan;

	let pages = 0;
	const counting: PimClient = {
		...pim,
		request: async (request) => (pages++, await pim.request(request)),
		readAhead: async (request) => (pages++, await pim.readAhead(request)),
	};
	const request: PimRequest = {
		method: 'GET',
		url: ENDPOINTS.product,
		qs: Object.keys(plan.filters).length ? plan.filters : undefined,
	};
	const delta = since ? deltaStop(since) : undefined;
	const cancel = item.ctx.getExecutionCancelSignal?.();
	const handoff = new Handoff<IDataObject[]>();
	let handed = 0;
	const reading = paginate(counting, request, {
		pageSize: plan.pageSize,
		max: Infinity,
		// A delta read asks for no page ahead until the list shows it is not last-updated first.
		lookahead: delta ? () => (delta.state.ordered() ? 0 : lookaheadFor(pim)) : lookaheadFor(pim),
		refuseAbove: EXPORT_BOUND,
		advice: `Export File writes at most ${counted(EXPORT_BOUND)} products to one file: narrow it with Filters or Export Options → Updated Since.`,
		onRecords: async (records) => {
			if (cancel?.aborted) throw new Cancelled();
			handed++;
			await handoff.put(records);
			// Cancelled while the page was written: no page is asked for after it.
			if (cancel?.aborted) throw new Cancelled();
		},
		stopAfter: delta?.stopAfter,
	}).then(
		() => handoff.end(),
		(error: unknown) => {
			handoff.fail(error instanceof Cancelled ? error : atPage(error, handed + 1));
		},
	);

	let products = 0;
	let refused = 0;
	const problems: IDataObject[] = [];
	const sheets: string[] = [];
	async function* rows(): AsyncGenerator<string[]> {
		for await (const records of handoff) {
			for (const record of records) {
				if (since !== undefined && !(updatedAt(record) > since)) continue;
				const cells = columns.map((c) => cellOf(record, c.source));
				if (format === 'xlsx') {
					const long = cells.findIndex((c) => c.length > XLSX_CELL_CHARS);
					if (long >= 0) {
						refused++;
						if (problems.length < MAX_PROBLEMS)
							problems.push({
								sku: text(record.sku),
								error: `The value of "${headers[long]}" has ${counted(cells[long].length)} characters; an XLSX cell holds at most ${counted(XLSX_CELL_CHARS)} (export as CSV to keep it)`,
							});
						continue;
					}
				}
				products++;
				yield cells;
			}
		}
	}
	const bytes =
		format === 'xlsx'
			? xlsxFile(headers, rows(), { sheetName: 'Products', onSheet: (name) => sheets.push(name) })
			: delimitedFile(format, headers, rows());
	const { mimeType } = FORMATS[format];
	let binary: IBinaryData;
	try {
		binary = await item.ctx.helpers.prepareBinaryData(
			new ByteStream(bytes) as unknown as Buffer,
			plan.fileName,
			mimeType,
		);
	} finally {
		// However n8n's store ended (it may stop before reading the stream to its end), the read
		// ends with it.
		handoff.close();
		await reading;
	}
	return {
		json: {
			products,
			columns: headers,
			fileName: binary.fileName ?? plan.fileName,
			pages,
			format,
			...(since !== undefined
				? {
						updatedSince: since,
						deltaRead: delta?.state.stopped ? 'stoppedAtOlderPage' : 'everyPage',
					}
				: {}),
			...(sheets.length > 1 ? { sheets } : {}),
			...(refused ? { refused, problems } : {}),
		},
		binary: { [plan.property]: binary },
		pairedItem: { item: item.index },
	};
}

/** Input items export one after another: one file in hand at a time. */
async function exportFile(item: PimItem): Promise<INodeExecutionData[]> {
	return [await item.run.inTurn('exportFile', () => exportOne(item))];
}

export const option: INodePropertyOptions = {
	name: 'Export File',
	value: 'exportFile',
	// n8n's node creator lists and searches operations by this text (not their description).
	action: 'Export products to a file (CSV, TSV or XLSX)',
	description:
		"Write the account's products, or those filtered or changed since a date, into one CSV, TSV or XLSX file",
	routing: sendsItsOwnRequests(exportFile),
};

const show = showFor('product', ['exportFile'], FROM_VERSION_2);

/** Export File's own fields; Filters is Get Many's (getAll.ts). */
export const description: INodeProperties[] = [
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [
			{ name: 'CSV', value: 'csv', description: 'Comma-separated (RFC 4180, UTF-8)' },
			{
				name: 'TSV',
				value: 'tsv',
				description:
					'Tab-separated, as feed services such as Google Merchant Center take it: a tab or line break inside a value becomes a space',
			},
			{ name: 'XLSX', value: 'xlsx', description: 'An Excel workbook; every cell as text' },
		],
		default: 'csv',
		displayOptions: show,
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: show,
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. products.csv',
		description: "The file's name; empty gives products.csv, products.tsv or products.xlsx",
		displayOptions: show,
	},
	{
		displayName: 'Export Options',
		name: 'exportOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Columns',
				name: 'columns',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true, sortable: true },
				placeholder: 'Add Column',
				default: {},
				description:
					"The file's columns in this order, each a header and what it holds. Without any: sku, family, categories, image, then every attribute of the account, headed by its code.",
				options: [
					{
						displayName: 'Column',
						name: 'column',
						values: [
							{
								displayName: 'Header',
								name: 'header',
								type: 'string',
								default: '',
								placeholder: 'e.g. title',
								description: "The column's header in the file; empty: the source's name",
							},
							{
								...codeDropdown({
									displayName: 'Source',
									name: 'source',
									method: 'getExportSources',
									description:
										'What the column holds: sku, family, categories, image, or an attribute (its code).',
								}),
								allowArbitraryValues: true,
							},
						],
					},
				],
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
				default: MAX_PAGE_SIZE,
				description: 'How many products to ask for per request. Lower it if the PIM times out.',
			},
			{
				displayName: 'Updated Since',
				name: 'updatedSince',
				type: 'string',
				default: '',
				placeholder: "e.g. {{ $now.minus(1, 'day') }}",
				description:
					"Only products changed after this date-time (YYYY-MM-DD HH:MM:SS in the PIM's time, or ISO 8601): a nightly delta feed. When the PIM lists products last-updated first, the read stops at the first older page.",
			},
		],
	},
];

export const fromVersion = 2;
