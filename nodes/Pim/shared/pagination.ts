import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { IdSet } from './idSet';
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

function asRecords(value: unknown[]): IDataObject[] {
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
	/** Pages requested ahead of the one being read (0: none); a function is asked after each page. */
	lookahead?: number | (() => number);
	/**
	 * The most records one read holds (default MAX_ITEMS_PER_INPUT): refused after the first page
	 * by recordsTotal, or without it once passed (a server that lists forever must not fill memory).
	 */
	refuseAbove?: number;
	/** What the error for a list past refuseAbove advises (default: read it in slices). */
	advice?: string;
	/** First page to read (default 1): with maxPages, one slice of a list. */
	startPage?: number;
	/** Pages to read from startPage on; 0 or undefined: up to the end. */
	maxPages?: number;
	/**
	 * Takes each page's new records instead of the result (its records are then empty), so no page
	 * is held longer than it is read; a promise it returns is awaited before the next page.
	 */
	onRecords?: (records: IDataObject[]) => void | Promise<void>;
	/** Read no page after one for which this is true (moved records are still recovered). */
	stopAfter?: (page: Page) => boolean;
}

/**
 * n8n's declarative engine hands a node's result on with `push(...items)`, which overflows the
 * call stack somewhere above 120 000 items from one input item. A bigger Return All is refused
 * after its first page, with advice, instead of failing after reading everything.
 */
export const MAX_ITEMS_PER_INPUT = 100_000;

/** A list longer than one read may hold; `total` undefined: the read stopped at the bound. */
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

/** Pages a read of a long list asks for ahead of the one it reads: a few, within the client's bound. */
export function lookaheadFor(pim: PimClient): number {
	return Math.min(4, pim.settings.maxConcurrency);
}

/** The page length asked for: a whole number from 1 to MAX_PAGE_SIZE. */
const pageLength = (size: number) => Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(size)));

function pageRequest(request: PimRequest, page: number, pageSize: number): PimRequest {
	const size = String(pageLength(pageSize));
	return { ...request, qs: { ...request.qs, [LIMIT_PARAM]: size, [PAGE_PARAM]: String(page) } };
}

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
 * The read of a whole list (or a Limit or slice of it), pages requested ahead (readers that stop
 * early use pagesOf in reading.ts, with the same end, isLastPage). Follows `currentPage` until
 * `recordsTotal` records are read, a page comes back empty or short, or `max` is reached; a failed
 * page is retried on its own. A server that ignores `currentPage` is reported instead of looping.
 *
 * A record created or updated during the read may move to the front of the list (newest or
 * last-updated first) and push the rest one place on, which offset paging sees as a repeat at a
 * page boundary. So repeats are dropped; after a page with repeats, pages requested ahead are
 * requested again; and at the end as many records as were repeated are looked for at the front.
 * Every record that exists for the whole read is returned exactly once (see the README, "Lists
 * that change while they are read").
 */
export async function paginate(
	pim: PimClient,
	request: PimRequest,
	options: PaginateOptions,
): Promise<{ records: IDataObject[]; total?: number }> {
	const read = new ListRead(pim, request, options);
	try {
		await read.readPages();
		// A slice (Start Page / Max Pages) leaves the front of the list to the slice that reads it.
		const whole = (options.startPage ?? 1) <= 1 && !options.maxPages;
		if (read.shifted > 0 && whole && read.count < options.max) await read.recoverMoved();
		return { records: read.records.slice(0, options.max), total: read.total };
	} finally {
		// No request of this run may outlive it: wait for pages fetched ahead and not used.
		await read.settled();
	}
}

/** One paginate: the pages asked for ahead, the records seen, the list's end as known so far. */
class ListRead {
	readonly records: IDataObject[] = [];
	/** Records read so far: kept in `records`, or handed to onRecords. */
	count = 0;
	total: number | undefined;
	/** Records dropped as repeats: as many records moved ahead of the read position. */
	shifted = 0;
	/** Pages readPages read: recovering moved records never reads more than that. */
	private pagesRead = 0;
	private readonly seen = new IdSet();
	private lastPage = Infinity;
	// Pages asked for ahead are held as bytes (readAhead) and read at their turn.
	private readonly inFlight = new Map<number, Promise<HeldAnswer>>();
	private readonly abandoned: Array<Promise<HeldAnswer>> = [];
	private readonly pageSize: number;
	private effectiveLimit: number;
	private readonly bound: number;
	/** Only a read that may pass the bound is stopped by it (a Limit below it never does). */
	private readonly bounded: boolean;
	private readonly startPage: number;
	private readonly sliceEnd: number;

	constructor(
		private readonly pim: PimClient,
		private readonly request: PimRequest,
		private readonly options: PaginateOptions,
	) {
		this.effectiveLimit = this.pageSize = pageLength(options.pageSize);
		this.bound = options.refuseAbove ?? MAX_ITEMS_PER_INPUT;
		this.bounded = options.max > this.bound;
		this.startPage = Math.max(1, Math.floor(options.startPage ?? 1));
		this.sliceEnd = options.maxPages ? this.startPage + Math.floor(options.maxPages) - 1 : Infinity;
	}

	/** Page after page from startPage to the list's end, the Limit, the slice's end or stopAfter. */
	async readPages(): Promise<void> {
		for (let page = this.startPage; page <= Math.min(this.lastPage, this.sliceEnd); page++) {
			const current = readPage(await (await this.requested(page)).open());
			this.inFlight.delete(page);
			this.pagesRead++;
			if (!current.paginated) return this.takeWholeList(current, page);
			if (current.records.length === 0) break;
			await this.take(this.newRecords(current, page));
			if (this.bounded && this.count > this.bound) throw this.tooMany(this.effectiveLimit);
			if (page === this.startPage) this.readFirstPage(current);
			// A list may grow as it is read (newest-first ones at the front): follow the latest count.
			if (current.total !== undefined) this.total = Math.max(this.total ?? 0, current.total);
			const { total, startPage, effectiveLimit } = this;
			if (total !== undefined)
				this.lastPage = Math.ceil(
					Math.min(total, (startPage - 1) * effectiveLimit + this.options.max) / effectiveLimit,
				);
			if (this.count >= this.options.max) break;
			if (isLastPage(current.records.length, page, effectiveLimit, total)) break;
			if (this.options.stopAfter?.(current)) break;
			this.requestAhead(page);
		}
	}

	/** Reads the front of the list again for the records that moved there during the read. */
	async recoverMoved(): Promise<void> {
		let missing = this.shifted;
		for (let page = 1; missing > 0 && page <= Math.min(this.lastPage, this.pagesRead); page++) {
			const current = await fetchPage(this.pim, this.request, page, this.pageSize);
			const fresh = this.freshOf(current);
			await this.take(fresh);
			missing -= fresh.length;
			if (current.records.length < this.effectiveLimit) break;
		}
	}

	/** Every page requested, used or not, answered or failed. */
	async settled(): Promise<void> {
		await Promise.allSettled([...this.inFlight.values(), ...this.abandoned]);
	}

	/** A page's answer, requested once: asked for ahead, or now. */
	private requested(page: number): Promise<HeldAnswer> {
		let promise = this.inFlight.get(page);
		if (!promise) {
			promise = this.pim.readAhead(pageRequest(this.request, page, this.pageSize));
			// Pages fetched ahead and then not needed must not surface as unhandled rejections.
			promise.catch(() => undefined);
			this.inFlight.set(page, promise);
		}
		return promise;
	}

	private async take(fresh: IDataObject[]): Promise<void> {
		this.count += fresh.length;
		if (this.options.onRecords) await this.options.onRecords(fresh);
		else this.records.push(...fresh);
	}

	private tooMany(pageLimit: number, total = this.total): NodeApiError {
		return tooManyRecords(this.pim, this.bound, pageLimit, total, this.options.advice);
	}

	/** The whole list in one answer (a plain array): a slice beyond the first page is empty. */
	private async takeWholeList(current: Page, page: number): Promise<void> {
		if (this.bounded && current.records.length > this.bound)
			throw this.tooMany(this.pageSize, current.records.length);
		if (page === 1) await this.take(current.records.slice(0, this.options.max));
		this.total = current.records.length;
	}

	/** The records of a page not seen before in this read. */
	private freshOf(page: Page): IDataObject[] {
		return page.records.filter((record) => {
			const key = identity(record);
			if (this.seen.has(key)) return false;
			this.seen.add(key);
			return true;
		});
	}

	/**
	 * A page's records not seen before. A page of only repeats means the server ignores the page
	 * number: an error, not a loop. Some repeats mean the list moved ahead of the read: they are
	 * counted, and pages requested ahead (maybe answered before the move) are asked again.
	 */
	private newRecords(current: Page, page: number): IDataObject[] {
		const fresh = this.freshOf(current);
		if (fresh.length === 0)
			throw new NodeApiError(
				this.pim.ctx.getNode(),
				{ message: 'Pagination did not advance' },
				{
					message: `The PIM returned the same records for page ${page} as for an earlier page`,
					description:
						'The server seems to ignore pagination[currentPage]. Stopped reading instead of returning duplicate records; try a larger Page Size.',
				},
			);
		if (fresh.length < current.records.length) {
			this.shifted += current.records.length - fresh.length;
			for (const [next, promise] of this.inFlight) {
				this.abandoned.push(promise);
				this.inFlight.delete(next);
			}
		}
		return fresh;
	}

	/**
	 * The first page says the list's length and the page length the server uses (it may clamp the
	 * one asked for): a read whose records would pass the bound is refused now.
	 */
	private readFirstPage(current: Page): void {
		this.total = current.total;
		this.effectiveLimit = limitInEffect(current, this.pageSize);
		const { total, startPage, sliceEnd, effectiveLimit: limit } = this;
		if (!this.bounded || total === undefined) return;
		const wanted = Math.min(total - (startPage - 1) * limit, (sliceEnd - startPage + 1) * limit);
		if (wanted > this.bound) throw this.tooMany(limit);
	}

	/**
	 * The following pages are requested now, so the network stays busy while this one is handed
	 * on. Without a recordsTotal only the next page: the end shows only as a short page.
	 */
	private requestAhead(page: number): void {
		const { lookahead: given } = this.options;
		const askedAhead = Math.max(0, (typeof given === 'function' ? given() : given) ?? 1);
		const lookahead = this.total === undefined ? Math.min(1, askedAhead) : askedAhead;
		const ahead = Math.min(this.lastPage, this.sliceEnd, page + lookahead);
		for (let next = page + 1; next <= ahead; next++) this.requested(next);
	}
}
