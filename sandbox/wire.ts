/**
 * The one place where internal records become response JSON (field names and order as on the wire).
 */
import type {
	AttributeRecord,
	CategoryRecord,
	ChannelRecord,
	CurrencyRecord,
	FamilyRecord,
	LocaleRecord,
	ProductRecord,
	RelationRecord,
} from './records';

export function familyWire(f: FamilyRecord): Record<string, unknown> {
	return {
		id: f.id,
		code: f.code,
		status: f.status,
		created_by: f.created_by,
		created_at: f.created_at,
		updated_at: f.updated_at,
		title: f.title,
	};
}

export function channelWire(c: ChannelRecord): Record<string, unknown> {
	return {
		id: c.id,
		code: c.code,
		status: c.status,
		sort_order: c.sort_order,
		created_at: c.created_at,
		updated_at: c.updated_at,
		created_by_user: c.created_by_user,
		name: c.name,
	};
}

export function attributeWire(a: AttributeRecord): Record<string, unknown> {
	return {
		id: a.id,
		code: a.code,
		built_in: a.built_in,
		created_by: a.created_by,
		title: a.title,
		type: a.type,
		group_name: a.group_name,
		group_id: a.group_id,
	};
}

export function localeWire(l: LocaleRecord): Record<string, unknown> {
	return {
		id: l.id,
		code: l.code,
		name: l.name,
		flag: l.flag,
		status: l.status,
		created_at: l.created_at,
		updated_at: l.updated_at,
	};
}

export function currencyWire(c: CurrencyRecord): Record<string, unknown> {
	return {
		id: c.id,
		code: c.code,
		status: c.status,
		created_at: c.created_at,
		updated_at: c.updated_at,
	};
}

export function categoryWire(c: CategoryRecord): Record<string, unknown> {
	return {
		id: c.id,
		code: c.code,
		parent_id: c.parent_id,
		status: c.status,
		sort_order: c.sort_order,
		created_by: c.created_by,
		updated_by: c.updated_by,
		created_at: c.created_at,
		updated_at: c.updated_at,
		title: c.title,
		description: c.description,
		channel_id: c.channel_id,
		category_status: c.category_status,
	};
}

export function relationWire(r: RelationRecord): Record<string, unknown> {
	return {
		id: r.id,
		code: r.code,
		title: r.title,
		type: r.type,
		status: r.status,
		created_at: r.created_at,
		updated_at: r.updated_at,
	};
}

/** What productWire needs to know about the account. */
export interface ProductWireContext {
	familyTitle(code: string): string;
	/** Title path of a category (`Clothing/Shirts`), undefined if the category does not exist. */
	categoryPath(channelCode: string, code: string): string | undefined;
}

/**
 * Product fields in interface order. Core fields are always present; attribute fields (everything else) only
 * when they have a value. Attribute values of other codes follow in insertion order.
 */
const PRODUCT_FIELD_ORDER = [
	'id',
	'sku',
	'slug',
	'status',
	'updated_at',
	'product_type_id',
	'upc',
	'name',
	'size',
	'color',
	'price',
	'banner',
	'family',
	'weight',
	'catalog',
	'inStock',
	'warranty',
	'manu_date',
	'language_id',
	'meta_keyword',
	'web_description',
	'meta_description',
	'short_description',
	'image',
	'url',
	'category',
] as const;
const ORDERED = new Set<string>(PRODUCT_FIELD_ORDER);
const q = JSON.stringify;

/** The wire JSON of a product, built directly as a string (this is the hot path of product lists). */
export function productWireJson(p: ProductRecord, ctx: ProductWireContext): string {
	let out = '{';
	const attribute = (code: string): void => {
		const multi = p.multiSelect[code];
		if (multi !== undefined) {
			if (multi.length > 0) out += ',' + q(code) + ':' + q(multi);
			return;
		}
		const v = p.values[code];
		if (v !== undefined && v !== '') out += ',' + q(code) + ':' + q(v);
	};
	for (const key of PRODUCT_FIELD_ORDER) {
		switch (key) {
			case 'id':
				out += '"id":' + p.id;
				break;
			case 'sku':
			case 'slug':
			case 'updated_at':
				out += ',"' + key + '":' + q(p[key]);
				break;
			case 'status':
			case 'product_type_id':
			case 'language_id':
				out += ',"' + key + '":' + q(p[key]);
				break;
			case 'url':
				out += ',"url":' + (p.url === null ? 'null' : q(p.url));
				break;
			case 'family':
				out += ',"family":' + q(ctx.familyTitle(p.familyCode));
				break;
			case 'image':
				out += ',"image":' + (p.images.length > 0 ? q(p.images[0]) : 'null');
				break;
			case 'category': {
				const paths: string[] = [];
				for (const c of p.categories) {
					const path = ctx.categoryPath(c.channel, c.code);
					if (path !== undefined) paths.push(path);
				}
				out += ',"category":' + q(paths);
				break;
			}
			default:
				attribute(key);
		}
	}
	for (const code in p.values) if (!ORDERED.has(code)) attribute(code);
	for (const code in p.multiSelect) if (!ORDERED.has(code)) attribute(code);
	return out + '}';
}

/** The wire record of a product as an object. */
export function productWire(p: ProductRecord, ctx: ProductWireContext): Record<string, unknown> {
	return JSON.parse(productWireJson(p, ctx)) as Record<string, unknown>;
}

/** Internal view of a product for the admin endpoint. */
export function productInternal(p: ProductRecord): Record<string, unknown> {
	return {
		id: p.id,
		sku: p.sku,
		slug: p.slug,
		status: p.status,
		product_type_id: p.product_type_id,
		language_id: p.language_id,
		familyCode: p.familyCode,
		values: { ...p.values },
		localized: Object.fromEntries(
			Object.entries(p.localized ?? {}).map(([code, values]) => [code, { ...values }]),
		),
		multiSelect: Object.fromEntries(Object.entries(p.multiSelect).map(([k, v]) => [k, v.slice()])),
		channels: p.channels.map((c) => ({ ...c })),
		categories: p.categories.map((c) => ({ ...c })),
		images: p.images.slice(),
		url: p.url,
		created_at: p.created_at,
		updated_at: p.updated_at,
	};
}
