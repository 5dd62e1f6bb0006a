import type {
	IDataObject,
	INodeExecutionData,
	INodePropertyRouting,
	NodeApiError,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { answerLost, refusedAsTaken } from '../../../shared/failures';
import type { PimItem } from '../../../shared/item';
import { writesInRound } from '../../../shared/round';
import { andThen, type Later, type PimRun } from '../../../shared/run';
import { append } from '../../../shared/badRows';
import { sendsItsOwnRequests } from '../../../shared/runners';
import { runClient, toItems, writeResult } from '../../../shared/operations';
import type { PimClient, PimRequest } from '../../../shared/transport';
import type { Catalogue } from '../account/catalogue';
import { changedFields, changesOf, recordHolding, wouldSend } from './compare';
import { ItemRow } from '../sources/itemRow';
import { productBySku } from '../account/lookup';
import { grouped } from './groups';
import { notesOf } from './report';
import { planOf } from './plan';
import type { ProductRow } from './row';
import { languagesNote, prepareProductWrite } from './write';
import type { ProductWrite } from './stages';
import type { SyncOptions } from './sync';

/**
 * The one executor of a product write (every operation of write.ts's pipeline): each write is
 * prepared by prepareProductWrite (write.ts), then sent here (sendProduct); a sync (Create or
 * Update, Import File) first decides (decide).
 */

export interface PreparedWrite {
	pim: PimClient;
	write: ProductWrite;
}

/** The row's write, prepared (an item of version 2: in its round, before any item writes). */
export function prepareWrite(
	row: ProductRow,
	mode: 'create' | 'update',
	pim: PimClient,
): Later<PreparedWrite> {
	return andThen(prepareProductWrite(row, mode, pim), (write) => ({ pim, write }));
}

/**
 * Sends the product's form (its other languages after it, each as an update): POST for a new
 * product, PUT for an existing one. `overwrite`, when given, replaces the body's Overwrite Data.
 * `written` is told once the product's own write went in, before its other languages;
 * `confirmed`, when its answer was lost and a read found it written (sendChecked).
 */
export async function sendProduct(
	pim: PimClient,
	write: ProductWrite,
	options: { update: boolean; overwrite?: boolean; written?: () => void; confirmed?: () => void },
): Promise<IDataObject> {
	const request: PimRequest = {
		method: options.update ? 'PUT' : 'POST',
		url: ENDPOINTS.product,
		// Built in the request's turn (version 1 reads its parameters then).
		body: () => write.form(options.overwrite),
		write: true,
		domainOptional: true,
	};
	const data = await sendChecked(pim, write, request, options);
	options.written?.();
	// Its other languages, one after the other: one the PIM refuses fails the item, saying that
	// the writes before it went in (the transport's errors are NodeApiErrors already).
	for (const [i, { form }] of write.languages.entries()) {
		try {
			await pim.request({ ...request, method: 'PUT', body: form });
		} catch (error) {
			const refused = error as NodeApiError;
			append(
				refused,
				`The product's first write and ${i} further write(s) of its ${write.languages.length + 1} went in.`,
			);
			throw refused;
		}
	}
	return writeResult(data);
}

/**
 * The product's own write, its lost answer checked, not guessed. When the answer to the write was
 * lost after it was sent (answerLost, failures.ts: the connection failed, the answer was cut or
 * unreadable), the product is read by SKU: found holding every value the write sent
 * (compare.ts), the write went in, and the record read is its answer; found otherwise, the form
 * is sent again as an update (it exists: never POSTed again); not found, the write is sent
 * again as it was. A write is sent again at most Max Retries times, each counted as a retry.
 * When the read fails, the write fails with its own error.
 */
async function sendChecked(
	pim: PimClient,
	write: ProductWrite,
	request: PimRequest,
	{ overwrite, confirmed }: { overwrite?: boolean; confirmed?: () => void },
): Promise<unknown> {
	let sending = request;
	for (let again = 0; ; again++) {
		// The transport's errors are NodeApiErrors already.
		const sent = await pim.request(sending).then(
			(data) => ({ data }),
			(failed: NodeApiError) => ({ failed }),
		);
		if ('data' in sent) return sent.data;
		const { failed } = sent;
		if (!answerLost(failed)) throw failed;
		const body = write.body();
		const read = await productBySku(pim, body.sku).then(
			(record) => ({ record }),
			() => undefined,
		);
		// What the read cannot tell is not guessed: the write fails with its own error.
		if (!read) throw failed;
		const { record } = read;
		const changed = record
			? changedFields(
					body,
					recordHolding(record),
					write.lists,
					overwrite ?? body.isDataOverwrite === true,
				)
			: undefined;
		if (changed && Object.keys(changed).length === 0) {
			confirmed?.();
			return record;
		}
		if (again >= pim.settings.maxRetries) {
			// Sent again as often as Max Retries allows: the error says so, not "not repeated".
			(failed as NodeApiError & { description?: string }).description =
				`Its answer was lost ${again + 1} time(s); each time a read of its SKU found the product ${record ? 'holding other values' : 'missing'}, and it was sent again ${again} time(s) (Max Retries: ${pim.settings.maxRetries}). Nothing confirms it was written.`;
			throw failed;
		}
		pim.retries.faulted++;
		sending = record ? { ...request, method: 'PUT' } : request;
	}
}

/** A row's write with how its product is found and compared (Create or Update, Import File). */
export interface SyncWrite extends PreparedWrite {
	sync: SyncOptions;
	/** Whether the write is compared with the product (Skip Unchanged Products, Dry Run). */
	compare: boolean;
	/** With Read All Products Once. */
	catalogue?: Catalogue;
}

/** What Create or Update decided for a row: its output, and the fields its write changed. */
export interface Decision {
	/** The output item's fields; `operation` says what happened. */
	output: IDataObject;
	/** The fields an update changed, when the catalogue tells them (Import File's report). */
	changed?: string[];
	/** The write's answer was lost, and a read found it written (send.ts, sendChecked). */
	confirmed?: boolean;
}

/**
 * Create or Update's decision for one prepared write, and the write it decides: the product is
 * found (the catalogue, or one look-up), compared when asked, then created, updated or left as
 * it is; a dry run only says which.
 */
export async function decide(
	run: PimRun,
	{ pim, write, sync, compare, catalogue }: SyncWrite,
): Promise<Decision> {
	const body = write.body();
	const { sku } = body;
	const overwrite = sync.isDataOverwrite;
	// Two items with the same SKU run one after the other: the second sees what the first wrote.
	return await run.inTurn(`sku:${sku}`, async (): Promise<Decision> => {
		let record = catalogue ? undefined : await productBySku(pim, sku);
		const exists = catalogue ? catalogue.has(sku) : record !== undefined;
		let changed: string[] | undefined;
		// A record shows the product in one language: the write's first language is compared,
		// its other languages (All Languages) are sent with it when it is written (compare.ts).
		// A write in another language than the record shows is not compared (stages.ts).
		const compared = compare && !write.notCompared;
		if (exists && compared) {
			const digest = catalogue?.changed(sku, body, write.form, write.lists, overwrite);
			// A field the catalogue does not digest: the product is read to compare.
			if (digest === 'read') record = await productBySku(pim, sku);
			if (digest !== 'read' && catalogue) changed = digest;
			else if (record) changed = Object.keys(changesOf(body, record, write.lists, overwrite));
		}
		const unchanged = changed && changed.length === 0;

		if (sync.dryRun) {
			if (!exists)
				return { output: { operation: 'create', sku, values: wouldSend(body, write.lists) } };
			if (unchanged) return { output: { operation: 'unchanged', sku } };
			if (!compared) return { output: { operation: 'update', sku } };
			// The catalogue keeps digests: the few changed products are read again for old → new.
			record ??= catalogue ? await productBySku(pim, sku) : undefined;
			if (!record) return { output: { operation: 'update', sku }, changed };
			const changes = changesOf(body, record, write.lists, overwrite);
			return Object.keys(changes).length
				? {
						output: { operation: 'update', sku, changes: changes as unknown as IDataObject },
						changed: Object.keys(changes),
					}
				: { output: { operation: 'unchanged', sku } };
		}
		if (exists && unchanged && sync.skipUnchanged)
			return { output: { operation: 'unchanged', sku } };

		let confirmed: true | undefined;
		const send = (update: boolean) =>
			sendProduct(pim, write, {
				update,
				overwrite: update ? overwrite : undefined,
				written: () => catalogue?.wrote(sku, write.form()),
				confirmed: () => (confirmed = true),
			});
		if (exists)
			return { output: { operation: 'updated', ...(await send(true)) }, changed, confirmed };
		const created = await send(false).then(
			(data) => ({ data }),
			(refused: NodeApiError) => ({ refused }),
		);
		if ('data' in created) return { output: { operation: 'created', ...created.data }, confirmed };
		// Created by another writer since the catalogue was read: found now, it is updated.
		if (catalogue && refusedAsTaken(created.refused) && (await productBySku(pim, sku)))
			return { output: { operation: 'updated', ...(await send(true)) }, confirmed };
		throw created.refused;
	});
}

/**
 * A write's output item: the PIM's answer with what the node says besides it; a run's `notice`
 * comes first, so that n8n's table shows it in its first column.
 */
export function withNotes(result: IDataObject, notes: IDataObject = {}): IDataObject {
	const { notice, ...rest } = notes;
	return notice === undefined ? { ...result, ...rest } : { notice, ...result, ...rest };
}

/**
 * An item's product write, as its output item: the group stage's (groups.ts) output when its
 * product group makes it output something else, or the answer `send` gets for the write with
 * what the item says besides it (notes, languages).
 */
export async function writeItem(
	item: PimItem,
	prepared: ProductWrite,
	send: (write: ProductWrite) => Promise<IDataObject>,
): Promise<INodeExecutionData[]> {
	const plan = planOf(item.run);
	// In a round every item of the run is prepared by now (shared/round.ts).
	const stage = grouped(plan, prepared, writesInRound(item));
	if ('output' in stage) return toItems(item, [stage.output]);
	const { write } = stage;
	const notes = notesOf(plan.report, write.notes, write.warnings);
	return toItems(item, [withNotes(await send(write), { ...notes, ...languagesNote(write) })]);
}

/** The routing of Create and Update: the write they prepared, sent as it is. */
export function productWriteRouting(mode: 'create' | 'update'): INodePropertyRouting {
	return sendsItsOwnRequests({
		prepare: (item) => prepareWrite(new ItemRow(item), mode, runClient(item)),
		write: (item, { pim, write }: PreparedWrite) =>
			writeItem(item, write, (grouped) => sendProduct(pim, grouped, { update: mode === 'update' })),
	});
}
