import type { IDataObject } from 'n8n-workflow';

import { text } from './records';

/**
 * The account's attributes as the editor (the mapper's fields) and the run (product writes) both
 * read them: their kinds, the catalogue by code and title, and the rule for a code the node sends.
 */

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
		t.includes('multiselect') ||
		/^(checkboxes|tags)$/.test(t)
	)
		return 'multiSelect';
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

// ---- the catalogue ----

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

// ---- attribute codes ----

/** Keys the interface uses itself (set through their own parameters), never attribute codes. */
export const RESERVED = new Set([
	'sku',
	'family_code',
	'language_code',
	'is_data_overwrite',
	'channel',
	'category',
	'image',
]);
const ATTRIBUTE_CODE = /^[^[\]=&\s]+$/;

/**
 * The one rule for an attribute code the node puts in a form field or a query key: no brackets
 * (they would nest the PHP-style field), no `=`, `&` or whitespace.
 */
export function isAttributeCode(code: string): boolean {
	return ATTRIBUTE_CODE.test(code);
}

/** Why a code cannot be sent as an attribute field, or undefined when it can. */
export function attributeCodeProblem(code: string): string | undefined {
	if (!isAttributeCode(code)) return `"${code}" is not a valid attribute code`;
	if (RESERVED.has(code)) return `"${code}" has its own field in this node; set it there`;
	return undefined;
}
