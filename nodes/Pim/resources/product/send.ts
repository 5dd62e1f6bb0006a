import type {
	IDataObject,
	INodeExecutionData,
	INodePropertyRouting,
	NodeApiError,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../shared/endpoints';
import type { PimItem } from '../../shared/item';
import type { WriteSteps } from '../../shared/round';
import { andThen, type Later } from '../../shared/run';
import { append } from '../../shared/round';
import { runClient, sendsItsOwnRequests, toItems, writeResult } from '../../shared/runners';
import type { PimClient, PimRequest } from '../../shared/transport';
import type { ProductRow } from './row';
import { languagesNote, prepareProductWrite, type ProductWrite } from './write';

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
 * `written` is told once the product's own write went in, before its other languages.
 */
export async function sendProduct(
	pim: PimClient,
	write: ProductWrite,
	{ update, overwrite, written }: { update: boolean; overwrite?: boolean; written?: () => void },
): Promise<IDataObject> {
	const request: PimRequest = {
		method: update ? 'PUT' : 'POST',
		url: ENDPOINTS.product,
		// Built in the request's turn (version 1 reads its parameters then).
		body: () => write.form(overwrite),
		write: true,
		domainOptional: true,
	};
	const data = await pim.request(request);
	written?.();
	await sendUpdates(
		pim,
		request,
		write.languages.map((l) => l.form),
	);
	return writeResult(data);
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

/** The output item of a product write: what the item says besides it (notes, languages) added. */
export function writtenItems(
	item: PimItem,
	write: ProductWrite,
	result: IDataObject,
): INodeExecutionData[] {
	return toItems(item, [withNotes(result, { ...write.notes(), ...languagesNote(write) })]);
}

/** Create and Update: the write they prepared, sent as it is. */
function plainWrite(mode: 'create' | 'update'): WriteSteps<unknown, PreparedWrite> {
	return {
		prepare: (item) => prepareWrite(item, mode, runClient(item)),
		write: async (item, { pim, write }) => {
			// A row of a product group whose product another row writes (groups.ts).
			const other = write.instead?.();
			if (other) return toItems(item, [other]);
			return writtenItems(
				item,
				write,
				await sendProduct(pim, write, { update: mode === 'update' }),
			);
		},
	};
}

/** The routing of Create and Update. */
export function productWriteRouting(mode: 'create' | 'update'): INodePropertyRouting {
	return sendsItsOwnRequests(plainWrite(mode));
}
