import type { PimItem } from './item';
import { optionalString } from './params';

/** What a write round's errors say (round.ts): the items at fault, what was written. */

/** The problems a run's error lists one by one. */
const SUMMARY_ITEMS = 50;

/** The items named for one problem; the others are counted. */
const ITEMS_PER_PROBLEM = 5;

/**
 * Every item at fault, by problem: each problem once with its hint, and the items that have it
 * with their SKUs (the first few of many).
 */
export function nothingWritten(
	problems: Map<number, { error: Error; sku?: string }>,
	faulty: number[],
	registered: number,
): string {
	const byProblem = new Map<string, number[]>();
	for (const i of faulty) {
		const { error } = problems.get(i)!;
		const hint = (error as { description?: unknown }).description;
		const text = `${error.message}${typeof hint === 'string' && hint ? `. ${hint}` : ''}`;
		byProblem.set(text, [...(byProblem.get(text) ?? []), i]);
	}
	const name = (i: number) => {
		const sku = problems.get(i)!.sku;
		return `${i}${sku ? ` (SKU ${sku})` : ''}`;
	};
	const parts = [...byProblem].slice(0, SUMMARY_ITEMS).map(([text, items]) => {
		const shown = items.slice(0, ITEMS_PER_PROBLEM).map(name).join(', ');
		const more = items.length > ITEMS_PER_PROBLEM ? `, … ${items.length} items in all` : '';
		return `${items.length === 1 ? 'item' : 'items'} ${shown}${more}: ${text}`;
	});
	if (byProblem.size > SUMMARY_ITEMS)
		parts.push(`and ${byProblem.size - SUMMARY_ITEMS} more problems`);
	return `Nothing was written: ${faulty.length} of ${registered} items have a problem. ${parts.join(' | ')}`;
}

/** The item's SKU, to name an item at fault; none when it cannot be read or there is none. */
export function skuOf(item: PimItem): string | undefined {
	try {
		return optionalString(item.param<unknown>('sku', undefined));
	} catch {
		return undefined;
	}
}

/** Adds a sentence to an error's description. */
export function append(error: Error, note: string): void {
	const target = error as Error & { description?: string | null };
	target.description = [target.description, note].filter(Boolean).join(' ');
}
