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
 * Every record of a list, across all pages (the trigger, having read page 1, asks from `startPage`
 * 2 on). Like every read, it stops at MAX_ITEMS_PER_INPUT records, with `advice` in the error.
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

/**
 * A list page after page from `startPage`, for readers that may stop early (a search, a poll):
 * each page says whether it is the last, by paginate's rule. A plain list is one page. Leaving
 * the loop stops the reading.
 */
export async function* pagesOf(
	pim: PimClient,
	source: ListSource,
	{ startPage = 1, pageSize }: { startPage?: number; pageSize: number },
): AsyncGenerator<{ page: Page; number: number; last: boolean }> {
	const request = { method: 'GET' as const, url: source.path };
	let limit: number | undefined;
	for (let number = startPage; ; number++) {
		const page = source.paginated
			? await fetchPage(pim, request, number, pageSize)
			: readPage(await pim.request(request));
		limit ??= limitInEffect(page, pageSize, number > 1);
		const last = !page.paginated || isLastPage(page.records.length, number, limit, page.total);
		yield { page, number, last };
		if (last) return;
	}
}
