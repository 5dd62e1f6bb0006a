/**
 * Form bodies in the PHP bracket notation the interface documents (`channel[0][code]`,
 * `color-multi-select[]`, `image[]`). Keys keep their brackets literally, as the interface
 * writes them; everything else is percent-encoded. Booleans go over the wire as `1` / `0`.
 */

export type FormValue = string | number | boolean;
export type FormField = [key: string, value: FormValue];

export function formValue(value: FormValue): string {
	if (typeof value === 'boolean') return value ? '1' : '0';
	return String(value);
}

function encodeKey(key: string): string {
	return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** Serialises fields in order; repeated keys (`image[]`) stay repeated. */
export function serializeForm(fields: FormField[]): string {
	return fields
		.map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(formValue(value))}`)
		.join('&');
}

export interface ChannelEntry {
	code: string;
	status?: boolean;
	completenessStatus?: string;
}

export interface CategoryEntry {
	code: string;
	channel?: string;
}

/**
 * How a write names the values of a multi-select attribute. The interface document writes
 * `<code>-multi-select[]`; the real service's documentation can also be read as `<code>[]`,
 * so the credential chooses (field "Multi-Select Field Names").
 */
export type MultiSelectForm = 'suffix' | 'plain';

export function multiSelectKey(code: string, form: MultiSelectForm): string {
	return form === 'plain' ? `${code}[]` : `${code}-multi-select[]`;
}

/** Attribute values of a product write: plain ones, and multi-select ones (lists, see MultiSelectForm). */
export interface AttributeValues {
	attributes: Array<{ code: string; value: FormValue }>;
	multiSelectAttributes: Array<{ code: string; values: string[] }>;
}

export interface ProductBody extends Partial<AttributeValues> {
	sku: string;
	familyCode?: string;
	languageCode: string;
	isDataOverwrite?: boolean;
	channels?: ChannelEntry[];
	categories?: CategoryEntry[];
	images?: string[];
}

/** The fields of a product create/update body, in the order the interface lists them. */
export function productFields(product: ProductBody, form: MultiSelectForm): FormField[] {
	const fields: FormField[] = [['sku', product.sku]];
	if (product.familyCode) fields.push(['family_code', product.familyCode]);
	fields.push(['language_code', product.languageCode]);
	if (product.isDataOverwrite !== undefined)
		fields.push(['is_data_overwrite', product.isDataOverwrite]);

	(product.channels ?? []).forEach((channel, i) => {
		fields.push([`channel[${i}][code]`, channel.code]);
		if (channel.status !== undefined) fields.push([`channel[${i}][status]`, channel.status]);
		if (channel.completenessStatus) {
			fields.push([`channel[${i}][completeness_status]`, channel.completenessStatus]);
		}
	});
	for (const attribute of product.attributes ?? []) fields.push([attribute.code, attribute.value]);
	for (const attribute of product.multiSelectAttributes ?? []) {
		const key = multiSelectKey(attribute.code, form);
		for (const value of attribute.values) fields.push([key, value]);
	}
	for (const image of product.images ?? []) fields.push(['image[]', image]);
	(product.categories ?? []).forEach((category, i) => {
		fields.push([`category[${i}][code]`, category.code]);
		if (category.channel) fields.push([`category[${i}][channel]`, category.channel]);
	});
	return fields;
}
