import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import {
	fetchPage,
	isLastPage,
	limitInEffect,
	lookaheadFor,
	MAX_PAGE_SIZE,
	paginate,
	readPage,
	type Page,
} from './pagination';
import type { PimClient } from './transport';

/** Page length for reading whole lists: few requests for a 10 000-attribute account. */
export const FULL_LIST_PAGE_SIZE = MAX_PAGE_SIZE;

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

/**
 * The runtime's list layer: whole lists and single pages of the account's records, read by
 * operations, the trigger and (through methods/) the editor's dropdowns.
 */

/**
 * Every record of a list, across all pages: for dropdowns, the product attribute catalogue and
 * the trigger, which has read page 1 itself when it asks from `startPage` 2 on. Like every read,
 * it stops at MAX_ITEMS_PER_INPUT records (pagination.ts), with `advice` in the error.
 */
export async function readAll(
	pim: PimClient,
	source: ListSource,
	startPage = 1,
	advice?: string,
): Promise<IDataObject[]> {
	const request = { method: 'GET' as const, url: source.path };
	if (!source.paginated) return readPage(await pim.request(request)).records;
	const { records } = await paginate(pim, request, {
		pageSize: FULL_LIST_PAGE_SIZE,
		max: Infinity,
		lookahead: lookaheadFor(pim),
		startPage,
		advice,
	});
	return records;
}

/** One page of a list (for searchable dropdowns that page on demand; a plain list is one page). */
export async function readOnePage(
	pim: PimClient,
	source: ListSource,
	page: number,
	pageSize: number,
): Promise<Page> {
	const request = { method: 'GET' as const, url: source.path };
	if (!source.paginated) return readPage(await pim.request(request));
	return await fetchPage(pim, request, page, pageSize);
}

/**
 * A list page after page from `startPage`, for readers that may stop early (a search that scans a
 * few pages, a poll that stops at the first product older than its cursor): each page says
 * whether it is the last, by the same rule as paginate. A plain list is one page. Leaving the
 * loop stops the reading.
 */
export async function* pagesOf(
	pim: PimClient,
	source: ListSource,
	{ startPage = 1, pageSize }: { startPage?: number; pageSize: number },
): AsyncGenerator<{ page: Page; number: number; last: boolean }> {
	let limit: number | undefined;
	for (let number = startPage; ; number++) {
		const page = await readOnePage(pim, source, number, pageSize);
		limit ??= limitInEffect(page, pageSize, number > 1);
		const last = !page.paginated || isLastPage(page.records.length, number, limit, page.total);
		yield { page, number, last };
		if (last) return;
	}
}
