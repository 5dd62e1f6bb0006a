import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from './pagination';
import { RUN_SETTINGS, type ClientSettings } from './policy';
import { nodeOf, runOf } from './run';

/** Reading and checking node parameters: every problem is reported before a request is sent. */

type Ctx = IExecuteSingleFunctions;

/**
 * A parameter's value for this item, with no expression evaluated twice. n8n's declarative engine
 * has already evaluated every parameter of every item before the node runs (its loop over the
 * node's properties keeps no value), and an expression costs it 50-250 µs: at 50 000 rows a
 * second evaluation per parameter is seconds. So:
 * - a parameter that holds no expression is the same for every item: read once per node run;
 * - one whose expressions are all `{{ $json.field }}` (what drag and drop and the examples write)
 *   takes the item's fields directly, when they are plain values;
 * - anything else is n8n's to evaluate, as getNodeParameter does.
 */
export function param<T = unknown>(ctx: Ctx, name: string, fallback: T): T {
	const raw = nodeOf(ctx).parameters[name] as unknown;
	if (raw !== undefined) {
		const run = runOf(ctx);
		// Whether the saved value holds an expression is the same for every item: asked once.
		const constant = run.ofNodeRun(
			`constant:${name}`,
			() => plainValue(raw, () => ({})) === NO_EXPRESSION,
		);
		if (constant)
			return run.ofNodeRun(`param:${name}`, () =>
				deepFreeze(ctx.getNodeParameter(name, fallback as never) as T),
			);
		const direct = plainValue(raw, (): IDataObject => itemRow(ctx));
		if (direct !== NEEDS_N8N) return direct as T;
	}
	return ctx.getNodeParameter(name, fallback as never) as T;
}

/**
 * The item's fields as the node reads them: the input row, or, for a row of a product group
 * (Import Options → Group By), the row with its empty cells filled from the group (see groups.ts).
 */
export function itemRow(ctx: Ctx): IDataObject {
	const filled = runOf(ctx).ofNodeRun(FILLED_ROWS, () => new Map<number, IDataObject>());
	return (
		(filled.size ? filled.get(ctx.getItemIndex()) : undefined) ?? ctx.getInputData()?.json ?? {}
	);
}

/** The run's slot of filled rows, by item index (set by groups.ts). */
export const FILLED_ROWS = 'filledRows';

/** The input field a saved parameter reads when it is just `{{ $json.field }}`; else undefined. */
export function fieldOfParameter(ctx: Ctx, name: string): string | undefined {
	const raw = nodeOf(ctx).parameters[name];
	const m = typeof raw === 'string' ? FIELD_EXPRESSION.exec(raw) : null;
	return m ? (m[1] ?? m[3]) : undefined;
}

const NO_EXPRESSION = Symbol('no expression');
const NEEDS_N8N = Symbol('needs n8n');
const FIELD_EXPRESSION =
	/^=\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(["'])((?:(?!\2)[^\\])*)\2\s*\])\s*\}\}$/;

/**
 * `raw` with every `{{ $json.field }}` replaced by the item's field; NO_EXPRESSION when it holds
 * none at all, NEEDS_N8N when any other expression (or a field that is no plain value) is in it.
 */
function plainValue(raw: unknown, json: () => IDataObject): unknown {
	let found = false;
	let needsN8n = false;
	const walk = (value: unknown): unknown => {
		if (needsN8n) return undefined;
		if (typeof value === 'string') {
			if (!value.startsWith('=')) return value;
			const m = FIELD_EXPRESSION.exec(value);
			const field = m ? json()[m[1] ?? m[3]] : undefined;
			if (!m || (field !== null && typeof field === 'object')) needsN8n = true;
			found = true;
			return field;
		}
		if (Array.isArray(value)) return value.map(walk);
		if (value !== null && typeof value === 'object')
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
		return value;
	};
	const resolved = walk(raw);
	return needsN8n ? NEEDS_N8N : found ? resolved : NO_EXPRESSION;
}

/** A value shared by every item of a run: frozen, so no item can change it for the others. */
function deepFreeze<T>(value: T): T {
	if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const v of Object.values(value)) deepFreeze(v);
	}
	return value;
}

/** A problem of this item's parameters: the node's own error, naming the item. */
export function fail(ctx: Ctx, message: string, description?: string): never {
	throw new NodeOperationError(ctx.getNode(), message, {
		itemIndex: ctx.getItemIndex(),
		description,
	});
}

export function requiredString(ctx: Ctx, name: string, label: string): string {
	const value = param<unknown>(ctx, name, '');
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

/**
 * Every value in a parameter that may hold several, as version 2 reads them: a list (nested lists
 * flattened), a comma-separated text, or both; null, undefined and empty parts give nothing.
 */
export function valuesOf(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value)) return value.flatMap(valuesOf);
	return String(value)
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
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
	if (param<unknown>(ctx, 'returnAll', false) === true) return Infinity;
	return positiveNumber(ctx, param(ctx, 'limit', 50), 'Limit', 50);
}

/**
 * Options → Page Size. Left unset, the fewest requests: the whole Limit in one page, and pages of
 * the maximum for Return All (n8n's per-request cost makes pages of 100 1.8-2.4x slower on big
 * exports, bench/RESULTS.md). A PIM that allows less answers with the length it used, and the
 * pagination counts in that.
 */
export function pageSize(ctx: Ctx, max: number): number {
	const options = param<IDataObject>(ctx, 'options', {});
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
	const options = param<IDataObject>(ctx, 'options', {});
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

/** The "Request Options" collection shared by every operation. */
export function runSettings(ctx: Ctx): ClientSettings {
	const o = param<IDataObject>(ctx, 'requestOptions', {});
	const retries = o.maxRetries === undefined ? RUN_SETTINGS.maxRetries : Number(o.maxRetries);
	if (!Number.isInteger(retries) || retries < 0)
		fail(ctx, 'Parameter "Max Retries" must be a whole number of 0 or more');
	return {
		maxConcurrency: positiveNumber(
			ctx,
			o.maxConcurrency,
			'Max Concurrent Requests',
			RUN_SETTINGS.maxConcurrency,
		),
		maxRetries: retries,
		maxRetryWaitMs:
			positiveNumber(ctx, o.maxRetryWait, 'Max Retry Wait', RUN_SETTINGS.maxRetryWaitMs / 1000) *
			1000,
		timeoutMs: positiveNumber(ctx, o.timeout, 'Timeout', RUN_SETTINGS.timeoutMs),
	};
}
