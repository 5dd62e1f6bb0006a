import type { IDataObject } from 'n8n-workflow';

import { ParameterProblem } from '../../../shared/params';
import { withFields } from '../../../shared/records';
import type { CategoryEntry, ChannelEntry, ProductBody } from './body';
import { findCategory, isSystemRoot } from '../account/categories';
import type { ImportOptions } from '../descriptions/imports';
import type { References } from '../account/lists';
import { channelCode, channelLabel, familyCode, UnknownName } from '../account/names';
import type { ImportReport, RowWarning } from './report';

/**
 * A product write's names, resolved (version 2): family, channels and categories as product
 * records and exports name them → codes, through the Import Options' maps; every problem of the
 * row found in one run, each with the map that fixes it.
 */

/**
 * The body's names (titles, title paths, channel names) → codes, with the channel of each
 * category's tree, against the account's `lists`. A category the account does not have is an
 * error, or with Unknown Categories → Skip is left out, named in the notes and counted in `report`.
 */
export function resolveNames(
	body: ProductBody,
	imports: ImportOptions,
	lists: References,
	report: ImportReport,
) {
	const names = new RowNames(imports, lists);
	const channels = names.channels(body.channels ?? []);
	const productChannels = channels.map((c) => c.code);
	const categories = names.categories(body.categories ?? [], productChannels);
	const family = body.familyCode ? names.family(body.familyCode) : undefined;
	names.throwProblems();
	const { skipped, warnings } = names;
	const resolved = withFields(body, { familyCode: family, channels, categories });
	if (skipped.length) {
		report.itemsWithSkippedCategories++;
		report.skippedCategories += skipped.length;
	}
	return { body: resolved, skipped, warnings };
}

/**
 * One row's names, each resolved through its Import Options map against the account's lists.
 * Every problem of the row is kept, each with the fix for where it came from, and thrown together.
 */
class RowNames {
	/** The categories left out (Import Options → Unknown Categories: Skip). */
	readonly skipped: string[] = [];
	/** A category filed in the tree of a channel the write does not assign. */
	readonly warnings: RowWarning[] = [];
	private readonly problems: ParameterProblem[] = [];
	private readonly channelList: IDataObject[];

	constructor(
		private readonly imports: ImportOptions,
		private readonly lists: References,
	) {
		this.channelList = lists.channels ?? [];
	}

	/** Channels → codes, through the Channel Map. */
	channels(given: ChannelEntry[]): ChannelEntry[] {
		return given.flatMap((c) => {
			const code = this.attempt(
				() => channelCode(this.channelList, this.imports.channel(c.code)),
				`Add a line to Import Options → Channel Map from "${c.code}" to one of the account's channels.`,
			);
			return code === undefined ? [] : [withFields(c, { code })];
		});
	}

	/**
	 * Categories → codes with the channel of their tree, through the Category Map. One filed in the
	 * tree of a channel the write does not assign is a warning: the PIM files the product there all
	 * the same, and that surprises.
	 */
	categories(given: CategoryEntry[], productChannels: string[]): CategoryEntry[] {
		const { imports, channelList } = this;
		const categories: CategoryEntry[] = [];
		for (const entry of given) {
			const value = imports.category(entry.code);
			if (isSystemRoot(this.lists.categories ?? [], channelList, value)) continue;
			const found = this.attempt(
				() =>
					findCategory(
						this.lists.categories ?? [],
						channelList,
						value,
						entry.channel
							? channelCode(channelList, imports.channel(entry.channel), 'Categories')
							: undefined,
						productChannels,
						'Categories',
						imports.unknownCategories,
					) ?? 'skipped',
				`Add a line to Import Options → Category Map from "${entry.code}" to one of the account's categories, or set Import Options → Unknown Categories to Skip.`,
			);
			if (found === undefined) continue;
			if (found === 'skipped') this.skipped.push(entry.code);
			else {
				categories.push(found);
				if (found.channel && productChannels.length && !productChannels.includes(found.channel))
					this.warnings.push({
						kind: 'categoryTree',
						text: `Category "${value}" is in the tree of the channel ${channelLabel(channelList, found.channel)}, which this write does not assign`,
					});
			}
		}
		return categories;
	}

	/** The family → its code, through the Family Map. */
	family(given: string): string | undefined {
		return this.attempt(
			() => familyCode(this.lists.families ?? [], this.imports.family(given)),
			`Add a line to Import Options → Family Map from "${given}" to one of the account's families.`,
		);
	}

	/** The row's problems, if any, as one error: a single one as it is, several joined. */
	throwProblems(): void {
		const { problems } = this;
		if (problems.length === 1) throw problems[0];
		if (problems.length > 1)
			throw new ParameterProblem(
				problems.map((p) => p.message).join('; '),
				problems
					.map((p) => p.description)
					.filter(Boolean)
					.join(' '),
			);
	}

	/** A name resolved, or its problem kept (an unknown name's with `fix`, the map that fixes it). */
	private attempt<T>(resolve: () => T, fix: string): T | undefined {
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
			this.problems.push(new ParameterProblem(problem.message, hint.filter(Boolean).join(' ')));
			return undefined;
		}
	}
}
