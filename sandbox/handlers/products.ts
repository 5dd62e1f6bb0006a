/* eslint-disable @n8n/community-nodes/require-node-api-error -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Product endpoints: list, show, create, update, assign-channel, assign-category,
 * plus the category product list (GET category/get-products).
 */
import { asBool, asList, asString, isRecord } from '../forms';
import {
	ApiError,
	FieldErrors,
	notFound,
	paginate,
	requireId,
	validationError,
	type ApiResult,
	type Ctx,
} from '../http';
import type { LocaleRecord, ProductRecord } from '../records';
import { StoreError, type CategoryInput, type ChannelInput, type ProductPatch } from '../store';

/** Body keys of create/update that are not attribute codes. */
const RESERVED = new Set([
	'sku',
	'family_code',
	'language_code',
	'channel',
	'category',
	'image',
	'is_data_overwrite',
	'status',
]);
const MULTI_SUFFIX = '-multi-select';

function storeCall<T>(fn: () => T): T {
	try {
		return fn();
	} catch (e) {
		if (e instanceof StoreError) {
			if (e.status === 404) throw new ApiError(404, e.message);
			throw validationError({ [e.field ?? 'error']: [e.message] });
		}
		throw e;
	}
}

function productData(ctx: Ctx, p: ProductRecord): ApiResult['dataJson'] {
	return ctx.store.productJson(p);
}

/**
 * The language a product read asks for (`language_code`, as writes name it): its values are shown.
 * None (absent or empty): each product in its own language. An unknown code → 422.
 */
function readLanguage(ctx: Ctx): LocaleRecord | undefined {
	const raw = ctx.query.language_code;
	if (raw === undefined || raw === null || raw === '') return undefined;
	const code = asString(raw);
	const locale = code === undefined ? undefined : ctx.store.localeByCode(code);
	if (!locale)
		throw validationError({
			language_code: [`The selected language code '${String(code ?? '')}' is invalid.`],
		});
	return locale;
}

// ---------------------------------------------------------------- GET product

export function listProducts(ctx: Ctx): ApiResult {
	const filters: Array<[string, string]> = [];
	const raw = ctx.query.filter;
	if (isRecord(raw)) {
		for (const [field, value] of Object.entries(raw)) {
			const s = asString(value);
			if (s === undefined)
				throw validationError({ [`filter[${field}]`]: [`The filter[${field}] must be a string.`] });
			if (s !== '') filters.push([field, s]);
		}
	}
	const language = readLanguage(ctx);
	const list = ctx.store.inListOrder(storeCall(() => ctx.store.filterProducts(filters)));
	return {
		message: 'Product List',
		dataJson: paginate(ctx, list, (p) => ctx.store.productJson(p, language)),
	};
}

// ---------------------------------------------------------------- GET product/show

export function showProduct(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const language = readLanguage(ctx);
	const p = ctx.store.productById(id);
	if (!p) throw notFound('Product', 'id', id);
	return { message: 'Product Detail', dataJson: ctx.store.productJson(p, language) };
}

// ---------------------------------------------------------------- POST / PUT product

interface ParsedProductBody {
	sku?: string;
	familyCode?: string;
	languageCode?: string;
	status?: number;
	overwrite: boolean;
	values: Record<string, string | null>;
	multiSelect: Record<string, string[]>;
	channels?: ChannelInput[];
	categories?: Array<{
		input: Omit<CategoryInput, 'channel'> & { channel?: string };
		index: number;
	}>;
	images?: string[];
}

function requiredString(
	body: Record<string, unknown>,
	field: string,
	errors: FieldErrors,
	required: boolean,
): string | undefined {
	const v = body[field];
	if (v === undefined || v === null || v === '') {
		if (required) errors.add(field, `The ${field} field is required.`);
		return undefined;
	}
	const s = asString(v);
	if (s === undefined) {
		errors.add(field, `The ${field} must be a string.`);
		return undefined;
	}
	if (s.trim() === '') {
		if (required) errors.add(field, `The ${field} field is required.`);
		return undefined;
	}
	return s;
}

/** Reads and validates the body of create (mode 'create') or update (mode 'update'); throws 422 on errors. */
function parseProductBody(
	ctx: Ctx,
	mode: 'create' | 'update',
	existing?: ProductRecord,
): ParsedProductBody {
	const { body, store } = ctx;
	const errors = new FieldErrors();
	const out: ParsedProductBody = { overwrite: false, values: {}, multiSelect: {} };

	out.sku = requiredString(body, 'sku', errors, true);
	out.familyCode = requiredString(body, 'family_code', errors, mode === 'create');
	out.languageCode = requiredString(body, 'language_code', errors, true);
	if (mode === 'create' && out.sku !== undefined && store.productBySku(out.sku))
		errors.add('sku', 'The sku has already been taken.');
	if (out.familyCode !== undefined && !store.familyByCode(out.familyCode)) {
		errors.add('family_code', `The selected family code '${out.familyCode}' is invalid.`);
	}
	if (out.languageCode !== undefined && !store.localeByCode(out.languageCode)) {
		errors.add('language_code', `The selected language code '${out.languageCode}' is invalid.`);
	}

	const overwrite = asBool(body.is_data_overwrite);
	if (overwrite === null)
		errors.add('is_data_overwrite', 'The is_data_overwrite field must be true or false.');
	out.overwrite = overwrite === true;
	if (body.status !== undefined) {
		const status = asBool(body.status);
		if (status === null) errors.add('status', 'The status field must be true or false.');
		else if (status !== undefined) out.status = status ? 1 : 0;
	}

	// channels
	if (body.channel !== undefined && body.channel !== null) {
		out.channels = [];
		asList(body.channel).forEach((entry, i) => {
			const field = `channel[${i}]`;
			if (!isRecord(entry)) {
				errors.add(`${field}[code]`, `The ${field}[code] field is required.`);
				return;
			}
			const code = asString(entry.code);
			if (code === undefined || code.trim() === '') {
				errors.add(`${field}[code]`, `The ${field}[code] field is required.`);
				return;
			}
			const ch = store.channelByCode(code);
			if (!ch) {
				errors.add(`${field}[code]`, `The selected channel code '${code}' is invalid.`);
				return;
			}
			const input: ChannelInput = { code: ch.code };
			const status = asBool(entry.status);
			if (status === null)
				errors.add(`${field}[status]`, `The ${field}[status] field must be true or false.`);
			else if (status !== undefined) input.status = status ? 1 : 0;
			if (entry.completeness_status !== undefined && entry.completeness_status !== null) {
				const cs = asString(entry.completeness_status);
				if (cs === undefined)
					errors.add(
						`${field}[completeness_status]`,
						`The ${field}[completeness_status] must be a string.`,
					);
				else input.completeness_status = cs;
			}
			out.channels?.push(input);
		});
	}
	if (
		mode === 'create' &&
		(out.channels === undefined || out.channels.length === 0) &&
		!errors.has('channel')
	) {
		if (!Object.keys(errors.errors).some((k) => k.startsWith('channel[')))
			errors.add('channel', 'The channel field is required.');
	}

	// categories (resolved below, once the channels are known)
	if (body.category !== undefined && body.category !== null) {
		out.categories = [];
		asList(body.category).forEach((entry, index) => {
			const field = `category[${index}]`;
			const code = isRecord(entry) ? asString(entry.code) : undefined;
			if (!isRecord(entry) || code === undefined || code.trim() === '') {
				errors.add(`${field}[code]`, `The ${field}[code] field is required.`);
				return;
			}
			const channel =
				entry.channel === undefined || entry.channel === null ? undefined : asString(entry.channel);
			let sortOrder: number | null | undefined;
			const so = asString(entry.sort_order);
			if (so !== undefined && so !== '') {
				if (!/^-?\d+$/.test(so.trim()))
					errors.add(`${field}[sort_order]`, `The ${field}[sort_order] must be an integer.`);
				else sortOrder = Number(so.trim());
			}
			out.categories?.push({ input: { code, channel, sort_order: sortOrder }, index });
		});
	}

	// images
	if (body.image !== undefined && body.image !== null) {
		out.images = [];
		asList(body.image).forEach((entry, i) => {
			const url = asString(entry);
			if (url === undefined) errors.add(`image[${i}]`, `The image[${i}] must be a string.`);
			else if (url !== '') out.images?.push(url);
		});
	}

	// attribute values
	const plainForm = store.spec.multiSelectForm === 'plain';
	const formHint = (code: string) => (plainForm ? `${code}[]` : `${code}${MULTI_SUFFIX}[]`);
	for (const [key, value] of Object.entries(body)) {
		if (RESERVED.has(key) || value === undefined || value === null) continue;
		// The multi-select list under the account's form: `color-multi-select[]` or `color[]`.
		const suffixed = key.endsWith(MULTI_SUFFIX);
		const code = suffixed ? key.slice(0, -MULTI_SUFFIX.length) : key;
		const attr = store.attributeByCode(code);
		if (suffixed && attr?.kind === 'multiselect' && plainForm) continue; // the other form: not read
		if (!suffixed && attr?.kind === 'multiselect' && Array.isArray(value) && !plainForm) continue;
		if (suffixed || (plainForm && attr?.kind === 'multiselect' && Array.isArray(value))) {
			if (!attr) {
				errors.add(key, `Unknown attribute code '${code}'.`);
				continue;
			}
			if (attr.kind !== 'multiselect') {
				errors.add(key, `The ${code} attribute is not a multi-select attribute.`);
				continue;
			}
			const list: string[] = [];
			asList(value).forEach((v, i) => {
				const s = asString(v);
				if (s === undefined) errors.add(`${key}[${i}]`, `The ${key}[${i}] must be a string.`);
				else if (s !== '') list.push(s);
			});
			out.multiSelect[code] = list;
			continue;
		}
		if (!attr) {
			errors.add(key, `Unknown attribute code '${key}'.`);
			continue;
		}
		if (attr.kind === 'multiselect') {
			errors.add(key, `The ${key} attribute is a multi-select attribute; send ${formHint(key)}.`);
			continue;
		}
		const s = asString(value);
		if (s === undefined) {
			errors.add(key, `The ${key} must be a string.`);
			continue;
		}
		try {
			out.values[key] = store.normaliseValue(attr, s);
		} catch (e) {
			if (!(e instanceof StoreError)) throw e;
			errors.add(key, e.message);
		}
	}

	// resolve categories against the product's channels after this write
	if (out.categories && out.categories.length > 0) {
		const given = (out.channels ?? []).map((c) => c.code);
		const productChannels =
			existing && !(out.overwrite && out.channels !== undefined)
				? [...existing.channels.map((c) => c.code), ...given]
				: given;
		for (const item of out.categories) {
			try {
				const resolved = store.resolveCategory(
					item.input.code,
					item.input.channel,
					productChannels,
				);
				item.input.code = resolved.code;
				item.input.channel = resolved.channel;
			} catch (e) {
				if (!(e instanceof StoreError)) throw e;
				errors.add(
					`category[${item.index}][${e.field === 'code' ? 'code' : 'channel'}]`,
					e.message,
				);
			}
		}
	}

	errors.throwIfAny();
	return out;
}

function categoryInputs(parsed: ParsedProductBody): CategoryInput[] | undefined {
	return parsed.categories?.map((c) => ({
		code: c.input.code,
		channel: c.input.channel as string,
		sort_order: c.input.sort_order,
	}));
}

export function createProduct(ctx: Ctx): ApiResult {
	const parsed = parseProductBody(ctx, 'create');
	const values: Record<string, string> = {};
	for (const [k, v] of Object.entries(parsed.values)) if (v !== null && v !== '') values[k] = v;
	const p = storeCall(() =>
		ctx.store.createProduct({
			sku: parsed.sku as string,
			familyCode: parsed.familyCode as string,
			languageCode: parsed.languageCode,
			status: parsed.status,
			values,
			multiSelect: parsed.multiSelect,
			channels: parsed.channels,
			categories: categoryInputs(parsed),
			images: parsed.images,
		}),
	);
	return { message: 'Product created successfully.', dataJson: productData(ctx, p) };
}

export function updateProduct(ctx: Ctx): ApiResult {
	const errors = new FieldErrors();
	const sku = requiredString(ctx.body, 'sku', errors, true);
	requiredString(ctx.body, 'language_code', errors, true);
	errors.throwIfAny();
	const existing = ctx.store.productBySku(sku as string);
	if (!existing) throw notFound('Product', 'sku', sku as string);
	const parsed = parseProductBody(ctx, 'update', existing);
	const patch: ProductPatch = {
		familyCode: parsed.familyCode,
		languageCode: parsed.languageCode,
		status: parsed.status,
		values: parsed.values,
		multiSelect: parsed.multiSelect,
		channels: parsed.channels,
		categories: categoryInputs(parsed),
		images: parsed.images,
		overwrite: parsed.overwrite,
	};
	const p = storeCall(() => ctx.store.updateProduct(existing.sku, patch));
	return { message: 'Product updated successfully.', dataJson: productData(ctx, p) };
}

// ---------------------------------------------------------------- POST product/assign-channel

export function assignChannel(ctx: Ctx): ApiResult {
	const errors = new FieldErrors();
	const sku = requiredString(ctx.body, 'sku', errors, true);
	const code = requiredString(ctx.body, 'code', errors, true);
	const status = asBool(ctx.body.status);
	if (status === null) errors.add('status', 'The status field must be true or false.');
	errors.throwIfAny();
	const p = ctx.store.productBySku(sku as string);
	if (!p) throw notFound('Product', 'sku', sku as string);
	const channel = ctx.store.channelByCode(code as string);
	if (!channel)
		throw validationError({ code: [`The selected channel code '${code}' is invalid.`] });
	const updated = storeCall(() => ctx.store.assignChannel(p.sku, channel.code, status === true));
	return {
		message: 'Product assigned to channel successfully.',
		dataJson: productData(ctx, updated),
	};
}

// ---------------------------------------------------------------- POST product/assign-category

export function assignCategory(ctx: Ctx): ApiResult {
	const errors = new FieldErrors();
	const sku = requiredString(ctx.body, 'sku', errors, true);
	const code = requiredString(ctx.body, 'code', errors, true);
	const channelCode = requiredString(ctx.body, 'channel', errors, true);
	let sortOrder: number | undefined;
	const so = asString(ctx.body.sort_order);
	if (
		ctx.body.sort_order !== undefined &&
		ctx.body.sort_order !== null &&
		ctx.body.sort_order !== ''
	) {
		if (so === undefined || !/^-?\d+$/.test(so.trim()))
			errors.add('sort_order', 'The sort_order must be an integer.');
		else sortOrder = Number(so.trim());
	}
	errors.throwIfAny();
	const p = ctx.store.productBySku(sku as string);
	if (!p) throw notFound('Product', 'sku', sku as string);
	const channel = ctx.store.channelByCode(channelCode as string);
	if (!channel)
		throw validationError({ channel: [`The selected channel code '${channelCode}' is invalid.`] });
	if (!ctx.store.categoryByCode(channel.code, code as string)) {
		throw validationError({
			code: [`The selected category code '${code}' is invalid for channel '${channel.code}'.`],
		});
	}
	const updated = storeCall(() =>
		ctx.store.assignCategory(p.sku, code as string, channel.code, sortOrder),
	);
	return {
		message: 'Product assigned to category successfully.',
		dataJson: productData(ctx, updated),
	};
}

// ---------------------------------------------------------------- GET category/get-products

export function categoryProducts(ctx: Ctx): ApiResult {
	const id = requireId(ctx.query.id);
	const language = readLanguage(ctx);
	const category = ctx.store.byId(ctx.store.categories, id);
	if (!category) throw notFound('Category', 'id', id);
	const list = ctx.store.inListOrder(ctx.store.productsInCategory(category));
	return {
		message: 'Category Products',
		dataJson: paginate(ctx, list, (p) => ctx.store.productJson(p, language)),
	};
}
