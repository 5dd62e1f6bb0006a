import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeParameters,
	INodePropertyOptions,
	ResourceMapperField,
	FieldType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readAll, SOURCES, text } from '../../shared/reading';
import { listOf } from '../../shared/params';
import { oncePerRun } from '../../shared/perRun';
import type { FormValue } from '../../shared/serializer';
import { attributeCodeProblem, RESERVED, type AttributeValues } from './body';
import type { PimClient } from '../../shared/transport';

/**
 * Version 2's attribute values: the `columns` resource mapper. The editor lists the account's
 * attributes as fields (`attributeFields`); at run time the values of Define Below, or the input
 * item's own fields with Map Automatically, become attribute values typed by the account's
 * attribute list read at run time (once per node execution), never by the schema saved with
 * the workflow.
 */

export const COLUMNS_LABEL = 'Attributes';

/** What a value must look like on the wire, from the attribute's type label. */
export type AttributeKind = 'text' | 'number' | 'boolean' | 'date' | 'select' | 'multiSelect';

export interface AccountAttribute {
	code: string;
	title: string;
	typeLabel: string;
	kind: AttributeKind;
	/** Choices, when the PIM lists them on the attribute record (the interface does not). */
	options?: string[];
}

/**
 * The kind behind a type label, tolerant of how a PIM spells it: `Multi Select`, `multi-select`,
 * `multiselect`, `Multiple Select`, `Multi-Select (Dropdown)`, ... are all multi-selects. Price
 * and metric attributes ("19.99 USD", "1.5 kg") keep their unit, so they are text.
 */
export function attributeKind(typeLabel: unknown): AttributeKind {
	const t = text(typeLabel)
		.toLowerCase()
		.replace(/[^a-z]/g, '');
	if (
		/^multi(ple)?(select|selection|choice|option|value|dropdown|list|checkbox)/.test(t) ||
		t.includes('multiselect')
	) {
		return 'multiSelect';
	}
	if (/^(checkboxes|tags)$/.test(t)) return 'multiSelect';
	if (/^(bool|boolean|yesno|toggle|switch|checkbox)$/.test(t)) return 'boolean';
	if (/^date(picker|field)?$/.test(t)) return 'date';
	if (/^(number|numeric|integer|int|decimal|float)(field)?$/.test(t)) return 'number';
	if (/^(single)?(select|dropdown|radio|radiobutton|option|options|choice)/.test(t))
		return 'select';
	return 'text';
}

function optionList(raw: unknown): string[] | undefined {
	if (!Array.isArray(raw)) return undefined;
	const values = raw
		.map((o) =>
			o && typeof o === 'object'
				? text((o as IDataObject).value ?? (o as IDataObject).label ?? (o as IDataObject).code)
				: text(o),
		)
		.filter((v) => v !== '');
	return values.length ? values : undefined;
}

/** An attribute record of the account as the mapping uses it; records without a code are skipped. */
export function accountAttribute(record: IDataObject): AccountAttribute | undefined {
	const code = text(record.code).trim();
	if (!code) return undefined;
	const typeLabel = text(record.type);
	const kind = attributeKind(typeLabel);
	const options =
		kind === 'select' || kind === 'multiSelect' ? optionList(record.options) : undefined;
	return {
		code,
		title: text(record.title).trim(),
		typeLabel,
		kind,
		...(options ? { options } : {}),
	};
}

// ---- the editor's fields ----

/** Above this many attributes the mapper starts empty: each field is added from its list. */
export const ALL_FIELDS_UP_TO = 100;
/**
 * Above this many the editor gets no field list at all: n8n's mapper keeps, compares and saves
 * the whole list, and took 75 s to open with 10 016 fields (4 s with 1 000; bench/RESULTS.md).
 * Map Automatically still maps every attribute (it reads the account at run time).
 */
export const MAX_FIELDS = 1000;

const FIELD_TYPES: Record<AttributeKind, FieldType> = {
	text: 'string',
	number: 'number',
	boolean: 'boolean',
	date: 'dateTime',
	select: 'string',
	multiSelect: 'array',
};

/** "Price (price) · Price": the title users know, the code the PIM uses, the type. */
export function fieldLabel(attribute: AccountAttribute): string {
	const { code, title, typeLabel } = attribute;
	const name = !title
		? code
		: title.toLowerCase() === code.toLowerCase()
			? title
			: `${title} (${code})`;
	return typeLabel ? `${name} · ${typeLabel}` : name;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The resource mapper's fields, sorted by label; a select with known choices is a dropdown. */
export function attributeFields(attributes: AccountAttribute[]): ResourceMapperField[] {
	const many = attributes.length > ALL_FIELDS_UP_TO;
	return attributes
		.map((attribute) => {
			const options: INodePropertyOptions[] | undefined =
				attribute.kind === 'select' && attribute.options
					? attribute.options.map((o) => ({ name: o, value: o }))
					: undefined;
			const field: ResourceMapperField = {
				id: attribute.code,
				displayName: fieldLabel(attribute),
				required: false,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: options ? 'options' : FIELD_TYPES[attribute.kind],
				...(options ? { options } : {}),
				// n8n presets a shown boolean field to false, which would send 0 for every yes/no
				// attribute the user never touched; unset, nothing is sent.
				...(attribute.kind === 'boolean' ? { defaultValue: null } : {}),
				// An empty JSON editor shows a syntax error; an empty list sends nothing.
				...(attribute.kind === 'multiSelect' ? { defaultValue: '[]' } : {}),
				// A big account's fields start out of the form (n8n renders every field shown); each
				// is added from the mapper's "Add attribute" list.
				...(many ? { removed: true } : {}),
			};
			return field;
		})
		.sort((a, b) => collator.compare(a.displayName, b.displayName));
}

// ---- the account's attributes at run time ----

export interface AttributeCatalog {
	byCode: Map<string, AccountAttribute>;
	byLowerCode: Map<string, AccountAttribute[]>;
	byLowerTitle: Map<string, AccountAttribute[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}

export function catalogOf(records: IDataObject[]): AttributeCatalog {
	const catalog: AttributeCatalog = {
		byCode: new Map(),
		byLowerCode: new Map(),
		byLowerTitle: new Map(),
	};
	for (const record of records) {
		const attribute = accountAttribute(record);
		if (!attribute || catalog.byCode.has(attribute.code)) continue;
		catalog.byCode.set(attribute.code, attribute);
		push(catalog.byLowerCode, attribute.code.toLowerCase(), attribute);
		if (attribute.title) push(catalog.byLowerTitle, attribute.title.toLowerCase(), attribute);
	}
	return catalog;
}

/** The account's attributes, read once per node execution and shared by its items. */
export async function attributeCatalog(
	ctx: IExecuteSingleFunctions,
	pim: PimClient,
): Promise<AttributeCatalog> {
	return await oncePerRun(
		ctx,
		'attributes',
		`the account's attributes for "${COLUMNS_LABEL}"`,
		async () => catalogOf(await readAll(pim, SOURCES.attribute)),
	);
}

// ---- the saved parameter ----

export type MappingMode = 'defineBelow' | 'autoMapInputData';

/** The mapping mode and the codes given, from the saved parameter itself (no expression evaluated). */
export function savedColumns(ctx: IExecuteSingleFunctions): { mode: MappingMode; codes: string[] } {
	const raw = (ctx.getNode().parameters.columns ?? {}) as INodeParameters;
	const mode: MappingMode =
		raw.mappingMode === 'autoMapInputData' ? 'autoMapInputData' : 'defineBelow';
	const value = raw.value && typeof raw.value === 'object' ? (raw.value as IDataObject) : {};
	return { mode, codes: Object.keys(value) };
}

// ---- values on the wire ----

function fail(ctx: IExecuteSingleFunctions, message: string, description?: string): never {
	throw new NodeOperationError(ctx.getNode(), `Parameter "${COLUMNS_LABEL}": ${message}`, {
		itemIndex: ctx.getItemIndex(),
		description,
	});
}

// '[]' is the editor's empty list field.
const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && (value.trim() === '' || value.trim() === '[]')) ||
	(Array.isArray(value) && value.length === 0);

const isDateTime = (value: unknown): value is { toISO: () => string } =>
	!!value &&
	typeof value === 'object' &&
	typeof (value as { toISO?: unknown }).toISO === 'function';

const pad = (n: number) => String(n).padStart(2, '0');

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', 'off']);

/** A date as the PIM writes it (YYYY/MM/DD), from an ISO string, a Date or n8n's DateTime; else as given. */
function dateValue(value: unknown): string {
	// A Date's own calendar day (toISOString would shift it to UTC).
	if (value instanceof Date)
		return `${value.getFullYear()}/${pad(value.getMonth() + 1)}/${pad(value.getDate())}`;
	const raw = isDateTime(value) ? String(value.toISO()) : text(value).trim();
	const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/.exec(raw);
	return m ? `${m[1]}/${m[2].padStart(2, '0')}/${m[3].padStart(2, '0')}` : raw;
}

/** A list typed into the editor's array field as JSON (`["Red", "Green"]`). */
function jsonArray(value: unknown): unknown[] | undefined {
	if (typeof value !== 'string' || !value.trim().startsWith('[')) return undefined;
	try {
		const parsed: unknown = JSON.parse(value);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/** One attribute's value as the form sends it; undefined for an empty value (nothing is sent). */
export function wireValue(
	ctx: IExecuteSingleFunctions,
	code: string,
	kind: AttributeKind,
	value: unknown,
	source: string,
): FormValue | string[] | undefined {
	if (isEmpty(value)) return undefined;
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		!(value instanceof Date) &&
		!isDateTime(value)
	) {
		fail(
			ctx,
			`${source} holds an object; the attribute "${code}" takes a text value`,
			'Map one of its fields instead, e.g. {{ $json.price.amount }}.',
		);
	}
	if (kind === 'multiSelect') {
		const list = jsonArray(value) ?? value;
		if (Array.isArray(list) && list.some((v) => v !== null && typeof v === 'object')) {
			fail(
				ctx,
				`${source} holds a list with objects; the attribute "${code}" takes a list of texts`,
			);
		}
		const values = listOf(
			Array.isArray(list) ? list.filter((v) => v !== null && v !== undefined) : list,
		);
		return values.length ? values : undefined;
	}
	if (kind === 'boolean') {
		if (typeof value === 'boolean') return value;
		const word = text(value).trim().toLowerCase();
		if (TRUE_WORDS.has(word)) return true;
		if (FALSE_WORDS.has(word)) return false;
		fail(
			ctx,
			`${source} holds "${text(value)}", which is not a yes/no value for the attribute "${code}"`,
			'Use true/false, yes/no or 1/0.',
		);
	}
	if (kind === 'date') return dateValue(value);
	if (Array.isArray(value)) return value.map(text).join(', ');
	if (value instanceof Date) return value.toISOString();
	if (isDateTime(value)) return String(value.toISO());
	return value as FormValue;
}

function addValue(
	ctx: IExecuteSingleFunctions,
	out: AttributeValues,
	code: string,
	kind: AttributeKind,
	value: unknown,
	source: string,
) {
	const problem = attributeCodeProblem(code);
	if (problem) fail(ctx, `${source}: ${problem}`);
	const wire = wireValue(ctx, code, kind, value, source);
	if (wire === undefined) return;
	if (Array.isArray(wire)) out.multiSelectAttributes.push({ code, values: wire });
	else out.attributes.push({ code, value: wire });
}

export interface MappingOptions {
	/** With Map Automatically: input fields that match no attribute are an error instead of being skipped. */
	refuseUnmatched: boolean;
	/** Input fields never mapped (e.g. the ones the Channels parameter reads), lower case. */
	ignore: Set<string>;
}

export function mappingOptions(ctx: IExecuteSingleFunctions): MappingOptions {
	const o = ctx.getNodeParameter('mappingOptions', {}) as IDataObject;
	return {
		refuseUnmatched: o.unmatchedFields === 'error',
		ignore: new Set(listOf(o.ignoreFields).map((f) => f.toLowerCase())),
	};
}

/** The one attribute an input field names: its code exactly; else its code or title ignoring case. */
export function matchField(field: string, catalog: AttributeCatalog): AccountAttribute[] {
	const exact = catalog.byCode.get(field);
	if (exact) return [exact];
	const key = field.trim().toLowerCase();
	const found = new Map<string, AccountAttribute>();
	for (const a of catalog.byLowerCode.get(key) ?? []) found.set(a.code, a);
	for (const a of catalog.byLowerTitle.get(key) ?? []) found.set(a.code, a);
	return [...found.values()];
}

const describe = (a: AccountAttribute) =>
	a.title && a.title !== a.code ? `"${a.code}" (${a.title})` : `"${a.code}"`;

/**
 * Fields of a product record that are no attribute values: a record read with Get Many and
 * written back (another account, a copy) never sends them as attributes. Family, categories and
 * image have their own parameters; the rest is the PIM's own bookkeeping.
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

/** Map Automatically: every field of the input item that names an attribute. */
export function autoMappedValues(
	ctx: IExecuteSingleFunctions,
	json: IDataObject,
	catalog: AttributeCatalog,
	options: MappingOptions,
): AttributeValues {
	const out: AttributeValues = { attributes: [], multiSelectAttributes: [] };
	const unmatched: string[] = [];
	const fieldOf = new Map<string, string>();
	for (const [field, value] of Object.entries(json)) {
		// The product's own fields (sku, family_code, ...) have their own parameters.
		const key = field.trim().toLowerCase();
		if (RESERVED.has(key) || RECORD_FIELDS.has(key) || options.ignore.has(key)) continue;
		const matches = matchField(field, catalog);
		if (matches.length === 0) {
			unmatched.push(field);
			continue;
		}
		if (matches.length > 1) {
			fail(
				ctx,
				`the input field "${field}" matches ${matches.length} attributes: ${matches.map(describe).join(' and ')}`,
				'Rename the field to the code of the attribute it holds, or use Map Each Column Manually.',
			);
		}
		const [attribute] = matches;
		const earlier = fieldOf.get(attribute.code);
		if (earlier !== undefined) {
			fail(
				ctx,
				`the input fields "${earlier}" and "${field}" both match the attribute ${describe(attribute)}`,
				'Remove or rename one of them.',
			);
		}
		fieldOf.set(attribute.code, field);
		addValue(ctx, out, attribute.code, attribute.kind, value, `the input field "${field}"`);
	}
	if (options.refuseUnmatched && unmatched.length) {
		fail(
			ctx,
			`the input ${unmatched.length === 1 ? 'field' : 'fields'} ${unmatched.map((f) => `"${f}"`).join(', ')} ${unmatched.length === 1 ? 'matches' : 'match'} no attribute of the account`,
			'Add them to Mapping Options → Fields to Ignore, or set Input Fields Without Attribute to Ignore.',
		);
	}
	return out;
}

/** Define Below: the listed attributes, typed by the account (an unknown code is sent as text). */
export function definedValues(
	ctx: IExecuteSingleFunctions,
	catalog: AttributeCatalog | undefined,
): AttributeValues {
	const columns = ctx.getNodeParameter('columns', {}) as IDataObject;
	const value =
		columns.value && typeof columns.value === 'object' ? (columns.value as IDataObject) : {};
	const out: AttributeValues = { attributes: [], multiSelectAttributes: [] };
	for (const [code, raw] of Object.entries(value)) {
		const kind = catalog?.byCode.get(code)?.kind ?? 'text';
		addValue(ctx, out, code, kind, raw, `attribute "${code}"`);
	}
	return out;
}

/**
 * The attribute values of a version-2 write, or a builder for them: the account's attributes are
 * read first (once per run) when there is anything to map.
 */
export async function columnsReader(
	ctx: IExecuteSingleFunctions,
	pim: PimClient,
): Promise<() => AttributeValues> {
	const { mode, codes } = savedColumns(ctx);
	if (mode === 'autoMapInputData') {
		const catalog = await attributeCatalog(ctx, pim);
		return () => autoMappedValues(ctx, ctx.getInputData().json, catalog, mappingOptions(ctx));
	}
	const catalog = codes.length ? await attributeCatalog(ctx, pim) : undefined;
	return () => definedValues(ctx, catalog);
}
