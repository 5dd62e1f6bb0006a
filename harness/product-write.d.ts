/** The types of product-write.js (plain CommonJS, shared with the e2e scripts). */
import type {
	IDataObject,
	INodeParameters,
	NodeParameterValue,
	NodeParameterValueType,
} from 'n8n-workflow';

export type ProductWriteOperation = 'create' | 'update' | 'upsert' | 'importFile';

/** Parameters to set (a test's options often come as IDataObject); `undefined` leaves one out. */
export type ProductWriteOverrides = { [name: string]: NodeParameterValueType | IDataObject };

/**
 * The parameters of a product write: `{ resource: 'product', operation, ...defaults,
 * ...overrides }`, where an override of `undefined` leaves that parameter out. Defaults: SKU
 * `{{ $json.sku }}` and Language en_US; for create and upsert also Family `{{ $json.family }}`
 * and Channels web. Import File: the binary field `data`, SKU Column `SKU`, Family Clothing,
 * Language en_US and Channels web.
 */
export function productWrite(
	operation: ProductWriteOperation,
	overrides?: ProductWriteOverrides,
): INodeParameters;

// Type aliases, not interfaces: they fit n8n's INodeParameters (an index signature).
export type ChannelEntry = { code: string; status?: boolean | string; completenessStatus?: string };
export type CategoryEntry = { code: string; channel?: string };
export type AttributeEntry = { code: string; value: NodeParameterValue };
export type MapperValue = {
	mappingMode: 'autoMapInputData' | 'defineBelow';
	value: INodeParameters | null;
	matchingColumns: string[];
	schema: INodeParameters[];
};

/** Channels: each a code, or a `{ code, status, completenessStatus }` entry. */
export function channels(...list: Array<string | ChannelEntry>): { channel: ChannelEntry[] };

/** Categories: each a code, or a `{ code, channel }` entry. */
export function categories(...list: Array<string | CategoryEntry>): { category: CategoryEntry[] };

/** Attributes (version 1): `{ name: 'Tee' }` → `{ attribute: [{ code: 'name', value: 'Tee' }] }`. */
export function attributes(values: Record<string, NodeParameterValue>): {
	attribute: AttributeEntry[];
};

/** Version 2's attribute mapper on Map Automatically. */
export function autoMap(): MapperValue;

/** Version 2's attribute mapper on Map Each Column Below, with these values (and saved fields). */
export function defineBelow(value: INodeParameters, schema?: INodeParameters[]): MapperValue;

/** An input item holding a file (binary field `data`, a CSV by default) as n8n keeps it in memory. */
export function fileItem(
	content: Buffer | string,
	fileName?: string,
	mimeType?: string,
): IDataObject;
