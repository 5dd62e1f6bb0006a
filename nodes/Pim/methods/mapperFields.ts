import type { FieldType, INodePropertyOptions, ResourceMapperField } from 'n8n-workflow';

import type { AccountAttribute, AttributeKind } from '../shared/attributes';

/**
 * Version 2's `columns` mapper in the editor: the account's attributes as fields (read by
 * resourceMapping.ts). At run time the values become attribute values in
 * resources/product/mapping.ts.
 */

/** Above this many attributes the mapper starts empty: each field is added from its list. */
export const ALL_FIELDS_UP_TO = 100;
/**
 * Above this many the editor gets no field list at all: n8n's mapper keeps, compares and saves
 * the whole list, which makes the node slow to open past it (bench/RESULTS.md, "Editor: the
 * attribute mapper"). Map Automatically still maps every attribute (it reads the account at run
 * time).
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
