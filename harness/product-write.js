'use strict';
/**
 * The parameters of a product write (Create, Update, Create or Update of the PIM node), written
 * once for the jest tests (typed by product-write.d.ts) and the e2e scripts. A call names its
 * operation and only what differs from the defaults:
 *
 *   create, upsert  SKU `{{ $json.sku }}`, Family `{{ $json.family }}`, Language en_US, Channels web
 *   update          SKU `{{ $json.sku }}`, Language en_US (an update needs no family or channel)
 *   importFile      the input's binary field `data`, SKU Column `SKU`, Family Clothing, Language
 *                   en_US, Channels web
 *
 * An override of `undefined` leaves that parameter out, e.g. `{ familyCode: undefined }`.
 */

/** The defaults of each operation (a fresh object each call: a test may change what it gets). */
function defaults(operation) {
	if (operation === 'importFile')
		return {
			binaryPropertyName: 'data',
			skuColumn: 'SKU',
			familyCode: 'Clothing',
			languageCode: 'en_US',
			channels: channels('web'),
		};
	const shared = { sku: '={{ $json.sku }}', languageCode: 'en_US' };
	if (operation === 'update') return shared;
	return { ...shared, familyCode: '={{ $json.family }}', channels: channels('web') };
}

/** `{ resource: 'product', operation, ...defaults, ...overrides }`, without undefined values. */
function productWrite(operation, overrides = {}) {
	const parameters = { resource: 'product', operation, ...defaults(operation), ...overrides };
	for (const key of Object.keys(parameters))
		if (parameters[key] === undefined) delete parameters[key];
	return parameters;
}

const entries = (list) => list.map((e) => (typeof e === 'string' ? { code: e } : e));

/** Channels: each a code, or a `{ code, status, completenessStatus }` entry. */
function channels(...list) {
	return { channel: entries(list) };
}

/** Categories: each a code, or a `{ code, channel }` entry. */
function categories(...list) {
	return { category: entries(list) };
}

/** Attributes (version 1): `{ name: 'Tee' }` → `{ attribute: [{ code: 'name', value: 'Tee' }] }`. */
function attributes(values) {
	return { attribute: Object.entries(values).map(([code, value]) => ({ code, value })) };
}

/** Version 2's attribute mapper on Map Automatically. */
function autoMap() {
	return { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] };
}

/** Version 2's attribute mapper on Map Each Column Below, with these values (and saved fields). */
function defineBelow(value, schema = []) {
	return { mappingMode: 'defineBelow', value, matchingColumns: [], schema };
}

/**
 * An input item holding a file as n8n keeps binary data in memory (Import File's input): the
 * binary field `data`, a CSV unless `mimeType` says otherwise.
 */
function fileItem(content, fileName = 'catalogue.csv', mimeType = 'text/csv') {
	const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
	return { $binary: { data: { data: bytes.toString('base64'), mimeType, fileName } } };
}

module.exports = { productWrite, channels, categories, attributes, autoMap, defineBelow, fileItem };
