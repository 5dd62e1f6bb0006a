import type { IDataObject } from 'n8n-workflow';

import { isAttributeCode } from '../../../shared/attributes';
import { isXmlName } from '../../../shared/file/rssWriter';
import type { PimItem } from '../../../shared/item';
import { MAX_PAGE_SIZE } from '../../../shared/pagination';
import { fail, optionalString, positiveNumber } from '../../../shared/params';
import { fold, text } from '../../../shared/records';
import { filterQuery } from '../descriptions/filters';
import { COLUMNS_LABEL, VALUE_MAP_LABEL, type Column, type ValueMap } from './cells';
import type { Channel } from './feeds/channel';
import { CHANNELS, isFeedName } from './feeds/channels';
import { FORMATS, isFormat, type Format } from './formats';

/**
 * What Export File is asked for: its parameters checked before any request (the plan). The
 * file's columns and their cells: cells.ts; a feed's channel: feeds/.
 */

/** The formats of a file that is no feed. */
export const PLAIN_FORMATS: readonly Format[] = ['csv', 'tsv', 'xlsx'];

/** What the item asks for, checked before any request. */
export interface ExportPlan {
	format: Format;
	property: string;
	fileName: string;
	/** The channel the file is a feed for (Feed), if any. */
	channel?: Channel;
	/** Undefined: every column (or, in a feed, the channel's). */
	columns?: Column[];
	valueMap: ValueMap;
	/** In a feed: a product that breaks a rule is written (keep) or left out. */
	keepInvalid: boolean;
	/** In a feed: the currency every price must be in; undefined: the first price's. */
	currency?: string;
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
	const feed = optionalString(item.param<unknown>('feed', 'none')) ?? 'none';
	if (feed !== 'none' && !isFeedName(feed))
		fail(`Parameter "Feed" must be none, ${Object.keys(CHANNELS).join(', ')} (got "${feed}")`);
	const channel = feed === 'none' ? undefined : CHANNELS[feed as keyof typeof CHANNELS];
	const formats = channel?.formats ?? PLAIN_FORMATS;
	const format = optionalString(item.param<unknown>('fileFormat', formats[0])) ?? formats[0];
	if (!isFormat(format) || !formats.includes(format))
		fail(
			`Parameter "File Format" must be ${formats.join(', ')}${channel ? ` for a ${channel.label} feed` : ''} (got "${format}")`,
		);
	const property = optionalString(item.param<unknown>('binaryPropertyName', 'data'));
	if (!property) fail('Parameter "Put Output File in Field" is required');
	const fileName =
		optionalString(item.param<unknown>('fileName', '')) ??
		`${channel ? 'feed' : 'products'}.${FORMATS[format].extension}`;
	const options = item.param<IDataObject>('exportOptions', {});
	const pageSize = positiveNumber(options.pageSize, 'Export Options → Page Size', MAX_PAGE_SIZE);
	if (pageSize > MAX_PAGE_SIZE)
		fail(
			`Parameter "Export Options → Page Size" must be at most ${MAX_PAGE_SIZE} (got ${pageSize})`,
		);
	const columns = columnsOf(options.columns);
	for (const column of columns ?? []) checkHeader(column.header, format, channel);
	const invalid = optionalString(options.invalidProducts) ?? 'skip';
	if (invalid !== 'skip' && invalid !== 'keep')
		fail(`Parameter "Export Options → Invalid Products" must be skip or keep (got "${invalid}")`);
	const currency = optionalString(options.currency)?.trim().toUpperCase();
	if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
		fail(
			`Parameter "Export Options → Currency" must be an ISO 4217 code such as USD (got "${currency}")`,
		);
	return {
		format,
		property,
		fileName,
		channel,
		columns,
		valueMap: valueMapOf(options.valueMap),
		keepInvalid: invalid === 'keep',
		currency,
		since: sinceOf(options.updatedSince),
		filters: filterQuery(item),
		pageSize,
	};
}

/** A header the file's format and the channel take. */
function checkHeader(header: string, format: Format, channel: Channel | undefined) {
	const known = channel?.columns.some((c) => c.header === header);
	if (!known && channel?.headerRule && !channel.headerRule.pattern.test(header))
		fail(
			`Parameter "${COLUMNS_LABEL}": ${channel.label} names columns in ${channel.headerRule.words}; "${header}" is not`,
			"Name the column as the channel's product data specification does, e.g. custom_label_0.",
		);
	if (format === 'xml' && !isXmlName(header))
		fail(
			`Parameter "${COLUMNS_LABEL}": "${header}" cannot name an element of an XML feed`,
			'Use letters, digits and _ (not starting with a digit).',
		);
}

/** Export Options → Value Map, by column (any case). */
function valueMapOf(given: unknown): ValueMap {
	const entries = ((given ?? {}) as IDataObject).mapping as IDataObject[] | undefined;
	const map: ValueMap = new Map();
	(entries ?? []).forEach((entry, i) => {
		const column = optionalString(entry.column);
		if (!column) fail(`Parameter "${VALUE_MAP_LABEL}": mapping ${i + 1} names no Column`);
		const byFrom = map.get(fold(column)) ?? new Map<string, string>();
		byFrom.set(fold(entry.from), text(entry.to));
		map.set(fold(column), byFrom);
	});
	return map;
}

/** Export Options → Columns as given (undefined when none is). */
function columnsOf(given: unknown): Column[] | undefined {
	const entries = ((given ?? {}) as IDataObject).column as IDataObject[] | undefined;
	if (!entries?.length) return undefined;
	const headers = new Map<string, number>();
	return entries.map((entry, i) => {
		const source = optionalString(entry.source);
		const value = text(entry.value) === '' ? undefined : text(entry.value);
		if (!source && value === undefined)
			fail(`Parameter "${COLUMNS_LABEL}": column ${i + 1} has no Source and no Value`);
		if (source && !isAttributeCode(source))
			fail(
				`Parameter "${COLUMNS_LABEL}": column ${i + 1}'s Source "${source}" is no attribute code`,
			);
		const header = optionalString(entry.header) ?? source;
		if (!header) fail(`Parameter "${COLUMNS_LABEL}": column ${i + 1} has a Value but no Header`);
		const before = headers.get(fold(header));
		if (before !== undefined)
			fail(
				`Parameter "${COLUMNS_LABEL}": columns ${before + 1} and ${i + 1} have the same header "${header}"`,
				'Headers are read ignoring case: give each column its own.',
			);
		headers.set(fold(header), i);
		return value !== undefined ? { header, value } : { header, source };
	});
}
