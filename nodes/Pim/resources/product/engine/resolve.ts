import { fail } from '../../../shared/params';
import { fold, withFields } from '../../../shared/records';
import type { ProductBody } from './body';
import { imagesOnly, keepBody } from './groups';
import { checkLanguages, type Account } from '../account/lists';
import { mappedValues } from './mapping';
import { channelNames } from '../account/names';
import type { WritePlan } from './plan';
import { resolveNames } from './references';
import { columnNotes, NO_NOTES } from './report';
import type { ImagesForGroup, RowRead, RowAsBefore, ResolvedWrite } from './stages';

/**
 * The resolve stage of a version-2 product write (write.ts): the row read and the account its
 * write needs → the body the PIM takes: values typed by the account's attributes (mapping.ts),
 * other languages checked, names resolved to codes (references.ts), and what the output item says
 * besides the answer. Nothing here reads the row or the account again.
 */

/**
 * The row's write resolved against the account (its reads the row needs, read.ts). Version 1:
 * names as given, nothing said besides the answer.
 */
export function resolveRow(
	plan: WritePlan,
	row: RowAsBefore | ImagesForGroup | RowRead,
	account: Account,
): ResolvedWrite {
	if ('version' in row)
		return { body: row.body, lists: {}, languages: [], notes: NO_NOTES, warnings: [] };
	if ('body' in row) return resolveWrite(plan, row, account);
	return imagesOnly(row.imagesFor);
}

function resolveWrite(plan: WritePlan, row: RowRead, account: Account): ResolvedWrite {
	const { columns, imports, group, alone, first, rows, rowLanguage } = row;
	const read = rowLanguage ? inAccountLanguage(row.body, account) : row.body;
	const given = (read.channels ?? []).map((c) => c.code);
	const channels = account.lists.channels;
	const mapped = mappedValues(columns, account.attributes, {
		language: read.languageCode,
		// A column's channel suffix is compared with the write's channels by their codes and names.
		channels: channels ? channelNames(channels, given, imports.channel) : given.map((c) => [c]),
		currency: imports.currency,
		allLanguages: imports.allLanguages,
		channel: imports.channel,
		accountCurrencies: account.currencies,
	});
	const { attributes, multiSelectAttributes, languages, images: lead } = mapped;
	if (languages.length)
		checkLanguages(
			account.languages ?? [],
			languages.map((l) => l.language),
		);
	// Names are resolved apart from the values: the values go from the mapper to the body.
	const named = resolveNames(read, imports, account.lists, plan.report);
	const resolved: ProductBody = withFields(named.body, { attributes, multiSelectAttributes });

	const { unmapped, byConvention } = mapped;
	plan.report.addColumns(unmapped, byConvention);
	const rowWarnings = [...named.warnings, ...mapped.warnings, ...(group?.warnings ?? [])];
	plan.report.addWarnings(rowWarnings);
	const warnings = rowWarnings.map((w) => w.text);
	// A column's own images (Shopify's Variant Image) come before the product's.
	const body = lead.length
		? withFields(resolved, { images: [...new Set([...lead, ...(resolved.images ?? [])])] })
		: resolved;
	// A group's product gets its group's images and lists once its window is prepared (groups.ts).
	if (group) keepBody(plan, group, { body: resolved, lead });
	return {
		body: () => body,
		lists: account.lists,
		warnings,
		group,
		...(rowLanguage && !rowLanguage.compared ? { notCompared: true as const } : {}),
		languages: languages.map(({ language, values: own }) => ({
			language,
			// The product's other language: its SKU and that language's values, nothing else.
			body: { sku: body.sku, languageCode: language, ...own },
		})),
		// With Continue On Fail items do not wait for each other: each says its own columns.
		notes: {
			skippedCategories: named.skipped,
			...(alone
				? {
						columns: columnNotes(
							unmapped,
							byConvention.map(([c, t]) => [c, [t]]),
						),
					}
				: first || named.skipped.length
					? { run: { rows, report: first, skippedCount: named.skipped.length > 0 } }
					: {}),
		},
	};
}

/** A row's own language (Language Column) as the account spells it; an error if it has none such. */
function inAccountLanguage(body: ProductBody, account: Account): ProductBody {
	const codes = account.languages ?? [];
	const code = codes.find((c) => fold(c) === fold(body.languageCode));
	if (code === undefined)
		fail(
			`Parameter "Language Column": the row's language "${body.languageCode}" is no language of the account`,
			`The account's languages: ${codes.join(', ') || 'none'}. Import Options → Language Map reads another value as one of them (default → en_US).`,
		);
	return code === body.languageCode ? body : withFields(body, { languageCode: code });
}
