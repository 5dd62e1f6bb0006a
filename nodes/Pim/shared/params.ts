import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from './pagination';
import type {
	AttributeValues,
	ChannelEntry,
	CategoryEntry,
	FormValue,
	ProductBody,
} from './serializer';
import { DEFAULT_RELIABILITY, type ClientSettings } from './transport';

/** Reading and checking node parameters: every problem is reported before a request is sent. */

type Ctx = IExecuteSingleFunctions;

function fail(ctx: Ctx, message: string, description?: string): never {
	throw new NodeOperationError(ctx.getNode(), message, {
		itemIndex: ctx.getItemIndex(),
		description,
	});
}

export function requiredString(ctx: Ctx, name: string, label: string): string {
	const value = ctx.getNodeParameter(name, '') as unknown;
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (!text) fail(ctx, `Parameter "${label}" is required`);
	return text;
}

export function optionalString(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	return text === '' ? undefined : text;
}

const POSITIVE_INT = /^[1-9]\d*$/;

/** A record id from a resource locator or a plain value: must be a positive integer. */
export function positiveId(ctx: Ctx, name: string, label: string): string {
	const raw = ctx.getNodeParameter(name, '', { extractValue: true }) as unknown;
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	if (!text) fail(ctx, `Parameter "${label}" is required`);
	if (!POSITIVE_INT.test(text))
		fail(ctx, `Parameter "${label}" must be a positive whole number (got "${text}")`);
	return text;
}

/** Several values given as an array or as one comma-separated string. */
export function listOf(value: unknown): string[] {
	const parts = Array.isArray(value)
		? value
		: value === undefined || value === null
			? []
			: String(value).split(',');
	return parts.map((v) => String(v).trim()).filter((v) => v !== '');
}

export function positiveNumber(ctx: Ctx, value: unknown, label: string, fallback: number): number {
	if (value === undefined || value === null || value === '') return fallback;
	const n = Number(value);
	if (!Number.isFinite(n) || n < 1)
		fail(ctx, `Parameter "${label}" must be a number of at least 1 (got "${String(value)}")`);
	return Math.floor(n);
}

/** `returnAll`/`limit` as a record count (Infinity for Return All). */
export function maxRecords(ctx: Ctx): number {
	if (ctx.getNodeParameter('returnAll', false) === true) return Infinity;
	return positiveNumber(ctx, ctx.getNodeParameter('limit', 50), 'Limit', 50);
}

/**
 * Options → Page Size. Left unset, the fewest requests: the whole Limit in one page, and pages of
 * the maximum for Return All (n8n's per-request cost makes pages of 100 1.8-2.4x slower on big
 * exports, bench/RESULTS.md). A PIM that allows less answers with the length it used, and the
 * pagination counts in that.
 */
export function pageSize(ctx: Ctx, max: number): number {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	// A slice counts in whole pages of the maximum, whatever the Limit: page 3 is records 2001-3000.
	const { startPage, maxPages } = pageSlice(ctx);
	const sliced = startPage > 1 || maxPages > 0;
	const size = positiveNumber(
		ctx,
		options.pageSize,
		'Page Size',
		sliced ? MAX_PAGE_SIZE : Math.min(max, MAX_PAGE_SIZE),
	);
	if (size > MAX_PAGE_SIZE)
		fail(ctx, `Parameter "Page Size" must be at most ${MAX_PAGE_SIZE} (got ${size})`);
	return size;
}

/** Options → Start Page and Max Pages: one slice of a list (Max Pages 0: to the end). */
export function pageSlice(ctx: Ctx): { startPage: number; maxPages: number } {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const startPage = positiveNumber(ctx, options.startPage, 'Start Page', 1);
	if (!Number.isInteger(Number(options.startPage ?? 1)))
		fail(ctx, `Parameter "Start Page" must be a whole number (got "${String(options.startPage)}")`);
	const rawMax = options.maxPages;
	const maxPages = rawMax === undefined || rawMax === null || rawMax === '' ? 0 : Number(rawMax);
	if (!Number.isInteger(maxPages) || maxPages < 0)
		fail(
			ctx,
			`Parameter "Max Pages" must be a whole number of at least 0 (got "${String(rawMax)}")`,
		);
	return { startPage, maxPages };
}

export const DEFAULT_CONCURRENCY = 5;

/** The "Request Options" collection shared by every operation. */
export function runSettings(ctx: Ctx): ClientSettings {
	const o = ctx.getNodeParameter('requestOptions', {}) as IDataObject;
	const retries =
		o.maxRetries === undefined ? DEFAULT_RELIABILITY.maxRetries : Number(o.maxRetries);
	if (!Number.isInteger(retries) || retries < 0)
		fail(ctx, 'Parameter "Max Retries" must be a whole number of 0 or more');
	return {
		maxConcurrency: positiveNumber(
			ctx,
			o.maxConcurrency,
			'Max Concurrent Requests',
			DEFAULT_CONCURRENCY,
		),
		maxRetries: retries,
		maxRetryWaitMs:
			positiveNumber(
				ctx,
				o.maxRetryWait,
				'Max Retry Wait',
				DEFAULT_RELIABILITY.maxRetryWaitMs / 1000,
			) * 1000,
		timeoutMs: positiveNumber(ctx, o.timeout, 'Timeout', DEFAULT_RELIABILITY.timeoutMs),
	};
}

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

function attributeCode(ctx: Ctx, raw: unknown, label: string): string {
	const code = optionalString(raw);
	if (!code) fail(ctx, `Parameter "${label}": every entry needs an attribute code`);
	const problem = attributeCodeProblem(code);
	if (problem) fail(ctx, `Parameter "${label}": ${problem}`);
	return code;
}

function entries(ctx: Ctx, name: string, key: string): IDataObject[] {
	const collection = ctx.getNodeParameter(name, {}) as IDataObject;
	const list = collection?.[key];
	return Array.isArray(list) ? (list as IDataObject[]) : list ? [list as IDataObject] : [];
}

/** Version 1's Attributes and Multi-Select Attributes collections. */
function collectionAttributes(ctx: Ctx): AttributeValues {
	return {
		attributes: entries(ctx, 'attributes', 'attribute').map((entry) => ({
			code: attributeCode(ctx, entry.code, 'Attributes'),
			value: (entry.value === undefined || entry.value === null ? '' : entry.value) as FormValue,
		})),
		multiSelectAttributes: entries(ctx, 'multiSelectAttributes', 'attribute').map((entry) => ({
			code: attributeCode(ctx, entry.code, 'Multi-Select Attributes'),
			values: listOf(entry.values),
		})),
	};
}

/**
 * Reads and checks the product fields of create, update and upsert. Attribute values come from
 * `attributeValues` (version 2's mapper, resources/product/mapping.ts), else from version 1's
 * collections.
 */
export function productBody(
	ctx: Ctx,
	mode: 'create' | 'update',
	attributeValues?: () => AttributeValues,
): ProductBody {
	const sku = requiredString(ctx, 'sku', 'SKU');
	const languageCode = requiredString(ctx, 'languageCode', 'Language');
	const updateFields =
		mode === 'update' ? (ctx.getNodeParameter('updateFields', {}) as IDataObject) : {};
	const familyCode =
		mode === 'create'
			? requiredString(ctx, 'familyCode', 'Family')
			: optionalString(updateFields.familyCode);

	const channels: ChannelEntry[] = entries(ctx, 'channels', 'channel').map((entry) => {
		const code = optionalString(entry.code);
		if (!code) fail(ctx, 'Parameter "Channels": every entry needs a channel code');
		return {
			code,
			status:
				entry.status === undefined
					? undefined
					: entry.status === true || entry.status === 1 || entry.status === '1',
			completenessStatus: optionalString(entry.completenessStatus),
		};
	});
	if (mode === 'create' && channels.length === 0) {
		fail(
			ctx,
			'Parameter "Channels" needs at least one channel',
			'A new product must be assigned to a channel.',
		);
	}

	const categories: CategoryEntry[] = entries(ctx, 'categories', 'category').map((entry) => {
		const code = optionalString(entry.code);
		if (!code) fail(ctx, 'Parameter "Categories": every entry needs a category code');
		return { code, channel: optionalString(entry.channel) };
	});

	const { attributes, multiSelectAttributes } = attributeValues
		? attributeValues()
		: collectionAttributes(ctx);

	const images = listOf(ctx.getNodeParameter('images', []));
	for (const image of images) {
		// The real service's own file URLs contain raw spaces: only line breaks and tabs are refused.
		if (!/^https?:\/\/[^\s][^\r\n\t]*$/i.test(image))
			fail(ctx, `Parameter "Images": "${image}" is not an http(s) URL`);
	}

	const overwrite = updateFields.isDataOverwrite;
	return {
		sku,
		familyCode,
		languageCode,
		isDataOverwrite: mode === 'update' && overwrite !== undefined ? overwrite === true : undefined,
		channels,
		categories,
		attributes,
		multiSelectAttributes,
		images,
	};
}
