import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { HeldAnswer, PimClient, PimRequest } from './transport';

export const PAGE_PARAM = 'pagination[currentPage]';
export const LIMIT_PARAM = 'pagination[pageLimit]';
/** What the Page Size option starts at once added (unset, see pageSize() in params.ts and the README). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** One page of a list response, read tolerantly (numbers may come as strings). */
export interface Page {
	records: IDataObject[];
	total?: number;
	pageLimit?: number;
	currentPage?: number;
	/** False when `data` was a plain array: the whole list in one answer. */
	paginated: boolean;
}

function toNumber(value: unknown): number | undefined {
	if (value === null || value === undefined || value === '') return undefined;
	const n = Number(value);
	return Number.isFinite(n) ? n : undefined;
}

function asRecords(value: unknown): IDataObject[] {
	if (!Array.isArray(value)) return [];
	return value.filter(
		(r): r is IDataObject => r !== null && typeof r === 'object' && !Array.isArray(r),
	);
}

/** Reads the paginated list shape, or a plain array, from an envelope's `data`. */
export function readPage(data: unknown): Page {
	if (Array.isArray(data)) return { records: asRecords(data), paginated: false };
	if (data && typeof data === 'object') {
		const d = data as IDataObject;
		const list = d.record ?? d.records ?? d.data;
		if (Array.isArray(list)) {
			return {
				records: asRecords(list),
				total: toNumber(d.recordsTotal),
				pageLimit: toNumber(d.pageLimit),
				currentPage: toNumber(d.currentPage),
				paginated: true,
			};
		}
	}
	return { records: [], paginated: false };
}

/**
 * The page length a list is answered in, from the first page read: the one it echoes; else the
 * length of a page shorter than asked while recordsTotal says there are more (a PIM that clamps
 * without saying so), unless `shortMayBeLast` (a page read first that may simply be the list's
 * last, as a search's next page); else the one asked for.
 */
export function limitInEffect(first: Page, asked: number, shortMayBeLast = false): number {
	if (first.pageLimit !== undefined && first.pageLimit > 0) return first.pageLimit;
	if (
		!shortMayBeLast &&
		first.total !== undefined &&
		first.records.length < Math.min(first.total, asked)
	)
		return Math.max(1, first.records.length);
	return asked;
}

/**
 * The end of a list, the same for every reader: a page shorter than the page length (an empty
 * one too), or `total` records up to and including page `number`.
 */
export function isLastPage(
	records: number,
	number: number,
	limit: number,
	total: number | undefined,
): boolean {
	return records < limit || (total !== undefined && number * limit >= total);
}

export interface PaginateOptions {
	pageSize: number;
	/** Stop after this many records (Limit); Infinity for Return All. */
	max: number;
	/**
	 * Pages requested ahead of the one being read, all through the limiter (0: none); asked after
	 * each page when a function (a reader that may stop early reads ahead once it knows it won't).
	 */
	lookahead?: number | (() => number);
	/**
	 * The most records one read holds (default MAX_ITEMS_PER_INPUT). A list whose recordsTotal
	 * exceeds it is refused after its first page; one without recordsTotal when the read passes
	 * it (a server that lists forever must not fill n8n's memory).
	 */
	refuseAbove?: number;
	/** What the error for a list past refuseAbove advises (default: read it in slices). */
	advice?: string;
	/** First page to read (default 1): with maxPages, one slice of a list. */
	startPage?: number;
	/** Pages to read from startPage on; 0 or undefined: up to the end. */
	maxPages?: number;
	/**
	 * Takes each page's new records as they arrive, instead of the result keeping them: a reader
	 * that keeps only a digest of each record (the sync's catalogue) holds no page longer than it
	 * reads it. The result's records are then empty. A promise it returns is awaited before the
	 * next page is read: a reader that writes the records out holds no more than a page of them.
	 */
	onRecords?: (records: IDataObject[]) => void | Promise<void>;
	/**
	 * Read no page after one for which this is true (a read of a list in a known order that stops
	 * where the rest cannot matter). Records that moved to the front meanwhile are still recovered.
	 */
	stopAfter?: (page: Page) => boolean;
}

/**
 * n8n's declarative engine hands a node's result on with `push(...items)`, which overflows the
 * call stack somewhere above 120 000 items from one input item. A bigger Return All is refused
 * after its first page, with advice, instead of failing after reading everything.
 */
export const MAX_ITEMS_PER_INPUT = 100_000;

/**
 * A list longer than one read may hold. `total`: its recordsTotal when the PIM said it; without
 * it the read stopped at the bound. Says how to read such a list: in slices.
 */
export function tooManyRecords(
	pim: PimClient,
	bound: number,
	pageLimit: number,
	total?: number,
	advice?: string,
): NodeApiError {
	const size = total === undefined ? `more than ${bound}` : String(total);
	const endless =
		total === undefined
			? ' A list that never ends may also mean that the Base URL does not point at the PIM, or that the server ignores pagination[currentPage].'
			: '';
	return new NodeApiError(
		pim.ctx.getNode(),
		{ message: 'Too many records for one item' },
		{
			message: `The list has ${size} records; one input item can return at most ${bound} in n8n`,
			description:
				(advice ??
					`Narrow it with filters, turn off Return All and set a Limit, or read it in slices: one input item per slice, each with Options → Start Page and Max Pages (e.g. ${Math.max(1, Math.floor(bound / pageLimit))} pages of ${pageLimit}); the example "Export a catalogue of any size" does this. (n8n passes a node's items on in one call, which fails for lists this long.)`) +
				endless,
		},
	);
}

export interface PaginateResult {
	records: IDataObject[];
	total?: number;
}

/** Pages a read of a long list asks for ahead of the one it reads: a few, within the client's bound. */
export function lookaheadFor(pim: PimClient): number {
	return Math.min(4, pim.settings.maxConcurrency);
}

/** The request for one page of a paginated list endpoint. */
function pageRequest(request: PimRequest, page: number, pageSize: number): PimRequest {
	const size = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(pageSize)));
	return {
		...request,
		qs: { ...request.qs, [LIMIT_PARAM]: String(size), [PAGE_PARAM]: String(page) },
	};
}

/** Reads one page of a paginated list endpoint. */
export async function fetchPage(
	pim: PimClient,
	request: PimRequest,
	page: number,
	pageSize: number,
): Promise<Page> {
	return readPage(await pim.request(pageRequest(request, page, pageSize)));
}

// Numeric ids go into the set as numbers: no string built per record on big exports.
const identity = (record: IDataObject): number | string =>
	typeof record.id === 'number'
		? record.id
		: record.id !== undefined && record.id !== null
			? `id:${String(record.id)}`
			: JSON.stringify(record);

/**
 * The read of a whole list (or a Limit or slice of it), pages requested ahead; readers that stop
 * early read page after page with pagesOf (reading.ts), with the same end (isLastPage).
 * Follows `pagination[currentPage]` until `recordsTotal` records are read, a page comes back
 * empty or short, or `max` is reached. Each page is fetched through the client's transport, so a
 * failed page is retried on its own and the run resumes where it was.
 * A server that ignores `currentPage` (a page made only of records already seen) is reported
 * instead of looping.
 *
 * Lists may change while they are read, and a PIM may list newest first or last-updated first:
 * a record created or updated during the read then moves to the front and pushes every record
 * behind it one place on. Offset paging sees that as a record repeated at a page boundary. So:
 * repeated records are dropped; after a page with repeats, pages already requested ahead (maybe
 * answered before the move) are requested again; and at the end as many records as were
 * repeated are looked for at the front of the list, where the moved ones now are. Every record
 * that exists for the whole read is returned exactly once; one created during the read may or
 * may not be (see the README, "Lists that change while they are read").
 */
export async function paginate(
	pim: PimClient,
	request: PimRequest,
	options: PaginateOptions,
): Promise<PaginateResult> {
	const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(options.pageSize)));
	const bound = options.refuseAbove ?? MAX_ITEMS_PER_INPUT;
	// Only a read that may pass the bound is stopped by it (a Limit below it never does).
	const bounded = options.max > bound;

	const records: IDataObject[] = [];
	/** Records read so far: kept in `records`, or handed to onRecords. */
	let count = 0;
	const take = async (fresh: IDataObject[]) => {
		count += fresh.length;
		if (options.onRecords) await options.onRecords(fresh);
		else records.push(...fresh);
	};
	/** Pages the main loop read: recovering moved records never reads more than that. */
	let pagesRead = 0;
	const seen = new Set<number | string>();
	let total: number | undefined;
	let effectiveLimit = pageSize;
	let lastPage = Infinity;
	/** Records dropped as repeats: as many records moved ahead of the read position. */
	let shifted = 0;
	// Pages asked for ahead are held as bytes (readAhead) and read at their turn.
	const inFlight = new Map<number, Promise<HeldAnswer>>();
	const abandoned: Array<Promise<HeldAnswer>> = [];
	const request_ = (page: number) => {
		let promise = inFlight.get(page);
		if (!promise) {
			promise = pim.readAhead(pageRequest(request, page, pageSize));
			// Pages fetched ahead and then not needed must not surface as unhandled rejections.
			promise.catch(() => undefined);
			inFlight.set(page, promise);
		}
		return promise;
	};
	const freshOf = (page: Page) =>
		page.records.filter((record) => {
			const key = identity(record);
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		});

	try {
		await readPages();
		// A slice (Start Page / Max Pages) leaves the front of the list to the slice that reads it.
		const whole = (options.startPage ?? 1) <= 1 && !options.maxPages;
		if (shifted > 0 && whole && count < options.max) await recoverMoved();
		return { records: records.slice(0, options.max), total };
	} finally {
		// No request of this run may outlive it: wait for pages fetched ahead and not used.
		await Promise.allSettled([...inFlight.values(), ...abandoned]);
	}

	/** Reads the front of the list again for the records that moved there during the read. */
	async function recoverMoved(): Promise<void> {
		let missing = shifted;
		for (let page = 1; missing > 0 && page <= Math.min(lastPage, pagesRead); page++) {
			const current = await fetchPage(pim, request, page, pageSize);
			const fresh = freshOf(current);
			await take(fresh);
			missing -= fresh.length;
			if (current.records.length < effectiveLimit) break;
		}
	}

	async function readPages(): Promise<void> {
		const startPage = Math.max(1, Math.floor(options.startPage ?? 1));
		const sliceEnd = options.maxPages ? startPage + Math.floor(options.maxPages) - 1 : Infinity;
		for (let page = startPage; page <= Math.min(lastPage, sliceEnd); page++) {
			const current = readPage(await (await request_(page)).open());
			inFlight.delete(page);
			pagesRead++;

			if (!current.paginated) {
				// The whole list in one answer: a slice beyond the first page is empty.
				if (bounded && current.records.length > bound)
					throw tooManyRecords(pim, bound, pageSize, current.records.length, options.advice);
				if (page === 1) await take(current.records.slice(0, options.max));
				total = current.records.length;
				return;
			}
			if (current.records.length === 0) break;

			const fresh = freshOf(current);
			if (fresh.length === 0) {
				throw new NodeApiError(
					pim.ctx.getNode(),
					{ message: 'Pagination did not advance' },
					{
						message: `The PIM returned the same records for page ${page} as for an earlier page`,
						description:
							'The server seems to ignore pagination[currentPage]. Stopped reading instead of returning duplicate records; try a larger Page Size.',
					},
				);
			}
			if (fresh.length < current.records.length) {
				shifted += current.records.length - fresh.length;
				// Pages requested ahead may have been answered before the list moved: ask again.
				for (const [next, promise] of inFlight) {
					abandoned.push(promise);
					inFlight.delete(next);
				}
			}
			await take(fresh);
			if (bounded && count > bound)
				throw tooManyRecords(pim, bound, effectiveLimit, total, options.advice);

			if (page === startPage) {
				total = current.total;
				// The server may clamp the page length: count pages in the length it used.
				effectiveLimit = limitInEffect(current, pageSize);
				const wanted =
					total === undefined
						? undefined
						: Math.min(
								total - (startPage - 1) * effectiveLimit,
								(sliceEnd - startPage + 1) * effectiveLimit,
							);
				if (bounded && wanted !== undefined && wanted > bound)
					throw tooManyRecords(pim, bound, effectiveLimit, total, options.advice);
			}
			// The list may grow while it is read (newest-first lists grow at the front): follow the
			// latest count.
			if (current.total !== undefined) total = Math.max(total ?? 0, current.total);
			if (total !== undefined)
				lastPage = Math.ceil(
					Math.min(total, (startPage - 1) * effectiveLimit + options.max) / effectiveLimit,
				);

			if (count >= options.max) break;
			if (isLastPage(current.records.length, page, effectiveLimit, total)) break;
			if (options.stopAfter?.(current)) break;

			// Request the following pages now, so the network stays busy while this one is handed on.
			// Without a recordsTotal only the next page: the end shows only as a short page.
			const { lookahead: given } = options;
			const askedAhead = Math.max(0, (typeof given === 'function' ? given() : given) ?? 1);
			const lookahead = total === undefined ? Math.min(1, askedAhead) : askedAhead;
			const ahead = Math.min(lastPage, sliceEnd, page + lookahead);
			for (let next = page + 1; next <= ahead; next++) request_(next);
		}
	}
}
