import type {
	IDataObject,
	INodeExecutionData,
	INodePropertyRouting,
	NodeApiError,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { answerLost } from '../../../shared/failures';
import type { PimItem } from '../../../shared/item';
import { writesInRound, type WriteSteps } from '../../../shared/round';
import { andThen, type Later } from '../../../shared/run';
import { append } from '../../../shared/badRows';
import { runClient, sendsItsOwnRequests, toItems, writeResult } from '../../../shared/runners';
import type { PimClient, PimRequest } from '../../../shared/transport';
import { changedFields, recordHolding } from './compare';
import { ItemRow } from '../sources/itemRow';
import { productBySku } from '../account/lookup';
import { grouped } from './groups';
import { notesOf } from './report';
import { planOf } from './plan';
import type { ProductRow } from './row';
import { languagesNote, prepareProductWrite } from './write';
import type { ProductWrite } from './stages';

/**
 * The one executor of a product write, for Create, Update and Create or Update of both versions:
 * each item's write is prepared as every product write is (prepareProductWrite, write.ts), then
 * sent here (sendProduct). Create and Update send what they prepared; Create or Update first
 * decides (upsert.ts: find → compare → create, update or leave unchanged).
 */

/** An item's product write, prepared, and the client that sends it. */
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
	{
		update,
		overwrite,
		written,
		confirmed,
	}: { update: boolean; overwrite?: boolean; written?: () => void; confirmed?: () => void },
): Promise<IDataObject> {
	const request: PimRequest = {
		method: update ? 'PUT' : 'POST',
		url: ENDPOINTS.product,
		// Built in the request's turn (version 1 reads its parameters then).
		body: () => write.form(overwrite),
		write: true,
		domainOptional: true,
	};
	const data = await sendChecked(pim, write, request, { overwrite, confirmed });
	written?.();
	await sendUpdates(
		pim,
		request,
		write.languages.map((l) => l.form),
	);
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

/**
 * A write's output item: the PIM's answer with what the node says besides it; a run's `notice`
 * comes first, so that n8n's table shows it in its first column.
 */
export function withNotes(result: IDataObject, notes: IDataObject = {}): IDataObject {
	const { notice, ...rest } = notes;
	return notice === undefined ? { ...result, ...rest } : { notice, ...result, ...rest };
}

/**
 * After a product's write: `updates` to the same endpoint, one after the other (a product's other
 * languages). One the PIM refuses fails the item, saying that the write before it went in.
 */
export async function sendUpdates(
	pim: PimClient,
	request: PimRequest,
	updates: Array<() => string>,
): Promise<void> {
	for (const [i, form] of updates.entries()) {
		try {
			await pim.request({ ...request, method: 'PUT', body: form });
		} catch (error) {
			// The transport's errors are NodeApiErrors already: said what went in, passed on.
			const refused = error as NodeApiError;
			append(
				refused,
				`The product's first write and ${i} further write(s) of its ${updates.length + 1} went in.`,
			);
			throw refused;
		}
	}
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

/** Create and Update: the write they prepared, sent as it is. */
function plainWrite(mode: 'create' | 'update'): WriteSteps<unknown, PreparedWrite> {
	return {
		prepare: (item) => prepareWrite(new ItemRow(item), mode, runClient(item)),
		write: (item, { pim, write }) =>
			writeItem(item, write, (grouped) => sendProduct(pim, grouped, { update: mode === 'update' })),
	};
}

/** The routing of Create and Update. */
export function productWriteRouting(mode: 'create' | 'update'): INodePropertyRouting {
	return sendsItsOwnRequests(plainWrite(mode));
}
