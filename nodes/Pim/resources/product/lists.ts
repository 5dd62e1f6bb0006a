import type { IDataObject } from 'n8n-workflow';

import { all, andThen, type Later, type PimRun } from '../../shared/run';
import { fail } from '../../shared/params';
import { readAll, SOURCES, type ListSource } from '../../shared/reading';
import { text } from '../../shared/records';
import type { PimClient } from '../../shared/transport';

/**
 * The account's lists a product write reads (families, channels, categories, languages,
 * currencies): each read when an item first needs it, once per workflow execution, and shared by
 * every item of the execution.
 */
export type ReferenceKind = 'family' | 'channel' | 'category';

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

/** The account's channels, read once per execution. */
export function accountChannels(run: PimRun, pim: PimClient): Later<IDataObject[]> {
	return accountList(run, pim, 'channel');
}

/** Every language of the write is one of the account's: an error naming it otherwise. */
export function checkLanguages(run: PimRun, pim: PimClient, wanted: string[]): Later<void> {
	return andThen(accountList(run, pim, 'locale'), (list) => {
		const codes = list.map((l) => text(l.code));
		for (const language of wanted)
			if (!codes.some((c) => c.toLowerCase() === language.toLowerCase()))
				fail(
					`Parameter "Import Options → All Languages": the input has columns in the language "${language}", which the account does not have`,
					`The account's languages: ${codes.join(', ') || 'none'}.`,
				);
	});
}

/** The account's currency codes, read once per execution. */
export function accountCurrencies(run: PimRun, pim: PimClient): Later<string[]> {
	return andThen(accountList(run, pim, 'currency'), (list) =>
		list.map((c) => text(c.code)).filter(Boolean),
	);
}
