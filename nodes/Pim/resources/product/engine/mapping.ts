import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RESERVED, type AccountAttribute, type AttributeCatalog } from '../../../shared/attributes';
import { fold, withFields } from '../../../shared/records';
import { listOf } from '../../../shared/params';
import type { AttributeValues } from './body';
import {
	attributeLabel,
	completeAmounts,
	conventionValues,
	isNoValue,
	isPrice,
	withoutHint,
	type ColumnValue,
	type ConventionScope,
} from '../conventions';
import type { NotWritten, RowWarning } from './report';
import { addValue, failColumns } from './wireValue';

export { COLUMNS_LABEL, wireValue } from './wireValue';

/**
 * Version 2's attribute values: the `columns` resource mapper (its editor fields:
 * methods/resourceMapping.ts). The values of Define Below, or the input item's own fields with Map
 * Automatically, are typed by the account's attributes read at run time, never by the schema
 * saved with the workflow.
 */

/** The mapping mode, from the saved parameter itself (no expression evaluated). */
export function mappingMode(parameters: INodeParameters): 'defineBelow' | 'autoMapInputData' {
	const raw = (parameters.columns ?? {}) as INodeParameters;
	return raw.mappingMode === 'autoMapInputData' ? 'autoMapInputData' : 'defineBelow';
}

export interface MappingOptions {
	/** With Map Automatically: input fields that match no attribute are an error instead of being skipped. */
	refuseUnmatched: boolean;
	/** Input fields never mapped (e.g. the ones the Channels parameter reads), lower case. */
	ignore: Set<string>;
	/**
	 * Input fields the node's other parameters read (`{{ $json.Status }}` in Active), lower case:
	 * mapped when they name an attribute, never reported as unmapped.
	 */
	readByParameters: Set<string>;
	/**
	 * A file's columns that are not written for a reason of the form (`image` while Image Columns
	 * is empty: the field to set; a variant's `parent`), lower case → that reason.
	 */
	unreadByForm?: Map<string, string>;
	/**
	 * A file's columns (Import File): a column that is a field of the interface or of a product
	 * record (`id`, `slug`, `channel`, …) is named as not written, never passed over in silence.
	 */
	fromFile?: boolean;
}

/** Mapping Options as a row's write reads them; `readByParameters`, `unreadByForm`: see MappingOptions. */
export function mappingOptions(
	saved: IDataObject,
	readByParameters: Set<string>,
	/** Import File's: the columns a field of the form would read, left empty (see MappingOptions). */
	unreadByForm?: Map<string, string>,
): MappingOptions {
	return {
		refuseUnmatched: saved.unmatchedFields === 'error',
		ignore: new Set(listOf(saved.ignoreFields).map((f) => fold(f))),
		readByParameters,
		...(unreadByForm ? { fromFile: true } : {}),
		...(unreadByForm?.size ? { unreadByForm } : {}),
	};
}

/** Why a file's column named as a field of the interface or of a product record is not written. */
function ownField(column: string): NotWritten {
	const key = fold(column);
	const reason =
		key === 'channel'
			? "the row's channel is not read: every row goes to the channels of Channels"
			: key === 'sku'
				? 'the SKU comes from SKU Column'
				: RESERVED.has(key)
					? 'a field of the interface this node sets from its own parameters'
					: 'a field the PIM keeps itself (a product record shows it): never written';
	return { column, kind: 'formField', reason };
}

/**
 * The one attribute an input field names: its code exactly; else its code or title ignoring case;
 * else the same without the header's hint (`Name *`, `Tags (x,y,z...)`).
 */
export function matchField(field: string, catalog: AttributeCatalog): AccountAttribute[] {
	const exact = catalog.byCode.get(field);
	if (exact) return [exact];
	const byName = (name: string) => {
		const key = fold(name);
		const found = new Map<string, AccountAttribute>();
		for (const a of catalog.byLowerCode.get(key) ?? []) found.set(a.code, a);
		for (const a of catalog.byLowerTitle.get(key) ?? []) found.set(a.code, a);
		return [...found.values()];
	};
	const found = byName(field);
	if (found.length) return found;
	const bare = withoutHint(field);
	return bare === field ? found : byName(bare);
}

/** A field name as Map Automatically reads it: folded, the attributes it names, how errors name it. */
interface FieldMatch {
	key: string;
	matches: AccountAttribute[];
	source: string;
	fields: string[];
}

/** The field names a run's rows share, matched once per attribute catalogue (one per execution). */
const FIELD_MATCHES = new WeakMap<AttributeCatalog, Map<string, FieldMatch>>();
/** Past this many different field names, names are matched without being kept. */
const MAX_KEPT_FIELDS = 10_000;

function fieldMatch(field: string, catalog: AttributeCatalog): FieldMatch {
	let byField = FIELD_MATCHES.get(catalog);
	if (!byField) FIELD_MATCHES.set(catalog, (byField = new Map()));
	let match = byField.get(field);
	if (!match) {
		match = {
			key: fold(field),
			matches: matchField(field, catalog),
			source: `the input field "${field}"`,
			fields: [field],
		};
		if (byField.size < MAX_KEPT_FIELDS) byField.set(field, match);
	}
	return match;
}

/**
 * Fields of a product record that are no attribute values: a record read with Get Many and
 * written back (another account, a copy) never sends them as attributes. Family, categories and
 * image have their own parameters; the rest is the PIM's own bookkeeping. Records spell them so:
 * an export's `Status` column is a column like any other.
 */
export const RECORD_FIELDS = new Set([
	'id',
	'slug',
	'status',
	'created_at',
	'updated_at',
	'product_type_id',
	'language_id',
	'family',
	'category',
	'image',
]);

/**
 * Map Automatically: every field of the input item that names an attribute, then the fields that
 * name none read by the conventions of other systems' exports (conventions/). `unmapped`: the
 * fields that went nowhere, each with its reason (a run reports them).
 */
export function autoMappedValues(
	json: IDataObject,
	catalog: AttributeCatalog,
	options: MappingOptions,
	scope: ConventionScope,
): MappedValues {
	const { direct, unmatched, own } = namedValues(json, catalog, options);
	const read = conventionValues(
		json,
		unmatched,
		direct,
		(name) => fieldMatch(name, catalog).matches,
		(code) => catalog.byCode.get(code),
		scope,
	);
	const { found, notHere } = keptAsGiven(direct, read.values);
	notHere.push(...read.notHere);
	// A field a convention read, or another parameter reads, is not unmapped; one a field of the
	// form would read is named with that field.
	const { unreadByForm } = options;
	const unmapped = unmatched.filter(
		(f) =>
			!read.used.has(f) && !options.readByParameters.has(fold(f)) && !unreadByForm?.has(fold(f)),
	);
	if (options.refuseUnmatched && unmapped.length) {
		failColumns(
			`the input ${unmapped.length === 1 ? 'field' : 'fields'} ${unmapped.map((f) => `"${f}"`).join(', ')} ${unmapped.length === 1 ? 'matches' : 'match'} no attribute of the account`,
			'Add them to Mapping Options → Fields to Ignore, or set Input Fields Without Attribute to Ignore.',
		);
	}
	// A column whose cell sends nothing in this row loses nothing: it is not "not written".
	const empty = (column: string) => column in json && isNoValue(json[column]);
	const byConvention: Array<[string, string]> = [];
	for (const v of found) for (const f of v.fields) byConvention.push([f, v.attribute.code]);
	for (const [language, values] of read.otherLanguages)
		for (const v of values)
			for (const f of v.fields) byConvention.push([f, `${v.attribute.code} (${language})`]);
	return withFields(writeValues([...direct, ...found]), {
		unmapped: [
			...unmapped.map(
				(column): NotWritten => ({
					column,
					kind: 'noAttribute',
					reason: 'no attribute of the account has this code or title',
				}),
			),
			...notHere,
			...(options.fromFile
				? own
						.filter((f) => !options.readByParameters.has(fold(f)) && !unreadByForm?.has(fold(f)))
						.map(ownField)
				: []),
			...[...(unreadByForm ?? [])].flatMap(([key, reason]): NotWritten[] => {
				const column = Object.keys(json).find((f) => fold(f) === key);
				return column === undefined ? [] : [{ column, kind: 'formField', reason }];
			}),
		].filter((u) => !empty(u.column)),
		byConvention,
		images: read.images,
		warnings: read.warnings,
		// Other languages are written in the order of their codes, whatever the columns' order.
		languages: [...read.otherLanguages]
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([language, values]) => ({ language, values: writeValues(values) })),
	});
}

/**
 * The input item's fields that name one attribute (`direct`), and those that name none
 * (`unmatched`). The product's own fields (sku, family_code, ...) have their own parameters and
 * record fields are no values: both are left out, as are Fields to Ignore. A field that names
 * several attributes is an error.
 */
function namedValues(json: IDataObject, catalog: AttributeCatalog, options: MappingOptions) {
	const direct: ColumnValue[] = [];
	const unmatched: string[] = [];
	const own: string[] = [];
	for (const field of Object.keys(json)) {
		const value = json[field];
		const { key, matches, source, fields } = fieldMatch(field, catalog);
		if (options.ignore.has(key)) continue;
		if (RESERVED.has(key) || RECORD_FIELDS.has(field)) {
			own.push(field);
			continue;
		}
		if (matches.length === 0) {
			unmatched.push(field);
			continue;
		}
		if (matches.length > 1) {
			failColumns(
				`the input field "${field}" matches ${matches.length} attributes: ${matches.map(attributeLabel).join(' and ')}`,
				'Rename the field to the code of the attribute it holds, or use Map Each Column Manually.',
			);
		}
		direct.push({ attribute: matches[0], value, source, fields });
	}
	return { direct, unmatched, own };
}

/**
 * A field that names the attribute as it is keeps it: the conventions' values (`read`) of other
 * attributes are `found`; the fields of one a field gives go nowhere, and are reported.
 */
function keptAsGiven(direct: ColumnValue[], read: ColumnValue[]) {
	if (!read.length) return { found: read, notHere: [] as NotWritten[] };
	const given = new Map(direct.map((d) => [d.attribute.code, d.fields[0]]));
	const found = read.filter((v) => !given.has(v.attribute.code));
	const notHere: NotWritten[] = [];
	for (const v of read) {
		const other = given.get(v.attribute.code);
		if (other !== undefined)
			for (const column of v.fields)
				notHere.push({
					column,
					kind: 'givenElsewhere',
					reason: `the column "${other}" gives the attribute "${v.attribute.code}"`,
				});
	}
	return { found, notHere };
}

/** What Map Automatically gives one write. */
export interface MappedValues extends AttributeValues {
	/** The input fields written nowhere, each with its reason. */
	unmapped: NotWritten[];
	/** The fields a convention sent to an attribute, and its code (another language's: `code (de_DE)`). */
	byConvention: Array<[string, string]>;
	/** Import Options → All Languages: each other locale's values, for a write of its own. */
	languages: Array<{ language: string; values: AttributeValues }>;
	/** Images a column gives the product before its Images (Shopify's Variant Image). */
	images: string[];
	/** Values sent with a doubt (an amount with no unit or currency), each of its kind. */
	warnings: RowWarning[];
}

/** The values of one write, each attribute given once. */
function writeValues(given: ColumnValue[]): AttributeValues {
	const out: AttributeValues = { attributes: [], multiSelectAttributes: [] };
	const sourceOf = new Map<string, string>();
	for (const { attribute, value, source } of given) {
		const earlier = sourceOf.get(attribute.code);
		if (earlier !== undefined) {
			failColumns(
				`${earlier} and ${source} both give the attribute ${attributeLabel(attribute)}`,
				isPrice(attribute)
					? 'A price in several currencies: set Import Options → Currency to the one to write (the others are reported as unmapped), or add the others to Mapping Options → Fields to Ignore.'
					: 'Remove or rename one of them, or add one to Mapping Options → Fields to Ignore.',
			);
		}
		sourceOf.set(attribute.code, source);
		addValue(out, attribute.code, attribute.kind, value, source);
	}
	return out;
}

/** What the mapper gives one item, read from it before anything is awaited. */
export type ColumnsInput =
	| { mode: 'autoMapInputData'; row: IDataObject; options: MappingOptions }
	/** Define Below: the values given, by attribute code (expressions evaluated by n8n). */
	| { mode: 'defineBelow'; values: IDataObject };

/** The attribute values of a version-2 write, typed by the account's attributes. */
export function mappedValues(
	input: ColumnsInput,
	catalog: AttributeCatalog | undefined,
	scope: ConventionScope,
): MappedValues {
	if (input.mode === 'autoMapInputData')
		return autoMappedValues(input.row, catalog!, input.options, scope);
	// Define Below: the listed attributes, typed by the account (an unknown code is sent as text).
	// A price's or a metric attribute's bare amount: the rule of every column (completeAmounts).
	const given: IDataObject = { ...input.values };
	const amounts: ColumnValue[] = [];
	for (const [code, value] of Object.entries(given)) {
		const attribute = catalog?.byCode.get(code);
		if (attribute) amounts.push({ attribute, value, source: `attribute "${code}"`, fields: [] });
	}
	const warnings = completeAmounts(amounts, scope.currency);
	for (const { attribute, value } of amounts) given[attribute.code] = value as IDataObject[string];
	const out: AttributeValues = { attributes: [], multiSelectAttributes: [] };
	for (const [code, raw] of Object.entries(given))
		addValue(out, code, catalog?.byCode.get(code)?.kind ?? 'text', raw, `attribute "${code}"`);
	return withFields(out, { unmapped: [], byConvention: [], languages: [], images: [], warnings });
}
