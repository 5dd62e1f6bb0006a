/**
 * Internal records of one account. Fields in snake_case are served on the wire as they are; camelCase
 * fields are internal (see wire.ts for the one place that turns records into response JSON).
 */

export type AttributeKind =
	| 'text'
	| 'textarea'
	| 'richtext'
	| 'select'
	| 'multiselect'
	| 'price'
	| 'metric'
	| 'date'
	| 'file'
	| 'number'
	| 'boolean';

/** Wire label of each attribute kind (the `type` field of an attribute). */
export const ATTRIBUTE_TYPE_LABELS: Record<AttributeKind, string> = {
	text: 'Text Field',
	textarea: 'Text Area',
	richtext: 'Text Area (Rich Text)',
	select: 'Single Select',
	multiselect: 'Multi Select',
	price: 'Price',
	metric: 'Metric',
	date: 'Date',
	file: 'File',
	number: 'Number',
	boolean: 'Boolean',
};

export interface FamilyRecord {
	id: number;
	code: string;
	status: number;
	created_by: string;
	created_at: string;
	updated_at: string;
	title: string;
	/** Internal: attribute codes of the family (attribute set). */
	attributeCodes: string[];
}

export interface ChannelRecord {
	id: number;
	code: string;
	status: number;
	sort_order: number;
	created_at: string;
	updated_at: string;
	created_by_user: string;
	name: string;
	/** Internal: codes of the attributes accessible to the channel, or 'all'. */
	attributeCodes: string[] | 'all';
}

export interface AttributeRecord {
	id: number;
	code: string;
	built_in: number;
	created_by: string;
	title: string;
	type: string;
	group_name: string;
	group_id: number;
	/** Internal: kind behind the `type` label. */
	kind: AttributeKind;
	/** Internal: options of select / multi-select attributes. */
	options?: string[];
}

export interface LocaleRecord {
	id: number;
	code: string;
	name: string;
	flag: string;
	status: number;
	created_at: string;
	updated_at: string;
}

export interface CurrencyRecord {
	id: number;
	code: string;
	status: number;
	created_at: string;
	updated_at: string;
}

export interface CategoryRecord {
	id: number;
	code: string;
	parent_id: number | null;
	status: number;
	sort_order: number | null;
	created_by: number;
	updated_by: number;
	created_at: string;
	updated_at: string;
	title: string;
	description: string | null;
	channel_id: number;
	category_status: number;
	/** Internal: code of the channel the category belongs to. */
	channelCode: string;
	/** Internal: titles from the root to this category joined with `/` (as shown in a product's `category`). */
	path: string;
}

export interface RelationRecord {
	id: number;
	code: string;
	title: string;
	type: string;
	status: number;
	created_at: string;
	updated_at: string;
}

export interface ProductChannel {
	code: string;
	/** 1 active, 0 inactive. */
	status: number;
	completeness_status: string | null;
}

export interface ProductCategory {
	/** Category code (unique within its channel). */
	code: string;
	/** Channel code of the category. */
	channel: string;
	sort_order: number | null;
}

export interface ProductRecord {
	id: number;
	sku: string;
	slug: string;
	status: number;
	product_type_id: number;
	language_id: number;
	/** Code of the product's family (the wire field `family` is the family title). */
	familyCode: string;
	/**
	 * Plain (non-multi-select) attribute values keyed by attribute code, e.g. name, upc, price, weight, manu_date:
	 * those of the product's own language (`language_id`, the language it was created in).
	 */
	values: Record<string, string>;
	/**
	 * The plain values of the product's other languages, by locale code (as the account spells it); a read in
	 * such a language shows them over `values`.
	 */
	localized?: Record<string, Record<string, string>>;
	/** Multi-select attribute values keyed by attribute code, e.g. color. */
	multiSelect: Record<string, string[]>;
	channels: ProductChannel[];
	categories: ProductCategory[];
	/** Image URLs; the wire field `image` is the first one (or null). */
	images: string[];
	url: string | null;
	created_at: string;
	updated_at: string;
}

export interface AccountData {
	families: FamilyRecord[];
	channels: ChannelRecord[];
	attributes: AttributeRecord[];
	locales: LocaleRecord[];
	currencies: CurrencyRecord[];
	categories: CategoryRecord[];
	relations: RelationRecord[];
	products: ProductRecord[];
}
