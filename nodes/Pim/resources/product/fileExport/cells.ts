import type { IDataObject } from 'n8n-workflow';

import type { AttributeCatalog } from '../../../shared/attributes';
import { fail } from '../../../shared/params';
import { fold, text } from '../../../shared/records';
import type { Broken, Channel, ChannelColumn } from './feeds/channel';
import { flat, Refusal, type FormContext } from './feeds/forms';

/**
 * Each column of the file as one function from a product record to its cell: the source's value
 * (or the column's Value: a constant or a `{field}` template), then Export Options → Value Map,
 * then, in a feed, the channel's form. Plain exports and feeds take the same way.
 */

/** The columns of a product record that are no attribute, each under its header. */
export const RECORD_COLUMNS = ['sku', 'family', 'categories', 'image'];
/** Other fields of a product record a column may also take (the interface's Product). */
export const RECORD_FIELDS = ['id', 'slug', 'status', 'updated_at', 'url', 'product_type_id'];

export const COLUMNS_LABEL = 'Export Options → Columns';
export const VALUE_MAP_LABEL = 'Export Options → Value Map';

/** A Columns entry as given: a header, and a source or a value. */
export interface Column {
	header: string;
	source?: string;
	value?: string;
}

/** What a product's cells are written with: the feed's currency, the rules each cell broke. */
export interface CellContext extends FormContext {
	broken: Broken[];
}

/** One column of the file. */
export interface FileColumn {
	header: string;
	/** The channel's column it is (its rules), in a feed. */
	channel?: ChannelColumn;
	/** Nothing in the account fills it (a channel's required column): every cell is empty. */
	unfilled?: boolean;
	/** The one source it copies unchanged (no Value, Value Map or form), if it does. */
	asIs?: string;
	/** The product's cell; a value the channel's form refuses is written as given, and named in `context.broken`. */
	cell(record: IDataObject, context: CellContext): string;
}

/** Export Options → Value Map: per column (any case), From (trimmed, any case) → To. */
export type ValueMap = Map<string, Map<string, string>>;

const raw = (record: IDataObject, source: string): unknown =>
	source === 'categories' ? record.category : record[source];

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

/** A value under a column, as the record shows it. */
function valueCell(value: unknown, source: string | undefined): string {
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

/** A record's value under a column, as the record shows it. */
export const cellOf = (record: IDataObject, source: string): string =>
	valueCell(raw(record, source), source);

/** A name as meanings are compared: lowercase letters and digits only (`web_description` = `webDescription`). */
const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The fields a column or a template may name: the record's own, and the account's attribute codes. */
function isField(name: string, attributes: AttributeCatalog): boolean {
	return (
		RECORD_COLUMNS.includes(name) || RECORD_FIELDS.includes(name) || attributes.byCode.has(name)
	);
}

const TEMPLATE_FIELD = /\{([^{}\s]+)\}/g;

/**
 * A column's Value: a constant, or a template whose `{field}`s are the product's fields; a field
 * the product lacks gives an empty cell.
 */
function valueOf(value: string, at: number, attributes: AttributeCatalog) {
	const fields = [...value.matchAll(TEMPLATE_FIELD)].map((m) => m[1]);
	if (!fields.length) return () => value;
	for (const field of fields)
		if (!isField(field, attributes))
			fail(
				`Parameter "${COLUMNS_LABEL}": column ${at + 1}'s Value names {${field}}, which is neither a field of a product record nor an attribute code of the account`,
				`A record's fields: ${[...RECORD_COLUMNS, ...RECORD_FIELDS].join(', ')}; or an attribute's code, as in {name}.`,
			);
	const parts = value.split(TEMPLATE_FIELD);
	return (record: IDataObject) => {
		let out = '';
		for (let i = 0; i < parts.length; i++) {
			if (i % 2 === 0) {
				out += parts[i];
				continue;
			}
			const cell = cellOf(record, parts[i]);
			if (cell === '') return '';
			out += cell;
		}
		return out;
	};
}

/** Value Map on a value: the whole value, or each of a list's items, equal to a From. */
function mapped(value: unknown, map: Map<string, string>): unknown {
	if (Array.isArray(value)) {
		const whole = map.get(fold(value.map(text).join(', ')));
		return whole ?? value.map((v) => map.get(fold(v)) ?? v);
	}
	if (value === undefined || value === null) return map.get('') ?? value;
	return map.get(fold(value)) ?? value;
}

/** The start of a value, for an error: its first 40 characters. */
export function startOf(value: unknown): string {
	const given = flat(value).replace(/\s+/g, ' ').trim();
	return given.length > 40 ? `${given.slice(0, 40)}…` : given;
}

/** A value the channel's form refused, as a broken rule (made apart: no closure per cell). */
function refused(header: string, value: unknown, refusal: Refusal): Broken {
	return {
		column: header,
		rule: refusal.rule,
		detail: () => `"${startOf(value)}" ${refusal.error}`,
	};
}

/** One column's cell function, from the sources it reads (the first with a value) or its Value. */
function columnOf(
	header: string,
	read: ((record: IDataObject) => unknown) | undefined,
	source: string | undefined,
	map: Map<string, string> | undefined,
	channel: ChannelColumn | undefined,
): FileColumn {
	const form = channel?.form;
	if (!read)
		return {
			header,
			channel,
			unfilled: true,
			cell: () => (map ? text(mapped('', map)) : ''),
		};
	return {
		header,
		channel,
		...(source !== undefined && !map && !form ? { asIs: source } : {}),
		cell(record, context) {
			let value = read(record);
			if (map) value = mapped(value, map);
			if (!form) return valueCell(value, source);
			if (value === undefined || value === null || value === '') return '';
			const formed = form(value, context);
			if (!(formed instanceof Refusal)) return formed;
			context.broken.push(refused(header, value, formed));
			return flat(value);
		},
	};
}

/** Where a column reads from: its Value, its one Source, or the first of several with a value. */
function reader(column: Column, at: number, attributes: AttributeCatalog, sources: string[]) {
	if (column.value !== undefined) return valueOf(column.value, at, attributes);
	if (sources.length === 0) return undefined;
	if (sources.length === 1) {
		const [source] = sources;
		return (record: IDataObject) => raw(record, source);
	}
	return (record: IDataObject) => {
		for (const source of sources) {
			const value = raw(record, source);
			if (value !== undefined && value !== null && flat(value).trim() !== '') return value;
		}
		return undefined;
	};
}

/** The account's fields by meaning (squashed name → sources): record fields, attribute codes, then titles. */
function meanings(attributes: AttributeCatalog): Map<string, string[]> {
	const byMeaning = new Map<string, string[]>();
	const add = (name: string, source: string) => {
		const key = squash(name);
		const list = byMeaning.get(key) ?? [];
		if (!list.includes(source)) list.push(source);
		byMeaning.set(key, list);
	};
	for (const field of [...RECORD_COLUMNS, ...RECORD_FIELDS]) add(field, field);
	for (const attribute of attributes.byCode.values()) add(attribute.code, attribute.code);
	for (const attribute of attributes.byCode.values())
		if (attribute.title) add(attribute.title, attribute.code);
	return byMeaning;
}

function checkSource(source: string, at: number, attributes: AttributeCatalog) {
	if (!isField(source, attributes))
		fail(
			`Parameter "${COLUMNS_LABEL}": column ${at + 1}'s Source "${source}" is neither ${RECORD_COLUMNS.join(', ')} nor an attribute code of the account`,
			`Other fields a record has: ${RECORD_FIELDS.join(', ')}.`,
		);
}

/**
 * The file's columns. Without a feed: those given (their sources checked against the account),
 * or sku, family, categories, image and every attribute. With a feed: the channel's columns,
 * each filled from what the account has by meaning (a required one even when nothing fills it),
 * a given column with a channel column's header replacing it, the other given columns after.
 */
export function fileColumns(
	given: Column[] | undefined,
	attributes: AttributeCatalog,
	channel: Channel | undefined,
	valueMap: ValueMap,
): FileColumn[] {
	const mapOf = (header: string) => valueMap.get(fold(header));
	const fromGiven = (column: Column, at: number, channelColumn?: ChannelColumn): FileColumn => {
		if (column.source !== undefined) checkSource(column.source, at, attributes);
		const sources = column.source !== undefined ? [column.source] : [];
		return columnOf(
			column.header,
			reader(column, at, attributes, sources),
			column.source,
			mapOf(column.header),
			channelColumn,
		);
	};
	let columns: FileColumn[];
	if (!channel) {
		const plain =
			given ??
			[
				...RECORD_COLUMNS,
				...[...attributes.byCode.keys()].filter((c) => !RECORD_COLUMNS.includes(fold(c))),
			]
				.filter((code, i, all) => all.findIndex((c) => fold(c) === fold(code)) === i)
				.map((code) => ({ header: code, source: code }));
		columns = plain.map((column, at) => fromGiven(column, at));
	} else {
		const byMeaning = meanings(attributes);
		const givenByHeader = new Map((given ?? []).map((c, at) => [fold(c.header), { c, at }]));
		columns = [];
		for (const channelColumn of channel.columns) {
			const user = givenByHeader.get(fold(channelColumn.header));
			if (user) {
				givenByHeader.delete(fold(channelColumn.header));
				columns.push(
					fromGiven({ ...user.c, header: channelColumn.header }, user.at, channelColumn),
				);
				continue;
			}
			const sources = [
				...new Set((channelColumn.from ?? []).flatMap((w) => byMeaning.get(squash(w)) ?? [])),
			];
			const column: Column = { header: channelColumn.header, value: channelColumn.value };
			const read = reader(column, 0, attributes, sources);
			if (read || channelColumn.required)
				columns.push(
					columnOf(
						channelColumn.header,
						read,
						sources.length === 1 ? sources[0] : undefined,
						mapOf(channelColumn.header),
						channelColumn,
					),
				);
		}
		for (const { c, at } of givenByHeader.values()) columns.push(fromGiven(c, at));
	}
	const headers = new Set(columns.map((c) => fold(c.header)));
	for (const header of valueMap.keys())
		if (!headers.has(header))
			fail(
				`Parameter "${VALUE_MAP_LABEL}" names the column "${header}", which the file does not have`,
				`The file's columns: ${columns.map((c) => c.header).join(', ')}.`,
			);
	return columns;
}
