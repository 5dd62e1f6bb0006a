import type { IDataObject } from 'n8n-workflow';

import { catalogOf, type AttributeCatalog } from '../../../shared/attributes';
import type { MultiSelectForm } from '../../../shared/connection';
import { all, andThen, type Later, type PimRun } from '../../../shared/run';
import { fail } from '../../../shared/params';
import { readAll, SOURCES, type ListSource } from '../../../shared/reading';
import { fold, text } from '../../../shared/records';
import type { PimClient } from '../../../shared/transport';
import { COLUMNS_LABEL } from '../engine/mapping';

/**
 * The account as a product write reads it (readAccount): its attributes, its lists (families,
 * channels, categories, languages, currencies) and its connection, each read when a row first
 * needs it, once per workflow execution, and shared by every row of the execution.
 */
export type ReferenceKind = 'family' | 'channel' | 'category';

/** The account's reads one row's write needs (the row stage gives them, read.ts). */
export interface AccountNeeds {
	attributes: boolean;
	lists: Set<ReferenceKind>;
	currencies: boolean;
	languages: boolean;
}

/** The account as one row's write sees it: what it needs, read. */
export interface Account {
	attributes?: AttributeCatalog;
	lists: References;
	currencies?: string[];
	languages?: string[];
	/** How the account's PIM takes a multi-select value (shared/connection.ts). */
	multiSelectForm: MultiSelectForm;
}

/** Nothing but the connection (version 1, a row of a group without its own SKU). */
export const NOTHING: AccountNeeds = {
	attributes: false,
	lists: new Set(),
	currencies: false,
	languages: false,
};

/** What `needs` names, each read once per execution, at once when all are in. */
export function readAccount(run: PimRun, pim: PimClient, needs: AccountNeeds): Later<Account> {
	return andThen(
		all([
			needs.attributes ? accountAttributes(run, pim) : undefined,
			readReferences(run, pim, needs.lists),
			needs.currencies ? accountList(run, pim, 'currency') : undefined,
			needs.languages ? accountList(run, pim, 'locale') : undefined,
			pim.connection(),
		]),
		([attributes, lists, currencies, languages, connection]) => ({
			attributes,
			lists,
			currencies: currencies && codesOf(currencies),
			languages: languages && codesOf(languages),
			multiSelectForm: connection.multiSelectForm,
		}),
	);
}

const codesOf = (list: IDataObject[]) => list.map((c) => text(c.code)).filter(Boolean);

export function accountAttributes(run: PimRun, pim: PimClient): Later<AttributeCatalog> {
	return run.shared('attributes', `the account's attributes for "${COLUMNS_LABEL}"`, async () =>
		catalogOf(await readAll(pim, SOURCES.attribute)),
	);
}

const LABELS: Record<ReferenceKind | 'locale' | 'currency', string> = {
	family: 'families',
	channel: 'channels',
	category: 'categories',
	locale: 'languages',
	currency: 'currencies',
};

/** The account's list of one kind, read once per execution: every list read here. */
function accountList(
	run: PimRun,
	pim: PimClient,
	kind: ReferenceKind | 'locale' | 'currency',
): Later<IDataObject[]> {
	return run.shared(kind, `the account's ${LABELS[kind]}`, async () =>
		readAll(pim, SOURCES[kind] as ListSource),
	);
}

/** The account's reference lists an item's write needs, read before its turn (see write.ts). */
export interface References {
	families?: IDataObject[];
	channels?: IDataObject[];
	categories?: IDataObject[];
}

/** The lists `needs` names, read once per execution (at once when they are in). */
export function readReferences(
	run: PimRun,
	pim: PimClient,
	needs: Set<ReferenceKind>,
): Later<References> {
	const list = (kind: ReferenceKind) => (needs.has(kind) ? accountList(run, pim, kind) : undefined);
	return andThen(
		all([list('family'), list('channel'), list('category')]),
		([families, channels, categories]) => ({ families, channels, categories }),
	);
}

/** Every language of the write is one of the account's (`codes`): an error naming it otherwise. */
export function checkLanguages(codes: string[], wanted: string[]): void {
	for (const language of wanted)
		if (!codes.some((c) => fold(c) === fold(language)))
			fail(
				`Parameter "Import Options → All Languages": the input has columns in the language "${language}", which the account does not have`,
				`The account's languages: ${codes.join(', ') || 'none'}.`,
			);
}
