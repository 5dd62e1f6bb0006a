/**
 * Envelope, errors and shared helpers of the API handlers.
 */
import type { AccountStore } from './store';
import { asString, isRecord } from './forms';

/** An API failure answered with the error envelope (`status: false`). */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly data: unknown = null,
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}
}

/** 422 with `data: { errors: { field: [messages] } }`; the message is the first error (+ how many more). */
export function validationError(errors: Record<string, string[]>): ApiError {
	const all = Object.values(errors).flat();
	const more = all.length - 1;
	const message = all[0] + (more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '');
	return new ApiError(422, message, { errors });
}

export class FieldErrors {
	readonly errors: Record<string, string[]> = {};
	add(field: string, message: string): void {
		(this.errors[field] ??= []).push(message);
	}
	has(field?: string): boolean {
		return field === undefined ? Object.keys(this.errors).length > 0 : field in this.errors;
	}
	throwIfAny(): void {
		if (this.has()) throw validationError(this.errors);
	}
}

/** Response envelope as a JSON string, with `data` given as a JSON string (so cached record strings are joined). */
export function envelopeJson(
	status: boolean,
	message: string,
	dataJson: string,
	time: string,
	statusCode: number,
): string {
	return (
		'{"status":' +
		status +
		',"message":' +
		JSON.stringify(message) +
		',"data":' +
		dataJson +
		',"time":"' +
		time +
		'","status_code":' +
		statusCode +
		'}'
	);
}

export interface Settings {
	defaultPageLimit: number;
	maxPageLimit: number;
	ignoreCurrentPage: boolean;
}

/** What a handler gets. */
export interface Ctx {
	method: string;
	path: string;
	/** PHP-parsed query (`pagination[pageLimit]` → `{ pagination: { pageLimit } }`). */
	query: Record<string, unknown>;
	/** Decoded body (form, JSON or multipart), `{}` when empty. */
	body: Record<string, unknown>;
	store: AccountStore;
	settings: Settings;
}

/** What a handler returns: a message and the data (as a value, or pre-serialised JSON). */
export interface ApiResult {
	message: string;
	data?: unknown;
	dataJson?: string;
}

export type Handler = (ctx: Ctx) => ApiResult;

/** A required numeric identifier (query or body). Missing → 422 required; non-numeric → 422. */
export function requireId(value: unknown, field = 'id'): number {
	const s = asString(value);
	if (s === undefined || s.trim() === '')
		throw validationError({ [field]: [`The ${field} field is required.`] });
	if (!/^\d+$/.test(s.trim()))
		throw validationError({ [field]: [`The ${field} must be an integer.`] });
	return Number(s.trim());
}

export function notFound(resource: string, by: string, value: string | number): ApiError {
	return new ApiError(404, `${resource} with ${by} '${value}' not found.`);
}

function parsePositiveInt(value: unknown): number | undefined {
	const s = asString(value);
	if (s === undefined || !/^\s*\d+\s*$/.test(s)) return undefined;
	const n = Number(s.trim());
	return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
}

/** Effective page length and number (defaults for absent or invalid values; the length is clamped to the maximum). */
export function pageParams(ctx: Ctx): { limit: number; page: number } {
	const pagination = isRecord(ctx.query.pagination) ? ctx.query.pagination : {};
	let limit = parsePositiveInt(pagination.pageLimit) ?? ctx.settings.defaultPageLimit;
	if (limit > ctx.settings.maxPageLimit) limit = ctx.settings.maxPageLimit;
	let page = parsePositiveInt(pagination.currentPage) ?? 1;
	if (ctx.settings.ignoreCurrentPage) page = 1;
	return { limit, page };
}

/** The paginated list shape, as JSON, built by joining the records' cached JSON strings. */
export function paginate<T>(ctx: Ctx, items: T[], toJson: (item: T) => string): string {
	const { limit, page } = pageParams(ctx);
	const start = (page - 1) * limit;
	const parts: string[] = [];
	const end = Math.min(items.length, start + limit);
	for (let i = start; i < end; i++) parts.push(toJson(items[i]));
	return (
		'{"record":[' +
		parts.join(',') +
		'],"recordsTotal":' +
		items.length +
		',"currentPage":' +
		page +
		',"pageLimit":' +
		limit +
		'}'
	);
}

/** A plain JSON array of records. */
export function jsonArray<T>(items: T[], toJson: (item: T) => string): string {
	return '[' + items.map(toJson).join(',') + ']';
}
