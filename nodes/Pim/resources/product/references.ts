import type { IDataObject } from 'n8n-workflow';

import { ParameterProblem } from '../../shared/params';
import { withFields } from '../../shared/records';
import type { CategoryEntry, ProductBody } from './body';
import { findCategory } from './categories';
import type { ImportOptions } from './imports';
import type { References } from './lists';
import { channelCode, channelLabel, familyCode, UnknownName } from './names';
import type { ImportReport, RowWarning } from './report';

/**
 * A product write's names, resolved (version 2): family, channels and categories as product
 * records and exports name them → codes, through the Import Options' maps; every problem of the
 * row found in one run, each with the map that fixes it.
 */

/** A body with its names resolved (resolveNames). */
export interface ResolvedNames {
	body: ProductBody;
	lists: References;
	notes: () => IDataObject;
	/** A category filed in the tree of a channel the write does not assign. */
	warnings: RowWarning[];
	/** The notes count the run's items with skipped categories. */
	countsRun: boolean;
}

/**
 * Version 2: family, channels and categories as product records and exports name them (titles,
 * title paths, channel names) → codes, with the channel of each category's tree, against the
 * account's `lists` (the plan read the ones the body names something from). A category goes
 * through the Import Options' Category Map first; one the account does not have is an error, or
 * with Unknown Categories → Skip is left out, named in the notes and counted in `report`.
 */
export function resolveNames(
	body: ProductBody,
	imports: ImportOptions,
	lists: References,
	/** Continue On Fail: the run's count of items with skipped categories is not known. */
	alone: boolean,
	report: ImportReport,
): ResolvedNames {
	const channels = body.channels ?? [];
	const categories = body.categories ?? [];
	const channelList = lists.channels ?? [];
	// Every problem of the row is found in one run, each with the fix for where it came from.
	const problems: ParameterProblem[] = [];
	const attempt = <T>(resolve: () => T, fix: string): T | undefined => {
		try {
			return resolve();
		} catch (error) {
			// The resolvers raise only ParameterProblems (fail, unknown).
			const problem =
				error instanceof ParameterProblem
					? error
					: new ParameterProblem(String((error as Error)?.message ?? error));
			const hint =
				problem instanceof UnknownName ? [problem.description, fix] : [problem.description];
			problems.push(new ParameterProblem(problem.message, hint.filter(Boolean).join(' ')));
			return undefined;
		}
	};
	const resolvedChannels = channels.flatMap((c) => {
		const code = attempt(
			() => channelCode(channelList, imports.channel(c.code)),
			`Add a line to Import Options → Channel Map from "${c.code}" to one of the account's channels.`,
		);
		return code === undefined ? [] : [withFields(c, { code })];
	});
	const productChannels = resolvedChannels.map((c) => c.code);
	const skipped: string[] = [];
	const warnings: RowWarning[] = [];
	const resolvedCategories: CategoryEntry[] = [];
	for (const given of categories) {
		const value = imports.category(given.code);
		const fix = `Add a line to Import Options → Category Map from "${given.code}" to one of the account's categories, or set Import Options → Unknown Categories to Skip.`;
		const found = attempt(
			() =>
				findCategory(
					lists.categories ?? [],
					channelList,
					value,
					given.channel
						? channelCode(channelList, imports.channel(given.channel), 'Categories')
						: undefined,
					productChannels,
					'Categories',
					imports.unknownCategories,
				) ?? 'skipped',
			fix,
		);
		if (found === undefined) continue;
		if (found === 'skipped') skipped.push(given.code);
		else {
			resolvedCategories.push(found);
			// The PIM files the product in that tree all the same: say so, it surprises.
			if (found.channel && productChannels.length && !productChannels.includes(found.channel))
				warnings.push({
					kind: 'categoryTree',
					text: `Category "${value}" is in the tree of the channel ${channelLabel(channelList, found.channel)}, which this write does not assign`,
				});
		}
	}
	const family = body.familyCode
		? attempt(
				() => familyCode(lists.families ?? [], imports.family(body.familyCode!)),
				`Add a line to Import Options → Family Map from "${body.familyCode}" to one of the account's families.`,
			)
		: undefined;
	if (problems.length === 1) throw problems[0];
	if (problems.length > 1)
		throw new ParameterProblem(
			problems.map((p) => p.message).join('; '),
			problems
				.map((p) => p.description)
				.filter(Boolean)
				.join(' '),
		);
	const resolved = withFields(body, {
		familyCode: family,
		channels: resolvedChannels,
		categories: resolvedCategories,
	});
	if (skipped.length) {
		report.itemsWithSkippedCategories++;
		report.skippedCategories += skipped.length;
	}
	const notes = (): IDataObject => ({
		...(skipped.length ? { skippedCategories: skipped } : {}),
		...(skipped.length && !alone
			? { itemsWithSkippedCategories: report.itemsWithSkippedCategories }
			: {}),
	});
	return { body: resolved, lists, notes, warnings, countsRun: skipped.length > 0 && !alone };
}
