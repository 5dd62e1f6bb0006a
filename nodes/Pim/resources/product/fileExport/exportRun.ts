import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { ByteStream } from '../../../shared/file/byteStream';
import { counted } from '../../../shared/file/bounds';
import { Handoff } from '../../../shared/handoff';
import type { PimItem } from '../../../shared/item';
import { deltaStop, updatedAt } from '../../../shared/listOrder';
import { lookaheadFor, paginate } from '../../../shared/pagination';
import { text } from '../../../shared/records';
import { runClient } from '../../../shared/operations';
import type { PimClient, PimRequest } from '../../../shared/transport';
import { accountAttributes } from '../account/lists';
import { fileColumns, type CellContext, type FileColumn } from './cells';
import { exportPlanOf, type ExportPlan } from './exportColumns';
import { FeedCheck } from './feeds/feedCheck';
import { FORMATS } from './formats';

/**
 * One export (Export File): the account's products read page by page (paginate: the account's
 * limiter, retries, every product that exists for the whole read written once) and written as
 * ONE file (CSV, TSV or XLSX) into the output item's binary data as a stream: a page is made and
 * handed to the writer only when the writer is done with the one before (shared/handoff.ts), so
 * the node holds a page, the pages read ahead (as bytes) and the writer's chunk, whatever the
 * catalogue's size; n8n's binary data mode decides where the file itself goes
 * (docs/file-export.md, "Memory").
 */
/**
 * The most products one export reads: a list that never ends (a server that ignores
 * pagination[currentPage] past its end) is refused there instead of filling the disk.
 */
export const EXPORT_BOUND = 10_000_000;

/** The problems the summary lists; the count is `refused`. */
const MAX_PROBLEMS = 100;

/** How the list read ended when it failed: the page it stopped at, in the error n8n shows. */
function atPage(error: unknown, page: number): unknown {
	if (error instanceof Error && !/^The export stopped at page/.test(error.message))
		error.message = `The export stopped at page ${page} of the product list: ${error.message}`;
	return error;
}

class Cancelled extends Error {
	constructor() {
		super('The export was stopped: the execution was cancelled');
	}
}

/**
 * The list read page by page into `handoff` (each page once the writer is done with the one
 * before); `pages`: the requests it sent.
 */
function readPages(
	item: PimItem,
	pim: PimClient,
	plan: ExportPlan,
	handoff: Handoff<IDataObject[]>,
) {
	const read: { pages: number; total?: number; stopped: () => boolean } = {
		pages: 0,
		stopped: () => delta?.state.stopped === true,
	};
	const counting: PimClient = {
		...pim,
		request: async (request) => (read.pages++, await pim.request(request)),
		readAhead: async (request) => (read.pages++, await pim.readAhead(request)),
	};
	const request: PimRequest = {
		method: 'GET',
		url: ENDPOINTS.product,
		qs: Object.keys(plan.filters).length ? plan.filters : undefined,
	};
	const delta = plan.since ? deltaStop(plan.since) : undefined;
	const cancel = item.cancelSignal();
	let handed = 0;
	const reading = paginate(counting, request, {
		pageSize: plan.pageSize,
		max: Infinity,
		// A delta read asks for no page ahead until the list shows it is not last-updated first.
		lookahead: delta ? () => (delta.state.ordered() ? 0 : lookaheadFor(pim)) : lookaheadFor(pim),
		refuseAbove: EXPORT_BOUND,
		advice: `Export File writes at most ${counted(EXPORT_BOUND)} products to one file: narrow it with Filters or Export Options → Updated Since.`,
		onRecords: async (records) => {
			if (cancel?.aborted) throw new Cancelled();
			handed++;
			await handoff.put(records);
			// Cancelled while the page was written: no page is asked for after it.
			if (cancel?.aborted) throw new Cancelled();
		},
		stopAfter: (page) => {
			// The list's length, for the progress the log says (a list may grow as it is read).
			if (page.total !== undefined) read.total = Math.max(read.total ?? 0, page.total);
			return delta ? delta.stopAfter(page) : false;
		},
	}).then(
		() => handoff.end(),
		(error: unknown) => {
			handoff.fail(error instanceof Cancelled ? error : atPage(error, handed + 1));
		},
	);
	return { reading, read };
}

/**
 * The file's rows from the pages: the products changed since Updated Since, each record's cells;
 * in a feed, the channel's rules checked on them (feeds/feedCheck.ts); a value the format's cell
 * cannot hold refuses its product, named by its SKU.
 */
class FileRows {
	/** Products read from the list; `products`: written. */
	read = 0;
	products = 0;
	refused = 0;
	readonly problems: IDataObject[] = [];
	readonly feed: FeedCheck | undefined;
	/** The prices' currency: Export Options → Currency, or the first price's. */
	readonly context: CellContext;

	constructor(
		private readonly plan: ExportPlan,
		private readonly columns: FileColumn[],
	) {
		this.feed = plan.channel ? new FeedCheck(plan.channel, columns, plan.keepInvalid) : undefined;
		const context: CellContext = {
			currency: plan.currency,
			broken: [],
			learnCurrency: (code) => {
				context.currency = code;
			},
		};
		this.context = context;
	}

	async *of(pages: AsyncIterable<IDataObject[]>, onPage: () => void): AsyncGenerator<string[]> {
		const { since, format } = this.plan;
		const { columns, context, feed } = this;
		const limit = FORMATS[format].cellLimit;
		for await (const records of pages) {
			onPage();
			this.read += records.length;
			for (const record of records) {
				if (since !== undefined && !(updatedAt(record) > since)) continue;
				context.broken.length = 0;
				const cells = columns.map((c) => c.cell(record, context));
				if (feed && !feed.written(record, cells, context.broken)) continue;
				const long = limit === undefined ? -1 : cells.findIndex((c) => c.length > limit);
				if (long < 0) {
					this.products++;
					yield cells;
					continue;
				}
				this.refused++;
				if (this.problems.length < MAX_PROBLEMS)
					this.problems.push({
						sku: text(record.sku),
						error: `The value of "${this.columns[long].header}" has ${counted(cells[long].length)} characters; an ${format.toUpperCase()} cell holds at most ${counted(limit!)} (export as CSV to keep it)`,
					});
			}
		}
	}
}

/** How often a long export says where it is (PimItem.progress: n8n's log, the editor's console). */
const PROGRESS_EVERY_MS = 10_000;

/**
 * A long export's progress (PimItem.progress): products read of the list's total (when the PIM gives
 * it), written, and the time left at the pace so far (not for a delta, which stops early).
 */
function progress(item: PimItem, plan: ExportPlan, read: { total?: number }, rows: FileRows) {
	const started = Date.now();
	let said = started;
	return () => {
		const now = Date.now();
		if (now - said < PROGRESS_EVERY_MS || rows.read === 0) return;
		said = now;
		const { total } = read;
		const left =
			total !== undefined && !plan.since && total > rows.read
				? `, about ${Math.ceil((((now - started) / rows.read) * (total - rows.read)) / 1000)} s left`
				: '';
		item.progress(
			`PIM Export File: ${counted(rows.read)}${total !== undefined ? ` of ${counted(total)}` : ''} products read, ${counted(rows.products)} written${left}`,
		);
	};
}

/** The summary's feed part: the channel, the currency, the invalid products by rule, and the notice. */
function feedSummary(plan: ExportPlan, rows: FileRows): IDataObject {
	const { feed, context } = rows;
	if (!plan.channel || !feed) return {};
	const notes = [`${rows.products} products`];
	const invalid = feed.notice();
	if (invalid) notes.push(invalid);
	if (feed.warned)
		notes.push(`${feed.warned} values cut as ${plan.channel.label} cuts them (see warnings)`);
	if (!plan.currency && context.currency)
		notes.push(
			`prices in ${context.currency}, the first product's (set Export Options → Currency)`,
		);
	return {
		notice: notes.join(' · '),
		feed: plan.channel.name,
		...(context.currency ? { currency: context.currency } : {}),
		invalid: feed.invalid,
		invalidByRule: feed.invalidByRule,
		...(feed.warned ? { warned: feed.warned, warnings: feed.warnings } : {}),
	};
}

/** One export: the file in the item's binary field, the summary as its JSON. */
export async function exportOne(item: PimItem): Promise<INodeExecutionData> {
	const plan = exportPlanOf(item);
	// One long run: its requests keep to the pace a rate limit taught, not just its pauses.
	const pim = runClient(item, true);
	const columns = fileColumns(
		plan.columns,
		await accountAttributes(item.run, pim),
		plan.channel,
		plan.valueMap,
	);
	const headers = columns.map((c) => c.header);
	const { format, since } = plan;
	const handoff = new Handoff<IDataObject[]>();
	const { reading, read } = readPages(item, pim, plan, handoff);
	const rows = new FileRows(plan, columns);
	const sheets: string[] = [];
	const bytes = FORMATS[format].write(headers, rows.of(handoff, progress(item, plan, read, rows)), {
		title: plan.channel ? `${plan.channel.label} feed` : 'Products',
		linkColumn: headers.includes('link') ? 'link' : undefined,
		onSheet: (name) => sheets.push(name),
	});
	let binary: IBinaryData;
	try {
		binary = await item.binaryOf(
			new ByteStream(bytes) as unknown as Buffer,
			plan.fileName,
			FORMATS[format].mimeType,
		);
	} finally {
		// However n8n's store ended (it may stop before reading the stream to its end), the read
		// ends with it.
		handoff.close();
		await reading;
	}
	const { products, refused, feed } = rows;
	const problems = [...(feed?.problems ?? []), ...rows.problems].slice(0, MAX_PROBLEMS);
	return {
		json: {
			...feedSummary(plan, rows),
			products,
			columns: headers,
			fileName: binary.fileName ?? plan.fileName,
			pages: read.pages,
			format,
			...(since !== undefined
				? {
						updatedSince: since,
						deltaRead: read.stopped() ? 'stoppedAtOlderPage' : 'everyPage',
					}
				: {}),
			...(sheets.length > 1 ? { sheets } : {}),
			...(refused ? { refused } : {}),
			...(problems.length ? { problems } : {}),
		},
		binary: { [plan.property]: binary },
		pairedItem: { item: item.index },
	};
}
