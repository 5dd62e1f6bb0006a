import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { pagesOf, readAll, SOURCES, type ListSource } from '../shared/reading';
import { categoryPaths, fold, text } from '../shared/records';
import { dropdownClient } from './client';

/**
 * Searchable lists for the id resource locators. Paginated resources are read one page per
 * call (the pagination token is the next page number), so a huge account answers as fast as
 * a small one; a plain list is one page. The interface has no search parameter, so a search
 * scans a few pages per call and matches name, title, code, SKU or id here; the token
 * continues the scan.
 */

const PAGE_SIZE = 100;
const SEARCH_PAGE_SIZE = 500;
const SEARCH_PAGES_PER_CALL = 4;

type Label = (record: IDataObject) => string;

function matches(record: IDataObject, needle: string): boolean {
	if (!needle) return true;
	return ['name', 'title', 'code', 'sku', 'id'].some((key) =>
		text(record[key]).toLowerCase().includes(needle),
	);
}

function toResults(records: IDataObject[], label: Label): INodeListSearchItems[] {
	return records.map((r) => ({ name: label(r), value: text(r.id) }));
}

async function search(
	ctx: ILoadOptionsFunctions,
	source: ListSource,
	label: Label,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pim = dropdownClient(ctx);
	const needle = fold(filter);
	const startPage = Math.max(1, Number(paginationToken) || 1);
	const pages = needle ? SEARCH_PAGES_PER_CALL : 1;
	const pageSize = needle ? SEARCH_PAGE_SIZE : PAGE_SIZE;
	const found: IDataObject[] = [];
	for await (const { page, number, last } of pagesOf(pim, source, { startPage, pageSize })) {
		found.push(...page.records.filter((r) => matches(r, needle)));
		if (last) break;
		if (number - startPage + 1 === pages)
			return { results: toResults(found, label), paginationToken: String(number + 1) };
	}
	return { results: toResults(found, label) };
}

const nameAndCode: Label = (r) =>
	`${text(r.name) || text(r.title) || text(r.code)} (${text(r.code) || text(r.id)})`;

/** A list's search; unless `paged`, every call starts at the first page. */
function searchOf(source: ListSource, label: Label, paged = true) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await search(this, source, label, filter, paged ? paginationToken : undefined);
	};
}

export const searchProducts = searchOf(
	SOURCES.product,
	(r) => `${text(r.name) || text(r.sku)} (${text(r.sku)})`,
);

export const searchCategories = async function (this: ILoadOptionsFunctions, filter?: string) {
	// Nested paths need every category, so categories are read whole (they are few).
	const categories = await readAll(dropdownClient(this), SOURCES.category);
	const paths = categoryPaths(categories);
	const needle = fold(filter);
	const results = categories
		.filter(
			(c) => matches(c, needle) || (paths.get(text(c.id)) ?? '').toLowerCase().includes(needle),
		)
		.map((c) => ({ name: `${paths.get(text(c.id))} (${text(c.code)})`, value: text(c.id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
};

export const searchFamilies = searchOf(SOURCES.family, nameAndCode);
export const searchAttributes = searchOf(SOURCES.attribute, nameAndCode);
export const searchRelations = searchOf(SOURCES.relation, nameAndCode);
export const searchChannels = searchOf(SOURCES.channel, nameAndCode, false);
export const searchLocales = searchOf(SOURCES.locale, nameAndCode, false);
export const searchCurrencies = searchOf(SOURCES.currency, (r) => text(r.code), false);
