/* eslint-disable @n8n/community-nodes/require-node-api-error -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Read-only endpoints of the catalogue resources: categories, families, channels, channel attributes,
 * attributes, locales, currencies and relations (incl. product relations).
 */
import { asString } from '../forms';
import {
	ApiError,
	jsonArray,
	notFound,
	paginate,
	requireId,
	validationError,
	type ApiResult,
	type Ctx,
} from '../http';
import type { LocaleRecord } from '../records';

// ---------------------------------------------------------------- categories

export function listCategories(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Category List',
		dataJson: paginate(ctx, store.inListOrder(store.categories), (c) =>
			store.recordJson(c, 'category'),
		),
	};
}

export function showCategory(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const c = ctx.store.byId(ctx.store.categories, id);
	if (!c) throw notFound('Category', 'id', id);
	return { message: 'Category Detail', dataJson: ctx.store.recordJson(c, 'category') };
}

// ---------------------------------------------------------------- families

export function listFamilies(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Family List',
		dataJson: paginate(ctx, store.inListOrder(store.families), (f) =>
			store.recordJson(f, 'family'),
		),
	};
}

export function showFamily(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const f = ctx.store.byId(ctx.store.families, id);
	if (!f) throw notFound('Family', 'id', id);
	return { message: 'Family Detail', dataJson: ctx.store.recordJson(f, 'family') };
}

// ---------------------------------------------------------------- channels

export function listChannels(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Channel List',
		dataJson: jsonArray(store.channels, (c) => store.recordJson(c, 'channel')),
	};
}

/** Optional `locale` parameter: when given it must be a known locale code of the account. */
function optionalLocale(ctx: Ctx, value: unknown): LocaleRecord | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const code = asString(value);
	if (code === undefined) throw validationError({ locale: ['The locale must be a string.'] });
	const locale = ctx.store.localeByCode(code);
	if (!locale) throw validationError({ locale: [`The selected locale '${code}' is invalid.`] });
	return locale;
}

/** POST channel/show: `id` and `locale` from the body, or from the query when not in the body. */
export function showChannel(ctx: Ctx): ApiResult {
	const id = requireId(ctx.body.id ?? ctx.query.id);
	optionalLocale(ctx, ctx.body.locale ?? ctx.query.locale);
	const c = ctx.store.byId(ctx.store.channels, id);
	if (!c) throw notFound('Channel', 'id', id);
	return { message: 'Channel Detail', dataJson: ctx.store.recordJson(c, 'channel') };
}

export function channelAttributes(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	optionalLocale(ctx, ctx.query.locale);
	const c = ctx.store.byId(ctx.store.channels, id);
	if (!c) throw notFound('Channel', 'id', id);
	const { store } = ctx;
	return {
		message: 'Channel Attributes',
		dataJson: jsonArray(store.channelAttributes(c), (a) => store.recordJson(a, 'attribute')),
	};
}

// ---------------------------------------------------------------- attributes

export function listAttributes(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Attribute List',
		dataJson: paginate(ctx, store.attributes, (a) => store.recordJson(a, 'attribute')),
	};
}

export function showAttribute(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const a = ctx.store.byId(ctx.store.attributes, id);
	if (!a) throw notFound('Attribute', 'id', id);
	return { message: 'Attribute Detail', dataJson: ctx.store.recordJson(a, 'attribute') };
}

// ---------------------------------------------------------------- locales

export function listLocales(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Locale List',
		dataJson: jsonArray(store.locales, (l) => store.recordJson(l, 'locale')),
	};
}

export function showLocale(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const l = ctx.store.byId(ctx.store.locales, id);
	if (!l) throw notFound('Locale', 'id', id);
	return { message: 'Locale Detail', dataJson: ctx.store.recordJson(l, 'locale') };
}

// ---------------------------------------------------------------- currencies

export function listCurrencies(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Currency List',
		dataJson: jsonArray(store.currencies, (c) => store.recordJson(c, 'currency')),
	};
}

/** GET currencies/show: by `id`, or by `code` (e.g. `USD`) when no id is given. */
export function showCurrency(ctx: Ctx): ApiResult {
	const code = asString(ctx.query.code);
	if ((ctx.query.id === undefined || ctx.query.id === '') && code !== undefined && code !== '') {
		const c = ctx.store.currencyByCode(code);
		if (!c) throw notFound('Currency', 'code', code);
		return { message: 'Currency Detail', dataJson: ctx.store.recordJson(c, 'currency') };
	}
	const id = requireId(ctx.query.id);
	const c = ctx.store.byId(ctx.store.currencies, id);
	if (!c) throw notFound('Currency', 'id', id);
	return { message: 'Currency Detail', dataJson: ctx.store.recordJson(c, 'currency') };
}

// ---------------------------------------------------------------- relations

export function listRelations(ctx: Ctx): ApiResult {
	const { store } = ctx;
	return {
		message: 'Relation List',
		dataJson: paginate(ctx, store.relations, (r) => store.recordJson(r, 'relation')),
	};
}

export function showRelation(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const r = ctx.store.byId(ctx.store.relations, id);
	if (!r) throw notFound('Relation', 'id', id);
	return { message: 'Relation Detail', dataJson: ctx.store.recordJson(r, 'relation') };
}

export function productRelation(ctx: Ctx): ApiResult {
	const sku = asString(ctx.query.sku);
	const errors: Record<string, string[]> = {};
	if (sku === undefined || sku.trim() === '') errors.sku = ['The sku field is required.'];
	let relationId: number | undefined;
	try {
		relationId = requireId(ctx.query.relation_id, 'relation_id');
	} catch (e) {
		if (!(e instanceof ApiError)) throw e;
		Object.assign(errors, (e.data as { errors: Record<string, string[]> }).errors);
	}
	if (Object.keys(errors).length > 0) throw validationError(errors);
	const p = ctx.store.productBySku(sku as string);
	if (!p) throw notFound('Product', 'sku', sku as string);
	const relation = ctx.store.byId(ctx.store.relations, relationId as number);
	if (!relation) throw notFound('Relation', 'id', relationId as number);
	return {
		message: 'Product Relation',
		data: {
			sku: p.sku,
			relation_id: relation.id,
			relation: relation.code,
			products: ctx.store.relatedProducts(p, relation),
		},
	};
}
