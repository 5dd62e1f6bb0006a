import type { IDataObject } from 'n8n-workflow';

import { isAttributeCode, type AttributeCatalog } from '../../../shared/attributes';
import type { PimItem } from '../../../shared/item';
import { MAX_PAGE_SIZE } from '../../../shared/pagination';
import { fail, optionalString, positiveNumber } from '../../../shared/params';
import { fold, text } from '../../../shared/records';
import { filterQuery } from '../descriptions/filters';

/**
 * What Export File writes: its parameters checked before any request (the plan), the file's
 * columns, and each record's values under them as the records show them, in the form Import File
 * reads back: a list (a multi-select's values, a product's categories) in one cell, separated by
 * commas.
 */

export const FORMATS = {
	csv: { mimeType: 'text/csv', extension: 'csv' },
	tsv: { mimeType: 'text/tab-separated-values', extension: 'tsv' },
	xlsx: {
		mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		extension: 'xlsx',
	},
} as const;
export type Format = keyof typeof FORMATS;

/** The columns of a product record that are no attribute, each under its header. */
const RECORD_COLUMNS = ['sku', 'family', 'categories', 'image'];
/** Other fields of a product record a column may also take (the interface's Product). */
const RECORD_FIELDS = ['id', 'slug', 'status', 'updated_at', 'url', 'product_type_id'];

const COLUMNS_LABEL = 'Export Options → Columns';

export interface Column {
	header: string;
	source: string;
}

/** What the item asks for, checked before any request. */
export interface ExportPlan {
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
		`Parameter "Export Options → Updated Since" holds "${given}", which is not a date-time`,
		'Give YYYY-MM-DD HH:MM:SS (the PIM\'s own time) or ISO 8601, e.g. {{ $now.minus(1, "day") }}.',
	);
}

/** The item's parameters, checked: every problem is the node's error before a request is sent. */
export function exportPlanOf(item: PimItem): ExportPlan {
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
export function fileColumns(plan: ExportPlan, attributes: AttributeCatalog): Column[] {
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
export function cellOf(record: IDataObject, source: string): string {
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
