import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from './pagination';
import { RUN_SETTINGS, type ClientSettings } from './policy';
import type { PimItem } from './item';
import { fold, text } from './records';

/** Checking node parameters: every problem is reported before a request is sent. */

/**
 * A problem of an item's parameters or of what they name. The operation's runner makes it the
 * node's own error naming the item (runners.ts), so the code that finds it needs no item.
 */
export class ParameterProblem extends Error {
	constructor(
		message: string,
		readonly description?: string,
	) {
		super(message);
		this.name = 'ParameterProblem';
	}
}

export function fail(message: string, description?: string): never {
	throw new ParameterProblem(message, description);
}

export function requiredString(
	item: { param<T>(name: string, fallback: T): T },
	name: string,
	label: string,
): string {
	return required(item.param<unknown>(name, ''), label);
}

/** A parameter's value as a text that must not be empty. */
export function required(value: unknown, label: string): string {
	const given = optionalString(value);
	if (given === undefined) fail(`Parameter "${label}" is required`);
	return given;
}

export function optionalString(value: unknown): string | undefined {
	return text(value).trim() || undefined;
}

const YES = new Set(['1', 'true', 'yes', 'y', 'on', 'active', 'published', 'enabled']);
const NO = new Set([
	'0',
	'false',
	'no',
	'n',
	'off',
	'-1',
	'draft',
	'archived',
	'disabled',
	'inactive',
]);

/**
 * The one yes/no reader, for yes/no parameters and yes/no attributes alike: a boolean, 1/0/-1,
 * or a word in any case (true/yes/on, false/no/off, and the shop words active/published/enabled
 * and draft/archived/disabled/inactive). An empty value is undefined; anything else is `fail`ed
 * with the value, never read as "no".
 */
export function yesNo(value: unknown, what: string, forWhat?: string): boolean | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'boolean') return value;
	const word = fold(value);
	if (word === '') return undefined;
	if (YES.has(word)) return true;
	if (NO.has(word)) return false;
	fail(
		`${what} holds "${String(value)}", which is not a yes/no value${forWhat ? ` for ${forWhat}` : ''}`,
		'Use true/false, yes/no, 1/0, or a shop status such as active/draft.',
	);
}

const POSITIVE_INT = /^[1-9]\d*$/;

/** A record id from a resource locator or a plain value: must be a positive integer. */
export function positiveId(item: PimItem, name: string, label: string): string {
	const given = required(item.extractedParam(name), label);
	if (!POSITIVE_INT.test(given))
		fail(`Parameter "${label}" must be a positive whole number (got "${given}")`);
	return given;
}

/**
 * The one list splitter: several values given as a list, a comma-separated text, or both; null,
 * undefined and empty texts give nothing. A list's elements are read by `read`:
 * - 'asGiven' (version 1's parameters, and lists such as Fields to Ignore): each element trimmed;
 * - 'flattened' (version 2's Channels, Categories and Images): nested lists flattened, each text
 *   split at its commas as well;
 * - 'exact' (a product record's list, compared as the PIM holds it): each element as it is.
 */
export function listOf(
	value: unknown,
	read: 'asGiven' | 'flattened' | 'exact' = 'asGiven',
): string[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value)) {
		if (read === 'flattened') return value.flatMap((v) => listOf(v, read));
		if (read === 'exact') return value.map((v) => text(v));
		return value.map((v) => String(v).trim()).filter((v) => v !== '');
	}
	return String(value)
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

export function positiveNumber(value: unknown, label: string, fallback: number): number {
	if (value === undefined || value === null || value === '') return fallback;
	const n = Number(value);
	if (!Number.isFinite(n) || n < 1)
		fail(`Parameter "${label}" must be a number of at least 1 (got "${String(value)}")`);
	return Math.floor(n);
}

/** `returnAll`/`limit` as a record count (Infinity for Return All). */
export function maxRecords(item: PimItem): number {
	if (item.param<unknown>('returnAll', false) === true) return Infinity;
	return positiveNumber(item.param('limit', 50), 'Limit', 50);
}

/**
 * Options → Page Size. Left unset, the fewest requests: the whole Limit in one page, and pages of
 * the maximum for Return All (pages of 100 are 1.8-2.4x slower on big exports, bench/RESULTS.md).
 * A PIM that allows less answers with the length it used, and the pagination counts in that.
 */
export function pageSize(item: PimItem, max: number): number {
	const options = item.param<IDataObject>('options', {});
	// A slice counts in whole pages of the maximum, whatever the Limit: page 3 is records 2001-3000.
	const { startPage, maxPages } = pageSlice(item);
	const sliced = startPage > 1 || maxPages > 0;
	const size = positiveNumber(
		options.pageSize,
		'Page Size',
		sliced ? MAX_PAGE_SIZE : Math.min(max, MAX_PAGE_SIZE),
	);
	if (size > MAX_PAGE_SIZE)
		fail(`Parameter "Page Size" must be at most ${MAX_PAGE_SIZE} (got ${size})`);
	return size;
}

/** Options → Start Page and Max Pages: one slice of a list (Max Pages 0: to the end). */
export function pageSlice(item: PimItem): { startPage: number; maxPages: number } {
	const options = item.param<IDataObject>('options', {});
	const startPage = positiveNumber(options.startPage, 'Start Page', 1);
	if (!Number.isInteger(Number(options.startPage ?? 1)))
		fail(`Parameter "Start Page" must be a whole number (got "${String(options.startPage)}")`);
	const rawMax = options.maxPages;
	const maxPages = rawMax === undefined || rawMax === null || rawMax === '' ? 0 : Number(rawMax);
	if (!Number.isInteger(maxPages) || maxPages < 0)
		fail(`Parameter "Max Pages" must be a whole number of at least 0 (got "${String(rawMax)}")`);
	return { startPage, maxPages };
}

/** The "Request Options" collection shared by every operation. */
export function runSettings(item: PimItem): ClientSettings {
	const o = item.param<IDataObject>('requestOptions', {});
	const retries = o.maxRetries === undefined ? RUN_SETTINGS.maxRetries : Number(o.maxRetries);
	if (!Number.isInteger(retries) || retries < 0)
		fail('Parameter "Max Retries" must be a whole number of 0 or more');
	return {
		maxConcurrency: positiveNumber(
			o.maxConcurrency,
			'Max Concurrent Requests',
			RUN_SETTINGS.maxConcurrency,
		),
		maxRetries: retries,
		maxRetryWaitMs:
			positiveNumber(o.maxRetryWait, 'Max Retry Wait', RUN_SETTINGS.maxRetryWaitMs / 1000) * 1000,
		timeoutMs: positiveNumber(o.timeout, 'Timeout', RUN_SETTINGS.timeoutMs),
	};
}
