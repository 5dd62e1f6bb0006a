import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { ENDPOINTS } from '../shared/endpoints';
import { AccountBound } from '../shared/limiter';
import { fetchPage, paginate, readPage, type Page } from '../shared/pagination';
import { pimRequest, type ReliabilitySettings } from '../shared/transport';

/** How dropdowns read the account: quick to give up, so the editor never hangs. */
export const DROPDOWN_SETTINGS: ReliabilitySettings = {
	maxRetries: 2,
	maxRetryWaitMs: 10_000,
	timeoutMs: 20_000,
};
export const DROPDOWN_CONCURRENCY = 4;
/** Page length for reading whole lists: few requests for a 10 000-attribute account. */
export const FULL_LIST_PAGE_SIZE = 1000;

export interface ListSource {
	path: string;
	paginated: boolean;
}

export const SOURCES = {
	product: { path: ENDPOINTS.product, paginated: true },
	category: { path: ENDPOINTS.category, paginated: true },
	family: { path: ENDPOINTS.family, paginated: true },
	attribute: { path: ENDPOINTS.attribute, paginated: true },
	relation: { path: ENDPOINTS.relation, paginated: true },
	channel: { path: ENDPOINTS.channel, paginated: false },
	locale: { path: ENDPOINTS.locale, paginated: false },
	currency: { path: ENDPOINTS.currency, paginated: false },
} satisfies Record<string, ListSource>;

/** Every record of a list, across all pages. */
export async function readAll(
	ctx: ILoadOptionsFunctions,
	source: ListSource,
	qs?: IDataObject,
): Promise<IDataObject[]> {
	const limiter = new AccountBound(DROPDOWN_CONCURRENCY);
	const request = { method: 'GET' as const, url: source.path, qs };
	if (!source.paginated)
		return readPage(await pimRequest(ctx, request, limiter, DROPDOWN_SETTINGS)).records;
	const { records } = await paginate(ctx, request, limiter, DROPDOWN_SETTINGS, {
		pageSize: FULL_LIST_PAGE_SIZE,
		max: Infinity,
		lookahead: DROPDOWN_CONCURRENCY,
	});
	return records;
}

/** One page of a list (for searchable dropdowns that page on demand). */
export async function readOnePage(
	ctx: ILoadOptionsFunctions,
	source: ListSource,
	page: number,
	pageSize: number,
	qs?: IDataObject,
): Promise<Page> {
	const limiter = new AccountBound(DROPDOWN_CONCURRENCY);
	const request = { method: 'GET' as const, url: source.path, qs };
	if (!source.paginated)
		return readPage(await pimRequest(ctx, request, limiter, DROPDOWN_SETTINGS));
	return await fetchPage(ctx, request, limiter, DROPDOWN_SETTINGS, page, pageSize);
}

export function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

/** "Shoes / Running" for a category, from its parent chain. */
export function categoryPaths(categories: IDataObject[]): Map<string, string> {
	const byId = new Map(categories.map((c) => [text(c.id), c]));
	const paths = new Map<string, string>();
	for (const category of categories) {
		const titles: string[] = [];
		const visited = new Set<string>();
		for (
			let c: IDataObject | undefined = category;
			c && !visited.has(text(c.id));
			c = byId.get(text(c.parent_id))
		) {
			visited.add(text(c.id));
			titles.unshift(text(c.title) || text(c.code));
		}
		paths.set(text(category.id), titles.join(' / '));
	}
	return paths;
}
